#include "python/dict_inputs.hpp"

#include <algorithm>
#include <cmath>
#include <memory>
#include <numeric>
#include <string>
#include <string_view>
#include <vector>

namespace grk::measures::python {

namespace {

// Queries in byte order of their ids, as the evaluator looks them up.
template <typename Query>
void sort_by_qid(std::vector<Query>& queries) {
  std::sort(queries.begin(), queries.end(), [](const Query& a, const Query& b) { return id_before(a.qid, b.qid); });
}

}  // namespace

Qrels qrels_of(PyObject* dict, IdStore& ids) {
  require_dict(dict, "query_relevance");
  Qrels qrels;
  qrels.text = std::make_shared<const std::string>();
  Py_ssize_t at = 0;
  PyObject* qid = nullptr;
  PyObject* judged = nullptr;
  while (PyDict_Next(dict, &at, &qid, &judged)) {
    const std::string_view query_id = utf8(qid, "a query id");
    require_dict(judged, "the judgments of query '" + std::string(query_id) + "'");
    if (PyDict_GET_SIZE(judged) == 0) continue;
    QrelsQuery query{ids.keep(query_id), {}, {}};
    query.judgments.reserve(static_cast<std::size_t>(PyDict_GET_SIZE(judged)));
    Py_ssize_t inner = 0;
    PyObject* docno = nullptr;
    PyObject* relevance = nullptr;
    while (PyDict_Next(judged, &inner, &docno, &relevance)) {
      const std::string_view document = utf8(docno, "a document id");
      const auto where = [&] { return entry_name(document, query_id); };
      query.judgments.push_back(Judgment{ids.keep(document), relevance_of(relevance, where), {}});
    }
    std::sort(query.judgments.begin(), query.judgments.end(),
              [](const Judgment& a, const Judgment& b) { return id_before(a.docno, b.docno); });
    query.filter_judged();
    qrels.queries.push_back(std::move(query));
  }
  // file_order: the dict's order, the order a mean adds its values in.
  std::vector<std::size_t> by_id(qrels.queries.size());
  std::iota(by_id.begin(), by_id.end(), std::size_t{0});
  std::sort(by_id.begin(), by_id.end(), [&](std::size_t a, std::size_t b) {
    return id_before(qrels.queries[a].qid, qrels.queries[b].qid);
  });
  std::vector<QrelsQuery> sorted;
  sorted.reserve(by_id.size());
  qrels.file_order.assign(by_id.size(), 0);
  for (std::size_t k = 0; k < by_id.size(); ++k) {
    sorted.push_back(std::move(qrels.queries[by_id[k]]));
    qrels.file_order[by_id[k]] = k;
  }
  qrels.queries = std::move(sorted);
  return qrels;
}

TrecRun run_of(PyObject* dict) {
  require_dict(dict, "the run");
  auto ids = std::make_shared<IdStore>();
  TrecRun run;
  run.queries.reserve(static_cast<std::size_t>(PyDict_GET_SIZE(dict)));
  Py_ssize_t at = 0;
  PyObject* qid = nullptr;
  PyObject* retrieved = nullptr;
  while (PyDict_Next(dict, &at, &qid, &retrieved)) {
    const std::string_view query_id = utf8(qid, "a query id");
    require_dict(retrieved, "the run of query '" + std::string(query_id) + "'");
    RunQuery query{ids->keep(query_id), {}, {}};
    query.documents.reserve(static_cast<std::size_t>(PyDict_GET_SIZE(retrieved)));
    Py_ssize_t inner = 0;
    PyObject* docno = nullptr;
    PyObject* score = nullptr;
    while (PyDict_Next(retrieved, &inner, &docno, &score)) {
      const std::string_view document = utf8(docno, "a document id");
      const auto where = [&] { return entry_name(document, query_id); };
      query.documents.push_back(RetrievedDocument{ids->keep(document), score_of(score, where)});
    }
    run.queries.push_back(std::move(query));
  }
  sort_by_qid(run.queries);
  run.ids = std::move(ids);
  return run;
}

}  // namespace grk::measures::python
