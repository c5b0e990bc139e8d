"""load_judgments (docs/behaviour/judgments.md §1-§2), in Python.

Not through C++: a schema problem's message embeds pydantic's full
ValidationError text (input value, documentation link), which only pydantic
writes (docs/behaviour/judgments.md §7), and each row must become a Judgment model,
which is that same validation. What is left (reading, splitting, json.loads)
is C code in CPython already.
"""

import json

from pydantic import ValidationError

from ._classes import EvalError, model_class


def load_judgments(path):
    """groundkit's load_judgments: the Judgments of a JSONL file in file
    order, or EvalError naming the file and line of the first problem."""
    judgment_class = model_class("Judgment")
    judgments = []
    seen_ids = set()
    previous_id = None
    try:
        with open(path, encoding="utf-8") as file:
            text = file.read()
    except OSError as exc:
        raise EvalError(f"Cannot read judgments file {str(path)!r}: {exc}") from exc
    except UnicodeDecodeError as exc:
        raise EvalError(f"Judgments file {str(path)!r} is not valid UTF-8: {exc}") from exc
    for line_number, raw_line in enumerate(text.splitlines(), start=1):
        line = raw_line.strip()
        if not line:
            continue
        try:
            payload = json.loads(line)
        except json.JSONDecodeError as exc:
            raise EvalError(f"{path}:{line_number}: invalid JSON: {exc}") from exc
        try:
            judgment = judgment_class.model_validate(payload)
        except ValidationError as exc:
            raise EvalError(f"{path}:{line_number}: invalid judgment: {exc}") from exc
        if judgment.query_id in seen_ids:
            raise EvalError(f"{path}:{line_number}: duplicate query_id {judgment.query_id!r}")
        if previous_id is not None and judgment.query_id <= previous_id:
            raise EvalError(
                f"{path}:{line_number}: query_id {judgment.query_id!r} is not in ascending "
                f"order after {previous_id!r} (the file must be kept sorted by query_id)")
        seen_ids.add(judgment.query_id)
        previous_id = judgment.query_id
        judgments.append(judgment)
    return judgments
