// _grk_measures: the measures plugin's evaluator as a CPython extension, so
// that grk_plugins.pytrec_eval and grk_plugins.ir_measures score Python dicts
// in process: a run of millions of lines costs seconds as JSON, and crosses
// here as the dicts themselves (docs/behaviour/python-evaluators.md).
#include "python/python_objects.hpp"  // Python.h first, as CPython asks

#include <algorithm>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <grk/eval/threads.hpp>

#include "catalog/measure_request.hpp"
#include "evaluation/plan_evaluation.hpp"
#include "evaluation/system_evaluation.hpp"
#include "language/ir_measures_catalog.hpp"
#include "language/measure_plan.hpp"
#include "python/dict_inputs.hpp"
#include "python/trec_files.hpp"

namespace gm = grk::measures;
using namespace grk::measures::python;

namespace {

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
  // The names made once, shared by every query's dict.
  Owned names(PyList_New(0));
  std::vector<std::size_t> indexes;  // each name's value in a query's row
  for (std::size_t m = 0; m < layout.measures.size(); ++m) {
    const auto& measure = layout.measures[m];
    if (!numeric(*measure.definition)) continue;
    for (std::size_t k = 0; k < measure.names.size(); ++k) {
      append(names.object, string_of(measure.names[k]));
      indexes.push_back(layout.offsets[m] + k);
    }
  }
  Owned out(PyDict_New());
  for (const auto& query : scores.queries) {
    Owned values(PyDict_New());
    for (std::size_t n = 0; n < indexes.size(); ++n) {
      Owned value(PyFloat_FromDouble(query.values[indexes[n]]));
      if (PyDict_SetItem(values.object, PyList_GET_ITEM(names.object, n), value.object) != 0) throw PythonError{};
    }
    Owned qid(string_of(query.qid));
    if (PyDict_SetItem(out.object, qid.object, values.object) != 0) throw PythonError{};
  }
  return out.release();
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
  return guarded([&]() -> PyObject* {
    gm::EvaluationOptions options;
    options.release = release_of(release);
    options.judged_only = judged_only != 0;
    options.relevance_level = value_or_raise(gm::relevance_level_of(relevance_level));
    const auto requested = value_or_raise(gm::request_measures(entries_of(measures), options.release));
    const unsigned threads = value_or_raise(grk::eval::thread_count());
    gm::IdStore qrels_ids;
    const gm::Qrels qrels = qrels_of(qrels_dict, qrels_ids);
    const gm::TrecRun run = run_of(run_dict);
    const gm::ValueLayout layout(requested);
    const bool shared = std::any_of(qrels.queries.begin(), qrels.queries.end(),
                                    [&](const gm::QrelsQuery& query) { return run.find(query.qid) != nullptr; });
    if (!shared) return PyDict_New();  // pytrec_eval: no query in both, no result
    // Scored without the GIL: everything read from the dicts is copied.
    auto scores = without_gil([&] { return gm::evaluate_run(run, "run", qrels, layout, options, threads); });
    return scores_dict(value_or_raise(std::move(scores)), layout);
  });
}

PyObject* supported_measures(PyObject*, PyObject* args) {
  const char* release = "10.0";
  if (!PyArg_ParseTuple(args, "|s", &release)) return nullptr;
  return guarded([&]() -> PyObject* {
    const gm::TrecEvalRelease chosen = release_of(release);
    Owned names(PyList_New(0));
    for (const auto& definition : gm::measure_catalog()) {
      if (!numeric(definition) || (chosen == gm::TrecEvalRelease::v9_0_8 && gm::added_in_10_0(definition.name))) continue;
      append(names.object, string_of(definition.name));
    }
    return names.release();
  });
}

// A path argument (str or os.PathLike) as a filesystem path, or nothing when `object` is a dict.
std::optional<std::filesystem::path> path_of(PyObject* object, const char* what) {
  if (PyDict_Check(object)) return std::nullopt;
  PyObject* bytes = nullptr;
  if (PyUnicode_FSConverter(object, &bytes) == 0) {
    PyErr_Clear();
    raise(PyExc_TypeError, std::string(what) + " must be a dict or a path, got " + type_name(object));
  }
  Owned owned(bytes);
  return std::filesystem::path(std::string(PyBytes_AS_STRING(bytes), static_cast<std::size_t>(PyBytes_GET_SIZE(bytes))));
}

