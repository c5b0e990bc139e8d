// The shipped configs of configs/beir-real/ (docs/behaviour/beir.md §16), run by grk-eval on
// the real subsets in ../shared/beir-data (SOURCES.md there); skipped when that
// folder is absent. Each config is copied unchanged into a temporary tree that
// mirrors the repository's layout (<tmp>/repo/configs/beir-real/, with
// <tmp>/shared a link to ../shared), so its relative paths resolve as they do
// in a checkout, and its output lands in the temporary tree.
//
// The expected counts were computed by hand, independently of grk-eval, in
// ../shared/beir-data/<name>:
//   msmarco: wc -l corpus.jsonl (5000); cut -f3 qrels/test.tsv | sort | uniq -c
//   (1601 × 1, 1804 × 2, 697 × 3, no header line); awk -F'\t' '$3>=1' qrels/test.tsv |
//   cut -f1,2 | sort -u | wc -l (4102 pairs), ... | cut -f1 | sort -u | wc -l (43 queries);
//   LC_ALL=C grep -c -P '\xc2\x85|\xe2\x80[\xa8\xa9]|[\x0b\x0c\x1c-\x1e]' corpus.jsonl (4
//   lines kept whole); and with python3 -c: the documents split on "\n" only, each
//   json.loads'ed and composed (title.strip() + "\n\n" + text.strip()): 1,782,709 code
//   points; U+0085/U+2028/U+2029 in the documents the positive pairs reference: 4
//   characters in 2 documents of 2 queries.
//   arcd: the same composition on splitlines(): 255 documents, 140,861 code points; the
//   score-1 pairs of qrels/test.tsv (702 rows) against the corpus ids: 18 pairs name the 6
//   absent documents arcd-doc150, -183, -222, -224, -4, -87, leaving 18 queries empty
//   (arcd-q12, -q13, -q14, -q261, -q262, -q263, -q450, -q451, -q452, -q549 first); of the
//   rest, 635 pairs name 635 queries absent from queries.jsonl; 49 queries and 49 pairs
//   are left.
#define BOOST_TEST_MODULE beir_real_configs
#include <boost/test/unit_test.hpp>

#include <grk/groundkit/judgments/load_judgments.hpp>
#include <grk/json/reader.hpp>
#include <grk/json/writer.hpp>

#include <boost/json.hpp>

#include <cstdlib>
#include <string>

#include "beir_test_support.hpp"

namespace {

namespace fs = std::filesystem;

// The shared data folder, or nullopt when this checkout has none beside it.
std::optional<fs::path> shared_data(const std::string& name) {
  const auto source = beir_test::source_dir();
  if (!source) return std::nullopt;
  const fs::path shared = *source / ".." / "shared";
  if (!fs::exists(shared / "beir-data" / name / "corpus.jsonl")) return std::nullopt;
  return fs::canonical(shared);
}

// Runs configs/beir-real/<name>.json with grk-eval in a mirrored tree under
// `tmp`; returns the step's result from the results document, or nullopt
// (skipped) when the data is absent.
std::optional<boost::json::object> run_config(const std::string& name, const beir_test::TempDir& tmp) {
  const auto shared = shared_data(name);
  const char* binary_dir = std::getenv("GRK_BINARY_DIR");
  if (!shared || binary_dir == nullptr) {
    BOOST_TEST_MESSAGE("skipped: " << name << " is not in ../shared/beir-data");
    return std::nullopt;
  }
  const fs::path config = tmp / "repo/configs/beir-real" / (name + ".json");
  fs::create_directories(config.parent_path());
  fs::copy_file(*beir_test::source_dir() / "configs/beir-real" / (name + ".json"), config);
  fs::create_directory_symlink(*shared, tmp / "shared");
  const std::string command = "'" + (fs::path(binary_dir) / "bin/grk-eval").string() + "' run '" + config.string() +
                              "' --output '" + (tmp / "results.json").string() + "' > /dev/null";
  BOOST_REQUIRE_EQUAL(std::system(command.c_str()), 0);
  const boost::json::object results =
      grk::json::read(beir_test::read_file(tmp / "results.json")).value().as_object();
  const boost::json::object& step = results.at("steps").as_array().at(0).as_object();
  BOOST_REQUIRE_EQUAL(std::string(step.at("status").as_string()), "ok");
  return step.at("result").as_object();
}

// Every gold span of the judgments names a file of the corpus that holds its
// quote (here, the whole file); returns the number of spans.
std::size_t check_every_quote(const boost::json::object& result) {
  const fs::path corpus = std::string(result.at("corpus_dir").as_string());
  const auto judgments = grk::judgments::load_judgments(std::string(result.at("judgments_path").as_string())).value();
  std::size_t spans = 0;
  for (const auto& judgment : judgments) {
    for (const auto& span : judgment.gold) {
      ++spans;
      BOOST_REQUIRE(fs::is_regular_file(corpus / span.doc));
      BOOST_TEST((beir_test::read_file(corpus / span.doc) == span.quote), span.doc);
    }
  }
  BOOST_TEST(judgments.size() == result.at("query_count").as_int64());
  return spans;
}

std::string compact(const boost::json::value& value) { return grk::json::write_compact(value); }

}  // namespace

