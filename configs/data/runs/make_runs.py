"""Writes <stage>.txt for each stage of ../reports/example-eval-report.json:
its per-query metrics as `trec_eval -q` lays them out, for the `runs` input
of the comparisons (docs/behaviour/comparisons.md §3).

Each file starts with the `runid` row, then per query (in the report's
order) one row per measure, named as trec_eval names them (recall_1,
recall_5, recall_10, recip_rank, ndcg_cut_10), then the `all` rows with the
means. The measure is padded to 22 characters as trec_eval pads it. Values
are written with every digit (repr) rather than trec_eval's four decimals,
so that a comparison on these files equals the same comparison on the
report, bit for bit. No-answer queries have no metrics and no rows, as
trec_eval has no rows for a topic without relevance judgments.

usage: python3 make_runs.py   (writes next to this file)
"""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
MEASURES = [("recall_at_1", "recall_1"), ("recall_at_5", "recall_5"), ("recall_at_10", "recall_10"),
            ("reciprocal_rank", "recip_rank"), ("ndcg_at_10", "ndcg_cut_10")]


def row(measure, query, value):
    return f"{measure:<22}\t{query}\t{value}\n"


def main():
    with open(os.path.join(HERE, "..", "reports", "example-eval-report.json"), encoding="utf-8") as handle:
        report = json.load(handle)
    for stage in report["stages"]:
        lines = [row("runid", "all", stage["stage"])]
        sums = {name: [] for name, _ in MEASURES}
        for query in stage["queries"]:
            if query["metrics"] is None:
                continue
            for name, measure in MEASURES:
                value = query["metrics"][name]
                sums[name].append(value)
                lines.append(row(measure, query["query_id"], repr(value)))
        for name, measure in MEASURES:
            lines.append(row(measure, "all", f"{sum(sums[name]) / len(sums[name]):.4f}"))
        with open(os.path.join(HERE, stage["stage"] + ".txt"), "w", encoding="utf-8", newline="\n") as out:
            out.writelines(lines)


if __name__ == "__main__":
    main()
