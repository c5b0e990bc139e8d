"""groundkit's 36 BEIR tests (docs/behaviour/beir.md §14) against
grk_plugins.groundkit.adapt_beir_dataset, with the full message where groundkit
matches a fragment, and the output folder checked to be left as it was found
on every refusal."""
import json
import os
import tempfile
import unittest
from pathlib import Path

from dropin_support import gk

GRADED = ("graded BEIR relevance score {score} at {path} line 2: this adapter supports binary qrels only. "
          "groundkit judgments carry no relevance grade, so every positive grade would collapse to the same "
          "membership and the adapted set would report binary nDCG against a collection whose published numbers "
          "are graded. Use a binary collection (SciFact, NFCorpus's binary splits) or add graded relevance to the "
          "harness first.")


def write_beir(root, document_id="doc-1", *, corpus=None, queries=None, qrels=None):
    """groundkit's _write_beir fixture (docs/behaviour/beir.md §14)."""
    source = root / "beir"
    (source / "qrels").mkdir(parents=True, exist_ok=True)
    (source / "corpus.jsonl").write_text(
        corpus if corpus is not None else json.dumps({"_id": document_id, "title": "Title", "text": "Body"}) + "\n",
        encoding="utf-8")
    (source / "queries.jsonl").write_text(
        queries if queries is not None else json.dumps({"_id": "q-1", "text": "What is in the body?"}) + "\n",
        encoding="utf-8")
    (source / "qrels" / "test.tsv").write_text(
        qrels if qrels is not None else f"query-id\tcorpus-id\tscore\nq-1\t{document_id}\t1\n", encoding="utf-8")
    return source


def snapshot(path):
    """Every entry under `path` with its bytes (or link target), for 'left as found'."""
    if not os.path.lexists(path):
        return None
    if os.path.islink(path) or not os.path.isdir(path):
        return ("link", os.readlink(path)) if os.path.islink(path) else ("file", Path(path).read_bytes())
    return {name: snapshot(os.path.join(path, name)) for name in sorted(os.listdir(path))}


