// The comparison components paired-t, wilcoxon and randomization: parity
// with R 4.2 (t.test and wilcox.test, through the R oracle), randomization
// against a brute-force enumeration, bit-reproducibility, the bootstrap
// interval they share with paired-bootstrap, every parameter's bad value,
// the refusals that name the comparison, and the record's JSON field order.
#define BOOST_TEST_MODULE significance_comparison
#include <boost/test/unit_test.hpp>

#include <unistd.h>

#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <grk/context.hpp>
#include <grk/error.hpp>
#include <grk/json/writer.hpp>
#include <grk/param.hpp>

#include "components/statistics.hpp"
#include "methods/paired_t.hpp"
#include "component_call.hpp"
#include "r_oracle.hpp"
#include "methods/randomization.hpp"
#include "methods/wilcoxon.hpp"

namespace fs = std::filesystem;
using boost::json::object;

namespace {

using grk::test::example_report;
using grk::test::Outcome;
using grk::test::run;
using grk::test::TempDir;

object fusion_vs_bm25() {
  return object{{"report", example_report().string()}, {"baseline", "bm25"}, {"candidate", "fusion"},
                {"metric", "ndcg_at_10"}};
}

// A deterministic generator whose bits do not depend on the standard library.
struct SplitMix {
  std::uint64_t state;
  std::uint64_t next() {
    std::uint64_t z = (state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  double uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }
  std::size_t below(std::size_t n) { return static_cast<std::size_t>(next() % n); }
};

struct PairedCase {
  std::vector<double> baseline;
  std::vector<double> candidate;
  double level = 0.95;
  std::vector<double> deltas() const {
    std::vector<double> out;
    for (std::size_t i = 0; i < baseline.size(); ++i) out.push_back(candidate[i] - baseline[i]);
    return out;
  }
};

// N from 1 to 5000; quantized scores (ties, zero deltas), continuous ones,
// all-equal deltas, negative effects and effects so large the p-value is tiny.
std::vector<PairedCase> random_cases() {
  SplitMix random{20240611};
  const std::size_t sizes[] = {1, 2, 3, 4, 5, 7, 10, 15, 20, 30, 40, 49, 50, 51, 80, 100, 300, 1000, 2500, 5000};
  const double levels[] = {0.95, 0.9, 0.99, 0.5, 0.999999, 1e-9};
  std::vector<PairedCase> cases;
  int k = 0;
  for (std::size_t n : sizes) {
    for (int kind = 0; kind < 5; ++kind, ++k) {
      PairedCase c;
      c.level = levels[static_cast<std::size_t>(k) % 6];
      const double shift = kind == 2 ? -0.05 : kind == 3 ? 0.4 : 0.03;
      for (std::size_t i = 0; i < n; ++i) {
        double b = random.uniform() * 0.6;
        double x = b + shift + (random.uniform() - 0.5) * 0.3;
        if (kind == 0) {  // ties and zeros: scores on a grid of twentieths
          b = static_cast<double>(random.below(12)) / 20.0;
          x = random.below(3) == 0 ? b : static_cast<double>(random.below(20)) / 20.0;
        }
        if (kind == 4) x = b + 0.125;  // all-equal deltas (exact in binary)
        c.baseline.push_back(b);
        c.candidate.push_back(std::min(1.0, std::max(0.0, x)));
      }
      if (kind == 4) {
        for (std::size_t i = 0; i < n; ++i) c.candidate[i] = c.baseline[i] + 0.125;
      }
      cases.push_back(c);
    }
  }
  return cases;
}

std::string numbers(const std::vector<double>& values) {
  std::string out;
  char buffer[40];
  for (double v : values) {
    std::snprintf(buffer, sizeof buffer, " %.17g", v);
    out += buffer;
  }
  return out;
}

// One line per case: level, then the candidate scores, then the baseline scores.
std::string r_input(const std::vector<PairedCase>& cases) {
  std::string input;
  for (const PairedCase& c : cases) {
    char level[40];
    std::snprintf(level, sizeof level, "%.17g", c.level);
    input += std::string(level) + numbers(c.candidate) + numbers(c.baseline) + "\n";
  }
  return input;
}

const char* const r_prelude = R"(
lines <- readLines(commandArgs(trailingOnly = TRUE)[1])
f <- function(v) sprintf("%.17g", v)
for (line in lines) {
  v <- as.numeric(strsplit(line, " ")[[1]])
  level <- v[1]; v <- v[-1]; n <- length(v) / 2
  x <- v[1:n]; y <- v[(n + 1):(2 * n)]
)";

std::vector<std::vector<std::string>> r_rows(const std::string& output) {
  std::vector<std::vector<std::string>> rows;
  std::istringstream lines(output);
  std::string line;
  while (std::getline(lines, line)) {
    std::istringstream words(line);
    std::vector<std::string> row;
    std::string word;
    while (words >> word) row.push_back(word);
    rows.push_back(row);
  }
  return rows;
}

bool close(double ours, const std::string& theirs, double tolerance = 1e-10) {
  const double r = std::strtod(theirs.c_str(), nullptr);
  if (ours == r) return true;
  return std::fabs(ours - r) <= tolerance * std::max(std::fabs(ours), std::fabs(r));
}

}  // namespace

BOOST_AUTO_TEST_CASE(paired_t_equals_r_t_test, *boost::unit_test::precondition(grk::test::r_available)) {
  const std::vector<PairedCase> cases = random_cases();
  const auto output = grk::test::run_r(std::string(r_prelude) + R"(
  r <- tryCatch(t.test(x, y, paired = TRUE, conf.level = level), error = function(e) NULL)
  if (is.null(r) || is.na(r$p.value)) cat("error\n") else
    cat(f(r$statistic), f(r$parameter), f(r$p.value), f(r$conf.int[1]), f(r$conf.int[2]), "\n")
}
)", r_input(cases));
  BOOST_REQUIRE(output.has_value());
  const auto rows = r_rows(*output);
  BOOST_REQUIRE_EQUAL(rows.size(), cases.size());
  int compared = 0;
  int refused = 0;
  for (std::size_t i = 0; i < cases.size(); ++i) {
    BOOST_TEST_CONTEXT("case " << i << " n=" << cases[i].baseline.size() << " level=" << cases[i].level) {
      const auto ours = grk::significance::paired_t_test(cases[i].deltas(), cases[i].level);
      if (rows[i][0] == "error") {
        // R stops (fewer than 2, constant) or answers NaN (all zero): we refuse.
        BOOST_TEST(!ours.has_value());
        if (!ours) BOOST_TEST((ours.error().status == grk::Status::invalid_data));
        ++refused;
        continue;
      }
      BOOST_REQUIRE(ours.has_value());
      BOOST_TEST(close(ours->t_statistic, rows[i][0]));
      BOOST_TEST(close(ours->degrees_of_freedom, rows[i][1]));
      BOOST_TEST(close(ours->p_value_two_sided, rows[i][2]), ours->p_value_two_sided << " vs " << rows[i][2]);
      BOOST_TEST(close(ours->confidence_interval.low, rows[i][3]));
      BOOST_TEST(close(ours->confidence_interval.high, rows[i][4]));
      ++compared;
    }
  }
  BOOST_TEST(compared >= 70);
  BOOST_TEST(refused >= 20);  // n = 1 and the all-equal deltas of every size
}

