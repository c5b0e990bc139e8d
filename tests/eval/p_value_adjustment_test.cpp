// Multiple-testing corrections: names, edge cases, R 4.2 parity of
// p.adjust on random families, holm-sidak against its formula.
#define BOOST_TEST_MODULE eval_p_value_adjustment
#include <boost/test/unit_test.hpp>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include <grk/error.hpp>
#include <grk/eval/p_value_adjustment.hpp>

#include "r_oracle.hpp"

using grk::eval::adjust;
using grk::eval::Correction;
using grk::eval::correction_name;
using grk::eval::parse_correction;

namespace {

const std::vector<Correction> every_correction{Correction::holm,   Correction::bonferroni, Correction::holm_sidak,
                                                Correction::hommel, Correction::bh,         Correction::by,
                                                Correction::none};

bool close(double ours, double reference, double relative) {
  if (ours == reference) return true;
  return std::fabs(ours - reference) <= relative * std::max(std::fabs(ours), std::fabs(reference));
}

std::string hex(double x) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%a", x);
  return buffer;
}

/// Families that exercise every branch: sizes 1..200, ties, 0 and 1,
/// p-values down to 1e-300, and the sizes where hommel changes shape.
std::vector<std::vector<double>> random_families() {
  std::mt19937_64 random(20240610);
  std::vector<std::vector<double>> families{{0.5}, {0.04, 0.03}, {0.03, 0.04}, {0.0, 1.0}, {1.0, 1.0, 1.0},
                                            {0.0, 0.0, 0.0},   {0.01, 0.04, 0.01, 0.2, 0.0}};
  std::uniform_real_distribution<double> uniform(0.0, 1.0);
  for (int family = 0; family < 300; ++family) {
    const std::size_t n = family < 200 ? static_cast<std::size_t>(family + 1)
                                       : std::uniform_int_distribution<std::size_t>(1, 200)(random);
    const int kind = family % 4;
    std::vector<double> p(n);
    for (double& value : p) {
      const double u = uniform(random);
      if (kind == 0) {
        value = u;
      } else if (kind == 1) {
        // Ties: a handful of distinct values, with 0 and 1 among them.
        const double levels[] = {0.0, 0.001, 0.01, 0.05, 0.05, 0.3, 1.0};
        value = levels[std::uniform_int_distribution<int>(0, 6)(random)];
      } else if (kind == 2) {
        value = std::pow(10.0, -300.0 * u);  // tiny p, down to 1e-300
      } else {
        value = u < 0.5 ? u * 1e-6 : u;  // a few strong effects among nulls
      }
    }
    families.push_back(std::move(p));
  }
  return families;
}

/// Each family on one line of hex floats; R prints, per family and method,
/// one line of hex floats.
const char* const r_script = R"R(
lines <- readLines(commandArgs(trailingOnly = TRUE)[1])
sidak <- function(p) {
  n <- length(p); if (n <= 1) return(p)
  i <- seq_len(n); o <- order(p); ro <- order(o)
  pmin(1, cummax(-expm1((n + 1L - i) * log1p(-p[o]))))[ro]
}
for (line in lines) {
  p <- as.numeric(strsplit(line, " ", fixed = TRUE)[[1]])
  for (m in c("holm", "bonferroni", "hommel", "BH", "BY")) cat(sprintf("%a", p.adjust(p, m)), "\n")
  cat(sprintf("%a", sidak(p)), "\n")
}
)R";

}  // namespace

BOOST_AUTO_TEST_CASE(names_round_trip_and_unknown_names_list_the_known_ones) {
  for (const Correction correction : every_correction) {
    auto parsed = parse_correction(correction_name(correction));
    BOOST_REQUIRE(parsed);
    BOOST_TEST((*parsed == correction));
  }
  BOOST_TEST(correction_name(Correction::holm_sidak) == "holm-sidak");
  for (const char* wrong : {"BH", "Holm", "holm_sidak", "fdr", ""}) {
    auto parsed = parse_correction(wrong);
    BOOST_REQUIRE(!parsed);
    BOOST_TEST((parsed.error().status == grk::Status::invalid_argument));
    BOOST_TEST(parsed.error().message ==
               "correction must be one of 'holm', 'bonferroni', 'holm-sidak', 'hommel', 'bh', 'by', 'none', got '" +
                   std::string(wrong) + "'");
  }
}

