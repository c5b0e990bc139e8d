// docs/behaviour/beir.md §17: `subsets` on a CQADupStack-like folder built here (three
// tiny BEIR datasets in subfolders, a folder that is not one, and a dataset
// nested one level too deep): refused by default with groundkit's message,
// each subset adapted into output_dir/<name>/ with `each`, all checked before
// any is written.
#define BOOST_TEST_MODULE beir_subsets
#include <boost/test/unit_test.hpp>

#include <grk/error.hpp>
#include <grk/json/writer.hpp>

#include <string>

#include "pipeline/beir_dataset_adapter.hpp"
#include "pipeline/subsets.hpp"
#include "beir_test_support.hpp"

namespace {

namespace fs = std::filesystem;

// A dataset whose documents are <prefix>1, <prefix>2 and whose one query
// q-<prefix> finds <prefix>1 relevant.
void write_subset(const fs::path& dir, const std::string& prefix) {
  beir_test::write_file(dir / "corpus.jsonl", "{\"_id\": \"" + prefix + "1\", \"text\": \"one " + prefix +
                                                  "\"}\n{\"_id\": \"" + prefix + "2\", \"text\": \"two\"}\n");
  beir_test::write_file(dir / "queries.jsonl", "{\"_id\": \"q-" + prefix + "\", \"text\": \"which " + prefix + "\"}\n");
  beir_test::write_file(dir / "qrels/test.tsv", "query-id\tcorpus-id\tscore\nq-" + prefix + "\t" + prefix + "1\t1\n");
}

// The folder: android, gaming, wordpress (written out of order), notes/ (no
// corpus.jsonl), group/inner/ (a dataset two levels down: not a subset).
fs::path write_folder(const beir_test::TempDir& tmp) {
  const fs::path cqa = tmp / "cqa";
  write_subset(cqa / "wordpress", "w");
  write_subset(cqa / "android", "a");
  write_subset(cqa / "gaming", "g");
  beir_test::write_file(cqa / "notes/README.txt", "not a dataset");
  write_subset(cqa / "group/inner", "i");
  beir_test::write_file(cqa / "LICENSE", "a file, not a folder");
  return cqa;
}

struct Outcome {
  std::optional<boost::json::value> result;
  grk::Status status = grk::Status::internal;
  std::string message;
};

Outcome adapt(const fs::path& source, const fs::path& output, const char* subsets) {
  boost::json::object given{{"source_dir", source.string()}, {"output_dir", output.string()}, {"split", "test"}};
  if (subsets != nullptr) given["subsets"] = subsets;
  grk::Context context(nullptr, nullptr);
  grk::beir::BeirDatasetAdapter adapter;
  Outcome outcome;
  try {
    outcome.result = adapter.adapt(grk::Params(given), context);
  } catch (const grk::Error& error) {
    outcome.status = error.status();
    outcome.message = error.what();
  }
  return outcome;
}

std::string report_json(const std::string& root, const std::string& name, const std::string& prefix) {
  const std::string out = root + "/out/" + name;
  return "{\"source_dir\":\"" + root + "/cqa/" + name + "\",\"output_dir\":\"" + out +
         "\",\"split\":\"test\",\"document_count\":2,\"query_count\":1,\"relevance_pair_count\":1,"
         "\"total_characters\":" + std::to_string(std::string("one " + prefix).size() + std::string("two").size()) +
         ",\"corpus_dir\":\"" + out +
         "/corpus\",\"judgments_path\":\"" + out + "/judgments.jsonl\"}";
}

}  // namespace

