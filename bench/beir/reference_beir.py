#!/usr/bin/env python3
"""Clean-room implementation of groundkit's BEIR adapter (beir.py @1420a15) and of
load_judgments (corpus.py @7274782), written from docs/behaviour/beir.md and
docs/behaviour/judgments.md alone. It is the oracle of the differential test (tests/beir) and the CPython
side of the benchmark (bench/beir). Run with CPython 3.11, the reference interpreter.

    reference_beir.py --src DIR --out DIR [--split test] [--json]

With --json it prints one JSON object: {"report": {...}} on success, {"error": msg}
on an EvalError, or {"crash": "<ExceptionType>: <str>"} when the reference itself
would die with a traceback (a lone surrogate reaching a write, docs/behaviour/beir.md §2).

The opt-in policies of docs/behaviour/beir.md §16 are keyword arguments of
adapt_beir_dataset and flags here (--line-breaks, --qrels-header, --graded,
--unicode-separators, --missing-documents, --missing-queries, --identical-ids,
--document-ids, --query-ids); at
their defaults the behaviour is groundkit's.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import sys
from pathlib import Path

_SAFE_IDENTIFIER = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]*$")
_SAFE_SPLIT = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]*$")
_QUERY_ID_PATTERN = r"^[a-z0-9]+(-[a-z0-9]+)*$"
_HARNESS_QUERY_ID = re.compile(_QUERY_ID_PATTERN)
_DOCUMENT_SUFFIX = ".txt"
_MAX_FILENAME_BYTES = 255
_WINDOWS_RESERVED_STEMS = frozenset(
    ["CON", "PRN", "AUX", "NUL"] + [f"COM{i}" for i in range(1, 10)] + [f"LPT{i}" for i in range(1, 10)]
)
_TITLE_SEPARATOR = "\n\n"
_QRELS_HEADER = ["query-id", "corpus-id", "score"]


class EvalError(Exception):
    pass


# --- docs/behaviour/beir.md §8 ---------------------------------------------------
def ensure_within_base(path, base):
    text = str(path)
    if not text.strip():
        raise ValueError("Path must not be empty")
    if "\x00" in text:
        raise ValueError("Path must not contain null bytes")
    rp = os.path.realpath(path)
    rb = os.path.realpath(base)
    try:
        inside = os.path.commonpath([rb, rp]) == rb
    except ValueError:
        inside = False
    if not inside:
        raise ValueError(f"Path escapes base directory: {path}")
    return Path(rp)


def _contained(candidate, base, label):
    try:
        return ensure_within_base(candidate, base)
    except ValueError:
        raise EvalError(
            f"BEIR {label} path {str(candidate)!r} resolves outside the output directory "
            f"{str(base)!r}; refused. Nothing was written."
        ) from None


# --- docs/behaviour/beir.md §2-§4 --------------------------------------------------
def _read_text(path, kind):
    try:
        return path.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        if kind == "qrels":
            raise EvalError(f"BEIR qrels {str(path)!r} are not valid UTF-8: {exc}") from exc
        raise EvalError(f"BEIR file {str(path)!r} is not valid UTF-8: {exc}") from exc
    except OSError as exc:
        if kind == "qrels":
            raise EvalError(f"cannot read BEIR qrels {str(path)!r}: {exc}") from exc
        raise EvalError(f"cannot read BEIR file {str(path)!r}: {exc}") from exc


# --- docs/behaviour/beir.md §16.1 ------------------------------------------------
_SPLITLINES_ONLY = "\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"


def _lines(text, line_breaks):
    """The lines of `text` (read with universal newlines) and, for "newline", how
    many of them hold a character splitlines() would have broken at."""
    if line_breaks == "python":
        return text.splitlines(), 0
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()
    return lines, sum(1 for line in lines if any(c in _SPLITLINES_ONLY for c in line))


def _read_jsonl(path, line_breaks="python", kept=None):
    rows = []
    lines, kept_whole = _lines(_read_text(path, "jsonl"), line_breaks)
    if kept is not None:
        kept.append(kept_whole)
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
        except json.JSONDecodeError as exc:
            raise EvalError(f"invalid JSON in {path} line {number}: {exc.msg}") from exc
        if not isinstance(row, dict):
            raise EvalError(f"{path} line {number} must be a JSON object")
        rows.append(row)
    return rows


def _validate_identifier(value, subject, becomes_a_filename):
    if not _SAFE_IDENTIFIER.fullmatch(value) or value in (".", ".."):
        raise EvalError(
            f"unsafe BEIR {subject} id {value!r}; expected letters, digits, dot, underscore, or hyphen"
        )
    if not becomes_a_filename:
        return
    encoded = len((value + _DOCUMENT_SUFFIX).encode("utf-8"))
    if encoded > _MAX_FILENAME_BYTES:
        raise EvalError(
            f"BEIR {subject} id {value[:32]!r}... is {len(value)} characters; with "
            f"{_DOCUMENT_SUFFIX!r} that is {encoded} bytes, past the {_MAX_FILENAME_BYTES}-byte "
            "filename limit every common filesystem enforces. Refused here rather than at the "
            "write, which would fail partway through an otherwise-valid corpus."
        )
    if value.split(".", 1)[0].upper() in _WINDOWS_RESERVED_STEMS:
        raise EvalError(
            f"BEIR {subject} id {value!r} is a reserved Windows device name; it cannot be a file "
            "there, and on some builds the write silently succeeds while discarding the content. "
            "Rename or map this id before adapting."
        )


def _is_int(raw):
    try:
        int(raw)
    except ValueError:
        return False
    return True


def _read_qrels(path, line_breaks="python", qrels_header="required", graded=None, seen=None, checked=(True, True)):
    all_lines, kept_whole = _lines(_read_text(path, "qrels"), line_breaks)
    lines = [line for line in all_lines if line]
    rows = [line.split("\t") for line in lines]
    # docs/behaviour/beir.md §16.2
    header_found = not (qrels_header == "auto" and rows and len(rows[0]) >= 3 and _is_int(rows[0][2]))
    if header_found and (not rows or rows[0][:3] != _QRELS_HEADER):
        raise EvalError(f"unexpected or missing BEIR qrels header in {path}")
    grades = {}
    positives = {}
    for number, row in enumerate(rows[1:] if header_found else rows, start=2 if header_found else 1):
        if len(row) < 3:
            raise EvalError(f"invalid BEIR qrels row at {path} line {number}")
        query_id, doc_id, raw = row[0], row[1], row[2]
        if checked[0]:  # docs/behaviour/beir.md §16.8: encoded ids are not checked
            _validate_identifier(query_id, "query", False)
        if checked[1]:
            _validate_identifier(doc_id, "document", True)
        try:
            score = int(raw)
        except ValueError as exc:
            raise EvalError(f"invalid integer relevance score {raw!r} at {path} line {number}") from exc
        if graded is not None:  # docs/behaviour/beir.md §16.3
            grades[score] = grades.get(score, 0) + 1
            if score >= graded:
                positives.setdefault(query_id, set()).add(doc_id)
            continue
        if score not in (0, 1):
            raise EvalError(
                f"graded BEIR relevance score {score} at {path} line {number}: this adapter supports "
                "binary qrels only. groundkit judgments carry no relevance grade, so every positive "
                "grade would collapse to the same membership and the adapted set would report binary "
                "nDCG against a collection whose published numbers are graded. Use a binary "
                "collection (SciFact, NFCorpus's binary splits) or add graded relevance to the "
                "harness first."
            )
        if score == 1:
            positives.setdefault(query_id, set()).add(doc_id)
    if seen is not None:
        seen.update(header_found=header_found, grades=grades, kept_whole=kept_whole)
    return positives


def _required_id(row, context):
    value = row.get("_id")
    if not isinstance(value, str) or not value:
        raise EvalError(f"{context} requires non-empty string field '_id'")
    return value


def _optional_text(row, field, context):
    value = row.get(field, "")
    if not isinstance(value, str):
        raise EvalError(f"{context} field {field!r} must be a string when present")
    return value


# --- docs/behaviour/judgments.md (load_judgments) ------------------------------------
_JUDGMENT_ID = re.compile(_QUERY_ID_PATTERN)
_CATEGORIES = ("normal", "ambiguous", "no_answer", "adversarial")


def _judgment_problem(row):
    """The first schema problem of one judgment row (a short stand-in for pydantic's text)."""
    if not isinstance(row, dict):
        return "input should be an object"
    for key in row:
        if key not in ("query_id", "query", "category", "gold", "notes"):
            return f"{key}: extra inputs are not permitted"
    query_id = row.get("query_id")
    if not isinstance(query_id, str) or not _JUDGMENT_ID.search(query_id) or query_id.endswith("\n"):
        return "query_id: string should match pattern"
    if not isinstance(row.get("query"), str) or len(row["query"]) < 1:
        return "query: string should have at least 1 character"
    if row.get("category") not in _CATEGORIES:
        return "category: input should be a category"
    gold = row.get("gold", [])
    if not isinstance(gold, list):
        return "gold: input should be a list"
    for span in gold:
        if not isinstance(span, dict) or set(span) - {"doc", "quote"}:
            return "gold: bad span"
        doc, quote = span.get("doc"), span.get("quote")
        if not isinstance(doc, str) or not isinstance(quote, str) or len(quote) < 1:
            return "gold: bad span"
        if not doc.strip() or "\\" in doc or doc.startswith("/") or re.match(r"^[A-Za-z]:", doc) \
                or ".." in doc.split("/"):
            return "gold: bad doc"
    notes = row.get("notes")
    if notes is not None and not isinstance(notes, str):
        return "notes: input should be a string"
    category = row["category"]
    if category == "no_answer" and gold:
        return "category 'no_answer' judgments must have an empty gold list"
    if category != "no_answer" and not gold:
        return f"category {category!r} judgments require at least one gold span"
    if category == "ambiguous" and len(gold) < 2:
        return "category 'ambiguous' requires at least 2 gold spans"
    return None


def load_judgments(path):
    try:
        text = Path(path).read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise EvalError(f"Judgments file {str(path)!r} is not valid UTF-8: {exc}") from exc
    except OSError as exc:
        raise EvalError(f"Cannot read judgments file {str(path)!r}: {exc}") from exc
    judgments, seen, previous = [], set(), None
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line:
            continue
        try:
            row = json.loads(line)
        except json.JSONDecodeError as exc:
            raise EvalError(f"{path}:{number}: invalid JSON: {exc}") from exc
        problem = _judgment_problem(row)
        if problem is not None:
            raise EvalError(f"{path}:{number}: invalid judgment: {problem}")
        query_id = row["query_id"]
        if query_id in seen:
            raise EvalError(f"{path}:{number}: duplicate query_id {query_id!r}")
        if previous is not None and query_id <= previous:
            raise EvalError(
                f"{path}:{number}: query_id {query_id!r} is not in ascending order after "
                f"{previous!r} (the file must be kept sorted by query_id)"
            )
        seen.add(query_id)
        previous = query_id
        judgments.append(row)
    return judgments


# --- docs/behaviour/beir.md §7 ---------------------------------------------------------
_CHOICES = {
    "line_breaks": ("python", "newline"),
    "qrels_header": ("required", "auto"),
    "unicode_separators": ("refuse", "escape"),
    "missing_documents": ("refuse", "drop"),
    "missing_queries": ("refuse", "drop"),
    "identical_ids": ("keep", "exclude"),
    "document_ids": ("refuse", "encode"),
    "query_ids": ("refuse", "encode"),
}
_RAW_SEPARATORS = {"\x85": "\\u0085", "\u2028": "\\u2028", "\u2029": "\\u2029"}


def _drop_pairs(positives, doomed):
    """docs/behaviour/beir.md §16.5-§16.6: drops the pairs `doomed(query, doc)` names; returns
    (pairs dropped, queries left empty, sorted)."""
    pairs, emptied = 0, []
    for query_id in sorted(positives):
        kept = {d for d in positives[query_id] if not doomed(query_id, d)}
        pairs += len(positives[query_id]) - len(kept)
        if kept:
            positives[query_id] = kept
        else:
            del positives[query_id]
            emptied.append(query_id)
    return pairs, emptied


# --- docs/behaviour/beir.md §16.8: document_ids and query_ids -------------------------
_LITERAL_BYTES = frozenset(b"abcdefghijklmnopqrstuvwxyz0123456789-")
_DIGEST_DIGITS = 32
_DIGEST_ROOM = _MAX_FILENAME_BYTES - len(_DOCUMENT_SUFFIX) - 1 - 2 - _DIGEST_DIGITS


def is_portable(doc_id):
    try:
        _validate_identifier(doc_id, "document", True)
    except EvalError:
        return False
    return True


def _units(doc_id):
    return [chr(b) if b in _LITERAL_BYTES else f"_{b:02x}" for b in doc_id.encode("utf-8", "surrogatepass")]


def encode_stem(doc_id):
    units = _units(doc_id)
    stem = "_" + "".join(units)
    if len(stem) + len(_DOCUMENT_SUFFIX) <= _MAX_FILENAME_BYTES:
        return stem
    prefix = ""
    for unit in units:
        if len(prefix) + len(unit) > _DIGEST_ROOM:
            break
        prefix += unit
    return "_" + prefix + "_h" + hashlib.sha256(doc_id.encode("utf-8")).hexdigest()[:_DIGEST_DIGITS]


def decode_stem(stem):
    """The id of an escaped stem; None for a digest stem or anything encode_stem does not write."""
    if not stem.startswith("_"):
        return stem if is_portable(stem) else None
    raw, i = bytearray(), 1
    while i < len(stem):
        c = stem[i]
        if ord(c) in _LITERAL_BYTES:
            raw.append(ord(c))
            i += 1
            continue
        hexpair = stem[i + 1:i + 3]
        if c != "_" or len(hexpair) != 2 or any(h not in "0123456789abcdef" for h in hexpair):
            return None
        byte = int(hexpair, 16)
        if byte in _LITERAL_BYTES:
            return None
        raw.append(byte)
        i += 3
    return raw.decode("utf-8", "surrogatepass")


def kebab_id(query_id):
    words, word = [], ""
    for c in query_id:
        if c.isascii() and c.isalnum():
            word += c.lower()
            continue
        if word:
            words.append(word)
            word = ""
        if not c.isascii():
            words.append(f"u{ord(c):x}")
    if word:
        words.append(word)
    return "-".join(words) if words else "x" + query_id.encode("utf-8", "surrogatepass").hex()


def _tsv_field(text):
    return text.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n").replace("\r", "\\r")


def _adapt_ids(documents, positives, document_ids, query_ids):
    """docs/behaviour/beir.md §16.8: ({doc: stem}, {query: kebab}, case-renamed docs), changed ids only."""
    renamed_docs, renamed_queries, case_renamed = {}, {}, set()
    if document_ids == "encode":
        surrogates = sorted(d for d in documents if any(0xD800 <= ord(c) <= 0xDFFF for c in d))
        if surrogates:
            raise EvalError(f"BEIR document id {surrogates[0]!r} contains a lone surrogate (a \\ud800-\\udfff escape "
                            "without its pair), which id_map.tsv cannot record as UTF-8; refused. Nothing was written.")
        folded = {}
        for doc_id in sorted(documents):
            if is_portable(doc_id):
                folded.setdefault(doc_id.lower(), []).append(doc_id)
        for group in folded.values():
            case_renamed.update(group[1:])
        digests = {}
        for doc_id in sorted(documents):
            if is_portable(doc_id) and doc_id not in case_renamed:
                continue
            stem = encode_stem(doc_id)
            if stem != "_" + "".join(_units(doc_id)):
                if stem in digests:
                    raise EvalError(f"BEIR document ids {digests[stem]!r} and {doc_id!r} both encode to the file "
                                    f"name {stem + _DOCUMENT_SUFFIX!r}; refused. Nothing was written.")
                digests[stem] = doc_id
            renamed_docs[doc_id] = stem
    if query_ids == "encode":
        by_adapted = {}
        for query_id in sorted(positives):
            adapted = kebab_id(query_id)
            by_adapted.setdefault(adapted, []).append(query_id)
            if adapted != query_id:
                renamed_queries[query_id] = adapted
        for adapted in sorted(by_adapted):
            group = by_adapted[adapted]
            if len(group) > 1:
                raise EvalError(f"BEIR query ids {group[0]!r} and {group[1]!r} both become the judgment id "
                                f"{adapted!r} under query_ids: encode; rename one of them before adapting. "
                                "Nothing was written.")
    return renamed_docs, renamed_queries, case_renamed


def adapt_beir_dataset(source_dir, output_dir, *, split="test", line_breaks="python", qrels_header="required",
                       graded=None, unicode_separators="refuse", missing_documents="refuse",
                       missing_queries="refuse", identical_ids="keep", document_ids="refuse", query_ids="refuse"):
    given = {"line_breaks": line_breaks, "qrels_header": qrels_header, "graded": graded,
             "unicode_separators": unicode_separators, "missing_documents": missing_documents,
             "missing_queries": missing_queries, "identical_ids": identical_ids,
             "document_ids": document_ids, "query_ids": query_ids}
    for name, value in given.items():  # docs/behaviour/beir.md §16
        if name == "graded":
            if value is not None and value < 1:
                raise ValueError(f"graded must be an integer >= 1 (the lowest positive grade), got {value}")
        elif value not in _CHOICES[name]:
            choices = ", ".join(repr(c) for c in _CHOICES[name])
            raise ValueError(f"{name} must be one of {choices}, got {value!r}")
    if not _SAFE_SPLIT.fullmatch(split):
        raise EvalError(f"unsafe BEIR split {split!r}; expected letters, digits, dot, underscore, or hyphen")
    source = Path(source_dir).resolve()
    destination = Path(output_dir).resolve()

    kept = []
    corpus_rows = _read_jsonl(source / "corpus.jsonl", line_breaks, kept)
    query_rows = _read_jsonl(source / "queries.jsonl", line_breaks, kept)
    seen = {}
    checked = (query_ids == "refuse", document_ids == "refuse")
    positives = _read_qrels(source / "qrels" / f"{split}.tsv", line_breaks, qrels_header, graded, seen, checked)

    documents = {}
    for position, row in enumerate(corpus_rows, start=1):
        context = f"corpus row {position}"
        doc_id = _required_id(row, context)
        if checked[1]:
            _validate_identifier(doc_id, "document", True)
        if doc_id in documents:
            raise EvalError(f"duplicate BEIR document id {doc_id!r}")
        title = _optional_text(row, "title", context).strip()
        body = _optional_text(row, "text", context).strip()
        text = f"{title}{_TITLE_SEPARATOR}{body}" if title else body
        if not text:
            raise EvalError(f"BEIR document {doc_id!r} has no title or text")
        documents[doc_id] = text

    queries = {}
    for position, row in enumerate(query_rows, start=1):
        context = f"query row {position}"
        query_id = _required_id(row, context)
        if checked[0]:
            _validate_identifier(query_id, "query", False)
        if query_id in queries:
            raise EvalError(f"duplicate BEIR query id {query_id!r}")
        value = row.get("text")
        if not isinstance(value, str) or not value:
            raise EvalError(f"{context} requires non-empty string field 'text'")
        query = value.strip()
        if not query:
            raise EvalError(f"BEIR query {query_id!r} is empty")
        queries[query_id] = query

    dropped = {}
    if identical_ids == "exclude":
        dropped["identical_ids"] = ([],) + _drop_pairs(positives, lambda q, d: q == d)
    if missing_documents == "drop":
        absent = sorted({d for docs in positives.values() for d in docs} - documents.keys())
        dropped["missing_documents"] = (absent,) + _drop_pairs(positives, lambda q, d: d not in documents)
    if missing_queries == "drop":
        absent = sorted(positives.keys() - queries.keys())
        dropped["missing_queries"] = (absent,) + _drop_pairs(positives, lambda q, d: q not in queries)

    missing_documents = sorted({d for docs in positives.values() for d in docs} - documents.keys())
    if missing_documents:
        raise EvalError(f"BEIR qrels reference missing documents: {missing_documents}")
    missing_queries = sorted(positives.keys() - queries.keys())
    if missing_queries:
        raise EvalError(f"BEIR qrels reference missing queries: {missing_queries}")
    if not positives:
        raise EvalError(f"BEIR qrels for split {split!r} contain no positive relevance rows")
    unusable = sorted(q for q in positives if not _HARNESS_QUERY_ID.fullmatch(q)) if checked[0] else []
    if unusable:
        raise EvalError(
            f"BEIR query ids are not admissible as groundkit judgment ids: {unusable}. The harness "
            f"requires kebab-case lowercase ({_QUERY_ID_PATTERN}); rename or map these ids before "
            "adapting, rather than writing a corpus the harness would reject on load."
        )
    groups = {}
    for doc_id in documents:
        groups.setdefault(doc_id.casefold(), []).append(doc_id)
    collisions = sorted(sorted(group) for group in groups.values() if len(group) > 1) if checked[1] else []
    if collisions:
        raise EvalError(
            "BEIR document ids collide when case is folded, so they would share one file on a "
            f"case-insensitive filesystem: {collisions}. Each would overwrite the other while the "
            "judgments still reference both, leaving quotes resolved against the wrong document. "
            "Rename or map these ids before adapting."
        )
    renamed_docs, renamed_queries, case_renamed = _adapt_ids(documents, positives, document_ids, query_ids)

    if destination.exists() and not destination.is_dir():
        raise EvalError(
            f"BEIR output path {str(destination)!r} exists but is not a directory. Remove it, or "
            "choose a path that does not already hold a file by that name."
        )
    judgments_candidate = destination / "judgments.jsonl"
    if judgments_candidate.is_symlink():
        raise EvalError(
            f"BEIR judgments path {str(judgments_candidate)!r} is a symbolic link; refused rather "
            "than followed, because it can point outside the output directory you named. Remove "
            "the link and re-run."
        )
    if judgments_candidate.exists() and not judgments_candidate.is_file():
        raise EvalError(
            f"BEIR judgments path {str(judgments_candidate)!r} exists but is not a regular file. "
            "Remove it, or choose an output directory that does not already hold a directory by "
            "that name."
        )
    judgments_path = _contained(judgments_candidate, destination, "judgments")

    corpus_dir = destination / "corpus"
    if corpus_dir.is_symlink():
        raise EvalError(
            f"BEIR output corpus path {str(corpus_dir)!r} is a symbolic link; refused rather than "
            "followed, because documents written through it would land outside the output "
            "directory you named. Remove the link and re-run."
        )
    if corpus_dir.exists() and not corpus_dir.is_dir():
        raise EvalError(
            f"BEIR output corpus path {str(corpus_dir)!r} exists but is not a directory. Remove "
            "it, or choose an output directory that does not already hold a file by that name."
        )
    if corpus_dir.exists():
        names = sorted(entry.name for entry in corpus_dir.iterdir())
        if names:
            raise EvalError(
                f"BEIR output corpus directory {str(corpus_dir)!r} already contains {len(names)} "
                f"entries (e.g. {names[:3]}). Adapting into it would mix two datasets in one "
                "corpus and score stale documents against judgments that never referenced them. "
                "Remove the directory and re-run."
            )

    corpus_dir.mkdir(parents=True, exist_ok=True)
    for doc_id in sorted(documents):
        path = _contained(corpus_dir / f"{renamed_docs.get(doc_id, doc_id)}{_DOCUMENT_SUFFIX}", destination, "document")
        path.write_text(documents[doc_id], encoding="utf-8", newline="\n")
    escaped = {"characters": 0, "judgments": 0, "documents": set()}
    with judgments_path.open("w", encoding="utf-8", newline="\n") as handle:
        # docs/behaviour/beir.md §16.8: in the adapted ids' order.
        for query_id in sorted(positives, key=lambda q: renamed_queries.get(q, q)):
            stems = sorted((renamed_docs.get(d, d), d) for d in positives[query_id])
            row = {
                "query_id": renamed_queries.get(query_id, query_id),
                "query": queries[query_id],
                "category": "normal",
                "gold": [
                    {"doc": f"{stem}{_DOCUMENT_SUFFIX}", "quote": documents[doc_id]}
                    for stem, doc_id in stems
                ],
            }
            line = json.dumps(row, ensure_ascii=False)
            if unicode_separators == "escape":  # docs/behaviour/beir.md §16.4
                count = sum(line.count(c) for c in _RAW_SEPARATORS)
                for raw, escape in _RAW_SEPARATORS.items():
                    line = line.replace(raw, escape)
                escaped["characters"] += count
                escaped["judgments"] += 1 if count else 0
                escaped["documents"].update(d for d in positives[query_id]
                                            if any(c in documents[d] for c in _RAW_SEPARATORS))
            handle.write(line + "\n")
    if renamed_docs or renamed_queries:
        lines = ["kind\toriginal\tadapted\n"]
        lines += [f"document\t{_tsv_field(d)}\t{_tsv_field(renamed_docs[d])}\n" for d in sorted(renamed_docs)]
        lines += [f"query\t{_tsv_field(q)}\t{_tsv_field(renamed_queries[q])}\n" for q in sorted(renamed_queries)]
        (destination / "id_map.tsv").write_bytes("".join(lines).encode("utf-8"))
    load_judgments(judgments_path)
    report = {
        "source_dir": str(source),
        "output_dir": str(destination),
        "split": split,
        "document_count": len(documents),
        "query_count": len(positives),
        "relevance_pair_count": sum(len(docs) for docs in positives.values()),
        "total_characters": sum(len(text) for text in documents.values()),
        "corpus_dir": str(corpus_dir),
        "judgments_path": str(judgments_path),
    }
    renamed = (renamed_docs, renamed_queries, case_renamed)
    report.update(_policy_fields(given, split, kept, seen, escaped, dropped, renamed))
    return report


def _first(ids):
    return list(ids[:10])


def _policy_fields(given, split, kept, seen, escaped, dropped, renamed=({}, {}, set())):
    """docs/behaviour/beir.md §16.7."""
    fields, adjustments = {}, {}
    graded = given["graded"]
    if given["qrels_header"] == "auto":
        fields["qrels_header"] = "present" if seen["header_found"] else "absent"
    if graded is not None:
        fields["grades"] = {"threshold": graded,
                            "rows_by_grade": {str(g): n for g, n in sorted(seen["grades"].items())}}
    lines = kept + [seen["kept_whole"]]
    if given["line_breaks"] == "newline" and sum(lines):
        names = ["corpus.jsonl", "queries.jsonl", f"qrels/{split}.tsv"]
        adjustments["line_breaks"] = {"value": "newline",
                                      "did": "kept whole the lines Python's splitlines would have cut",
                                      "lines": sum(lines), "files": {n: c for n, c in zip(names, lines) if c}}
    if given["qrels_header"] == "auto" and not seen["header_found"]:
        adjustments["qrels_header"] = {"value": "auto", "did": "read the first row as data: the qrels have no header",
                                       "rows": 1}
    outside = sum(n for g, n in seen["grades"].items() if g not in (0, 1))
    if graded is not None and outside:
        adjustments["graded"] = {"value": graded,
                                 "did": f"read scores other than 0 and 1; scores >= {graded} are positive",
                                 "rows": outside}
    if given["unicode_separators"] == "escape" and escaped["characters"]:
        adjustments["unicode_separators"] = {
            "value": "escape", "did": "wrote U+0085, U+2028 and U+2029 as \\uXXXX escapes in judgments.jsonl",
            "characters": escaped["characters"], "judgments": escaped["judgments"],
            "documents": len(escaped["documents"])}
    for name in ("missing_documents", "missing_queries", "identical_ids"):
        if name not in dropped or not dropped[name][1]:
            continue
        absent, pairs, emptied = dropped[name]
        if name == "identical_ids":
            entry = {"value": "exclude", "did": "dropped positive pairs whose query id equals the document id"}
        else:
            kind = "documents" if name == "missing_documents" else "queries"
            source = "corpus.jsonl" if name == "missing_documents" else "queries.jsonl"
            entry = {"value": "drop", "did": f"dropped positive pairs naming {kind} absent from {source}",
                     kind: len(absent), f"first_{kind}": _first(absent)}
        entry.update(pairs=pairs, queries_dropped=len(emptied), first_queries_dropped=_first(emptied))
        adjustments[name] = entry
    renamed_docs, renamed_queries, case_renamed = renamed
    if renamed_docs:
        adjustments["document_ids"] = {
            "value": "encode",
            "did": "renamed the documents whose id is no portable file name, or collides when case is folded; "
                   "id_map.tsv lists them",
            "documents": len(renamed_docs), "case_collisions": len(case_renamed),
            "first_documents": [{"original": d, "adapted": renamed_docs[d]} for d in sorted(renamed_docs)[:10]]}
    if renamed_queries:
        adjustments["query_ids"] = {
            "value": "encode", "did": "renamed the written query ids that are not kebab-case; id_map.tsv lists them",
            "queries": len(renamed_queries),
            "first_queries": [{"original": q, "adapted": renamed_queries[q]} for q in sorted(renamed_queries)[:10]]}
    if adjustments:
        fields["adjustments"] = adjustments
    return fields


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--src", required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--split", default="test")
    parser.add_argument("--json", action="store_true")
    for name, choices in _CHOICES.items():
        parser.add_argument("--" + name.replace("_", "-"), default=choices[0])
    parser.add_argument("--graded", type=int, default=None)
    args = parser.parse_args(argv)
    policies = {name: getattr(args, name) for name in _CHOICES}
    try:
        report = adapt_beir_dataset(Path(args.src), Path(args.out), split=args.split, graded=args.graded, **policies)
    except EvalError as exc:
        if args.json:
            print(json.dumps({"error": str(exc)}, ensure_ascii=False))
            return 0
        print(f"adapt_beir: {exc}", file=sys.stderr)
        return 1
    except (UnicodeEncodeError, RuntimeError) as exc:
        if args.json:
            print(json.dumps({"crash": f"{type(exc).__name__}: {exc}"}, ensure_ascii=False))
            return 0
        raise
    if args.json:
        print(json.dumps({"report": report}, ensure_ascii=False))
    else:
        pairs = report["relevance_pair_count"]
        queries = report["query_count"]
        print(f"corpus     : {report['document_count']:,} documents, {report['total_characters']:,} chars -> {report['corpus_dir']}")
        print(f"judgments  : {queries:,} queries, {pairs / queries:.2f} gold docs/query")
        print(f"             -> {report['judgments_path']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
