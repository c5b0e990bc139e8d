// _grk_measures: the measures plugin's trec_eval evaluator as a CPython
// extension, so that grk_plugins.pytrec_eval scores Python dicts in process:
// a run of millions of lines costs seconds as JSON, and crosses here as the
// dicts themselves (docs/behaviour/python-evaluators.md).
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <exception>
#include <memory>
#include <numeric>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <grk/eval/threads.hpp>

#include "catalog/measure_request.hpp"
#include "evaluation/system_evaluation.hpp"
#include "trec/id_store.hpp"

namespace gm = grk::measures;

namespace {

// Thrown once a Python exception is set: the function called from Python
// then returns null, which raises it.
struct PythonError {};

[[noreturn]] void raise(PyObject* type, const std::string& message) {
  PyErr_SetString(type, message.c_str());
  throw PythonError{};
}

// An owned reference, released at the end of its scope.
struct Owned {
  PyObject* object;
  explicit Owned(PyObject* o) : object(o) {
    if (object == nullptr) throw PythonError{};
  }
  Owned(const Owned&) = delete;
  Owned& operator=(const Owned&) = delete;
  ~Owned() { Py_XDECREF(object); }
  PyObject* release() {
    PyObject* out = object;
    object = nullptr;
    return out;
  }
};

std::string type_name(PyObject* object) { return Py_TYPE(object)->tp_name; }

std::string_view utf8(PyObject* text, const char* what) {
  if (!PyUnicode_Check(text)) raise(PyExc_TypeError, std::string(what) + " must be a str, got " + type_name(text));
  Py_ssize_t size = 0;
  const char* data = PyUnicode_AsUTF8AndSize(text, &size);
  if (data == nullptr) throw PythonError{};
  return {data, static_cast<std::size_t>(size)};
}

void require_dict(PyObject* object, const std::string& what) {
  if (!PyDict_Check(object)) raise(PyExc_TypeError, what + " must be a dict, got " + type_name(object));
}

// Queries in byte order of their ids, as the evaluator looks them up.
template <typename Query>
void sort_by_qid(std::vector<Query>& queries) {
  std::sort(queries.begin(), queries.end(), [](const Query& a, const Query& b) { return gm::id_before(a.qid, b.qid); });
}

// {query id: {document id: int relevance}}. A query with no judgment is
// left out, as pytrec_eval leaves it out.
gm::Qrels qrels_of(PyObject* dict, gm::IdStore& ids) {
  require_dict(dict, "query_relevance");
  gm::Qrels qrels;
  qrels.text = std::make_shared<const std::string>();
  Py_ssize_t at = 0;
  PyObject* qid = nullptr;
  PyObject* judged = nullptr;
  while (PyDict_Next(dict, &at, &qid, &judged)) {
    const std::string_view query_id = utf8(qid, "a query id");
    require_dict(judged, "the judgments of query '" + std::string(query_id) + "'");
    if (PyDict_GET_SIZE(judged) == 0) continue;
    gm::QrelsQuery query{ids.keep(query_id), {}};
    query.judgments.reserve(static_cast<std::size_t>(PyDict_GET_SIZE(judged)));
    Py_ssize_t inner = 0;
    PyObject* docno = nullptr;
    PyObject* relevance = nullptr;
    while (PyDict_Next(judged, &inner, &docno, &relevance)) {
      const std::string_view document = utf8(docno, "a document id");
      const auto where = [&] { return "document '" + std::string(document) + "' of query '" + std::string(query_id) + "'"; };
      if (!PyLong_Check(relevance)) {
        raise(PyExc_TypeError, "the relevance of " + where() + " must be an int, got " + type_name(relevance));
      }
      int overflow = 0;
      const long level = PyLong_AsLongAndOverflow(relevance, &overflow);
      if (overflow != 0 || std::labs(level) > gm::max_relevance_level) {
        raise(PyExc_ValueError, "the relevance of " + where() + " lies beyond +-" +
                                    std::to_string(gm::max_relevance_level));
      }
      query.judgments.push_back(gm::Judgment{ids.keep(document), level, {}});
    }
    std::sort(query.judgments.begin(), query.judgments.end(),
              [](const gm::Judgment& a, const gm::Judgment& b) { return gm::id_before(a.docno, b.docno); });
    query.id_filter = 0;
    for (const auto& judgment : query.judgments) query.id_filter |= gm::id_filter_bit(judgment.docno);
    qrels.queries.push_back(std::move(query));
  }
  // file_order: the dict's order, the order a mean adds its values in.
  std::vector<std::size_t> by_id(qrels.queries.size());
  std::iota(by_id.begin(), by_id.end(), std::size_t{0});
  std::sort(by_id.begin(), by_id.end(), [&](std::size_t a, std::size_t b) {
    return gm::id_before(qrels.queries[a].qid, qrels.queries[b].qid);
  });
  std::vector<gm::QrelsQuery> sorted;
  sorted.reserve(by_id.size());
  qrels.file_order.assign(by_id.size(), 0);
  for (std::size_t k = 0; k < by_id.size(); ++k) {
    sorted.push_back(std::move(qrels.queries[by_id[k]]));
    qrels.file_order[by_id[k]] = k;
  }
  qrels.queries = std::move(sorted);
  return qrels;
}

// {query id: {document id: score}}, a score an int or a float, finite.
gm::TrecRun run_of(PyObject* dict) {
  require_dict(dict, "the run");
  auto ids = std::make_shared<gm::IdStore>();
  gm::TrecRun run;
  run.queries.reserve(static_cast<std::size_t>(PyDict_GET_SIZE(dict)));
  Py_ssize_t at = 0;
  PyObject* qid = nullptr;
  PyObject* retrieved = nullptr;
  while (PyDict_Next(dict, &at, &qid, &retrieved)) {
    const std::string_view query_id = utf8(qid, "a query id");
    require_dict(retrieved, "the run of query '" + std::string(query_id) + "'");
    gm::RunQuery query{ids->keep(query_id), {}, {}};
    query.documents.reserve(static_cast<std::size_t>(PyDict_GET_SIZE(retrieved)));
    Py_ssize_t inner = 0;
    PyObject* docno = nullptr;
    PyObject* score = nullptr;
    while (PyDict_Next(retrieved, &inner, &docno, &score)) {
      const std::string_view document = utf8(docno, "a document id");
      const auto where = [&] { return "document '" + std::string(document) + "' of query '" + std::string(query_id) + "'"; };
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
      query.documents.push_back(gm::RetrievedDocument{ids->keep(document), value});
    }
    run.queries.push_back(std::move(query));
  }
  sort_by_qid(run.queries);
  run.ids = std::move(ids);
  return run;
}

gm::TrecEvalRelease release_of(const char* written) {
  const std::string_view release(written);
  if (release == "10.0") return gm::TrecEvalRelease::v10_0;
  if (release == "9.0.8") return gm::TrecEvalRelease::v9_0_8;
  raise(PyExc_ValueError, "release must be '10.0' or '9.0.8', got '" + std::string(release) + "'");
}

std::vector<std::string> entries_of(PyObject* measures) {
  Owned items(PySequence_Fast(measures, "measures must be a list, a tuple or a set of str"));
  std::vector<std::string> entries;
  const Py_ssize_t count = PySequence_Fast_GET_SIZE(items.object);
  for (Py_ssize_t i = 0; i < count; ++i) {
    entries.emplace_back(utf8(PySequence_Fast_GET_ITEM(items.object, i), "a measure"));
  }
  return entries;
}

// A measure with a number for each query: every one but runid and
// relstring. As pytrec_eval gives them, num_q is 1 and gm_map and gm_bpref
// the logarithm trec_eval takes its geometric mean of, though trec_eval -q
// prints none of the three.
bool numeric(const gm::MeasureDefinition& definition) {
  return definition.summary != gm::Summary::run_id && definition.summary != gm::Summary::none;
}

// {query id: {measure: value}} for the queries of both the qrels and the run.
PyObject* scores_dict(const gm::RunScores& scores, const gm::ValueLayout& layout) {
  std::vector<std::pair<std::size_t, PyObject*>> names;  // value index, its name
  struct Names {
    std::vector<std::pair<std::size_t, PyObject*>>& list;
    ~Names() {
      for (auto& entry : list) Py_DECREF(entry.second);
    }
  } owner{names};
  for (std::size_t m = 0; m < layout.measures.size(); ++m) {
    const auto& measure = layout.measures[m];
    if (!numeric(*measure.definition)) continue;
    for (std::size_t k = 0; k < measure.names.size(); ++k) {
      PyObject* name = PyUnicode_FromStringAndSize(measure.names[k].data(), static_cast<Py_ssize_t>(measure.names[k].size()));
      if (name == nullptr) throw PythonError{};
      names.emplace_back(layout.offsets[m] + k, name);
    }
  }
  Owned out(PyDict_New());
  for (const auto& query : scores.queries) {
    Owned values(PyDict_New());
    for (const auto& [index, name] : names) {
      Owned value(PyFloat_FromDouble(query.values[index]));
      if (PyDict_SetItem(values.object, name, value.object) != 0) throw PythonError{};
    }
    Owned qid(PyUnicode_FromStringAndSize(query.qid.data(), static_cast<Py_ssize_t>(query.qid.size())));
    if (PyDict_SetItem(out.object, qid.object, values.object) != 0) throw PythonError{};
  }
  return out.release();
}

[[noreturn]] void raise_failure(const grk::Failure& failure) {
  const std::string text = failure.hint.empty() ? failure.message : failure.message + " (" + failure.hint + ")";
  raise(failure.status == grk::Status::invalid_argument ? PyExc_ValueError : PyExc_RuntimeError, text);
}

PyObject* evaluate(PyObject*, PyObject* args, PyObject* kwargs) {
  static const char* keywords[] = {"query_relevance", "run", "measures", "relevance_level", "judged_docs_only_flag",
                                   "release", nullptr};
  PyObject* qrels_dict = nullptr;
  PyObject* run_dict = nullptr;
  PyObject* measures = nullptr;
  long relevance_level = 1;
  int judged_only = 0;
  const char* release = "10.0";
  if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OOO|lps", const_cast<char**>(keywords), &qrels_dict, &run_dict,
                                   &measures, &relevance_level, &judged_only, &release)) {
    return nullptr;
  }
  try {
    gm::EvaluationOptions options;
    options.release = release_of(release);
    options.judged_only = judged_only != 0;
    const auto level = gm::relevance_level_of(relevance_level);
    if (!level) raise_failure(level.error());
    options.relevance_level = *level;
    const auto requested = gm::request_measures(entries_of(measures), options.release);
    if (!requested) raise_failure(requested.error());
    const auto threads = grk::eval::thread_count();
    if (!threads) raise_failure(threads.error());
    gm::IdStore qrels_ids;
    const gm::Qrels qrels = qrels_of(qrels_dict, qrels_ids);
    const gm::TrecRun run = run_of(run_dict);
    const gm::ValueLayout layout(*requested);
    const bool shared = std::any_of(qrels.queries.begin(), qrels.queries.end(),
                                    [&](const gm::QrelsQuery& query) { return run.find(query.qid) != nullptr; });
    if (!shared) return PyDict_New();  // pytrec_eval: no query in both, no result
    // Scored without the GIL: everything read from the dicts is copied.
    std::optional<grk::Expected<gm::RunScores>> scores;
    std::exception_ptr thrown;
    Py_BEGIN_ALLOW_THREADS
    try {
      scores.emplace(gm::evaluate_run(run, "run", qrels, layout, options, *threads));
    } catch (...) {
      thrown = std::current_exception();
    }
    Py_END_ALLOW_THREADS
    if (thrown) std::rethrow_exception(thrown);
    if (!*scores) raise_failure(scores->error());
    return scores_dict(**scores, layout);
  } catch (const PythonError&) {
    return nullptr;
  } catch (const std::bad_alloc&) {
    return PyErr_NoMemory();
  } catch (const std::exception& error) {
    PyErr_SetString(PyExc_RuntimeError, error.what());
    return nullptr;
  }
}

