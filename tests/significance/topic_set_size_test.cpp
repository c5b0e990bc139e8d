// topic-set-size and the two-way ANOVA under it: the ANOVA table equals R's
// summary(aov(score ~ system + topic)); the t design's topics equal R's
// ceiling(power.t.test(..., type = "paired")$n) and the anova design's the
// smallest n for which R's noncentral F power reaches the target; the
// component takes its variance from the input (a scores file, TREC runs with
// qrels) as R computes it from the same scores; every bad value is refused
// with its exact message. The R cases skip with a message without Rscript.
#define BOOST_TEST_MODULE significance_topic_set_size
#include <boost/test/unit_test.hpp>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include <grk/error.hpp>
#include <grk/json/writer.hpp>

#include "components/topic_set_size.hpp"
#include "methods/topic_set_size.hpp"
#include "methods/two_way_anova.hpp"
#include "component_call.hpp"
#include "r_oracle.hpp"

using boost::json::array;
using boost::json::object;
using grk::significance::TopicSetSizeStatistic;
using grk::test::Outcome;
using grk::test::prerun;
using grk::test::run;
using grk::test::TempDir;

namespace {

using Table = std::vector<std::vector<double>>;  // [system][query]

/// Scores in [0, 1) with a system effect, a topic effect and noise.
Table random_table(std::size_t systems, std::size_t queries, unsigned seed) {
  std::mt19937_64 generator(seed);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  std::vector<double> topic(queries);
  for (double& t : topic) t = unit(generator);
  Table table(systems, std::vector<double>(queries));
  for (std::size_t s = 0; s < systems; ++s) {
    for (std::size_t q = 0; q < queries; ++q) {
      table[s][q] = std::fmin(0.999, 0.5 * topic[q] + 0.05 * static_cast<double>(s) + 0.3 * unit(generator));
    }
  }
  return table;
}

std::string exact(double value) {
  char text[64];
  std::snprintf(text, sizeof text, "%.17g", value);
  return text;
}

/// One line per table: `m n x11 x12 ... xmn` (system-major).
std::string tables_input(const std::vector<Table>& tables) {
  std::string input;
  for (const Table& table : tables) {
    input += std::to_string(table.size()) + " " + std::to_string(table[0].size());
    for (const auto& row : table) {
      for (const double x : row) input += " " + exact(x);
    }
    input += "\n";
  }
  return input;
}

std::vector<std::vector<double>> rows_of(const std::string& output) {
  std::vector<std::vector<double>> rows;
  std::istringstream lines(output);
  std::string line;
  while (std::getline(lines, line)) {
    std::istringstream fields(line);
    std::vector<double> row;
    std::string field;
    while (fields >> field) row.push_back(field == "NA" ? NAN : std::strtod(field.c_str(), nullptr));
    if (!row.empty()) rows.push_back(row);
  }
  return rows;
}

bool close(double ours, double theirs, double tolerance = 1e-10) {
  return std::fabs(ours - theirs) <= tolerance * std::fmax(1.0, std::fabs(theirs));
}

/// The paired t design's cases: delta, sd, alpha, power.
struct DesignCase {
  double delta;
  double variance;
  double alpha;
  double power;
  std::size_t systems;  // anova only
};

const std::vector<DesignCase> design_cases{
    {0.05, 0.02, 0.05, 0.8, 2},  {0.1, 0.03, 0.05, 0.8, 5},   {0.02, 0.01, 0.01, 0.9, 10},
    {0.2, 0.05, 0.05, 0.5, 3},   {0.07, 0.011, 0.1, 0.95, 4}, {0.5, 0.04, 0.05, 0.8, 20},
    {0.01, 0.02, 0.05, 0.8, 8},  {0.3, 0.2, 0.001, 0.99, 6},
};

std::string design_input() {
  std::string input;
  for (const DesignCase& c : design_cases) {
    input += exact(c.delta) + " " + exact(c.variance) + " " + exact(c.alpha) + " " + exact(c.power) + " " +
             std::to_string(c.systems) + "\n";
  }
  return input;
}

std::string json(const boost::json::value& value) { return grk::json::write_compact(value); }

/// A many-systems scores file of `table` on the free metric "P_10".
object scores_params(const TempDir& dir, const Table& table, const std::string& name = "scores.json") {
  object systems;
  for (std::size_t s = 0; s < table.size(); ++s) {
    object scores;
    for (std::size_t q = 0; q < table[s].size(); ++q) scores["q" + std::to_string(100 + q)] = table[s][q];
    systems["sys" + std::to_string(s)] = std::move(scores);
  }
  const auto path = dir.write(name, json(object{{"systems", std::move(systems)}}));
  return object{{"scores", path.string()}, {"metric", "P_10"}};
}

object with(object base, const object& extra) {
  for (const auto& member : extra) base[member.key()] = member.value();
  return base;
}

}  // namespace

