#!/usr/bin/env python3
"""Differential cases for the beir adapter: generates adversarial BEIR datasets and
runs the clean-room Python reference (bench/beir/reference_beir.py) on each.

    differential.py CASES_DIR --count N --seed S [--policies]

With --policies every case also draws the opt-in policies of docs/behaviour/beir.md §16
(recorded in case.json as "policies") and the quirks they are about (headerless
qrels, grades, raw separators, absent documents and queries, identical ids, document
ids that are no portable file name and query ids that are not kebab-case);
without it the cases are exactly those of earlier versions of this script.

For case k it writes CASES_DIR/k/:
  src/            the dataset (corpus.jsonl, queries.jsonl, qrels/<split>.tsv)
  out-py, out-cpp the same pre-existing output state (or absent), out-py then
                  adapted by the reference
  out-pre         a third copy of the pre-state, never touched
  case.json       {"split": ..., "output": "out-cpp" or "nested/out-cpp"...}
  expected.json   {"report": {...}} | {"error": msg} | {"crash": text}, paths
                  written with <CASE> in place of the case folder and
                  <OUT> in place of the output folder's name.
The C++ test (differential_test.cpp) runs the adapter into out-cpp and compares.
"""
import json
import os
import random
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent / "bench" / "beir"))
import reference_beir  # noqa: E402

IDS = ["d1", "d2", "doc-3", "10", "2", "Doc_4", "a.b", "x-y-z", "DOC-1", "doc-1", "CONTEXT", "COM0", "com10"]
BAD_IDS = ["../escape", "a/b", "", ".", "..", "CON", "nul.txt", "com1.a", "LPT9", "é", " d1", "d1 ", "d1\n",
           "-lead", "_x", "a" * 252, "a" * 251, "q\u2028", "tab\tid"]
QIDS = ["q-1", "q-2", "10", "2", "q-10", "abc", "z9"]
BAD_QIDS = ["MED-10", "q_1", "Q-1", "con", "q-" + "a" * 300, "../q", "q-", "-q", "q--1", ""]
TEXTS = ["Body", "  padded  ", "naïve café—x", "line\nbreak", "tab\there", "quote \" and \\ back",
         "ctrl \x01\x1f", "del \x7f", "nbsp\u00a0edge\u00a0", "\u3000ideo\u3000", "emoji 😀", "a\u200bb",
         "zero\u0000byte", "feff\ufeffmid", "cr\rinside", "vt\x0bff\x0c", "fs\x1cgs\x1d", "   ", ""]
RAW_SEPARATORS = ["\u2028", "\u2029", "\u0085"]
SCORES = ["1", "1", "1", "0", "+1", " 1 ", "-0", "01", "1_0", "1.0", "2", "-1", "\u0661", "\u0663", "very", "", "1\u00a0",
          "\u20071"]


def dumps_record(record, rng):
    text = json.dumps(record, ensure_ascii=rng.random() < 0.5)
    if rng.random() < 0.1:
        text = text.replace(", ", ",").replace(": ", ":")
    return text


def make_dataset(rng):
    """Returns (corpus_lines, query_lines, qrels_lines) as lists of str, plus options."""
    n_docs = rng.randint(1, 6)
    doc_ids = rng.sample(IDS, n_docs)
    docs = []
    for doc_id in doc_ids:
        record = {"_id": doc_id}
        if rng.random() < 0.7:
            record["title"] = rng.choice(TEXTS[:12] + ["", "  "])
        if rng.random() < 0.9:
            record["text"] = rng.choice(TEXTS[:13])
        if rng.random() < 0.2:
            record["metadata"] = {"k": [1, 2.5, None, True], "nested": {"a": "b"}}
        docs.append(record)
    if not any((d.get("title", "").strip() or d.get("text", "").strip()) for d in docs):
        docs[0]["text"] = "Body"
    n_queries = rng.randint(1, 4)
    query_ids = rng.sample(QIDS, n_queries)
    queries = [{"_id": q, "text": rng.choice(["What?", " Why? ", "naïve q", "tab\tq"])} for q in query_ids]
    header = "query-id\tcorpus-id\tscore"
    rows = []
    for q in query_ids:
        for d in rng.sample(doc_ids, rng.randint(1, len(doc_ids))):
            rows.append(f"{q}\t{d}\t{rng.choice(['1', '1', '0'])}")
    if not any(r.endswith("\t1") for r in rows):
        rows[0] = rows[0].rsplit("\t", 1)[0] + "\t1"
    return docs, queries, header, rows


