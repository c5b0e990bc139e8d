#!/usr/bin/env python3
"""The cost of many measures against one, timed as users run them.

Runs `grk-eval run --component evaluate` on one run of MS MARCO dev's shape
(7,000 queries x 1,000 results, generated once into FOLDER) with nDCG@10
alone, then with the issue's list of ten measures of six families,
and prints the best wall time of each over --repeat runs and their ratio
(issue 33's target: at most 1.3). Each command is timed whole: start-up,
plugin loading, reading, scoring and writing the results document.

    python3 bench/measures/measure_ratio.py --build build /dev/shm/grk-measure-ratio
"""
import argparse
import pathlib
import random
import subprocess
import sys
import time

ONE = "nDCG@10"
# Issue 33's list.
MANY = "nDCG@10,ERR@20,alpha_nDCG@20,RBP(p=0.8,rel=1),INST(T=3.0,max_rel=3),Judged@10,RR@10,AP,P@10,R@100"


def generate(folder, queries=7000, depth=1000, judged=12):
    folder.mkdir(parents=True, exist_ok=True)
    rng = random.Random(7)
    with open(folder / "run.txt", "w") as run, open(folder / "qrels.txt", "w") as qrels:
        for q in range(queries):
            qid = str(100000 + q)
            documents = rng.sample(range(10**8), depth)
            for rank, doc in enumerate(documents, 1):
                run.write(f"{qid} Q0 D{doc} {rank} {1000 - rank * 0.37 - rng.random() * 0.1:.4f} sys\n")
            for doc in rng.sample(documents, judged):
                qrels.write(f"{qid} 0 D{doc} {rng.randrange(4)}\n")


def best_time(command, repeat):
    best = None
    for _ in range(repeat):
        start = time.perf_counter()
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
        elapsed = time.perf_counter() - start
        best = elapsed if best is None else min(best, elapsed)
    return best


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=pathlib.Path)
    parser.add_argument("--build", type=pathlib.Path, default=pathlib.Path("build"))
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    if not (args.folder / "run.txt").exists():
        generate(args.folder)
    host = str(args.build / "bin" / "grk-eval")
    base = [host, "run", "--component", "evaluate", "--set", f"qrels={args.folder / 'qrels.txt'}",
            "--set", f'runs={{"sys": "{args.folder / "run.txt"}"}}', "-o", str(args.folder / "results.json")]
    one = best_time(base + ["--set", f"measures={ONE}"], args.repeat)
    many = best_time(base + ["--set", f"measures={MANY}"], args.repeat)
    size = (args.folder / "run.txt").stat().st_size / 1e6
    print(f"run: {size:.0f} MB in {args.folder}; best of {args.repeat}")
    print(f"{ONE}: {one:.2f} s")
    print(f"{MANY}: {many:.2f} s")
    print(f"ratio {many / one:.2f} (target <= 1.3)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