BOOST_AUTO_TEST_CASE(two_way_anova_equals_r_aov, *boost::unit_test::precondition(grk::test::r_available)) {
  const std::vector<Table> tables{random_table(2, 4, 1), random_table(3, 10, 2), random_table(5, 25, 3),
                                  random_table(12, 50, 4)};
  const auto output = grk::test::run_r(R"R(
f <- function(x) if (is.na(x)) "NA" else sprintf("%.17g", x)
for (line in readLines(commandArgs(trailingOnly = TRUE)[1])) {
  v <- as.numeric(strsplit(line, " ")[[1]])
  m <- v[1]; n <- v[2]
  d <- data.frame(score = v[-(1:2)], system = factor(rep(1:m, each = n)), topic = factor(rep(1:n, times = m)))
  t <- summary(aov(score ~ system + topic, data = d))[[1]]
  cat(sapply(c(t[["Sum Sq"]], t[["Df"]], t[["Mean Sq"]], t[["F value"]][1:2], t[["Pr(>F)"]][1:2]), f), "\n")
})R",
                                       tables_input(tables));
  BOOST_REQUIRE(output.has_value());
  const auto rows = rows_of(*output);
  BOOST_REQUIRE_EQUAL(rows.size(), tables.size());
  for (std::size_t i = 0; i < tables.size(); ++i) {
    BOOST_TEST_CONTEXT("table " << i) {
      const auto anova = grk::significance::two_way_anova(tables[i]);
      const std::vector<double> ours{anova.system.sum_of_squares, anova.topic.sum_of_squares,
                                     anova.residual.sum_of_squares, anova.system.df, anova.topic.df,
                                     anova.residual.df, anova.system.mean_square, anova.topic.mean_square,
                                     anova.residual.mean_square, anova.system.f, anova.topic.f, anova.system.p_value,
                                     anova.topic.p_value};
      BOOST_REQUIRE_EQUAL(rows[i].size(), ours.size());
      for (std::size_t k = 0; k < ours.size(); ++k) {
        // p of the big table's topic row is tiny: compare it relative to itself.
        BOOST_TEST(close(ours[k], rows[i][k], k >= 11 ? 1e-8 : 1e-10),
                   "column " << k << ": " << exact(ours[k]) << " vs R " << exact(rows[i][k]));
      }
    }
  }
}

BOOST_AUTO_TEST_CASE(t_design_equals_r_power_t_test, *boost::unit_test::precondition(grk::test::r_available)) {
  const auto output = grk::test::run_r(R"R(
for (line in readLines(commandArgs(trailingOnly = TRUE)[1])) {
  v <- as.numeric(strsplit(line, " ")[[1]])
  n <- ceiling(power.t.test(delta = v[1], sd = sqrt(v[2]), sig.level = v[3], power = v[4], type = "paired")$n)
  p <- power.t.test(n = n, delta = v[1], sd = sqrt(v[2]), sig.level = v[3], type = "paired")$power
  cat(n, sprintf("%.17g", p), "\n")
})R",
                                       design_input());
  BOOST_REQUIRE(output.has_value());
  const auto rows = rows_of(*output);
  BOOST_REQUIRE_EQUAL(rows.size(), design_cases.size());
  for (std::size_t i = 0; i < design_cases.size(); ++i) {
    const DesignCase& c = design_cases[i];
    BOOST_TEST_CONTEXT("case " << i) {
      const auto size = grk::significance::t_topic_set_size(c.delta, c.variance, c.alpha, c.power);
      BOOST_REQUIRE(size.has_value());
      BOOST_TEST(static_cast<double>(size->topics) == rows[i][0]);
      BOOST_TEST(close(size->achieved_power, rows[i][1], 1e-9),
                 exact(size->achieved_power) << " vs R " << exact(rows[i][1]));
    }
  }
}

