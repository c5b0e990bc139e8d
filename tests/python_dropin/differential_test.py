"""Differential tests: random cases through grk_plugins.groundkit and through the
clean-room Python references, results (model_dump_json) and exceptions (type
and text) compared.

- paired_bootstrap and compare_report_stages: the checks of
  docs/behaviour/paired-bootstrap.md §2 and §9 written out here, the computation of
  bench/significance/reference_bootstrap.py;
- adapt_beir_dataset: the cases tests/beir/differential.py generates, run by
  bench/beir/reference_beir.py, which records the expected report or error.
"""
import json
import math
import os
import random
import shutil
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

from pydantic import ValidationError

from dropin_support import SOURCE, gk, query, report, stage
import reference_bootstrap  # bench/significance

CASES = int(os.environ.get("GRK_DROPIN_CASES", "400"))


def reference_paired_bootstrap(baseline, candidate, *, baseline_name, candidate_name, metric, resamples=10_000,
                               seed=7, confidence_level=0.95):
    """groundkit's paired_bootstrap: §2's checks, then the bench reference's computation."""
    if resamples <= 0:
        raise gk.EvalError(f"resamples must be positive, got {resamples}")
    if not 0.0 < confidence_level < 1.0:
        raise gk.EvalError(f"confidence_level must be between 0 and 1, got {confidence_level}")
    if not baseline:
        raise gk.EvalError("paired bootstrap requires at least one query score")
    if baseline.keys() != candidate.keys():
        raise gk.EvalError(f"paired bootstrap query ids differ (missing from candidate="
                           f"{sorted(baseline.keys() - candidate.keys())}, missing from baseline="
                           f"{sorted(candidate.keys() - baseline.keys())})")
    if not all(math.isfinite(candidate[q] - baseline[q]) for q in baseline):
        raise gk.EvalError("paired bootstrap scores must be finite")
    fields = reference_bootstrap.paired_bootstrap(baseline, candidate, resamples, seed, confidence_level)
    return gk.BootstrapResult(baseline=baseline_name, candidate=candidate_name, metric=metric, resamples=resamples,
                              seed=seed, confidence_level=confidence_level, **fields)


def reference_compare(model, *, baseline, candidate, metric, **kw):
    """docs/behaviour/paired-bootstrap.md §9."""
    names = [s.stage for s in model.stages]
    duplicated = sorted({n for n in names if names.count(n) > 1})
    if duplicated:
        raise gk.EvalError(f"report contains more than one stage named {duplicated}; a comparison cannot say which "
                           "of them it measured")
    stages = {s.stage: s for s in model.stages}
    for name in (baseline, candidate):
        if name not in stages:
            raise gk.EvalError(f"report does not contain stage {name!r}")
    sides = []
    for name in (baseline, candidate):
        scores = {}
        for q in stages[name].queries:
            if q.metrics is None:
                continue
            if q.query_id in scores:
                raise gk.EvalError(f"duplicate query id {q.query_id!r} in a stage's results; query ids must be unique "
                                   "for a paired comparison to mean anything")
            scores[q.query_id] = float(q.metrics.reciprocal_rank if metric == "mrr" else getattr(q.metrics, metric))
        sides.append(scores)
    return reference_paired_bootstrap(sides[0], sides[1], baseline_name=baseline, candidate_name=candidate,
                                      metric=metric, **kw)


def outcome(call):
    """('ok', dump) or (exception type name, text)."""
    try:
        return ("ok", call().model_dump_json())
    except (gk.EvalError, ValidationError, AttributeError, TypeError) as exc:
        text = str(exc) if not isinstance(exc, ValidationError) else json.dumps(exc.errors(include_url=False),
                                                                                default=str)
        return (type(exc).__name__, text)


IDS = ["q1", "q2", "q10", "q-3", "a", "B", "é", "\u2028", "z\ud800", "日本", "q 5", ""]


def random_score(rng):
    pick = rng.random()
    if pick < 0.6:
        return rng.random()
    if pick < 0.7:
        return rng.choice([0.0, -0.0, 1.0, 0.1, 1e-300, 5e-324, 1e308, -1e308])
    if pick < 0.8:
        return rng.randint(-3, 3)
    if pick < 0.85:
        return rng.choice([math.nan, math.inf, -math.inf])
    return round(rng.random(), rng.randint(0, 3))


def random_arguments(rng):
    n = rng.choice([0, 1, 2, 3, 5, 12, 40])
    ids = rng.sample(IDS, min(n, len(IDS))) + [f"x{i}" for i in range(max(0, n - len(IDS)))]
    baseline = {q: random_score(rng) for q in ids}
    candidate = {q: random_score(rng) if rng.random() < 0.9 else baseline[q] for q in ids}
    if rng.random() < 0.1 and candidate:
        candidate.pop(rng.choice(list(candidate)))
    if rng.random() < 0.1:
        candidate["extra"] = 0.5
    kw = {"baseline_name": rng.choice(["bm25", "a", "x\u00e9"]), "candidate_name": rng.choice(["dense", "b"]),
          "metric": rng.choice(["ndcg_at_10", "mrr", "recall_at_1"] * 5 + ["map", "MRR"]),
          "resamples": rng.choice([1, 2, 3, 7, 50, 200, 1000] * 3 + [0, -1]),
          "seed": rng.choice([0, 7, -7, 11, 2 ** 32, 2 ** 63 - 1, -(2 ** 63), rng.randrange(-2 ** 40, 2 ** 40)]),
          "confidence_level": rng.choice([0.95] * 5 + [0.9, 0.5, 0.999, 1e-9, 0.0, 1.0, 1.5, -0.5, math.nan])}
    return baseline, candidate, kw


