"""grk_plugins.compare (docs/behaviour/python-evaluators.md §4): the table is
what `grk-eval evaluate` prints for the same runs, to the byte, whether the
runs come as paths, dicts, ScoredDoc rows or DataFrames; each row's p-values
are compare-systems' own records; save_results writes the document that
`grk-eval report` renders; bad input is refused in the user's terms, and
nothing is left in the temporary folder."""
import json
import os
import shutil
import stat
import subprocess
import sys
import tempfile
import unittest

import grk_plugins
from grk_plugins import ir_measures
from pandas_python import python_with_pandas

SOURCE = os.environ.get("GRK_SOURCE_DIR", os.path.join(os.path.dirname(__file__), "..", ".."))
BINARY = os.environ.get("GRK_BINARY_DIR", os.path.join(SOURCE, "build"))
HOST = os.path.join(BINARY, "bin", "grk-eval")
DATA = os.path.join(SOURCE, "tests", "significance", "data", "trec_run")
QRELS = os.path.join(DATA, "qrels.txt")
NAMES = ("bm25", "dense", "rerank")
PATHS = {name: os.path.join(DATA, name + ".run") for name in NAMES}
MEASURES = ["nDCG@10", "P@5", "AP"]


def evaluate(*arguments):
    """grk-eval evaluate's standard output for the three runs."""
    done = subprocess.run([HOST, "evaluate", QRELS] + [PATHS[name] for name in NAMES] + list(arguments),
                          capture_output=True, check=True)
    return done.stdout.decode("utf-8")  # as printed: the CSV's lines end in CRLF


def as_dict(rows, value):
    out = {}
    for row in rows:
        out.setdefault(row.query_id, {})[row.doc_id] = getattr(row, value)
    return out