MUTATIONS = []


def mutation(fn):
    MUTATIONS.append(fn)
    return fn


@mutation
def bad_doc_id(ds, rng):
    ds["docs"][rng.randrange(len(ds["docs"]))]["_id"] = rng.choice(BAD_IDS)


@mutation
def bad_query_id(ds, rng):
    i = rng.randrange(len(ds["queries"]))
    old = ds["queries"][i]["_id"]
    new = rng.choice(BAD_QIDS)
    ds["queries"][i]["_id"] = new
    ds["rows"] = [r.replace(old + "\t", new + "\t", 1) if r.startswith(old + "\t") else r for r in ds["rows"]]


@mutation
def non_string_fields(ds, rng):
    rec = rng.choice(ds["docs"])
    field = rng.choice(["title", "text", "_id"])
    rec[field] = rng.choice([7, None, 1.5, ["x"], {"a": 1}, True])


@mutation
def missing_id(ds, rng):
    rng.choice(ds["docs"] + ds["queries"]).pop("_id", None)


@mutation
def empty_query(ds, rng):
    rng.choice(ds["queries"])["text"] = rng.choice(["", "   ", "\u3000", 5, None])


@mutation
def duplicate_doc(ds, rng):
    ds["docs"].append(dict(rng.choice(ds["docs"])))


@mutation
def duplicate_query(ds, rng):
    ds["queries"].append(dict(rng.choice(ds["queries"])))


@mutation
def case_collision(ds, rng):
    rec = dict(rng.choice(ds["docs"]))
    rec["_id"] = rec["_id"].upper() if rec["_id"] != rec["_id"].upper() else rec["_id"].lower() + "x"
    ds["docs"].append(rec)


@mutation
def raw_separator_in_text(ds, rng):
    rec = rng.choice(ds["docs"] + ds["queries"])
    rec["text"] = "before" + rng.choice(RAW_SEPARATORS) + "after"
    ds["force_raw"] = True


@mutation
def escaped_separator_in_text(ds, rng):
    rec = rng.choice(ds["docs"] + ds["queries"])
    rec["text"] = "before" + rng.choice(RAW_SEPARATORS) + "after"
    ds["force_ascii"] = True


@mutation
def lone_surrogate(ds, rng):
    rec = rng.choice(ds["docs"] + ds["queries"])
    rec["text"] = "x\ud800y"
    ds["force_ascii"] = True


@mutation
def nan_metadata(ds, rng):
    ds["raw_docs"] = [json.dumps(d)[:-1] + ', "metadata": {"v": NaN, "w": -Infinity}}' for d in ds["docs"]]


@mutation
def duplicate_keys(ds, rng):
    d = rng.choice(ds["docs"])
    ds["raw_docs"] = [json.dumps(x)[:-1] + ', "_id": ' + json.dumps(x["_id"] + "-dup") + "}" if x is d else json.dumps(x)
                      for x in ds["docs"]]


@mutation
def malformed_json_line(ds, rng):
    ds.setdefault("extra_doc_lines", []).append(rng.choice(["{not json", "[\"list\"]", "{\"_id\": \"a\",}", "3",
                                                            "\"str\"", "{\"_id\": \"x\" \"y\"}", "{\"_id\": \"t\x01\"}",
                                                            "{\"_id\": \"u\\u12\"}", "{} {}", "nul"]))


@mutation
def bom(ds, rng):
    ds["bom"] = rng.choice(["corpus", "queries", "qrels"])


@mutation
def invalid_utf8(ds, rng):
    ds["bad_bytes"] = (rng.choice(["corpus", "queries", "qrels"]),
                       rng.choice([b"\xff", b"\xfe\xff", b"\xc0\xaf", b"\xe2\x82", b"\xed\xa0\x80", b"\xf4\x90\x80\x80",
                                   b"\xf0\x9f\x98", b"\x80"]), rng.choice(["middle", "end"]))


