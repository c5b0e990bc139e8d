"""When groundkit is importable, grk_plugins.groundkit raises groundkit's own
EvalError and returns and accepts groundkit's own models; the names groundkit
lacks fall back to this package's copies. Proven with a tiny stand-in
groundkit package on sys.path, in a child interpreter so that this process's
imports stay clean."""
import os
import subprocess
import sys
import tempfile
import textwrap
import unittest
from pathlib import Path

FAKE = {
    "groundkit/__init__.py": "",
    "groundkit/errors.py": """
        class GroundkitError(Exception):
            pass

        class EvalError(GroundkitError):
            pass
        """,
    "groundkit/evals/__init__.py": "",
    # A stand-in BootstrapResult: groundkit's fields, a class of its own.
    "groundkit/evals/significance.py": """
        from typing import Literal
        from pydantic import BaseModel, ConfigDict

        class BootstrapResult(BaseModel):
            model_config = ConfigDict(extra="forbid", frozen=True)
            baseline: str
            candidate: str
            metric: Literal["recall_at_1", "recall_at_5", "recall_at_10", "mrr", "ndcg_at_10"]
            query_count: int
            resamples: int
            seed: int
            confidence_level: float
            effect: float
            confidence_interval_low: float
            confidence_interval_high: float
            p_value_two_sided: float
            significant: bool
            method: str = "stand-in"
        """,
    # A stand-in EvalReport that only carries the data: the drop-in must
    # accept an instance of a model class that is not its own.
    "groundkit/evals/schema.py": """
        from pydantic import BaseModel

        class EvalReport(BaseModel):
            schema_version: int = 1
            run: dict
            stages: list
            synthesis: None = None
        """,
}

CHILD = """
from dropin_support import gk, query, stage  # puts sdk/python on sys.path
import groundkit.errors, groundkit.evals.significance, groundkit.evals.schema
from grk_plugins.groundkit import _models

assert gk.EvalError is groundkit.errors.EvalError and gk.GroundkitError is groundkit.errors.GroundkitError
assert gk.BootstrapResult is groundkit.evals.significance.BootstrapResult
assert gk.Judgment is _models.Judgment and gk.BeirAdaptationReport is _models.BeirAdaptationReport
assert gk.uses_groundkit("EvalError") and gk.uses_groundkit("BootstrapResult") and not gk.uses_groundkit("Judgment")

result = gk.paired_bootstrap({"q": 0.0}, {"q": 1.0}, baseline_name="a", candidate_name="b", metric="mrr", resamples=10)
assert type(result) is groundkit.evals.significance.BootstrapResult and result.method == "stand-in", result
try:
    gk.paired_bootstrap({}, {}, baseline_name="a", candidate_name="b", metric="mrr")
except groundkit.errors.EvalError as error:
    assert str(error) == "paired bootstrap requires at least one query score"
else:
    raise AssertionError("no EvalError")

run = {"run_id": "r", "started_at": "s", "groundkit_version": "0", "corpus_hash": "c", "judgments_hash": "j",
       "document_count": 1, "chunk_count": 1, "judgment_count": 1,
       "config": {"chunk_size": 1, "chunk_overlap": 0, "top_k": 10, "bm25_k1": 1.5, "bm25_b": 0.75,
                  "score_threshold": None}}
report = groundkit.evals.schema.EvalReport(run=run, stages=[
    stage("bm25", [query("q-1", score=0.25)], baseline=True), stage("dense", [query("q-1", score=0.75)])])
compared = gk.compare_report_stages(report, baseline="bm25", candidate="dense", metric="ndcg_at_10", resamples=10)
assert type(compared) is groundkit.evals.significance.BootstrapResult and compared.effect == 0.5, compared
try:
    gk.compare_report_stages(report, baseline="bm25", candidate="fusion", metric="ndcg_at_10")
except groundkit.errors.EvalError as error:
    assert str(error) == "report does not contain stage 'fusion'", error
else:
    raise AssertionError("no EvalError")
print("groundkit's classes used")
"""


class GroundkitDetection(unittest.TestCase):
    def test_groundkits_classes_are_used_when_importable(self):
        with tempfile.TemporaryDirectory() as folder:
            for name, text in FAKE.items():
                path = Path(folder) / name
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(textwrap.dedent(text), encoding="utf-8")
            here = os.path.dirname(os.path.abspath(__file__))
            done = subprocess.run([sys.executable, "-c", CHILD], capture_output=True, text=True, check=False,
                                  env=dict(os.environ, PYTHONPATH=os.pathsep.join([folder, here])))
        self.assertEqual((done.returncode, done.stdout, done.stderr), (0, "groundkit's classes used\n", ""))

    def test_without_groundkit_the_packages_own_classes(self):
        done = subprocess.run([sys.executable, "-c", "import importlib.util, sys\n"
                               "assert importlib.util.find_spec('groundkit') is None\n"
                               "from dropin_support import gk\n"
                               "from grk_plugins.groundkit import _models\n"
                               "assert gk.BootstrapResult is _models.BootstrapResult\n"
                               "assert gk.EvalError.__name__ == 'EvalError' and issubclass(gk.EvalError, gk.GroundkitError)\n"
                               "assert not gk.uses_groundkit('EvalError')\n"],
                              capture_output=True, text=True, check=False,
                              env=dict(os.environ, PYTHONPATH=os.path.dirname(os.path.abspath(__file__))))
        self.assertEqual((done.returncode, done.stderr), (0, ""))


if __name__ == "__main__":
    unittest.main(verbosity=2)
