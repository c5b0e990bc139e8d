// Plain compact JSON (host/src/support/plain_json.hpp): a text it accepts is
// read by json::read without a mistake and reindented to the bytes
// write_pretty writes of what json::read makes of it, numbers in every form
// included; a text it refuses (whitespace, an escape, a key given twice,
// nesting past 64, a number cut short, a mistake) goes to the tree.
#define BOOST_TEST_MODULE host_plain_json
#include <boost/test/unit_test.hpp>

#include <cmath>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include <grk/json/float_format.hpp>
#include <grk/json/reader.hpp>
#include <grk/json/writer.hpp>

#include "support/plain_json.hpp"

namespace {

using grk::host::is_plain_compact_json;

std::string reindented(const std::string& text, int level) {
  std::string out;
  {
    grk::json::detail::TextCursor cursor(out);
    grk::host::put_plain_json_pretty(cursor, text, level);
  }
  return out;
}

std::string written_from_tree(const boost::json::value& value, int level) {
  std::string out;
  {
    grk::json::detail::TextCursor cursor(out);
    grk::json::detail::put_value(cursor, value, grk::json::detail::pretty_layout, level);
  }
  return out;
}

// `text` is plain, and reindented at levels 0 and 3 it is what the tree writes.
void check_written_as_tree(const std::string& text) {
  BOOST_TEST_REQUIRE(is_plain_compact_json(text), text);
  const auto value = grk::json::read(text);
  BOOST_TEST_REQUIRE(value.has_value(), text);
  for (const int level : {0, 3}) BOOST_TEST(reindented(text, level) == written_from_tree(*value, level), text);
}

std::string formatted(const char* format, double value) {
  char text[64];
  std::snprintf(text, sizeof text, format, value);
  return text;
}

}  // namespace

BOOST_AUTO_TEST_CASE(a_per_query_result_is_written_as_its_tree_would_be) {
  std::string text = R"({"measures":["map","P_5","relstring"],"systems":{"sys":{"run_id":"r","summary":{"map":0.25},)";
  text += R"("per_query":{)";
  std::mt19937_64 generator(7);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  for (int q = 0; q < 300; ++q) {
    const double map = unit(generator);
    text += (q ? ",\"q" : "\"q") + std::to_string(q) + R"(":{"map":)" + grk::json::format_report_float(map) +
            R"(,"P_5":)" + grk::json::format_report_float(q % 6 / 5.0) + R"(,"relstring":"10é","num_ret":)" +
            std::to_string(q * 1000) + "}";
  }
  // Keys in another order from one object to the next, and an empty one.
  text += R"(,"odd":{"P_5":0.0,"map":1.0},"none":{}}}},"names":[],"flags":[true,false,null,[]]})";
  check_written_as_tree(text);
}

BOOST_AUTO_TEST_CASE(every_form_of_a_number_reads_and_writes_as_in_a_tree) {
  std::vector<double> values = {0.0,      -0.0,     1.0,     -1.0,    0.1,       0.5,
                                1e-5,     9.99e-6,  1e-4,    1.5e-5,  1e15,      1e16,
                                9.99e15,  1e16 + 2, 1.0 / 3, 2.0 / 3, 100.0,     123456789012345.0,
                                1234567890123456.0, 0.123456789012345, 5e-324, 1.7976931348623157e308, 2.5e-308};
  std::mt19937_64 generator(11);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  for (int i = 0; i < 400; ++i) values.push_back(unit(generator) * std::pow(10.0, i % 24 - 8));
  for (int i = 0; i < 100; ++i) values.push_back(static_cast<double>(generator() % 100000) / 10000.0);
  for (const double value : values) {
    for (const std::string& number :
         {grk::json::format_report_float(value), grk::json::format_python_float(value), formatted("%.17g", value),
          formatted("%.15g", value), formatted("%.6f", value), formatted("%.3e", value), formatted("%.4E", value)}) {
      if (number.find_first_of("ni") != std::string::npos) continue;  // "inf", "nan": not JSON
      check_written_as_tree("[" + number + "]");
      check_written_as_tree(R"({"a":)" + number + "}");
    }
  }
  for (const char* number : {"0", "-0", "7", "-12", "123456789012345678", "-123456789012345678", "1234567890123456789",
                             "9223372036854775807", "-9223372036854775808", "9223372036854775808",
                             "18446744073709551615", "18446744073709551616", "123456789012345678901234567890",
                             "-0.0", "0.00", "1.50", "100.00", "0.000010", "1e5", "1E+05", "1e-400", "1e400", "-1e400",
                             "NaN", "Infinity", "-Infinity"}) {
    check_written_as_tree("[" + std::string(number) + "]");
  }
}

BOOST_AUTO_TEST_CASE(plain_values_of_every_kind) {
  for (const char* text : {"{}", "[]", "0", "\"\"", "\"é /\"", "null", "[[],{}]", R"({"a":{"b":[1,{"c":"d"}]}})",
                           R"([{"a":1,"b":2},{"b":1,"a":2}])"}) {
    check_written_as_tree(text);
  }
  std::string deep(64, '[');
  deep += std::string(64, ']');
  check_written_as_tree(deep);
}

BOOST_AUTO_TEST_CASE(what_is_not_plain_is_refused) {
  for (const char* text :
       {"", " 1", "1 ", "[1, 2]", "{\"a\": 1}", "\xEF\xBB\xBF[1]", "\"a\\\"b\"", "\"a\\u00e9\"", "\"tab\there\"",
        "\"open", "[1,]", "[,1]", "[1", "[1]]", "{\"a\"}", "{\"a\":}", "{\"a\":1,}", "{1:2}", "{'a':1}", "01", "1.",
        ".5", "1e", "1e+", "-", "-a", "+1", "tru", "nul", "-Inf", "NaNx", "[1]x", "1.5.3", "{\"a\":1}{}",
        R"({"a":1,"a":2})", R"({"a":{"b":1,"b":1}})",
        // A key repeated in an object whose sibling before it had the same first keys.
        R"([{"a":1,"b":2},{"a":1,"a":2}])", R"([{"a":1,"b":2},{"b":1,"b":2}])",
        R"([{"a":1,"b":2},{"a":1,"b":2,"a":3}])"}) {
    BOOST_TEST(!is_plain_compact_json(text), text);
  }
  std::string deep(65, '[');
  deep += std::string(65, ']');
  BOOST_TEST(!is_plain_compact_json(deep));
  BOOST_TEST(grk::json::read(deep).has_value());  // JSON all the same, for the tree
}
