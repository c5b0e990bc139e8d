// grk/detail/report_lax.hpp: pydantic's lax conversions, value by value, and the
// other report headers on typed records (validators, names).
#include <grk/detail/report_lax.hpp>  // first: the header stands alone

#define BOOST_TEST_MODULE report_lax
#include <boost/test/unit_test.hpp>

#include <cmath>
#include <limits>
#include <string>

#include <grk/groundkit/report/names.hpp>
#include <grk/groundkit/report/validators.hpp>

namespace lax = grk::report::lax;
using boost::json::value;

namespace {
template <class Result>
std::string problem_of(const Result& result) {
  return result ? std::string("(ok)") : result.error();
}

std::string int_problem(const value& v) {
  return problem_of(lax::to_int(v));
}
}  // namespace

BOOST_AUTO_TEST_CASE(int_fields) {
  BOOST_TEST(lax::to_int(value(7)).value() == 7);
  BOOST_TEST(lax::to_int(value(7.0)).value() == 7);
  BOOST_TEST(lax::to_int(value(true)).value() == 1);
  BOOST_TEST(lax::to_int(value(false)).value() == 0);
  BOOST_TEST(lax::to_int(value("  -12 ")).value() == -12);
  BOOST_TEST(lax::to_int(value("+12.000")).value() == 12);
  BOOST_TEST(lax::to_int(value("-9223372036854775808")).value() == std::numeric_limits<std::int64_t>::min());
  BOOST_TEST(int_problem(value(1.5)) == "must be an integer, got a number with a fractional part: 1.5");
  BOOST_TEST(int_problem(value("1.5")) == "must be an integer, got \"1.5\"");
  BOOST_TEST(int_problem(value("1_0")) == "must be an integer, got \"1_0\"");
  BOOST_TEST(int_problem(value(nullptr)) == "must be an integer, got null");
  BOOST_TEST(int_problem(value(std::uint64_t{18446744073709551615u})) ==
             "must be an integer in signed 64-bit range, got 18446744073709551615");
  BOOST_TEST(int_problem(value(1e300)) == "must be an integer in signed 64-bit range, got 1e+300");
}

BOOST_AUTO_TEST_CASE(float_fields) {
  BOOST_TEST(lax::to_float(value(3)).value() == 3.0);
  BOOST_TEST(lax::to_float(value(true)).value() == 1.0);
  BOOST_TEST(lax::to_float(value(" 0.1 ")).value() == 0.1);
  BOOST_TEST(lax::to_float(value("-1e-3")).value() == -0.001);
  BOOST_TEST(lax::to_float(value(".5")).value() == 0.5);
  BOOST_TEST(std::isinf(lax::to_float(value("Infinity")).value()));
  BOOST_TEST(std::isnan(lax::to_float(value("nan")).value()));
  BOOST_TEST(std::isinf(lax::to_float(value("1e999")).value()));
  BOOST_TEST(problem_of(lax::to_float(value("0x10"))) == "must be a number, got \"0x10\"");
  BOOST_TEST(!lax::to_float(value("")).has_value());
  BOOST_TEST(!lax::to_float(value("--1")).has_value());
  BOOST_TEST(problem_of(lax::to_float(value(boost::json::array{}))) == "must be a number, got []");
}

BOOST_AUTO_TEST_CASE(bool_str_and_literal_fields) {
  for (const char* yes : {"1", "on", "T", "true", "Y", "YES"}) BOOST_TEST(lax::to_bool(value(yes)).value());
  for (const char* no : {"0", "OFF", "f", "False", "n", "no"}) BOOST_TEST(!lax::to_bool(value(no)).value());
  BOOST_TEST(lax::to_bool(value(1)).value());
  BOOST_TEST(!lax::to_bool(value(0.0)).value());
  BOOST_TEST(problem_of(lax::to_bool(value("maybe"))) == "must be a boolean, got \"maybe\"");
  BOOST_TEST(problem_of(lax::to_str(value(1))) == "must be a string, got 1");
  BOOST_TEST(lax::is_literal_one(value(1)));
  BOOST_TEST(lax::is_literal_one(value(1.0)));
  BOOST_TEST(lax::is_literal_one(value(true)));
  BOOST_TEST(!lax::is_literal_one(value("1")));
  BOOST_TEST(!lax::is_literal_one(value(2)));
  BOOST_TEST(!lax::is_literal_one(value(false)));
}

BOOST_AUTO_TEST_CASE(names_round_trip) {
  BOOST_TEST(grk::report::to_string(grk::report::parse_metric_name("mrr").value()) == "mrr");
  BOOST_TEST(!grk::report::parse_metric_name("reciprocal_rank").has_value());
  BOOST_TEST(grk::report::to_string(grk::report::StageName::fusion) == "fusion");
  BOOST_TEST(!grk::report::parse_stage_name("BM25").has_value());
}

BOOST_AUTO_TEST_CASE(validators_on_typed_records) {
  grk::report::RunConfig config;
  config.top_k = 10;
  BOOST_TEST(grk::report::validate_run_config(config).has_value());
  config.rerank_model = "m";
  BOOST_TEST(grk::report::validate_run_config(config).error() ==
             "rerank_input, rerank_candidates, rerank_model describe a rerank stage and must be set together or "
             "not at all; got ['rerank_model'] without ['rerank_candidates', 'rerank_input']");
  grk::report::SynthesisReport synthesis;
  synthesis.judge_provider = "p";
  synthesis.judge_model = "m";
  synthesis.judge_prompt_hash = "h";
  synthesis.judged_count = 0;
  synthesis.faithful_count = std::numeric_limits<std::int64_t>::max();
  synthesis.unfaithful_count = 1;
  synthesis.judge_error_count = 0;
  BOOST_TEST(grk::report::validate_synthesis_report(synthesis).error() ==
             "faithful_count (9223372036854775807) + unfaithful_count (1) + judge_error_count (0) must equal "
             "judged_count (0)");
}