BOOST_AUTO_TEST_CASE(wilcoxon_equals_r_wilcox_test, *boost::unit_test::precondition(grk::test::r_available)) {
  const std::vector<PairedCase> cases = random_cases();
  const auto output = grk::test::run_r(std::string(r_prelude) + R"(
  r <- tryCatch(suppressWarnings(wilcox.test(x, y, paired = TRUE, exact = NULL, correct = FALSE)),
                error = function(e) NULL)
  if (is.null(r)) cat("error\n") else
    cat(f(r$statistic), f(r$p.value), if (grepl("exact", r$method)) "exact" else "normal", "\n")
}
)", r_input(cases));
  BOOST_REQUIRE(output.has_value());
  const auto rows = r_rows(*output);
  BOOST_REQUIRE_EQUAL(rows.size(), cases.size());
  int exact = 0;
  int normal = 0;
  for (std::size_t i = 0; i < cases.size(); ++i) {
    BOOST_TEST_CONTEXT("case " << i << " n=" << cases[i].baseline.size()) {
      const auto ours = grk::significance::wilcoxon_signed_rank(cases[i].deltas());
      if (rows[i][0] == "error") {
        BOOST_TEST(!ours.has_value());
        continue;
      }
      BOOST_REQUIRE(ours.has_value());
      BOOST_TEST(close(ours->v_statistic, rows[i][0]));
      BOOST_TEST(close(ours->p_value_two_sided, rows[i][1]), ours->p_value_two_sided << " vs " << rows[i][1]);
      BOOST_TEST((ours->exact ? "exact" : "normal") == rows[i][2]);
      (ours->exact ? exact : normal) += 1;
    }
  }
  BOOST_TEST(exact >= 15);
  BOOST_TEST(normal >= 30);
}

