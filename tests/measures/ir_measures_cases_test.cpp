// The cases of ../shared/ir-measures-cases: every measure that evaluate
// computes, per query and as its mean, equal to its reference at full
// precision, named as ir_measures prints it; the refused qrels refused at
// the reference's line; and the same measures in trec_eval's two dialects.
#define BOOST_TEST_MODULE measures_ir_measures_cases
#include <boost/test/unit_test.hpp>

#include <boost/json.hpp>

#include <cmath>
#include <map>
#include <optional>

#include "evaluation/plan_evaluation.hpp"
#include "language/measure_plan.hpp"
#include "measures_test_support.hpp"

namespace mt = grk::measures::testing;
namespace json = boost::json;
using namespace grk::measures;

namespace {

struct Case {
  std::filesystem::path folder;
  json::object spec, expected;
};

// A reference file as JSON, each number kept as the text the reference
// wrote (Boost.JSON 1.81 may read a double 1 ulp off; strtod does not), and
// Python's NaN (ndeval's 0/0), which is no JSON, as the text "NaN".
json::object reference_json(const std::filesystem::path& path) {
  const std::string text = mt::file_bytes(path);
  std::string quoted;
  bool in_string = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      quoted += c;
      if (c == '\\') quoted += text[++i];
      if (c == '"') in_string = false;
      continue;
    }
    if (c == '"') in_string = true;
    const bool starts_number = c == '-' || (c >= '0' && c <= '9') || text.compare(i, 3, "NaN") == 0;
    if (!starts_number) {
      quoted += c;
      continue;
    }
    std::size_t end = i;
    while (end < text.size() && std::string_view("+-.eE0123456789NaN").find(text[end]) != std::string_view::npos) ++end;
    quoted += '"' + text.substr(i, end - i) + '"';
    i = end - 1;
  }
  return json::parse(quoted).as_object();
}

// A number of a reference file, read as C reads it.
double number(const json::value& value) { return std::strtod(std::string(value.as_string()).c_str(), nullptr); }

std::vector<Case> shared_cases() {
  const auto shared = mt::shared_folder();
  const auto root = shared ? *shared / "ir-measures-cases" : std::filesystem::path();
  if (!shared || !std::filesystem::is_directory(root)) {
    BOOST_TEST_MESSAGE("skipped: ../shared/ir-measures-cases is not beside the source folder");
    return {};
  }
  std::vector<Case> cases;
  const json::value index = json::parse(mt::file_bytes(root / "index.json"));
  for (const auto& name : index.at("cases").as_array()) {
    const auto folder = root / std::string(name.as_string());
    cases.push_back({folder, reference_json(folder / "case.json"), reference_json(folder / "expected.json")});
  }
  return cases;
}

std::vector<std::pair<std::string, std::filesystem::path>> runs_of(const Case& c) {
  std::vector<std::pair<std::string, std::filesystem::path>> runs;
  for (const auto& [system, file] : c.spec.at("runs").as_object()) {
    runs.emplace_back(std::string(system), c.folder / std::string(file.as_string()));
  }
  return runs;
}

std::vector<std::string> strings(const json::value& list) {
  std::vector<std::string> out;
  for (const auto& item : list.as_array()) out.emplace_back(item.as_string());
  return out;
}


// The same double, NaN (ndeval's 0/0) being the same as NaN.
bool same(double a, double b) { return a == b || (std::isnan(a) && std::isnan(b)); }

// cwl_eval's values, which numpy sums in an order of its BLAS's choosing:
// equal to 1e-13 of the value's size, or of 1 below it.
bool near(double a, double b) { return std::abs(a - b) <= 1e-13 * std::max(1.0, std::abs(b)); }

// cwl_eval's ten quantities of each query it scores.
void compare_cwl(const PlanScores& scores, std::size_t m, const Qrels& qrels, const json::object& expected) {
  const auto& wanted = expected.at("cwl").as_object();
  for (std::size_t q = 0; q < qrels.queries.size(); ++q) {
    const std::string qid(qrels.queries[q].qid);
    const auto* columns = wanted.if_contains(qid);
    BOOST_TEST((columns != nullptr) == scores.cwl[m][q].has_value(), "query " << qid);
    if (columns == nullptr || !scores.cwl[m][q]) continue;
    for (std::size_t c = 0; c < cwl_column_names.size(); ++c) {
      const double want = number(columns->as_array().at(c)), got = (*scores.cwl[m][q])[c];
      BOOST_TEST(near(got, want), "query " << qid << " " << cwl_column_names[c] << ": " << got << " != " << want);
    }
  }
}

