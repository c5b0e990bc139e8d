"""groundkit's 14 significance tests (docs/behaviour/paired-bootstrap.md §11) against
grk_plugins.groundkit, with the exact values of the acceptance vectors (§10)
where groundkit's tests assert only approximately."""
import json
import math
import os
import tempfile
import unittest

from pydantic import ValidationError

from dropin_support import gk, query, report, stage

IDS_12 = {f"q{i}": 0.0 for i in range(12)}


class PairedBootstrapCases(unittest.TestCase):
    def bootstrap(self, baseline, candidate, **kw):
        kw.setdefault("baseline_name", "bm25")
        kw.setdefault("candidate_name", "dense")
        kw.setdefault("metric", "ndcg_at_10")
        return gk.paired_bootstrap(baseline, candidate, **kw)

    def assert_eval_error(self, text, call):
        with self.assertRaises(gk.EvalError) as caught:
            call()
        self.assertEqual(str(caught.exception), text)
        self.assertIsInstance(caught.exception, gk.GroundkitError)

    def test_01_deterministic_and_ten_thousand_resamples(self):
        candidate = {q: 1.0 for q in IDS_12}
        first = self.bootstrap(IDS_12, candidate)
        self.assertEqual(first, self.bootstrap(IDS_12, candidate))
        self.assertEqual((first.resamples, first.query_count), (10000, 12))
        self.assertEqual((first.effect, first.confidence_interval_low, first.confidence_interval_high), (1.0, 1.0, 1.0))
        self.assertEqual(first.p_value_two_sided, 0.00019998000199980003)
        self.assertIs(first.significant, True)
        self.assertIsInstance(first, gk.BootstrapResult)

    def test_02_p_value_is_never_zero(self):
        baseline = {f"q{i}": 0.0 for i in range(30)}
        candidate = {q: 5.0 for q in baseline}
        for resamples, p in ((100, 0.019801980198019802), (1000, 0.001998001998001998),
                             (10000, 0.00019998000199980003)):
            result = self.bootstrap(baseline, candidate, resamples=resamples)
            self.assertEqual((result.p_value_two_sided, result.effect, result.significant), (p, 5.0, True))
            self.assertEqual(p, 2 / (resamples + 1))

    def test_03_pairing_independent_of_mapping_order(self):
        result = self.bootstrap({"q1": 0.1, "q2": 0.9, "q3": 0.2}, {"q3": 0.4, "q1": 0.3, "q2": 0.8},
                                baseline_name="a", candidate_name="b", metric="mrr", resamples=200, seed=11)
        # docs/behaviour/paired-bootstrap.md §8 gives this dump byte for byte.
        self.assertEqual(result.model_dump_json(), '{"baseline":"a","candidate":"b","metric":"mrr","query_count":3,'
                         '"resamples":200,"seed":11,"confidence_level":0.95,"effect":0.10000000000000002,'
                         '"confidence_interval_low":-0.09999999999999998,"confidence_interval_high":0.20000000000000004,'
                         '"p_value_two_sided":0.06965174129353234,"significant":false,'
                         '"method":"paired bootstrap over query-level candidate-minus-baseline deltas"}')

    def test_04_rejects_unpaired_queries(self):
        self.assert_eval_error("paired bootstrap query ids differ (missing from candidate=['q1'], "
                               "missing from baseline=['q2'])", lambda: self.bootstrap({"q1": 0.0}, {"q2": 0.0}))

    def test_05_rejects_non_positive_resamples(self):
        for resamples in (0, -1):
            self.assert_eval_error(f"resamples must be positive, got {resamples}",
                                   lambda: self.bootstrap({"q": 0.0}, {"q": 1.0}, resamples=resamples))

    def test_06_rejects_a_level_outside_the_open_unit_interval(self):
        for level in (0.0, 1.0, -0.5, 1.5):
            self.assert_eval_error(f"confidence_level must be between 0 and 1, got {level}",
                                   lambda: self.bootstrap({"q": 0.0}, {"q": 1.0}, confidence_level=level))

    def test_07_rejects_empty_scores(self):
        self.assert_eval_error("paired bootstrap requires at least one query score", lambda: self.bootstrap({}, {}))

    def test_08_rejects_non_finite_scores(self):
        for value in (math.nan, math.inf, -math.inf):
            self.assert_eval_error("paired bootstrap scores must be finite",
                                   lambda: self.bootstrap({"q": 0.0}, {"q": value}))

    def two_stage_report(self, bm25, dense):
        return report(stage("bm25", bm25, baseline=True), stage("dense", dense))

    def test_09_pairs_two_stages_of_one_report(self):
        model = self.two_stage_report([query("q-1", score=0.2), query("q-2", score=0.4)],
                                      [query("q-1", score=0.6), query("q-2", score=0.5)])
        result = gk.compare_report_stages(model, baseline="bm25", candidate="dense", metric="ndcg_at_10",
                                          resamples=500)
        self.assertEqual((result.baseline, result.candidate, result.query_count), ("bm25", "dense", 2))
        self.assertEqual((result.effect, result.confidence_interval_low, result.confidence_interval_high,
                          result.p_value_two_sided, result.significant),
                         (0.24999999999999997, 0.09999999999999998, 0.39999999999999997, 0.003992015968063872, True))

    def test_10_reads_reciprocal_rank_for_mrr(self):
        model = self.two_stage_report([query("q-1", reciprocal_rank=0.25)], [query("q-1", reciprocal_rank=0.75)])
        result = gk.compare_report_stages(model, baseline="bm25", candidate="dense", metric="mrr", resamples=100)
        self.assertEqual((result.effect, result.p_value_two_sided, result.metric), (0.5, 0.019801980198019802, "mrr"))

    def test_11_skips_no_answer_queries(self):
        model = self.two_stage_report([query("q-1", score=0.2), query("q-2", no_answer=True)],
                                      [query("q-1", score=0.6), query("q-2", no_answer=True)])
        result = gk.compare_report_stages(model, baseline="bm25", candidate="dense", metric="ndcg_at_10",
                                          resamples=100)
        self.assertEqual((result.query_count, result.effect), (1, 0.39999999999999997))

    def test_12_rejects_a_stage_the_report_lacks(self):
        model = report(stage("bm25", [query("q-1")], baseline=True))
        self.assert_eval_error("report does not contain stage 'dense'", lambda: gk.compare_report_stages(
            model, baseline="bm25", candidate="dense", metric="ndcg_at_10"))

    def test_13_rejects_duplicate_query_ids(self):
        model = self.two_stage_report([query("q-1", score=0.2), query("q-1", score=0.3)], [query("q-1")])
        self.assert_eval_error("duplicate query id 'q-1' in a stage's results; query ids must be unique for a "
                               "paired comparison to mean anything", lambda: gk.compare_report_stages(
                                   model, baseline="bm25", candidate="dense", metric="ndcg_at_10"))

    def test_14_rejects_duplicate_stage_names(self):
        model = report(stage("bm25", [query("q-1")], baseline=True), stage("dense", [query("q-1")]),
                       stage("dense", [query("q-1")]))
        self.assert_eval_error("report contains more than one stage named ['dense']; a comparison cannot say "
                               "which of them it measured", lambda: gk.compare_report_stages(
                                   model, baseline="bm25", candidate="fusion", metric="ndcg_at_10"))