class BeirCases(unittest.TestCase):
    def setUp(self):
        self._tmp = tempfile.TemporaryDirectory()
        self.root = Path(os.path.realpath(self._tmp.name))
        self.out = self.root / "adapted"

    def tearDown(self):
        self._tmp.cleanup()

    def refused(self, source, message, *, output=None, split="test"):
        """adapt must raise EvalError(message) and leave the output as found."""
        output = output or self.out
        before = snapshot(output)
        with self.assertRaises(gk.EvalError) as caught:
            gk.adapt_beir_dataset(source, output, split=split)
        self.assertEqual(str(caught.exception), message)
        self.assertEqual(snapshot(output), before)
        return caught.exception

    def test_01_document_level_qrel_is_a_whole_document_quote(self):
        report = gk.adapt_beir_dataset(write_beir(self.root), self.out)
        self.assertIsInstance(report, gk.BeirAdaptationReport)
        self.assertEqual((report.document_count, report.query_count, report.relevance_pair_count), (1, 1, 1))
        self.assertEqual((self.out / "corpus" / "doc-1.txt").read_text(encoding="utf-8"), "Title\n\nBody")
        judgments = gk.load_judgments(self.out / "judgments.jsonl")
        self.assertEqual((judgments[0].gold[0].doc, judgments[0].gold[0].quote), ("doc-1.txt", "Title\n\nBody"))
        self.assertEqual(report.model_dump(), {
            "source_dir": str(self.root / "beir"), "output_dir": str(self.out), "split": "test",
            "document_count": 1, "query_count": 1, "relevance_pair_count": 1, "total_characters": 11,
            "corpus_dir": str(self.out / "corpus"), "judgments_path": str(self.out / "judgments.jsonl")})

    def test_02_ignores_zero_relevance_rows(self):
        source = write_beir(self.root, qrels="query-id\tcorpus-id\tscore\nq-1\tdoc-1\t0\n")
        self.refused(source, "BEIR qrels for split 'test' contain no positive relevance rows")

    def test_03_rejects_path_like_document_ids(self):
        self.refused(write_beir(self.root, "../escape"),
                     "unsafe BEIR document id '../escape'; expected letters, digits, dot, underscore, or hyphen")

    def test_04_rejects_a_path_shaped_split(self):
        self.refused(write_beir(self.root), "unsafe BEIR split '../../etc/passwd'; expected letters, digits, dot, "
                     "underscore, or hyphen", split="../../etc/passwd")

    def test_05_inadmissible_query_ids_fail_before_anything_is_written(self):
        source = write_beir(self.root, queries=json.dumps({"_id": "MED-10", "text": "q"}) + "\n",
                            qrels="query-id\tcorpus-id\tscore\nMED-10\tdoc-1\t1\n")
        self.refused(source, "BEIR query ids are not admissible as groundkit judgment ids: ['MED-10']. The harness "
                     "requires kebab-case lowercase (^[a-z0-9]+(-[a-z0-9]+)*$); rename or map these ids before "
                     "adapting, rather than writing a corpus the harness would reject on load.")
        self.assertFalse((self.out / "corpus").exists() or (self.out / "judgments.jsonl").exists())

    def test_06_refuses_a_populated_corpus_dir(self):
        source = write_beir(self.root)
        gk.adapt_beir_dataset(source, self.out)
        (self.out / "corpus" / "left-over-from-another-dataset.txt").write_text("stale", encoding="utf-8")
        corpus = self.out / "corpus"
        self.refused(source, f"BEIR output corpus directory {str(corpus)!r} already contains 2 entries (e.g. "
                     "['doc-1.txt', 'left-over-from-another-dataset.txt']). Adapting into it would mix two datasets "
                     "in one corpus and score stale documents against judgments that never referenced them. Remove "
                     "the directory and re-run.")

    def test_07_missing_source_files(self):
        missing = self.root / "absent" / "corpus.jsonl"
        self.refused(self.root / "absent", f"cannot read BEIR file {str(missing)!r}: [Errno 2] No such file or "
                     f"directory: {str(missing)!r}")

    def test_08_malformed_jsonl_line(self):
        source = write_beir(self.root, corpus="{not json\n")
        self.refused(source, f"invalid JSON in {source / 'corpus.jsonl'} line 1: "
                     "Expecting property name enclosed in double quotes")

    def test_09_a_row_that_is_not_an_object(self):
        source = write_beir(self.root, corpus='["a list, not an object"]\n')
        self.refused(source, f"{source / 'corpus.jsonl'} line 1 must be a JSON object")

    def test_10_a_row_missing_its_id(self):
        source = write_beir(self.root, corpus=json.dumps({"title": "T", "text": "B"}) + "\n")
        self.refused(source, "corpus row 1 requires non-empty string field '_id'")

    def test_11_a_non_string_title(self):
        source = write_beir(self.root, corpus=json.dumps({"_id": "doc-1", "title": 7, "text": "B"}) + "\n")
        self.refused(source, "corpus row 1 field 'title' must be a string when present")

    def test_12_neither_title_nor_text(self):
        source = write_beir(self.root, corpus=json.dumps({"_id": "doc-1", "title": "  ", "text": "  "}) + "\n")
        self.refused(source, "BEIR document 'doc-1' has no title or text")

    def test_13_duplicate_document_ids(self):
        row = json.dumps({"_id": "doc-1", "title": "Title", "text": "Body"}) + "\n"
        self.refused(write_beir(self.root, corpus=row * 2), "duplicate BEIR document id 'doc-1'")

    def test_14_an_empty_query(self):
        source = write_beir(self.root, queries=json.dumps({"_id": "q-1", "text": "   "}) + "\n")
        self.refused(source, "BEIR query 'q-1' is empty")

    def test_15_qrels_naming_an_absent_document(self):
        source = write_beir(self.root, qrels="query-id\tcorpus-id\tscore\nq-1\tdoc-absent\t1\n")
        self.refused(source, "BEIR qrels reference missing documents: ['doc-absent']")

    def test_16_a_wrong_qrels_header(self):
        source = write_beir(self.root, qrels="a\tb\tc\nq-1\tdoc-1\t1\n")
        self.refused(source, f"unexpected or missing BEIR qrels header in {source / 'qrels' / 'test.tsv'}")

    def test_17_a_short_qrels_row(self):
        source = write_beir(self.root, qrels="query-id\tcorpus-id\tscore\nq-1\tdoc-1\n")
        self.refused(source, f"invalid BEIR qrels row at {source / 'qrels' / 'test.tsv'} line 2")

    def test_18_a_non_integer_score(self):
        source = write_beir(self.root, qrels="query-id\tcorpus-id\tscore\nq-1\tdoc-1\tvery\n")
        self.refused(source, f"invalid integer relevance score 'very' at {source / 'qrels' / 'test.tsv'} line 2")

    def test_19_invalid_utf8_in_a_jsonl_file(self):
        for name in ("corpus.jsonl", "queries.jsonl"):
            with self.subTest(name=name):
                source = write_beir(self.root)
                (source / name).write_bytes(b'{"_id": "\xff\xfe not utf-8"}\n')
                self.refused(source, f"BEIR file {str(source / name)!r} is not valid UTF-8: 'utf-8' codec can't "
                             "decode byte 0xff in position 9: invalid start byte")

    def test_20_invalid_utf8_in_the_qrels(self):
        source = write_beir(self.root)
        (source / "qrels" / "test.tsv").write_bytes(b"query-id\tcorpus-id\tscore\n\xff\xfe\t1\t1\n")
        self.refused(source, f"BEIR qrels {str(source / 'qrels' / 'test.tsv')!r} are not valid UTF-8: 'utf-8' codec "
                     "can't decode byte 0xff in position 25: invalid start byte")

    def test_21_case_colliding_document_ids(self):
        corpus = "".join(json.dumps({"_id": d, "text": "B"}) + "\n" for d in ("doc-1", "DOC-1"))
        self.refused(write_beir(self.root, corpus=corpus),
                     "BEIR document ids collide when case is folded, so they would share one file on a "
                     "case-insensitive filesystem: [['DOC-1', 'doc-1']]. Each would overwrite the other while the "
                     "judgments still reference both, leaving quotes resolved against the wrong document. Rename or "
                     "map these ids before adapting.")
        self.assertFalse((self.out / "corpus").exists())

    def test_22_windows_reserved_device_names(self):
        for name in ("CON", "nul", "COM1", "LPT9", "aux"):
            with self.subTest(name=name):
                self.refused(write_beir(self.root, name),
                             f"BEIR document id {name!r} is a reserved Windows device name; it cannot be a file "
                             "there, and on some builds the write silently succeeds while discarding the content. "
                             "Rename or map this id before adapting.")

    def test_23_a_name_merely_starting_with_a_device_name(self):
        gk.adapt_beir_dataset(write_beir(self.root, "CONTEXT"), self.out)
        self.assertTrue((self.out / "corpus" / "CONTEXT.txt").is_file())

    def test_24_graded_qrels_are_refused(self):
        for score in ("2", "3", "-1"):
            with self.subTest(score=score):
                source = write_beir(self.root, qrels=f"query-id\tcorpus-id\tscore\nq-1\tdoc-1\t{score}\n")
                self.refused(source, GRADED.format(score=score, path=source / "qrels" / "test.tsv"))
                self.assertFalse((self.out / "corpus").exists())

    def test_25_binary_qrels_still_adapt(self):
        corpus = "".join(json.dumps({"_id": d, "text": "B " + d}) + "\n" for d in ("doc-1", "doc-2"))
        source = write_beir(self.root, corpus=corpus, qrels="query-id\tcorpus-id\tscore\nq-1\tdoc-1\t1\nq-1\tdoc-2\t0\n")
        self.assertEqual(gk.adapt_beir_dataset(source, self.out).relevance_pair_count, 1)

    def test_26_a_symlinked_corpus_directory(self):
        target = self.root / "elsewhere"
        target.mkdir()
        self.out.mkdir()
        (self.out / "corpus").symlink_to(target)
        corpus = self.out / "corpus"
        self.refused(write_beir(self.root), f"BEIR output corpus path {str(corpus)!r} is a symbolic link; refused "
                     "rather than followed, because documents written through it would land outside the output "
                     "directory you named. Remove the link and re-run.")
        self.assertEqual(os.listdir(target), [])

    def test_27_a_symlinked_judgments_path(self):
        self.out.mkdir()
        (self.out / "judgments.jsonl").symlink_to(self.root / "nowhere" / "j.jsonl")
        judgments = self.out / "judgments.jsonl"
        self.refused(write_beir(self.root), f"BEIR judgments path {str(judgments)!r} is a symbolic link; refused "
                     "rather than followed, because it can point outside the output directory you named. Remove the "
                     "link and re-run.")
        self.assertFalse((self.out / "corpus").exists())

    # Case 28 patches groundkit's ensure_within_base to fail; the drop-in has
    # no such seam (containment happens inside the plugin), and the C++ test
    # tests/beir/groundkit_cases_test.cpp covers the message.

    def test_29_a_reserved_name_is_allowed_as_a_query_id(self):
        source = write_beir(self.root, queries=json.dumps({"_id": "con", "text": "q"}) + "\n",
                            qrels="query-id\tcorpus-id\tscore\ncon\tdoc-1\t1\n")
        self.assertEqual(gk.adapt_beir_dataset(source, self.out).query_count, 1)
        self.assertEqual(gk.load_judgments(self.out / "judgments.jsonl")[0].query_id, "con")

    def test_30_a_document_id_too_long_for_a_filename(self):
        name = "a" * 252
        self.refused(write_beir(self.root, name),
                     f"BEIR document id {name[:32]!r}... is 252 characters; with '.txt' that is 256 bytes, past the "
                     "255-byte filename limit every common filesystem enforces. Refused here rather than at the "
                     "write, which would fail partway through an otherwise-valid corpus.")
        self.assertFalse((self.out / "corpus").exists())

    def test_31_a_document_id_that_just_fits(self):
        report = gk.adapt_beir_dataset(write_beir(self.root, "a" * 251), self.out)
        self.assertEqual(report.document_count, 1)
        self.assertTrue((self.out / "corpus" / ("a" * 251 + ".txt")).is_file())

    def test_32_a_long_query_id(self):
        query_id = "q-" + "a" * 300
        source = write_beir(self.root, queries=json.dumps({"_id": query_id, "text": "q"}) + "\n",
                            qrels=f"query-id\tcorpus-id\tscore\n{query_id}\tdoc-1\t1\n")
        self.assertEqual(gk.adapt_beir_dataset(source, self.out).query_count, 1)

    def test_33_a_corpus_path_that_is_a_file(self):
        self.out.mkdir()
        (self.out / "corpus").write_text("x", encoding="utf-8")
        corpus = self.out / "corpus"
        self.refused(write_beir(self.root), f"BEIR output corpus path {str(corpus)!r} exists but is not a directory. "
                     "Remove it, or choose an output directory that does not already hold a file by that name.")

    def test_34_an_output_path_that_is_a_file(self):
        self.out.write_text("x", encoding="utf-8")
        self.refused(write_beir(self.root), f"BEIR output path {str(self.out)!r} exists but is not a directory. "
                     "Remove it, or choose a path that does not already hold a file by that name.")

    def test_35_an_absent_output_path_is_created(self):
        out = self.root / "nested" / "adapted"
        self.assertEqual(gk.adapt_beir_dataset(write_beir(self.root), out).document_count, 1)
        self.assertTrue((out / "corpus" / "doc-1.txt").is_file())

    def test_36_a_judgments_path_that_is_a_directory(self):
        (self.out / "judgments.jsonl").mkdir(parents=True)
        judgments = self.out / "judgments.jsonl"
        self.refused(write_beir(self.root), f"BEIR judgments path {str(judgments)!r} exists but is not a regular "
                     "file. Remove it, or choose an output directory that does not already hold a directory by that "
                     "name.")
        self.assertFalse((self.out / "corpus").exists())


