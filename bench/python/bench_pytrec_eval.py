#!/usr/bin/env python3
"""grk_plugins.pytrec_eval against pytrec_eval 0.5, and grk_plugins.ir_measures
against ir_measures 0.4.3 from files, in one run.

    bench_pytrec_eval.py [--queries 7000] [--depth 1000] [--repeat 3] [--work /dev/shm/DIR]

Run from the repository root with the built plugins on GRK_PLUGIN_PATH, e.g.
    GRK_PLUGIN_PATH=build/lib/grk/plugins python3 bench/python/bench_pytrec_eval.py

The input is MS MARCO dev's shape from a fixed seed: --queries queries of
--depth scored documents each, graded qrels (0..3) of 1 to 4 judged documents
a query, measures ndcg_cut.10, map, P.10, recall.100. Each evaluator gets the
same dicts: RelevanceEvaluator(qrels, measures).evaluate(run), the median of
--repeat calls in this process, and its peak memory in a child process of
its own (ru_maxrss: the dicts themselves, then the evaluation). For scale,
json.dumps of the run, which is what a JSON crossing would cost before any
scoring.

pytrec_eval is taken where this Python imports it (PYTHONPATH may name its
build; pytrec_eval is built from its source, `pip install --no-build-isolation
./pytrec_eval` with Debian's python3-dev, outside this repository); without
it only the drop-in's figures are printed. Where both run, their results are
compared first: every value of every query, bit for bit.

From files: the same qrels and run written as TREC files into --work (a
tmpfs by default), then ir_measures.calc_aggregate(measures, qrels path, run
path), the median of --repeat calls: grk_plugins.ir_measures reads the files
in C++; ir_measures 0.4.3 (where importable) reads them with its
read_trec_qrels / read_trec_run. nDCG@10, AP, P@10 and R@100 are the same
measures by ir_measures' names.

Last, grk_plugins.compare on two runs (the run and its reverse ranking) with
the paired t-test against the first: from the dicts (written as TREC files by
the compiled evaluator, then grk-eval evaluate) and from the files.
"""
import argparse
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "sdk" / "python"))
MEASURES = {"ndcg_cut.10", "map", "P.10", "recall.100"}
IR_MEASURES = ["nDCG@10", "AP", "P@10", "R@100"]


def make_inputs(queries, depth):
    rng = random.Random(20261205)
    qrels, run = {}, {}
    for q in range(queries):
        qid = str(1000000 + q * 7)
        documents = ["D%d" % rng.randrange(8_800_000) for _ in range(depth)]
        run[qid] = {doc: rng.random() * 30.0 for doc in documents}
        judged = rng.sample(documents[:50], rng.randint(1, 4))
        qrels[qid] = {doc: rng.randint(0, 3) for doc in judged}
    return qrels, run


def evaluator_module(name):
    if name == "grk":
        from grk_plugins import pytrec_eval as module
    else:
        import pytrec_eval as module
    return module


def time_evaluate(name, qrels, run, repeat):
    module = evaluator_module(name)
    seconds = []
    for _ in range(repeat):
        start = time.perf_counter()
        result = module.RelevanceEvaluator(qrels, MEASURES).evaluate(run)
        seconds.append(time.perf_counter() - start)
    return statistics.median(seconds), result


