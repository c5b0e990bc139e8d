"""grk_plugins.pytrec_eval: pytrec_eval 0.5's calls over grk-eval's evaluator
(docs/behaviour/python-evaluators.md). trec_eval 10.0's own suite
(../shared/trec_eval-test, skipped where absent) is scored from dicts under
10.0's rules and must give its full-precision outputs; 9.0.8's rules, which
the drop-in keeps, are checked on cases where they change a value."""
import math
import os
import unittest

from grk_plugins import _evaluator, pytrec_eval

SOURCE = os.environ.get("GRK_SOURCE_DIR", os.path.join(os.path.dirname(__file__), "..", ".."))
SUITE = os.path.join(SOURCE, "..", "shared", "trec_eval-test")
native = _evaluator.load()


def per_query_outputs(path):
    """{query: {name: float}} from trec_eval -q output (runid and relstring left out)."""
    values = {}
    with open(path, encoding="utf-8") as file:
        for line in file:
            name, query, value = line.split()
            if query != "all" and name not in ("runid", "relstring"):
                values.setdefault(query, {})[name] = float(value)
    return values


def read(name, parse):
    with open(os.path.join(SUITE, name), encoding="utf-8") as file:
        return parse(file)


class TrecEvalSuite(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        if not os.path.isdir(SUITE):
            raise unittest.SkipTest("trec_eval's test suite is not at %s" % os.path.normpath(SUITE))
        cls.qrels = read("qrels.test", pytrec_eval.parse_qrel)
        cls.results = read("results.test", pytrec_eval.parse_run)
        cls.expected = per_query_outputs(os.path.join(SUITE, "out17.test.aq"))

    def test_dicts_under_10_0_give_trec_eval_10_0_per_query(self):
        got = native.evaluate(self.qrels, self.results, ["all_trec"], release="10.0")
        self.assertEqual(sorted(got), sorted(self.expected))
        for query, values in self.expected.items():
            for name, value in values.items():
                self.assertEqual(got[query][name], value, (query, name))
        # What trec_eval -q does not print: num_q 1, gm_map the logarithm of map (floored at 1e-5).
        for query, values in got.items():
            self.assertEqual(values["num_q"], 1.0)
            self.assertEqual(values["gm_map"], math.log(max(values["map"], 1e-5)))

    def test_the_drop_in_differs_only_where_9_0_8_does(self):
        evaluator = pytrec_eval.RelevanceEvaluator(self.qrels, {"all_trec"})
        got = evaluator.evaluate(self.results)
        changed = ("iprec_at_recall_", "11pt_avg", "rbp", "unj_")
        for query, values in self.expected.items():
            ours = {name: value for name, value in values.items() if not name.startswith(changed)}
            self.assertEqual({name: got[query][name] for name in ours}, ours, query)
            self.assertFalse([name for name in got[query] if name.startswith(("rbp", "unj_"))])
        # 9.0.8 finds the recall points differently: some query shows it.
        self.assertTrue(any(got[q]["iprec_at_recall_0.10"] != self.expected[q]["iprec_at_recall_0.10"]
                            or got[q]["11pt_avg"] != self.expected[q]["11pt_avg"] for q in got))

    def test_aggregates_are_trec_eval_s_summary(self):
        got = pytrec_eval.RelevanceEvaluator(self.qrels, {"map", "gm_map", "num_rel_ret", "P.5"}).evaluate(self.results)
        summary = {}
        with open(os.path.join(SUITE, "out17.test.a"), encoding="utf-8") as file:
            for line in file:
                name, query, value = line.split()
                summary[name] = value
        for name in ("map", "gm_map", "num_rel_ret", "P_5"):
            aggregated = pytrec_eval.compute_aggregated_measure(name, [values[name] for values in got.values()])
            self.assertAlmostEqual(aggregated, float(summary[name]), delta=1e-12, msg=name)


QRELS = {"q1": {"a": 1, "b": 0, "c": 1, "d": 0, "e": 1}, "q2": {"x": 2}, "q3": {}}


class PytrecEvalRules(unittest.TestCase):
    def test_scores_that_differ_below_float_precision_tie(self):
        # 1.0 and 1.0 + 1e-12 are one float: the tie goes to the larger id, "b" (not relevant).
        run = {"q1": {"a": 1.0 + 1e-12, "b": 1.0}}
        self.assertEqual(pytrec_eval.RelevanceEvaluator(QRELS, {"P.1"}).evaluate(run), {"q1": {"P_1": 0.0}})
        self.assertEqual(native.evaluate(QRELS, run, ["P.1"], release="10.0"), {"q1": {"P_1": 1.0}})

    def test_recall_points_as_9_0_8_finds_them(self):
        # R = 3 and the point 0.4: 1.2 + 0.9 truncates to 2 relevant documents
        # (9.0.8), 1.2 + 0.5 to 1 (10.0). The 2nd relevant is at rank 5.
        run = {"q1": {"a": 10.0, "f": 9.0, "g": 8.0, "h": 7.0, "c": 6.0, "i": 5.0, "j": 4.0, "k": 3.0,
                      "l": 2.0, "e": 1.0}}
        self.assertEqual(pytrec_eval.RelevanceEvaluator(QRELS, {"iprec_at_recall.0.4"}).evaluate(run),
                         {"q1": {"iprec_at_recall_0.40": 0.4}})
        self.assertEqual(native.evaluate(QRELS, run, ["iprec_at_recall.0.4"], release="10.0"),
                         {"q1": {"iprec_at_recall_0.40": 1.0}})

    def test_which_queries_come_back(self):
        # q1: judged, run empty: values for no document. q2: in the qrels only.
        # q3: no judgment. q4: in the run only. Then no query in common, and no run.
        evaluator = pytrec_eval.RelevanceEvaluator(QRELS, ["P_5", "num_ret"])
        self.assertEqual(evaluator.evaluate({"q1": {}, "q3": {"a": 1.0}, "q4": {"a": 1.0}}),
                         {"q1": {"P_5": 0.0, "num_ret": 0.0}})
        self.assertEqual(evaluator.evaluate({"q9": {"a": 1.0}}), {})
        self.assertEqual(evaluator.evaluate({}), {})

    def test_measure_names_in_both_spellings_are_merged(self):
        run = {"q1": {"a": 3, "b": 2.5, "c": 2}}
        got = pytrec_eval.RelevanceEvaluator(QRELS, {"P.1", "P_3", "ndcg_cut_2", "map", "recall.2,3"}).evaluate(run)
        self.assertEqual(sorted(got["q1"]), ["P_1", "P_3", "map", "ndcg_cut_2", "recall_2", "recall_3"])
        self.assertEqual((got["q1"]["P_1"], got["q1"]["P_3"], got["q1"]["recall_3"]), (1.0, 2 / 3, 2 / 3))

    def test_relevance_level_and_judged_only(self):
        run = {"q1": {"a": 3.0, "z": 2.0, "b": 1.0}, "q2": {"x": 1.0}}
        evaluator = pytrec_eval.RelevanceEvaluator(QRELS, {"P.2"}, relevance_level=2)
        self.assertEqual(evaluator.evaluate(run), {"q1": {"P_2": 0.0}, "q2": {"P_2": 0.5}})
        judged = pytrec_eval.RelevanceEvaluator(QRELS, {"P.2"}, judged_docs_only_flag=True)
        self.assertEqual(judged.evaluate(run), {"q1": {"P_2": 0.5}, "q2": {"P_2": 0.5}})

    def test_the_qrels_are_copied(self):
        qrels = {"q1": {"a": 1}}
        evaluator = pytrec_eval.RelevanceEvaluator(qrels, {"P.1"})
        qrels["q1"]["a"] = 0
        self.assertEqual(evaluator.evaluate({"q1": {"a": 1.0}}), {"q1": {"P_1": 1.0}})

    def test_refusals(self):
        cases = [
            (ValueError, "unsupported measure rbp", dict(measures={"rbp"})),
            (ValueError, "unsupported measure ndcg.1=3", dict(measures={"ndcg.1=3"})),
            (TypeError, "the relevance of document 'a' of query 'q1' must be an int, got float",
             dict(query_relevance={"q1": {"a": 1.0}})),
            (TypeError, "a query id must be a str, got int", dict(query_relevance={1: {"a": 1}})),
            (TypeError, "query_relevance must be a dict, got list", dict(query_relevance=[])),
            (ValueError, "the relevance of document 'a' of query 'q1' lies beyond +-1000",
             dict(query_relevance={"q1": {"a": 1001}})),
            (ValueError, "relevance_level must lie within +-1000, got 5000", dict(relevance_level=5000)),
        ]
        for error, message, arguments in cases:
            call = dict(dict(query_relevance=QRELS, measures={"map"}), **arguments)
            with self.assertRaises(error) as caught:
                pytrec_eval.RelevanceEvaluator(**call)
            self.assertEqual(str(caught.exception), message)
        evaluator = pytrec_eval.RelevanceEvaluator(QRELS, {"map"})
        for run, error, message in [
                ({"q1": {"a": "1"}}, TypeError, "the score of document 'a' of query 'q1' must be a float or an int, got str"),
                ({"q1": {"a": float("nan")}}, ValueError, "the score of document 'a' of query 'q1' is not a finite number"),
                ({"q1": []}, TypeError, "the run of query 'q1' must be a dict, got list")]:
            with self.assertRaises(error) as caught:
                evaluator.evaluate(run)
            self.assertEqual(str(caught.exception), message)


if __name__ == "__main__":
    unittest.main()