PyObject* optional_float(const std::optional<double>& value) {
  if (value) return PyFloat_FromDouble(*value);
  Py_RETURN_NONE;
}

// (names, query ids, values[m][q] or None, means): the measures of `plan`
// on each qrels query, in the order the qrels first name them.
PyObject* plan_result(const gm::MeasurePlan& plan, const gm::Qrels& qrels, const gm::PlanScores& scores) {
  Owned names(PyList_New(0));
  Owned means(PyList_New(0));
  Owned values(PyList_New(0));
  for (std::size_t m = 0; m < plan.measures.size(); ++m) {
    append(names.object, string_of(plan.measures[m].name));
    append(means.object, PyFloat_FromDouble(scores.summary[m]));
    Owned row(PyList_New(0));
    for (const std::size_t q : qrels.file_order) append(row.object, optional_float(scores.values[m][q]));
    append(values.object, row.release());
  }
  Owned qids(PyList_New(0));
  for (const std::size_t q : qrels.file_order) append(qids.object, string_of(qrels.queries[q].qid));
  return PyTuple_Pack(4, names.object, qids.object, values.object, means.object);
}

gm::DiversityOrder diversity_order_of(const char* written) {
  const std::string_view order(written);
  if (order == "rank") return gm::DiversityOrder::rank;
  if (order == "score") return gm::DiversityOrder::score;
  raise(PyExc_ValueError, "diversity_order must be 'rank' or 'score', got '" + std::string(order) + "'");
}

PyObject* calc(PyObject*, PyObject* args, PyObject* kwargs) {
  static const char* keywords[] = {"qrels", "run", "measures", "diversity_order", nullptr};
  PyObject* qrels_input = nullptr;
  PyObject* run_input = nullptr;
  PyObject* measures = nullptr;
  const char* order_text = "rank";
  if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OOO|s", const_cast<char**>(keywords), &qrels_input, &run_input,
                                   &measures, &order_text)) {
    return nullptr;
  }
  return guarded([&]() -> PyObject* {
    const gm::DiversityOrder order = diversity_order_of(order_text);
    const gm::MeasurePlan plan = value_or_raise(gm::plan_measures(entries_of(measures), gm::EvaluationOptions{}));
    if (auto computed = gm::check_plan_computed(plan); !computed) raise_failure(computed.error());
    const unsigned threads = value_or_raise(grk::eval::thread_count());
    const bool diversity = gm::has_family(plan, gm::Family::ndeval);
    const auto qrels_path = path_of(qrels_input, "qrels");
    const auto run_path = path_of(run_input, "the run");
    if (diversity && !qrels_path) {
      raise(PyExc_ValueError, "ndeval's measures need subtopic qrels (qid subtopic docno judgment): pass the qrels "
                              "file's path");
    }
    const bool by_rank = diversity && order == gm::DiversityOrder::rank;
    if (by_rank && !run_path) {
      raise(PyExc_ValueError, "ndeval's rank order reads the run's rank column, which a dict has not: pass the run "
                              "file's path, or diversity_order='score'");
    }
    gm::IdStore qrels_ids;
    std::optional<gm::Qrels> subtopics;
    gm::Qrels qrels;
    std::string qrels_name = "qrels";
    if (qrels_path) {
      qrels_name = qrels_path->string();
      if (diversity) {
        subtopics = value_or_raise(gm::read_qrels(*qrels_path, gm::QrelsFormat::subtopics));
        qrels = gm::adhoc_judgments(*subtopics);
      } else {
        qrels = value_or_raise(gm::read_qrels(*qrels_path, gm::QrelsFormat::automatic));
      }
    } else {
      qrels = qrels_of(qrels_input, qrels_ids);
      if (qrels.queries.empty()) raise(PyExc_ValueError, "the qrels hold no judgment");
    }
    if (auto suited = gm::check_qrels_for_plan(plan, qrels, qrels_name); !suited) raise_failure(suited.error());
    const gm::Qrels* subtopic_qrels = subtopics ? &*subtopics : nullptr;
    if (run_path) {  // read as the evaluate step reads it: scored query by query
      auto scores = without_gil([&] {
        return gm::evaluate_plan({{run_path->string(), *run_path}}, plan, qrels, threads, order, subtopic_qrels);
      });
      return plan_result(plan, qrels, value_or_raise(std::move(scores)).front());
    }
    const gm::TrecRun run = run_of(run_input);
    auto scores = without_gil([&] { return gm::evaluate_plan(run, "run", plan, qrels, threads, order, subtopic_qrels); });
    return plan_result(plan, qrels, value_or_raise(std::move(scores)));
  });
}

