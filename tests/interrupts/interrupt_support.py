"""What the interrupt tests share: a BEIR dataset large enough that adapting
it takes a while, runs of grk-eval sent SIGINT or SIGTERM after a random
delay, and what must hold afterwards (docs/design.md §4.17)."""

import json
import os
import pathlib
import random
import signal
import subprocess
import sys
import time

GRK_EVAL = os.environ.get("GRK_EVAL", "")
PLUGINS = os.environ.get("GRK_PLUGINS", "")
FIXTURES = os.environ.get("GRK_FIXTURES", "")
# A seed for the random moments, printed so that a failure can be replayed.
SEED = int(os.environ.get("GRK_INTERRUPT_SEED", str(int(time.time()))))
RNG = random.Random(SEED)


def skip_unless_built(test):
    for name, value in (("GRK_EVAL", GRK_EVAL), ("GRK_PLUGINS", PLUGINS)):
        if not value or not os.path.exists(value):
            test.skipTest("%s is not built (%r)" % (name, value))


def write_dataset(folder, documents=120000):
    """A BEIR dataset of `documents` documents (about 250 bytes each): adapting
    it takes about a second here, long enough to be interrupted."""
    folder = pathlib.Path(folder)
    (folder / "qrels").mkdir(parents=True)
    filler = "lorem ipsum dolor sit amet consectetur adipiscing elit " * 4
    with open(folder / "corpus.jsonl", "w", encoding="utf-8") as corpus:
        for i in range(documents):
            corpus.write(json.dumps({"_id": "d%d" % i, "title": "t%d" % i, "text": "%d %s" % (i, filler)}) + "\n")
    with open(folder / "queries.jsonl", "w", encoding="utf-8") as queries:
        for q in range(200):
            queries.write(json.dumps({"_id": "q%d" % q, "text": "query %d" % q}) + "\n")
    with open(folder / "qrels" / "test.tsv", "w", encoding="utf-8") as qrels:
        qrels.write("query-id\tcorpus-id\tscore\n")
        for q in range(200):
            qrels.write("q%d\td%d\t1\n" % (q, q * 7))
    return folder


def tree(folder):
    """Every path under `folder` with its bytes' length and a digest of small
    files: what "as it was" compares."""
    folder = pathlib.Path(folder)
    if not folder.exists():
        return None
    out = {}
    for path in sorted(folder.rglob("*")):
        rel = str(path.relative_to(folder))
        out[rel] = "dir" if path.is_dir() else path.read_bytes()
    return out


def staging_left(parent):
    """Names of staging folders anywhere under `parent`."""
    return [str(p) for p in pathlib.Path(parent).rglob("*staging-*")]


def run_interrupted(command, delay, signals=(signal.SIGINT,), gap=0.02, cwd=None):
    """Starts `command`, waits `delay` seconds, sends each of `signals` `gap`
    seconds apart, and returns (returncode, stdout, stderr)."""
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=cwd)
    time.sleep(delay)
    for number in signals:
        if process.poll() is not None:
            break
        process.send_signal(number)
        time.sleep(gap)
    out, err = process.communicate(timeout=120)
    return process.returncode, out.decode("utf-8", "replace"), err.decode("utf-8", "replace")


def log(*args):
    print(*args, file=sys.stderr, flush=True)
