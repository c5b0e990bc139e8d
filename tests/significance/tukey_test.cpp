// compare-systems' tests of the whole system x query matrix: tukey-hsd
// against R 4.2's TukeyHSD(aov(score ~ system + topic), "system") and
// summary(aov(...)), Sakai's Table 5.1 as a golden whose values R gave,
// randomized-tukey-hsd against a brute-force enumeration written here (exact
// mode equal, Monte Carlo within 4 standard errors), its independence of the
// thread count, the per-metric family against R's p.adjust, discriminative
// power, and every refusal with its message.
#define BOOST_TEST_MODULE significance_tukey
#include <boost/test/unit_test.hpp>

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <numeric>
#include <sstream>
#include <string>
#include <vector>

#include <grk/context.hpp>
#include <grk/error.hpp>
#include <grk/param.hpp>

#include "components/statistics.hpp"
#include "component_call.hpp"
#include "r_oracle.hpp"

using boost::json::object;
using grk::significance::CompareSystemsStatistic;
using grk::test::Outcome;
using grk::test::run;
using grk::test::TempDir;

namespace {

/// scores[system][query].
using Matrix = std::vector<std::vector<double>>;

std::string system_name(std::size_t s) { return "s" + std::to_string(s); }
std::string query_name(std::size_t q) {
  char text[32];
  std::snprintf(text, sizeof text, "q%03zu", q);
  return text;
}

/// A scores file {"systems": {s0: {q000: x}}} of `scores`, on ndcg_at_10.
std::string scores_file(const Matrix& scores) {
  object systems;
  for (std::size_t s = 0; s < scores.size(); ++s) {
    object per_query;
    for (std::size_t q = 0; q < scores[s].size(); ++q) per_query[query_name(q)] = scores[s][q];
    systems[system_name(s)] = std::move(per_query);
  }
  return boost::json::serialize(object{{"systems", std::move(systems)}});
}

/// A k x n matrix with system and topic effects and noise, scores in
/// [0, 1] to four decimals (a fixed recipe, so R reads the same numbers).
Matrix example_matrix(std::size_t k, std::size_t n, unsigned salt) {
  Matrix scores(k, std::vector<double>(n));
  std::uint32_t state = 12345u + salt;
  for (std::size_t q = 0; q < n; ++q) {
    const double topic = 0.2 + 0.6 * static_cast<double>((q * 37 + salt) % 11) / 10.0;
    for (std::size_t s = 0; s < k; ++s) {
      state = state * 1664525u + 1013904223u;
      const double noise = static_cast<double>(state >> 8) / 16777216.0 - 0.5;
      const double value = topic + 0.03 * static_cast<double>(s) + 0.25 * noise;
      scores[s][q] = std::round(std::clamp(value, 0.0, 1.0) * 10000.0) / 10000.0;
    }
  }
  return scores;
}

/// compare-systems on `scores`, written to a file of its own.
object family_params(const TempDir& dir, const Matrix& scores, const std::string& test) {
  static int files = 0;
  const std::string name = "scores-" + std::to_string(++files) + ".json";
  return object{{"scores", dir.write(name, scores_file(scores)).string()},
                {"metric", "ndcg_at_10"},
                {"test", test}};
}

object with(object base, const object& extra) {
  for (const auto& member : extra) base[member.key()] = member.value();
  return base;
}

const boost::json::array& comparisons(const Outcome& out) {
  return out.result.as_object().at("comparisons").as_array();
}

double number(const boost::json::value& value, const char* key) {
  return value.as_object().at(key).to_number<double>();
}

std::string r_number(double x) {
  char text[40];
  std::snprintf(text, sizeof text, "%.17g", x);
  return text;
}

/// The matrix as R's long table `system topic score`, factor levels in order.
std::string long_table(const Matrix& scores) {
  std::string table;
  for (std::size_t s = 0; s < scores.size(); ++s) {
    for (std::size_t q = 0; q < scores[s].size(); ++q) {
      table += system_name(s) + " " + query_name(q) + " " + r_number(scores[s][q]) + "\n";
    }
  }
  return table;
}

std::vector<double> numbers(const std::string& text) {
  std::vector<double> values;
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) values.push_back(std::stod(line));
  return values;
}

