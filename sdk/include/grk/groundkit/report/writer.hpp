// EvalReport -> JSON value with the keys in the model's declaration order, so
// that grk::json::write_pretty gives the bytes `grk eval` writes (docs/behaviour/eval-report.md §1).
// One write_* per model, as reader.hpp has one read_* per model.
#ifndef GRK_GROUNDKIT_REPORT_WRITER_HPP
#define GRK_GROUNDKIT_REPORT_WRITER_HPP

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>
#include <boost/json/value.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <grk/groundkit/report/model.hpp>
#include <grk/groundkit/report/names.hpp>

namespace grk::report {

namespace detail {

// An optional field is written as null when absent, never left out.
template <class T, class Write>
boost::json::value write_nullable(const std::optional<T>& value, Write write) {
  if (!value) return nullptr;
  return write(*value);
}

inline boost::json::value write_string(const std::string& s) { return boost::json::value(s); }

inline boost::json::value write_integer(std::int64_t i) { return boost::json::value(i); }

inline boost::json::value write_number(double d) { return boost::json::value(d); }

inline boost::json::value write_stage_name(StageName stage) {
  return boost::json::string(std::string(to_string(stage)));
}

inline boost::json::value write_embedding(const EmbeddingIdentity& e) {
  boost::json::object o;
  o["provider"] = e.provider;
  o["model_name"] = e.model_name;
  o["dimensions"] = e.dimensions;
  return o;
}

inline boost::json::value write_run_config(const RunConfig& c) {
  boost::json::object o;
  o["chunk_size"] = c.chunk_size;
  o["chunk_overlap"] = c.chunk_overlap;
  o["top_k"] = c.top_k;
  o["bm25_k1"] = c.bm25_k1;
  o["bm25_b"] = c.bm25_b;
  o["score_threshold"] = write_nullable(c.score_threshold, write_number);
  o["embedding"] = write_nullable(c.embedding, write_embedding);
  o["rrf_k"] = write_nullable(c.rrf_k, write_integer);
  o["rerank_input"] = write_nullable(c.rerank_input, write_stage_name);
  o["rerank_candidates"] = write_nullable(c.rerank_candidates, write_integer);
  o["rerank_model"] = write_nullable(c.rerank_model, write_string);
  return o;
}

inline boost::json::value write_run_metadata(const RunMetadata& r) {
  boost::json::object o;
  o["run_id"] = r.run_id;
  o["started_at"] = r.started_at;
  o["groundkit_version"] = r.groundkit_version;
  o["corpus_hash"] = r.corpus_hash;
  o["judgments_hash"] = r.judgments_hash;
  o["document_count"] = r.document_count;
  o["chunk_count"] = r.chunk_count;
  o["judgment_count"] = r.judgment_count;
  o["config"] = write_run_config(r.config);
  return o;
}

inline boost::json::value write_metric_set(const MetricSet& m) {
  boost::json::object o;
  o["query_count"] = m.query_count;
  o["recall_at_1"] = m.recall_at_1;
  o["recall_at_5"] = m.recall_at_5;
  o["recall_at_10"] = m.recall_at_10;
  o["mrr"] = m.mrr;
  o["ndcg_at_10"] = m.ndcg_at_10;
  return o;
}

inline boost::json::value write_query_metrics(const QueryMetrics& m) {
  boost::json::object o;
  o["recall_at_1"] = m.recall_at_1;
  o["recall_at_5"] = m.recall_at_5;
  o["recall_at_10"] = m.recall_at_10;
  o["reciprocal_rank"] = m.reciprocal_rank;
  o["ndcg_at_10"] = m.ndcg_at_10;
  return o;
}

inline boost::json::value write_gold_span(const GoldSpanResult& g) {
  boost::json::object o;
  o["document"] = g.document;
  o["start_offset"] = g.start_offset;
  o["end_offset"] = g.end_offset;
  o["quote"] = g.quote;
  return o;
}

inline boost::json::value write_retrieved_hit(const RetrievedHit& h) {
  boost::json::object o;
  o["rank"] = h.rank;
  o["document"] = h.document;
  o["start_offset"] = h.start_offset;
  o["end_offset"] = h.end_offset;
  o["score"] = h.score;
  o["is_relevant"] = h.is_relevant;
  return o;
}

template <class T, class Write>
boost::json::array write_list(const std::vector<T>& items, Write write) {
  boost::json::array out;
  for (const T& item : items) out.push_back(write(item));
  return out;
}

inline boost::json::value write_query_result(const QueryResult& q) {
  boost::json::object o;
  o["query_id"] = q.query_id;
  o["query"] = q.query;
  o["category"] = q.category;
  o["is_no_answer"] = q.is_no_answer;
  o["gold"] = write_list(q.gold, write_gold_span);
  o["total_relevant_chunks"] = q.total_relevant_chunks;
  o["retrieved"] = write_list(q.retrieved, write_retrieved_hit);
  o["metrics"] = write_nullable(q.metrics, write_query_metrics);
  o["latency_ms"] = q.latency_ms;
  return o;
}

inline boost::json::value write_by_category(const std::vector<std::pair<std::string, MetricSet>>& by_category) {
  boost::json::object o;
  for (const auto& [name, metrics] : by_category) o[name] = write_metric_set(metrics);
  return o;
}

inline boost::json::value write_stage_result(const StageResult& s) {
  boost::json::object o;
  o["stage"] = write_stage_name(s.stage);
  o["is_baseline"] = s.is_baseline;
  o["aggregate"] = write_metric_set(s.aggregate);
  o["by_category"] = write_by_category(s.by_category);
  o["no_answer_query_count"] = s.no_answer_query_count;
  o["no_answer_abstained_count"] = s.no_answer_abstained_count;
  o["latency_p50_ms"] = s.latency_p50_ms;
  o["latency_p95_ms"] = s.latency_p95_ms;
  o["latency_p99_ms"] = s.latency_p99_ms;
  o["queries"] = write_list(s.queries, write_query_result);
  return o;
}

inline boost::json::value write_synthesis(const SynthesisReport& s) {
  boost::json::object o;
  o["input_stage"] = write_stage_name(s.input_stage);
  o["synthesis_provider"] = s.synthesis_provider;
  o["synthesis_model"] = s.synthesis_model;
  o["synthesis_prompt_hash"] = s.synthesis_prompt_hash;
  o["redacted"] = s.redacted;
  o["answered_count"] = s.answered_count;
  o["abstained_count"] = s.abstained_count;
  o["rejected_count"] = s.rejected_count;
  o["judge_provider"] = write_nullable(s.judge_provider, write_string);
  o["judge_model"] = write_nullable(s.judge_model, write_string);
  o["judge_prompt_hash"] = write_nullable(s.judge_prompt_hash, write_string);
  o["judged_count"] = write_nullable(s.judged_count, write_integer);
  o["faithful_count"] = write_nullable(s.faithful_count, write_integer);
  o["unfaithful_count"] = write_nullable(s.unfaithful_count, write_integer);
  o["judge_error_count"] = write_nullable(s.judge_error_count, write_integer);
  return o;
}

}  // namespace detail

/// The report as `grk eval` writes it, key for key (write it with
/// grk::json::write_pretty for the same bytes).
inline boost::json::value to_json(const EvalReport& report) {
  boost::json::object o;
  o["schema_version"] = report.schema_version;
  o["run"] = detail::write_run_metadata(report.run);
  o["stages"] = detail::write_list(report.stages, detail::write_stage_result);
  o["synthesis"] = detail::write_nullable(report.synthesis, detail::write_synthesis);
  return o;
}

}  // namespace grk::report

#endif
