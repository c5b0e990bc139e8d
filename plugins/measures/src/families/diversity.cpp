// ndeval v4.5 (TREC Web 2013-2014): the intent-aware and novelty measures
// over subtopic qrels (docs/behaviour/measures.md §5.1). Every sum is added in
// rank order, and over the subtopics in their numeric order, with the
// reference's own operations, so the values are its bits.
#include <algorithm>
#include <cmath>
#include <limits>

#include "families/family_measures.hpp"
#include "trec/text_lines.hpp"

namespace grk::measures::family {

namespace {

// Subtopic ids in ndeval's order: as numbers when they all are, else as bytes.
bool subtopic_before(std::string_view a, std::string_view b, bool numeric) {
  if (!numeric) return a < b;
  long x = 0, y = 0;
  parse_integer(a, x);
  parse_integer(b, y);
  return x < y;
}

// A topic's subtopic judgments: the subtopics, and for each judged document
// the subtopics it is relevant to (judgment above 0), in subtopic order.
struct Topic {
  std::size_t subtopics = 0;
  std::vector<std::pair<std::string_view, std::vector<std::size_t>>> relevant;  ///< by document id
  std::vector<std::size_t> relevant_count;  ///< documents relevant to each subtopic

  explicit Topic(const QrelsQuery& judged) {
    std::vector<std::string_view> names;
    bool numeric = true;
    for (const auto& judgment : judged.judgments) {
      long ignored = 0;
      numeric = numeric && parse_integer(judgment.subtopic, ignored);
      names.push_back(judgment.subtopic);
    }
    std::sort(names.begin(), names.end(), [&](std::string_view a, std::string_view b) { return subtopic_before(a, b, numeric); });
    names.erase(std::unique(names.begin(), names.end()), names.end());
    subtopics = names.size();
    relevant_count.assign(subtopics, 0);
    for (const auto& judgment : judged.judgments) {  // by document id, then subtopic
      if (relevant.empty() || relevant.back().first != judgment.docno) relevant.emplace_back(judgment.docno, std::vector<std::size_t>{});
      if (judgment.relevance <= 0) continue;
      const auto at = std::lower_bound(names.begin(), names.end(), judgment.subtopic,
                                       [&](std::string_view a, std::string_view b) { return subtopic_before(a, b, numeric); });
      const auto s = static_cast<std::size_t>(at - names.begin());
      relevant.back().second.push_back(s);
      ++relevant_count[s];
    }
    for (auto& [docno, list] : relevant) std::sort(list.begin(), list.end());
  }

