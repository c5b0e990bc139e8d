#!/usr/bin/env python3
"""Writes two TREC runs over the shipped SciFact fixture (configs/data/scifact/)
for configs/scifact-runs.json, each query against every document's title and
text: `bm25`, Okapi BM25 (k1 = 0.9, b = 0.4, Lucene's idf) on words, and
`char4`, the TF-IDF cosine of character 4-grams (a stand-in for a fuzzier
retriever that also finds documents sharing no whole word with the query).
All 26 documents per query, ties broken by document id. Standard library only
and deterministic: run it from the repository root to rewrite
configs/data/scifact-runs/ with the same bytes."""
import json
import math
import pathlib
import re

SOURCE = pathlib.Path("configs/data/scifact")
OUTPUT = pathlib.Path("configs/data/scifact-runs")
K1, B, DEPTH = 0.9, 0.4, 26


def tokens(text):
    return re.findall(r"[a-z0-9]+", text.lower())


def read_jsonl(path):
    with open(path, encoding="utf-8") as lines:
        return [json.loads(line) for line in lines if line.strip()]


def bm25_run(queries, documents, tag):
    lengths = {doc_id: len(words) for doc_id, words in documents.items()}
    average = sum(lengths.values()) / len(lengths)
    frequency = {}
    for words in documents.values():
        for word in set(words):
            frequency[word] = frequency.get(word, 0) + 1
    lines = []
    for query in queries:
        scored = []
        for doc_id, words in documents.items():
            score = 0.0
            for word in set(tokens(query["text"])):
                tf = words.count(word)
                if tf == 0:
                    continue
                idf = math.log(1 + (len(documents) - frequency[word] + 0.5) / (frequency[word] + 0.5))
                score += idf * tf * (K1 + 1) / (tf + K1 * (1 - B + B * lengths[doc_id] / average))
            scored.append((-score, doc_id))
        scored.sort()
        for rank, (negative, doc_id) in enumerate(scored[:DEPTH], start=1):
            lines.append("%s Q0 %s %d %.6f %s\n" % (query["_id"], doc_id, rank, -negative, tag))
    return "".join(lines)


def char_grams(text):
    padded = " " + " ".join(tokens(text)) + " "
    return [padded[i:i + 4] for i in range(len(padded) - 3)]


def cosine_run(queries, documents, tag):
    frequency = {}
    for grams in documents.values():
        for gram in set(grams):
            frequency[gram] = frequency.get(gram, 0) + 1

    def vector(grams):
        weights = {}
        for gram in grams:
            if gram in frequency:
                weights[gram] = weights.get(gram, 0.0) + math.log(1 + len(documents) / frequency[gram])
        norm = math.sqrt(sum(w * w for w in weights.values())) or 1.0
        return {gram: w / norm for gram, w in weights.items()}

    vectors = {doc_id: vector(grams) for doc_id, grams in documents.items()}
    lines = []
    for query in queries:
        wanted = vector(char_grams(query["text"]))
        scored = sorted((-sum(w * vectors[doc_id].get(gram, 0.0) for gram, w in wanted.items()), doc_id)
                        for doc_id in documents)
        for rank, (negative, doc_id) in enumerate(scored[:DEPTH], start=1):
            lines.append("%s Q0 %s %d %.6f %s\n" % (query["_id"], doc_id, rank, -negative, tag))
    return "".join(lines)


def main():
    queries = read_jsonl(SOURCE / "queries.jsonl")
    corpus = read_jsonl(SOURCE / "corpus.jsonl")
    OUTPUT.mkdir(exist_ok=True)
    words = {doc["_id"]: tokens(doc.get("title", "") + " " + doc["text"]) for doc in corpus}
    grams = {doc["_id"]: char_grams(doc.get("title", "") + " " + doc["text"]) for doc in corpus}
    (OUTPUT / "bm25.run").write_text(bm25_run(queries, words, "bm25"), encoding="utf-8")
    (OUTPUT / "char4.run").write_text(cosine_run(queries, grams, "char4"), encoding="utf-8")


if __name__ == "__main__":
    main()
