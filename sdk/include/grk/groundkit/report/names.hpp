// The closed vocabularies of groundkit's eval report: stage names and metric
// names (docs/behaviour/eval-report.md §2).
#ifndef GRK_GROUNDKIT_REPORT_NAMES_HPP
#define GRK_GROUNDKIT_REPORT_NAMES_HPP

#include <array>
#include <optional>
#include <string_view>

namespace grk::report {

/// `StageName`: the retrieval stages a report can hold, in runner order.
enum class StageName { bm25, dense, fusion, rerank };

inline constexpr std::array<std::string_view, 4> stage_names{"bm25", "dense", "fusion", "rerank"};

constexpr std::string_view to_string(StageName stage) noexcept {
  return stage_names[static_cast<std::size_t>(stage)];
}

inline std::optional<StageName> parse_stage_name(std::string_view text) noexcept {
  for (std::size_t i = 0; i < stage_names.size(); ++i) {
    if (stage_names[i] == text) return static_cast<StageName>(i);
  }
  return std::nullopt;
}

/// `MetricName` (significance.py): the per-query metrics a comparison can use.
/// "mrr" names the aggregate's field; per query it is `reciprocal_rank`.
enum class MetricName { recall_at_1, recall_at_5, recall_at_10, mrr, ndcg_at_10 };

inline constexpr std::array<std::string_view, 5> metric_names{
    "recall_at_1", "recall_at_5", "recall_at_10", "mrr", "ndcg_at_10"};

constexpr std::string_view to_string(MetricName metric) noexcept {
  return metric_names[static_cast<std::size_t>(metric)];
}

inline std::optional<MetricName> parse_metric_name(std::string_view text) noexcept {
  for (std::size_t i = 0; i < metric_names.size(); ++i) {
    if (metric_names[i] == text) return static_cast<MetricName>(i);
  }
  return std::nullopt;
}

}  // namespace grk::report

#endif
