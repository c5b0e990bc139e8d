#include "ranking/ranked_judgments.hpp"

#include <algorithm>

#include "trec/id_store.hpp"

namespace grk::measures {

namespace {

// trec_eval's comp_sim_docno: higher score first, then the larger document id.
bool ranks_before(const RetrievedDocument& a, const RetrievedDocument& b) {
  if (a.score != b.score) return a.score > b.score;
  return id_before(b.docno, a.docno);
}

// Sorts `ranked` by ranks_before. Most runs are written in score order
// already: then one pass finds it, and only each run of equal scores is
// sorted (by id). Ids are unique within a query, so the order is total and
// either way gives the same ranking.
void order_by_rank(std::vector<const RetrievedDocument*>& ranked) {
  const auto higher_score = [](const RetrievedDocument* a, const RetrievedDocument* b) { return a->score > b->score; };
  if (!std::is_sorted(ranked.begin(), ranked.end(), higher_score)) {
    std::sort(ranked.begin(), ranked.end(),
              [](const RetrievedDocument* a, const RetrievedDocument* b) { return ranks_before(*a, *b); });
    return;
  }
  for (auto tie = ranked.begin(); tie != ranked.end();) {
    const auto after = std::find_if(tie + 1, ranked.end(), [&](const RetrievedDocument* d) { return d->score != (*tie)->score; });
    if (after - tie > 1) {
      std::sort(tie, after, [](const RetrievedDocument* a, const RetrievedDocument* b) { return id_before(b->docno, a->docno); });
    }
    tie = after;
  }
}

void count_levels(const QrelsQuery& judged, const EvaluationOptions& options, RankedJudgments& out) {
  long max_level = -1;
  for (const auto& judgment : judged.judgments) max_level = std::max(max_level, judgment.relevance);
  out.rel_levels.assign(static_cast<std::size_t>(max_level + 1), 0);
  for (const auto& judgment : judged.judgments) {
    if (judgment.relevance >= 0) ++out.rel_levels[static_cast<std::size_t>(judgment.relevance)];
  }
  // trec_eval's num_rel_levels stops at the highest level that has a document.
  while (!out.rel_levels.empty() && out.rel_levels.back() == 0) out.rel_levels.pop_back();
  out.num_rel = 0;
  for (std::size_t level = 0; level < out.rel_levels.size(); ++level) {
    if (static_cast<long>(level) >= options.relevance_level) out.num_rel += out.rel_levels[level];
  }
}

// The values of the ranked documents, and the counts trec_eval keeps with them.
void judge_ranked(const std::vector<const RetrievedDocument*>& ranked, const QrelsQuery& judged,
                  const EvaluationOptions& options, RankedJudgments& out) {
  out.by_rank.clear();
  out.num_rel_ret = out.num_nonpool = out.num_unjudged_in_pool = 0;
  for (const RetrievedDocument* document : ranked) {
    const long* relevance = judged.find(document->docno);
    const long value = relevance == nullptr ? not_in_pool : (*relevance < 0 ? unjudged_in_pool : *relevance);
    if (options.judged_only && value < 0) continue;  // -J: as if never retrieved
    if (value == not_in_pool) {
      ++out.num_nonpool;
    } else if (value == unjudged_in_pool) {
      ++out.num_unjudged_in_pool;
    } else if (value >= options.relevance_level) {
      ++out.num_rel_ret;
    }
    out.by_rank.push_back(value);
  }
  out.num_ret = static_cast<long>(out.by_rank.size());
  count_levels(judged, options, out);
}

}  // namespace

void rank_and_judge(const std::vector<RetrievedDocument>& documents, const QrelsQuery& judged,
                    const EvaluationOptions& options, RankedJudgments& out) {
  // trec_eval 9.0.8 holds each score as a float: rank copies so rounded.
  std::vector<RetrievedDocument> as_floats;
  if (options.release == TrecEvalRelease::v9_0_8) {
    as_floats.reserve(documents.size());
    for (const auto& document : documents) {
      as_floats.push_back(RetrievedDocument{document.docno, static_cast<double>(static_cast<float>(document.score))});
    }
  }
  std::vector<const RetrievedDocument*> ranked;
  ranked.reserve(documents.size());
  for (const auto& document : as_floats.empty() ? documents : as_floats) {
    if (options.ignore_identical_ids && document.docno == judged.qid) continue;
    ranked.push_back(&document);
  }
  order_by_rank(ranked);
  if (ranked.size() > options.max_results) ranked.resize(options.max_results);
  judge_ranked(ranked, judged, options, out);
}

void judge_missing_query(const QrelsQuery& judged, const EvaluationOptions& options, RankedJudgments& out) {
  // trec_eval's bogus ranking: "ceci_nest_pas_un_docno" with score 1.
  const RetrievedDocument bogus{"ceci_nest_pas_un_docno", 1.0};
  judge_ranked({&bogus}, judged, options, out);
}

}  // namespace grk::measures