class TheTableIsEvaluates(unittest.TestCase):
    def setUp(self):
        # Every temporary file of compare goes here, so that the test sees it gone.
        self.temporary = tempfile.mkdtemp(prefix="compare-test-")
        self.addCleanup(shutil.rmtree, self.temporary)
        tempfile.tempdir = self.temporary
        self.addCleanup(setattr, tempfile, "tempdir", None)

    def assertNothingLeft(self):
        self.assertEqual(os.listdir(self.temporary), [])

    def test_every_format_as_evaluate_prints_it(self):
        for marks, keywords in ((["--baseline", "bm25"], {"baseline": "bm25"}),
                                (["--test", "wilcoxon", "--correction", "bonferroni"],
                                 {"test": "wilcoxon", "correction": "bonferroni"}),
                                (["--test", "tukey-hsd"], {"test": "tukey-hsd"}),
                                ([], {"test": None})):
            table = grk_plugins.compare(QRELS, [PATHS[name] for name in NAMES], MEASURES, title="grk-eval evaluate",
                                        **keywords)
            measures = [word for name in MEASURES for word in ("-m", name)]
            self.assertEqual(str(table), evaluate(*measures, *marks), marks)
            for format_name in ("markdown", "html", "csv"):
                self.assertEqual(getattr(table, "to_" + format_name)(),
                                 evaluate(*measures, *marks, "--format", format_name), format_name)
            self.assertEqual(table.to_latex(), evaluate(*measures, *marks, "--format", "latex").replace(
                "% Written by grk-eval evaluate.", "% Written by grk-eval report."))
        self.assertNothingLeft()

    def test_dicts_rows_and_paths_give_the_same_table(self):
        by_path = grk_plugins.compare(QRELS, PATHS, MEASURES, baseline="bm25")
        qrels = as_dict(ir_measures.read_trec_qrels(QRELS), "relevance")
        as_rows = {name: list(ir_measures.read_trec_run(path)) for name, path in PATHS.items()}
        as_dicts = {name: as_dict(rows, "score") for name, rows in as_rows.items()}
        for runs in (as_dicts, as_rows):
            table = grk_plugins.compare(qrels, runs, MEASURES, baseline="bm25")
            self.assertEqual(table.rows, by_path.rows)
            self.assertEqual(str(table), str(by_path))
        self.assertNothingLeft()

    def test_rows_are_compare_systems_records(self):
        table = grk_plugins.compare(QRELS, PATHS, MEASURES, baseline="bm25", test="randomization")
        done = subprocess.run(
            [HOST, "run", "--component", "compare-systems", "--set", "qrels=" + QRELS,
             "--set", "runs=" + ",".join("%s=%s" % item for item in PATHS.items()), "--set", "runs_format=trec_run",
             "--set", "metrics=" + ",".join(MEASURES), "--set", "baseline=bm25", "--set", "test=randomization",
             "--set", "missing_queries=zero"], capture_output=True, text=True, check=True)
        records = {(record["candidate"], record["metric"]): record
                   for record in json.loads(done.stdout)["steps"][0]["result"]["comparisons"]}
        self.assertEqual(table.systems, list(NAMES))
        self.assertEqual(table.measures, MEASURES)
        self.assertEqual((table.baseline, table.test, table.correction, table.alpha),
                         ("bm25", "randomization", "holm", 0.05))
        self.assertEqual(len(table.rows), len(NAMES) * len(MEASURES))
        for row in table.rows:
            self.assertEqual(row["baseline"], "bm25")
            summary = table.document["steps"][0]["result"]["systems"][row["system"]]["summary"]
            self.assertEqual(row["value"], summary[row["measure"]])
            if row["system"] == "bm25":
                self.assertEqual((row["p"], row["p_adjusted"], row["significant"]), (None, None, None))
                continue
            record = records[(row["system"], row["measure"])]
            self.assertEqual((row["p"], row["p_adjusted"], row["significant"]),
                             (record["p_value_two_sided"], record["p_value_adjusted"], record["significant"]))
            self.assertEqual(row["better_than"],
                             ["bm25"] if record["significant"] and record["effect"] > 0 else [])

    def test_without_a_baseline_better_than_names_the_letters(self):
        table = grk_plugins.compare(QRELS, PATHS, ["nDCG@10"])
        self.assertIsNone(table.baseline)
        self.assertEqual({row["system"]: row["better_than"] for row in table.rows},
                         {"bm25": [], "dense": ["bm25"], "rerank": ["bm25"]})
        self.assertIn("rerank (c)  0.9061*a", str(table))
        self.assertEqual(repr(table), str(table).rstrip("\n"))
        self.assertEqual({row["p"] for row in table.rows}, {None})

    def test_save_results_is_the_document_report_renders(self):
        table = grk_plugins.compare(QRELS, PATHS, MEASURES, baseline="bm25", title="grk-eval evaluate")
        folder = tempfile.mkdtemp(dir=self.temporary)
        path = os.path.join(folder, "results.json")
        with open(path, "w") as file:
            file.write("an older file, replaced whole")
        table.save_results(path)
        self.assertEqual(os.listdir(folder), ["results.json"])
        self.assertEqual(stat.S_IMODE(os.stat(path).st_mode), 0o644 & ~_umask())
        with open(path, encoding="utf-8") as file:
            self.assertEqual(json.load(file), table.document)
        report = subprocess.run([HOST, "report", path, "--table", "--format", "text"], capture_output=True,
                                text=True, check=True)
        self.assertEqual(report.stdout, str(table))
        again = grk_plugins.ResultsTable.read(path, title="grk-eval evaluate")
        self.assertEqual((again.rows, str(again), again.to_markdown()), (table.rows, str(table), table.to_markdown()))
        full = subprocess.run([HOST, "report", path], capture_output=True, text=True, check=True)
        self.assertIn("| system | nDCG@10 | P@5 | AP |", full.stdout)
        self.assertIn("## Provenance", full.stdout)

    def test_renderings_take_rename_and_label_prefix(self):
        table = grk_plugins.compare(QRELS, PATHS, ["nDCG@10"], baseline="bm25", rename={"bm25": "BM25"},
                                    label_prefix="tab:first-")
        self.assertEqual(table.systems, list(NAMES))
        self.assertTrue(str(table).splitlines()[1].startswith("BM25 "), str(table))
        self.assertIn("\\label{tab:first-", table.to_latex())