@mutation
def line_endings(ds, rng):
    ds["eol"] = rng.choice(["\r\n", "\r", "\n\n", "\x0b", "\x0c", "\x1c", "\u2028", "\x85", "mixed"])


@mutation
def blank_lines(ds, rng):
    ds["blank"] = rng.choice(["", "   ", "\t", "\u3000", "\ufeff"])


@mutation
def qrels_scores(ds, rng):
    for _ in range(rng.randint(1, 3)):
        i = rng.randrange(len(ds["rows"]))
        parts = ds["rows"][i].split("\t")
        parts[2] = rng.choice(SCORES)
        ds["rows"][i] = "\t".join(parts)


@mutation
def qrels_shape(ds, rng):
    choice = rng.randrange(6)
    if choice == 0:
        ds["header"] = rng.choice(["a\tb\tc", "query-id\tcorpus-id", "query-id\tcorpus-id\tscore ", "query-id corpus-id score",
                                   "query-id\tcorpus-id\tscore\textra", ""])
    elif choice == 1:
        ds["rows"].insert(rng.randrange(len(ds["rows"]) + 1), rng.choice(["", "  ", "q-1\td1", "q-1"]))
    elif choice == 2:
        ds["rows"] = [r + "\textra" for r in ds["rows"]]
    elif choice == 3:
        ds["rows"].append(ds["rows"][0])
    elif choice == 4:
        ds["rows"].append("q-1\tdoc-absent\t1")
    else:
        ds["rows"].append("q-absent\t" + ds["docs"][0].get("_id", "d1") + "\t1")


@mutation
def no_positive(ds, rng):
    ds["rows"] = [r.rsplit("\t", 1)[0] + "\t0" for r in ds["rows"]]


@mutation
def split_name(ds, rng):
    ds["split"] = rng.choice(["../../etc/passwd", "dev", "tést", "a/b", ".hidden", "train"])


@mutation
def missing_file(ds, rng):
    ds["missing"] = rng.choice(["corpus", "queries", "qrels", "source", "corpus-dir"])


@mutation
def output_state(ds, rng):
    ds["out_state"] = rng.choice(["empty", "file", "corpus-symlink", "corpus-file", "corpus-nonempty", "judgments-symlink",
                                  "judgments-dir", "judgments-file", "nested", "other-files", "out-symlink"])


def _clean(ds, docs, queries, rows):
    ds.update({"docs": docs, "queries": queries, "rows": rows, "header": "query-id\tcorpus-id\tscore",
               "force_ascii": True})


# Fixed scenarios for the edges of docs/behaviour/beir.md §2 and §11 that random
# mutation rarely reaches: the first cases of every run.
SCENARIOS = [
    # an escaped separator in a referenced document: the reference writes, then fails on load
    lambda ds: _clean(ds, [{"_id": "d1", "text": "a\u2028b"}], [{"_id": "q-1", "text": "Q"}], ["q-1\td1\t1"]),
    lambda ds: _clean(ds, [{"_id": "d1", "title": "T\u0085", "text": "b"}, {"_id": "d2", "text": "x"}],
                      [{"_id": "q-1", "text": "Q"}, {"_id": "q-2", "text": "R"}], ["q-1\td2\t1", "q-2\td1\t1"]),
    lambda ds: _clean(ds, [{"_id": "d1", "text": "b"}], [{"_id": "q-1", "text": "Q\u2029Q"}], ["q-1\td1\t1"]),
    # the same in an unreferenced document: written raw, and the load succeeds
    lambda ds: _clean(ds, [{"_id": "d1", "text": "b"}, {"_id": "d2", "text": "x\u2029y\u0085z"}],
                      [{"_id": "q-1", "text": "Q"}], ["q-1\td1\t1"]),
    # lone surrogates: in an unreferenced document (crash), in an unreferenced query (fine)
    lambda ds: _clean(ds, [{"_id": "d1", "text": "b"}, {"_id": "d2", "text": "x\ud800"}],
                      [{"_id": "q-1", "text": "Q"}], ["q-1\td1\t1"]),
    lambda ds: _clean(ds, [{"_id": "d1", "text": "b"}], [{"_id": "q-1", "text": "Q"}, {"_id": "q-2", "text": "\udfff"}],
                      ["q-1\td1\t1"]),
    lambda ds: _clean(ds, [{"_id": "d1", "text": "b"}], [{"_id": "q-1", "text": "Q\udc00"}], ["q-1\td1\t1"]),
    # a surrogate pair written as two escapes is one character
    lambda ds: _clean(ds, [{"_id": "d1", "text": "\ud83d\ude00"}], [{"_id": "q-1", "text": "Q"}], ["q-1\td1\t1"]),
    # escaped CR, controls, quotes and backslashes inside texts
    lambda ds: _clean(ds, [{"_id": "d1", "title": "\r\n", "text": "a\rb\u0001\\\"\u007f"}],
                      [{"_id": "q-1", "text": "\tQ\u000b"}], ["q-1\td1\t1"]),
    # separator and surrogate both: the surrogate's write failure comes first
    lambda ds: _clean(ds, [{"_id": "d1", "text": "a\u2028b"}, {"_id": "d0", "text": "\ud800"}],
                      [{"_id": "q-1", "text": "Q"}], ["q-1\td1\t1"]),
]


