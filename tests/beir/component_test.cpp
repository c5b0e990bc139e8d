// The `beir` component as the host sees it: declared parameters, the JSON
// result (docs/behaviour/beir.md §10 fields in order) and the summary line.
#define BOOST_TEST_MODULE beir_component
#include <boost/test/unit_test.hpp>

#include <grk/json/writer.hpp>

#include <cstdlib>
#include <filesystem>
#include <string>

#include "pipeline/report.hpp"
#include "pipeline/beir_dataset_adapter.hpp"
#include "beir_test_support.hpp"

BOOST_AUTO_TEST_CASE(declares_groundkits_three_parameters_first) {
  boost::json::array declared = grk::params_to_json(grk::beir::BeirDatasetAdapter::params());
  declared.resize(3);
  BOOST_TEST(grk::json::write_compact(declared) ==
             "[{\"name\":\"source_dir\",\"type\":\"path\",\"required\":true,\"description\":\"BEIR dataset folder "
             "holding corpus.jsonl, queries.jsonl and qrels/\",\"path_kind\":\"folder\"},{\"name\":\"output_dir\",\"type\":\"path\","
             "\"required\":false,\"description\":\"folder that receives corpus/ and judgments.jsonl (required when "
             "mode is adapt)\","
             // Written, not read: left out of the results document's inputs (docs/design.md §4.8).
             "\"output\":true},{\"name\":"
             "\"split\",\"type\":\"string\",\"required\":false,\"default\":\"test\",\"description\":\"qrels split to "
             "adapt: qrels/<split>.tsv\"}]");
  BOOST_TEST(grk::beir::BeirDatasetAdapter::name == "beir");
}

// docs/behaviour/beir.md §16: the opt-ins, in the table's order, with their defaults; then
// docs/behaviour/beir.md §18.1's mode.
BOOST_AUTO_TEST_CASE(declares_the_opt_in_policies_with_their_defaults) {
  const boost::json::array declared = grk::params_to_json(grk::beir::BeirDatasetAdapter::params());
  std::string shape;
  for (std::size_t i = 3; i < declared.size(); ++i) {
    const boost::json::object& spec = declared[i].as_object();
    shape += std::string(spec.at("name").as_string()) + ":" + std::string(spec.at("type").as_string()) + "=" +
             (spec.contains("default") ? grk::json::write_compact(spec.at("default")) : "absent") + " ";
    BOOST_TEST(!spec.at("description").as_string().empty());
    BOOST_TEST(!spec.at("required").as_bool());
  }
  BOOST_TEST(shape ==
             "line_breaks:string=\"python\" qrels_header:string=\"required\" graded:integer=absent "
             "unicode_separators:string=\"refuse\" missing_documents:string=\"refuse\" "
             "missing_queries:string=\"refuse\" identical_ids:string=\"keep\" document_ids:string=\"refuse\" "
             "query_ids:string=\"refuse\" subsets:string=\"refuse\" mode:string=\"adapt\" ");
}

BOOST_AUTO_TEST_CASE(adapts_and_sums_up_like_the_cli_wrapper) {
  beir_test::TempDir tmp;
  beir_test::write_file(tmp / "src/corpus.jsonl", "{\"_id\": \"d1\", \"text\": \"one\"}\n{\"_id\": \"d2\", \"text\": \"two\"}\n");
  beir_test::write_file(tmp / "src/queries.jsonl", "{\"_id\": \"1\", \"text\": \"q\"}\n");
  beir_test::write_file(tmp / "src/qrels/dev.tsv", "query-id\tcorpus-id\tscore\n1\td1\t1\n1\td2\t1\n");
  boost::json::object given;
  given["source_dir"] = (tmp / "src").string();
  given["output_dir"] = (tmp / "out").string();
  given["split"] = "dev";
  grk::Context context(nullptr, nullptr);
  grk::beir::BeirDatasetAdapter adapter;
  const boost::json::value result = adapter.adapt(grk::Params(given), context);
  const std::string root = tmp.path().string();
  BOOST_TEST(grk::json::write_compact(result) ==
             "{\"source_dir\":\"" + root + "/src\",\"output_dir\":\"" + root +
                 "/out\",\"split\":\"dev\",\"document_count\":2,\"query_count\":1,\"relevance_pair_count\":2,"
                 "\"total_characters\":6,\"corpus_dir\":\"" +
                 root + "/out/corpus\",\"judgments_path\":\"" + root + "/out/judgments.jsonl\"}");
  BOOST_TEST(adapter.summarize(result) == "2 documents, 6 chars -> " + root + "/out/corpus; 1 query, 2.00 gold "
                                          "docs/query -> " + root + "/out/judgments.jsonl");
}

BOOST_AUTO_TEST_CASE(thousands_are_grouped_as_python_formats_them) {
  BOOST_TEST(grk::beir::summary_line(1234567, 1000, "/c", 3, 10, "/j") ==
             "1,234,567 documents, 1,000 chars -> /c; 3 queries, 3.33 gold docs/query -> /j");
}

BOOST_AUTO_TEST_CASE(each_count_takes_its_noun_in_the_right_number) {
  BOOST_TEST(grk::beir::summary_line(1, 1, "/c", 1, 1, "/j") ==
             "1 document, 1 char -> /c; 1 query, 1.00 gold docs/query -> /j");
  BOOST_TEST(grk::beir::summary_line(0, 0, "/c", 0, 0, "/j") ==
             "0 documents, 0 chars -> /c; 0 queries, 0.00 gold docs/query -> /j");
  BOOST_TEST(grk::beir::summary_line(2, 1001, "/c", 2, 3, "/j") ==
             "2 documents, 1,001 chars -> /c; 2 queries, 1.50 gold docs/query -> /j");
}

// GRK_BEIR_WRITERS (the writer threads, for measurements) takes the values
// GRK_THREADS takes and is refused in the same words, before anything is
// read or written; any accepted count writes the same files.
BOOST_AUTO_TEST_CASE(writer_threads_from_the_environment_are_checked_before_anything_is_written) {
  beir_test::TempDir tmp;
  beir_test::write_sources(tmp);
  const auto adapt = [&](const char* writers, const std::string& output) {
    ::setenv("GRK_BEIR_WRITERS", writers, 1);
    boost::json::object given;
    given["source_dir"] = (tmp / "src").string();
    given["output_dir"] = (tmp / output).string();
    given["split"] = "test";
    grk::Context context(nullptr, nullptr);
    grk::beir::BeirDatasetAdapter adapter;
    std::string refusal;
    try {
      (void)adapter.adapt(grk::Params(given), context);
    } catch (const grk::Error& error) {
      refusal = error.what();
    }
    ::unsetenv("GRK_BEIR_WRITERS");
    return refusal;
  };
  for (const char* bad : {"0", "", "-1", "two", "1000000"}) {
    BOOST_TEST(adapt(bad, "refused") == "GRK_BEIR_WRITERS must be a positive integer, got '" + std::string(bad) + "'");
    BOOST_TEST(!std::filesystem::exists(tmp / "refused"), bad);
  }
  BOOST_TEST(adapt("1", "one").empty());
  BOOST_TEST(adapt("7", "seven").empty());
  BOOST_TEST(beir_test::snapshot(tmp / "one") == beir_test::snapshot(tmp / "seven"));
  // corpus/, its one document, judgments.jsonl.
  BOOST_TEST(beir_test::snapshot(tmp / "one").size() == 3u);
  BOOST_TEST(beir_test::snapshot(tmp / "one").count("judgments.jsonl") == 1u);
}