def child_peak(name, queries, depth):
    """Peak RSS (MB) of a child that builds the dicts and evaluates once, and of one that only builds them."""
    code = ("import sys; sys.path.insert(0, %r); import bench_pytrec_eval as b, resource; "
            "q, r = b.make_inputs(%d, %d); "
            "%s"
            "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)")
    evaluate = "b.evaluator_module(%r).RelevanceEvaluator(q, b.MEASURES).evaluate(r); " % name if name else ""
    done = subprocess.run([sys.executable, "-c", code % (str(Path(__file__).parent), queries, depth, evaluate)],
                          capture_output=True, text=True, check=True)
    return int(done.stdout) / 1024.0


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--queries", type=int, default=7000)
    parser.add_argument("--depth", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--work", default="/dev/shm/grk-bench-pytrec-eval")
    args = parser.parse_args()
    qrels, run = make_inputs(args.queries, args.depth)
    try:
        import pytrec_eval  # noqa: F401
        names = ["grk", "pytrec_eval"]
    except ImportError:
        names = ["grk"]
        print("pytrec_eval is not importable here: only the drop-in is timed")
    print("%d queries x %d documents, measures %s, GRK_THREADS=%s"
          % (args.queries, args.depth, ",".join(sorted(MEASURES)), os.environ.get("GRK_THREADS", "unset")))
    start = time.perf_counter()
    json.dumps(run)
    print("%-28s %8.3f s" % ("json.dumps(run)", time.perf_counter() - start))
    seconds, results = {}, {}
    for name in names:
        seconds[name], results[name] = time_evaluate(name, qrels, run, args.repeat)
    if len(names) == 2:
        assert results["grk"] == results["pytrec_eval"], "the two evaluators differ"
        print("results: identical (%d queries, every value)" % len(results["grk"]))
    base = child_peak(None, args.queries, args.depth)
    print("%-28s %8s %10.1f MB" % ("the dicts alone", "", base))
    for name in names:
        print("%-28s %8.3f s %10.1f MB peak" % (name + " evaluate", seconds[name], child_peak(name, args.queries, args.depth)))
    if len(names) == 2:
        print("pytrec_eval / grk: %.2fx (target >= 3x)" % (seconds["pytrec_eval"] / seconds["grk"]))
    from_files(qrels, run, args)


def from_files(qrels, run, args):
    os.makedirs(args.work, exist_ok=True)
    qrels_path, run_path = os.path.join(args.work, "qrels"), os.path.join(args.work, "run")
    with open(qrels_path, "w", encoding="utf-8") as file:
        file.writelines("%s 0 %s %d\n" % (q, d, r) for q, docs in qrels.items() for d, r in docs.items())
    with open(run_path, "w", encoding="utf-8") as file:
        for q, docs in run.items():
            ranked = sorted(docs.items(), key=lambda item: -item[1])
            file.writelines("%s Q0 %s %d %r bench\n" % (q, d, k + 1, s) for k, (d, s) in enumerate(ranked))
    from grk_plugins import ir_measures as grk_ir
    timed = {}
    for name, calc in [("grk", lambda: grk_ir.calc_aggregate(IR_MEASURES, qrels_path, run_path))] + (
            [("ir_measures", lambda: reference_calc(qrels_path, run_path))] if has_ir_measures() else []):
        seconds = []
        for _ in range(args.repeat):
            start = time.perf_counter()
            calc()
            seconds.append(time.perf_counter() - start)
        timed[name] = statistics.median(seconds)
        print("%-28s %8.3f s" % (name + " from files", timed[name]))
    if len(timed) == 2:
        print("ir_measures / grk from files: %.2fx (target >= 10x)" % (timed["ir_measures"] / timed["grk"]))
    else:
        print("ir_measures is not importable here: only the drop-in is timed from files (%s)" % args.work)
    time_compare(qrels, run, qrels_path, run_path, args)


def time_compare(qrels, run, qrels_path, run_path, args):
    import grk_plugins
    reverse = {q: {d: 30.0 - s for d, s in docs.items()} for q, docs in run.items()}
    reverse_path = os.path.join(args.work, "reverse")
    with open(reverse_path, "w", encoding="utf-8") as file:
        file.writelines("%s Q0 %s 0 %r bench\n" % (q, d, s) for q, docs in reverse.items() for d, s in docs.items())
    for name, inputs in (("compare from dicts", (qrels, {"run": run, "reverse": reverse})),
                         ("compare from files", (qrels_path, {"run": run_path, "reverse": reverse_path}))):
        seconds = []
        for _ in range(args.repeat):
            start = time.perf_counter()
            grk_plugins.compare(*inputs, IR_MEASURES, baseline="run")
            seconds.append(time.perf_counter() - start)
        print("%-28s %8.3f s" % (name, statistics.median(seconds)))


def has_ir_measures():
    try:
        import ir_measures  # noqa: F401
        return True
    except ImportError:
        return False


def reference_calc(qrels_path, run_path):
    import ir_measures
    return ir_measures.calc_aggregate([ir_measures.parse_measure(m) for m in IR_MEASURES],
                                      ir_measures.read_trec_qrels(qrels_path), ir_measures.read_trec_run(run_path))


if __name__ == "__main__":
    main()