class SignificanceDifferential(unittest.TestCase):
    def test_paired_bootstrap(self):
        rng = random.Random(20261130)
        kinds = {}
        for case in range(CASES):
            baseline, candidate, kw = random_arguments(rng)
            expected = outcome(lambda: reference_paired_bootstrap(baseline, candidate, **kw))
            actual = outcome(lambda: gk.paired_bootstrap(baseline, candidate, **kw))
            self.assertEqual(actual, expected, (case, baseline, candidate, kw))
            kinds[expected[0]] = kinds.get(expected[0], 0) + 1
        # The cases reach every outcome: results, EvalErrors, pydantic's error.
        self.assertEqual(sorted(kinds), ["EvalError", "ValidationError", "ok"], kinds)

    def test_compare_report_stages(self):
        rng = random.Random(7)
        for case in range(CASES // 4):
            names = ["bm25"] + rng.sample(["dense", "fusion", "rerank", "dense"], rng.randint(1, 3))
            ids = rng.sample(["q-1", "q-2", "q-3", "q-4"], rng.randint(1, 4))
            stages = []
            for index, name in enumerate(names):
                queries = []
                for qid in ids + ([rng.choice(ids)] if rng.random() < 0.1 else []):
                    if rng.random() < 0.15:
                        queries.append(query(qid, no_answer=True))
                    elif rng.random() < 0.95:
                        queries.append(query(qid, score=rng.random(), reciprocal_rank=rng.choice([0.0, 0.25, 0.5, 1.0])))
                stages.append(stage(name, queries, baseline=index == 0))
            model = report(*stages)
            kw = {"baseline": rng.choice(["bm25", "bm25", "dense"]), "candidate": rng.choice(["dense", "fusion", "rerank"]),
                  "metric": rng.choice(["ndcg_at_10", "mrr", "recall_at_5"] * 4 + ["map", "query_count"]),
                  "resamples": rng.choice([1, 10, 100] * 4 + [0]),
                  "seed": rng.randrange(100)}
            expected = outcome(lambda: reference_compare(model, **kw))
            self.assertEqual(outcome(lambda: gk.compare_report_stages(model, **kw)), expected, (case, kw))
            as_dict = json.loads(model.model_dump_json())
            self.assertEqual(outcome(lambda: gk.compare_report_stages(as_dict, **kw)), expected, (case, kw))


class BeirDifferential(unittest.TestCase):
    def test_generated_cases(self):
        with tempfile.TemporaryDirectory() as folder:
            cases = Path(os.path.realpath(folder))
            subprocess.run([sys.executable, os.path.join(SOURCE, "tests", "beir", "differential.py"), str(cases),
                            "--count", str(CASES // 2), "--seed", "3"], check=True)
            kinds = {}
            for case in sorted(cases.iterdir(), key=lambda p: int(p.name)):
                expected = json.loads((case / "expected.json").read_text(encoding="utf-8"))
                options = json.loads((case / "case.json").read_text(encoding="utf-8"))
                output = case / options["output"]
                before = self.tree(output)
                try:
                    got = {"report": gk.adapt_beir_dataset(case / "src", output, split=options["split"]).model_dump()}
                except gk.EvalError as exc:
                    got = {"error": str(exc)}
                except (UnicodeEncodeError, ValueError) as exc:
                    got = {"crash": f"{type(exc).__name__}: {exc}"}
                text = json.dumps(got, ensure_ascii=False).replace(str(case), "<CASE>").replace("out-cpp", "<OUT>")
                self.assertEqual(json.loads(text), expected, case.name)
                kind = next(iter(expected))
                kinds[kind] = kinds.get(kind, 0) + 1
                if kind == "report":
                    self.assertEqual(self.tree(output), self.tree(case / options["output"].replace("out-cpp", "out-py")),
                                     case.name)
                else:
                    # groundkit may have written part of it; the drop-in leaves it as it was.
                    self.assertEqual(self.tree(output), before, case.name)
            self.assertEqual(sorted(kinds), ["crash", "error", "report"], kinds)

    @staticmethod
    def tree(path):
        if not os.path.lexists(path):
            return None
        if os.path.islink(path):
            return ("link", os.readlink(path))
        if not os.path.isdir(path):
            return ("file", Path(path).read_bytes())
        return {name: BeirDifferential.tree(os.path.join(path, name)) for name in sorted(os.listdir(path))}


if __name__ == "__main__":
    unittest.main(verbosity=2)
