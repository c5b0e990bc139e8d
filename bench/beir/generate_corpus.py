#!/usr/bin/env python3
"""Synthetic BEIR dataset for the beir benchmark.

    generate_corpus.py OUT_DIR --documents N [--referenced 0.01] [--mean-bytes 1000] [--seed 7]

Writes OUT_DIR/src/{corpus.jsonl, queries.jsonl, qrels/test.tsv} and
OUT_DIR/expected.blob, the exact bytes every adapter must write (for the bare
write loop): records "<name-bytes> <data-bytes>\\n<name><data>", the documents in
corpus order, then judgments.jsonl. Texts are realistic in length (title 4-14
words, body around --mean-bytes bytes, some non-ASCII), ids are BEIR-like
numeric strings, and a fraction --referenced of the documents is the positive
qrels of one query each (plus as many score-0 rows).
"""
import argparse
import json
import random
from pathlib import Path

WORDS = ("cell protein gene expression tumor patient study result method analysis clinical trial receptor "
         "signal pathway mutation dose effect response level increase decrease sample control group risk "
         "factor model data network brain immune virus infection therapy treatment outcome rate measure "
         "naïve café α-helix β-cell 5·10⁻³ — ± résumé").split()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("out")
    parser.add_argument("--documents", type=int, required=True)
    parser.add_argument("--referenced", type=float, default=0.01)
    parser.add_argument("--mean-bytes", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    out = Path(args.out)
    (out / "src" / "qrels").mkdir(parents=True, exist_ok=True)
    # A pool of paragraphs keeps generation fast; each document gets a unique tail.
    pool = []
    for _ in range(4096):
        target = max(40, int(rng.gauss(args.mean_bytes, args.mean_bytes / 3)))
        words = []
        size = 0
        while size < target:
            word = rng.choice(WORDS)
            words.append(word)
            size += len(word.encode()) + 1
        pool.append(" ".join(words))
    titles = [" ".join(rng.choice(WORDS) for _ in range(rng.randint(4, 14))).capitalize() for _ in range(1024)]
    n = args.documents
    step = max(1, round(1 / args.referenced)) if args.referenced > 0 else n + 1
    qrels = ["query-id\tcorpus-id\tscore"]
    queries = []
    referenced = {}
    texts = {}
    with open(out / "src" / "corpus.jsonl", "w", encoding="utf-8", newline="\n") as corpus, \
            open(out / "expected.blob", "wb") as blob:
        for i in range(n):
            doc_id = str(10_000_000 + i * 7)
            title = titles[i % len(titles)]
            body = pool[rng.randrange(len(pool))] + f" ref {i}."
            record = {"_id": doc_id, "title": title, "text": body, "metadata": {}}
            corpus.write(json.dumps(record, ensure_ascii=i % 2 == 0) + "\n")
            text = f"{title}\n\n{body}"
            data = text.encode("utf-8")
            name = f"corpus/{doc_id}.txt".encode()
            blob.write(f"{len(name)} {len(data)}\n".encode() + name + data)
            if i % step == 0:
                query_id = str(i // step)
                queries.append({"_id": query_id, "text": f"what is known about {title.lower()}", "metadata": {}})
                qrels.append(f"{query_id}\t{doc_id}\t1")
                other = str(10_000_000 + ((i + 1) % n) * 7)
                qrels.append(f"{query_id}\t{other}\t0")
                referenced[query_id] = doc_id
                texts[doc_id] = text
        lines = [(query, referenced[query]) for query in sorted(referenced)]
        by_id = {q["_id"]: q["text"] for q in queries}
        judgments = "".join(
            json.dumps({"query_id": query, "query": by_id[query], "category": "normal",
                        "gold": [{"doc": f"{doc_id}.txt", "quote": texts[doc_id]}]}, ensure_ascii=False) + "\n"
            for query, doc_id in lines).encode("utf-8")
        blob.write(f"15 {len(judgments)}\n".encode() + b"judgments.jsonl" + judgments)
    with open(out / "src" / "queries.jsonl", "w", encoding="utf-8", newline="\n") as handle:
        for query in queries:
            handle.write(json.dumps(query) + "\n")
    (out / "src" / "qrels" / "test.tsv").write_text("\n".join(qrels) + "\n", encoding="utf-8", newline="\n")


if __name__ == "__main__":
    main()
