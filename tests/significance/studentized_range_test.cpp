// The studentized range distribution (methods/studentized_range.hpp): exact
// where a closed form exists, the printed tables of Tukey's q, and R 4.2's
// ptukey / qtukey within R's own accuracy, which is the coarser of the two:
// for k = 2, where Q / sqrt(2) is |Student's t|, R is off by up to 1.6e-4 at
// df = 2 and these functions by under 1e-12.
#define BOOST_TEST_MODULE significance_studentized_range
#include <boost/test/unit_test.hpp>

#include <cmath>
#include <cstdio>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

#include "methods/studentized_range.hpp"
#include "r_oracle.hpp"

namespace sr = grk::significance::studentized_range;

namespace {

const double inf = std::numeric_limits<double>::infinity();

struct Point {
  double q;
  int k;
  double df;
};

std::vector<Point> grid() {
  std::vector<Point> points;
  for (const double q : {0.25, 1.0, 2.0, 3.0, 3.5, 4.5, 6.0, 9.0}) {
    for (const int k : {2, 3, 5, 10, 25}) {
      for (const double df : {2.0, 3.0, 7.0, 20.0, 120.0, 5000.0, inf}) points.push_back({q, k, df});
    }
  }
  return points;
}

std::string number(double x) {
  if (std::isinf(x)) return "Inf";
  char text[40];
  std::snprintf(text, sizeof text, "%.17g", x);
  return text;
}

/// R's answers for `points`, one per line, from `expression` of q, k, df.
std::vector<double> ask_r(const std::vector<Point>& points, const std::string& expression) {
  std::string input;
  for (const auto& p : points) input += number(p.q) + " " + std::to_string(p.k) + " " + number(p.df) + "\n";
  const std::string script =
      "x <- read.table(commandArgs(trailingOnly = TRUE)[1]); q <- x$V1; k <- x$V2; df <- x$V3\n"
      "cat(sprintf('%.17g', " + expression + "), sep = '\\n')\n";
  const auto output = grk::test::run_r(script, input);
  BOOST_REQUIRE_MESSAGE(output, "Rscript failed");
  std::vector<double> values;
  std::istringstream lines(*output);
  for (std::string line; std::getline(lines, line);) values.push_back(std::stod(line));
  BOOST_REQUIRE_EQUAL(values.size(), points.size());
  return values;
}

}  // namespace

// With infinite df and k = 2, the range is |Z1 - Z2| = sqrt(2) |Z|:
// P(Q < q) = erf(q / 2), no R needed.
BOOST_AUTO_TEST_CASE(two_means_with_known_variance_is_the_normal_law) {
  for (const double q : {0.01, 0.5, 1.0, 2.77, 3.5, 5.0, 8.0}) {
    BOOST_TEST(std::fabs(sr::cdf(q, 2, inf) - std::erf(q / 2.0)) < 1e-14, q);
  }
}

// Tukey's q at 5% and 1% as the printed tables give it (three decimals).
BOOST_AUTO_TEST_CASE(the_printed_tables_of_tukeys_q) {
  struct Row {
    double level;
    int k;
    double df;
    double q;
  };
  for (const Row& row : {Row{0.95, 3, 10, 3.877}, Row{0.95, 5, 20, 4.232}, Row{0.95, 10, 60, 4.646},
                         Row{0.95, 2, 5, 3.635}, Row{0.99, 4, 12, 5.502}, Row{0.99, 3, 30, 4.455},
                         Row{0.95, 4, inf, 3.633}}) {
    BOOST_TEST(std::fabs(sr::quantile(row.level, row.k, row.df) - row.q) < 6e-4,
               row.level << " " << row.k << " " << row.df << ": " << sr::quantile(row.level, row.k, row.df));
  }
}

BOOST_AUTO_TEST_CASE(the_quantile_inverts_the_cdf) {
  for (const double p : {0.5, 0.9, 0.95, 0.99, 0.999}) {
    for (const int k : {2, 4, 12}) {
      for (const double df : {2.0, 9.0, 60.0, inf}) {
        const double q = sr::quantile(p, k, df);
        BOOST_TEST(std::fabs(sr::cdf(q, k, df) - p) < 1e-13, p << " " << k << " " << df);
      }
    }
  }
}

BOOST_AUTO_TEST_CASE(outside_the_domain) {
  BOOST_TEST(std::isnan(sr::cdf(3.0, 1, 10.0)));
  BOOST_TEST(std::isnan(sr::cdf(3.0, 3, 0.5)));
  BOOST_TEST(sr::cdf(0.0, 3, 10.0) == 0.0);
  BOOST_TEST(sr::cdf(-1.0, 3, 10.0) == 0.0);
  BOOST_TEST(sr::cdf(inf, 3, 10.0) == 1.0);
  BOOST_TEST(sr::upper_tail(0.0, 3, 10.0) == 1.0);
  BOOST_TEST(std::isnan(sr::quantile(0.0, 3, 10.0)));
  BOOST_TEST(std::isnan(sr::quantile(1.0, 3, 10.0)));
  BOOST_TEST(std::isnan(sr::quantile(0.95, 3, 0.0)));
}

