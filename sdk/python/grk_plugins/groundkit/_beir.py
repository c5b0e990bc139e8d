"""adapt_beir_dataset through the `beir` component of the beir module
(docs/behaviour/beir.md), in process.

Every check, message and result is the component's, which are groundkit's
(docs/behaviour/beir.md §7, §10). Two failures groundkit does not raise as
EvalError are raised here as groundkit raises them, while the output is left
as it was found (docs/behaviour/beir.md §15.3): a lone surrogate in a written text
is the UnicodeEncodeError Python's UTF-8 encoder raises at the write groundkit
would fail on, and a NUL byte in a path is the ValueError of Path.resolve().
"""

import json
import os
import re

from ._classes import EvalError, model_class
from ._plugin_calls import call

_SAFE_SPLIT = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]*$")
_SURROGATE_REFUSAL = re.compile(r"^BEIR (document|query) '([^']*)' contains a lone surrogate ")
# The SDK's refusal of a path param holding a NUL, where Python's os calls
# raise ValueError("embedded null byte").
_NUL_IN_PATH = re.compile(r"^parameter '(source|output)_dir': a path cannot hold a NUL character ")


def _surrogate_run(text):
    """(start, end) of the first run of surrogates in `text`, as CPython's
    UTF-8 encoder reports it (the run of consecutive surrogates)."""
    start = next(i for i, c in enumerate(text) if 0xD800 <= ord(c) <= 0xDFFF)
    end = start + 1
    while end < len(text) and 0xD800 <= ord(text[end]) <= 0xDFFF:
        end += 1
    return start, end


def _records(path):
    """The JSON objects of a BEIR JSONL file, read as groundkit reads it (the
    component has already accepted the file)."""
    with open(path, encoding="utf-8") as file:
        lines = file.read().splitlines()
    return [json.loads(line) for line in lines if line.strip()]


def _encode_error(source, kind, identifier):
    """The UnicodeEncodeError groundkit's write of `identifier` raises: the
    document's file text, or the query's judgments line (docs/behaviour/beir.md §9)."""
    if kind == "document":
        record = next(r for r in _records(os.path.join(source, "corpus.jsonl")) if r.get("_id") == identifier)
        title = record.get("title", "").strip()
        body = record.get("text", "").strip()
        text = title + "\n\n" + body if title else body
    else:
        record = next(r for r in _records(os.path.join(source, "queries.jsonl")) if r.get("_id") == identifier)
        # The line as far as the query's text; the gold quotes that follow
        # are surrogate-free (documents are written, and checked, first).
        text = ('{"query_id": ' + json.dumps(identifier, ensure_ascii=False) + ', "query": '
                + json.dumps(record["text"].strip(), ensure_ascii=False))
    start, end = _surrogate_run(text)
    return UnicodeEncodeError("utf-8", text, start, end, "surrogates not allowed")


def adapt_beir_dataset(source_dir, output_dir, *, split="test"):
    """groundkit's adapt_beir_dataset (docs/behaviour/beir.md): the corpus folder and
    judgments.jsonl written byte for byte as groundkit writes them, the same
    BeirAdaptationReport, the same EvalError messages in the same order;
    nothing written when it fails."""
    _SAFE_SPLIT.fullmatch(split)  # a non-str split fails here as in groundkit (TypeError)
    params = {"source_dir": os.fspath(source_dir), "output_dir": os.fspath(output_dir), "split": split}
    try:
        result = call("beir", "beir", params)
    except EvalError as error:
        message = str(error)
        if message == "embedded null byte" or _NUL_IN_PATH.match(message):
            raise ValueError("embedded null byte") from None
        refusal = _SURROGATE_REFUSAL.match(message)
        if refusal is None:
            raise
        source = os.path.realpath(os.fspath(source_dir))
        raise _encode_error(source, refusal.group(1), refusal.group(2)) from None
    return model_class("BeirAdaptationReport")(**result)
