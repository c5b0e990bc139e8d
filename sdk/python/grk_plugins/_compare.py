"""grk_plugins.compare: runs scored, tested and tabled as `grk-eval evaluate`
does, from Python (docs/behaviour/python-evaluators.md §4).

    import grk_plugins
    table = grk_plugins.compare("qrels.txt", {"bm25": "bm25.run", "dense": dense_dict},
                                ["nDCG@10", "P@5", "AP"], baseline="bm25")
    print(table)                  # the text table grk-eval evaluate prints
    table.to_latex()              # the booktabs table, for \\input{}
    table.save_results("results.json")   # for grk-eval report

The table is the host's: compare runs grk-eval evaluate on the inputs (paths
as they are; dicts, Qrel/ScoredDoc rows and DataFrames written by the
compiled evaluator as TREC files into a private temporary folder), keeps the
results document it writes and the text table it prints, and renders the
document in the other formats with grk-eval report --table. So the numbers,
marks and words are grk-eval's own, to the byte."""

import json
import os
import shutil
import tempfile

from . import _host
from ._inputs import as_input


def compare(qrels, runs, measures=None, baseline=None, test="t", correction=None, alpha=None,
            intersect=False, judged_only=False, relevance_level=None, max_results=None, per_query=False,
            title="grk_plugins.compare", rename=None, label_prefix=None):
    """The systems x measures table of `runs` against `qrels`, with the
    significance marks of `test` (the paired t-test unless told otherwise, as
    ranx and PyTerrier test; test=None for no test), as a ResultsTable.
    correction and alpha default to compare-systems' own: holm (none for
    the Tukey tests, whose p-values are family-wise already) and 0.05.

    qrels: a dict {query id: {document id: int}}, Qrel rows, a DataFrame
    (query_id, doc_id, relevance) or a path (TREC qrels, subtopic qrels or
    BEIR's TSV). runs: {name: run}, each run a dict {query id: {document id:
    score}}, ScoredDoc rows, a DataFrame (query_id, doc_id, score) or a path;
    or a list of paths, each run named by its file's stem. measures: names in
    any dialect or Measure objects (default: the evaluate component's AP,
    nDCG@10, P@10, R@100, RR). The other arguments are grk-eval evaluate's
    options of the same names (docs/cli.md §2); rename ({old: new}) and
    label_prefix apply to the renderings, not to the rows."""
    folder = tempfile.mkdtemp(prefix="grk-compare-")
    try:
        qrels_path = _path_of(as_input(qrels, "relevance", "qrels"), folder, "qrels.txt", "write_trec_qrels")
        operands = _run_operands(runs, folder)
        results = os.path.join(folder, "results.json")
        # Every value as --option=VALUE: a value that begins with '-' stays a value.
        arguments = ["evaluate", "--results=" + results]
        arguments += ["--measure=%s" % measure for measure in _measure_list(measures)]
        if test is not None and (len(operands) > 1 or baseline is not None):
            arguments.append("--test=%s" % test)
            for option, value in (("--correction", correction), ("--alpha", alpha), ("--baseline", baseline)):
                if value is not None:
                    arguments.append("%s=%s" % (option, repr(float(value)) if option == "--alpha" else value))
        if intersect:
            arguments.append("--intersect")
        if judged_only:
            arguments.append("--judged-only")
        if relevance_level is not None:
            arguments.append("--relevance-level=%d" % int(relevance_level))
        if max_results is not None:
            arguments.append("--max-results=%d" % int(max_results))
        if per_query:
            arguments.append("--per-query")
        printed = _host.run(arguments + _rename_arguments(rename) + ["--", qrels_path] + operands)
        with open(results, "rb") as file:
            table = ResultsTable(file.read(), title=title, rename=rename, label_prefix=label_prefix)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    # What evaluate printed is the text table (with the renames): report --table need not make it again.
    table._rendered["text"] = printed
    return table


