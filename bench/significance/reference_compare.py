"""groundkit's compare_report_stages once per row of a results table, for timing.

The CPython column of bench_compare_systems runs this file: for every
candidate and every measure of a set of trec_eval -q files, it pairs the
candidate with the baseline as compare_report_stages pairs two stages and runs
groundkit's paired bootstrap (reference_bootstrap.py next to this file), one
comparison after the other, as a user calling groundkit in a loop would.
It prints the seconds the comparisons took and, per comparison, the result as
one JSON line. Run it with CPython 3.11 (docs/behaviour/paired-bootstrap.md §5).

usage: reference_compare.py RESAMPLES SEED CONFIDENCE_LEVEL BASELINE=FILE CANDIDATE=FILE...
"""
import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from reference_bootstrap import paired_bootstrap  # noqa: E402


def read_trec_eval(path):
    """{measure: {query id: score}} of a trec_eval -q file (summary rows skipped)."""
    measures = {}
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            measure, query, value = line.rstrip("\n").split("\t")
            measure = measure.strip()
            if query == "all" or measure in ("runid", "relstring"):
                continue
            measures.setdefault(measure, {})[query] = float(value)
    return measures


def main():
    resamples, seed, level = int(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3])
    systems = [argument.split("=", 1) for argument in sys.argv[4:]]
    runs = [(name, read_trec_eval(path)) for name, path in systems]
    baseline_name, baseline = runs[0]
    rows = []
    start = time.perf_counter()
    for candidate_name, candidate in runs[1:]:
        for measure in sorted(baseline):
            result = paired_bootstrap(baseline[measure], candidate[measure], resamples, seed, level)
            rows.append({"baseline": baseline_name, "candidate": candidate_name, "metric": measure, **result})
    seconds = time.perf_counter() - start
    print(json.dumps({"seconds": seconds, "comparisons": rows}))


if __name__ == "__main__":
    main()
