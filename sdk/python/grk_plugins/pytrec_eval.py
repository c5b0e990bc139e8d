"""pytrec_eval 0.5's API over grk-eval's evaluator: change `import pytrec_eval`
to `from grk_plugins import pytrec_eval` and the same calls give the same
numbers (docs/behaviour/python-evaluators.md):

    from grk_plugins import pytrec_eval
    evaluator = pytrec_eval.RelevanceEvaluator(qrels, {"map", "ndcg_cut.10"})
    per_query = evaluator.evaluate(run)   # {query id: {"map": ..., "ndcg_cut_10": ...}}

pytrec_eval bundles trec_eval 9.0.8, and so does this module keep 9.0.8's
rules where 10.0 changed them: scores are compared as 32-bit floats (scores
that differ only below float precision tie), the recall points of
iprec_at_recall and 11pt_avg are found as 9.0.8 finds them, and the measures
10.0 added (rbp, rbp_resid, unj) are absent. A query comes back when it is in
both the run and the qrels with at least one judgment; a query whose run is
empty comes back with its values for no document retrieved.

The dicts are read by compiled code (grk_plugins._evaluator), never turned
into text, and scored on GRK_THREADS threads (default: every core).
"""

import math
import re

from . import _evaluator

__all__ = ["RelevanceEvaluator", "supported_measures", "supported_nicknames", "compute_aggregated_measure",
           "parse_qrel", "parse_run"]

_RELEASE = "9.0.8"
_native = _evaluator.load()

supported_measures = frozenset(_native.supported_measures(_RELEASE))
# trec_eval's measure sets, which a measures argument may name.
supported_nicknames = frozenset(["official", "all_trec", "set"])

# A measure with parameters in either of pytrec_eval's spellings: `P.5,10`
# (trec_eval's) or `P_5` (the name trec_eval prints).
_WITH_PARAMETERS = r"{}[\._]([0-9]+(\.[0-9]+)?(,[0-9]+(\.[0-9]+)?)*)"


def _trec_eval_entries(measures):
    """`measures` as trec_eval -m entries, the parameters of one measure
    merged into one entry (`P.5` and `P_10` ask for `P.10,5`), as pytrec_eval
    combines them; ValueError on a name it does not know."""
    if isinstance(measures, str):
        raise TypeError("measures must be a collection of measure names, got the str %r" % measures)
    parameters = {}
    for measure in measures:
        if measure in supported_measures or measure in supported_nicknames:
            parameters.setdefault(measure, set())
            continue
        for base in sorted(supported_measures, key=len, reverse=True):
            match = re.fullmatch(_WITH_PARAMETERS.format(re.escape(base)), measure)
            if match is not None:
                parameters.setdefault(base, set()).update(match.group(1).split(","))
                break
        else:
            raise ValueError("unsupported measure %s" % measure)
    return sorted(name + ("." + ",".join(sorted(values)) if values else "") for name, values in parameters.items())


class RelevanceEvaluator:
    """RelevanceEvaluator(query_relevance, measures, relevance_level=1,
    judged_docs_only_flag=False): query_relevance is {query id: {document id:
    int relevance}}; measures a set of trec_eval names (`map`, `ndcg_cut.10`,
    `P_5`, `all_trec`)."""

    def __init__(self, query_relevance, measures, relevance_level=1, judged_docs_only_flag=False):
        if not isinstance(query_relevance, dict):
            raise TypeError("query_relevance must be a dict, got %s" % type(query_relevance).__name__)
        # A copy, as pytrec_eval keeps one: later changes to the caller's dict do not count.
        self._qrels = {qid: dict(judged) if isinstance(judged, dict) else judged
                       for qid, judged in query_relevance.items()}
        self._measures = _trec_eval_entries(measures)
        self._relevance_level = relevance_level
        self._judged_only = bool(judged_docs_only_flag)
        # Refused here, not at the first evaluate: bad judgments, an unknown measure, a bad level.
        self._evaluate({})

    def _evaluate(self, run):
        return _native.evaluate(self._qrels, run, self._measures, relevance_level=self._relevance_level,
                                judged_docs_only_flag=self._judged_only, release=_RELEASE)

    def evaluate(self, scores):
        """{query id: {measure: value}} for the run `scores`, {query id:
        {document id: float score}}."""
        if not scores:
            return {}
        return self._evaluate(scores)


def compute_aggregated_measure(measure, values):
    """The value over queries that trec_eval prints for `measure`: the sum
    for num_*, exp of the mean for gm_* (their per-query values are
    logarithms), else the mean."""
    values = list(values)
    if measure.startswith("num_"):
        return math.fsum(values)
    if measure.startswith("gm_"):
        return math.exp(math.fsum(values) / len(values))
    return math.fsum(values) / len(values)


def parse_qrel(f_qrel):
    """{query id: {document id: relevance}} from the lines `qid iter docno rel` of a text file object."""
    qrel = {}
    for line in f_qrel:
        query_id, _, object_id, relevance = line.strip().split()
        qrel.setdefault(query_id, {})[object_id] = int(relevance)
    return qrel


def parse_run(f_run):
    """{query id: {document id: score}} from the lines `qid Q0 docno rank score tag` of a text file object."""
    run = {}
    for line in f_run:
        query_id, _, object_id, _, score, _ = line.strip().split()
        run.setdefault(query_id, {})[object_id] = float(score)
    return run