# --- docs/behaviour/beir.md §16: quirks and policies, drawn only with --policies ---------
POLICY_QUIRKS = []


def quirk(fn):
    POLICY_QUIRKS.append(fn)
    return fn


@quirk
def headerless_qrels(ds, rng):
    ds["header"] = None


@quirk
def grades(ds, rng):
    for i in range(len(ds["rows"])):
        if rng.random() < 0.6:
            parts = ds["rows"][i].split("\t")
            if len(parts) >= 3:
                parts[2] = rng.choice(["2", "3", "-2", "4", "-1", "0", "1", "+2", "02"])
                ds["rows"][i] = "\t".join(parts)


@quirk
def raw_breaks_inside_strings(ds, rng):
    rec = rng.choice(ds["docs"] + ds["queries"])
    rec["text"] = "a" + rng.choice(["\x85", "\u2028", "\u2029", "\x85\u2028", "\x0b", "\x0c", "\x1c", "\x1e"]) + "b"
    ds["force_raw"] = True
    ds.pop("force_ascii", None)


@quirk
def escaped_separators(ds, rng):
    rec = rng.choice(ds["docs"] + ds["queries"])
    rec["text"] = "x" + rng.choice(RAW_SEPARATORS) + "y" + rng.choice(RAW_SEPARATORS)
    ds["force_ascii"] = True


@quirk
def absent_document(ds, rng):
    q = rng.choice(ds["queries"]).get("_id", "q-1")
    ds["rows"].append(f"{q}\t{rng.choice(['doc-absent', 'zz', 'd9'])}\t1")


@quirk
def absent_query(ds, rng):
    d = rng.choice(ds["docs"]).get("_id", "d1")
    ds["rows"].append(f"{rng.choice(['q-absent', 'q-9', 'nq'])}\t{d}\t1")


@quirk
def identical_pair(ds, rng):
    q = rng.choice(ds["queries"]).get("_id")
    if isinstance(q, str) and q:
        ds["docs"].append({"_id": q, "text": "same id as a query"})
        ds["rows"].append(f"{q}\t{q}\t1")


# docs/behaviour/beir.md §16.8: ids the encodings are about. Documents: every ASCII
# character, device names, dots, case collisions, the escape character, ids that
# look encoded, the 255-byte limit with ASCII and multi-byte UTF-8.
HOSTILE_DOC_IDS = (["<dbpedia:Paris>", "Foo", "foo", "FOO", ".", "..", "CON", "con.txt", "aux", "Com1.a", "a.", "a ",
                    " a", "_", "_x", "__46oo", "_foo", "a_h" + "0" * 32, "back\\slash", "tab\there", "new\nline",
                    "cr\rid", "nul\x00id", "del\x7f", "é", "É", "😀", "\u2028", "a" * 252, "A" + "a" * 247,
                    "A" + "a" * 248, "é" * 41, "é" * 42, "x" + "é" * 90, "d1", "D1", "doc-1"]
                   + ["c" + chr(i) for i in range(128)])
