#!/usr/bin/env python3
"""grk_plugins.groundkit against groundkit's Python algorithms, both in this process.

    bench_dropin.py [--queries 1000] [--resamples 10000] [--repeat 5]
                    [--beir-documents 200000 --work /dev/shm/DIR]

Run from the repository root with the built plugins on GRK_PLUGIN_PATH, e.g.
    GRK_PLUGIN_PATH=build/lib/grk/plugins python3 bench/python/bench_dropin.py

paired_bootstrap: N queries of random scores, B resamples, the default seed
and level. The reference is bench/significance/reference_bootstrap.py (groundkit's
algorithm, clean-room) plus the BootstrapResult groundkit builds; the drop-in
is grk_plugins.groundkit.paired_bootstrap. Both results are compared
(model_dump_json) before any figure is printed. No process starts on either
side. The drop-in's time is split into the component's own call (the C ABI
invoke with the parameters already encoded) and the marshaling around it:
checking and encoding the mappings as JSON, decoding the result, building the
model. Best of --repeat runs for the drop-in; one run of the reference (it
takes seconds).

adapt_beir_dataset (with --beir-documents): a synthetic dataset
(bench/beir/generate_corpus.py) adapted by the drop-in and by
bench/beir/reference_beir.py into --work (use a tmpfs such as /dev/shm), outputs
compared byte for byte, best of --repeat for the drop-in, one reference run.
Needs Python 3.11 (sum() changed in 3.12, docs/behaviour/paired-bootstrap.md §5).
"""
import argparse
import ctypes
import filecmp
import json
import os
import random
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "sdk" / "python"))
sys.path.insert(0, str(ROOT / "bench" / "significance"))
sys.path.insert(0, str(ROOT / "bench" / "beir"))

import grk_plugins  # noqa: E402
from grk_plugins import groundkit as gk  # noqa: E402
from grk_plugins.groundkit import _plugin_calls, _significance  # noqa: E402
import reference_bootstrap  # noqa: E402


def best(fn, repeat):
    times, value = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        value = fn()
        times.append(time.perf_counter() - start)
    return min(times), value


def raw_invoke(module, component, text):
    """The component's call alone: the C ABI invoke on already-encoded params."""
    call = grk_plugins._Call(None, None, False)
    buffer = ctypes.create_string_buffer(text, len(text))
    status = module._invokers[component](ctypes.cast(buffer, ctypes.c_void_p), len(text), ctypes.byref(call.table),
                                         None)
    assert status == 0 and call.result is not None, call.error
    return call.result


def bench_bootstrap(queries, resamples, repeat):
    rng = random.Random(2026)
    baseline = {f"q{i:05d}": rng.random() for i in range(queries)}
    candidate = {q: min(1.0, s + rng.gauss(0.01, 0.1)) for q, s in baseline.items()}
    kw = {"baseline_name": "bm25", "candidate_name": "dense", "metric": "ndcg_at_10", "resamples": resamples}

    def reference():
        fields = reference_bootstrap.paired_bootstrap(baseline, candidate, resamples, 7, 0.95)
        return gk.BootstrapResult(baseline="bm25", candidate="dense", metric="ndcg_at_10", resamples=resamples,
                                  seed=7, confidence_level=0.95, **fields)

    dropin_seconds, dropin = best(lambda: gk.paired_bootstrap(baseline, candidate, **kw), repeat)
    reference_seconds, expected = best(reference, 1)
    if dropin.model_dump_json() != expected.model_dump_json():
        sys.exit("results differ:\n  drop-in   %s\n  reference %s" % (dropin.model_dump_json(),
                                                                      expected.model_dump_json()))

    module = _plugin_calls.module("significance")
    params = _significance._component_params(resamples, 7, 0.95)
    params["scores_data"] = {"baseline": baseline, "candidate": candidate}
    text = json.dumps(params).encode("ascii")
    native_seconds, result = best(lambda: raw_invoke(module, "paired-bootstrap", text), repeat)
    encode_seconds, _ = best(lambda: (_significance._score_map(baseline), _significance._score_map(candidate),
                                      json.dumps(params).encode("ascii")), repeat)
    decode_seconds, _ = best(lambda: _significance._result(json.loads(result), "bm25", "dense", "ndcg_at_10",
                                                           resamples, 7, 0.95), repeat)
    print(f"paired_bootstrap, N={queries}, B={resamples} (CPython {sys.version.split()[0]}, same process)")
    print(f"  groundkit's algorithm (Python)   {reference_seconds * 1e3:10.1f} ms")
    print(f"  grk_plugins.groundkit            {dropin_seconds * 1e3:10.2f} ms  ({reference_seconds / dropin_seconds:.0f}x)")
    print(f"    component call (C ABI invoke)  {native_seconds * 1e3:10.2f} ms")
    print(f"    marshaling                     {(encode_seconds + decode_seconds) * 1e3:10.2f} ms  "
          f"(check + json.dumps {encode_seconds * 1e3:.2f} ms, json.loads + model {decode_seconds * 1e3:.2f} ms)")
    rest = dropin_seconds - native_seconds - encode_seconds - decode_seconds
    print(f"    the rest (ctypes call, copies)  {rest * 1e3:10.2f} ms  (the difference; noisy on a loaded machine)")
    print(f"  results equal (model_dump_json): {expected.model_dump_json()}")


