"""qrels and runs in any form grk_plugins.ir_measures and grk_plugins.compare
take, as the one form the evaluator reads them in: a dict ({query id:
{document id: relevance or score}}) or a path, which stays a path."""

import os


def _frame_columns(frame, value):
    columns = set(frame.columns)
    wanted = {"query_id", "doc_id", value}
    if not wanted <= columns:
        raise ValueError("a DataFrame needs the columns query_id, doc_id and %s; it has %s"
                         % (value, ", ".join(map(str, frame.columns))))
    return zip(frame["query_id"], frame["doc_id"], frame[value])


def as_input(data, value, what):
    """A dict or a path as the evaluator takes them, from any of the forms the
    module accepts: each (query, document) once."""
    if isinstance(data, (dict, str, bytes, os.PathLike)):
        return data
    row_type = "Qrel" if value == "relevance" else "ScoredDoc"
    if type(data).__name__ == "DataFrame" and hasattr(data, "columns"):
        rows = _frame_columns(data, value)
    else:
        try:
            rows = ((row.query_id, row.doc_id, getattr(row, value)) for row in data)
        except TypeError:
            raise TypeError("%s must be a dict, a path, a DataFrame or an iterable of %s, got %s"
                            % (what, row_type, type(data).__name__)) from None
    out = {}
    try:
        for query_id, doc_id, number in rows:
            documents = out.setdefault(query_id, {})
            if doc_id in documents:
                raise ValueError("%s list document %r twice for query %r" % (what, doc_id, query_id))
            documents[doc_id] = number
    except AttributeError as error:
        raise TypeError("%s: an item lacks a field of %s (query_id, doc_id, %s): %s"
                        % (what, row_type, value, error)) from None
    return out
