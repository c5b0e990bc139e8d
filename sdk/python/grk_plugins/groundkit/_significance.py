"""paired_bootstrap and compare_report_stages through the `paired-bootstrap`
component of the significance module (docs/behaviour/paired-bootstrap.md), in
process, inputs passed in memory (`scores_data`, `report_data`:
docs/behaviour/comparisons.md §2.4).

The component checks and computes; the BootstrapResult is built here, from the
caller's own names, metric, resamples, seed and level, exactly as groundkit
builds it after computing, so that an invalid metric or name fails with
pydantic's ValidationError after the computation, as in groundkit
(docs/behaviour/paired-bootstrap.md §2 step 6).
"""

import os
from collections.abc import Mapping

from . import _reference
from ._classes import EvalError, model_class
from ._plugin_calls import call

METRIC_NAMES = ("recall_at_1", "recall_at_5", "recall_at_10", "mrr", "ndcg_at_10")

# A component param is a signed 64-bit integer.
_INT64_MIN, _INT64_MAX = -(2 ** 63), 2 ** 63 - 1
# An int score crosses as a double. Up to this size, and up to _EXACT_INT_QUERIES
# queries, every sum of their differences is exact in a double, as Python's
# int arithmetic is.
_EXACT_INT_SCORE = 2 ** 31
_EXACT_INT_QUERIES = 2 ** 21


def _is_int64(value):
    return type(value) is int and _INT64_MIN <= value <= _INT64_MAX


def _crosses_exactly(resamples, seed, confidence_level):
    """Whether the component computes with exactly these values: plain ints
    of 64 bits, a float or int level (a bool, a Decimal, a numpy scalar of
    another width would compute differently in Python)."""
    return (_is_int64(resamples) and _is_int64(seed)
            and (isinstance(confidence_level, float) or _is_int64(confidence_level)))


def _score_map(scores):
    """`scores` as a dict for the component, or None when a key or a score
    would not cross exactly (Python then computes, as groundkit does)."""
    if not isinstance(scores, Mapping):
        return None
    ints = False
    for key, value in scores.items():
        if not isinstance(key, str):
            return None
        if not isinstance(value, float):
            if type(value) is not int or not -_EXACT_INT_SCORE <= value <= _EXACT_INT_SCORE:
                return None
            ints = True
    if ints and len(scores) > _EXACT_INT_QUERIES:
        return None
    return scores if type(scores) is dict else dict(scores)


def _finite(fields):
    """False when a sum overflowed: the component's JSON writes an infinite
    mean as null (as pydantic would), so Python recomputes that rare result
    to return the infinity groundkit's model holds."""
    return all(fields[name] is not None for name in ("effect", "confidence_interval_low", "confidence_interval_high"))


def _result(fields, baseline, candidate, metric, resamples, seed, confidence_level):
    return model_class("BootstrapResult")(
        baseline=baseline, candidate=candidate, metric=metric,
        query_count=fields["query_count"], resamples=resamples, seed=seed,
        confidence_level=confidence_level, effect=fields["effect"],
        confidence_interval_low=fields["confidence_interval_low"],
        confidence_interval_high=fields["confidence_interval_high"],
        p_value_two_sided=fields["p_value_two_sided"], significant=fields["significant"])


def _component_params(resamples, seed, confidence_level):
    # Labels and metric are placeholders: the result is built from the
    # caller's own values (_result).
    return {"baseline": "baseline", "candidate": "candidate", "metric": "ndcg_at_10",
            "resamples": resamples, "seed": seed, "confidence_level": confidence_level}


def paired_bootstrap(baseline_scores, candidate_scores, *, baseline_name, candidate_name, metric,
                     resamples=10_000, seed=7, confidence_level=0.95):
    """groundkit's paired_bootstrap (docs/behaviour/paired-bootstrap.md §1-§8): the same
    BootstrapResult to the last bit, the same EvalError messages in the same
    order, computed by the significance plugin in this process."""
    baseline = _score_map(baseline_scores)
    candidate = _score_map(candidate_scores)
    if baseline is None or candidate is None or not _crosses_exactly(resamples, seed, confidence_level):
        fields = _reference.bootstrap_fields(baseline_scores, candidate_scores, resamples, seed,
                                             confidence_level, EvalError)
    else:
        params = _component_params(resamples, seed, confidence_level)
        params["scores_data"] = {"baseline": baseline, "candidate": candidate}
        fields = call("significance", "paired-bootstrap", params)
        if not _finite(fields):
            fields = _reference.bootstrap_fields(baseline, candidate, resamples, seed, confidence_level, EvalError)
    return _result(fields, baseline_name, candidate_name, metric, resamples, seed, confidence_level)


def _report_model(report):
    """`report` as an EvalReport model, for the Python path."""
    report_class = model_class("EvalReport")
    if isinstance(report, Mapping):
        return report_class.model_validate(report)
    if isinstance(report, (str, os.PathLike)):
        with open(report, encoding="utf-8") as file:
            return report_class.model_validate_json(file.read())
    return report


def _report_input(report):
    """The component param carrying `report`, or None when it is neither a
    model, a mapping nor a path."""
    if hasattr(report, "model_dump") and hasattr(report, "stages"):
        # Python mode, not JSON mode: NaN stays NaN (json writes it, the
        # component reads it as json.loads does), where JSON mode writes null.
        return {"report_data": report.model_dump()}
    if isinstance(report, Mapping):
        return {"report_data": report if type(report) is dict else dict(report)}
    if isinstance(report, (str, os.PathLike)):
        return {"report": os.fspath(report)}
    return None


def compare_report_stages(report, *, baseline, candidate, metric, resamples=10_000, seed=7,
                          confidence_level=0.95):
    """groundkit's compare_report_stages (docs/behaviour/paired-bootstrap.md §9): two
    stages of `report`, which is an EvalReport model (groundkit's or this
    package's), a dict holding one, or the path of a report file.

    A dict or a file is validated by the component: a problem is an EvalError
    `<json path>: <message>` (docs/behaviour/eval-report.md §6), where
    groundkit, which takes only a model, has no behaviour to match."""
    source = _report_input(report)
    native = (source is not None and type(metric) is str and metric in METRIC_NAMES
              and isinstance(baseline, str) and isinstance(candidate, str)
              and _crosses_exactly(resamples, seed, confidence_level))
    if not native:
        # An unknown metric fails in groundkit as getattr fails, at the first
        # answerable query; Python reads the stages as groundkit does.
        baseline_scores, candidate_scores = _reference.report_stage_scores(
            _report_model(report), baseline, candidate, metric, EvalError)
        return paired_bootstrap(baseline_scores, candidate_scores, baseline_name=baseline,
                                candidate_name=candidate, metric=metric, resamples=resamples,
                                seed=seed, confidence_level=confidence_level)
    params = _component_params(resamples, seed, confidence_level)
    params.update(source, baseline=baseline, candidate=candidate, metric=metric)
    fields = call("significance", "paired-bootstrap", params)
    return _result(fields, baseline, candidate, metric, resamples, seed, confidence_level)