BOOST_AUTO_TEST_CASE(anova_design_equals_r_noncentral_f, *boost::unit_test::precondition(grk::test::r_available)) {
  const auto output = grk::test::run_r(R"R(
for (line in readLines(commandArgs(trailingOnly = TRUE)[1])) {
  v <- as.numeric(strsplit(line, " ")[[1]])
  D <- v[1]; s2 <- v[2]; alpha <- v[3]; target <- v[4]; m <- v[5]
  power <- function(n) {
    df2 <- (m - 1) * (n - 1)
    1 - pf(qf(1 - alpha, m - 1, df2), m - 1, df2, ncp = n * D^2 / (2 * s2))
  }
  n <- 2
  while (power(n) < target) n <- n + 1
  cat(n, sprintf("%.17g", power(n)), "\n")
})R",
                                       design_input());
  BOOST_REQUIRE(output.has_value());
  const auto rows = rows_of(*output);
  BOOST_REQUIRE_EQUAL(rows.size(), design_cases.size());
  for (std::size_t i = 0; i < design_cases.size(); ++i) {
    const DesignCase& c = design_cases[i];
    BOOST_TEST_CONTEXT("case " << i) {
      const auto size =
          grk::significance::anova_topic_set_size(c.systems, c.delta, c.variance, c.alpha, c.power);
      BOOST_REQUIRE(size.has_value());
      BOOST_TEST(static_cast<double>(size->topics) == rows[i][0]);
      BOOST_TEST(close(size->achieved_power, rows[i][1], 1e-9),
                 exact(size->achieved_power) << " vs R " << exact(rows[i][1]));
    }
  }
}

BOOST_AUTO_TEST_CASE(the_component_takes_its_variance_from_the_input,
                     *boost::unit_test::precondition(grk::test::r_available)) {
  TempDir dir;
  const Table table = random_table(4, 30, 9);
  const object input = scores_params(dir, table);
  const Outcome t = run<TopicSetSizeStatistic>(
      with(input, {{"baseline", "sys0"}, {"candidate", "sys2"}, {"minimum_difference", 0.05}}));
  BOOST_REQUIRE_MESSAGE(t.error.empty(), t.error);
  const Outcome anova = run<TopicSetSizeStatistic>(
      with(input, {{"test", "anova"}, {"minimum_difference", 0.1}, {"systems", 10}, {"power", 0.9}}));
  BOOST_REQUIRE_MESSAGE(anova.error.empty(), anova.error);

  const auto output = grk::test::run_r(R"R(
v <- as.numeric(strsplit(readLines(commandArgs(trailingOnly = TRUE)[1]), " ")[[1]])
m <- v[1]; n <- v[2]
x <- matrix(v[-(1:2)], nrow = m, byrow = TRUE)
s <- var(x[3, ] - x[1, ])
cat(sprintf("%.17g", s), ceiling(power.t.test(delta = 0.05, sd = sqrt(s), power = 0.8, type = "paired")$n), "\n")
d <- data.frame(score = v[-(1:2)], system = factor(rep(1:m, each = n)), topic = factor(rep(1:n, times = m)))
s2 <- summary(aov(score ~ system + topic, data = d))[[1]][["Mean Sq"]][3]
power <- function(k) 1 - pf(qf(0.95, 9, 9 * (k - 1)), 9, 9 * (k - 1), ncp = k * 0.1^2 / (2 * s2))
k <- 2
while (power(k) < 0.9) k <- k + 1
cat(sprintf("%.17g", s2), k, "\n")
)R",
                                       tables_input({table}));
  BOOST_REQUIRE(output.has_value());
  const auto rows = rows_of(*output);
  BOOST_REQUIRE_EQUAL(rows.size(), 2u);
  const auto& tv = t.result.at("variance");
  BOOST_TEST(close(tv.at("value").to_number<double>(), rows[0][0]));
  BOOST_TEST(t.result.at("topics").to_number<double>() == rows[0][1]);
  BOOST_TEST(json(tv.at("source")) == "\"sample variance of the paired deltas (candidate - baseline)\"");
  BOOST_TEST(tv.at("queries").to_number<double>() == 30);
  BOOST_TEST(t.result.at("metric").as_string() == "P_10");
  const auto& av = anova.result.at("variance");
  BOOST_TEST(close(av.at("value").to_number<double>(), rows[1][0]));
  BOOST_TEST(anova.result.at("topics").to_number<double>() == rows[1][1]);
  BOOST_TEST(anova.result.at("systems").to_number<double>() == 10);
  BOOST_TEST(json(av.at("systems")) == "[\"sys0\",\"sys1\",\"sys2\",\"sys3\"]");
  BOOST_TEST(av.at("df").to_number<double>() == 87);
  BOOST_TEST(t.summary == "topic-set-size: " + std::to_string(t.result.at("topics").to_number<std::uint64_t>()) +
                              " topics for a paired t-test to detect 0.05 on P_10 with power 0.8 at alpha 0.05");
}