/// R's p adj, lwr, upr per pair (TukeyHSD's row order, which is the
/// family's: (s0, s1), (s0, s2), ...), then the ANOVA's SS, df, MS of system,
/// topic and residual and F, p of system and topic.
std::vector<double> r_tukey(const Matrix& scores, double confidence_level) {
  const std::string script =
      "x <- read.table(commandArgs(trailingOnly = TRUE)[1], colClasses = c('character', 'character', 'numeric'))\n"
      "x$system <- factor(x$V1, levels = unique(x$V1)); x$topic <- factor(x$V2, levels = unique(x$V2))\n"
      "fit <- aov(V3 ~ system + topic, data = x)\n"
      "h <- TukeyHSD(fit, 'system', conf.level = " + r_number(confidence_level) + ")$system\n"
      "t <- summary(fit)[[1]]\n"
      "cat(sprintf('%.17g', c(t(h[, c('p adj', 'lwr', 'upr')]), t[['Sum Sq']], t[['Df']], t[['Mean Sq']],"
      " t[['F value']][1:2], t[['Pr(>F)']][1:2])), sep = '\\n')\n";
  const auto output = grk::test::run_r(script, long_table(scores));
  BOOST_REQUIRE_MESSAGE(output, "Rscript failed");
  return numbers(*output);
}

void check_against_r(const Matrix& scores, double confidence_level) {
  const TempDir dir;
  const Outcome out = run<CompareSystemsStatistic>(
      with(family_params(dir, scores, "tukey-hsd"), {{"confidence_level", confidence_level}}));
  BOOST_REQUIRE_MESSAGE(out.error.empty(), out.error);
  const std::vector<double> r = r_tukey(scores, confidence_level);
  const std::size_t k = scores.size();
  const std::size_t n = scores.front().size();
  const std::size_t pairs = k * (k - 1) / 2;
  BOOST_REQUIRE_EQUAL(comparisons(out).size(), pairs);
  BOOST_REQUIRE_EQUAL(r.size(), 3 * pairs + 13);
  const double df = static_cast<double>((k - 1) * (n - 1));
  // R's ptukey is accurate to 1.6e-4 at df 2, 2e-5 at df 3, 1e-6 above
  // (tests/significance/studentized_range_test.cpp): R is the coarser side.
  const double p_tolerance = df <= 2.0 ? 2e-4 : df <= 3.0 ? 2e-5 : 1e-6;
  const double residual_ms = r[3 * pairs + 8];
  const double standard_error = std::sqrt(residual_ms / static_cast<double>(n));
  for (std::size_t i = 0; i < pairs; ++i) {
    const auto& record = comparisons(out)[i];
    BOOST_TEST(std::fabs(number(record, "p_value_adjusted") - r[3 * i]) < p_tolerance, i);
    BOOST_TEST(number(record, "p_value_two_sided") == number(record, "p_value_adjusted"));
    // qtukey stops at 1e-4 (R's eps): the interval within 1e-4 x SE.
    BOOST_TEST(std::fabs(number(record, "confidence_interval_low") - r[3 * i + 1]) < 1e-4 * standard_error, i);
    BOOST_TEST(std::fabs(number(record, "confidence_interval_high") - r[3 * i + 2]) < 1e-4 * standard_error, i);
    BOOST_TEST(std::fabs(number(record, "effect_size_anova") - number(record, "effect") / std::sqrt(residual_ms)) <
               1e-12);
  }
  const auto& anova = out.result.at("anova").at("ndcg_at_10");
  const auto relative = [](double ours, double theirs) {
    return std::fabs(ours - theirs) <= 1e-10 * std::fabs(theirs);
  };
  const char* terms[] = {"system", "topic", "residual"};
  for (std::size_t t = 0; t < 3; ++t) {
    const auto& term = anova.at(terms[t]);
    BOOST_TEST(relative(number(term, "sum_of_squares"), r[3 * pairs + t]), terms[t]);
    BOOST_TEST(number(term, "df") == r[3 * pairs + 3 + t], terms[t]);
    BOOST_TEST(relative(number(term, "mean_square"), r[3 * pairs + 6 + t]), terms[t]);
  }
  for (std::size_t t = 0; t < 2; ++t) {
    BOOST_TEST(relative(number(anova.at(terms[t]), "f"), r[3 * pairs + 9 + t]), terms[t]);
    BOOST_TEST(relative(number(anova.at(terms[t]), "p_value"), r[3 * pairs + 11 + t]), terms[t]);
  }
  BOOST_TEST(!anova.at("residual").as_object().contains("f"));
}

