// Python's dicts as the evaluator's qrels and run: {query id: {document id:
// relevance}} and {query id: {document id: score}}, every id copied, so that
// the scoring needs no Python object (docs/behaviour/python-evaluators.md §1).
#ifndef GRK_MEASURES_PYTHON_DICT_INPUTS_HPP
#define GRK_MEASURES_PYTHON_DICT_INPUTS_HPP

#include "python/python_objects.hpp"  // Python.h first, as CPython asks

#include <cmath>
#include <string>
#include <string_view>

#include "trec/id_store.hpp"
#include "trec/qrels_reader.hpp"
#include "trec/run_reader.hpp"

namespace grk::measures::python {

/// "document 'd1' of query 'q1'", as messages name an entry.
inline std::string entry_name(std::string_view document, std::string_view query_id) {
  return "document '" + std::string(document) + "' of query '" + std::string(query_id) + "'";
}

/// A judgment's relevance: an int within +-max_relevance_level. `where()`
/// names the judgment in the TypeError or ValueError (called only then).
template <typename Where>
long relevance_of(PyObject* relevance, const Where& where) {
  if (!PyLong_Check(relevance)) {
    raise(PyExc_TypeError, "the relevance of " + where() + " must be an int, got " + type_name(relevance));
  }
  int overflow = 0;
  const long level = PyLong_AsLongAndOverflow(relevance, &overflow);
  if (overflow != 0 || level < -max_relevance_level || level > max_relevance_level) {
    raise(PyExc_ValueError, "the relevance of " + where() + " lies beyond +-" + std::to_string(max_relevance_level));
  }
  return level;
}

/// A retrieved document's score: a float or an int, finite.
template <typename Where>
double score_of(PyObject* score, const Where& where) {
  double value = 0.0;
  if (PyFloat_Check(score)) {
    value = PyFloat_AS_DOUBLE(score);
  } else if (PyLong_Check(score)) {
    value = PyLong_AsDouble(score);
    if (value == -1.0 && PyErr_Occurred()) throw PythonError{};
  } else {
    raise(PyExc_TypeError, "the score of " + where() + " must be a float or an int, got " + type_name(score));
  }
  if (!std::isfinite(value)) raise(PyExc_ValueError, "the score of " + where() + " is not a finite number");
  return value;
}

/// {query id: {document id: int relevance}}, the ids kept in `ids`, which
/// must outlive the qrels. A query with no judgment is left out, as
/// pytrec_eval leaves it out; file_order is the dict's order.
Qrels qrels_of(PyObject* dict, IdStore& ids);

/// {query id: {document id: score}}, a score an int or a float, finite.
TrecRun run_of(PyObject* dict);

}  // namespace grk::measures::python

#endif