class BeyondGroundkitsTests(unittest.TestCase):
    """Where groundkit raises outside EvalError, and the report forms the
    drop-in accepts besides a model."""

    def test_a_bad_metric_is_pydantics_error_after_computing(self):
        with self.assertRaises(ValidationError) as caught:
            gk.paired_bootstrap({"q": 0.0}, {"q": 1.0}, baseline_name="a", candidate_name="b", metric="map")
        self.assertEqual(caught.exception.errors()[0]["loc"], ("metric",))
        self.assertEqual(caught.exception.title, "BootstrapResult")
        # The checks that come first still win.
        with self.assertRaises(gk.EvalError):
            gk.paired_bootstrap({"q": 0.0}, {"q": 1.0}, baseline_name="a", candidate_name="b", metric="map",
                                resamples=0)

    def test_a_bad_metric_in_a_report_fails_as_getattr(self):
        model = report(stage("bm25", [query("q-1")], baseline=True), stage("dense", [query("q-1")]))
        with self.assertRaises(AttributeError) as caught:
            gk.compare_report_stages(model, baseline="bm25", candidate="dense", metric="map")
        self.assertEqual(str(caught.exception), "'QueryMetrics' object has no attribute 'map'")

    def test_acceptance_vectors(self):
        v1 = ({"a": 0, "b": 1, "c": 0.5, "d": 0.25, "e": 0}, {"a": 1, "b": 0, "c": 0.5, "d": 1, "e": 0})
        rows = [(v1, {}, (0.15, -0.45, 0.75, 0.7611238876112388, False)),
                (v1, {"resamples": 1000, "seed": 0, "confidence_level": 0.9}, (0.15, -0.4, 0.65, 0.7432567432567433, False)),
                (({"x": 0.3, "y": 0.3}, {"x": 0.3, "y": 0.3}), {"resamples": 50}, (0.0, 0.0, 0.0, 1.0, False)),
                (v1, {"resamples": 200, "seed": 7}, (0.15, -0.45, 0.7012500000000003, 0.7164179104477612, False)),
                (v1, {"resamples": 200, "seed": -7}, (0.15, -0.45, 0.7012500000000003, 0.7164179104477612, False))]
        for (baseline, candidate), kw, expected in rows:
            result = gk.paired_bootstrap(baseline, candidate, baseline_name="a", candidate_name="b", metric="mrr", **kw)
            self.assertEqual((result.effect, result.confidence_interval_low, result.confidence_interval_high,
                              result.p_value_two_sided, result.significant), expected, kw)

    def test_python_3_11_sum(self):
        # docs/behaviour/paired-bootstrap.md §5: 3.11's plain summation.
        result = gk.paired_bootstrap({f"q{i}": 0.0 for i in range(10)}, {f"q{i}": 0.1 for i in range(10)},
                                     baseline_name="a", candidate_name="b", metric="mrr", resamples=1000)
        self.assertEqual((result.effect, result.confidence_interval_low), (0.09999999999999999, 0.09999999999999999))

    def test_a_seed_past_64_bits_and_odd_types_compute_in_python(self):
        v1 = ({"a": 0, "b": 1, "c": 0.5}, {"a": 1, "b": 0, "c": 0.75})
        big = gk.paired_bootstrap(*v1, baseline_name="a", candidate_name="b", metric="mrr", resamples=50,
                                  seed=2 ** 70 + 3)
        self.assertEqual(big.seed, 2 ** 70 + 3)
        with self.assertRaises(TypeError):  # range(1.5), as groundkit fails
            gk.paired_bootstrap(*v1, baseline_name="a", candidate_name="b", metric="mrr", resamples=1.5)

    def example_report(self):
        return report(stage("bm25", [query("q-1", score=0.2), query("q-2", score=0.4)], baseline=True),
                      stage("dense", [query("q-1", score=0.6), query("q-2", score=0.5)]))

    def test_a_dict_and_a_path_give_the_models_result(self):
        model = self.example_report()
        expected = gk.compare_report_stages(model, baseline="bm25", candidate="dense", metric="ndcg_at_10",
                                            resamples=300).model_dump_json()
        as_dict = gk.compare_report_stages(json.loads(model.model_dump_json()), baseline="bm25", candidate="dense",
                                           metric="ndcg_at_10", resamples=300)
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "report.json")
            with open(path, "w", encoding="utf-8") as file:
                file.write(model.model_dump_json(indent=2))
            from_file = gk.compare_report_stages(path, baseline="bm25", candidate="dense", metric="ndcg_at_10",
                                                 resamples=300)
        self.assertEqual((as_dict.model_dump_json(), from_file.model_dump_json()), (expected, expected))

    def test_a_bad_dict_is_the_components_message(self):
        bad = json.loads(self.example_report().model_dump_json())
        bad["stages"][1]["queries"][0]["metrics"]["ndcg_at_10"] = 1.5
        with self.assertRaises(gk.EvalError) as caught:
            gk.compare_report_stages(bad, baseline="bm25", candidate="dense", metric="ndcg_at_10")
        self.assertEqual(str(caught.exception),
                         "stages[1].queries[0].metrics.ndcg_at_10: must be between 0 and 1, got 1.5")


if __name__ == "__main__":
    unittest.main(verbosity=2)
