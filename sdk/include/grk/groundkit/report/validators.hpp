// The model validators of groundkit's report schema, in execution order, with
// their raw messages (docs/behaviour/eval-report.md §3). Each returns the first violated rule's
// message as the error; a model's validator only runs once its fields are valid
// (the reader takes care of that).
#ifndef GRK_GROUNDKIT_REPORT_VALIDATORS_HPP
#define GRK_GROUNDKIT_REPORT_VALIDATORS_HPP

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <grk/expected.hpp>
#include <grk/groundkit/report/model.hpp>

namespace grk::report {

namespace detail {

inline const char* python_bool(bool value) noexcept { return value ? "True" : "False"; }

// repr() of a sorted list of field names (plain ASCII identifiers).
inline std::string name_list(std::vector<std::string_view> names) {
  std::string out = "[";
  for (std::size_t i = 0; i < names.size(); ++i) {
    out += (i ? ", '" : "'") + std::string(names[i]) + "'";
  }
  return out + "]";
}

// "Set together or not at all": names are given in sorted order already.
inline Expected<void, std::string> all_or_none(
    const std::vector<std::pair<std::string_view, bool>>& sorted_fields, std::string_view subject) {
  std::vector<std::string_view> present;
  std::vector<std::string_view> missing;
  for (const auto& [name, set] : sorted_fields) (set ? present : missing).push_back(name);
  if (present.empty() || missing.empty()) return {};
  return unexpected(std::string(subject) + " and must be set together or not at all; got " + name_list(present) +
         " without " + name_list(missing));
}

}  // namespace detail

/// docs/behaviour/eval-report.md §3 step 1: `is_no_answer == (metrics is None) == (gold == [])`.
inline Expected<void, std::string> validate_query_result(const QueryResult& query) {
  const bool metrics_is_none = !query.metrics.has_value();
  const bool gold_is_empty = query.gold.empty();
  if (query.is_no_answer == metrics_is_none && metrics_is_none == gold_is_empty) return {};
  return unexpected(std::string("is_no_answer, metrics is None, and gold == [] must all agree (is_no_answer=") +
         detail::python_bool(query.is_no_answer) + ", metrics_is_none=" +
         detail::python_bool(metrics_is_none) + ", gold_is_empty=" + detail::python_bool(gold_is_empty) +
         ")");
}

/// docs/behaviour/eval-report.md §3 step 2: abstained no-answer queries cannot outnumber no-answer queries.
inline Expected<void, std::string> validate_stage_result(const StageResult& stage) {
  if (stage.no_answer_abstained_count <= stage.no_answer_query_count) return {};
  return unexpected(std::string("no_answer_abstained_count (" + std::to_string(stage.no_answer_abstained_count) +
         ") must not exceed no_answer_query_count (" + std::to_string(stage.no_answer_query_count) + ")"));
}

/// docs/behaviour/eval-report.md §3 step 3: the dense/fusion pair, then the rerank trio and its two rules.
inline Expected<void, std::string> validate_run_config(const RunConfig& config) {
  GRK_TRY_VOID(detail::all_or_none(
      {{"embedding", config.embedding.has_value()}, {"rrf_k", config.rrf_k.has_value()}},
      "embedding, rrf_k describe a dense/fusion run"));
  GRK_TRY_VOID(detail::all_or_none({{"rerank_candidates", config.rerank_candidates.has_value()},
                                    {"rerank_input", config.rerank_input.has_value()},
                                    {"rerank_model", config.rerank_model.has_value()}},
                                   "rerank_input, rerank_candidates, rerank_model describe a rerank stage"));
  if (config.rerank_input == StageName::rerank) {
    return unexpected(std::string("rerank_input must name the stage rerank reordered, not 'rerank'"));
  }
  if (config.rerank_candidates && *config.rerank_candidates < config.top_k) {
    return unexpected(std::string("rerank_candidates (" + std::to_string(*config.rerank_candidates) + ") must be at least top_k (" +
           std::to_string(config.top_k) + "); reranking cannot return more results than it was given"));
  }
  return {};
}

/// docs/behaviour/eval-report.md §3 step 4: the seven judge fields together, then the judged-count identity.
inline Expected<void, std::string> validate_synthesis_report(const SynthesisReport& synthesis) {
  GRK_TRY_VOID(detail::all_or_none(
          {{"faithful_count", synthesis.faithful_count.has_value()},
           {"judge_error_count", synthesis.judge_error_count.has_value()},
           {"judge_model", synthesis.judge_model.has_value()},
           {"judge_prompt_hash", synthesis.judge_prompt_hash.has_value()},
           {"judge_provider", synthesis.judge_provider.has_value()},
           {"judged_count", synthesis.judged_count.has_value()},
           {"unfaithful_count", synthesis.unfaithful_count.has_value()}},
          "judge_provider, judge_model, judge_prompt_hash, judged_count, faithful_count, "
          "unfaithful_count, judge_error_count describe a judge run"));
  if (synthesis.judged_count) {
    const std::int64_t f = *synthesis.faithful_count;
    const std::int64_t u = *synthesis.unfaithful_count;
    const std::int64_t e = *synthesis.judge_error_count;
    const std::int64_t j = *synthesis.judged_count;
    // All four are >= 0 (field bounds), so a sum past int64 cannot equal j.
    std::int64_t sum = 0;
    const bool overflow = __builtin_add_overflow(f, u, &sum) || __builtin_add_overflow(sum, e, &sum);
    if (overflow || sum != j) {
      return unexpected(std::string("faithful_count (" + std::to_string(f) + ") + unfaithful_count (" + std::to_string(u) +
             ") + judge_error_count (" + std::to_string(e) + ") must equal judged_count (" +
             std::to_string(j) + ")"));
    }
  }
  return {};
}

/// docs/behaviour/eval-report.md §3 step 5: the baseline invariants. It does not refuse two stages of one name
/// (compare_report_stages does, docs/behaviour/paired-bootstrap.md §9).
inline Expected<void, std::string> validate_eval_report(const EvalReport& report) {
  if (report.stages.empty()) return unexpected(std::string("stages must not be empty"));
  std::size_t baselines = 0;
  for (const auto& stage : report.stages) baselines += stage.is_baseline ? 1 : 0;
  if (baselines != 1) {
    return unexpected(std::string("exactly one stage must have is_baseline=True, found " + std::to_string(baselines)));
  }
  if (!report.stages[0].is_baseline) return unexpected(std::string("the baseline stage must be stages[0]"));
  if (report.stages[0].stage != StageName::bm25) {
    return unexpected(std::string("the baseline stage must be 'bm25' (SPEC.md \xC2\xA7" "6), got '" +
           std::string(to_string(report.stages[0].stage)) + "'"));
  }
  return {};
}

}  // namespace grk::report

#endif