// One measure's values against the reference's: each value the reference
// prints, bit for bit (cwl_eval's: near); a query without a value only
// where it scores none.
void compare(const std::string& where, const PlanScores& scores, std::size_t m, const Qrels& qrels,
             const json::object& expected) {
  const bool cwl = !scores.cwl[m].empty();
  const auto equal = [&](double a, double b) { return cwl ? near(a, b) : same(a, b); };
  BOOST_TEST_CONTEXT(where) {
    std::map<std::string, double> wanted;
    for (const auto& [qid, value] : expected.at("per_query").as_object()) wanted[std::string(qid)] = number(value);
    std::vector<std::string> absent_ok;
    if (const auto* list = expected.if_contains("absent_ok")) absent_ok = strings(*list);
    for (std::size_t q = 0; q < qrels.queries.size(); ++q) {
      const std::string qid(qrels.queries[q].qid);
      BOOST_TEST_CONTEXT("query " << qid) {
        const auto& got = scores.values[m][q];
        if (got) {
          BOOST_TEST(equal(*got, wanted.at(qid)), *got << " != " << wanted.at(qid));
        } else {
          BOOST_TEST((std::find(absent_ok.begin(), absent_ok.end(), qid) != absent_ok.end()));
        }
      }
    }
    BOOST_TEST(equal(scores.summary[m], number(expected.at("summary"))),
               scores.summary[m] << " != " << number(expected.at("summary")));
    if (cwl) compare_cwl(scores, m, qrels, expected);
  }
}

}  // namespace

BOOST_AUTO_TEST_CASE(every_computed_measure_equals_its_reference) {
  std::size_t compared = 0, cwl = 0;
  for (const auto& c : shared_cases()) {
    if (c.expected.at("refused").as_bool()) continue;
    const std::vector<std::string> wanted = strings(c.spec.at("measures"));
    for (const auto& entry : wanted) cwl += c.expected.at("measures").at(entry).at("family").as_string() == "cwl";
    auto plan = plan_measures(wanted, EvaluationOptions{});
    BOOST_TEST_REQUIRE(plan.has_value(), c.folder.string() << ": " << (plan ? "" : plan.error().message));
    // As evaluate reads them: subtopic qrels for ndeval, their adhoc view for the rest.
    std::optional<Qrels> subtopics;
    if (has_family(*plan, Family::ndeval)) subtopics = read_qrels(c.folder / "qrels", QrelsFormat::subtopics).value();
    auto qrels = subtopics ? grk::Expected<Qrels>(adhoc_judgments(*subtopics))
                           : read_qrels(c.folder / "qrels", QrelsFormat::automatic);
    BOOST_TEST_REQUIRE(qrels.has_value());
    const auto systems = runs_of(c);
    for (const auto& order : strings(c.spec.at("orders"))) {
      const DiversityOrder diversity = order == "score" ? DiversityOrder::score : DiversityOrder::rank;
      auto scores = evaluate_plan(systems, *plan, *qrels, 2, diversity, subtopics ? &*subtopics : nullptr);
      BOOST_TEST_REQUIRE(scores.has_value(), (scores ? "" : scores.error().message));
      for (std::size_t i = 0; i < wanted.size(); ++i) {
        const auto& reference = c.expected.at("measures").at(wanted[i]).as_object();
        BOOST_TEST(plan->measures[i].name == std::string(reference.at("name").as_string()));
        BOOST_TEST(std::string(family_name(plan->measures[i].family)) ==
                   std::string(reference.at("family").as_string()));
        for (std::size_t s = 0; s < systems.size(); ++s) {
          const auto& expected = c.expected.at("expected").at(order).at(systems[s].first).at(wanted[i]).as_object();
          compare(c.folder.filename().string() + " " + order + " " + systems[s].first + " " + wanted[i], (*scores)[s],
                  i, *qrels, expected);
          ++compared;
        }
      }
    }
  }
  BOOST_TEST_MESSAGE("compared " << compared << " measures x runs x orders, " << cwl << " names of cwl_eval's");
  if (mt::shared_folder()) BOOST_TEST(compared > 150u);
  if (mt::shared_folder()) BOOST_TEST(cwl >= 10u);
}

