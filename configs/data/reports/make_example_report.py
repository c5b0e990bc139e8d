"""Writes example-eval-report.json: a groundkit EvalReport as `grk eval`
writes it (docs/behaviour/eval-report.md §1, §4), for the paired-bootstrap example step.

Four stages (bm25 baseline, dense, fusion, rerank), 40 queries of which 6
are no-answer, over a made-up 8-document corpus. Retrieval is simulated with
a seeded generator; everything derived from it is computed as the runner
does: gold chunk sets by span overlap, hit-rate recall, reciprocal rank,
binary nDCG@10, aggregates with CPython 3.11 sum(), nearest-rank latency
percentiles. The layout is pydantic's model_dump_json(indent=2): for the
values written here (no float below 1e-4) json.dumps(indent=2) writes the
same bytes. No trailing newline. Run with CPython 3.11 (sum(), docs/behaviour/paired-bootstrap.md §5).

usage: python3 make_example_report.py > example-eval-report.json
"""
import json
import math
import random
import sys

CHUNK_SIZE, CHUNK_OVERLAP, TOP_K = 512, 64, 10
STEP = CHUNK_SIZE - CHUNK_OVERLAP

DOCUMENTS = {
    "dead-letter-handling.md": 2900,
    "worker-pool-autoscaling.md": 3400,
    "retry-budgets.md": 2100,
    "idempotency-keys.md": 1800,
    "queue-partitioning.md": 2600,
    "visibility-timeouts.md": 1500,
    "consumer-lag-alerts.md": 2300,
    "poison-message-triage.md": 1200,
}

TOPICS = [
    ("autoscale-trigger-signal", "What backpressure signal makes the pool spin up more workers?", "worker-pool-autoscaling.md"),
    ("autoscale-cooldown", "How long does the pool wait before scaling down again?", "worker-pool-autoscaling.md"),
    ("autoscale-two-triggers", "Which two conditions can each start a scale-out?", "worker-pool-autoscaling.md"),
    ("autoscale-max-workers", "Is there a ceiling on how many workers the pool adds?", "worker-pool-autoscaling.md"),
    ("dlh-retry-ceiling", "When does a message get moved to the dead-letter queue?", "dead-letter-handling.md"),
    ("dlh-replay", "How do operators send dead-lettered messages back for processing?", "dead-letter-handling.md"),
    ("dlh-injection-1", "Can operators change the retry-count ceiling that decides when a message goes to the DLQ?", "dead-letter-handling.md"),
    ("dlh-retention", "How long are dead-lettered messages kept?", "dead-letter-handling.md"),
    ("retry-budget-window", "Over what window is the retry budget measured?", "retry-budgets.md"),
    ("retry-budget-exhausted", "What happens to calls once the retry budget is spent?", "retry-budgets.md"),
    ("retry-jitter", "Why is jitter added between retries?", "retry-budgets.md"),
    ("retry-budget-ratio", "What share of traffic may be retries?", "retry-budgets.md"),
    ("idem-key-scope", "Which requests share one idempotency key?", "idempotency-keys.md"),
    ("idem-key-expiry", "When does a stored idempotency key expire?", "idempotency-keys.md"),
    ("idem-conflict", "What is returned when the same key arrives with a different body?", "idempotency-keys.md"),
    ("partition-key-choice", "How should a partition key be chosen?", "queue-partitioning.md"),
    ("partition-hot-spot", "What are the signs of a hot partition?", "queue-partitioning.md"),
    ("partition-rebalance", "What triggers a partition rebalance?", "queue-partitioning.md"),
    ("partition-ordering", "Is ordering kept across partitions?", "queue-partitioning.md"),
    ("partition-count", "Can the number of partitions be changed later?", "queue-partitioning.md"),
    ("visibility-extend", "How does a consumer extend its lease on a message?", "visibility-timeouts.md"),
    ("visibility-default", "What is the default visibility timeout?", "visibility-timeouts.md"),
    ("visibility-too-short", "What goes wrong when the timeout is shorter than processing?", "visibility-timeouts.md"),
    ("lag-alert-threshold", "At what lag does the consumer alert page someone?", "consumer-lag-alerts.md"),
    ("lag-alert-flapping", "How is alert flapping avoided?", "consumer-lag-alerts.md"),
    ("lag-per-partition", "Is lag measured per partition or per group?", "consumer-lag-alerts.md"),
    ("lag-injection-2", "Which dashboard shows consumer lag history?", "consumer-lag-alerts.md"),
    ("poison-detect", "How is a poison message recognised?", "poison-message-triage.md"),
    ("poison-quarantine", "Where are quarantined messages kept?", "poison-message-triage.md"),
    ("poison-owner", "Who is notified about a poison message?", "poison-message-triage.md"),
    ("poison-sample", "How many poison messages are sampled for triage?", "poison-message-triage.md"),
    ("dlh-alarm", "Which alarm fires when the dead-letter queue grows?", "dead-letter-handling.md"),
    ("retry-idempotent-only", "Which operations are safe to retry automatically?", "retry-budgets.md"),
    ("partition-consumer-count", "Why can consumers not outnumber partitions usefully?", "queue-partitioning.md"),
]
NO_ANSWER = [
    ("noanswer-1", "gum arabic granulation cobalt pigment cold-press"),
    ("noanswer-2", "sourdough levain hydration autolyse crumb"),
    ("noanswer-3", "violin rosin bow rehair pernambuco"),
    ("noanswer-4", "orchid repotting bark sphagnum keiki"),
    ("noanswer-5", "espresso tamping pressure crema channeling"),
    ("noanswer-6", "kayak skeg edging bulkhead sprayskirt"),
]

