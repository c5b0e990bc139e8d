#!/usr/bin/env python3
"""Writes the qrels and eight runs evaluate-8x8.json was made from (README.md in
this folder): 40 queries of 60 documents, graded 0-2 at random, each run
scoring a document by noise plus a gain that grows with the run's index, so
that the runs differ and some differences are significant. Deterministic.
usage: eight_runs.py FOLDER
"""
import os
import random
import sys

NAMES = ["bm25", "bm25-rm3", "splade", "colbert", "dense", "dense-ft", "monot5", "fusion"]


def main() -> None:
    folder = sys.argv[1]
    random.seed(8)
    queries, documents = 40, 60
    judged = {}
    with open(os.path.join(folder, "qrels.txt"), "w") as qrels:
        for q in range(queries):
            for d in range(documents):
                r = random.random()
                grade = 2 if r < 0.05 else 1 if r < 0.15 else 0 if r < 0.5 else None
                if grade is not None:
                    qrels.write(f"q{q} 0 d{d} {grade}\n")
                    judged[(q, d)] = grade
    for k, name in enumerate(NAMES):
        with open(os.path.join(folder, name + ".run"), "w") as run:
            for q in range(queries):
                scored = sorted(((random.gauss(0, 1) + (0.25 + 0.12 * k) * judged.get((q, d), 0), d)
                                 for d in range(documents)), reverse=True)
                for rank, (score, d) in enumerate(scored[:50]):
                    run.write(f"q{q} Q0 d{d} {rank + 1} {score:.6f} {name}\n")


if __name__ == "__main__":
    main()
