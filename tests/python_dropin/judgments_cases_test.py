"""groundkit's load_judgments tests (docs/behaviour/judgments.md §6, cases 1-7)
against grk_plugins.groundkit.load_judgments, with the full messages, and the
Judgment model's rules (§3)."""
import json
import os
import tempfile
import unittest
from pathlib import Path

from pydantic import ValidationError

from dropin_support import gk

REC_A = {"query_id": "aaa-first", "query": "q", "category": "normal", "gold": [{"doc": "a.md", "quote": "x"}]}
REC_B = {"query_id": "bbb-second", "query": "q", "category": "no_answer", "gold": []}


class LoadJudgmentsCases(unittest.TestCase):
    def setUp(self):
        self._tmp = tempfile.TemporaryDirectory()
        self.path = Path(self._tmp.name) / "judgments.jsonl"

    def tearDown(self):
        self._tmp.cleanup()

    def write(self, text):
        self.path.write_text(text, encoding="utf-8")

    def refused(self, message):
        with self.assertRaises(gk.EvalError) as caught:
            gk.load_judgments(self.path)
        self.assertEqual(str(caught.exception), message)
        return caught.exception

    def test_1_a_missing_file(self):
        self.refused(f"Cannot read judgments file {str(self.path)!r}: [Errno 2] No such file or directory: "
                     f"{str(self.path)!r}")

    def test_2_invalid_utf8(self):
        self.path.write_bytes(b"\xff\xfe\x00not utf-8")
        error = self.refused(f"Judgments file {str(self.path)!r} is not valid UTF-8: 'utf-8' codec can't decode "
                             "byte 0xff in position 0: invalid start byte")
        self.assertIsInstance(error.__cause__, UnicodeDecodeError)

    def test_3_a_sorted_file_loads_in_order(self):
        self.write(json.dumps(REC_A) + "\n" + json.dumps(REC_B) + "\n")
        loaded = gk.load_judgments(self.path)
        self.assertEqual([j.query_id for j in loaded], ["aaa-first", "bbb-second"])
        self.assertIsInstance(loaded[0], gk.Judgment)
        self.assertEqual(loaded[0].model_dump_json(), '{"query_id":"aaa-first","query":"q","category":"normal",'
                         '"gold":[{"doc":"a.md","quote":"x"}],"notes":null}')

    def test_4_blank_lines_are_skipped(self):
        self.write("\n" + json.dumps(REC_A) + "\n\n   \n")
        self.assertEqual(len(gk.load_judgments(self.path)), 1)

    def test_5_malformed_json_and_a_schema_violation_name_the_line(self):
        self.write(json.dumps(REC_A) + "\n{not json\n")
        self.refused(f"{self.path}:2: invalid JSON: Expecting property name enclosed in double quotes: line 1 "
                     "column 2 (char 1)")
        self.write(json.dumps(REC_A) + "\n" + json.dumps(dict(REC_B, query_id="Bad")) + "\n")
        # pydantic's own text, as groundkit embeds it.
        with self.assertRaises(ValidationError) as pydantic_error:
            gk.Judgment.model_validate(dict(REC_B, query_id="Bad"))
        self.refused(f"{self.path}:2: invalid judgment: {pydantic_error.exception}")

    def test_6_a_duplicate(self):
        self.write(json.dumps(REC_A) + "\n" + json.dumps(REC_A) + "\n")
        self.refused(f"{self.path}:2: duplicate query_id 'aaa-first'")

    def test_7_descending_order(self):
        self.write(json.dumps(REC_B) + "\n" + json.dumps(REC_A) + "\n")
        self.refused(f"{self.path}:2: query_id 'aaa-first' is not in ascending order after 'bbb-second' (the file "
                     "must be kept sorted by query_id)")


class JudgmentModel(unittest.TestCase):
    def value_error(self, record):
        with self.assertRaises(ValidationError) as caught:
            gk.Judgment.model_validate(record)
        return caught.exception.errors()[0]["msg"]

    def test_model_rules(self):
        self.assertEqual(self.value_error(dict(REC_B, gold=REC_A["gold"])),
                         "Value error, category 'no_answer' judgments must have an empty gold list")
        self.assertEqual(self.value_error(dict(REC_A, gold=[])),
                         "Value error, category 'normal' judgments require at least one gold span")
        self.assertEqual(self.value_error(dict(REC_A, category="ambiguous")),
                         "Value error, category 'ambiguous' requires at least 2 gold spans (distinct authored "
                         "answers) \u2014 a single quote that happens to resolve to 2 chunks by boundary overlap "
                         "does not qualify")

    def test_doc_rules_in_order(self):
        for doc, message in ((" ", "doc must not be empty or whitespace-only"),
                             ("a\\b", "doc must use forward slashes, not backslashes: 'a\\\\b'"),
                             ("/a", "doc must be a relative path, not absolute: '/a'"),
                             ("C:x", "doc must be a relative path, not absolute: 'C:x'"),
                             ("a/../b", "doc must not contain '..' path segments: 'a/../b'")):
            self.assertEqual(self.value_error(dict(REC_A, gold=[{"doc": doc, "quote": "x"}])), "Value error, " + message)

    def test_frozen_and_extra_forbidden(self):
        judgment = gk.Judgment.model_validate(REC_A)
        with self.assertRaises(ValidationError):
            judgment.query = "other"
        self.assertEqual(self.value_error(dict(REC_A, extra=1)), "Extra inputs are not permitted")


if __name__ == "__main__":
    unittest.main(verbosity=2)