BOOST_AUTO_TEST_CASE(an_empty_family_and_a_family_of_one_come_back_unchanged) {
  for (const Correction correction : every_correction) {
    BOOST_TEST(adjust({}, correction).empty());
    const std::vector<double> one = adjust({0.3}, correction);
    BOOST_TEST(one == std::vector<double>{0.3}, boost::test_tools::per_element());
  }
}

BOOST_AUTO_TEST_CASE(ties_zeros_and_ones_as_r_gives_them) {
  // p.adjust(c(0.01, 0.04, 0.01, 0.2, 0), m) in R 4.2, printed with %.17g.
  const std::vector<double> p{0.01, 0.04, 0.01, 0.2, 0.0};
  BOOST_TEST(adjust(p, Correction::holm) == (std::vector<double>{0.04, 0.08, 0.04, 0.2, 0.0}),
             boost::test_tools::per_element());
  BOOST_TEST(adjust(p, Correction::bonferroni) == (std::vector<double>{0.05, 0.2, 0.05, 1.0, 0.0}),
             boost::test_tools::per_element());
  BOOST_TEST(adjust(p, Correction::hommel) == (std::vector<double>{0.03, 0.08, 0.03, 0.2, 0.0}),
             boost::test_tools::per_element());
  BOOST_TEST(adjust(p, Correction::bh) ==
                 (std::vector<double>{0.016666666666666666, 0.05, 0.016666666666666666, 0.2, 0.0}),
             boost::test_tools::per_element());
  BOOST_TEST(adjust(p, Correction::by) == (std::vector<double>{0.038055555555555558, 0.11416666666666667,
                                                               0.038055555555555558, 0.45666666666666667, 0.0}),
             boost::test_tools::per_element());
  BOOST_TEST(adjust(p, Correction::none) == p, boost::test_tools::per_element());
  // All ones stay one; all zeros stay (positive) zero.
  for (const Correction correction : every_correction) {
    BOOST_TEST(adjust({1.0, 1.0, 1.0}, correction) == (std::vector<double>{1.0, 1.0, 1.0}),
               boost::test_tools::per_element());
    for (const double zero : adjust({0.0, 0.0, 0.0}, correction)) {
      BOOST_TEST(zero == 0.0);
      BOOST_TEST(!std::signbit(zero));
    }
  }
}

