"""What the drop-in tests share: the import path, and groundkit's report
fixture of docs/behaviour/paired-bootstrap.md §11 (cases 9-14).

Environment (set by CMakeLists.txt): GRK_PYTHON_DIR (sdk/python),
GRK_PLUGIN_PATH (the build's plugin folder), GRK_SOURCE_DIR.
"""
import os
import sys

sys.path.insert(0, os.environ["GRK_PYTHON_DIR"])
SOURCE = os.environ["GRK_SOURCE_DIR"]
sys.path.insert(0, os.path.join(SOURCE, "bench", "significance"))

from grk_plugins import groundkit as gk  # noqa: E402


def query(query_id, *, score=None, reciprocal_rank=None, no_answer=False):
    """One QueryResult dict: the fixture's constants around one score."""
    if no_answer:
        return {"query_id": query_id, "query": query_id, "category": "no_answer", "is_no_answer": True,
                "gold": [], "total_relevant_chunks": 0, "retrieved": [], "metrics": None, "latency_ms": 1.0}
    metrics = {"recall_at_1": 1.0, "recall_at_5": 1.0, "recall_at_10": 1.0,
               "reciprocal_rank": reciprocal_rank if reciprocal_rank is not None else 1.0,
               "ndcg_at_10": score if score is not None else 1.0}
    return {"query_id": query_id, "query": query_id, "category": "normal", "is_no_answer": False,
            "gold": [{"document": "a.md", "start_offset": 0, "end_offset": 4, "quote": "text"}],
            "total_relevant_chunks": 1, "retrieved": [], "metrics": metrics, "latency_ms": 1.0}


def stage(name, queries, *, baseline=False):
    aggregate = {"query_count": len(queries), "recall_at_1": 0.5, "recall_at_5": 0.5, "recall_at_10": 0.5,
                 "mrr": 0.5, "ndcg_at_10": 0.5}
    return {"stage": name, "is_baseline": baseline, "aggregate": aggregate, "by_category": {},
            "no_answer_query_count": sum(1 for q in queries if q["is_no_answer"]),
            "no_answer_abstained_count": 0, "latency_p50_ms": 1.0, "latency_p95_ms": 2.0,
            "latency_p99_ms": 3.0, "queries": queries}


def report(*stages):
    """An EvalReport model (this package's, or groundkit's when importable)."""
    return gk.EvalReport.model_validate({
        "run": {"run_id": "r" * 32, "started_at": "2026-08-24T00:00:00+00:00", "groundkit_version": "0.1.0",
                "corpus_hash": "c" * 64, "judgments_hash": "j" * 64, "document_count": 1, "chunk_count": 1,
                "judgment_count": 2,
                "config": {"chunk_size": 512, "chunk_overlap": 64, "top_k": 10, "bm25_k1": 1.5, "bm25_b": 0.75,
                           "score_threshold": None}},
        "stages": list(stages)})
