#!/usr/bin/env python3
"""beir benchmark: the C++ adapter, CPython 3.11 running the reference algorithm
(reference_beir.py: the same reads, checks and per-document writes) and a bare
loop that only writes the same files, side by side on synthetic corpora.

    run_benchmark.py --build BUILD_DIR [--work DIR] [--sizes 20000,200000] [--repeat 3]
                     [--memory-check]

Prints seconds, ratios and peak RSS for every size. Targets (issue): C++ at
least 10x faster than CPython, at most 1.5x the bare loop. --memory-check also
adapts a 1,000,000-document, ~1 GB corpus with the C++ adapter alone and prints
its peak RSS (target: at most 256 MB). All outputs are compared byte for byte
before timing is reported. Validate mode (grk-beir-adapt --validate, which
reads the same data and writes nothing) is timed beside the adapter at every
size and in the memory check (target: no slower than adapting, same 256 MB).

Where: --work defaults to a folder on /dev/shm (tmpfs), so the figures measure
the programs rather than the disk. On this kind of VM the time ext4 takes to
create 200,000 small files swings several-fold from run to run (measured: the
same single-threaded loop from 5 s to 75 s, worst right after large deletes),
which drowns every ratio; pass --work on a disk folder to see it anyway.
How: the C++ adapter and the bare loop run alternately, --repeat times each,
and the best of each is kept (CPython runs once: it takes tens of seconds).
Nothing is deleted while timing. Peak RSS is GNU time's %M of each program
(the ru_maxrss Python sees for a child it forked includes Python's own pages).
"""
import argparse
import filecmp
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def timed(command, rss_file):
    """Runs command under GNU time; returns (seconds, peak RSS in MiB)."""
    start = time.perf_counter()
    status = subprocess.run(["/usr/bin/time", "-f", "%M", "-o", str(rss_file)] + command,
                            stdout=subprocess.DEVNULL).returncode
    seconds = time.perf_counter() - start
    if status != 0:
        sys.exit(f"failed: {' '.join(map(str, command))}")
    return seconds, int(Path(rss_file).read_text().split()[-1]) / 1024.0


def filesystem_type(path):
    """The type of the file system holding path, from /proc/self/mountinfo."""
    path = os.path.realpath(path)
    best, kind = "", "unknown"
    with open("/proc/self/mountinfo") as mounts:
        for line in mounts:
            fields = line.split()
            mount_point, fs_type = fields[4], fields[fields.index("-") + 1]
            inside = path == mount_point or path.startswith(mount_point.rstrip("/") + "/")
            if inside and len(mount_point) >= len(best):
                best, kind = mount_point, fs_type
    return kind


def same_tree(a, b):
    comparison = filecmp.dircmp(a, b)
    if comparison.left_only or comparison.right_only or comparison.diff_files:
        return False
    match, mismatch, errors = filecmp.cmpfiles(a / "corpus", b / "corpus", os.listdir(a / "corpus"), shallow=False)
    return not mismatch and not errors and filecmp.cmp(a / "judgments.jsonl", b / "judgments.jsonl", shallow=False)