/// Every assignment of the matrix (each query's own permutation of its k
/// scores), counted by brute force: the share whose max - min of the
/// system means reaches |diff| (1 - 1e-9).
double brute_force_p(const Matrix& scores, double diff) {
  const std::size_t k = scores.size();
  const std::size_t n = scores.front().size();
  std::vector<std::vector<std::size_t>> orders;
  std::vector<std::size_t> order(k);
  std::iota(order.begin(), order.end(), std::size_t{0});
  do orders.push_back(order); while (std::next_permutation(order.begin(), order.end()));
  std::size_t total = 1;
  for (std::size_t q = 0; q < n; ++q) total *= orders.size();
  std::size_t reached = 0;
  const double threshold = std::fabs(diff) * (1.0 - 1e-9);
  for (std::size_t code = 0; code < total; ++code) {
    std::vector<double> sums(k, 0.0);
    std::size_t rest = code;
    for (std::size_t q = 0; q < n; ++q) {
      const auto& chosen = orders[rest % orders.size()];
      rest /= orders.size();
      for (std::size_t s = 0; s < k; ++s) sums[s] += scores[chosen[s]][q];
    }
    const auto [low, high] = std::minmax_element(sums.begin(), sums.end());
    reached += (*high - *low) / static_cast<double>(n) >= threshold ? 1 : 0;
  }
  return static_cast<double>(reached) / static_cast<double>(total);
}

// Sets or clears GRK_THREADS for the scope.
struct ThreadsSetting {
  explicit ThreadsSetting(const char* value) {
    if (value) ::setenv("GRK_THREADS", value, 1); else ::unsetenv("GRK_THREADS");
  }
  ~ThreadsSetting() { ::unsetenv("GRK_THREADS"); }
};

}  // namespace

BOOST_AUTO_TEST_CASE(tukey_hsd_equals_r, *boost::unit_test::precondition(grk::test::r_available)) {
  check_against_r(example_matrix(5, 12, 1), 0.95);
  check_against_r(example_matrix(3, 2, 2), 0.95);  // df 2: R's own accuracy is 1.6e-4
  check_against_r(example_matrix(8, 40, 3), 0.9);
  check_against_r(example_matrix(20, 200, 4), 0.99);
}

