#include "trec_adapter.hpp"

#include "trec_inputs.hpp"

#include <grk/error.hpp>
#include <grk/groundkit/judgments/judgment.hpp>
#include <grk/json/writer.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>

namespace trec_adapter {
namespace {

using grk::Error;
using grk::Status;
namespace fs = std::filesystem;

void write_file(const fs::path& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  out.close();
  if (!out) throw Error(Status::io_error, "cannot write '" + path.string() + "'");
}

// The output folder may be absent or empty, nothing else: an adapter never
// mixes a new dataset into an old one.
void require_empty_output(const fs::path& output) {
  std::error_code ec;
  if (!fs::exists(output, ec)) return;
  if (!fs::is_directory(output, ec)) {
    throw Error(Status::failed_precondition, "output '" + output.string() + "' exists and is not a folder");
  }
  if (!fs::is_empty(output, ec)) {
    throw Error(Status::failed_precondition, "output folder '" + output.string() + "' is not empty");
  }
}

}  // namespace

std::vector<grk::ParamSpec> TrecToGroundkit::params() {
  using grk::ParamType;
  return {
      grk::required("qrels", ParamType::path, "TREC qrels: 'topic iteration docno relevance' per line"),
      grk::required("topics", ParamType::path, "topics as 'topic<TAB>query text' per line"),
      grk::required("documents", ParamType::path, "JSON Lines, one object per document"),
      grk::required("output", ParamType::path, "folder to create (absent or empty): corpus/ and judgments.jsonl"),
      grk::with_default("min_relevance", ParamType::integer, 1, "grades at or above this are relevant"),
      grk::with_default("query_id_prefix", ParamType::string, "",
                        "prepended to topic ids to form groundkit query ids, e.g. 'robust04-'"),
      grk::with_default("id_field", ParamType::string, "docno", "the document id field in documents"),
      grk::with_default("text_field", ParamType::string, "text", "the document text field in documents"),
  };
}

boost::json::value TrecToGroundkit::adapt(const grk::Params& params, grk::Context& context) {
  // Parse and validate everything before writing anything.
  const fs::path output = params.path("output");
  require_empty_output(output);
  const auto qrels = read_qrels(params.path("qrels")).or_throw();
  const auto topics = read_topics(params.path("topics")).or_throw();
  const auto documents =
      read_documents(params.path("documents"), params.string("id_field"), params.string("text_field")).or_throw();
  context.progress("read inputs", 3, 3);

  const std::int64_t min_relevance = params.integer("min_relevance");
  std::map<std::string, std::set<std::string>> relevant;  // topic -> docnos, both sorted bytewise
  for (const auto& row : qrels) {
    if (row.relevance < min_relevance) continue;
    if (documents.count(row.docno) == 0) {
      throw Error(Status::invalid_data, params.path("qrels").string() + ":" + std::to_string(row.line) +
                                            ": document '" + row.docno + "' is not in the documents file");
    }
    relevant[row.topic].insert(row.docno);
  }

  // groundkit's judgments.jsonl is sorted by query id (docs/behaviour/judgments.md §2), and
  // the prefix keeps the topic order, so one pass over `relevant` suffices.
  const std::string prefix = params.string("query_id_prefix");
  std::string judgments_text;
  std::size_t pairs = 0;
  for (const auto& [topic, docnos] : relevant) {
    const auto query = topics.find(topic);
    if (query == topics.end()) {
      throw Error(Status::invalid_data, "topic '" + topic + "' has relevant documents but is not in the topics file");
    }
    boost::json::array gold;
    for (const auto& docno : docnos) {
      gold.push_back({{"doc", docno + ".txt"}, {"quote", documents.at(docno).text}});
    }
    pairs += docnos.size();
    const boost::json::value row = {
        {"query_id", prefix + topic}, {"query", query->second}, {"category", "normal"}, {"gold", std::move(gold)}};
    // The SDK's judgment model: whatever we write, groundkit can load.
    if (auto checked = grk::judgments::validate_judgment(row); !checked) {
      throw Error(Status::invalid_data, "topic '" + topic + "' cannot become a groundkit judgment: " + checked.error());
    }
    judgments_text += grk::json::dumps(row) + "\n";
  }
  const std::size_t unjudged = topics.size() - std::count_if(topics.begin(), topics.end(), [&](const auto& t) {
                                 return relevant.count(t.first) != 0;
                               });
  if (unjudged > 0) {
    context.log(grk::LogLevel::info, std::to_string(unjudged) + " topic(s) have no relevant documents and were left out");
  }

  const fs::path corpus = output / "corpus";
  std::error_code ec;
  fs::create_directories(corpus, ec);
  if (ec) throw Error(Status::io_error, "cannot create '" + corpus.string() + "': " + ec.message());
  try {
    std::uint64_t done = 0;
    for (const auto& [docno, document] : documents) {
      write_file(corpus / (docno + ".txt"), document.text);
      context.progress("write corpus", ++done, documents.size());
    }
    write_file(output / "judgments.jsonl", judgments_text);
  } catch (...) {
    // Leave the output as we found it: absent or empty.
    for (const auto& entry : fs::directory_iterator(output, ec)) fs::remove_all(entry.path(), ec);
    throw;
  }
  return boost::json::object{
      {"output_dir", output.string()},
      {"corpus_dir", corpus.string()},
      {"judgments_path", (output / "judgments.jsonl").string()},
      {"document_count", documents.size()},
      {"query_count", relevant.size()},
      {"relevance_pair_count", pairs},
      {"topics_without_relevant", unjudged},
  };
}

std::string TrecToGroundkit::summarize(const boost::json::value& report) const {
  const auto& r = report.as_object();
  return std::to_string(r.at("document_count").to_number<std::uint64_t>()) + " documents, " +
         std::to_string(r.at("query_count").to_number<std::uint64_t>()) + " queries, " +
         std::to_string(r.at("relevance_pair_count").to_number<std::uint64_t>()) + " relevant pairs -> " +
         std::string(r.at("output_dir").as_string());
}

}  // namespace trec_adapter