BOOST_AUTO_TEST_CASE(msmarco_subset_adapts_with_its_shipped_config) {
  beir_test::TempDir tmp;
  const auto result = run_config("msmarco-trecdl2019-subset", tmp);
  if (!result) return;
  BOOST_TEST(result->at("document_count").as_int64() == 5000);
  BOOST_TEST(result->at("total_characters").as_int64() == 1782709);
  BOOST_TEST(result->at("query_count").as_int64() == 43);
  BOOST_TEST(result->at("relevance_pair_count").as_int64() == 4102);
  BOOST_TEST(compact(result->at("qrels_header")) == "\"absent\"");
  BOOST_TEST(compact(result->at("grades")) == "{\"threshold\":1,\"rows_by_grade\":{\"1\":1601,\"2\":1804,\"3\":697}}");
  const boost::json::object& adjustments = result->at("adjustments").as_object();
  BOOST_TEST(compact(adjustments.at("line_breaks").at("files")) == "{\"corpus.jsonl\":4}");
  BOOST_TEST(adjustments.at("graded").at("rows").as_int64() == 2501);
  BOOST_TEST(adjustments.at("unicode_separators").at("characters").as_int64() == 4);
  BOOST_TEST(adjustments.at("unicode_separators").at("documents").as_int64() == 2);
  BOOST_TEST(adjustments.at("unicode_separators").at("judgments").as_int64() == 2);
  BOOST_TEST(check_every_quote(*result) == 4102u);
  std::size_t files = 0;
  for (const auto& entry : fs::directory_iterator(std::string(result->at("corpus_dir").as_string()))) {
    files += entry.is_regular_file() ? 1 : 0;
  }
  BOOST_TEST(files == 5000u);
}

BOOST_AUTO_TEST_CASE(arcd_subset_adapts_with_its_shipped_config) {
  beir_test::TempDir tmp;
  const auto result = run_config("arcd-subset", tmp);
  if (!result) return;
  BOOST_TEST(result->at("document_count").as_int64() == 255);
  BOOST_TEST(result->at("total_characters").as_int64() == 140861);
  BOOST_TEST(result->at("query_count").as_int64() == 49);
  BOOST_TEST(result->at("relevance_pair_count").as_int64() == 49);
  const boost::json::object& adjustments = result->at("adjustments").as_object();
  const boost::json::value& documents = adjustments.at("missing_documents");
  BOOST_TEST(compact(documents.at("first_documents")) ==
             "[\"arcd-doc150\",\"arcd-doc183\",\"arcd-doc222\",\"arcd-doc224\",\"arcd-doc4\",\"arcd-doc87\"]");
  BOOST_TEST(documents.at("pairs").as_int64() == 18);
  BOOST_TEST(documents.at("queries_dropped").as_int64() == 18);
  BOOST_TEST(compact(documents.at("first_queries_dropped")) ==
             "[\"arcd-q12\",\"arcd-q13\",\"arcd-q14\",\"arcd-q261\",\"arcd-q262\",\"arcd-q263\",\"arcd-q450\","
             "\"arcd-q451\",\"arcd-q452\",\"arcd-q549\"]");
  BOOST_TEST(adjustments.at("missing_queries").at("queries").as_int64() == 635);
  BOOST_TEST(adjustments.at("missing_queries").at("pairs").as_int64() == 635);
  BOOST_TEST(check_every_quote(*result) == 49u);
}