// Sakai's Table 5.1 (three systems, twenty topics; the data as elinor's
// tests carry it). R 4.2's TukeyHSD(aov(score ~ system + topic), "system"),
// printed with digits = 12, gives p adj 0.2566977463770, 0.0956868471185,
// 0.8549631811146 (B-A, C-A, C-B), where the one-way test that ignores the
// topics (ranx's) gives 0.394, 0.196, 0.900; and summary(aov(...)) gives the
// table below. p within R's ptukey accuracy at df 38 (1e-6), the interval
// within qtukey's (1e-4 x SE), the table within 1e-10 relative.
BOOST_AUTO_TEST_CASE(sakai_table_5_1_golden_from_r) {
  const Matrix scores = {
      {0.70, 0.30, 0.20, 0.60, 0.40, 0.40, 0.00, 0.70, 0.10, 0.30,
       0.50, 0.40, 0.00, 0.60, 0.50, 0.30, 0.10, 0.50, 0.20, 0.10},
      {0.50, 0.10, 0.00, 0.20, 0.40, 0.30, 0.00, 0.50, 0.30, 0.30,
       0.40, 0.40, 0.10, 0.40, 0.20, 0.10, 0.10, 0.60, 0.30, 0.20},
      {0.00, 0.00, 0.20, 0.10, 0.30, 0.30, 0.10, 0.20, 0.40, 0.40,
       0.40, 0.30, 0.30, 0.20, 0.20, 0.20, 0.10, 0.50, 0.40, 0.30},
  };
  const TempDir dir;
  const Outcome out = run<CompareSystemsStatistic>(family_params(dir, scores, "tukey-hsd"));
  BOOST_REQUIRE_MESSAGE(out.error.empty(), out.error);
  const double p_adj[] = {0.2566977463770, 0.0956868471185, 0.8549631811146};
  const double lwr[] = {-0.189094228951, -0.214094228951, -0.139094228951};
  const double upr[] = {0.039094228951, 0.014094228951, 0.089094228951};
  const double standard_error = std::sqrt(0.0218859649123 / 20.0);
  for (std::size_t i = 0; i < 3; ++i) {
    const auto& record = comparisons(out)[i];
    BOOST_TEST(std::fabs(number(record, "p_value_adjusted") - p_adj[i]) < 1e-6, i);
    BOOST_TEST(std::fabs(number(record, "confidence_interval_low") - lwr[i]) < 1e-4 * standard_error, i);
    BOOST_TEST(std::fabs(number(record, "confidence_interval_high") - upr[i]) < 1e-4 * standard_error, i);
    BOOST_TEST(!record.at("significant").as_bool());
  }
  const auto& anova = out.result.at("anova").at("ndcg_at_10");
  const auto near = [](double ours, double r) { return std::fabs(ours - r) <= 1e-10 * std::fabs(r); };
  BOOST_TEST(near(number(anova.at("system"), "sum_of_squares"), 0.108333333333));
  BOOST_TEST(near(number(anova.at("topic"), "sum_of_squares"), 1.029333333333));
  BOOST_TEST(near(number(anova.at("residual"), "mean_square"), 0.0218859649123));
  BOOST_TEST(number(anova.at("residual"), "df") == 38.0);
  BOOST_TEST(std::fabs(number(anova.at("system"), "f") - 2.47495) < 1e-5);
  BOOST_TEST(std::fabs(number(anova.at("system"), "p_value") - 0.0976354) < 1e-7);
  BOOST_TEST(std::fabs(number(anova.at("topic"), "p_value") - 0.0085587) < 1e-7);
  BOOST_TEST(out.result.at("discriminative_power").at("ndcg_at_10").at("significant").to_number<int>() == 0);
}

BOOST_AUTO_TEST_CASE(randomized_exact_mode_equals_brute_force) {
  const TempDir dir;
  for (const Matrix& scores : {example_matrix(3, 3, 5), example_matrix(2, 8, 6), example_matrix(4, 2, 7)}) {
    const Outcome out = run<CompareSystemsStatistic>(
        with(family_params(dir, scores, "randomized-tukey-hsd"), {{"permutations", 1000}}));
    BOOST_REQUIRE_MESSAGE(out.error.empty(), out.error);
    for (const auto& record : comparisons(out)) {
      BOOST_TEST(record.at("method").as_string() == "exact");
      BOOST_TEST(number(record, "p_value_standard_error") == 0.0);
      BOOST_TEST(number(record, "p_value_adjusted") == brute_force_p(scores, number(record, "effect")));
      BOOST_TEST(number(record, "p_value_two_sided") == number(record, "p_value_adjusted"));
    }
  }
}

BOOST_AUTO_TEST_CASE(randomized_monte_carlo_within_4_se_of_the_enumeration) {
  const TempDir dir;
  const Matrix scores = example_matrix(4, 3, 8);  // 24^3 = 13824 assignments
  const Outcome out = run<CompareSystemsStatistic>(
      with(family_params(dir, scores, "randomized-tukey-hsd"), {{"permutations", 5000}}));
  BOOST_REQUIRE_MESSAGE(out.error.empty(), out.error);
  for (const auto& record : comparisons(out)) {
    BOOST_TEST(record.at("method").as_string() == "monte-carlo");
    BOOST_TEST(number(record, "permutations") == 5000.0);
    const double p = number(record, "p_value_adjusted");
    BOOST_TEST(number(record, "p_value_standard_error") == std::sqrt(p * (1.0 - p) / 5000.0));
    BOOST_TEST(std::fabs(p - brute_force_p(scores, number(record, "effect"))) <=
               4.0 * number(record, "p_value_standard_error"));
  }
}

