// Parity with CPython on many random inputs: each case goes through the
// paired-bootstrap statistic (a scores file on disk, the parameters a config
// gives) and through bootstrap_oracle.py, groundkit's algorithm written out
// in this test's own words and run by python3 now. Floats are compared as
// repr() strings, which round-trip, so equal text means equal bits.
#define BOOST_TEST_MODULE significance_parity
#include <boost/test/unit_test.hpp>

#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <limits>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include <grk/context.hpp>
#include <grk/error.hpp>
#include <grk/json/float_format.hpp>
#include <grk/json/reader.hpp>
#include <grk/json/writer.hpp>
#include <grk/param.hpp>
#include <grk/param_checks.hpp>
#include "components/statistics.hpp"

namespace fs = std::filesystem;
using grk::significance::PairedBootstrapStatistic;

namespace {

struct Case {
  boost::json::object baseline;
  boost::json::object candidate;
  std::int64_t resamples = 0;
  std::int64_t seed = 0;
  boost::json::value confidence_level;
};

std::string query_id(std::mt19937_64& rng, std::size_t i) {
  static const char* const prefixes[] = {"q", "Q", "\xc3\xa9", "\xe6\x97\xa5", "\xf0\x9f\x98\x80",
                                         "\xef\xbf\xbd", "a\xc2\x85", "q-"};
  return std::string(prefixes[rng() % 8]) + std::to_string(i);
}

// Scores of a few shapes: uniform, ties, recall-like 0/1, all-equal deltas,
// subnormal (a mean can round to -0.0), and huge (sums overflow to inf).
void fill_scores(Case& c, std::mt19937_64& rng, std::size_t n, int shape) {
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  for (std::size_t i = 0; i < n; ++i) {
    const std::string id = query_id(rng, i);
    double b = 0.0, d = 0.0;
    switch (shape) {
      case 0: b = unit(rng); d = unit(rng); break;
      case 1: b = static_cast<double>(rng() % 5) / 4.0; d = static_cast<double>(rng() % 5) / 4.0; break;
      case 2: b = static_cast<double>(rng() % 2); d = static_cast<double>(rng() % 2); break;
      case 3: b = unit(rng); d = b + 0.1; break;
      case 4: b = 0.0; d = (static_cast<int>(rng() % 3) - 1) * 5e-324; break;
      default: b = -1e308 * unit(rng); d = 1e308 * unit(rng) * 0.7; break;
    }
    c.baseline[id] = b;
    c.candidate[id] = d;
  }
}

std::vector<Case> make_cases() {
  std::mt19937_64 rng(20260824);
  const std::vector<std::size_t> sizes{1, 2, 3, 4, 5, 7, 8, 9, 16, 17, 31, 100, 255, 256, 257, 1000, 1023, 1025, 4999, 5000};
  const std::vector<std::int64_t> seeds{0, 7, -7, 1, -1, std::int64_t{1} << 32, (std::int64_t{1} << 32) + 1,
                                        -((std::int64_t{1} << 40) + 5), std::numeric_limits<std::int64_t>::max(),
                                        std::numeric_limits<std::int64_t>::min(), 123456789012345678};
  const std::vector<double> levels{0.95, 0.9, 0.5, 0.99, 0.999999, 1e-9, 0.975, 0.6827};
  std::vector<Case> cases;
  for (std::size_t k = 0; k < sizes.size() * 3; ++k) {
    Case c;
    const std::size_t n = sizes[k % sizes.size()];
    fill_scores(c, rng, n, static_cast<int>(k % 6));
    const std::int64_t budget = std::max<std::int64_t>(1, 120000 / static_cast<std::int64_t>(n));
    c.resamples = k % 7 == 0 ? static_cast<std::int64_t>(1 + k % 3) : std::min<std::int64_t>(budget, 1 + rng() % 1500);
    c.seed = seeds[k % seeds.size()];
    c.confidence_level = levels[k % levels.size()];
    cases.push_back(std::move(c));
  }
  // Errors, each in the reference's order of checks.
  const auto small = [&](double shift) {
    Case c;
    fill_scores(c, rng, 3, 0);
    for (auto& m : c.candidate) m.value() = m.value().get_double() + shift;
    c.resamples = 10;
    c.seed = 7;
    c.confidence_level = 0.95;
    return c;
  };
  Case c = small(0);
  c.resamples = 0;
  c.confidence_level = 7;
  cases.push_back(c);
  c = small(0);
  c.resamples = -5;
  cases.push_back(c);
  for (boost::json::value level : {boost::json::value(1), boost::json::value(0.0), boost::json::value(-0.5),
                                   boost::json::value(std::numeric_limits<double>::quiet_NaN()),
                                   boost::json::value(std::numeric_limits<double>::infinity())}) {
    c = small(0);
    c.confidence_level = level;
    cases.push_back(c);
  }
  c = small(0);
  c.baseline.clear();
  cases.push_back(c);
  c = small(0);
  c.baseline["\xc3\xa9-only"] = 1.0;
  c.candidate["a\xc2\x85'b"] = 1.0;
  c.candidate["\xf0\x9f\x98\x80"] = 1.0;
  cases.push_back(c);
  c = small(0);
  c.candidate.begin()->value() = std::numeric_limits<double>::infinity();
  cases.push_back(c);
  return cases;
}

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

void write_file(const fs::path& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

}  // namespace

BOOST_AUTO_TEST_CASE(random_inputs_match_cpython_bit_for_bit) {
  const char* source = std::getenv("GRK_SOURCE_DIR");
  if (source == nullptr || std::system("python3 -c 'import sys; sys.exit(sys.version_info[:2] != (3, 11))'") != 0) {
    BOOST_TEST_MESSAGE("skipped: needs GRK_SOURCE_DIR and python3 3.11 (the reference interpreter)");
    return;
  }
  const fs::path dir = fs::temp_directory_path() / ("grk-significance-parity-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const std::vector<Case> cases = make_cases();

  boost::json::array input;
  for (const Case& c : cases) {
    input.push_back(boost::json::object{{"baseline", c.baseline}, {"candidate", c.candidate},
                                        {"resamples", c.resamples}, {"seed", c.seed},
                                        {"confidence_level", c.confidence_level}});
  }
  write_file(dir / "cases.json", grk::json::dumps(input));
  const std::string command = "python3 '" + std::string(source) + "/tests/significance/bootstrap_oracle.py' '" +
                              (dir / "cases.json").string() + "' '" + (dir / "expected.json").string() + "'";
  BOOST_REQUIRE(std::system(command.c_str()) == 0);
  const boost::json::array expected = grk::json::read(read_file(dir / "expected.json")).value().as_array();
  BOOST_REQUIRE(expected.size() == cases.size());

  std::size_t errors = 0;
  for (std::size_t i = 0; i < cases.size(); ++i) {
    BOOST_TEST_CONTEXT("case " << i) {
      const fs::path scores = dir / ("scores-" + std::to_string(i) + ".json");
      write_file(scores, grk::json::dumps(boost::json::object{{"baseline", cases[i].baseline},
                                                              {"candidate", cases[i].candidate}}));
      boost::json::object given{{"scores", scores.string()}, {"baseline", "b"}, {"candidate", "c"},
                                {"metric", "mrr"}, {"resamples", cases[i].resamples},
                                {"seed", cases[i].seed}, {"confidence_level", cases[i].confidence_level}};
      auto resolved = grk::validate_params(PairedBootstrapStatistic::params(), given);
      BOOST_REQUIRE(resolved.has_value());
      grk::Context context(nullptr, nullptr);
      PairedBootstrapStatistic statistic;
      const auto& want = expected[i].as_object();
      try {
        const boost::json::object got =
            statistic.compute(grk::Params(std::move(*resolved)), context).as_object();
        BOOST_TEST(!want.contains("error"));
        BOOST_TEST(got.at("query_count").to_number<std::int64_t>() == want.at("query_count").as_int64());
        BOOST_TEST(grk::json::format_python_float(got.at("effect").as_double()) == want.at("effect").as_string());
        BOOST_TEST(grk::json::format_python_float(got.at("confidence_interval_low").as_double()) ==
                   want.at("low").as_string());
        BOOST_TEST(grk::json::format_python_float(got.at("confidence_interval_high").as_double()) ==
                   want.at("high").as_string());
        BOOST_TEST(grk::json::format_python_float(got.at("p_value_two_sided").as_double()) ==
                   want.at("p").as_string());
        BOOST_TEST(got.at("significant").as_bool() == want.at("significant").as_bool());
        BOOST_TEST(got.at("seed").as_int64() == cases[i].seed);
      } catch (const grk::Error& error) {
        ++errors;
        BOOST_TEST(want.contains("error"));
        if (want.contains("error")) BOOST_TEST(std::string(error.what()) == want.at("error").as_string());
      }
    }
  }
  BOOST_TEST(errors == 10u);
  fs::remove_all(dir);
}
