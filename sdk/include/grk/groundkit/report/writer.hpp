// EvalReport -> JSON value with the keys in the model's declaration order, so
// that grk::json::write_pretty gives the bytes `grk eval` writes (reference 1.1).
#ifndef GRK_GROUNDKIT_REPORT_WRITER_HPP
#define GRK_GROUNDKIT_REPORT_WRITER_HPP

#include <boost/json/value.hpp>

#include <optional>
#include <string>

#include <grk/groundkit/report/model.hpp>
#include <grk/groundkit/report/names.hpp>

namespace grk::report {

namespace detail {

template <class T, class Convert>
boost::json::value nullable(const std::optional<T>& value, Convert convert) {
  if (!value) return nullptr;
  return convert(*value);
}

inline boost::json::value stage_json(StageName stage) {
  return boost::json::string(std::string(to_string(stage)));
}

inline boost::json::value metric_set_json(const MetricSet& m) {
  boost::json::object o;
  o["query_count"] = m.query_count;
  o["recall_at_1"] = m.recall_at_1;
  o["recall_at_5"] = m.recall_at_5;
  o["recall_at_10"] = m.recall_at_10;
  o["mrr"] = m.mrr;
  o["ndcg_at_10"] = m.ndcg_at_10;
  return o;
}

}  // namespace detail

inline boost::json::value to_json(const EvalReport& report) {
  using detail::nullable;
  const auto str = [](const std::string& s) { return boost::json::value(s); };
  const auto integer = [](std::int64_t i) { return boost::json::value(i); };

  const RunConfig& c = report.run.config;
  boost::json::object config;
  config["chunk_size"] = c.chunk_size;
  config["chunk_overlap"] = c.chunk_overlap;
  config["top_k"] = c.top_k;
  config["bm25_k1"] = c.bm25_k1;
  config["bm25_b"] = c.bm25_b;
  config["score_threshold"] = nullable(c.score_threshold, [](double d) { return boost::json::value(d); });
  config["embedding"] = nullable(c.embedding, [](const EmbeddingIdentity& e) {
    boost::json::object o;
    o["provider"] = e.provider;
    o["model_name"] = e.model_name;
    o["dimensions"] = e.dimensions;
    return boost::json::value(std::move(o));
  });
  config["rrf_k"] = nullable(c.rrf_k, integer);
  config["rerank_input"] = nullable(c.rerank_input, detail::stage_json);
  config["rerank_candidates"] = nullable(c.rerank_candidates, integer);
  config["rerank_model"] = nullable(c.rerank_model, str);

  const RunMetadata& r = report.run;
  boost::json::object run;
  run["run_id"] = r.run_id;
  run["started_at"] = r.started_at;
  run["groundkit_version"] = r.groundkit_version;
  run["corpus_hash"] = r.corpus_hash;
  run["judgments_hash"] = r.judgments_hash;
  run["document_count"] = r.document_count;
  run["chunk_count"] = r.chunk_count;
  run["judgment_count"] = r.judgment_count;
  run["config"] = std::move(config);

  boost::json::array stages;
  for (const StageResult& s : report.stages) {
    boost::json::object stage;
    stage["stage"] = detail::stage_json(s.stage);
    stage["is_baseline"] = s.is_baseline;
    stage["aggregate"] = detail::metric_set_json(s.aggregate);
    boost::json::object by_category;
    for (const auto& [name, metrics] : s.by_category) by_category[name] = detail::metric_set_json(metrics);
    stage["by_category"] = std::move(by_category);
    stage["no_answer_query_count"] = s.no_answer_query_count;
    stage["no_answer_abstained_count"] = s.no_answer_abstained_count;
    stage["latency_p50_ms"] = s.latency_p50_ms;
    stage["latency_p95_ms"] = s.latency_p95_ms;
    stage["latency_p99_ms"] = s.latency_p99_ms;
    boost::json::array queries;
    for (const QueryResult& q : s.queries) {
      boost::json::object query;
      query["query_id"] = q.query_id;
      query["query"] = q.query;
      query["category"] = q.category;
      query["is_no_answer"] = q.is_no_answer;
      boost::json::array gold;
      for (const GoldSpanResult& g : q.gold) {
        boost::json::object span;
        span["document"] = g.document;
        span["start_offset"] = g.start_offset;
        span["end_offset"] = g.end_offset;
        span["quote"] = g.quote;
        gold.push_back(std::move(span));
      }
      query["gold"] = std::move(gold);
      query["total_relevant_chunks"] = q.total_relevant_chunks;
      boost::json::array retrieved;
      for (const RetrievedHit& h : q.retrieved) {
        boost::json::object hit;
        hit["rank"] = h.rank;
        hit["document"] = h.document;
        hit["start_offset"] = h.start_offset;
        hit["end_offset"] = h.end_offset;
        hit["score"] = h.score;
        hit["is_relevant"] = h.is_relevant;
        retrieved.push_back(std::move(hit));
      }
      query["retrieved"] = std::move(retrieved);
      query["metrics"] = nullable(q.metrics, [](const QueryMetrics& m) {
        boost::json::object o;
        o["recall_at_1"] = m.recall_at_1;
        o["recall_at_5"] = m.recall_at_5;
        o["recall_at_10"] = m.recall_at_10;
        o["reciprocal_rank"] = m.reciprocal_rank;
        o["ndcg_at_10"] = m.ndcg_at_10;
        return boost::json::value(std::move(o));
      });
      query["latency_ms"] = q.latency_ms;
      queries.push_back(std::move(query));
    }
    stage["queries"] = std::move(queries);
    stages.push_back(std::move(stage));
  }

  boost::json::object out;
  out["schema_version"] = report.schema_version;
  out["run"] = std::move(run);
  out["stages"] = std::move(stages);
  out["synthesis"] = nullable(report.synthesis, [&](const SynthesisReport& s) {
    boost::json::object o;
    o["input_stage"] = detail::stage_json(s.input_stage);
    o["synthesis_provider"] = s.synthesis_provider;
    o["synthesis_model"] = s.synthesis_model;
    o["synthesis_prompt_hash"] = s.synthesis_prompt_hash;
    o["redacted"] = s.redacted;
    o["answered_count"] = s.answered_count;
    o["abstained_count"] = s.abstained_count;
    o["rejected_count"] = s.rejected_count;
    o["judge_provider"] = nullable(s.judge_provider, str);
    o["judge_model"] = nullable(s.judge_model, str);
    o["judge_prompt_hash"] = nullable(s.judge_prompt_hash, str);
    o["judged_count"] = nullable(s.judged_count, integer);
    o["faithful_count"] = nullable(s.faithful_count, integer);
    o["unfaithful_count"] = nullable(s.unfaithful_count, integer);
    o["judge_error_count"] = nullable(s.judge_error_count, integer);
    return boost::json::value(std::move(o));
  });
  return out;
}

}  // namespace grk::report

#endif