BOOST_AUTO_TEST_CASE(randomized_result_does_not_depend_on_the_thread_count) {
  const TempDir dir;
  const object params = with(family_params(dir, example_matrix(6, 50, 9), "randomized-tukey-hsd"),
                             {{"permutations", 3001}, {"seed", -42}});
  std::string first;
  for (const char* threads : {"1", "2", "3", "7"}) {
    const ThreadsSetting setting(threads);
    const Outcome out = run<CompareSystemsStatistic>(params);
    BOOST_REQUIRE_MESSAGE(out.error.empty(), out.error);
    const std::string bytes = boost::json::serialize(out.result);
    if (first.empty()) first = bytes;
    BOOST_TEST(bytes == first, threads);
  }
  const Outcome other_seed = run<CompareSystemsStatistic>(with(params, {{"seed", 43}}));
  BOOST_TEST(boost::json::serialize(other_seed.result) != first);
}

// With a baseline only its pairs are listed, but the family is still every
// pair of the k systems: the same p as in the all-pairs run.
BOOST_AUTO_TEST_CASE(a_baseline_lists_its_pairs_of_the_whole_family) {
  const TempDir dir;
  const Matrix scores = example_matrix(5, 30, 10);
  for (const char* test : {"tukey-hsd", "randomized-tukey-hsd"}) {
    const Outcome all = run<CompareSystemsStatistic>(family_params(dir, scores, test));
    const Outcome against = run<CompareSystemsStatistic>(with(family_params(dir, scores, test), {{"baseline", "s2"}}));
    BOOST_REQUIRE_MESSAGE(against.error.empty(), against.error);
    BOOST_TEST(against.result.at("family_size").to_number<int>() == 10);
    BOOST_TEST(against.result.at("family").as_string() == "per-metric");
    BOOST_TEST(against.result.at("correction").as_string() == "none");
    BOOST_TEST(boost::json::serialize(against.result.at("family_systems")) == R"(["s0","s1","s2","s3","s4"])");
    BOOST_REQUIRE_EQUAL(comparisons(against).size(), 4u);
    // (s2, s0) is the all-pairs run's (s0, s2) turned round, (s2, s3) its (s2, s3).
    const auto& turned = comparisons(against)[0];
    const auto& same = comparisons(against)[2];
    BOOST_TEST(number(turned, "p_value_adjusted") == number(comparisons(all)[1], "p_value_adjusted"));
    BOOST_TEST(number(turned, "effect") == -number(comparisons(all)[1], "effect"));
    BOOST_TEST(number(same, "p_value_adjusted") == number(comparisons(all)[7], "p_value_adjusted"));
    BOOST_TEST(boost::json::serialize(against.result.at("anova")) == boost::json::serialize(all.result.at("anova")));
  }
}

BOOST_AUTO_TEST_CASE(discriminative_power_counts_the_significant_pairs) {
  const TempDir dir;
  const Outcome out = run<CompareSystemsStatistic>(family_params(dir, example_matrix(8, 60, 11), "tukey-hsd"));
  BOOST_REQUIRE_MESSAGE(out.error.empty(), out.error);
  std::size_t significant = 0;
  for (const auto& record : comparisons(out)) significant += record.at("significant").as_bool() ? 1 : 0;
  const auto& power = out.result.at("discriminative_power").at("ndcg_at_10");
  BOOST_TEST(power.at("pairs").to_number<std::size_t>() == 28u);
  BOOST_TEST(power.at("significant").to_number<std::size_t>() == significant);
  BOOST_TEST(number(power, "share") == static_cast<double>(significant) / 28.0);
  BOOST_TEST(significant > 0u);
  BOOST_TEST(significant < 28u);
}