BOOST_AUTO_TEST_CASE(by_default_the_folder_is_refused_with_groundkits_message) {
  beir_test::TempDir tmp;
  const fs::path cqa = write_folder(tmp);
  for (const char* subsets : {static_cast<const char*>(nullptr), "refuse"}) {
    const Outcome outcome = adapt(cqa, tmp / "out", subsets);
    BOOST_TEST(!outcome.result);
    BOOST_TEST((outcome.status == grk::Status::not_found));
    BOOST_TEST(outcome.message == "cannot read BEIR file '" + cqa.string() +
                                      "/corpus.jsonl': [Errno 2] No such file or directory: '" + cqa.string() +
                                      "/corpus.jsonl'");
  }
  BOOST_TEST(!fs::exists(tmp / "out"));
}

BOOST_AUTO_TEST_CASE(a_value_outside_the_choices_is_refused) {
  beir_test::TempDir tmp;
  const Outcome outcome = adapt(write_folder(tmp), tmp / "out", "all");
  BOOST_TEST((outcome.status == grk::Status::invalid_argument));
  BOOST_TEST(outcome.message == "parameter 'subsets': must be one of: refuse, each; got 'all'");
}

BOOST_AUTO_TEST_CASE(each_adapts_every_subset_in_name_order) {
  beir_test::TempDir tmp;
  const fs::path cqa = write_folder(tmp);
  const Outcome outcome = adapt(cqa, tmp / "out", "each");
  BOOST_REQUIRE_MESSAGE(outcome.result, outcome.message);
  const std::string root = tmp.path().string();
  BOOST_TEST(grk::json::write_compact(*outcome.result) ==
             "{\"source_dir\":\"" + root + "/cqa\",\"output_dir\":\"" + root + "/out\",\"split\":\"test\",\"subsets\":["
             "{\"name\":\"android\",\"report\":" + report_json(root, "android", "a") + "},"
             "{\"name\":\"gaming\",\"report\":" + report_json(root, "gaming", "g") + "},"
             "{\"name\":\"wordpress\",\"report\":" + report_json(root, "wordpress", "w") + "}],"
             "\"skipped\":[\"group\",\"notes\"]}");
  // On disk: each subset's corpus and judgments, nothing else (the nested
  // dataset and the other folders are not adapted).
  const auto files = beir_test::snapshot(tmp / "out");
  std::map<std::string, std::string> expected;
  for (const auto& [name, prefix] : std::vector<std::pair<std::string, std::string>>{
           {"android", "a"}, {"gaming", "g"}, {"wordpress", "w"}}) {
    expected[name] = "dir";
    expected[name + "/corpus"] = "dir";
    expected[name + "/corpus/" + prefix + "1.txt"] = "file:one " + prefix;
    expected[name + "/corpus/" + prefix + "2.txt"] = "file:two";
    expected[name + "/judgments.jsonl"] = "file:{\"query_id\": \"q-" + prefix + "\", \"query\": \"which " + prefix +
                                          "\", \"category\": \"normal\", \"gold\": [{\"doc\": \"" + prefix +
                                          "1.txt\", \"quote\": \"one " + prefix + "\"}]}\n";
  }
  for (const auto& [name, value] : files) BOOST_TEST(expected.count(name) == 1u, "unexpected " << name);
  for (const auto& [name, value] : expected) {
    BOOST_TEST(files.count(name) == 1u, "missing " << name);
    if (files.count(name) == 1u) BOOST_TEST(files.at(name) == value, name);
  }
  grk::beir::BeirDatasetAdapter adapter;
  BOOST_TEST(adapter.summarize(*outcome.result) ==
             "3 subsets (android, gaming, wordpress): 6 documents, 3 queries, 3 gold docs -> " + root + "/out");
}

// A problem in the last subset is found before the first is written.
BOOST_AUTO_TEST_CASE(each_checks_every_subset_before_writing_any) {
  beir_test::TempDir tmp;
  const fs::path cqa = write_folder(tmp);
  beir_test::write_file(cqa / "wordpress/qrels/test.tsv", "query-id\tcorpus-id\tscore\nq-w\tw9\t1\n");
  const Outcome outcome = adapt(cqa, tmp / "out", "each");
  BOOST_TEST((outcome.status == grk::Status::invalid_data));
  BOOST_TEST(outcome.message == "subset 'wordpress': BEIR qrels reference missing documents: ['w9']");
  BOOST_TEST(!fs::exists(tmp / "out"));
}