class BeyondGroundkitsTests(unittest.TestCase):
    """The failures groundkit raises outside EvalError (docs/behaviour/beir.md §15.3)."""

    def setUp(self):
        self._tmp = tempfile.TemporaryDirectory()
        self.root = Path(os.path.realpath(self._tmp.name))

    def tearDown(self):
        self._tmp.cleanup()

    def test_a_lone_surrogate_is_pythons_encode_error_and_nothing_is_written(self):
        corpus = ('{"_id": "d1", "text": "fine"}\n{"_id": "d2", "title": " T ", "text": "x\\ud800\\udc00y\\udfff\\ud800z"}\n')
        source = write_beir(self.root, corpus=corpus, qrels="query-id\tcorpus-id\tscore\nq-1\td1\t1\n")
        with self.assertRaises(UnicodeEncodeError) as caught:
            gk.adapt_beir_dataset(source, self.root / "out")
        # 'T\n\nx' then a pair (one character), 'y', then the run of two lone ones.
        self.assertEqual(str(caught.exception),
                         "'utf-8' codec can't encode characters in position 6-7: surrogates not allowed")
        self.assertFalse((self.root / "out").exists())

    def test_a_lone_surrogate_in_a_query(self):
        queries = '{"_id": "q-1", "text": " a\\"b\\udc00 "}\n'
        source = write_beir(self.root, queries=queries)
        with self.assertRaises(UnicodeEncodeError) as caught:
            gk.adapt_beir_dataset(source, self.root / "out")
        # '{"query_id": "q-1", "query": "a\"b' is 34 characters.
        self.assertEqual(str(caught.exception),
                         "'utf-8' codec can't encode character '\\udc00' in position 34: surrogates not allowed")

    def test_a_nul_byte_in_a_path_is_pythons_value_error(self):
        with self.assertRaises(ValueError) as caught:
            gk.adapt_beir_dataset(self.root / "a\0b", self.root / "out")
        self.assertEqual(str(caught.exception), "embedded null byte")
        self.assertNotIsInstance(caught.exception, gk.EvalError)


if __name__ == "__main__":
    unittest.main(verbosity=2)