HOSTILE_QUERY_IDS = ["PLAIN-1", "INEX_LD-2010019", "q_1", "Q-1", "q..1", "café", "--", "-q-", "MED-10", "med-10",
                     "x2d2d", "q\u00a0z", "A😀b", "q 1", "con"]


@quirk
def hostile_document_ids(ds, rng):
    chosen = rng.sample(HOSTILE_DOC_IDS, rng.randint(1, 4))
    for doc_id in chosen:
        ds["docs"].append({"_id": doc_id, "text": "hostile " + repr(doc_id)})
        if "\t" not in doc_id and "\n" not in doc_id and "\r" not in doc_id and rng.random() < 0.7:
            q = rng.choice(ds["queries"]).get("_id", "q-1")
            ds["rows"].append(f"{q}\t{doc_id}\t1")


@quirk
def hostile_query_ids(ds, rng):
    d = rng.choice(ds["docs"]).get("_id", "d1")
    for query_id in rng.sample(HOSTILE_QUERY_IDS, rng.randint(1, 3)):
        ds["queries"].append({"_id": query_id, "text": "hostile query"})
        ds["rows"].append(f"{query_id}\t{d}\t1")


# The policy each quirk is about: mostly turned on when its quirk was drawn,
# sometimes not (so the default's refusal is compared too), sometimes on alone.
QUIRK_POLICY = {"headerless_qrels": ("qrels_header", "auto"), "grades": ("graded", 1),
                "raw_breaks_inside_strings": ("line_breaks", "newline"),
                "escaped_separators": ("unicode_separators", "escape"),
                "absent_document": ("missing_documents", "drop"), "absent_query": ("missing_queries", "drop"),
                "identical_pair": ("identical_ids", "exclude"),
                "hostile_document_ids": ("document_ids", "encode"), "hostile_query_ids": ("query_ids", "encode")}


def draw_policies(rng, quirks):
    policies = {"line_breaks": "python", "qrels_header": "required", "graded": None, "unicode_separators": "refuse",
                "missing_documents": "refuse", "missing_queries": "refuse", "identical_ids": "keep",
                "document_ids": "refuse", "query_ids": "refuse"}
    for name, (param, value) in QUIRK_POLICY.items():
        if rng.random() < (0.85 if name in quirks else 0.25):
            policies[param] = rng.choice([1, 1, 2, 3]) if param == "graded" else value
    if policies["line_breaks"] == "newline" and rng.random() < 0.7:
        policies["unicode_separators"] = "escape"
    return policies


def encode_lines(lines, ds, rng):
    eol = ds.get("eol", "\n")
    parts = []
    for i, line in enumerate(lines):
        sep = rng.choice(["\n", "\r\n", "\r"]) if eol == "mixed" else eol
        parts.append(line + sep)
    if rng.random() < 0.2 and parts:
        parts[-1] = lines[-1]  # no final newline
    return "".join(parts)


def write_dataset(root, ds, rng):
    src = root / "src"
    (src / "qrels").mkdir(parents=True)
    ensure_ascii = ds.get("force_ascii") or (not ds.get("force_raw") and rng.random() < 0.5)
    doc_lines = ds.get("raw_docs") or [json.dumps(d, ensure_ascii=ensure_ascii) for d in ds["docs"]]
    for extra in ds.get("extra_doc_lines", []):
        doc_lines.insert(rng.randrange(len(doc_lines) + 1), extra)
    if "blank" in ds:
        doc_lines.insert(rng.randrange(len(doc_lines) + 1), ds["blank"])
    query_lines = [json.dumps(q, ensure_ascii=ensure_ascii) for q in ds["queries"]]
    qrels_lines = ([ds["header"]] if ds["header"] is not None else []) + ds["rows"]
    texts = {"corpus": encode_lines(doc_lines, ds, rng), "queries": encode_lines(query_lines, ds, rng),
             "qrels": encode_lines(qrels_lines, ds, rng)}
    if ds.get("bom"):
        texts[ds["bom"]] = "\ufeff" + texts[ds["bom"]]
    data = {k: v.encode("utf-8", "surrogatepass") for k, v in texts.items()}
    if ds.get("bad_bytes"):
        which, raw, where = ds["bad_bytes"]
        blob = data[which]
        at = len(blob) if where == "end" else len(blob) // 2
        data[which] = blob[:at] + raw + blob[at:]
    split = ds.get("split", "test")
    paths = {"corpus": src / "corpus.jsonl", "queries": src / "queries.jsonl", "qrels": src / "qrels" / "test.tsv"}
    for k, p in paths.items():
        if ds.get("missing") == k:
            continue
        if ds.get("missing") == "corpus-dir" and k == "corpus":
            p.mkdir()
            continue
        p.write_bytes(data[k])
    if split == "train":
        (src / "qrels" / "train.tsv").write_bytes(data["qrels"])
    if ds.get("missing") == "source":
        import shutil
        shutil.rmtree(src)
    return split