// The printed form of one measure name in any dialect (`NDCG@10` is
// `nDCG@10`); ValueError naming the closest known names.
PyObject* measure_name(PyObject*, PyObject* args) {
  const char* written = nullptr;
  if (!PyArg_ParseTuple(args, "s", &written)) return nullptr;
  return guarded([&]() -> PyObject* {
    const gm::MeasurePlan plan = value_or_raise(gm::plan_measures({written}, gm::EvaluationOptions{}));
    if (plan.measures.size() != 1) {
      raise(PyExc_ValueError, "'" + std::string(written) + "' names " + std::to_string(plan.measures.size()) +
                                  " measures, not one");
    }
    return string_of(plan.measures[0].name);
  });
}

// ir_measures' measure names and their aliases, each once.
PyObject* ir_measure_names(PyObject*, PyObject*) {
  return guarded([]() -> PyObject* {
    Owned names(PyList_New(0));
    for (const auto& definition : gm::ir_measures_catalog()) {
      append(names.object, string_of(definition.name));
      for (const auto alias : definition.aliases) {
        append(names.object, string_of(alias));
      }
    }
    return names.release();
  });
}

// write_trec_run(run, fd) and write_trec_qrels(qrels, fd): a dict as a
// TREC file on a file descriptor the caller opened (and closes).
template <void (*write)(PyObject*, int)>
PyObject* write_trec(PyObject*, PyObject* args) {
  PyObject* dict = nullptr;
  int fd = -1;
  if (!PyArg_ParseTuple(args, "Oi", &dict, &fd)) return nullptr;
  return guarded([&]() -> PyObject* {
    write(dict, fd);
    Py_RETURN_NONE;
  });
}

PyMethodDef methods[] = {
    {"evaluate", reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(evaluate)), METH_VARARGS | METH_KEYWORDS,
     "evaluate(query_relevance, run, measures, relevance_level=1, judged_docs_only_flag=False, release='10.0')\n"
     "--\n\n"
     "{query id: {measure: value}} for each query of both the qrels and the run: trec_eval's measures\n"
     "(`-m` entries) under trec_eval 10.0's rules or 9.0.8's."},
    {"calc", reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(calc)), METH_VARARGS | METH_KEYWORDS,
     "calc(qrels, run, measures, diversity_order='rank')\n--\n\n"
     "(names, query ids, values, means): measures in any dialect (`nDCG@10`, `ndcg_cut.10`) on each qrels\n"
     "query, as the evaluate component computes them. qrels and run: dicts, or paths read in C++."},
    {"measure_name", measure_name, METH_VARARGS,
     "measure_name(text)\n--\n\nThe printed form of one measure, in any dialect."},
    {"ir_measure_names", ir_measure_names, METH_NOARGS,
     "ir_measure_names()\n--\n\nir_measures' measure names and aliases."},
    {"supported_measures", supported_measures, METH_VARARGS,
     "supported_measures(release='10.0')\n--\n\nThe trec_eval measures that give a number for each query."},
    {"write_trec_run", write_trec<write_trec_run>, METH_VARARGS,
     "write_trec_run(run, fd)\n--\n\n{query id: {document id: score}} as a TREC run on fd, in the dicts' order."},
    {"write_trec_qrels", write_trec<write_trec_qrels>, METH_VARARGS,
     "write_trec_qrels(qrels, fd)\n--\n\n{query id: {document id: int}} as TREC qrels on fd, in the dicts' order."},
    {nullptr, nullptr, 0, nullptr}};

PyModuleDef module = {PyModuleDef_HEAD_INIT, "_grk_measures",
                      "grk-eval's measures evaluator, in process (grk_plugins.pytrec_eval is its API).", -1, methods,
                      nullptr, nullptr, nullptr, nullptr};

}  // namespace

PyMODINIT_FUNC PyInit__grk_measures() { return PyModule_Create(&module); }