// family: per-metric corrects each metric's records apart, as R's p.adjust
// over each metric's raw p-values; all corrects them together.
BOOST_AUTO_TEST_CASE(per_metric_family_equals_r_p_adjust, *boost::unit_test::precondition(grk::test::r_available)) {
  const object base{{"report", grk::test::example_report().string()}, {"test", "t"}};
  for (const char* family : {"per-metric", "all"}) {
    const Outcome out = run<CompareSystemsStatistic>(with(base, {{"family", family}, {"correction", "hommel"}}));
    BOOST_REQUIRE_MESSAGE(out.error.empty(), out.error);
    const bool per_metric = std::string(family) == "per-metric";
    BOOST_TEST(out.result.at("family").as_string() == family);
    BOOST_TEST(out.result.at("family_size").to_number<int>() == (per_metric ? 6 : 30));
    const auto& records = comparisons(out);
    std::string input;
    for (const auto& record : records) {
      input += std::string(record.at("metric").as_string()) + " " + r_number(number(record, "p_value_two_sided")) + "\n";
    }
    const std::string script =
        std::string("x <- read.table(commandArgs(trailingOnly = TRUE)[1], colClasses = c('character', 'numeric'))\n") +
        (per_metric ? "a <- ave(x$V2, x$V1, FUN = function(p) p.adjust(p, 'hommel'))\n"
                    : "a <- p.adjust(x$V2, 'hommel')\n") +
        "cat(sprintf('%.17g', a), sep = '\\n')\n";
    const auto output = grk::test::run_r(script, input);
    BOOST_REQUIRE_MESSAGE(output, "Rscript failed");
    const std::vector<double> r = numbers(*output);
    BOOST_REQUIRE_EQUAL(r.size(), records.size());
    for (std::size_t i = 0; i < r.size(); ++i) {
      BOOST_TEST(std::fabs(number(records[i], "p_value_adjusted") - r[i]) <= 1e-12 * r[i], family << " " << i);
    }
  }
}

BOOST_AUTO_TEST_CASE(every_bad_value_is_refused_with_its_message) {
  const TempDir dir;
  const Matrix scores = example_matrix(3, 5, 12);
  struct Case {
    object params;
    grk::Status status;
    std::string message;
  };
  // Each score its system's plus its query's effect: the residuals are 0 up to rounding.
  const Matrix additive = {{0.125, 0.5, 0.25}, {0.25, 0.625, 0.375}, {0.5, 0.875, 0.625}};
  const std::vector<Case> cases = {
      {with(family_params(dir, scores, "tukey-hsd"), {{"correction", "holm"}}), grk::Status::invalid_argument,
       "correction must be 'none' with test 'tukey-hsd' (its p-value is already family-wise over every pair of "
       "systems), got 'holm'"},
      {with(family_params(dir, scores, "randomized-tukey-hsd"), {{"correction", "bh"}}), grk::Status::invalid_argument,
       "correction must be 'none' with test 'randomized-tukey-hsd' (its p-value is already family-wise over every "
       "pair of systems), got 'bh'"},
      {with(family_params(dir, scores, "tukey-hsd"), {{"family", "all"}}), grk::Status::invalid_argument,
       "family must be 'per-metric' with test 'tukey-hsd' (its ANOVA is per metric), got 'all'"},
      {with(family_params(dir, scores, "t"), {{"family", "every"}}), grk::Status::invalid_argument,
       "parameter 'family': must be one of: all, per-metric; got 'every'"},
      {with(family_params(dir, scores, "tukey-hsd"), {{"systems", "s1"}}), grk::Status::invalid_argument,
       "systems: at least two systems are needed for a comparison, got 1"},
      {family_params(dir, {{0.1}, {0.2}, {0.4}}, "tukey-hsd"), grk::Status::invalid_data,
       "compare-systems on ndcg_at_10: tukey-hsd needs at least 2 queries (the ANOVA's residual has (k - 1)(n - 1) "
       "degrees of freedom), got 1"},
      {family_params(dir, additive, "randomized-tukey-hsd"), grk::Status::invalid_data,
       "compare-systems on ndcg_at_10: randomized-tukey-hsd: the residual mean square is 0 (every score is its "
       "system's plus its query's effect), so Tukey's statistic is undefined (R: NaN)"},
  };
  for (const Case& c : cases) {
    const Outcome out = run<CompareSystemsStatistic>(c.params);
    BOOST_TEST(out.error == c.message);
    BOOST_TEST((out.status == c.status), out.error);
  }
  // `none` is what these tests do, so it may be said.
  const Outcome none = run<CompareSystemsStatistic>(
      with(family_params(dir, scores, "tukey-hsd"), {{"correction", "none"}, {"family", "per-metric"}}));
  BOOST_TEST(none.error.empty(), none.error);
}
