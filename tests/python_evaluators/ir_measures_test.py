"""grk_plugins.ir_measures: ir_measures 0.4.3's calls over grk-eval's
evaluator (docs/behaviour/python-evaluators.md §3). Every case of
../shared/ir-measures-cases (skipped where absent) is scored from paths, from
Qrel/ScoredDoc iterables and from dicts: the three give the same bits, and
equal each measure's reference as expected.json holds it (bit for bit;
cwl_eval's within 1e-12, as numpy sums them in an order of its own)."""
import json
import math
import os
import subprocess
import sys
import tempfile
import unittest

from grk_plugins import ir_measures
from grk_plugins.ir_measures import AP, ERR, P, RR, Judged, Metric, Qrel, ScoredDoc, nDCG
from pandas_python import python_with_pandas

SOURCE = os.environ.get("GRK_SOURCE_DIR", os.path.join(os.path.dirname(__file__), "..", ".."))
CASES = os.path.join(SOURCE, "..", "shared", "ir-measures-cases")
QRELS = {"q1": {"a": 2, "b": 0, "c": 1}, "q2": {"x": 1}}
RUN = {"q1": {"a": 0.5, "b": 0.9, "c": 0.1, "z": 0.7}, "q2": {"y": 1.0, "x": 0.2}}


def same(a, b):
    """The same double, NaN (ndeval's 0/0) being the same as NaN."""
    return a == b or (math.isnan(a) and math.isnan(b))


def close(a, b):
    return same(a, b) or abs(a - b) <= 1e-12 * max(abs(a), abs(b))


class SharedCases(unittest.TestCase):
    def test_every_case_from_paths_iterables_and_dicts(self):
        if not os.path.isdir(CASES):
            self.skipTest("the ir_measures cases are not at %s" % os.path.normpath(CASES))
        compared = 0
        for case in sorted(os.listdir(CASES)):
            folder = os.path.join(CASES, case)
            if not os.path.isfile(os.path.join(folder, "expected.json")):
                continue
            with open(os.path.join(folder, "case.json"), encoding="utf-8") as file:
                spec = json.load(file)
            with open(os.path.join(folder, "expected.json"), encoding="utf-8") as file:
                expected = json.load(file)
            qrels = os.path.join(folder, "qrels")
            names = [name for name in spec["measures"] if not name.startswith(("NERR9", "NERR11"))]
            families = {expected["measures"][name]["family"] for name in names}
            for order in expected["orders"]:
                for system, run_file in spec["runs"].items():
                    run = os.path.join(folder, run_file)
                    wanted = expected["expected"][order][system]
                    if any("refused" in wanted[name] for name in names):
                        with self.assertRaises(ValueError) as caught:
                            ir_measures.calc_aggregate(names, qrels, run)
                        self.assertIn("qrels' line %d" % spec["bad_line"], str(caught.exception).replace(
                            "qrels file '%s' line" % qrels, "qrels' line"), case)
                        continue
                    from_paths = self.scores(names, qrels, run, order)
                    if "ndeval" not in families:
                        from_rows = self.scores(names, list(ir_measures.read_trec_qrels(qrels)),
                                                list(ir_measures.read_trec_run(run)), order)
                        from_dicts = self.scores(names, self.nested(ir_measures.read_trec_qrels(qrels), "relevance"),
                                                 self.nested(ir_measures.read_trec_run(run), "score"), order)
                        # repr: every float's shortest round-trip digits, so equal text is equal bits.
                        self.assertEqual(repr(from_rows), repr(from_paths), case)
                        self.assertEqual(repr(from_dicts), repr(from_paths), case)
                    for name in names:
                        printed = expected["measures"][name]["name"]
                        cwl = expected["measures"][name]["family"] == "cwl"
                        equal = close if cwl else same
                        aggregate, per_query = from_paths[printed]
                        self.assertTrue(equal(aggregate, wanted[name]["summary"]), (case, system, name, aggregate))
                        absent = set(wanted[name].get("absent_ok", []))
                        for query, value in wanted[name]["per_query"].items():
                            if query in absent:
                                self.assertNotIn(query, per_query, (case, name, query))
                            else:
                                self.assertTrue(equal(per_query[query], value), (case, system, name, query))
                        compared += 1
        self.assertGreater(compared, 100)

    @staticmethod
    def nested(rows, field):
        out = {}
        for row in rows:
            out.setdefault(row.query_id, {})[row.doc_id] = getattr(row, field)
        return out

    @staticmethod
    def scores(names, qrels, run, order):
        evaluator = ir_measures.evaluator(names, qrels)
        evaluator_order = {} if order == "default" else {"diversity_order": order}
        aggregates = evaluator.calc_aggregate(run, **evaluator_order)
        per_query = {}
        for metric in evaluator.iter_calc(run, **evaluator_order):
            per_query.setdefault(str(metric.measure), {})[metric.query_id] = metric.value
        return {str(m): (value, per_query.get(str(m), {})) for m, value in aggregates.items()}


