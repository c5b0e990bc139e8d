// The example report of docs/behaviour/eval-report.md §5 (two stages, a no-answer query), as
// JSON text, for tests that start from a valid report and break one thing.
#ifndef GRK_TESTS_REPORT_EXAMPLE_REPORT_HPP
#define GRK_TESTS_REPORT_EXAMPLE_REPORT_HPP

namespace grk_test {

inline constexpr const char* reference_example_report = R"({
  "schema_version": 1,
  "run": {
    "run_id": "0123456789abcdef0123456789abcdef",
    "started_at": "2026-08-24T00:00:00+00:00",
    "groundkit_version": "0.1.0",
    "corpus_hash": "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
    "judgments_hash": "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb",
    "document_count": 1, "chunk_count": 2, "judgment_count": 2,
    "config": {
      "chunk_size": 512, "chunk_overlap": 64, "top_k": 10, "bm25_k1": 1.5, "bm25_b": 0.75,
      "score_threshold": null,
      "embedding": {"provider": "ollama", "model_name": "nomic-embed-text", "dimensions": 768},
      "rrf_k": 60, "rerank_input": null, "rerank_candidates": null, "rerank_model": null
    }
  },
  "stages": [
    {
      "stage": "bm25", "is_baseline": true,
      "aggregate": {"query_count": 1, "recall_at_1": 0.0, "recall_at_5": 1.0, "recall_at_10": 1.0, "mrr": 0.5, "ndcg_at_10": 0.6309297535714575},
      "by_category": {"normal": {"query_count": 1, "recall_at_1": 0.0, "recall_at_5": 1.0, "recall_at_10": 1.0, "mrr": 0.5, "ndcg_at_10": 0.6309297535714575}},
      "no_answer_query_count": 1, "no_answer_abstained_count": 1,
      "latency_p50_ms": 1.25, "latency_p95_ms": 2.5, "latency_p99_ms": 2.5,
      "queries": [
        {"query_id": "q-1", "query": "what does the body say", "category": "normal", "is_no_answer": false,
         "gold": [{"document": "doc-1.txt", "start_offset": 0, "end_offset": 11, "quote": "Title\n\nBody"}],
         "total_relevant_chunks": 1,
         "retrieved": [
           {"rank": 1, "document": "doc-2.txt", "start_offset": 0, "end_offset": 9, "score": 2.1, "is_relevant": false},
           {"rank": 2, "document": "doc-1.txt", "start_offset": 0, "end_offset": 11, "score": 1.7, "is_relevant": true}],
         "metrics": {"recall_at_1": 0.0, "recall_at_5": 1.0, "recall_at_10": 1.0, "reciprocal_rank": 0.5, "ndcg_at_10": 0.6309297535714575},
         "latency_ms": 1.25},
        {"query_id": "q-2", "query": "zebra xylophone", "category": "no_answer", "is_no_answer": true,
         "gold": [], "total_relevant_chunks": 0, "retrieved": [], "metrics": null, "latency_ms": 2.5}
      ]
    },
    {
      "stage": "dense", "is_baseline": false,
      "aggregate": {"query_count": 1, "recall_at_1": 1.0, "recall_at_5": 1.0, "recall_at_10": 1.0, "mrr": 1.0, "ndcg_at_10": 1.0},
      "by_category": {"normal": {"query_count": 1, "recall_at_1": 1.0, "recall_at_5": 1.0, "recall_at_10": 1.0, "mrr": 1.0, "ndcg_at_10": 1.0}},
      "no_answer_query_count": 1, "no_answer_abstained_count": 0,
      "latency_p50_ms": 3.0, "latency_p95_ms": 4.0, "latency_p99_ms": 4.0,
      "queries": [
        {"query_id": "q-1", "query": "what does the body say", "category": "normal", "is_no_answer": false,
         "gold": [{"document": "doc-1.txt", "start_offset": 0, "end_offset": 11, "quote": "Title\n\nBody"}],
         "total_relevant_chunks": 1,
         "retrieved": [{"rank": 1, "document": "doc-1.txt", "start_offset": 0, "end_offset": 11, "score": 0.83, "is_relevant": true}],
         "metrics": {"recall_at_1": 1.0, "recall_at_5": 1.0, "recall_at_10": 1.0, "reciprocal_rank": 1.0, "ndcg_at_10": 1.0},
         "latency_ms": 3.0},
        {"query_id": "q-2", "query": "zebra xylophone", "category": "no_answer", "is_no_answer": true,
         "gold": [], "total_relevant_chunks": 0,
         "retrieved": [{"rank": 1, "document": "doc-2.txt", "start_offset": 0, "end_offset": 9, "score": 0.12, "is_relevant": false}],
         "metrics": null, "latency_ms": 4.0}
      ]
    }
  ],
  "synthesis": null
})";

}  // namespace grk_test

#endif