  const std::vector<std::size_t>* subtopics_of(std::string_view docno) const {
    const auto at = std::lower_bound(relevant.begin(), relevant.end(), docno,
                                     [](const auto& entry, std::string_view id) { return entry.first < id; });
    return at != relevant.end() && at->first == docno && !at->second.empty() ? &at->second : nullptr;
  }
};

// Each rank's novelty gain: over the subtopics the document is relevant to,
// (1 - alpha)^c, c the documents above it relevant to that subtopic, the
// powers from a table made by repeated multiplication.
std::vector<double> gains(const Topic& topic, const std::vector<std::string_view>& ranking, double alpha,
                          std::size_t depth) {
  std::vector<double> table{1.0};
  std::vector<std::size_t> seen(topic.subtopics, 0);
  std::vector<double> out;
  out.reserve(std::min(depth, ranking.size()));
  for (std::size_t i = 0; i < ranking.size() && i < depth; ++i) {
    const std::string_view docno = ranking[i];
    double gain = 0.0;
    if (const auto* list = topic.subtopics_of(docno)) {
      for (const std::size_t s : *list) {
        while (table.size() <= seen[s]) table.push_back(table.back() * (1.0 - alpha));
        gain += table[seen[s]++];
      }
    }
    out.push_back(gain);
  }
  return out;
}

// The ideal ranking: greedily the relevant document of the largest gain after
// those placed, the first of equal gains in document id descending order.
std::vector<std::string_view> ideal_ranking(const Topic& topic, double alpha) {
  std::vector<std::string_view> pool;
  for (auto it = topic.relevant.rbegin(); it != topic.relevant.rend(); ++it) {
    if (!it->second.empty()) pool.push_back(it->first);
  }
  std::vector<std::size_t> seen(topic.subtopics, 0);
  std::vector<std::string_view> ideal;
  while (!pool.empty()) {
    std::size_t best = 0;
    double best_gain = -1.0;
    for (std::size_t d = 0; d < pool.size(); ++d) {
      double gain = 0.0;
      for (const std::size_t s : *topic.subtopics_of(pool[d])) gain += std::pow(1.0 - alpha, static_cast<double>(seen[s]));
      if (gain > best_gain) best_gain = gain, best = d;
    }
    for (const std::size_t s : *topic.subtopics_of(pool[best])) ++seen[s];
    ideal.push_back(pool[best]);
    pool.erase(pool.begin() + static_cast<std::ptrdiff_t>(best));
  }
  return ideal;
}

// sum gain_i x discount(i) over the first `depth` ranks, and the same for a
// ranking whose every document brings N (1 - alpha)^(i - 1): the normaliser.
template <typename Discounted>
double discounted(const std::vector<double>& gains, std::size_t depth, Discounted discounted_gain) {
  double sum = 0.0;
  for (std::size_t i = 0; i < gains.size() && i < depth; ++i) sum += discounted_gain(gains[i], i + 1);
  return sum;
}

template <typename Discounted>
double best_possible(std::size_t subtopics, double alpha, std::size_t depth, Discounted discounted_gain) {
  double sum = 0.0, weight = 1.0;
  for (std::size_t i = 0; i < depth; ++i) {
    sum += discounted_gain(static_cast<double>(subtopics) * weight, i + 1);
    weight *= 1.0 - alpha;
  }
  return sum;
}

double ratio_or_zero(double value, double ideal) { return ideal != 0.0 ? value / ideal : 0.0; }

double nrbp(const std::vector<double>& gains, std::size_t subtopics, double alpha, double beta) {
  double sum = 0.0, weight = 1.0;
  for (const double gain : gains) {
    sum += gain * weight;
    weight *= beta;
  }
  return sum * ((1.0 - (1.0 - alpha) * beta) / static_cast<double>(subtopics));
}

}  // namespace

double ndeval(const IrMeasure& measure, const QrelsQuery& judged, const Ranking& ranked) {
  const Topic topic(judged);
  const std::string_view name = measure.definition->name;
  std::vector<std::string_view> ranking;
  const bool judged_only = measure.number("judged_only", 0) != 0;
  for (const auto* document : ranked) {
    if (!judged_only || judged.find(document->docno) != nullptr) ranking.push_back(document->docno);
  }
  const std::size_t depth = measure.cutoff ? static_cast<std::size_t>(measure.cutoff->number) : ranking.size();
  const double alpha = measure.number("alpha", 0.5), beta = measure.number("beta", 0.5);
  const double n = static_cast<double>(topic.subtopics);
  if (name == "P_IA" || name == "StRecall" || name == "AP_IA") {
    std::size_t pairs = 0, covered = 0;
    double ap_sum = 0.0;
    for (std::size_t s = 0; s < topic.subtopics; ++s) {
      std::size_t hits = 0, in_top = 0;
      double ap = 0.0;
      for (std::size_t i = 0; i < ranking.size(); ++i) {
        const auto* list = topic.subtopics_of(ranking[i]);
        if (list == nullptr || !std::binary_search(list->begin(), list->end(), s)) continue;
        ++hits;
        ap += static_cast<double>(hits) / static_cast<double>(i + 1);
        if (i < depth) ++in_top;
      }
      pairs += in_top;
      covered += in_top > 0 ? 1 : 0;
      ap_sum += topic.relevant_count[s] > 0 ? ap / static_cast<double>(topic.relevant_count[s]) : 0.0;
    }
    if (name == "P_IA") return static_cast<double>(pairs) / (n * static_cast<double>(depth));
    if (name == "StRecall") return static_cast<double>(covered) / n;
    return ap_sum / n;
  }
  // NRBP reads the whole ranking; the others its first `depth` ranks only.
  const bool whole = name == "NRBP" || name == "nNRBP";
  const std::size_t read = whole ? std::numeric_limits<std::size_t>::max() : depth;
  const auto run_gains = gains(topic, ranking, alpha, read);
  // The ideal ranking's gains, for the normalised measures only.
  const auto ideal_gains = [&] { return gains(topic, ideal_ranking(topic, alpha), alpha, read); };
  if (whole) {
    const double value = nrbp(run_gains, topic.subtopics, alpha, beta);
    if (name == "NRBP") return value;
    const double ideal = nrbp(ideal_gains(), topic.subtopics, alpha, beta);
    return ideal != 0.0 ? value / ideal : std::numeric_limits<double>::quiet_NaN();  // ndeval's -nan
  }
  const bool err = name == "ERR_IA" || name == "nERR_IA";
  const auto log_discount = [](double gain, std::size_t rank) {
    return gain * (std::log(2.0) / std::log(static_cast<double>(rank + 1)));
  };
  const auto rank_discount = [](double gain, std::size_t rank) { return gain / static_cast<double>(rank); };
  const double best = err ? best_possible(topic.subtopics, alpha, depth, rank_discount)
                          : best_possible(topic.subtopics, alpha, depth, log_discount);
  const double value = ratio_or_zero(err ? discounted(run_gains, depth, rank_discount)
                                         : discounted(run_gains, depth, log_discount), best);
  if (name == "alpha_DCG" || name == "ERR_IA") return value;
  const auto ideal = ideal_gains();
  const double ideal_value =
      ratio_or_zero(err ? discounted(ideal, depth, rank_discount) : discounted(ideal, depth, log_discount), best);
  return ratio_or_zero(value, ideal_value);
}

}  // namespace grk::measures::family