BOOST_AUTO_TEST_CASE(a_grade_above_four_is_refused_at_gdevals_line) {
  for (const auto& c : shared_cases()) {
    if (!c.expected.at("refused").as_bool()) continue;
    auto plan = plan_measures(strings(c.spec.at("measures")), EvaluationOptions{});
    BOOST_TEST_REQUIRE(plan.has_value());
    const auto path = c.folder / "qrels";
    auto qrels = read_qrels(path, QrelsFormat::automatic);
    BOOST_TEST_REQUIRE(qrels.has_value());
    const auto refused = check_qrels_for_plan(*plan, *qrels, "qrels");
    BOOST_TEST_REQUIRE(!refused.has_value());
    const std::string line = std::string(c.spec.at("bad_line").as_string());
    BOOST_TEST(refused.error().message.rfind("qrels file 'qrels' line " + line + ": a grade above 4, which gdeval.pl "
                                             "refuses (ERR@20 is gdeval's): '",
                                             0) == 0u,
               refused.error().message);
  }
}

// trec-params lists the same measures as ir_measures names, trec_eval -m
// entries and output names, and what each prints.
BOOST_AUTO_TEST_CASE(the_three_dialects_name_the_same_measures) {
  for (const auto& c : shared_cases()) {
    const auto* dialects = c.spec.if_contains("dialects");
    if (dialects == nullptr) continue;
    const auto& printed = dialects->at("printed").as_object();
    auto qrels = read_qrels(c.folder / "qrels", QrelsFormat::automatic);
    BOOST_TEST_REQUIRE(qrels.has_value());
    for (const char* dialect : {"ir_measures", "trec_eval_m", "trec_eval_out"}) {
      const auto entries = strings(dialects->at(dialect));
      auto plan = plan_measures(entries, EvaluationOptions{});
      BOOST_TEST_REQUIRE(plan.has_value(), dialect << ": " << (plan ? "" : plan.error().message));
      std::vector<std::string> names, wanted;
      for (const auto& planned : plan->measures) names.push_back(planned.name);
      for (const auto& entry : entries) {
        for (const auto& name : strings(printed.at(entry))) wanted.push_back(name);
      }
      std::sort(names.begin(), names.end());
      std::sort(wanted.begin(), wanted.end());
      BOOST_TEST(names == wanted, dialect);
      auto scores = evaluate_plan(runs_of(c), *plan, *qrels, 1);
      BOOST_TEST_REQUIRE(scores.has_value());
      const auto& values = dialects->at("values").as_object();
      const auto systems = runs_of(c);
      for (std::size_t s = 0; s < systems.size(); ++s) {
        for (std::size_t m = 0; m < plan->measures.size(); ++m) {
          // Values are keyed by ir_measures' names as written, and trec_eval's output names.
          const std::string key = std::string(dialect) == "ir_measures" ? entries[m] : plan->measures[m].name;
          const auto* by_name = values.at(systems[s].first).as_object().if_contains(key);
          BOOST_TEST_REQUIRE(by_name != nullptr, key);
          BOOST_TEST((*scores)[s].summary[m] == number(by_name->at("summary")),
                     dialect << " " << systems[s].first << " " << plan->measures[m].name);
        }
      }
    }
  }
}