// The output's state is among the checks: a stale corpus in the second
// subset's folder is found before the first subset is written.
BOOST_AUTO_TEST_CASE(each_checks_every_output_folder_before_writing_any) {
  beir_test::TempDir tmp;
  const fs::path cqa = write_folder(tmp);
  beir_test::write_file(tmp / "out/gaming/corpus/stale.txt", "left by an earlier run");
  const Outcome outcome = adapt(cqa, tmp / "out", "each");
  BOOST_TEST((outcome.status == grk::Status::failed_precondition));
  BOOST_TEST(outcome.message.rfind("subset 'gaming': BEIR output corpus directory '" + tmp.path().string() +
                                       "/out/gaming/corpus' already contains 1 entries",
                                   0) == 0u);
  BOOST_TEST(!fs::exists(tmp / "out/android"));
}

// A failure while writing (a write refused by the system, simulated before
// the second subset's first document) stops there: the subsets published
// before it stay complete and are named, the others are not written.
BOOST_AUTO_TEST_CASE(a_write_failure_names_the_subsets_published_before_it) {
  beir_test::TempDir tmp;
  const fs::path cqa = write_folder(tmp);
  grk::beir::AdaptationPolicies policies;
  policies.subsets = grk::beir::SubsetsPolicy::each;
  grk::beir::AdaptationHooks hooks;
  int published = 0;
  hooks.before_write_step = [&published](const char* step) {
    if (std::string(step) == "rename-output") ++published;
    if (published == 1 && std::string(step) == "write-document") {
      throw grk::Error(grk::Status::io_error, "[Errno 28] No space left on device");
    }
  };
  try {
    (void)grk::beir::adapt_subsets({cqa.string(), (tmp / "out").string(), "test", policies}, hooks);
    BOOST_ERROR("adapted despite the failed write");
  } catch (const grk::Error& error) {
    BOOST_TEST((error.status() == grk::Status::io_error));
    BOOST_TEST(std::string(error.what()) ==
               "subset 'gaming': [Errno 28] No space left on device; subsets published before it: ['android']");
  }
  BOOST_TEST(beir_test::read_file(tmp / "out/android/corpus/a1.txt") == "one a");
  BOOST_TEST(fs::exists(tmp / "out/android/judgments.jsonl"));
  BOOST_TEST(!fs::exists(tmp / "out/gaming"));
  BOOST_TEST(!fs::exists(tmp / "out/wordpress"));
  const auto entries = std::distance(fs::directory_iterator(tmp / "out"), fs::directory_iterator());
  BOOST_TEST(entries == 1, "no staging folder is left");
}

BOOST_AUTO_TEST_CASE(each_refuses_a_source_that_is_one_dataset) {
  beir_test::TempDir tmp;
  const fs::path cqa = write_folder(tmp);
  const Outcome outcome = adapt(cqa / "android", tmp / "out", "each");
  BOOST_TEST((outcome.status == grk::Status::invalid_argument));
  BOOST_TEST(outcome.message == "subsets is 'each' but '" + (cqa / "android").string() +
                                    "' holds corpus.jsonl itself: it is one BEIR dataset, not a folder of them; "
                                    "adapt it with subsets 'refuse'");
  // Without subsets of any kind, `each` refuses as `refuse` does.
  fs::create_directories(tmp / "empty");
  const Outcome empty = adapt(tmp / "empty", tmp / "out", "each");
  BOOST_TEST((empty.status == grk::Status::not_found));
  BOOST_TEST(empty.message.rfind("cannot read BEIR file '" + (tmp / "empty").string() + "/corpus.jsonl'", 0) == 0u);
  BOOST_TEST(!fs::exists(tmp / "out"));
}