def _path_of(data, folder, name, writer):
    """A path as given; a dict written into `folder` by the evaluator's `writer`."""
    if not isinstance(data, dict):
        return os.fsdecode(data)
    from . import _evaluator  # the compiled evaluator, needed only here
    path = os.path.join(folder, name)
    fd = _new_private_file(path)
    try:
        getattr(_evaluator.load(), writer)(data, fd)
    finally:
        os.close(fd)
    return path


def _new_private_file(path):
    """A descriptor of a new file at `path`, only this user's, never through a link."""
    return os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC, 0o600)


def _rename_arguments(rename):
    return ["--rename=%s=%s" % item for item in (rename or {}).items()]


def _run_operands(runs, folder):
    """grk-eval evaluate's RUN operands: NAME=PATH for a mapping, the paths
    themselves for a list."""
    if isinstance(runs, dict):
        operands = []
        for index, (name, run) in enumerate(runs.items()):
            if not isinstance(name, str) or not name or "=" in name:
                raise ValueError("runs: a run's name must be a non-empty str without '=', got %r" % (name,))
            run = as_input(run, "score", "run '%s'" % name)
            operands.append(name + "=" + _path_of(run, folder, "%d.run" % (index + 1), "write_trec_run"))
        return operands
    if isinstance(runs, (str, bytes, os.PathLike)):
        runs = [runs]
    try:
        paths = list(runs)
    except TypeError:
        raise TypeError("runs must be a dict {name: run} or a list of paths, got %s" % type(runs).__name__) from None
    for path in paths:
        if not isinstance(path, (str, bytes, os.PathLike)):
            raise TypeError("runs: a run that is not a file needs a name: give runs as {name: run}, got a %s in the "
                            "list" % type(path).__name__)
    paths = [os.fsdecode(path) for path in paths]
    for path in paths:
        if "=" in path:
            raise ValueError("runs: grk-eval evaluate reads %r as NAME=PATH; give runs as {name: path}" % path)
    return paths


def _measure_list(measures):
    if measures is None:
        return []
    if isinstance(measures, str) or not hasattr(measures, "__iter__"):
        return [measures]
    return list(measures)