// A trec_eval output name's ir_measures twin, which reports show in its
// place, gives the same value on every query the two both score, and the
// same mean over the same queries; a name without a twin under the options
// gets none. Graded qrels of the repo's own (levels 0-2), so that `rel=`
// matters; a run lacks a qrels query, so that the mean's queries matter.
BOOST_AUTO_TEST_CASE(a_trec_eval_name_and_its_ir_measures_twin_give_the_same_values) {
  const char* source = std::getenv("GRK_SOURCE_DIR");
  BOOST_TEST_REQUIRE(source != nullptr);
  const std::filesystem::path data = std::filesystem::path(source) / "tests/significance/data/trec_run";
  auto qrels = read_qrels(data / "qrels.txt", QrelsFormat::automatic);
  BOOST_TEST_REQUIRE(qrels.has_value());
  const std::vector<std::pair<std::string, std::filesystem::path>> systems{{"bm25", data / "bm25.run"},
                                                                          {"dense", data / "dense.run"}};
  struct Twin {
    std::string output_name;
    long relevance_level;
    bool judged_only;
    std::string twin;  ///< empty: none
  };
  const std::vector<Twin> twins{
      {"ndcg_cut_10", 1, false, "nDCG@10"},      {"ndcg", 1, false, "nDCG"},
      {"P_5", 1, false, "P@5"},                  {"P_5", 2, false, "P(rel=2)@5"},
      {"P_5", 2, true, "P(rel=2,judged_only=True)@5"},
      {"map", 1, false, "AP"},                   {"map_cut_10", 1, false, "AP@10"},
      {"map", 2, false, "AP(rel=2)"},            {"recall_100", 1, false, "R@100"},
      {"recip_rank", 1, false, "RR"},            {"success_5", 1, false, "Success@5"},
      {"Rprec", 1, false, "Rprec"},              {"bpref", 1, false, "Bpref"},
      {"infAP", 1, false, "infAP"},              {"iprec_at_recall_0.10", 1, false, "IPrec@0.1"},
      {"set_P", 1, false, "SetP"},               {"set_relative_P", 1, false, "SetP(relative=True)"},
      {"set_recall", 1, false, "SetR"},          {"set_F", 1, false, "SetF"},
      {"set_map", 1, false, "SetAP"},            {"num_ret", 1, false, "NumRet"},
      {"num_rel_ret", 1, false, "NumRet(rel=1)"}, {"num_rel_ret", 2, false, "NumRet(rel=2)"},
      // nDCG takes no rel=; trec_eval's own means and sets have no twin; nor
      // have num_q and num_rel, whose sums count a query the run lacks under
      // -c, where NumQ's and NumRel's count it 0.
      {"num_q", 1, false, ""},                   {"num_rel", 1, false, ""},
      {"ndcg_cut_10", 2, false, ""},             {"gm_map", 1, false, ""},
      {"11pt_avg", 1, false, ""},                {"Rndcg", 1, false, ""},
  };
  for (const Twin& t : twins) {
    BOOST_TEST_CONTEXT(t.output_name << " at level " << t.relevance_level << (t.judged_only ? ", judged only" : "")) {
      EvaluationOptions options;
      options.complete = true;
      options.relevance_level = t.relevance_level;
      options.judged_only = t.judged_only;
      const auto twin = ir_measures_twin(t.output_name, options, false);
      BOOST_TEST(twin.value_or("") == t.twin);
      if (!twin || *twin == t.output_name) continue;  // Rprec, infAP: one name in both dialects
      auto plan = plan_measures({t.output_name, *twin}, options);
      BOOST_TEST_REQUIRE(plan.has_value(), (plan ? "" : plan.error().message));
      BOOST_TEST_REQUIRE(plan->measures.size() == 2u);
      auto scores = evaluate_plan(systems, *plan, *qrels, 1);
      BOOST_TEST_REQUIRE(scores.has_value());
      for (const auto& system : *scores) {
        BOOST_TEST(same(system.summary[0], system.summary[1]), system.summary[0] << " != " << system.summary[1]);
        BOOST_TEST(system.mean_over[0] == system.mean_over[1]);
        for (std::size_t q = 0; q < qrels->queries.size(); ++q) {
          if (system.values[0][q] && system.values[1][q]) BOOST_TEST(same(*system.values[0][q], *system.values[1][q]));
        }
      }
    }
  }
  // Without a mean over the qrels' queries, or with a cut run, no name is a twin.
  EvaluationOptions partial;
  BOOST_TEST(!ir_measures_twin("P_5", partial, false).has_value());
  BOOST_TEST(ir_measures_twin("P_5", partial, true).value_or("") == "P@5");
  EvaluationOptions cut;
  cut.complete = true;
  cut.max_results = 100;
  BOOST_TEST(!ir_measures_twin("P_5", cut, false).has_value());
}
