// groundkit's EvalReport, the artifact `grk eval` writes, as typed C++ records
// (docs/behaviour/eval-report.md §2). Fields are in the reference's declaration order, which is
// also the order a report's JSON keys appear in.
#ifndef GRK_GROUNDKIT_REPORT_MODEL_HPP
#define GRK_GROUNDKIT_REPORT_MODEL_HPP

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <grk/groundkit/report/names.hpp>

namespace grk::report {

struct EmbeddingIdentity {
  std::string provider;
  std::string model_name;
  std::int64_t dimensions = 0;  ///< > 0
};

struct RunConfig {
  std::int64_t chunk_size = 0;
  std::int64_t chunk_overlap = 0;
  std::int64_t top_k = 0;
  double bm25_k1 = 0.0;
  double bm25_b = 0.0;
  std::optional<double> score_threshold;  ///< a required key that may be null
  std::optional<EmbeddingIdentity> embedding;
  std::optional<std::int64_t> rrf_k;  ///< > 0
  std::optional<StageName> rerank_input;
  std::optional<std::int64_t> rerank_candidates;  ///< > 0
  std::optional<std::string> rerank_model;
};

struct RunMetadata {
  /// Python fills an absent run_id with a fresh uuid4 hex; a reader has no
  /// use for a random id, so an absent one reads as empty.
  std::string run_id;
  std::string started_at;
  std::string groundkit_version;
  std::string corpus_hash;
  std::string judgments_hash;
  std::int64_t document_count = 0;  ///< >= 0
  std::int64_t chunk_count = 0;     ///< >= 0
  std::int64_t judgment_count = 0;  ///< >= 0
  RunConfig config;
};

/// Aggregate metrics: `mrr` is the mean of the per-query reciprocal ranks.
struct MetricSet {
  std::int64_t query_count = 0;  ///< >= 0
  double recall_at_1 = 0.0;      ///< every metric in [0, 1]
  double recall_at_5 = 0.0;
  double recall_at_10 = 0.0;
  double mrr = 0.0;
  double ndcg_at_10 = 0.0;
};

struct GoldSpanResult {
  std::string document;
  std::int64_t start_offset = 0;  ///< >= 0, code points
  std::int64_t end_offset = 0;    ///< > 0; start < end is not checked
  std::string quote;
};

struct RetrievedHit {
  std::int64_t rank = 0;  ///< >= 1
  std::string document;
  std::int64_t start_offset = 0;  ///< >= 0
  std::int64_t end_offset = 0;    ///< > 0
  double score = 0.0;             ///< >= 0
  bool is_relevant = false;
};

/// Per-query metrics; note `reciprocal_rank` where MetricSet says `mrr`.
struct QueryMetrics {
  double recall_at_1 = 0.0;
  double recall_at_5 = 0.0;
  double recall_at_10 = 0.0;
  double reciprocal_rank = 0.0;
  double ndcg_at_10 = 0.0;

  /// The value a comparison on `metric` reads: `reciprocal_rank` for mrr,
  /// the field of the same name otherwise (docs/behaviour/eval-report.md §2).
  double value(MetricName metric) const noexcept {
    switch (metric) {
      case MetricName::recall_at_1: return recall_at_1;
      case MetricName::recall_at_5: return recall_at_5;
      case MetricName::recall_at_10: return recall_at_10;
      case MetricName::mrr: return reciprocal_rank;
      case MetricName::ndcg_at_10: return ndcg_at_10;
    }
    return ndcg_at_10;
  }
};

struct QueryResult {
  std::string query_id;  ///< documented unique, not enforced by the model
  std::string query;
  std::string category;
  bool is_no_answer = false;
  std::vector<GoldSpanResult> gold;
  std::int64_t total_relevant_chunks = 0;  ///< >= 0
  std::vector<RetrievedHit> retrieved;
  std::optional<QueryMetrics> metrics;  ///< null exactly for no-answer queries
  double latency_ms = 0.0;              ///< >= 0
};

struct StageResult {
  StageName stage = StageName::bm25;
  bool is_baseline = false;
  MetricSet aggregate;
  /// Category -> metrics, in the order the report lists them.
  std::vector<std::pair<std::string, MetricSet>> by_category;
  std::int64_t no_answer_query_count = 0;      ///< >= 0
  std::int64_t no_answer_abstained_count = 0;  ///< >= 0, <= no_answer_query_count
  double latency_p50_ms = 0.0;                 ///< latencies >= 0
  double latency_p95_ms = 0.0;
  double latency_p99_ms = 0.0;
  std::vector<QueryResult> queries;
};

struct SynthesisReport {
  StageName input_stage = StageName::bm25;
  std::string synthesis_provider;
  std::string synthesis_model;
  std::string synthesis_prompt_hash;
  bool redacted = false;
  std::int64_t answered_count = 0;   ///< counts >= 0
  std::int64_t abstained_count = 0;
  std::int64_t rejected_count = 0;
  std::optional<std::string> judge_provider;  ///< the seven judge fields: all or none
  std::optional<std::string> judge_model;
  std::optional<std::string> judge_prompt_hash;
  std::optional<std::int64_t> judged_count;
  std::optional<std::int64_t> faithful_count;
  std::optional<std::int64_t> unfaithful_count;
  std::optional<std::int64_t> judge_error_count;
};

struct EvalReport {
  std::int64_t schema_version = 1;  ///< only 1 exists
  RunMetadata run;
  std::vector<StageResult> stages;  ///< stages[0] is the bm25 baseline
  std::optional<SynthesisReport> synthesis;
};

}  // namespace grk::report

#endif
