"""Test oracle: groundkit's paired_bootstrap (docs/behaviour/paired-bootstrap.md §2-§6), written out
again in this test's own words, run by CPython 3.11 at test time.

Reads a JSON list of cases {baseline, candidate, resamples, seed,
confidence_level} and writes, per case, either
{"error": message} or the result with floats as repr() (exact: repr round-trips).
usage: bootstrap_oracle.py CASES.json OUT.json
"""
import json
import math
import random
import sys


def nearest_rank_interp(ordered, fraction):
    position = (len(ordered) - 1) * fraction
    below, above = math.floor(position), math.ceil(position)
    if below == above:
        return ordered[below]
    weight = position - below
    return ordered[below] * (1.0 - weight) + ordered[above] * weight


def bootstrap(case):
    base, cand = case["baseline"], case["candidate"]
    resamples, level = case["resamples"], case["confidence_level"]
    if resamples <= 0:
        return {"error": f"resamples must be positive, got {resamples}"}
    if not (0.0 < level < 1.0):
        return {"error": f"confidence_level must be between 0 and 1, got {level}"}
    if not base:
        return {"error": "paired bootstrap requires at least one query score"}
    if set(base) != set(cand):
        only_base = sorted(set(base) - set(cand))
        only_cand = sorted(set(cand) - set(base))
        return {"error": f"paired bootstrap query ids differ (missing from candidate={only_base}, "
                         f"missing from baseline={only_cand})"}
    ids = sorted(base)
    diffs = [cand[i] - base[i] for i in ids]
    if not all(math.isfinite(d) for d in diffs):
        return {"error": "paired bootstrap scores must be finite"}
    size = len(diffs)
    generator = random.Random(case["seed"])
    resample_means = []
    for _ in range(resamples):
        drawn = [diffs[generator.randrange(size)] for _ in range(size)]
        resample_means.append(sum(drawn) / size)
    resample_means.sort()
    tail = (1.0 - level) / 2.0
    low = nearest_rank_interp(resample_means, tail)
    high = nearest_rank_interp(resample_means, 1.0 - tail)
    at_or_below = len([m for m in resample_means if m <= 0.0])
    at_or_above = len([m for m in resample_means if m >= 0.0])
    p = min(1.0, 2.0 * (min(at_or_below, at_or_above) + 1) / (resamples + 1))
    return {
        "query_count": size,
        "effect": repr(sum(diffs) / size),
        "low": repr(low),
        "high": repr(high),
        "p": repr(p),
        "significant": low > 0.0 or high < 0.0,
    }


def main():
    with open(sys.argv[1], encoding="utf-8") as handle:
        cases = json.load(handle)
    with open(sys.argv[2], "w", encoding="utf-8") as handle:
        json.dump([bootstrap(case) for case in cases], handle, ensure_ascii=False)


if __name__ == "__main__":
    main()