BOOST_AUTO_TEST_CASE(signed_rank_distribution_equals_r_psignrank,
                     *boost::unit_test::precondition(grk::test::r_available)) {
  std::string input;
  std::vector<std::array<double, 3>> queries;
  for (int n : {1, 2, 5, 10, 20, 35, 49}) {
    const double top = n * (n + 1) / 2.0;
    for (double x : {-1.0, 0.0, 1.0, top / 4.0, top / 2.0, top - 2.0, top}) {
      for (int lower : {0, 1}) {
        queries.push_back({x, static_cast<double>(n), static_cast<double>(lower)});
        input += std::to_string(x) + " " + std::to_string(n) + " " + std::to_string(lower) + "\n";
      }
    }
  }
  const auto output = grk::test::run_r(R"(
for (line in readLines(commandArgs(trailingOnly = TRUE)[1])) {
  v <- as.numeric(strsplit(line, " ")[[1]])
  cat(sprintf("%.17g", psignrank(v[1], v[2], lower.tail = v[3] == 1)), "\n")
})", input);
  BOOST_REQUIRE(output.has_value());
  const auto rows = r_rows(*output);
  BOOST_REQUIRE_EQUAL(rows.size(), queries.size());
  for (std::size_t i = 0; i < queries.size(); ++i) {
    const double ours = grk::significance::signed_rank_cdf(queries[i][0], static_cast<int>(queries[i][1]),
                                                           queries[i][2] == 1.0);
    BOOST_TEST(close(ours, rows[i][0]), "x=" << queries[i][0] << " n=" << queries[i][1] << ": " << ours
                                             << " vs " << rows[i][0]);
  }
}

namespace {

double brute_force_p(const std::vector<double>& deltas) {
  double observed = 0.0;
  for (double d : deltas) observed += d;
  observed = std::fabs(observed);
  const std::uint64_t total = std::uint64_t{1} << deltas.size();
  std::uint64_t count = 0;
  for (std::uint64_t mask = 0; mask < total; ++mask) {
    double sum = 0.0;
    for (std::size_t i = 0; i < deltas.size(); ++i) sum += (mask >> i & 1u) ? -deltas[i] : deltas[i];
    if (std::fabs(sum) >= observed - 1e-9 * observed) ++count;
  }
  return static_cast<double>(count) / static_cast<double>(total);
}

}  // namespace