// For k = 2 at finite df, Q / sqrt(2) is |t_df|: R's pt gives the exact law.
BOOST_AUTO_TEST_CASE(two_means_is_students_t, *boost::unit_test::precondition(grk::test::r_available)) {
  std::vector<Point> points;
  for (const auto& p : grid()) {
    if (p.k == 2) points.push_back(p);
  }
  const auto exact = ask_r(points, "ifelse(is.infinite(df), 2 * pnorm(q / sqrt(2)) - 1, 1 - 2 * pt(-q / sqrt(2), df))");
  for (std::size_t i = 0; i < points.size(); ++i) {
    const auto& p = points[i];
    BOOST_TEST(std::fabs(sr::cdf(p.q, p.k, p.df) - exact[i]) < 1e-12, p.q << " " << p.df);
  }
}

// From df 500 on the chi part is a 12-point Gauss rule of its own law: the
// regime of Tukey's HSD on a large matrix (20 systems x 1,000 queries is df
// 18,981). For k = 2 R's pt gives the exact law; for k = 20, R's ptukey is
// within 3e-8 of it up to df 18,981 (from df 25,000 on R drops the chi part,
// so it is no oracle there). Far out, p is 0.
BOOST_AUTO_TEST_CASE(large_df_as_a_large_matrix_has, *boost::unit_test::precondition(grk::test::r_available)) {
  std::vector<Point> two;
  std::vector<Point> twenty;
  for (const double df : {500.0, 1000.0, 5000.0, 18981.0, 1e5}) {
    for (const double q : {0.5, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 8.0}) two.push_back({q, 2, df});
  }
  for (const double df : {500.0, 1000.0, 18981.0}) {
    for (const double q : {2.0, 3.0, 4.0, 4.5, 5.0, 5.5, 6.0, 7.0, 9.0, 30.0}) twenty.push_back({q, 20, df});
  }
  const auto exact = ask_r(two, "2 * pt(-q / sqrt(2), df)");
  for (std::size_t i = 0; i < two.size(); ++i) {
    const auto& p = two[i];
    BOOST_TEST(std::fabs(sr::upper_tail(p.q, p.k, p.df) - exact[i]) < 1e-13, p.q << " " << p.df);
  }
  const auto r_upper = ask_r(twenty, "ptukey(q, k, df, lower.tail = FALSE)");
  for (std::size_t i = 0; i < twenty.size(); ++i) {
    const auto& p = twenty[i];
    BOOST_TEST(std::fabs(sr::upper_tail(p.q, p.k, p.df) - r_upper[i]) < 3e-8, p.q << " " << p.df);
  }
  BOOST_TEST(sr::upper_tail(30.0, 20, 18981.0) == 0.0);
}

// R's ptukey is accurate to about 2e-4 at df = 2, 2e-5 at df = 3 and 1e-6
// above (measured against the k = 2 law above and a fourfold finer
// quadrature here); within that, the two agree everywhere on the grid.
BOOST_AUTO_TEST_CASE(ptukey_and_qtukey_of_r, *boost::unit_test::precondition(grk::test::r_available)) {
  const auto points = grid();
  const auto r_cdf = ask_r(points, "ptukey(q, k, df)");
  const auto r_upper = ask_r(points, "ptukey(q, k, df, lower.tail = FALSE)");
  for (std::size_t i = 0; i < points.size(); ++i) {
    const auto& p = points[i];
    const double tolerance = p.df <= 2.0 ? 2e-4 : p.df <= 3.0 ? 2e-5 : 1e-6;
    BOOST_TEST(std::fabs(sr::cdf(p.q, p.k, p.df) - r_cdf[i]) < tolerance, p.q << " " << p.k << " " << p.df);
    BOOST_TEST(std::fabs(sr::upper_tail(p.q, p.k, p.df) - r_upper[i]) < tolerance, p.q << " " << p.k << " " << p.df);
  }
  // qtukey: its own iteration stops at four decimals, and it inverts R's
  // ptukey, so it carries ptukey's error too (2.5e-5 of q at df = 5).
  std::vector<Point> levels;
  for (const double level : {0.9, 0.95, 0.99}) {
    for (const int k : {2, 3, 6, 15}) {
      for (const double df : {5.0, 12.0, 40.0, inf}) levels.push_back({level, k, df});
    }
  }
  const auto r_quantile = ask_r(levels, "qtukey(q, k, df)");
  for (std::size_t i = 0; i < levels.size(); ++i) {
    const auto& p = levels[i];
    BOOST_TEST(std::fabs(sr::quantile(p.q, p.k, p.df) - r_quantile[i]) < 1e-4 * r_quantile[i],
               p.q << " " << p.k << " " << p.df);
  }
}
