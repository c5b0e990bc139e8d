// A third-party statistic on the SDK's grk/eval/ headers: the two-sided sign
// test of the first system of a scores file against each other one, on the
// queries aligned as `missing_queries` says, the family corrected as
// `correction` says: the same reader, alignment and correction as the shipped
// compare-systems, so the same file is read, refused and corrected alike.
#include <grk/eval/p_value_adjustment.hpp>
#include <grk/eval/query_alignment.hpp>
#include <grk/eval/score_file.hpp>
#include <grk/plugin.hpp>

#include <cmath>
#include <cstddef>
#include <string_view>
#include <utility>
#include <vector>

namespace {

/// P(X <= k) + P(X >= n - k) for X ~ Binomial(n, 1/2), capped at 1, with n
/// the queries that differ (ties dropped) and k the fewer of wins and losses.
/// Below 2^53 the binomial coefficients and their sum are exact, and so is the
/// division by 2^n: the p-value is the exact rational.
double sign_test_p(std::size_t wins, std::size_t losses) {
  const std::size_t n = wins + losses;
  const std::size_t k = wins < losses ? wins : losses;
  double coefficient = 1.0;
  double tail = 1.0;
  for (std::size_t i = 1; i <= k; ++i) {
    coefficient = coefficient * static_cast<double>(n - i + 1) / static_cast<double>(i);
    tail += coefficient;
  }
  const double p = std::ldexp(2.0 * tail, -static_cast<int>(n));
  return p < 1.0 ? p : 1.0;
}

}  // namespace

class SignTest final : public grk::Statistic {
 public:
  static constexpr std::string_view name = "sign-test";
  static constexpr std::string_view description = "sign test of the first system against each other, corrected";
  static std::vector<grk::ParamSpec> params() {
    return {grk::as_file(grk::required("scores", grk::ParamType::path, "{\"systems\": {name: {query id: score}}}")),
            grk::with_default("metric", grk::ParamType::string, "score", "the scores' metric, named in messages"),
            grk::with_default("missing_queries", grk::ParamType::string, "error", "error, intersect or zero"),
            grk::with_default("correction", grk::ParamType::string, "holm", "a correction of p.adjust")};
  }

  boost::json::value compute(const grk::Params& params, grk::Context&) override {
    const grk::eval::Correction correction = grk::eval::parse_correction(params.string("correction")).or_throw();
    const grk::eval::MissingQueries policy =
        grk::eval::parse_missing_queries(params.string("missing_queries")).or_throw();
    const grk::eval::ScoreFile file = grk::eval::read_score_file(params.path("scores")).or_throw();
    if (file.systems.size() < 2) {
      throw grk::Error(grk::Status::invalid_data, "a sign test needs at least 2 systems");
    }
    std::vector<grk::eval::SystemScores> systems;
    for (const auto& [system, scores] : file.systems) systems.push_back({system, &scores});
    const grk::eval::AlignedScores aligned = grk::eval::align_queries(systems, params.string("metric"), policy).or_throw();

    std::vector<double> p_values;
    boost::json::array comparisons;
    const std::vector<double>& baseline = aligned.scores[0];
    for (std::size_t s = 1; s < systems.size(); ++s) {
      std::size_t wins = 0;
      std::size_t losses = 0;
      for (std::size_t q = 0; q < baseline.size(); ++q) {
        wins += aligned.scores[s][q] > baseline[q] ? 1 : 0;
        losses += aligned.scores[s][q] < baseline[q] ? 1 : 0;
      }
      p_values.push_back(sign_test_p(wins, losses));
      comparisons.push_back({{"baseline", systems[0].name},
                             {"candidate", systems[s].name},
                             {"wins", wins},
                             {"losses", losses},
                             {"ties", baseline.size() - wins - losses},
                             {"p_value", p_values.back()}});
    }
    const std::vector<double> adjusted = grk::eval::adjust(p_values, correction);
    for (std::size_t i = 0; i < adjusted.size(); ++i) comparisons[i].as_object()["p_value_adjusted"] = adjusted[i];
    return {{"correction", grk::eval::correction_name(correction)},
            {"queries", aligned.query_ids.size()},
            {"comparisons", std::move(comparisons)}};
  }
};

GRK_PLUGIN_MODULE("eval-statistic", "1.0.0", SignTest)
