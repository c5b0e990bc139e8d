"""An out-of-tree statistic on the SDK's grk/eval/ headers (eval_statistic/,
built against the staging prefix only), run by the installed host: it reads a
scores file, aligns its queries and corrects its family as the shipped
compare-systems does, with the same results and the same refusals.

Environment (set by CMakeLists.txt): GRK_STAGING, GRK_EVAL_STATISTIC_BUILD,
GRK_EXPECT_SIGNIFICANCE ("1" when the build has it).
"""

import json
import os
import pathlib
import shutil
import subprocess
import tempfile
import unittest
from fractions import Fraction
from math import comb

STAGING = pathlib.Path(os.environ["GRK_STAGING"])
STATISTIC_BUILD = pathlib.Path(os.environ["GRK_EVAL_STATISTIC_BUILD"])
HOST = STAGING / "bin/grk-eval"
EXPECT_SIGNIFICANCE = os.environ.get("GRK_EXPECT_SIGNIFICANCE") == "1"

# bm25 against dense: 9 wins, 1 loss; hybrid: 8 wins, 1 loss, 1 tie; splade: 5 and 5.
BASELINE = [0.1 * q for q in range(10)]
SYSTEMS = {
    "bm25": BASELINE,
    "dense": [s + 0.25 for s in BASELINE[:9]] + [BASELINE[9] - 0.25],
    "hybrid": [s + 0.5 for s in BASELINE[:8]] + [BASELINE[8] - 0.5, BASELINE[9]],
    "splade": [s + 0.125 for s in BASELINE[:5]] + [s - 0.125 for s in BASELINE[5:]],
}


def scores_document(systems, drop=None):
    """{"systems": ...} with queries q00..q09; `drop` = (system, query) left out."""
    return {"systems": {name: {"q%02d" % q: score for q, score in enumerate(scores) if (name, q) != drop}
                        for name, scores in systems.items()}}


def sign_test_p(wins, losses):
    """The exact two-sided sign-test p-value."""
    n = wins + losses
    tail = sum(comb(n, i) for i in range(min(wins, losses) + 1))
    return min(Fraction(1), Fraction(2 * tail, 2 ** n))


def holm(p_values):
    """Holm's step-down in exact rationals: adj(i) = max over k <= i of (n - k + 1) p(k), capped at 1."""
    order = sorted(range(len(p_values)), key=lambda i: p_values[i])
    adjusted, running = [None] * len(p_values), Fraction(0)
    for rank, i in enumerate(order):
        running = max(running, (len(p_values) - rank) * Fraction(p_values[i]))
        adjusted[i] = min(Fraction(1), running)
    return adjusted


def r_holm(p_values):
    """R's p.adjust(p, "holm"), printed with %.17g."""
    script = "p <- as.numeric(commandArgs(trailingOnly = TRUE)); cat(sprintf('%.17g', p.adjust(p, 'holm')), sep = ' ')"
    done = subprocess.run(["Rscript", "-e", script, *("%.17g" % p for p in p_values)], capture_output=True,
                          text=True, check=True)
    return [float(x) for x in done.stdout.split()]


def run_host(*args):
    env = dict(os.environ)
    env.pop("GRK_PLUGIN_PATH", None)
    done = subprocess.run([str(HOST), "run", "--plugin-dir", str(STATISTIC_BUILD), *args], capture_output=True,
                          env=env, check=False)
    return done.returncode, json.loads(done.stdout.decode("utf-8")), done.stderr.decode("utf-8")


def run_step(component, **params):
    code, document, err = run_host("--component", component,
                                   *[a for k, v in params.items() for a in ("--set", "%s=%s" % (k, v))])
    return code, document["steps"][0], err