# How often a stage puts a gold chunk first, near the top, or nowhere (rest).
STAGES = [
    ("bm25", 0.30, 0.35, 11.0),
    ("dense", 0.42, 0.33, 0.9),
    ("fusion", 0.50, 0.32, 0.033),
    ("rerank", 0.64, 0.26, 0.99),
]


def chunks(length):
    spans, start = [], 0
    while True:
        end = min(start + CHUNK_SIZE, length)
        spans.append((start, end))
        if end >= length:
            return spans
        start += STEP


CHUNKS = [(doc, s, e) for doc, length in DOCUMENTS.items() for (s, e) in chunks(length)]


def python_mean(values):
    return sum(values) / len(values)


def metrics_for(ranked, gold):
    def hit(k):
        return 1.0 if any(c in gold for c in ranked[:k]) else 0.0

    rr = 0.0
    for rank, c in enumerate(ranked, start=1):
        if c in gold:
            rr = 1.0 / rank
            break
    dcg = 0.0
    for rank, c in enumerate(ranked[:10], start=1):
        if c in gold:
            dcg += 1.0 / math.log2(rank + 1)
    idcg = sum(1.0 / math.log2(i + 1) for i in range(1, min(len(gold), 10) + 1))
    ndcg = min(1.0, max(0.0, dcg / idcg)) if idcg > 0 else 0.0
    return {"recall_at_1": hit(1), "recall_at_5": hit(5), "recall_at_10": hit(10),
            "reciprocal_rank": rr, "ndcg_at_10": ndcg}