def same_tree(left, right):
    comparison = filecmp.dircmp(left, right)
    if comparison.left_only or comparison.right_only or comparison.diff_files or comparison.funny_files:
        return False
    _, mismatch, errors = filecmp.cmpfiles(left, right, comparison.common_files, shallow=False)
    return not mismatch and not errors and all(same_tree(os.path.join(left, d), os.path.join(right, d))
                                                 for d in comparison.common_dirs)


def bench_beir(documents, work, repeat):
    import reference_beir
    work = Path(work)
    shutil.rmtree(work, ignore_errors=True)
    subprocess.run([sys.executable, str(ROOT / "bench" / "beir" / "generate_corpus.py"), str(work),
                    "--documents", str(documents)], check=True)
    source = work / "src"

    def dropin():
        shutil.rmtree(work / "out-dropin", ignore_errors=True)
        start = time.perf_counter()
        report = gk.adapt_beir_dataset(source, work / "out-dropin")
        return time.perf_counter() - start, report

    times = [dropin() for _ in range(repeat)]
    dropin_seconds, report = min(times, key=lambda t: t[0])
    start = time.perf_counter()
    expected = reference_beir.adapt_beir_dataset(source, work / "out-reference")
    reference_seconds = time.perf_counter() - start
    expected = expected if isinstance(expected, dict) else expected.model_dump()
    got = report.model_dump()
    for key in ("output_dir", "corpus_dir", "judgments_path"):
        got[key] = got[key].replace("out-dropin", "out-reference")
    if got != expected or not same_tree(work / "out-dropin", work / "out-reference"):
        sys.exit("BEIR outputs differ")
    fs = subprocess.run(["stat", "-f", "-c", "%T", str(work)], capture_output=True, text=True).stdout.strip()
    print(f"adapt_beir_dataset, {documents:,} documents, output on {fs} ({work})")
    print(f"  groundkit's algorithm (Python)   {reference_seconds:10.2f} s")
    print(f"  grk_plugins.groundkit            {dropin_seconds:10.2f} s  ({reference_seconds / dropin_seconds:.1f}x)")
    print("  outputs equal byte for byte, reports equal")
    shutil.rmtree(work)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--queries", type=int, default=1000)
    parser.add_argument("--resamples", type=int, default=10000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--beir-documents", type=int, default=0)
    parser.add_argument("--work", default="/dev/shm/grk-dropin-bench")
    args = parser.parse_args()
    bench_bootstrap(args.queries, args.resamples, args.repeat)
    if args.beir_documents:
        bench_beir(args.beir_documents, args.work, args.repeat)


if __name__ == "__main__":
    main()