def warm(path):
    with open(path, "rb") as handle:
        while handle.read(1 << 24):
            pass


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", required=True, help="the CMake build folder (holds bin/grk-beir-adapt)")
    default_work = "/dev/shm/grk-beir-bench" if os.path.isdir("/dev/shm") else "/tmp/grk-beir-bench"
    parser.add_argument("--work", default=default_work, help=f"where corpora and outputs go (default {default_work})")
    parser.add_argument("--sizes", default="20000,200000")
    parser.add_argument("--repeat", type=int, default=3, help="runs of the C++ adapter and bare loop (best kept)")
    parser.add_argument("--memory-check", action="store_true")
    parser.add_argument("--settle", type=float, default=20.0,
                        help="seconds to wait after deleting a size's outputs on a disk (lets ext4 recycle inodes)")
    args = parser.parse_args()
    if not os.access("/usr/bin/time", os.X_OK):
        sys.exit("run_benchmark.py needs GNU time for peak RSS: apt-get install time")
    build = Path(args.build).resolve()
    adapter = build / "bin" / "grk-beir-adapt"
    bare = build / "bin" / "grk-beir-bare-write"
    host = build / "bin" / "grk-eval"
    work = Path(args.work)
    work.mkdir(parents=True, exist_ok=True)
    on_tmpfs = filesystem_type(work) == "tmpfs"
    print(f"work folder {work} ({filesystem_type(work)})", flush=True)
    rows = []
    for size in [int(s) for s in args.sizes.split(",")]:
        data = work / f"n{size}"
        if not (data / "expected.blob").exists():
            print(f"generating {size:,} documents in {data} ...", flush=True)
            subprocess.run([sys.executable, HERE / "generate_corpus.py", data, "--documents", str(size)], check=True)
        warm(data / "src" / "corpus.jsonl")
        warm(data / "expected.blob")
        first_output = {}  # each program's first timed output, compared byte for byte
        commands = {  # each program's command line, writing into `out`
            "cpp": lambda out: [adapter, "--src", data / "src", "--out", out],
            "bare": lambda out: [bare, data / "expected.blob", out],
            "python": lambda out: [sys.executable, HERE / "reference_beir.py", "--src", data / "src", "--out", out],
            "validate": lambda out: [adapter, "--src", data / "src", "--validate"],
        }
        if host.exists():
            commands["host"] = lambda out: [host, "run", "--component", "beir", "--set", f"source_dir={data / 'src'}",
                                            "--set", f"output_dir={out}", "--output", work / "host-result.json"]
        # On a disk nothing is deleted while timing: ext4 skips recently
        # deleted inodes when it allocates, which makes file creation right
        # after a large delete several times slower and would favour
        # whichever runs first; each run writes a fresh folder, all removed
        # after this size. On tmpfs the opposite holds: a run's pages are
        # freed at once and the next run reuses them, while pages never used
        # before cost a fault in the hypervisor (measured: 2.2-2.7 s per
        # 200,000-document run when deleting, 3.3 s growing to 6.2 s when
        # keeping), so there every run but each program's first timed one
        # (kept for the byte comparison) is deleted right after it, and each
        # program first runs once untimed.
        # Runs alternate between programs so that a drift of the machine's
        # state does not favour one of them.
        results = {}
        run_dirs = []
        rss_file = work / "peak-rss.txt"
        for attempt in range(-1 if on_tmpfs else 0, args.repeat):
            for name, command in commands.items():
                if name == "python" and attempt != 0:
                    continue
                target = work / f"out-{name}-{size}-{attempt}"
                shutil.rmtree(target, ignore_errors=True)
                measured = timed([str(c) for c in command(target)], rss_file)
                if attempt >= 0 and (name not in results or measured[0] < results[name][0]):
                    results[name] = measured
                if name == "validate":
                    continue  # writes nothing
                if attempt >= 0 and name not in first_output:
                    first_output[name] = target
                    run_dirs.append(target)
                elif on_tmpfs:
                    shutil.rmtree(target)
                else:
                    run_dirs.append(target)
        for name in commands:
            if name not in ("cpp", "validate") and not same_tree(first_output["cpp"], first_output[name]):
                sys.exit(f"output of {name} differs from the C++ adapter's at {size} documents")
        for path in run_dirs:
            shutil.rmtree(path, ignore_errors=True)
        if not on_tmpfs:
            os.sync()
            time.sleep(args.settle)
        rows.append((size, results))
    print()
    print(f"{'documents':>10} | {'C++ adapter':>18} | {'CPython reference':>20} | {'bare write loop':>18} | "
          f"{'CPython/C++':>11} | {'C++/bare':>8}")
    for size, r in rows:
        cpp, py, bare_r = r["cpp"], r["python"], r["bare"]
        print(f"{size:>10,} | {cpp[0]:7.2f} s {cpp[1]:6.0f} MiB | {py[0]:9.2f} s {py[1]:6.0f} MiB | "
              f"{bare_r[0]:7.2f} s {bare_r[1]:6.0f} MiB | {py[0] / cpp[0]:10.1f}x | {cpp[0] / bare_r[0]:7.2f}x")
        print(f"{'':>10}   validate mode: {r['validate'][0]:.2f} s, {r['validate'][1]:.0f} MiB "
              f"(adapt/validate {cpp[0] / r['validate'][0]:.2f}x)")
        if "host" in r:
            print(f"{'':>10}   through grk-eval run: {r['host'][0]:.2f} s, {r['host'][1]:.0f} MiB")
    print(f"work folder on {filesystem_type(work)}; best of {args.repeat} runs for C++ and bare (CPython: 1 run)")
    print("targets: CPython/C++ >= 10x, C++/bare <= 1.5x; each program's output compared byte for byte")
    if args.memory_check:
        data = work / "n1000000"
        if not (data / "src" / "corpus.jsonl").exists():
            print("generating 1,000,000 documents (~1 GB) ...", flush=True)
            subprocess.run([sys.executable, HERE / "generate_corpus.py", data, "--documents", "1000000"], check=True)
        out = work / "out-memory"
        shutil.rmtree(out, ignore_errors=True)
        corpus_bytes = (data / "src" / "corpus.jsonl").stat().st_size
        seconds, rss = timed([str(adapter), "--src", str(data / "src"), "--out", str(out)], work / "peak-rss.txt")
        shutil.rmtree(out, ignore_errors=True)
        checked, checked_rss = timed([str(adapter), "--src", str(data / "src"), "--validate"], work / "peak-rss.txt")
        print(f"memory check: 1,000,000 documents, {corpus_bytes / 1e9:.2f} GB corpus.jsonl: {seconds:.1f} s, "
              f"peak RSS {rss:.0f} MiB (target <= 256 MB)")
        print(f"              validate mode on the same data: {checked:.1f} s, peak RSS {checked_rss:.0f} MiB "
              f"(targets: <= {seconds:.1f} s, <= 256 MB)")


if __name__ == "__main__":
    main()
