// Differential test: adversarial BEIR datasets (tests/beir/differential.py,
// hostile ids, BOMs, CR/LF mixes, raw and escaped separators, invalid UTF-8,
// NaN metadata, graded scores, output-folder symlinks...) run through the
// clean-room Python reference (bench/beir/reference_beir.py, CPython 3.11) and
// through the C++ adapter; messages, reports and output bytes must agree.
// Where the reference writes and then fails (docs/behaviour/beir.md §11) or crashes (lone
// surrogates, docs/behaviour/beir.md §2), the C++ adapter must fail instead and leave the output
// folder exactly as it was.
#define BOOST_TEST_MODULE beir_differential
#include <boost/test/unit_test.hpp>

#include <grk/error.hpp>
#include <grk/json/reader.hpp>

#include <boost/json.hpp>

#include <string>

#include "rules/adaptation_policies.hpp"
#include "pipeline/report.hpp"
#include "pipeline/adapt.hpp"
#include "beir_test_support.hpp"

namespace {

using beir_test::fs::path;
using beir_test::replace_all;

// The entries of one variant ("out-py", "out-cpp", "out-pre") of a case's
// output state, with the variant's name replaced so variants compare.
std::map<std::string, std::string> variant_view(const std::map<std::string, std::string>& all,
                                                const std::string& variant) {
  std::map<std::string, std::string> view;
  for (const auto& [name, value] : all) {
    if (name.find(variant) == std::string::npos) continue;
    view[replace_all(name, variant, "<OUT>")] = replace_all(value, variant, "<OUT>");
  }
  return view;
}

std::string describe_difference(const std::map<std::string, std::string>& expected,
                                const std::map<std::string, std::string>& actual) {
  for (const auto& [name, value] : expected) {
    auto found = actual.find(name);
    if (found == actual.end()) return "missing " + name;
    if (found->second != value) return "differs " + name + ": expected [" + value + "] got [" + found->second + "]";
  }
  for (const auto& [name, value] : actual) {
    if (expected.count(name) == 0) return "unexpected " + name;
  }
  return "";
}

// The policies a case drew (tests/beir/differential.py --policies), as the
// component would read them from a config.
grk::beir::AdaptationPolicies policies_of(const boost::json::object& spec) {
  if (!spec.contains("policies")) return {};
  boost::json::object given = spec.at("policies").as_object();
  if (given.at("graded").is_null()) given.erase("graded");
  return grk::beir::read_policies(grk::Params(given)).value();
}

void run_cases(int count, int seed, const grk::beir::AdaptationHooks& hooks = {}, bool with_policies = false) {
  const auto source = beir_test::source_dir();
  if (!source || !beir_test::have_python3()) {
    BOOST_TEST_MESSAGE("skipped: GRK_SOURCE_DIR or CPython 3.11 is not available");
    return;
  }
  beir_test::TempDir temp;
  const std::string command = "python3 '" + (*source / "tests/beir/differential.py").string() + "' '" +
                              temp.path().string() + "' --count " + std::to_string(count) + " --seed " +
                              std::to_string(seed) + (with_policies ? " --policies" : "");
  BOOST_REQUIRE_EQUAL(std::system(command.c_str()), 0);
  for (int k = 0; k < count; ++k) {
    const path root = temp / std::to_string(k);
    const boost::json::object spec = grk::json::read(beir_test::read_file(root / "case.json")).value().as_object();
    const boost::json::object expected = grk::json::read(beir_test::read_file(root / "expected.json")).value().as_object();
    grk::beir::AdaptationRequest request;
    request.source_dir = (root / "src").string();
    request.output_dir = (root / std::string(spec.at("output").as_string())).string();
    request.split = std::string(spec.at("split").as_string());
    request.policies = policies_of(spec);
    boost::json::object actual;
    try {
      actual["report"] = grk::beir::report_to_json(grk::beir::adapt_beir_dataset(request, hooks));
    } catch (const grk::Error& error) {
      actual["error"] = replace_all(replace_all(error.what(), root.string(), "<CASE>"), "out-cpp", "<OUT>");
    }
    if (actual.contains("report")) {
      const std::string text = replace_all(replace_all(boost::json::serialize(actual), root.string(), "<CASE>"),
                                           "out-cpp", "<OUT>");
      actual = grk::json::read(text).value().as_object();
    }
    const auto all = beir_test::snapshot(root);
    const std::string label = "case " + std::to_string(k) + " (" + root.string() + ")";
    if (expected.contains("crash")) {
      BOOST_CHECK_MESSAGE(actual.contains("error") &&
                              std::string(actual.at("error").as_string()).find("lone surrogate") != std::string::npos,
                          label << ": the reference crashes (" << expected.at("crash") << "), we gave "
                                << boost::json::serialize(actual));
    } else {
      BOOST_CHECK_MESSAGE(actual == expected, label << ": expected " << boost::json::serialize(expected) << "\n got "
                                                    << boost::json::serialize(actual));
    }
    const auto reference_side = variant_view(all, expected.contains("report") ? "out-py" : "out-pre");
    const std::string difference = describe_difference(reference_side, variant_view(all, "out-cpp"));
    BOOST_CHECK_MESSAGE(difference.empty(), label << ": output folder " << difference);
  }
}

}  // namespace

BOOST_AUTO_TEST_CASE(generated_adversarial_datasets_agree_with_the_python_reference) { run_cases(400, 20261130); }

// The same with every corpus.jsonl read by the first pass in two halves on two
// threads (normally only files of 8 MiB and more): a clean split must give the
// same report and bytes, and any problem in either half must still be worded
// from the whole file (line numbers, record positions, duplicates across the
// halves, a decode error in the second half outranking a parse error in the first).
BOOST_AUTO_TEST_CASE(the_two_thread_first_pass_agrees_with_the_python_reference) {
  grk::beir::AdaptationHooks hooks;
  hooks.parallel_survey_min_bytes = 0;
  run_cases(400, 20261201, hooks);
}

// docs/behaviour/beir.md §16: the same comparison with the opt-in policies drawn for each
// case and the quirks they are about (headerless and graded qrels, raw and
// escaped separators, absent documents and queries, identical ids) added,
// against the reference's clean-room version of each rule; once in order and
// once with the two-thread first pass.
BOOST_AUTO_TEST_CASE(opt_in_policies_agree_with_the_python_reference) { run_cases(400, 20261216, {}, true); }

BOOST_AUTO_TEST_CASE(opt_in_policies_with_the_two_thread_first_pass_agree_with_the_python_reference) {
  grk::beir::AdaptationHooks hooks;
  hooks.parallel_survey_min_bytes = 0;
  run_cases(400, 20261217, hooks, true);
}