class EvalStatisticTest(unittest.TestCase):
    def setUp(self):
        self.work = pathlib.Path(tempfile.mkdtemp())
        self.addCleanup(shutil.rmtree, self.work)

    def scores_file(self, document):
        path = self.work / "scores.json"
        path.write_text(json.dumps(document))
        return path

    def test_sign_tests_corrected_by_holm(self):
        code, step, err = run_step("sign-test", scores=self.scores_file(scores_document(SYSTEMS)))
        self.assertEqual(code, 0, err)
        result = step["result"]
        self.assertEqual((result["correction"], result["queries"]), ("holm", 10))
        counts = [(c["candidate"], c["wins"], c["losses"], c["ties"]) for c in result["comparisons"]]
        self.assertEqual(counts, [("dense", 9, 1, 0), ("hybrid", 8, 1, 1), ("splade", 5, 5, 0)])
        raw = [sign_test_p(wins, losses) for _, wins, losses, _ in counts]
        self.assertEqual([c["p_value"] for c in result["comparisons"]], [float(p) for p in raw])
        self.assertEqual([c["p_value"] for c in result["comparisons"]], [0.021484375, 0.0390625, 1.0])
        adjusted = [c["p_value_adjusted"] for c in result["comparisons"]]
        self.assertEqual(adjusted, [float(p) for p in holm(raw)])
        self.assertEqual(adjusted, [0.064453125, 0.078125, 1.0])
        if shutil.which("Rscript"):
            self.assertEqual(adjusted, r_holm([float(p) for p in raw]))

    def test_compare_systems_corrects_the_same_way(self):
        if not EXPECT_SIGNIFICANCE:
            self.skipTest("significance plugin not part of this build")
        scores = self.scores_file(scores_document(SYSTEMS))
        code, step, err = run_step("compare-systems", scores=scores, metric="P_10", baseline="bm25", test="t",
                                   correction="holm")
        self.assertEqual(code, 0, err)
        records = step["result"]["comparisons"]
        self.assertEqual([r["candidate"] for r in records], ["dense", "hybrid", "splade"])
        self.assertEqual([r["p_value_adjusted"] for r in records],
                         [float(p) for p in holm([r["p_value_two_sided"] for r in records])])

    def test_missing_queries_are_refused_and_aligned_as_compare_systems_does(self):
        scores = self.scores_file(scores_document(SYSTEMS, drop=("dense", 3)))
        message = ("metric 'P_10': query ids differ between systems (missing from 'dense': ['q03']); "
                   "set missing_queries to 'intersect' or 'zero' to compare anyway")
        code, step, _ = run_step("sign-test", scores=scores, metric="P_10")
        self.assertEqual((code, step["error"]), (3, {"status": "invalid-data", "message": message}))
        code, step, err = run_step("sign-test", scores=scores, metric="P_10", missing_queries="intersect")
        self.assertEqual(code, 0, err)
        self.assertEqual(step["result"]["queries"], 9)
        if EXPECT_SIGNIFICANCE:
            code, step, _ = run_step("compare-systems", scores=scores, metric="P_10", test="t")
            self.assertEqual((code, step["error"]), (3, {"status": "invalid-data", "message": message}))

    def test_a_bad_score_is_refused_as_compare_systems_refuses_it(self):
        document = scores_document(SYSTEMS)
        document["systems"]["dense"]["q02"] = "0.5"
        scores = self.scores_file(document)
        error = {"status": "invalid-data", "message": 'systems["dense"]["q02"]: must be a number, got "0.5"'}
        code, step, _ = run_step("sign-test", scores=scores)
        self.assertEqual((code, step["error"]), (3, error))
        if EXPECT_SIGNIFICANCE:
            code, step, _ = run_step("compare-systems", scores=scores, metric="mrr", test="t")
            self.assertEqual((code, step["error"]), (3, error))

    def test_an_unknown_correction_is_refused_with_the_shipped_wording(self):
        code, step, _ = run_step("sign-test", scores=self.scores_file(scores_document(SYSTEMS)), correction="sidak")
        self.assertEqual((code, step["error"]["message"]),
                         (3, "correction must be one of 'holm', 'bonferroni', 'holm-sidak', 'hommel', 'bh', 'by', "
                             "'none', got 'sidak'"))


if __name__ == "__main__":
    unittest.main(verbosity=2)