class ResultsTable:
    """What compare returns: the results document grk-eval evaluate wrote, its
    systems x measures table as rows, and the table in every format of
    `grk-eval report`."""

    def __init__(self, text, title="grk_plugins.compare", rename=None, label_prefix=None):
        self._text = text
        self.document = json.loads(text)
        self.title = title
        self._rename = dict(rename or {})
        self._label_prefix = label_prefix
        self._rendered = {}
        scores = _first_result(self.document, "evaluate")
        if scores is None:
            raise ValueError("the results document has no evaluate step that ran")
        comparisons = _first_result(self.document, "compare-systems") or {}
        self.measures = list(scores["measures"])
        self.systems = list(scores["systems"])
        self.test = comparisons.get("test")
        self.correction = comparisons.get("correction")
        self.alpha = comparisons.get("alpha")
        records = comparisons.get("comparisons", [])
        baselines = {record["baseline"] for record in records}
        # The system every comparison is made with, or None: every pair, or no test.
        self.baseline = baselines.pop() if len(baselines) == 1 else None
        self.rows = _rows(scores, records, self.baseline)

    @classmethod
    def read(cls, path, title="grk_plugins.compare", rename=None, label_prefix=None):
        """The table of a results document on disk: one save_results or
        `grk-eval evaluate --results` wrote, or any with an evaluate step."""
        with open(path, "rb") as file:
            return cls(file.read(), title=title, rename=rename, label_prefix=label_prefix)

    def _render(self, format_name):
        if format_name not in self._rendered:
            folder = tempfile.mkdtemp(prefix="grk-report-")
            try:
                document = os.path.join(folder, "results.json")
                with os.fdopen(_new_private_file(document), "wb") as file:
                    file.write(self._text)
                arguments = ["report", "--table", "--format=" + format_name, "--title=%s" % self.title]
                if self._label_prefix is not None:
                    arguments.append("--label-prefix=%s" % self._label_prefix)
                arguments += _rename_arguments(self._rename)
                self._rendered[format_name] = _host.run(arguments + ["--", document])
            finally:
                shutil.rmtree(folder, ignore_errors=True)
        return self._rendered[format_name]

    def to_text(self):
        return self._render("text")

    def to_markdown(self):
        return self._render("markdown")

    def to_latex(self):
        return self._render("latex")

    def to_html(self):
        return self._render("html")

    def to_csv(self):
        return self._render("csv")

    def __str__(self):
        return self.to_text()

    def __repr__(self):  # the table at a Python prompt, as a DataFrame shows itself
        return self.to_text().rstrip("\n")

    def _repr_markdown_(self):  # how a notebook shows it
        return self.to_markdown()

    def to_dataframe(self):
        """The rows as a pandas DataFrame, one row per system and measure
        (`.pivot(index="system", columns="measure", values="value")` gives
        the table's shape)."""
        try:
            import pandas
        except ImportError:
            raise ImportError("to_dataframe needs pandas (Debian's python3-pandas, or pip install pandas)") from None
        return pandas.DataFrame(self.rows, columns=list(_ROW_FIELDS))

    def save_results(self, path):
        """Writes the results document, as grk-eval evaluate --results wrote
        it, to `path` atomically (a new file in its folder, synced, renamed
        over it), for `grk-eval report`."""
        path = os.fspath(path)
        folder = os.path.dirname(os.path.abspath(path))
        fd, temporary = tempfile.mkstemp(dir=folder, prefix=".grk-results-", suffix=".tmp")
        try:
            with os.fdopen(fd, "wb") as file:
                os.fchmod(file.fileno(), 0o644 & ~_umask())
                file.write(self._text)
                file.flush()
                os.fsync(file.fileno())
            os.replace(temporary, path)
        except BaseException:
            try:
                os.unlink(temporary)
            except OSError:
                pass
            raise


def _first_result(document, component):
    """The result of the document's first step of `component` that ran, or None."""
    for step in document.get("steps", []):
        if step.get("component") == component and step.get("status") == "ok":
            return step["result"]
    return None


_ROW_FIELDS = ("system", "measure", "value", "baseline", "p", "p_adjusted", "significant", "better_than")


def _rows(scores, comparisons, baseline):
    """One dict per system and measure, in the table's order: the mean; with a
    baseline, the comparison with it (p, p_adjusted, significant; None for
    the baseline itself); and better_than, the systems it is significantly
    better than, which the table's letters name."""
    by_pair = {}
    for record in comparisons:
        by_pair[(record["baseline"], record["candidate"], record["metric"])] = record
        by_pair[(record["candidate"], record["baseline"], record["metric"])] = record
    means = {system: scores["systems"][system]["summary"] for system in scores["systems"]}
    rows = []
    for system in scores["systems"]:
        for measure in scores["measures"]:
            value = means[system].get(measure)
            record = by_pair.get((baseline, system, measure)) if system != baseline else None
            better_than = [other for other in scores["systems"] if other != system and
                           _significant(by_pair.get((system, other, measure))) and
                           _numbers(value, means[other].get(measure)) and value > means[other][measure]]
            rows.append(dict(zip(_ROW_FIELDS, (
                system, measure, value, baseline,
                record.get("p_value_two_sided") if record else None,
                record.get("p_value_adjusted") if record else None,
                record.get("significant") if record else None, better_than))))
    return rows


def _significant(record):
    return record is not None and record.get("significant") is True


def _numbers(*values):
    return all(isinstance(value, (int, float)) for value in values)


def _umask():
    """This process's umask, read without setting it (os.umask would, for
    every thread at once)."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError):
        pass
    return 0o022