class Refusals(unittest.TestCase):
    def setUp(self):
        self.temporary = tempfile.mkdtemp(prefix="compare-test-")
        self.addCleanup(shutil.rmtree, self.temporary)
        tempfile.tempdir = self.temporary
        self.addCleanup(setattr, tempfile, "tempdir", None)

    def test_messages(self):
        run = {"q1": {"d1": 1.0}}
        for call, error, message in (
                (lambda: grk_plugins.compare({"q1": {"d1": 1}}, {"a=b": run}), ValueError,
                 "runs: a run's name must be a non-empty str without '=', got 'a=b'"),
                (lambda: grk_plugins.compare(QRELS, ["runs/a=b.run"]), ValueError,
                 "runs: grk-eval evaluate reads 'runs/a=b.run' as NAME=PATH; give runs as {name: path}"),
                (lambda: grk_plugins.compare(QRELS, [run]), TypeError,
                 "runs: a run that is not a file needs a name: give runs as {name: run}, got a dict in the list"),
                (lambda: grk_plugins.compare(QRELS, {"a": {"q 1": {"d1": 1.0}}}), ValueError,
                 "query id 'q 1' holds whitespace, which separates a TREC line's fields"),
                (lambda: grk_plugins.compare(QRELS, {"a": {"q1": {"#d": 1.0}}}), ValueError,
                 "document id '#d' begins with '#', which makes a TREC line a comment"),
                (lambda: grk_plugins.compare(QRELS, {"a": {"q1": {"d1": "high"}}}), TypeError,
                 "the score of document 'd1' of query 'q1' must be a float or an int, got str"),
                (lambda: grk_plugins.compare({"q1": {"d1": 0.5}}, {"a": run}), TypeError,
                 "the relevance of document 'd1' of query 'q1' must be an int, got float")):
            with self.assertRaises(error) as caught:
                call()
            self.assertEqual(str(caught.exception), message)
        self.assertEqual(os.listdir(self.temporary), [])

    def test_a_document_without_an_evaluate_step(self):
        path = os.path.join(self.temporary, "bootstrap.json")
        with open(path, "w") as file:
            json.dump({"steps": [{"id": "b", "component": "paired-bootstrap", "status": "ok", "result": {}}],
                       "provenance": {}}, file)
        with self.assertRaises(ValueError) as caught:
            grk_plugins.ResultsTable.read(path)
        self.assertEqual(str(caught.exception), "the results document has no evaluate step that ran")

    def test_grk_evals_own_words(self):
        with self.assertRaises(ValueError) as caught:
            grk_plugins.compare(QRELS, PATHS, ["nDCG@10", "nDGC@10", "P@x"], baseline="bm25")
        self.assertTrue(str(caught.exception).startswith("grk-eval evaluate: "), str(caught.exception))
        self.assertIn("nDGC@10", str(caught.exception))
        self.assertIn("P@x", str(caught.exception))
        with self.assertRaises(ValueError) as caught:
            grk_plugins.compare(QRELS, PATHS, ["AP"], baseline="bm26")
        self.assertIn("bm26", str(caught.exception))
        self.assertEqual(os.listdir(self.temporary), [])

    def test_a_host_others_may_write_is_not_run(self):
        prefix = tempfile.mkdtemp(dir=self.temporary)
        os.makedirs(os.path.join(prefix, "lib", "grk", "plugins"))
        os.makedirs(os.path.join(prefix, "bin"))
        host = os.path.join(prefix, "bin", "grk-eval")
        marker = os.path.join(prefix, "ran")
        with open(host, "w") as file:
            file.write("#!/bin/sh\ntouch '%s'\n" % marker)
        os.chmod(host, 0o777)
        environment = dict(os.environ, GRK_PLUGIN_PATH=os.path.join(prefix, "lib", "grk", "plugins"))
        script = "import grk_plugins\ngrk_plugins.compare(%r, [%r])\n" % (QRELS, PATHS["bm25"])
        done = subprocess.run([sys.executable, "-c", script], env=environment, capture_output=True, text=True)
        self.assertNotEqual(done.returncode, 0)
        self.assertIn("PermissionError: grk-eval at %s may be written by other users (mode 777); it is not run"
                      % host, done.stderr)
        self.assertFalse(os.path.exists(marker))


class DataFrames(unittest.TestCase):
    def test_dataframes_give_the_table_of_paths(self):
        python = python_with_pandas()
        if python is None:
            self.skipTest("no pandas in %s or /usr/bin/python3 (Debian: python3-pandas)" % sys.executable)
        script = (
            "import pandas, sys\n"
            "import grk_plugins\n"
            "from grk_plugins import ir_measures\n"
            "qrels, paths = sys.argv[1], dict(zip(%r, sys.argv[2:]))\n"
            "runs = {name: pandas.DataFrame(ir_measures.read_trec_run(path)) for name, path in paths.items()}\n"
            "table = grk_plugins.compare(pandas.DataFrame(ir_measures.read_trec_qrels(qrels)), runs, %r,\n"
            "                            baseline='bm25')\n"
            "frame = table.to_dataframe()\n"
            "print(list(frame.columns))\n"
            "print(frame.pivot(index='system', columns='measure', values='value').loc['dense', 'AP'])\n"
            "sys.stdout.write(str(table))\n" % (NAMES, MEASURES))
        done = subprocess.run([python, "-c", script, QRELS] + [PATHS[name] for name in NAMES], capture_output=True,
                              text=True)
        self.assertEqual(done.returncode, 0, done.stderr)
        by_path = grk_plugins.compare(QRELS, PATHS, MEASURES, baseline="bm25")
        dense_ap = [row["value"] for row in by_path.rows if row["system"] == "dense" and row["measure"] == "AP"]
        self.assertEqual(done.stdout, "%s\n%r\n%s" % (
            ["system", "measure", "value", "baseline", "p", "p_adjusted", "significant", "better_than"],
            dense_ap[0], str(by_path)))


def _umask():
    mask = os.umask(0)
    os.umask(mask)
    return mask


if __name__ == "__main__":
    unittest.main()