def make_output_state(root, name, state):
    out = root / name
    if state is None:
        return name
    if state == "nested":
        return "nested/deeper/" + name
    if state == "file":
        out.write_text("not a dir")
        return name
    if state == "out-symlink":
        (root / (name + "-target")).mkdir()
        out.symlink_to(root / (name + "-target"))
        return name
    out.mkdir()
    if state == "corpus-symlink":
        (root / (name + "-elsewhere")).mkdir()
        (out / "corpus").symlink_to(root / (name + "-elsewhere"))
    elif state == "corpus-file":
        (out / "corpus").write_text("x")
    elif state == "corpus-nonempty":
        (out / "corpus").mkdir()
        for n in ["b.txt", ".hidden", "a", "c.txt"]:
            (out / "corpus" / n).write_text("old")
    elif state == "judgments-symlink":
        (out / "judgments.jsonl").symlink_to(root / (name + "-nowhere") / "j.jsonl")
    elif state == "judgments-dir":
        (out / "judgments.jsonl").mkdir()
    elif state == "judgments-file":
        (out / "judgments.jsonl").write_text("old judgments\n")
        (out / "corpus").mkdir()
    elif state == "other-files":
        (out / "README.md").write_text("user file")
        (out / "judgments.jsonl").write_text("old\n")
    return name


def main():
    cases_dir = Path(sys.argv[1])
    count = int(sys.argv[sys.argv.index("--count") + 1]) if "--count" in sys.argv else 200
    seed = int(sys.argv[sys.argv.index("--seed") + 1]) if "--seed" in sys.argv else 1
    with_policies = "--policies" in sys.argv
    rng = random.Random(seed)
    for k in range(count):
        docs, queries, header, rows = make_dataset(rng)
        ds = {"docs": docs, "queries": queries, "header": header, "rows": rows}
        policies = {}
        if k < len(SCENARIOS):
            SCENARIOS[k](ds)
        else:
            # With --policies fewer of the default path's mutations, so that
            # most cases reach the policies' effects.
            for fn in rng.sample(MUTATIONS, rng.choice([0, 0, 0, 1] if with_policies else [0, 0, 1, 1, 1, 2])):
                fn(ds, rng)
        if with_policies:
            quirks = rng.sample(POLICY_QUIRKS, rng.choice([1, 1, 2, 3]))
            for fn in quirks:
                fn(ds, rng)
            policies = draw_policies(rng, {fn.__name__ for fn in quirks})
        root = cases_dir / str(k)
        root.mkdir(parents=True)
        split = write_dataset(root, ds, rng)
        state = ds.get("out_state")
        outs = {}
        for name in ["out-py", "out-cpp", "out-pre"]:
            outs[name] = make_output_state(root, name, state)
        resolved_case = str(root.resolve())
        try:
            result = {"report": reference_beir.adapt_beir_dataset(root / "src", root / outs["out-py"], split=split,
                                                                  **policies)}
        except reference_beir.EvalError as exc:
            result = {"error": str(exc)}
        except (UnicodeEncodeError, RuntimeError, ValueError) as exc:
            result = {"crash": f"{type(exc).__name__}: {exc}"}
        text = json.dumps(result, ensure_ascii=False)
        text = text.replace(resolved_case, "<CASE>").replace("out-py", "<OUT>")
        (root / "expected.json").write_text(text, encoding="utf-8")
        case = {"split": split, "output": outs["out-cpp"]}
        if with_policies:
            case["policies"] = policies
        (root / "case.json").write_text(json.dumps(case), encoding="utf-8")


if __name__ == "__main__":
    main()
