#!/usr/bin/env python3
"""Turns a results document written by `grk-eval run` into a fixed input of the
report tests (README.md in this folder): paths of the machine become relative
to the repository root, the start time is fixed. Usage:
    normalise.py RESULTS.json ROOT [PREFIX=REPLACEMENT]... > documents/NAME.json
"""
import json
import sys


def main() -> None:
    text = open(sys.argv[1], encoding="utf-8").read()
    replacements = [(sys.argv[2].rstrip("/") + "/", "")]
    replacements += [tuple(arg.split("=", 1)) for arg in sys.argv[3:]]
    for old, new in replacements:
        text = text.replace(old, new)
    document = json.loads(text)
    document["provenance"]["started_at"] = "2026-11-30T12:00:00.000000+00:00"
    # The results document's own layout (docs/design.md §4.8): 2-space indent.
    sys.stdout.write(text.replace(json.loads(text)["provenance"]["started_at"],
                                  document["provenance"]["started_at"]))


if __name__ == "__main__":
    main()