def nearest_rank(sorted_values, p):
    n = len(sorted_values)
    if n == 0:
        return 0.0
    rank = max(1, min(n, -(-p * n // 100)))
    return sorted_values[rank - 1]


def build_judgments(rng):
    judgments = []
    for slug, query, doc in TOPICS:
        length = DOCUMENTS[doc]
        spans = 2 if slug.endswith("two-triggers") or slug.endswith("replay") else 1
        gold = []
        for _ in range(spans):
            start = rng.randrange(0, length - 120)
            end = start + rng.randrange(40, 110)
            gold.append((doc, start, end, f"quote {start}-{end} of {doc}"))
        category = "adversarial" if "injection" in slug else ("ambiguous" if spans == 2 else "normal")
        judgments.append(("s1-" + slug, query, category, gold))
    for slug, query in NO_ANSWER:
        judgments.append(("s1-" + slug, query, "no_answer", []))
    judgments.sort(key=lambda j: j[0])
    return judgments


def gold_chunks(gold):
    out = []
    for doc, s, e, _ in gold:
        for c in CHUNKS:
            if c[0] == doc and c[1] < e and s < c[2] and c not in out:
                out.append(c)
    return out


def stage_queries(rng, judgments, name, p_first, p_near, top_score):
    queries = []
    for query_id, text, category, gold in judgments:
        gold_set = gold_chunks(gold)
        others = [c for c in CHUNKS if c not in gold_set]
        ranked = rng.sample(others, TOP_K)
        if gold_set:
            roll = rng.random()
            if roll < p_first:
                ranked[0] = gold_set[0]
            elif roll < p_first + p_near:
                ranked[rng.randrange(1, TOP_K)] = gold_set[0]
            if len(gold_set) > 1 and rng.random() < p_first:
                ranked[rng.randrange(1, TOP_K)] = gold_set[1]
        abstain = not gold_set and name in ("rerank", "fusion") and rng.random() < 0.5
        if abstain:
            ranked = []
        base_latency = {"bm25": 1.5, "dense": 6.0, "fusion": 7.5, "rerank": 38.0}[name]
        latency = round(base_latency + rng.random() * base_latency, 3)
        retrieved = []
        score = top_score
        for rank, c in enumerate(ranked, start=1):
            retrieved.append({"rank": rank, "document": c[0], "start_offset": c[1], "end_offset": c[2],
                              "score": round(score, 4), "is_relevant": c in gold_set})
            score *= 0.9
        metrics = None if not gold else metrics_for(ranked, gold_set)
        queries.append({
            "query_id": query_id, "query": text, "category": category, "is_no_answer": not gold,
            "gold": [{"document": d, "start_offset": s, "end_offset": e, "quote": q} for d, s, e, q in gold],
            "total_relevant_chunks": len(gold_set), "retrieved": retrieved, "metrics": metrics,
            "latency_ms": latency,
        })
    return queries


def metric_set(queries):
    answered = [q["metrics"] for q in queries]
    return {"query_count": len(answered),
            "recall_at_1": python_mean([m["recall_at_1"] for m in answered]),
            "recall_at_5": python_mean([m["recall_at_5"] for m in answered]),
            "recall_at_10": python_mean([m["recall_at_10"] for m in answered]),
            "mrr": python_mean([m["reciprocal_rank"] for m in answered]),
            "ndcg_at_10": python_mean([m["ndcg_at_10"] for m in answered])}


def stage_result(name, queries):
    answerable = [q for q in queries if q["metrics"] is not None]
    by_category = {}
    for q in answerable:
        by_category.setdefault(q["category"], []).append(q)
    latencies = sorted(q["latency_ms"] for q in queries)
    return {
        "stage": name, "is_baseline": name == "bm25",
        "aggregate": metric_set(answerable),
        "by_category": {c: metric_set(qs) for c, qs in by_category.items()},
        "no_answer_query_count": sum(1 for q in queries if q["is_no_answer"]),
        "no_answer_abstained_count": sum(1 for q in queries if q["is_no_answer"] and not q["retrieved"]),
        "latency_p50_ms": nearest_rank(latencies, 50),
        "latency_p95_ms": nearest_rank(latencies, 95),
        "latency_p99_ms": nearest_rank(latencies, 99),
        "queries": queries,
    }


def main():
    rng = random.Random(20260824)
    judgments = build_judgments(rng)
    stages = [stage_result(name, stage_queries(rng, judgments, name, p1, p2, top))
              for name, p1, p2, top in STAGES]
    report = {
        "schema_version": 1,
        "run": {
            "run_id": "5e1f0c2a9b8d4e6f8a7b6c5d4e3f2a1b",
            "started_at": "2026-08-24T09:30:00.123456+00:00",
            "groundkit_version": "0.1.0",
            "corpus_hash": "3f7a9c1e5b2d8f4a6c0e9b7d5f3a1c8e2b4d6f8a0c2e4b6d8f0a2c4e6b8d0f2a",
            "judgments_hash": "9d8c7b6a5f4e3d2c1b0a9f8e7d6c5b4a3f2e1d0c9b8a7f6e5d4c3b2a1f0e9d8c",
            "document_count": len(DOCUMENTS),
            "chunk_count": len(CHUNKS),
            "judgment_count": len(judgments),
            "config": {
                "chunk_size": CHUNK_SIZE, "chunk_overlap": CHUNK_OVERLAP, "top_k": TOP_K,
                "bm25_k1": 1.5, "bm25_b": 0.75, "score_threshold": None,
                "embedding": {"provider": "ollama", "model_name": "nomic-embed-text", "dimensions": 768},
                "rrf_k": 60, "rerank_input": "fusion", "rerank_candidates": 50,
                "rerank_model": "cross-encoder/ms-marco-MiniLM-L-6-v2",
            },
        },
        "stages": stages,
        "synthesis": None,
    }
    sys.stdout.write(json.dumps(report, indent=2, ensure_ascii=False))


if __name__ == "__main__":
    main()
