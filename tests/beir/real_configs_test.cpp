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
//   dbpedia: wc -l corpus.jsonl (5000 documents, every id "<dbpedia:...>", none matching
//   ^[A-Za-z0-9][A-Za-z0-9._-]*$); tail -n +2 qrels/test.tsv | cut -f3 | sort | uniq -c
//   (2829 × 0, 614 × 1, 266 × 2); awk -F'\t' 'NR>1 && $3>=1' qrels/test.tsv | cut -f1,2 |
//   sort -u | wc -l (880 pairs), ... | cut -f1 | sort -u | wc -l (40 queries, none
//   kebab-case); python3 -c: the documents composed as above, 1,776,141 code points.
#define BOOST_TEST_MODULE beir_real_configs
#include <boost/test/unit_test.hpp>

#include <grk/groundkit/id_encoding.hpp>
#include <grk/groundkit/judgments/load_judgments.hpp>
#include <grk/json/reader.hpp>
#include <grk/json/writer.hpp>

#include <boost/json.hpp>

#include <cstdlib>
#include <fstream>
#include <map>
#include <set>
#include <string>
#include <vector>

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

// The "_id" of every record of a source JSONL file, split on "\n" only.
std::vector<std::string> source_ids(const fs::path& file) {
  std::vector<std::string> ids;
  std::ifstream in(file, std::ios::binary);
  for (std::string line; std::getline(in, line);) {
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    const auto record = grk::json::read(line);
    BOOST_REQUIRE(record.has_value());
    ids.emplace_back(record->as_object().at("_id").as_string());
  }
  return ids;
}

// id_map.tsv's lines of `kind` as {original: adapted}, each original once.
std::map<std::string, std::string> id_map_of(const std::string& text, const std::string& kind) {
  const auto rows = beir_test::id_map_rows(text);
  BOOST_REQUIRE(rows.has_value());
  std::map<std::string, std::string> map;
  for (const auto& row : *rows) {
    if (row.kind == kind) BOOST_TEST(map.emplace(row.original, row.adapted).second);
  }
  return map;
}

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

BOOST_AUTO_TEST_CASE(dbpedia_subset_adapts_with_its_shipped_config) {
  beir_test::TempDir tmp;
  const auto result = run_config("dbpedia-entity-subset", tmp);
  if (!result) return;
  BOOST_TEST(result->at("document_count").as_int64() == 5000);
  BOOST_TEST(result->at("total_characters").as_int64() == 1776141);
  BOOST_TEST(result->at("query_count").as_int64() == 40);
  BOOST_TEST(result->at("relevance_pair_count").as_int64() == 880);
  BOOST_TEST(compact(result->at("grades")) == "{\"threshold\":1,\"rows_by_grade\":{\"0\":2829,\"1\":614,\"2\":266}}");
  const boost::json::object& adjustments = result->at("adjustments").as_object();
  BOOST_TEST(adjustments.at("graded").at("rows").as_int64() == 266);
  BOOST_TEST(adjustments.at("document_ids").at("documents").as_int64() == 5000);
  BOOST_TEST(adjustments.at("document_ids").at("case_collisions").as_int64() == 0);
  BOOST_TEST(adjustments.at("query_ids").at("queries").as_int64() == 40);
  BOOST_TEST(compact(adjustments.at("query_ids").at("first_queries").at(0)) ==
             "{\"original\":\"INEX_LD-2010019\",\"adapted\":\"inex-ld-2010019\"}");
  BOOST_TEST(check_every_quote(*result) == 880u);

  // id_map.tsv gives every original id back: the corpus's 5000 and the 40 written queries.
  const fs::path out = std::string(result->at("output_dir").as_string());
  const fs::path source = *shared_data("dbpedia-entity-subset") / "beir-data/dbpedia-entity-subset";
  const std::string id_map = beir_test::read_file(out / "id_map.tsv");
  const auto documents = id_map_of(id_map, "document");
  const auto queries = id_map_of(id_map, "query");
  const std::vector<std::string> corpus_ids = source_ids(source / "corpus.jsonl");
  BOOST_TEST(documents.size() == corpus_ids.size());
  std::set<std::string> files;
  for (const auto& entry : fs::directory_iterator(out / "corpus")) files.insert(entry.path().filename().string());
  BOOST_TEST(files.size() == 5000u);
  for (const auto& id : corpus_ids) {
    const auto found = documents.find(id);
    BOOST_REQUIRE(found != documents.end());
    BOOST_TEST(files.count(found->second + ".txt") == 1u, found->second);
    BOOST_TEST(grk::groundkit::decode_file_stem(found->second, ".txt").value() == id);
  }
  std::set<std::string> adapted_queries;
  const auto judgments = grk::judgments::load_judgments((out / "judgments.jsonl").string());
  BOOST_REQUIRE(judgments.has_value());
  for (const auto& judgment : *judgments) adapted_queries.insert(judgment.query_id);
  std::set<std::string> listed;
  for (const auto& [original, adapted] : queries) listed.insert(adapted);
  BOOST_TEST((listed == adapted_queries));
  std::size_t lines = 0;
  for (const char c : id_map) lines += c == '\n' ? 1 : 0;
  BOOST_TEST(lines == 1u + 5000u + 40u);
}

// docs/behaviour/beir.md §16.8: decode(encode(id)) == id for every document and query id of
// every real set present.
BOOST_AUTO_TEST_CASE(every_id_of_the_real_sets_decodes_back) {
  std::size_t checked = 0;
  for (const std::string name : {"arcd-subset", "dbpedia-entity-subset", "msmarco-trecdl2019-subset", "scifact-fixture"}) {
    const auto shared = shared_data(name);
    if (!shared) {
      BOOST_TEST_MESSAGE("skipped: " << name << " is not in ../shared/beir-data");
      continue;
    }
    for (const std::string file : {"corpus.jsonl", "queries.jsonl"}) {
      for (const auto& id : source_ids(*shared / "beir-data" / name / file)) {
        const std::string stem = grk::groundkit::encode_file_stem(id, ".txt");
        BOOST_TEST(grk::groundkit::decode_file_stem(stem, ".txt").value() == id);
        ++checked;
      }
    }
  }
  BOOST_TEST_MESSAGE(checked << " ids checked");
}
