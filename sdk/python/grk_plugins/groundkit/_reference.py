"""groundkit's paired bootstrap in Python (docs/behaviour/paired-bootstrap.md §2-§6),
for the arguments the C++ component cannot take as they are: a seed beyond
64 bits, a score that is not a plain float or small int, a mapping key that
is not a str, a resamples or confidence_level of another type. Python's own
arithmetic and exceptions then decide, as in groundkit; every ordinary call
goes through the plugin."""

import math
import random


def quantile(ordered, probability, error):
    if not ordered:
        raise error("cannot calculate a quantile over an empty sample")
    position = (len(ordered) - 1) * probability
    lower = math.floor(position)
    upper = math.ceil(position)
    if lower == upper:
        return ordered[lower]
    weight = position - lower
    return ordered[lower] * (1.0 - weight) + ordered[upper] * weight


def bootstrap_fields(baseline_scores, candidate_scores, resamples, seed, confidence_level, error):
    """The computed fields of a BootstrapResult, after §2's checks 1-5."""
    if resamples <= 0:
        raise error(f"resamples must be positive, got {resamples}")
    if not 0.0 < confidence_level < 1.0:
        raise error(f"confidence_level must be between 0 and 1, got {confidence_level}")
    if not baseline_scores:
        raise error("paired bootstrap requires at least one query score")
    if baseline_scores.keys() != candidate_scores.keys():
        missing_candidate = sorted(baseline_scores.keys() - candidate_scores.keys())
        missing_baseline = sorted(candidate_scores.keys() - baseline_scores.keys())
        raise error("paired bootstrap query ids differ "
                    f"(missing from candidate={missing_candidate}, "
                    f"missing from baseline={missing_baseline})")
    query_ids = sorted(baseline_scores)
    deltas = [candidate_scores[qid] - baseline_scores[qid] for qid in query_ids]
    if not all(math.isfinite(delta) for delta in deltas):
        raise error("paired bootstrap scores must be finite")
    rng = random.Random(seed)
    n = len(deltas)
    means = [sum(deltas[rng.randrange(n)] for _ in range(n)) / n for _ in range(resamples)]
    means.sort()
    alpha = (1.0 - confidence_level) / 2.0
    low = quantile(means, alpha, error)
    high = quantile(means, 1.0 - alpha, error)
    non_positive = sum(value <= 0.0 for value in means)
    non_negative = sum(value >= 0.0 for value in means)
    p_value = min(1.0, 2.0 * (min(non_positive, non_negative) + 1) / (resamples + 1))
    return {"query_count": n, "effect": sum(deltas) / n, "confidence_interval_low": low,
            "confidence_interval_high": high, "p_value_two_sided": p_value,
            "significant": low > 0.0 or high < 0.0}


def stage_scores(queries, metric, error):
    """One stage's {query id: score}, as docs/behaviour/paired-bootstrap.md §9 step 3
    reads it: any metric name, so an unknown one fails as getattr fails."""
    scores = {}
    for result in queries:
        if result.metrics is None:
            continue
        if result.query_id in scores:
            raise error(f"duplicate query id {result.query_id!r} in a stage's results; "
                        "query ids must be unique for a paired comparison to mean anything")
        value = result.metrics.reciprocal_rank if metric == "mrr" else getattr(result.metrics, metric)
        scores[result.query_id] = float(value)
    return scores


def report_stage_scores(report, baseline, candidate, metric, error):
    """docs/behaviour/paired-bootstrap.md §9 steps 1-3 on a report model."""
    names = [stage.stage for stage in report.stages]
    duplicated = sorted({name for name in names if names.count(name) > 1})
    if duplicated:
        raise error(f"report contains more than one stage named {duplicated}; a comparison "
                    "cannot say which of them it measured")
    stages = {stage.stage: stage for stage in report.stages}
    for name in (baseline, candidate):
        if name not in stages:
            raise error(f"report does not contain stage {name!r}")
    return (stage_scores(stages[baseline].queries, metric, error),
            stage_scores(stages[candidate].queries, metric, error))