class Measures(unittest.TestCase):
    def test_printed_forms_and_equality(self):
        self.assertEqual([str(m) for m in (nDCG@10, P(rel=2)@5, AP, RR@10, ir_measures.MAP,
                                           ir_measures.RBP(p=0.8, rel=1), ERR@20, Judged@10)],
                         ["nDCG@10", "P(rel=2)@5", "AP", "RR@10", "AP", "RBP(rel=1)", "ERR@20", "Judged@10"])
        self.assertEqual(ir_measures.NDCG@10, nDCG@10)
        self.assertEqual(nDCG@10, "nDCG@10")
        self.assertEqual(hash(nDCG@10), hash("nDCG@10"))
        self.assertEqual(ir_measures.parse_measure("nDCG(dcg='exp-log2')@10"), nDCG(dcg="exp-log2")@10)
        self.assertEqual(str(ir_measures.parse_measure("ndcg_cut.10")), "ndcg_cut_10")

    def test_unknown_and_malformed_measures_are_refused_with_the_closest_names(self):
        with self.assertRaises(ValueError) as caught:
            ir_measures.parse_measure("nDGC@10")
        self.assertEqual(str(caught.exception), "measure 'nDGC@10': unknown measure 'nDGC' (closest: nDCG)")
        with self.assertRaises(ValueError) as caught:
            ir_measures.calc_aggregate([P(rell=2)@5], QRELS, RUN)
        self.assertIn("rell", str(caught.exception))


class Calls(unittest.TestCase):
    def test_aggregates_per_query_and_the_evaluator(self):
        measures = [P@2, RR, ir_measures.NumRet]
        aggregates = ir_measures.calc_aggregate(measures, QRELS, RUN)
        # q1 ranks b (0), z (-), a (2), c (1); q2 ranks y (-), x (1).
        self.assertEqual(aggregates, {P@2: 0.25, RR: (1 / 3 + 1 / 2) / 2, ir_measures.NumRet: 6.0})
        self.assertEqual(list(ir_measures.iter_calc([P@2], QRELS, RUN)),
                         [Metric("q1", P@2, 0.0), Metric("q2", P@2, 0.5)])
        evaluator = ir_measures.evaluator([RR], QRELS)
        self.assertEqual(evaluator.calc_aggregate({"q1": {"a": 1.0}}), {RR: 0.5})  # q2 missing: 0
        self.assertEqual(evaluator.calc_aggregate(RUN), {RR: (1 / 3 + 1 / 2) / 2})

    def test_iterables_of_named_tuples(self):
        qrels = [Qrel(q, d, r) for q, docs in QRELS.items() for d, r in docs.items()]
        run = (ScoredDoc(q, d, s) for q, docs in RUN.items() for d, s in docs.items())
        self.assertEqual(ir_measures.calc_aggregate([P@2], qrels, run), {P@2: 0.25})

    def test_a_trec_file_read_as_tuples(self):
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "qrels")
            with open(path, "w", encoding="utf-8") as file:
                file.write("# comment\nq1 0 a 2\nq1 0 b 0\n")
            self.assertEqual(list(ir_measures.read_trec_qrels(path)), [Qrel("q1", "a", 2, "0"), Qrel("q1", "b", 0, "0")])
            with open(path, encoding="utf-8") as file:
                self.assertEqual(len(list(ir_measures.read_trec_qrels(file))), 2)

    def test_refusals(self):
        cases = [
            (ValueError, "the run list document 'a' twice for query 'q1'",
             lambda: ir_measures.calc_aggregate([P@2], QRELS, [ScoredDoc("q1", "a", 1.0), ScoredDoc("q1", "a", 2.0)])),
            (TypeError, "the run must be a dict, a path, a DataFrame or an iterable of ScoredDoc, got int",
             lambda: ir_measures.calc_aggregate([P@2], QRELS, 5)),
            (ValueError, "ndeval's measures need subtopic qrels (qid subtopic docno judgment): pass the qrels "
                         "file's path", lambda: ir_measures.calc_aggregate(["alpha_nDCG@20"], QRELS, RUN)),
            (ValueError, "run 'run' has no query of the qrels",
             lambda: ir_measures.calc_aggregate([P@2], QRELS, {"q9": {"a": 1.0}})),
            (ValueError, "measures: the list is empty", lambda: ir_measures.calc_aggregate([], QRELS, RUN)),
        ]
        for error, message, call in cases:
            with self.assertRaises(error) as caught:
                call()
            self.assertEqual(str(caught.exception), message)
        with self.assertRaises(FileNotFoundError):
            ir_measures.calc_aggregate([P@2], "no-such-qrels", RUN)


class DataFrames(unittest.TestCase):
    """With pandas in this interpreter, else in Debian's python3 where it has it."""

    SCRIPT = (
        "import pandas\n"
        "from grk_plugins import ir_measures\n"
        "from grk_plugins.ir_measures import P, RR\n"
        "qrels = pandas.DataFrame({'query_id': ['q1', 'q1', 'q1', 'q2'], 'doc_id': ['a', 'b', 'c', 'x'],\n"
        "                          'relevance': [2, 0, 1, 1]})\n"
        "run = pandas.DataFrame({'query_id': ['q1'] * 4 + ['q2'] * 2, 'doc_id': ['a', 'b', 'c', 'z', 'y', 'x'],\n"
        "                        'score': [0.5, 0.9, 0.1, 0.7, 1.0, 0.2]})\n"
        "print(ir_measures.calc_aggregate([P@2, RR], qrels, run))\n"
        "try:\n"
        "    ir_measures.calc_aggregate([P@2], qrels, run.rename(columns={'score': 'sim'}))\n"
        "except ValueError as error:\n"
        "    print(error)\n")

    def test_dataframes_give_what_dicts_give(self):
        python = python_with_pandas()
        if python is None:
            self.skipTest("no pandas in %s or /usr/bin/python3 (Debian: python3-pandas)" % sys.executable)
        done = subprocess.run([python, "-c", self.SCRIPT], capture_output=True, text=True)
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertEqual(done.stdout.splitlines(), [
            str(ir_measures.calc_aggregate([P@2, RR], QRELS, RUN)),
            "a DataFrame needs the columns query_id, doc_id and score; it has query_id, doc_id, sim"])


if __name__ == "__main__":
    unittest.main()
