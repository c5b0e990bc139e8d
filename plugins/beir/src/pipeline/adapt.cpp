#include "pipeline/adapt.hpp"

#include <grk/error.hpp>
#include <grk/groundkit/judgments/load_judgments.hpp>
#include <grk/python/text.hpp>

#include <map>
#include <memory>
#include <set>
#include <vector>

#include "pipeline/corpus_passes.hpp"
#include "pipeline/encodability_check.hpp"
#include "pipeline/policy_report.hpp"
#include "pipeline/record_checks.hpp"
#include "pipeline/relevance_checks.hpp"
#include "pipeline/subsets.hpp"
#include "policies/id_adaptation.hpp"
#include "policies/pair_policies.hpp"
#include "read/jsonl_loader.hpp"
#include "read/qrels_reader.hpp"
#include "rules/identifier_rules.hpp"
#include "rules/output_checks.hpp"
#include "rules/refusal_hints.hpp"
#include "source/python_path.hpp"
#include "source/source_file.hpp"
#include "write/dataset_output.hpp"
#include "write/document_writers.hpp"
#include "write/judgments_text.hpp"

namespace grk::beir {
namespace {

// corpus.jsonl, opened. groundkit's message when it cannot be; the hint names the
// way out when the folder holds subsets instead (a CQADupStack folder).
SourceFile open_corpus(const std::string& source, const std::string& corpus_path) {
  Expected<SourceFile> opened = open_source(corpus_path, "file");
  if (!opened) {
    std::string hint = opened.error().hint.empty() ? subsets_hint(source) : opened.error().hint;
    throw Error(opened.error().status, opened.error().message, std::move(hint));
  }
  return std::move(opened).value();
}

// The documents the positive pairs name, whose texts the judgments quote, and
// whether a raw line separator in one of them or in a query can break a
// judgments line (docs/behaviour/beir.md §16.4).
struct QuotedDocuments {
  std::set<std::string> ids;
  bool may_break_judgments = false;
};

QuotedDocuments quoted_documents(const Qrels& qrels, const std::map<std::string, std::string>& queries,
                                 const CorpusSurvey& survey) {
  QuotedDocuments quoted;
  for (const auto& [query_id, documents] : qrels.positives) {
    quoted.ids.insert(documents.begin(), documents.end());
    quoted.may_break_judgments = quoted.may_break_judgments || contains_raw_line_separator(queries.at(query_id));
    for (const auto& doc_id : documents) {
      quoted.may_break_judgments = quoted.may_break_judgments || survey.separator_ids.count(doc_id);
    }
  }
  return quoted;
}

// docs/behaviour/beir.md §19: the first text, in judgments order, whose raw separator breaks the judgments.
std::string separator_refusal_hint(const Qrels& qrels, const std::map<std::string, std::string>& queries,
                                   const std::map<std::string, std::string>& texts) {
  for (const auto& [query_id, documents] : qrels.positives) {
    if (const auto at = first_separator(queries.at(query_id))) {
      return separator_hint("queries.jsonl: the query " + python::repr(query_id), *at);
    }
    for (const auto& doc_id : documents) {
      const auto text = texts.find(doc_id);
      if (text == texts.end()) continue;
      if (const auto at = first_separator(text->second)) {
        return separator_hint("corpus.jsonl: the quote of document " + python::repr(doc_id), *at);
      }
    }
  }
  return {};
}

}  // namespace

void check_request(const AdaptationRequest& request, bool with_output) {
  check_graded(request.policies.graded).or_throw();
  // docs/behaviour/beir.md §7 step 1.
  if (!is_safe_identifier(request.split)) {
    throw Error(Status::invalid_argument, unsafe_identifier_message("split", request.split));
  }
  // docs/behaviour/beir.md §7 step 2.
  for (const std::string* given : {&request.source_dir, &request.output_dir}) {
    if (given == &request.output_dir && !with_output) continue;
    if (given->find('\0') != std::string::npos) throw Error(Status::invalid_argument, "embedded null byte");
  }
}

// Every step returns grk::Expected; or_throw() hands its failure to the
// plugin firewall as grk::Error, and stops the run there.
AdaptationReport adapt_beir_dataset(const AdaptationRequest& request, const AdaptationHooks& hooks) {
  check_request(request, true);
  // Read once, before any file: a bad value is refused before anything is read.
  const unsigned writer_threads = writer_thread_count().or_throw();
  const std::string source = python_realpath(request.source_dir);
  const std::string destination = python_realpath(request.output_dir);

  // docs/behaviour/beir.md §7 step 3: the three loaders, in order; each file's decode error first.
  // docs/behaviour/beir.md §16.1-§16.3 choose how the files are split and the qrels read.
  const AdaptationPolicies& policies = request.policies;
  // docs/behaviour/beir.md §16.8: ids to be encoded are not held to docs/behaviour/beir.md §5.
  IdentifierChecks checks;
  checks.documents = policies.document_ids == IdPolicy::refuse;
  checks.queries = policies.query_ids == IdPolicy::refuse;
  const std::string corpus_path = join_path(source, "corpus.jsonl");
  const SourceFile corpus_file = open_corpus(source, corpus_path);
  CorpusSurvey survey = survey_corpus(corpus_file, corpus_path, policies.line_breaks, hooks, checks).or_throw();
  const std::string queries_path = join_path(source, "queries.jsonl");
  const JsonlRows query_rows =
      load_jsonl_rows(open_source(queries_path, "file").or_throw(), queries_path, policies.line_breaks).or_throw();
  const std::string qrels_path = join_path(join_path(source, "qrels"), request.split + ".tsv");
  Qrels qrels = read_qrels(open_source(qrels_path, "qrels").or_throw(), qrels_path,
                           QrelsRules{policies.line_breaks, policies.qrels_header, policies.graded, checks})
                    .or_throw();

  // docs/behaviour/beir.md §7 steps 4-10, after the pairs docs/behaviour/beir.md §16.5-§16.6 drop.
  check_corpus_records(survey).or_throw();
  const std::map<std::string, std::string> queries = check_query_records(query_rows.rows, checks).or_throw();
  const PairAdjustments dropped = drop_pairs(qrels, queries, survey.index, policies);
  const QrelsOrigin origin{qrels_path, policies.graded ? std::to_string(*policies.graded) : "1"};
  check_relevance(qrels, queries, survey.index, request.split, checks, origin).or_throw();
  // docs/behaviour/beir.md §16.8: the adapted ids, after §7 step 10.
  const AdaptedIds ids = adapt_ids(survey.index, qrels, policies).or_throw();
  const AdaptedIds* const renaming = ids.any_changed() ? &ids : nullptr;
  // docs/behaviour/beir.md §7 steps 11-12.
  const OutputLayout layout = check_output(destination).or_throw();

  // What the reference finds only while or after writing (docs/behaviour/beir.md §2, §11), found
  // here instead, before anything is written.
  check_encodable(survey, qrels, queries).or_throw();
  const QuotedDocuments quoted = quoted_documents(qrels, queries, survey);
  if (hooks.between_corpus_passes) hooks.between_corpus_passes();
  // docs/behaviour/beir.md §16.4: escaped, the separators cannot break the judgments.
  if (quoted.may_break_judgments && policies.unicode_separators == UnicodeSeparators::refuse) {
    const auto texts = replay_corpus(corpus_file, corpus_path, survey, quoted.ids, nullptr, hooks).or_throw();
    auto parsed = judgments::parse_judgments(
        render_judgments(qrels, queries, texts, UnicodeSeparators::refuse, renaming).text, layout.judgments_path);
    if (!parsed) {
      throw Error(parsed.error().status, parsed.error().message, separator_refusal_hint(qrels, queries, texts));
    }
  }

  if (request.check_only) return {};
  // docs/behaviour/beir.md §7 steps 13-16, into a staging directory published at the end.
  const std::unique_ptr<DatasetOutput> output =
      DatasetOutput::create(layout, renaming != nullptr, hooks.before_write_step, writer_threads).or_throw();
  const auto texts = replay_corpus(corpus_file, corpus_path, survey, quoted.ids, output.get(), hooks,
                                   renaming ? &renaming->documents : nullptr)
                         .or_throw();
  const RenderedJudgments judgments = render_judgments(qrels, queries, texts, policies.unicode_separators, renaming);
  judgments::parse_judgments(judgments.text, layout.judgments_path).or_throw();
  output->write_judgments(judgments.text).or_throw();
  if (renaming) {
    output->write_id_map([&](const DatasetOutput::ByteSink& sink) { return write_id_map(survey.index, ids, sink); })
        .or_throw();
  }
  output->publish().or_throw();

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
  PolicyEffects effects;
  effects.corpus_lines_kept_whole = survey.lines_kept_whole;
  effects.query_lines_kept_whole = query_rows.lines_kept_whole;
  effects.qrels_file = "qrels/" + request.split + ".tsv";
  effects.qrels = &qrels;
  effects.pairs = &dropped;
  effects.judgments = &judgments;
  effects.ids = &ids;
  report.policy_fields = policy_fields(policies, effects);
  return report;
}

}  // namespace grk::beir