BOOST_AUTO_TEST_CASE(trec_runs_with_qrels_are_an_input) {
  const char* source = std::getenv("GRK_SOURCE_DIR");
  const std::string data = std::string(source ? source : "") + "/tests/significance/data/trec_run/";
  const object params{{"runs", object{{"dense", data + "dense.run"}, {"rerank", data + "rerank.run"}}},
                      {"runs_format", "trec_run"},
                      {"qrels", data + "qrels.txt"},
                      {"metric", "ndcg_cut_10"},
                      {"baseline", "dense"},
                      {"candidate", "rerank"},
                      {"minimum_difference", 0.05}};
  const Outcome out = run<TopicSetSizeStatistic>(params);
  BOOST_REQUIRE_MESSAGE(out.error.empty(), out.error);
  BOOST_TEST(out.result.at("variance").at("queries").to_number<double>() == 12);
  BOOST_TEST(out.result.at("metric").as_string() == "ndcg_cut_10");
  const Outcome unknown = prerun<TopicSetSizeStatistic>(with(params, {{"metric", "gm_map"}}));
  BOOST_TEST(unknown.error ==
             "metric: 'gm_map' has no per-query value in trec_eval (it is a summary over the queries), so it "
             "cannot be tested");
}

BOOST_AUTO_TEST_CASE(bad_values_are_refused_with_their_messages) {
  TempDir dir;
  const object input = scores_params(dir, random_table(3, 6, 5));
  const object t = with(input, {{"baseline", "sys0"}, {"candidate", "sys1"}, {"minimum_difference", 0.05}});
  const object anova = with(input, {{"test", "anova"}, {"minimum_difference", 0.05}});
  const object one_system = scores_params(dir, random_table(1, 6, 5), "one-system.json");
  const object one_query = scores_params(dir, random_table(3, 1, 5), "one-query.json");
  struct Case {
    object params;
    std::string message;
    bool before_run;  // refused by the pre-run check too
  };
  const std::vector<Case> cases{
      {with(t, {{"power", 1.5}}), "power must be between 0 and 1, got 1.5", true},
      {with(t, {{"power", 0}}), "power must be between 0 and 1, got 0", true},
      {with(t, {{"power", 1}}), "power must be between 0 and 1, got 1", true},
      {with(t, {{"alpha", 0}}), "alpha must be between 0 and 1, got 0", true},
      {with(t, {{"alpha", 1.0}}), "alpha must be between 0 and 1, got 1.0", true},
      {with(t, {{"minimum_difference", 0}}), "minimum_difference must be a positive number, got 0", true},
      {with(t, {{"minimum_difference", -0.1}}), "minimum_difference must be a positive number, got -0.1", true},
      {with(input, {{"minimum_difference", 0.05}}),
       "test 't' needs 'baseline' and 'candidate', the systems whose paired deltas give the variance", true},
      {with(t, {{"systems", 5}}), "'systems' is read only with test 'anova'", true},
      {with(anova, {{"baseline", "sys0"}}),
       "'baseline' and 'candidate' are read only with test 't'; test 'anova' takes every system of the input", true},
      {with(anova, {{"systems", 1}}), "systems must be at least 2 for test 'anova', got 1", true},
      {with(with(anova, one_system), {}),
       "test 'anova' needs at least two systems in the input for the residual variance, got 1", false},
      {with(t, one_query), "the variance needs at least two queries, got 1 on metric 'P_10'", false},
      {with(anova, one_query), "the variance needs at least two queries, got 1 on metric 'P_10'", false},
      {with(t, {{"candidate", "sys9"}}), "candidate: unknown system 'sys9'; the input has ['sys0', 'sys1', 'sys2']",
       false},
      {with(t, {{"candidate", "sys0"}}),
       "the sample variance of the paired deltas is 0.0; the topic set size needs a positive, finite variance",
       false},
      {with(t, {{"qrels", "q.txt"}}), "'qrels' is read only with 'runs' in runs_format 'trec_run'", true},
  };
  for (const Case& c : cases) {
    BOOST_TEST_CONTEXT(json(c.params)) {
      const Outcome step = run<TopicSetSizeStatistic>(c.params);
      BOOST_TEST(step.error == c.message);
      const Outcome before = prerun<TopicSetSizeStatistic>(c.params);
      BOOST_TEST(before.error == (c.before_run ? c.message : std::string()));
    }
  }
}