BOOST_AUTO_TEST_CASE(randomization_exact_mode_equals_a_brute_force_enumeration) {
  SplitMix random{99};
  for (std::size_t n = 1; n <= 13; ++n) {
    for (int kind = 0; kind < 4; ++kind) {
      std::vector<double> deltas;
      for (std::size_t i = 0; i < n; ++i) {
        const double grid = static_cast<double>(random.below(9)) / 8.0 - 0.5;  // ties, zeros
        deltas.push_back(kind == 0   ? grid
                         : kind == 1 ? random.uniform() - 0.3
                         : kind == 2 ? 0.1
                                     : -(random.uniform() * 0.2) - 0.05);
      }
      const auto estimate = grk::significance::randomization_test(deltas, 10000, 7);
      BOOST_TEST_CONTEXT("n=" << n << " kind=" << kind) {
        BOOST_TEST(estimate.exact);
        BOOST_TEST(estimate.permutations == (std::uint64_t{1} << n));
        BOOST_TEST(estimate.p_value_standard_error == 0.0);
        BOOST_TEST(estimate.p_value_two_sided == brute_force_p(deltas));
      }
    }
  }
  // All zeros: every assignment ties the observed 0.
  BOOST_TEST(grk::significance::randomization_test({0.0, 0.0, 0.0}, 8, 7).p_value_two_sided == 1.0);
  // 2^n == permutations is still exact; one fewer is not.
  BOOST_TEST(grk::significance::randomization_test(std::vector<double>(10, 0.1), 1024, 7).exact);
  BOOST_TEST(!grk::significance::randomization_test(std::vector<double>(10, 0.1), 1023, 7).exact);
}

BOOST_AUTO_TEST_CASE(randomization_monte_carlo_agrees_with_the_exact_p_and_repeats_its_bits) {
  SplitMix random{5};
  for (int trial = 0; trial < 12; ++trial) {
    const std::size_t n = 14 + static_cast<std::size_t>(trial % 4);
    std::vector<double> deltas;
    for (std::size_t i = 0; i < n; ++i) deltas.push_back(random.uniform() - 0.4 + (trial % 3) * 0.05);
    const auto estimate = grk::significance::randomization_test(deltas, 5001, trial - 6);
    BOOST_TEST(!estimate.exact);
    BOOST_TEST(estimate.permutations == 5001u);
    const double exact = brute_force_p(deltas);
    const double p = estimate.p_value_two_sided;
    BOOST_TEST(estimate.p_value_standard_error == std::sqrt(p * (1.0 - p) / 5001.0));
    BOOST_TEST(std::fabs(p - exact) <= 4.0 * estimate.p_value_standard_error,
               "trial " << trial << ": " << p << " vs exact " << exact);
    const auto again = grk::significance::randomization_test(deltas, 5001, trial - 6);
    BOOST_TEST(again.p_value_two_sided == p);
  }
  // Pinned: the same seed gives these bits on any machine (MT19937 words, one bit per query).
  std::vector<double> deltas;
  for (int i = 0; i < 40; ++i) deltas.push_back((i % 7) * 0.01 - 0.02);
  const auto pinned = grk::significance::randomization_test(deltas, 10000, 7);
  BOOST_TEST(pinned.p_value_two_sided == 0.012798720127987202);
  // The floor: a p-value is never 0.
  BOOST_TEST(grk::significance::randomization_test(std::vector<double>(100, 1.0), 999, 1).p_value_two_sided ==
             1.0 / 1000.0);
}

BOOST_AUTO_TEST_CASE(the_interval_of_wilcoxon_and_randomization_is_paired_bootstraps) {
  for (const auto& [resamples, seed] : {std::pair<int, std::int64_t>{10000, 7}, {777, -123456789012345}}) {
    object params = fusion_vs_bm25();
    params["resamples"] = resamples;
    params["seed"] = seed;
    params["confidence_level"] = 0.9;
    const Outcome bootstrap = run<grk::significance::PairedBootstrapStatistic>(params);
    const Outcome wilcoxon = run<grk::significance::WilcoxonStatistic>(params);
    const Outcome randomization = run<grk::significance::RandomizationStatistic>(params);
    BOOST_REQUIRE_MESSAGE(bootstrap.error.empty() && wilcoxon.error.empty() && randomization.error.empty(),
                          bootstrap.error + wilcoxon.error + randomization.error);
    for (const char* key : {"effect", "confidence_interval_low", "confidence_interval_high"}) {
      BOOST_TEST(wilcoxon.result.at(key).as_double() == bootstrap.result.at(key).as_double());
      BOOST_TEST(randomization.result.at(key).as_double() == bootstrap.result.at(key).as_double());
    }
    const std::string method = "bootstrap percentile (resamples " + std::to_string(resamples) + ", seed " +
                               std::to_string(seed) + ")";
    BOOST_TEST(wilcoxon.result.at("interval_method").as_string() == method);
    BOOST_TEST(randomization.result.at("interval_method").as_string() == method);
  }
}

