#include "trec_adapter.hpp"

#include "trec_inputs.hpp"

#include <grk/error.hpp>
#include <grk/groundkit/judgments/judgments_writer.hpp>
#include <grk/output/staged_folder.hpp>

#include <algorithm>
#include <filesystem>
#include <map>
#include <set>

namespace trec_adapter {
namespace {

using grk::Error;
using grk::Status;
namespace fs = std::filesystem;

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

// The staged folder wants an absolute path without symbolic links or a
// trailing slash.
std::string resolved(const fs::path& output) {
  std::error_code ec;
  const fs::path absolute = fs::absolute(output, ec);
  const fs::path canonical = fs::weakly_canonical(absolute, ec);
  std::string path = (ec ? absolute : canonical).lexically_normal().string();
  while (path.size() > 1 && path.back() == '/') path.pop_back();
  return path;
}

}  // namespace

std::vector<grk::ParamSpec> TrecToGroundkit::params() {
  using grk::ParamType;
  return {
      grk::required("qrels", ParamType::path, "TREC qrels: 'topic iteration docno relevance' per line"),
      grk::required("topics", ParamType::path, "topics as 'topic<TAB>query text' per line"),
      grk::required("documents", ParamType::path, "JSON Lines, one object per document"),
      grk::as_output(grk::required("output", ParamType::path, "folder to create (absent or empty): corpus/ and judgments.jsonl")),
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

  // The SDK's judgments writer checks every row against groundkit's rules
  // (kebab-case ids in ascending order, non-empty quotes, ...) and writes
  // groundkit's bytes. The prefix keeps the topic order, so one pass over
  // `relevant` (sorted bytewise) writes the ids in ascending order.
  const std::string prefix = params.string("query_id_prefix");
  grk::judgments::JudgmentsWriter judgments;
  std::size_t pairs = 0;
  for (const auto& [topic, docnos] : relevant) {
    const auto query = topics.find(topic);
    if (query == topics.end()) {
      throw Error(Status::invalid_data, "topic '" + topic + "' has relevant documents but is not in the topics file");
    }
    grk::judgments::Judgment judgment;
    judgment.query_id = prefix + topic;
    judgment.query = query->second;
    for (const auto& docno : docnos) judgment.gold.push_back({docno + ".txt", documents.at(docno).text});
    pairs += docnos.size();
    if (auto added = judgments.add(judgment); !added) {
      throw Error(Status::invalid_data, "topic '" + topic + "' cannot become a groundkit judgment: " + added.error().message);
    }
  }
  const std::size_t unjudged = topics.size() - std::count_if(topics.begin(), topics.end(), [&](const auto& t) {
                                 return relevant.count(t.first) != 0;
                               });
  if (unjudged > 0) {
    context.log(grk::LogLevel::info, std::to_string(unjudged) + " topic(s) have no relevant documents and were left out");
  }

  // Written into a staging folder and published at the end in one rename:
  // a failure, or a kill, leaves the output as it was found.
  grk::output::StagingOptions staging;
  staging.entries = {"judgments.jsonl", "corpus"};  // corpus/ last: it makes the dataset usable
  staging.marker = "trec-adapter-staging-";
  const auto folder = grk::output::StagedFolder::create(resolved(output), staging).or_throw();
  folder->make_folder("corpus").or_throw();
  std::uint64_t done = 0;
  for (const auto& [docno, document] : documents) {
    folder->write_file("corpus/" + docno + ".txt", document.text).or_throw();
    context.progress("write corpus", ++done, documents.size());
  }
  folder->write_file("judgments.jsonl", judgments.text()).or_throw();
  folder->publish().or_throw();
  const fs::path corpus = output / "corpus";
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
