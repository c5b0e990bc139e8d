#include "beir_adaptation.hpp"

#include <grk/error.hpp>
#include <grk/json/quoted_string.hpp>
#include <grk/json/wtf8.hpp>
#include <grk/groundkit/judgments/load_judgments.hpp>
#include <grk/python/text.hpp>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <map>
#include <optional>
#include <set>
#include <vector>

#include "beir_record.hpp"
#include "corpus_passes.hpp"
#include "identifier_rules.hpp"
#include "jsonl_loader.hpp"
#include "python_path.hpp"
#include "qrels_reader.hpp"
#include "source_file.hpp"
#include "source_lines.hpp"

namespace grk::beir {
namespace {

Status status_for_open_errno(int errno_value) {
  return errno_value == ENOENT || errno_value == ENOTDIR ? Status::not_found : Status::io_error;
}

SourceFile open_source(const std::string& path, const char* what) {
  SourceFile file;
  if (const int error = file.open(path); error != 0) {
    throw Error(status_for_open_errno(error),
                std::string("cannot read BEIR ") + what + " " + python::repr(path) + ": " + os_error_text(error, path));
  }
  return file;
}

// queries.jsonl is read whole into memory: it is small next to the corpus.
std::vector<RecordFields> load_query_rows(const SourceFile& file, const std::string& path) {
  std::vector<RecordFields> rows;
  RecordFields row;
  std::optional<std::string> problem;
  SourceLineReader reader(file.fd());
  std::string_view line;
  try {
    while (reader.next(line)) {
      if (python::strip(line).empty()) continue;
      if (!parse_jsonl_line(line, path, reader.line_number(), row, problem)) {
        reader.drain();
        break;
      }
      rows.push_back(std::move(row));
    }
  } catch (...) {
    rethrow_read_problem(path);
  }
  if (problem) throw Error(Status::invalid_data, *problem);
  return rows;
}

void check_corpus_records(CorpusSurvey& survey) {
  survey.index.seal();
  const auto duplicate = survey.index.first_duplicate();
  if (duplicate && (!survey.record_problem || duplicate->position < survey.record_problem_position ||
                    (duplicate->position == survey.record_problem_position &&
                     !survey.record_problem_before_duplicate_check))) {
    throw Error(Status::invalid_data, "duplicate BEIR document id " + python::repr(duplicate->id));
  }
  if (survey.record_problem) throw Error(Status::invalid_data, *survey.record_problem);
}

std::map<std::string, std::string> check_query_records(const std::vector<RecordFields>& rows) {
  std::map<std::string, std::string> queries;
  std::uint64_t position = 0;
  for (const auto& row : rows) {
    const RecordPlace place{"query", ++position};
    std::string_view id;
    auto problem = record_id_problem(row, place, id);
    if (!problem) problem = identifier_problem(id, IdentifierSubject::query);
    if (problem) throw Error(Status::invalid_data, *problem);
    if (queries.count(std::string(id)) != 0) {
      throw Error(Status::invalid_data, "duplicate BEIR query id " + python::repr(id));
    }
    std::string text;
    if (auto late = query_text_problem(row, place, id, text)) throw Error(Status::invalid_data, *late);
    queries.emplace(std::string(id), std::move(text));
  }
  return queries;
}

std::string repr_groups(const std::vector<std::vector<std::string>>& groups) {
  std::string out = "[";
  for (std::size_t i = 0; i < groups.size(); ++i) out += (i ? ", " : "") + python::repr_list(groups[i]);
  return out + "]";
}

// Steps 6-10, each with the reference's message.
void check_relevance(const Qrels& qrels, const std::map<std::string, std::string>& queries,
                     const DocumentIndex& index, const std::string& split) {
  std::set<std::string> positive_documents;
  for (const auto& entry : qrels.positives) positive_documents.insert(entry.second.begin(), entry.second.end());
  std::vector<std::string> missing_documents;
  for (const auto& id : positive_documents) {
    if (!index.contains(id)) missing_documents.push_back(id);
  }
  if (!missing_documents.empty()) {
    throw Error(Status::invalid_data, "BEIR qrels reference missing documents: " + python::repr_list(missing_documents));
  }
  std::vector<std::string> missing_queries;
  for (const auto& entry : qrels.positives) {
    if (queries.count(entry.first) == 0) missing_queries.push_back(entry.first);
  }
  if (!missing_queries.empty()) {
    throw Error(Status::invalid_data, "BEIR qrels reference missing queries: " + python::repr_list(missing_queries));
  }
  if (qrels.positives.empty()) {
    throw Error(Status::invalid_data,
                "BEIR qrels for split " + python::repr(split) + " contain no positive relevance rows");
  }
  std::vector<std::string> unusable;
  for (const auto& entry : qrels.positives) {
    if (!is_harness_query_id(entry.first)) unusable.push_back(entry.first);
  }
  if (!unusable.empty()) {
    throw Error(Status::invalid_data,
                "BEIR query ids are not admissible as groundkit judgment ids: " + python::repr_list(unusable) +
                    ". The harness requires kebab-case lowercase (^[a-z0-9]+(-[a-z0-9]+)*$); rename or map "
                    "these ids before adapting, rather than writing a corpus the harness would reject on load.");
  }
  const auto collisions = index.case_collisions();
  if (!collisions.empty()) {
    throw Error(Status::invalid_data,
                "BEIR document ids collide when case is folded, so they would share one file on a "
                "case-insensitive filesystem: " +
                    repr_groups(collisions) +
                    ". Each would overwrite the other while the judgments still reference both, leaving "
                    "quotes resolved against the wrong document. Rename or map these ids before adapting.");
  }
}

// Where the reference would die with UnicodeEncodeError while writing (3.2),
// we refuse before writing. Documents are written before the judgments, in
// ascending id order, so the first one Python would hit is named.
void check_encodable(const CorpusSurvey& survey, const Qrels& qrels, const std::map<std::string, std::string>& queries) {
  if (!survey.surrogate_ids.empty()) {
    std::string first = survey.surrogate_ids.front();
    for (const auto& id : survey.surrogate_ids) first = std::min(first, id);
    throw Error(Status::invalid_data,
                "BEIR document " + python::repr(first) +
                    " contains a lone surrogate (a \\ud800-\\udfff escape without its pair), which cannot be "
                    "written as UTF-8; refused. Nothing was written.");
  }
  for (const auto& entry : qrels.positives) {
    if (json::contains_lone_surrogate(queries.at(entry.first))) {
      throw Error(Status::invalid_data,
                  "BEIR query " + python::repr(entry.first) +
                      " contains a lone surrogate (a \\ud800-\\udfff escape without its pair), which cannot be "
                      "written as UTF-8; refused. Nothing was written.");
    }
  }
}

// judgments.jsonl exactly as json.dumps(row, ensure_ascii=False) + "\n" writes
// each row (reference 3.9).
std::string render_judgments(const Qrels& qrels, const std::map<std::string, std::string>& queries,
                             const std::map<std::string, std::string>& texts) {
  std::string out;
  for (const auto& [query_id, documents] : qrels.positives) {
    out += "{\"query_id\": ";
    json::append_quoted(out, query_id);
    out += ", \"query\": ";
    json::append_quoted(out, queries.at(query_id));
    out += ", \"category\": \"normal\", \"gold\": [";
    bool first = true;
    for (const auto& doc_id : documents) {
      out += first ? "{\"doc\": " : ", {\"doc\": ";
      first = false;
      json::append_quoted(out, doc_id + ".txt");
      out += ", \"quote\": ";
      json::append_quoted(out, texts.at(doc_id));
      out += "}";
    }
    out += "]}\n";
  }
  return out;
}

std::string with_thousands(std::uint64_t value) {
  std::string digits = std::to_string(value);
  for (std::size_t i = digits.size(); i > 3; i -= 3) digits.insert(i - 3, ",");
  return digits;
}

}  // namespace

AdaptationReport adapt_beir_dataset(const AdaptationRequest& request, const AdaptationHooks& hooks) {
  // Step 1.
  if (!is_safe_identifier(request.split)) {
    throw Error(Status::invalid_argument, "unsafe BEIR split " + python::repr(request.split) +
                                              "; expected letters, digits, dot, underscore, or hyphen");
  }
  // Step 2.
  for (const std::string* given : {&request.source_dir, &request.output_dir}) {
    if (given->find('\0') != std::string::npos) throw Error(Status::invalid_argument, "embedded null byte");
  }
  const std::string source = python_realpath(request.source_dir);
  const std::string destination = python_realpath(request.output_dir);

  // Step 3: the three loaders, in order; each file's decode error first.
  const std::string corpus_path = join_path(source, "corpus.jsonl");
  const SourceFile corpus_file = open_source(corpus_path, "file");
  CorpusSurvey survey = survey_corpus(corpus_file, corpus_path, hooks);
  if (survey.load_problem) throw Error(Status::invalid_data, *survey.load_problem);
  const std::string queries_path = join_path(source, "queries.jsonl");
  const std::vector<RecordFields> query_rows = load_query_rows(open_source(queries_path, "file"), queries_path);
  const std::string qrels_path = join_path(join_path(source, "qrels"), request.split + ".tsv");
  const Qrels qrels = read_qrels(open_source(qrels_path, "qrels"), qrels_path);

  // Steps 4-10.
  check_corpus_records(survey);
  const std::map<std::string, std::string> queries = check_query_records(query_rows);
  check_relevance(qrels, queries, survey.index, request.split);
  // Steps 11-12.
  const OutputLayout layout = check_output(destination);

  // What the reference finds only while or after writing (3.2, 3.11), found
  // here instead, before anything is written.
  check_encodable(survey, qrels, queries);
  std::set<std::string> referenced;
  bool judgments_may_break = false;
  for (const auto& [query_id, documents] : qrels.positives) {
    referenced.insert(documents.begin(), documents.end());
    judgments_may_break = judgments_may_break || contains_raw_line_separator(queries.at(query_id));
    for (const auto& doc_id : documents) judgments_may_break = judgments_may_break || survey.separator_ids.count(doc_id);
  }
  if (hooks.between_corpus_passes) hooks.between_corpus_passes();
  if (judgments_may_break) {
    const auto texts = replay_corpus(corpus_file, corpus_path, survey, referenced, nullptr, hooks);
    judgments::parse_judgments(render_judgments(qrels, queries, texts), layout.judgments_path).or_throw();
  }

  // Steps 13-16, into a staging directory published at the end.
  StagedOutput output(layout, hooks.before_write_step);
  const auto texts = replay_corpus(corpus_file, corpus_path, survey, referenced, &output, hooks);
  const std::string judgments_text = render_judgments(qrels, queries, texts);
  judgments::parse_judgments(judgments_text, layout.judgments_path).or_throw();
  output.write_judgments(judgments_text);
  output.publish();

  AdaptationReport report;
  report.source_dir = source;
  report.output_dir = destination;
  report.split = request.split;
  report.document_count = survey.record_count;
  report.query_count = qrels.positives.size();
  report.relevance_pair_count = qrels.pair_count();
  report.total_characters = survey.total_characters;
  report.corpus_dir = layout.corpus_dir;
  report.judgments_path = layout.judgments_path;
  return report;
}

boost::json::object report_to_json(const AdaptationReport& report) {
  boost::json::object out;
  out["source_dir"] = report.source_dir;
  out["output_dir"] = report.output_dir;
  out["split"] = report.split;
  out["document_count"] = report.document_count;
  out["query_count"] = report.query_count;
  out["relevance_pair_count"] = report.relevance_pair_count;
  out["total_characters"] = report.total_characters;
  out["corpus_dir"] = report.corpus_dir;
  out["judgments_path"] = report.judgments_path;
  return out;
}

std::string summary_line(std::uint64_t document_count, std::uint64_t total_characters, const std::string& corpus_dir,
                         std::uint64_t query_count, std::uint64_t relevance_pair_count,
                         const std::string& judgments_path) {
  char ratio[64];
  std::snprintf(ratio, sizeof ratio, "%.2f",
                query_count == 0 ? 0.0 : static_cast<double>(relevance_pair_count) / static_cast<double>(query_count));
  return with_thousands(document_count) + " documents, " + with_thousands(total_characters) + " chars -> " +
         corpus_dir + "; " + with_thousands(query_count) + " queries, " + ratio + " gold docs/query -> " +
         judgments_path;
}

}  // namespace grk::beir