BOOST_AUTO_TEST_CASE(records_have_the_common_fields_in_order_then_the_tests_own) {
  const std::string common =
      "\"baseline\":\"bm25\",\"candidate\":\"fusion\",\"metric\":\"ndcg_at_10\",\"test\":\"";
  const Outcome t = run<grk::significance::PairedTStatistic>(fusion_vs_bm25());
  const Outcome w = run<grk::significance::WilcoxonStatistic>(fusion_vs_bm25());
  const Outcome r = run<grk::significance::RandomizationStatistic>(fusion_vs_bm25());
  BOOST_REQUIRE_MESSAGE(t.error.empty() && w.error.empty() && r.error.empty(), t.error + w.error + r.error);
  const auto keys = [](const boost::json::value& value) {
    std::string out;
    for (const auto& member : value.as_object()) out += std::string(member.key()) + ",";
    return out;
  };
  const std::string head =
      "baseline,candidate,metric,test,query_count,baseline_mean,candidate_mean,effect,confidence_interval_low,"
      "confidence_interval_high,interval_method,p_value_two_sided,effect_size,wins,ties,losses,p_value_adjusted,"
      "alpha,significant,";
  BOOST_TEST(keys(t.result) == head + "t_statistic,degrees_of_freedom,");
  BOOST_TEST(keys(w.result) == head + "v_statistic,distribution,");
  BOOST_TEST(keys(r.result) == head + "method,permutations,p_value_standard_error,");
  BOOST_TEST(grk::json::write_compact(t.result).rfind("{" + common + "paired-t\",\"query_count\":34,", 0) == 0);
  // The example report: 22 wins, 5 ties, 7 losses over 34 answerable queries.
  for (const Outcome* out : {&t, &w, &r}) {
    BOOST_TEST(out->result.at("wins").to_number<std::int64_t>() == 22);
    BOOST_TEST(out->result.at("ties").to_number<std::int64_t>() == 5);
    BOOST_TEST(out->result.at("losses").to_number<std::int64_t>() == 7);
    BOOST_TEST(out->result.at("p_value_adjusted").as_double() == out->result.at("p_value_two_sided").as_double());
    BOOST_TEST(out->result.at("alpha").as_double() == 0.05);
  }
  BOOST_TEST(t.result.at("interval_method").as_string() == "t");
  BOOST_TEST(w.result.at("distribution").as_string() == "normal");  // ties and zeros
  BOOST_TEST(r.result.at("method").as_string() == "monte-carlo");
  BOOST_TEST(t.summary ==
             "fusion vs bm25, ndcg_at_10 (n=34): +0.2338, CI [+0.0583, +0.4092], p 0.0106, significant at alpha "
             "0.05 (paired-t)");
  BOOST_TEST(w.summary.find("(wilcoxon)") != std::string::npos);
  BOOST_TEST(r.summary.find("(randomization)") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(effect_size_is_null_without_spread_and_significance_follows_alpha) {
  TempDir dir;
  const fs::path scores =
      dir.write("s.json", R"({"baseline": {"a": 0.5, "b": 0.25, "c": 0.0}, "candidate": {"a": 0.5, "b": 0.25, "c": 0.0}})");
  const object params{{"scores", scores.string()}, {"baseline", "x"}, {"candidate", "y"}, {"metric", "mrr"}};
  const Outcome r = run<grk::significance::RandomizationStatistic>(params);
  BOOST_REQUIRE_MESSAGE(r.error.empty(), r.error);
  BOOST_TEST(r.result.at("effect_size").is_null());
  BOOST_TEST(r.result.at("ties").to_number<std::int64_t>() == 3);
  BOOST_TEST(r.result.at("p_value_two_sided").as_double() == 1.0);
  BOOST_TEST(r.result.at("method").as_string() == "exact");
  BOOST_TEST(r.result.at("permutations").to_number<std::int64_t>() == 8);

  object strict = fusion_vs_bm25();
  strict["alpha"] = 0.01;
  const Outcome t = run<grk::significance::PairedTStatistic>(strict);
  BOOST_REQUIRE_MESSAGE(t.error.empty(), t.error);
  BOOST_TEST(!t.result.at("significant").as_bool());  // p 0.0106 >= 0.01
  BOOST_TEST(t.result.at("alpha").as_double() == 0.01);
}

BOOST_AUTO_TEST_CASE(invalid_comparisons_are_refused_naming_the_comparison) {
  TempDir dir;
  const auto with_scores = [&](const std::string& bytes) {
    return object{{"scores", dir.write("s.json", bytes).string()}, {"baseline", "old"}, {"candidate", "new"},
                  {"metric", "mrr"}};
  };
  const object constant = with_scores(R"({"baseline": {"a": 0.25, "b": 0.5}, "candidate": {"a": 0.5, "b": 0.75}})");
  Outcome out = run<grk::significance::PairedTStatistic>(constant);
  BOOST_TEST((out.status == grk::Status::invalid_data));
  BOOST_TEST(out.error ==
             "paired-t new vs old on mrr: every query has the same delta, so the t statistic is undefined "
             "(R: data are essentially constant)");
  const object zero = with_scores(R"({"baseline": {"a": 0.25, "b": 0.5}, "candidate": {"a": 0.25, "b": 0.5}})");
  out = run<grk::significance::PairedTStatistic>(zero);
  BOOST_TEST(out.error.find("paired-t new vs old on mrr: every query has the same delta") == 0);
  out = run<grk::significance::WilcoxonStatistic>(zero);
  BOOST_TEST((out.status == grk::Status::invalid_data));
  BOOST_TEST(out.error ==
             "wilcoxon new vs old on mrr: every delta is zero, so the signed-rank test has nothing to rank (R: not "
             "enough (non-missing) 'x' observations)");
  const object single = with_scores(R"({"baseline": {"a": 0.25}, "candidate": {"a": 0.5}})");
  out = run<grk::significance::PairedTStatistic>(single);
  BOOST_TEST(out.error ==
             "paired-t new vs old on mrr: a t-test needs at least 2 queries, got 1 (R: not enough 'x' observations)");
  // One query is enough for the others (R's wilcox.test answers p = 1).
  BOOST_TEST(run<grk::significance::WilcoxonStatistic>(single).result.at("p_value_two_sided").as_double() == 1.0);
  BOOST_TEST(run<grk::significance::RandomizationStatistic>(single).result.at("effect_size").is_null());

  // The pairing checks, worded as paired-bootstrap's.
  const object empty = with_scores(R"({"baseline": {}, "candidate": {}})");
  BOOST_TEST(run<grk::significance::PairedTStatistic>(empty).error == "paired t-test requires at least one query score");
  BOOST_TEST(run<grk::significance::WilcoxonStatistic>(empty).error ==
             "wilcoxon signed-rank test requires at least one query score");
  const object differ = with_scores(R"({"baseline": {"a": 0.1, "b": 0.2}, "candidate": {"a": 0.1, "c": 0.3}})");
  BOOST_TEST(run<grk::significance::RandomizationStatistic>(differ).error ==
             "randomization test query ids differ (missing from candidate=['b'], missing from baseline=['c'])");
  const object infinite = with_scores(R"({"baseline": {"a": 0.1}, "candidate": {"a": Infinity}})");
  BOOST_TEST(run<grk::significance::PairedTStatistic>(infinite).error == "paired t-test scores must be finite");
}

BOOST_AUTO_TEST_CASE(every_bad_parameter_value_is_named) {
  const auto error_of = [](const object& params) {
    const Outcome t = run<grk::significance::PairedTStatistic>(params);
    const Outcome w = run<grk::significance::WilcoxonStatistic>(params);
    const Outcome r = run<grk::significance::RandomizationStatistic>(params);
    BOOST_TEST(t.error == r.error);
    BOOST_TEST(w.error == r.error);
    BOOST_TEST((r.status == grk::Status::invalid_argument));
    return r.error;
  };
  const auto changed = [](const char* key, boost::json::value value) {
    object params = fusion_vs_bm25();
    params[key] = std::move(value);
    return params;
  };
  BOOST_TEST(error_of(changed("confidence_level", 1)) == "confidence_level must be between 0 and 1, got 1");
  BOOST_TEST(error_of(changed("confidence_level", 0.0)) == "confidence_level must be between 0 and 1, got 0.0");
  BOOST_TEST(error_of(changed("confidence_level", -0.5)) == "confidence_level must be between 0 and 1, got -0.5");
  BOOST_TEST(error_of(changed("confidence_level", "0.9")) ==
             "parameter 'confidence_level': expected number, got string");
  BOOST_TEST(error_of(changed("alpha", 1.5)) == "alpha must be between 0 and 1, got 1.5");
  BOOST_TEST(error_of(changed("alpha", 0)) == "alpha must be between 0 and 1, got 0");
  BOOST_TEST(error_of(changed("alpha", true)) == "parameter 'alpha': expected number, got boolean");
  BOOST_TEST(error_of(changed("metric", "ndcg")) ==
             "metric must be one of 'recall_at_1', 'recall_at_5', 'recall_at_10', 'mrr', 'ndcg_at_10', got 'ndcg'");
  BOOST_TEST(error_of(changed("baseline", "bm26")) == "report does not contain stage 'bm26'");
  BOOST_TEST(error_of(changed("candidate", "fusio")) == "report does not contain stage 'fusio'");
  BOOST_TEST(error_of(changed("scores", "x.json")) == "exactly one of 'report' and 'scores' must be given, got both");
  object neither = fusion_vs_bm25();
  neither.erase("report");
  BOOST_TEST(error_of(neither) == "exactly one of 'report' and 'scores' must be given, got neither");
  object no_metric = fusion_vs_bm25();
  no_metric.erase("metric");
  BOOST_TEST(error_of(no_metric) == "parameter 'metric': missing required parameter");

  // resamples (wilcoxon, randomization), permutations and seed (randomization; seed for wilcoxon too).
  const auto error_with = [&](const char* key, boost::json::value value) {
    const object params = changed(key, std::move(value));
    const Outcome w = run<grk::significance::WilcoxonStatistic>(params);
    const Outcome r = run<grk::significance::RandomizationStatistic>(params);
    if (std::string(key) != "permutations") BOOST_TEST(w.error == r.error);
    return r.error;
  };
  BOOST_TEST(error_with("resamples", 0) == "resamples must be positive, got 0");
  BOOST_TEST(error_with("resamples", -5) == "resamples must be positive, got -5");
  BOOST_TEST(error_with("permutations", 0) == "permutations must be positive, got 0");
  BOOST_TEST(error_with("permutations", 2.5) == "parameter 'permutations': expected integer, got number");
  BOOST_TEST(error_with("seed", "7") == "parameter 'seed': expected integer, got string");
  BOOST_TEST(error_with("seed", 18446744073709551615ull) ==
             "parameter 'seed': expected an integer in signed 64-bit range");
  // paired-t has no resampling: those names are not its parameters.
  BOOST_TEST(run<grk::significance::PairedTStatistic>(changed("resamples", 10)).error.find(
                 "parameter 'resamples': unknown parameter") == 0);
  // The check order: the input before the ranges, the ranges in declaration order.
  object order = changed("alpha", 2.0);
  order["confidence_level"] = 2.0;
  BOOST_TEST(error_of(order) == "confidence_level must be between 0 and 1, got 2.0");
  order["metric"] = "x";
  BOOST_TEST(error_of(order).find("metric must be one of") == 0);
}
