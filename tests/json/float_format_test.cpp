// Tests for grk/json/float_format.hpp.
#include <grk/json/float_format.hpp>  // first: the header is self-contained

#define BOOST_TEST_MODULE json_float_format
#include <boost/test/unit_test.hpp>

#include "python_oracle.hpp"

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <vector>

namespace {
const double nan_value = std::numeric_limits<double>::quiet_NaN();
const double inf_value = std::numeric_limits<double>::infinity();
}  // namespace

BOOST_AUTO_TEST_CASE(report_floats_follow_pydantic_examples) {
  // The examples of docs/behaviour/eval-report.md §1.
  BOOST_TEST(grk::json::format_report_float(1.0) == "1.0");
  BOOST_TEST(grk::json::format_report_float(100.0) == "100.0");
  BOOST_TEST(grk::json::format_report_float(1e15) == "1000000000000000.0");
  BOOST_TEST(grk::json::format_report_float(1e-6) == "1e-6");
  BOOST_TEST(grk::json::format_report_float(9.9e-6) == "9.9e-6");
  BOOST_TEST(grk::json::format_report_float(1e16) == "1e+16");
  BOOST_TEST(grk::json::format_report_float(1.2345678901234568e+16) == "1.2345678901234568e+16");
  BOOST_TEST(grk::json::format_report_float(5e-324) == "5e-324");
  BOOST_TEST(grk::json::format_report_float(1.5e-05) == "0.000015");
  BOOST_TEST(grk::json::format_report_float(1e-05) == "0.00001");
  // docs/behaviour/eval-report.md §5 values, and the edges.
  BOOST_TEST(grk::json::format_report_float(0.6309297535714575) == "0.6309297535714575");
  BOOST_TEST(grk::json::format_report_float(0.36907024642854247) == "0.36907024642854247");
  BOOST_TEST(grk::json::format_report_float(0.0) == "0.0");
  BOOST_TEST(grk::json::format_report_float(-0.0) == "-0.0");
  BOOST_TEST(grk::json::format_report_float(-2.5) == "-2.5");
  BOOST_TEST(grk::json::format_report_float(9999999999999998.0) == "9999999999999998.0");
  BOOST_TEST(grk::json::format_report_float(1.7976931348623157e308) == "1.7976931348623157e+308");
  BOOST_TEST(grk::json::format_report_float(-1e100) == "-1e+100");
  BOOST_TEST(grk::json::format_report_float(nan_value) == "null");
  BOOST_TEST(grk::json::format_report_float(inf_value) == "null");
  BOOST_TEST(grk::json::format_report_float(-inf_value) == "null");
}

BOOST_AUTO_TEST_CASE(python_floats_follow_repr) {
  // repr() in CPython 3.11.7.
  BOOST_TEST(grk::json::format_python_float(0.95) == "0.95");
  BOOST_TEST(grk::json::format_python_float(1e-07) == "1e-07");
  BOOST_TEST(grk::json::format_python_float(1.5e-05) == "1.5e-05");
  BOOST_TEST(grk::json::format_python_float(1e-05) == "1e-05");
  BOOST_TEST(grk::json::format_python_float(0.0001) == "0.0001");
  BOOST_TEST(grk::json::format_python_float(0.00012) == "0.00012");
  BOOST_TEST(grk::json::format_python_float(1e16) == "1e+16");
  BOOST_TEST(grk::json::format_python_float(1e22) == "1e+22");
  BOOST_TEST(grk::json::format_python_float(1e100) == "1e+100");
  BOOST_TEST(grk::json::format_python_float(-2.5e-300) == "-2.5e-300");
  BOOST_TEST(grk::json::format_python_float(1e15) == "1000000000000000.0");
  BOOST_TEST(grk::json::format_python_float(5e-324) == "5e-324");
  BOOST_TEST(grk::json::format_python_float(1.7976931348623157e308) == "1.7976931348623157e+308");
  BOOST_TEST(grk::json::format_python_float(123456789.123) == "123456789.123");
  BOOST_TEST(grk::json::format_python_float(0.1 + 0.2) == "0.30000000000000004");
  BOOST_TEST(grk::json::format_python_float(1.2345678901234568e+16) == "1.2345678901234568e+16");
  BOOST_TEST(grk::json::format_python_float(0.0) == "0.0");
  BOOST_TEST(grk::json::format_python_float(-0.0) == "-0.0");
  BOOST_TEST(grk::json::format_python_float(nan_value) == "nan");
  BOOST_TEST(grk::json::format_python_float(inf_value) == "inf");
  BOOST_TEST(grk::json::format_python_float(-inf_value) == "-inf");
}

BOOST_AUTO_TEST_CASE(random_doubles_match_python, *boost::unit_test::precondition(grk::test::python_available)) {
  // repr(x), and docs/behaviour/eval-report.md §1's report layout computed independently in
  // Python from repr's digits.
  const char* const script = R"PY(
import sys, struct, decimal
def report(x):
    if x != x or x in (float('inf'), float('-inf')): return 'null'
    sign = '-' if str(x).startswith('-') else ''
    t = decimal.Decimal(repr(abs(x))).normalize().as_tuple()
    digits = ''.join(map(str, t.digits))
    e = len(digits) - 1 + t.exponent
    if x == 0: return sign + '0.0'
    if -5 <= e < 16:
        if e < 0: return sign + '0.' + '0' * (-e - 1) + digits
        if len(digits) <= e + 1: return sign + digits + '0' * (e + 1 - len(digits)) + '.0'
        return sign + digits[:e + 1] + '.' + digits[e + 1:]
    return sign + digits[0] + ('.' + digits[1:] if len(digits) > 1 else '') + 'e' + ('-' if e < 0 else '+') + str(abs(e))
for line in open(sys.argv[1]):
    x = struct.unpack('<d', bytes.fromhex(line.strip()))[0]
    print(repr(x), report(x))
)PY";
  std::mt19937_64 random(11);
  std::vector<double> values;
  for (int n = 0; n < 100000; ++n) {
    const std::uint64_t bits = random();
    double value = 0;
    std::memcpy(&value, &bits, sizeof value);
    values.push_back(value);
  }
  // Values near the layout boundaries, where a wrong threshold shows.
  for (int exponent = -330; exponent <= 310; ++exponent) {
    for (const double mantissa : {1.0, 9.9, 9.999999999999998, 1.5, 5.0}) {
      values.push_back(mantissa * std::pow(10.0, exponent));
      values.push_back(-std::nextafter(mantissa * std::pow(10.0, exponent), 0.0));
    }
  }
  values.push_back(0.0);
  values.push_back(-0.0);
  std::string request;
  for (const double value : values) {
    std::string bytes(sizeof value, '\0');
    std::memcpy(bytes.data(), &value, sizeof value);
    request += grk::test::to_hex(bytes) + "\n";
  }
  const auto output = grk::test::run_python(script, request);
  BOOST_TEST_REQUIRE(output.has_value());
  const std::vector<std::string> expected = grk::test::output_lines(*output);
  BOOST_TEST_REQUIRE(expected.size() == values.size());
  std::size_t failures = 0;
  for (std::size_t i = 0; i < values.size(); ++i) {
    const std::string actual =
        grk::json::format_python_float(values[i]) + " " + grk::json::format_report_float(values[i]);
    if (actual != expected[i] && ++failures <= 10) BOOST_ERROR("got " << actual << ", python " << expected[i]);
  }
  BOOST_TEST(failures == 0u);
}
