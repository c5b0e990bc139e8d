"""groundkit's paired bootstrap (docs/behaviour/paired-bootstrap.md §3-§6), clean-room, for timing.

The CPython column of bench_significance runs this file. It reads a scores
file ({"baseline": {qid: score}, "candidate": {qid: score}}) and prints the
seconds the bootstrap took and the result as one JSON line. Run it with the
reference interpreter (CPython 3.11): 3.12 changed sum() (docs/behaviour/paired-bootstrap.md §5).

usage: reference_bootstrap.py SCORES.json RESAMPLES SEED CONFIDENCE_LEVEL
"""
import json
import math
import random
import sys
import time


def quantile(ordered, p):
    pos = (len(ordered) - 1) * p
    lo = math.floor(pos)
    hi = math.ceil(pos)
    if lo == hi:
        return ordered[lo]
    w = pos - lo
    return ordered[lo] * (1.0 - w) + ordered[hi] * w


def paired_bootstrap(baseline, candidate, resamples, seed, confidence_level):
    ids = sorted(baseline)
    deltas = [candidate[q] - baseline[q] for q in ids]
    n = len(deltas)
    rng = random.Random(seed)
    means = []
    for _ in range(resamples):
        total = sum(deltas[rng.randrange(n)] for _ in range(n))
        means.append(total / n)
    means.sort()
    alpha = (1.0 - confidence_level) / 2.0
    low = quantile(means, alpha)
    high = quantile(means, 1.0 - alpha)
    non_positive = sum(1 for m in means if m <= 0.0)
    non_negative = sum(1 for m in means if m >= 0.0)
    p = min(1.0, 2.0 * (min(non_positive, non_negative) + 1) / (resamples + 1))
    effect = sum(deltas) / n
    return {
        "query_count": n,
        "effect": effect,
        "confidence_interval_low": low,
        "confidence_interval_high": high,
        "p_value_two_sided": p,
        "significant": low > 0.0 or high < 0.0,
    }


def main():
    path, resamples, seed, level = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), float(sys.argv[4])
    with open(path, encoding="utf-8") as handle:
        scores = json.load(handle)
    start = time.perf_counter()
    result = paired_bootstrap(scores["baseline"], scores["candidate"], resamples, seed, level)
    seconds = time.perf_counter() - start
    print(json.dumps({"seconds": seconds, "result": result}))


if __name__ == "__main__":
    main()
