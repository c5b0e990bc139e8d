"""ir_measures 0.4.3's calls over grk-eval's evaluator (docs/behaviour/python-evaluators.md §3):

    from grk_plugins import ir_measures
    from grk_plugins.ir_measures import nDCG, P, AP, RR
    ir_measures.calc_aggregate([nDCG@10, P(rel=2)@5, AP, "RR@10"], qrels, run)
    # {nDCG@10: 0.36, P(rel=2)@5: 0.26, AP: 0.31, RR@10: 0.52}

Each measure is computed by grk-eval's measures plugin code, equal to its own
reference (trec_eval 10.0, gdeval, cwl_eval, ndeval, MS MARCO's evaluator,
Compatibility, Judged), at full precision, in one pass; where ir_measures'
pytrec_eval provider keeps trec_eval 9.0.8's rules, this module follows 10.0,
like the rest of grk-eval. Measures may be written in any of grk-eval's
dialects (`nDCG@10`, `ndcg_cut.10`, `ndcg_cut_10`).

qrels and runs: dicts ({query id: {document id: relevance or score}}),
iterables of Qrel / ScoredDoc (or any objects with their fields), pandas
DataFrames with columns query_id, doc_id and relevance or score, or file
paths, which are read in C++ and never become Python objects.
"""

import ast
import collections
import os
import re

from . import _evaluator
from ._inputs import as_input

__all__ = ["Measure", "Qrel", "ScoredDoc", "Metric", "parse_measure", "calc_aggregate", "iter_calc", "evaluator",
           "Evaluator", "read_trec_qrels", "read_trec_run"]

_native = _evaluator.load()

Qrel = collections.namedtuple("Qrel", ["query_id", "doc_id", "relevance", "iteration"], defaults=["0"])
ScoredDoc = collections.namedtuple("ScoredDoc", ["query_id", "doc_id", "score"])
Metric = collections.namedtuple("Metric", ["query_id", "measure", "value"])


class Measure:
    """A measure: `nDCG`, `nDCG@10`, `P(rel=2)@5`. `@` sets the cutoff and a
    call sets parameters, each giving a new measure. str() is ir_measures'
    printed form (defaults left out, aliases resolved), and a measure equals
    (and hashes as) that string, so results may be looked up by either."""

    __slots__ = ("name", "params", "cutoff", "_printed")

    def __init__(self, name, params=None, cutoff=None):
        self.name = name
        self.params = dict(params or {})
        self.cutoff = cutoff
        self._printed = None

    def __call__(self, **params):
        return Measure(self.name, dict(self.params, **params), self.cutoff)

    def __matmul__(self, cutoff):
        return Measure(self.name, self.params, cutoff)

    def written(self):
        """The measure in ir_measures' syntax, as given."""
        text = self.name
        if self.params:
            text += "(" + ",".join("%s=%r" % item for item in self.params.items()) + ")"
        if self.cutoff is not None:
            text += "@%r" % (self.cutoff,)
        return text

    def __str__(self):
        if self._printed is None:
            self._printed = _native.measure_name(self.written())
        return self._printed

    def __repr__(self):
        return str(self)

    def __eq__(self, other):
        if isinstance(other, (Measure, str)):
            return str(self) == str(other)
        return NotImplemented

    def __hash__(self):
        return hash(str(self))


_SYNTAX = re.compile(r"([A-Za-z_][A-Za-z_0-9]*)(?:\((.*)\))?(?:@(.+))?")


def _literal(text):
    try:
        return ast.literal_eval(text.strip())
    except (ValueError, SyntaxError):
        raise ValueError("not a literal: %r" % text.strip()) from None


def parse_measure(text):
    """The measure `text` names, checked: `parse_measure("nDCG@10")`.
    A trec_eval name (`ndcg_cut.10`) is a measure of its own."""
    printed = _native.measure_name(text)  # refuses what is unknown or malformed
    match = _SYNTAX.fullmatch(text.strip())
    if match is None or match.group(1) not in _IR_NAMES:
        measure = Measure(text.strip())
        measure._printed = printed
        return measure
    name, params, cutoff = match.groups()
    values = {}
    if params:
        # The parameters read as a Python call's keywords: the syntax is Python's.
        call = ast.parse("f(%s)" % params, mode="eval").body
        values = {keyword.arg: ast.literal_eval(keyword.value) for keyword in call.keywords}
    measure = Measure(name, values, _literal(cutoff) if cutoff else None)
    measure._printed = printed
    return measure


_IR_NAMES = frozenset(_native.ir_measure_names())
# The measure objects: `from grk_plugins.ir_measures import nDCG, P, AP`.
for _name in sorted(_IR_NAMES):
    globals()[_name] = Measure(_name)
    __all__.append(_name)
del _name


def _key(measure):
    return measure if isinstance(measure, Measure) else parse_measure(measure)


class Evaluator:
    """evaluator(measures, qrels): the measures and the qrels read once, then
    scored on each run given to calc_aggregate or iter_calc."""

    def __init__(self, measures, qrels):
        if isinstance(measures, (str, Measure)):
            measures = [measures]
        self._measures = [_key(measure) for measure in measures]
        if not self._measures:
            raise ValueError("measures: the list is empty")
        self._qrels = as_input(qrels, "relevance", "qrels")

    def _calc(self, run, diversity_order):
        names, query_ids, values, means = _native.calc(self._qrels, as_input(run, "score", "the run"),
                                                       [str(measure) for measure in self._measures],
                                                       diversity_order=diversity_order)
        # The names come back as str() printed each measure, once each.
        by_name = {str(measure): measure for measure in self._measures}
        return [by_name[name] for name in names], query_ids, values, means

    def calc_aggregate(self, run, diversity_order="rank"):
        """{measure: value}: each measure's mean over the qrels queries as
        ir_measures takes it (a query the run lacks counts 0; NumQ, NumRet
        and NumRel are sums). diversity_order: ndeval's measures' order,
        the run file's rank column ('rank', ndeval's default) or the scores
        ('score'; a run that is no file has no rank column)."""
        measures, _, _, means = self._calc(run, diversity_order)
        return dict(zip(measures, means))

    def iter_calc(self, run, diversity_order="rank"):
        """Metric(query_id, measure, value) for each qrels query a measure
        scores, query by query in the order the qrels first name them."""
        measures, query_ids, values, _ = self._calc(run, diversity_order)
        for q, query_id in enumerate(query_ids):
            for m, measure in enumerate(measures):
                if values[m][q] is not None:
                    yield Metric(query_id, measure, values[m][q])


def evaluator(measures, qrels):
    return Evaluator(measures, qrels)


def calc_aggregate(measures, qrels, run):
    return Evaluator(measures, qrels).calc_aggregate(run)


def iter_calc(measures, qrels, run):
    return Evaluator(measures, qrels).iter_calc(run)


def _lines(source):
    if isinstance(source, (str, bytes, os.PathLike)):
        with open(source, encoding="utf-8") as file:
            yield from file
    else:
        yield from source


def read_trec_qrels(source):
    """Qrel tuples from a TREC qrels file (a path or a text file object)."""
    for line in _lines(source):
        fields = line.split()
        if fields and not fields[0].startswith("#"):
            query_id, iteration, doc_id, relevance = fields
            yield Qrel(query_id, doc_id, int(relevance), iteration)


def read_trec_run(source):
    """ScoredDoc tuples from a TREC run file (a path or a text file object)."""
    for line in _lines(source):
        fields = line.split()
        if fields and not fields[0].startswith("#"):
            query_id, _, doc_id, _, score = fields[:5]
            yield ScoredDoc(query_id, doc_id, float(score))