BOOST_AUTO_TEST_CASE(hommel_of_two_is_hochberg_as_in_r) {
  // p.adjust(c(0.04, 0.03), "hommel") is c(0.04, 0.04) in R: Hochberg's
  // step-up; the hommel loop alone would leave 0.03 at 0.03 * 2 = 0.06.
  BOOST_TEST(adjust({0.04, 0.03}, Correction::hommel) == (std::vector<double>{0.04, 0.04}),
             boost::test_tools::per_element());
  BOOST_TEST(adjust({0.01, 0.9}, Correction::hommel) == (std::vector<double>{0.02, 0.9}),
             boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(holm_sidak_follows_its_step_down_formula) {
  // Sorted 0.01, 0.02, 0.04 with factors 3, 2, 1: 1 - 0.99^3, 1 - 0.98^2,
  // then the running maximum.
  const std::vector<double> adjusted = adjust({0.04, 0.01, 0.02}, Correction::holm_sidak);
  BOOST_TEST(close(adjusted[1], 1.0 - 0.99 * 0.99 * 0.99, 1e-14));
  BOOST_TEST(close(adjusted[2], 1.0 - 0.98 * 0.98, 1e-14));
  BOOST_TEST(close(adjusted[0], 0.04, 1e-14));
  // A tiny p keeps its digits: about 3e-300, not 0.
  const std::vector<double> tiny = adjust({1e-300, 0.5, 0.7}, Correction::holm_sidak);
  BOOST_TEST(close(tiny[0], 3e-300, 1e-12));
  // It never exceeds holm's (Sidak's factor is below Bonferroni's).
  for (const auto& family : random_families()) {
    const std::vector<double> sidak = adjust(family, Correction::holm_sidak);
    const std::vector<double> holm = adjust(family, Correction::holm);
    for (std::size_t i = 0; i < family.size(); ++i) BOOST_TEST(sidak[i] <= holm[i] * (1 + 1e-15));
  }
}

BOOST_AUTO_TEST_CASE(holm_sidak_equals_an_independent_long_double_evaluation) {
  // The textbook formula in long double, running max by brute force: equal to
  // 1e-15 absolute (1 - (1 - p)^m loses tiny p's relative digits by design).
  for (const auto& p : random_families()) {
    const std::size_t n = p.size();
    const std::vector<double> ours = adjust(p, Correction::holm_sidak);
    // Stable ranks, 1-based, by counting: independent of the library's sort.
    std::vector<std::size_t> rank(n, 1);
    for (std::size_t k = 0; k < n; ++k) {
      for (std::size_t m = 0; m < n; ++m) rank[k] += (p[m] < p[k] || (p[m] == p[k] && m < k)) ? 1 : 0;
    }
    for (std::size_t i = 0; i < n; ++i) {
      long double expected = 0.0L;
      for (std::size_t k = 0; k < n; ++k) {
        if (rank[k] > rank[i]) continue;
        const long double term =
            1.0L - std::pow(1.0L - static_cast<long double>(p[k]), static_cast<long double>(n - rank[k] + 1));
        expected = std::max(expected, term);
      }
      expected = n == 1 ? static_cast<long double>(p[i]) : std::min(1.0L, expected);
      BOOST_TEST(std::fabs(static_cast<long double>(ours[i]) - expected) <= 1e-15L);
    }
  }
}

BOOST_AUTO_TEST_CASE(equal_to_r_p_adjust_on_random_families, *boost::unit_test::precondition(grk::test::r_available)) {
  const auto families = random_families();
  std::string input;
  for (const auto& family : families) {
    for (std::size_t i = 0; i < family.size(); ++i) input += (i == 0 ? "" : " ") + hex(family[i]);
    input += '\n';
  }
  const auto output = grk::test::run_r(r_script, input);
  BOOST_REQUIRE_MESSAGE(output, "Rscript failed on the p.adjust script");
  std::istringstream lines(*output);
  const Correction order[] = {Correction::holm, Correction::bonferroni, Correction::hommel,
                              Correction::bh,   Correction::by,         Correction::holm_sidak};
  std::size_t compared = 0;
  std::size_t bit_identical = 0;
  for (const auto& family : families) {
    for (const Correction correction : order) {
      std::string line;
      BOOST_REQUIRE(std::getline(lines, line));
      std::istringstream fields(line);
      std::vector<double> expected;
      for (std::string field; fields >> field;) expected.push_back(std::strtod(field.c_str(), nullptr));
      const std::vector<double> ours = adjust(family, correction);
      BOOST_REQUIRE_EQUAL(expected.size(), ours.size());
      for (std::size_t i = 0; i < ours.size(); ++i) {
        BOOST_TEST(close(ours[i], expected[i], 1e-12),
                   correction_name(correction) << " n=" << family.size() << " [" << i << "]: ours "
                                               << hex(ours[i]) << ", R " << hex(expected[i]));
        ++compared;
        bit_identical += ours[i] == expected[i] ? 1 : 0;
      }
    }
  }
  BOOST_TEST_MESSAGE(compared << " adjusted p-values compared with R, " << bit_identical << " bit-identical");
  BOOST_TEST(compared > 100000u);
}
