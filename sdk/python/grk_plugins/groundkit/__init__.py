"""groundkit's evaluation API over the grk plugin modules, in process: a
drop-in for `groundkit.evals` in an eval harness.

    from grk_plugins.groundkit import paired_bootstrap   # was: from groundkit.evals.significance import ...

- paired_bootstrap(baseline_scores, candidate_scores, *, baseline_name,
  candidate_name, metric, resamples=10_000, seed=7, confidence_level=0.95)
- compare_report_stages(report, *, baseline, candidate, metric, resamples=10_000,
  seed=7, confidence_level=0.95); `report` an EvalReport model (groundkit's or
  this package's), a dict holding one, or the path of a report file
- adapt_beir_dataset(source_dir, output_dir, *, split="test")
- load_judgments(path)

They return groundkit's models and raise groundkit's errors with groundkit's
messages, in groundkit's order of checks (docs/behaviour/paired-bootstrap.md,
docs/behaviour/beir.md, docs/behaviour/judgments.md). When groundkit is importable
its own classes are used (EvalError, BootstrapResult, EvalReport, Judgment,
BeirAdaptationReport), so `except EvalError` and isinstance checks in existing
code keep working; otherwise this package's copies, with the same fields,
validators and field order, so model_dump_json() gives the same bytes.

The plugin modules are found as grk-eval finds them (grk_plugins.find_module):
GRK_PLUGIN_PATH, then <prefix>/lib/grk/plugins of the prefix this package is
installed in. Needs pydantic 2, as groundkit does.
"""

from ._beir import adapt_beir_dataset
from ._classes import EvalError, GroundkitError, model_class, uses_groundkit
from ._judgments import load_judgments
from ._models import MetricName, StageName
from ._significance import compare_report_stages, paired_bootstrap

BootstrapResult = model_class("BootstrapResult")
EvalReport = model_class("EvalReport")
RunMetadata = model_class("RunMetadata")
RunConfig = model_class("RunConfig")
EmbeddingIdentity = model_class("EmbeddingIdentity")
MetricSet = model_class("MetricSet")
StageResult = model_class("StageResult")
QueryResult = model_class("QueryResult")
QueryMetrics = model_class("QueryMetrics")
GoldSpanResult = model_class("GoldSpanResult")
RetrievedHit = model_class("RetrievedHit")
SynthesisReport = model_class("SynthesisReport")
Judgment = model_class("Judgment")
GoldSpan = model_class("GoldSpan")
BeirAdaptationReport = model_class("BeirAdaptationReport")

__all__ = [
    "paired_bootstrap", "compare_report_stages", "adapt_beir_dataset", "load_judgments",
    "BootstrapResult", "EvalReport", "RunMetadata", "RunConfig", "EmbeddingIdentity", "MetricSet",
    "StageResult", "QueryResult", "QueryMetrics", "GoldSpanResult", "RetrievedHit",
    "SynthesisReport", "Judgment", "GoldSpan", "BeirAdaptationReport", "EvalError",
    "GroundkitError", "MetricName", "StageName", "uses_groundkit",
]