PyObject* supported_measures(PyObject*, PyObject* args) {
  const char* release = "10.0";
  if (!PyArg_ParseTuple(args, "|s", &release)) return nullptr;
  try {
    const gm::TrecEvalRelease chosen = release_of(release);
    Owned names(PyList_New(0));
    for (const auto& definition : gm::measure_catalog()) {
      if (!numeric(definition) || (chosen == gm::TrecEvalRelease::v9_0_8 && gm::added_in_10_0(definition.name))) continue;
      Owned name(PyUnicode_FromStringAndSize(definition.name.data(), static_cast<Py_ssize_t>(definition.name.size())));
      if (PyList_Append(names.object, name.object) != 0) throw PythonError{};
    }
    return names.release();
  } catch (const PythonError&) {
    return nullptr;
  }
}

PyMethodDef methods[] = {
    {"evaluate", reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(evaluate)), METH_VARARGS | METH_KEYWORDS,
     "evaluate(query_relevance, run, measures, relevance_level=1, judged_docs_only_flag=False, release='10.0')\n"
     "--\n\n"
     "{query id: {measure: value}} for each query of both the qrels and the run: trec_eval's measures\n"
     "(`-m` entries) under trec_eval 10.0's rules or 9.0.8's."},
    {"supported_measures", supported_measures, METH_VARARGS,
     "supported_measures(release='10.0')\n--\n\nThe trec_eval measures that give a number for each query."},
    {nullptr, nullptr, 0, nullptr}};

PyModuleDef module = {PyModuleDef_HEAD_INIT, "_grk_measures",
                      "grk-eval's measures evaluator, in process (grk_plugins.pytrec_eval is its API).", -1, methods,
                      nullptr, nullptr, nullptr, nullptr};

}  // namespace

PyMODINIT_FUNC PyInit__grk_measures() { return PyModule_Create(&module); }
