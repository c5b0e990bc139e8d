// Tests for grk/json/reader.hpp: parity with CPython 3.11 json.loads(str).
#include <grk/json/reader.hpp>  // first: the header is self-contained

#define BOOST_TEST_MODULE json_reader
#include <boost/test/unit_test.hpp>

#include <grk/json/float_format.hpp>
#include <grk/json/writer.hpp>

#include "python_oracle.hpp"


#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <vector>

namespace {

struct ErrorVector {
  const char* text;
  const char* message;
  std::size_t position;
  std::size_t line;
  std::size_t column;
};

// Every expectation below is json.loads's JSONDecodeError (msg, pos, lineno,
// colno) as printed by CPython 3.11.7.
const ErrorVector error_vectors[] = {
  {"", "Expecting value", 0, 1, 1},
  {" ", "Expecting value", 1, 1, 2},
  {"\n", "Expecting value", 1, 2, 1},
  {"\"\\u123", "Invalid \\uXXXX escape", 2, 1, 3},
  {"\"\\u1234", "Invalid \\uXXXX escape", 2, 1, 3},
  {"\"\\u12\303\2514\"", "Invalid \\uXXXX escape", 2, 1, 3},
  {"\"\\ud800\\u12\"", "Invalid \\uXXXX escape", 8, 1, 9},
  {"\"\\ud800\\uzzzz\"", "Invalid \\uXXXX escape", 8, 1, 9},
  {"{\"a\":1,}", "Expecting property name enclosed in double quotes", 7, 1, 8},
  {"[1,]", "Expecting value", 3, 1, 4},
  {"-", "Expecting value", 0, 1, 1},
  {"-a", "Expecting value", 0, 1, 1},
  {"01", "Extra data", 1, 1, 2},
  {"1.", "Extra data", 1, 1, 2},
  {"1e", "Extra data", 1, 1, 2},
  {"1e+", "Extra data", 1, 1, 2},
  {"1.e5", "Extra data", 1, 1, 2},
  {"tru", "Expecting value", 0, 1, 1},
  {"nul", "Expecting value", 0, 1, 1},
  {"fals", "Expecting value", 0, 1, 1},
  {"[", "Expecting value", 1, 1, 2},
  {"{", "Expecting property name enclosed in double quotes", 1, 1, 2},
  {"\"a\001\"", "Invalid control character at", 2, 1, 3},
  {"\"abc", "Unterminated string starting at", 0, 1, 1},
  {" \357\273\2771", "Expecting value", 1, 1, 2},
  {"\357\273\2771", "Unexpected UTF-8 BOM (decode using utf-8-sig)", 0, 1, 1},
  {"\357\273\277", "Unexpected UTF-8 BOM (decode using utf-8-sig)", 0, 1, 1},
  {"1 \013", "Extra data", 2, 1, 3},
  {"-Inf", "Expecting value", 0, 1, 1},
  {"-NaN", "Expecting value", 0, 1, 1},
  {"nan", "Expecting value", 0, 1, 1},
  {"infinity", "Expecting value", 0, 1, 1},
  {"[1 2]", "Expecting ',' delimiter", 3, 1, 4},
  {"{\"a\" 1}", "Expecting ':' delimiter", 5, 1, 6},
  {"{\"a\":1 \"b\"}", "Expecting ',' delimiter", 7, 1, 8},
  {"\"\\x\"", "Invalid \\escape", 1, 1, 2},
  {"\"\\", "Unterminated string starting at", 0, 1, 1},
  {"\"\303\251\\q\"", "Invalid \\escape", 2, 1, 3},
  {"\n\n  x", "Expecting value", 4, 3, 3},
  {"[1,\n 2,\n tru]", "Expecting value", 9, 3, 2},
  {"\331\241", "Expecting value", 0, 1, 1},
  {"1\331\241", "Extra data", 1, 1, 2},
  {"\"\303\251\n\"", "Invalid control character at", 2, 1, 3},
  {"\303\251", "Expecting value", 0, 1, 1},
  {"{\"\303\251\": [1, 2, }", "Expecting value", 13, 1, 14},
  {"{1:2}", "Expecting property name enclosed in double quotes", 1, 1, 2},
  {"{'a':1}", "Expecting property name enclosed in double quotes", 1, 1, 2},
  {"{\"a\":}", "Expecting value", 5, 1, 6},
  {"{\"a\"", "Expecting ':' delimiter", 4, 1, 5},
  {"{\"a\":1", "Expecting ',' delimiter", 6, 1, 7},
  {"[1", "Expecting ',' delimiter", 2, 1, 3},
  {"[1,", "Expecting value", 3, 1, 4},
  {"[\"a\",", "Expecting value", 5, 1, 6},
  {"+1", "Expecting value", 0, 1, 1},
  {".5", "Expecting value", 0, 1, 1},
  {"1.5.", "Extra data", 3, 1, 4},
  {"0x10", "Extra data", 1, 1, 2},
  {"00", "Extra data", 1, 1, 2},
  {"-01", "Extra data", 2, 1, 3},
  {"1e5e5", "Extra data", 3, 1, 4},
  {"{\"a\":1}}", "Extra data", 7, 1, 8},
  {"[]]", "Extra data", 2, 1, 3},
  {"\"\\u00e9\037\"", "Invalid control character at", 7, 1, 8},
  {"\"\342\200\250\"x", "Extra data", 3, 1, 4},
  {"true false", "Extra data", 5, 1, 6},
  {"[\013]", "Expecting value", 1, 1, 2},
  {"\0141", "Expecting value", 0, 1, 1},
  {"\"\\ud800\\", "Unterminated string starting at", 0, 1, 1},
  {"\"\\ud800\\u", "Invalid \\uXXXX escape", 8, 1, 9},
  {"\"\\ud800\\ud", "Invalid \\uXXXX escape", 8, 1, 9},
  {"\"\\ud800\\udc0", "Invalid \\uXXXX escape", 8, 1, 9},
  {"\"\\ud800\\udc00", "Invalid \\uXXXX escape", 8, 1, 9},
  {"[1]\r\n x", "Extra data", 6, 2, 2},
  {"\"\t\"", "Invalid control character at", 1, 1, 2},
  {"[-]", "Expecting value", 1, 1, 2},
  {"[--1]", "Expecting value", 1, 1, 2},
  {"{\"a\"\n:\n1\n,\n}", "Expecting property name enclosed in double quotes", 11, 5, 1},
  {"NaN1", "Extra data", 3, 1, 4},
  {"Infinityx", "Extra data", 8, 1, 9},
  {"1 2", "Extra data", 2, 1, 3},
  {"{\"a\":[{\"b\":]}]}", "Expecting value", 11, 1, 12},
  {"\"\\/\\b\\f\\n\\r\\t\\\"\\\\\\u0000\"x", "Extra data", 24, 1, 25},
};

std::uint64_t bits_of(double value) {
  std::uint64_t bits = 0;
  std::memcpy(&bits, &value, sizeof bits);
  return bits;
}

}  // namespace

BOOST_AUTO_TEST_CASE(errors_match_python_message_and_position) {
  for (const ErrorVector& expected : error_vectors) {
    BOOST_TEST_CONTEXT("input " << grk::test::to_hex(expected.text)) {
      const auto value = grk::json::read(expected.text);
      BOOST_TEST_REQUIRE(!value.has_value());
      const grk::json::ReadError& error = value.error();
      BOOST_TEST(error.message == expected.message);
      BOOST_TEST(error.position == expected.position);
      BOOST_TEST(error.line == expected.line);
      BOOST_TEST(error.column == expected.column);
    }
  }
}

BOOST_AUTO_TEST_CASE(the_error_describes_itself_as_str_of_the_decode_error) {
  const auto failed = grk::json::read("{x");
  BOOST_TEST_REQUIRE(!failed.has_value());
  BOOST_TEST(failed.error().describe() ==
             "Expecting property name enclosed in double quotes: line 1 column 2 (char 1)");
  BOOST_TEST(failed.error().position == 1u);
  BOOST_CHECK_THROW((void)failed.value(), grk::BadExpectedAccess);
  BOOST_TEST(grk::json::read(" [1] ")->as_array().size() == 1u);
}

BOOST_AUTO_TEST_CASE(values_take_the_expected_kinds) {
  const boost::json::value value = grk::json::read(
      R"({"i": -9223372036854775808, "u": 18446744073709551615, "big": 18446744073709551616,)"
      R"( "neg0": -0, "f": 0.1, "nf": -0.0, "e": 1E2, "t": true, "n": null, "s": "\u00e9\ud83d\ude00"})").value();
  const boost::json::object& object = value.as_object();
  BOOST_TEST(object.at("i").as_int64() == INT64_MIN);
  BOOST_TEST(object.at("u").as_uint64() == UINT64_MAX);
  BOOST_TEST(object.at("big").as_double() == 18446744073709551616.0);
  BOOST_TEST(object.at("neg0").as_int64() == 0);
  BOOST_TEST(object.at("f").as_double() == 0.1);
  BOOST_TEST(std::signbit(object.at("nf").as_double()));
  BOOST_TEST(object.at("e").as_double() == 100.0);
  BOOST_TEST(object.at("t").as_bool());
  BOOST_TEST(object.at("n").is_null());
  BOOST_TEST(object.at("s").as_string() == "\xC3\xA9\xF0\x9F\x98\x80");
}

BOOST_AUTO_TEST_CASE(nan_and_infinities_are_python_constants) {
  const boost::json::array array = grk::json::read("[NaN, Infinity, -Infinity, 1e400, -1e400, 1e-400, -1e-400]").value().as_array();
  BOOST_TEST(std::isnan(array[0].as_double()));
  BOOST_TEST(array[1].as_double() == HUGE_VAL);
  BOOST_TEST(array[2].as_double() == -HUGE_VAL);
  BOOST_TEST(array[3].as_double() == HUGE_VAL);
  BOOST_TEST(array[4].as_double() == -HUGE_VAL);
  BOOST_TEST(bits_of(array[5].as_double()) == bits_of(0.0));
  BOOST_TEST(bits_of(array[6].as_double()) == bits_of(-0.0));
  BOOST_TEST(bits_of(grk::json::read("0.000e99999999999999999999").value().as_double()) == bits_of(0.0));
  BOOST_TEST(grk::json::read("1.7976931348623159e308").value().as_double() == HUGE_VAL);
  BOOST_TEST(grk::json::read("2.4703282292062328e-324").value().as_double() == 5e-324);
  BOOST_TEST(bits_of(grk::json::read("-2.4703282292062327e-324").value().as_double()) == bits_of(-0.0));
  BOOST_TEST(grk::json::read("123456789012345678901234567890e-40").value().as_double() == 1.2345678901234568e-11);

  grk::json::ReadOptions strict;
  strict.allow_nan_and_infinity = false;
  const auto nan = grk::json::read("[1, NaN]", strict);
  BOOST_TEST_REQUIRE(!nan.has_value());
  BOOST_TEST(nan.error().describe() == "Expecting value: line 1 column 5 (char 4)");
  const auto infinity = grk::json::read("-Infinity", strict);
  BOOST_TEST_REQUIRE(!infinity.has_value());
  BOOST_TEST(infinity.error().describe() == "Expecting value: line 1 column 1 (char 0)");
}

BOOST_AUTO_TEST_CASE(lone_surrogate_escapes_are_kept_as_wtf8) {
  BOOST_TEST(grk::json::read(R"("a\ud800b")").value().as_string() == "a\xED\xA0\x80" "b");
  BOOST_TEST(grk::json::read(R"("\udc00\ud800")").value().as_string() == "\xED\xB0\x80\xED\xA0\x80");
  // A high surrogate followed by a non-low escape: both are kept separately.
  BOOST_TEST(grk::json::read(R"("\ud800\u0041")").value().as_string() == "\xED\xA0\x80" "A");
  BOOST_TEST(grk::json::read(R"("\uD83D\uDE00")").value().as_string() == "\xF0\x9F\x98\x80");
}

BOOST_AUTO_TEST_CASE(duplicate_keys_keep_first_position_and_last_value) {
  const boost::json::value value = grk::json::read(R"({"a": 1, "b": 2, "a": {"x": [3]}})").value();
  BOOST_TEST(grk::json::dumps(value) == R"({"a": {"x": [3]}, "b": 2})");
}

// An object is given room for as many members as the last object closed at
// its depth had, once: what it reads is the same, duplicates and order
// included, and a small object after a big one passes on its own size, so
// the room given and not used never exceeds the members read.
BOOST_AUTO_TEST_CASE(siblings_read_alike_after_a_larger_one_and_pass_their_room_on_once) {
  std::string big = "{";
  for (int k = 0; k < 100; ++k) big += (k == 0 ? "\"k" : ", \"k") + std::to_string(k) + "\": " + std::to_string(k);
  big += "}";
  const boost::json::value value =
      grk::json::read("[" + big + R"(, {"b": 1, "a": 2, "b": {"x": {}}}, {}, {"c": [{"d": 1}, {"e": 2, "f": 3}]}])").value();
  const auto& objects = value.as_array();
  BOOST_TEST(objects[0].as_object().size() == 100u);
  BOOST_TEST(grk::json::dumps(objects[1]) == R"({"b": {"x": {}}, "a": 2})");
  BOOST_TEST(objects[1].as_object().capacity() >= 100u);  // the big one's room
  BOOST_TEST(objects[2].as_object().capacity() < 100u);   // the small one's, not the big one's again
  BOOST_TEST(grk::json::dumps(objects[3]) == R"({"c": [{"d": 1}, {"e": 2, "f": 3}]})");
}

BOOST_AUTO_TEST_CASE(escaped_keys_survive_nested_escaped_values) {
  const boost::json::value value = grk::json::read(R"({"k\u00e9y": "v\n1", "k\"2": {"\t": "\u2028"}})").value();
  BOOST_TEST(grk::json::dumps(value) == "{\"k\xC3\xA9y\": \"v\\n1\", \"k\\\"2\": {\"\\t\": \"\xE2\x80\xA8\"}}");
}

BOOST_AUTO_TEST_CASE(nesting_depth_is_bounded) {
  const std::string ok = std::string(1000, '[') + std::string(1000, ']');
  BOOST_TEST(grk::json::read(ok).has_value());
  const std::string deep = std::string(1001, '[') + std::string(1001, ']');
  const auto too_deep = grk::json::read(deep);
  BOOST_TEST_REQUIRE(!too_deep.has_value());
  BOOST_TEST(too_deep.error().describe() == "maximum nesting depth exceeded: line 1 column 1001 (char 1000)");
  grk::json::ReadOptions shallow;
  shallow.max_depth = 2;
  const auto too_deep_for_two = grk::json::read(R"({"a": [{}]})", shallow);
  BOOST_TEST_REQUIRE(!too_deep_for_two.has_value());
  BOOST_TEST(too_deep_for_two.error().position == 7u);
}

BOOST_AUTO_TEST_CASE(shortest_round_trip_doubles_read_back_bit_identical) {
  std::mt19937_64 random(20240820);
  std::size_t checked = 0;
  std::size_t mismatches = 0;
  char buffer[64];
  while (checked < 1000000) {
    const std::uint64_t bits = random();
    double value = 0;
    std::memcpy(&value, &bits, sizeof value);
    if (!std::isfinite(value)) continue;
    const auto end = std::to_chars(buffer, buffer + sizeof buffer, value).ptr;
    const auto read = grk::json::read(std::string_view(buffer, static_cast<std::size_t>(end - buffer)));
    const bool same = read.has_value() &&
                      bits_of(read->is_double() ? read->get_double() : static_cast<double>(read->to_number<double>())) == bits;
    if (!same && ++mismatches <= 5) BOOST_TEST_MESSAGE("mismatch for " << std::string(buffer, end));
    ++checked;
  }
  BOOST_TEST(mismatches == 0u);
}

namespace {

const char* const parity_script = R"PY(
import json, sys
def norm(v):
    if isinstance(v, bool) or v is None: return v
    if isinstance(v, int) and not (-2**63 <= v < 2**64): return float(v)
    if isinstance(v, list): return [norm(x) for x in v]
    if isinstance(v, dict): return {k: norm(x) for k, x in v.items()}
    return v
out = sys.stdout.buffer
for line in open(sys.argv[1]):
    s = bytes.fromhex(line.strip()).decode('utf-8')
    try:
        r = 'OK ' + json.dumps(norm(json.loads(s)), ensure_ascii=False)
    except json.JSONDecodeError as e:
        r = 'ERR %s|%d|%d|%d' % (e.msg, e.pos, e.lineno, e.colno)
    out.write(r.encode('utf-8', 'surrogatepass') + b'\n')
)PY";

// Fragments that together reach every branch of the scanner.
const std::vector<std::string> fragments = {
    "{", "}", "[", "]", "\"", ":", ",", " ", "\n", "\r", "\t", "\\", "u", "d800", "dc00", "00e9", "0", "1", "9", "-",
    ".", "e", "E", "+", "true", "false", "null", "NaN", "Infinity", "-Infinity", "t", "n", "\xC3\xA9", "\x01", "\x1F",
    "a", "\"a\"", "\xE2\x80\xA8", "\xEF\xBB\xBF", "\xF0\x9F\x98\x80", "\\n", "\\u", "\\ud800", "\\udc00", "x", "\x0B",
    "123456789012345678901", "0.1", "1e308", "1e-320", "\"k\":", "17976931348623157", "\x7F", "/", "\\/"};

std::string random_value(std::mt19937_64& random, int depth) {
  std::uniform_int_distribution<int> pick(0, depth > 3 ? 5 : 7);
  auto space = [&] { return std::string(random() % 3 == 0 ? " \n" : ""); };
  switch (pick(random)) {
    case 0: return std::to_string(static_cast<std::int64_t>(random()) >> (random() % 64));
    case 1: {
      std::uint64_t bits = random();
      double value = 0;
      std::memcpy(&value, &bits, sizeof value);
      return std::isfinite(value) ? grk::json::format_python_float(value) : "NaN";
    }
    case 2: return "\"" + fragments[random() % fragments.size()] + fragments[random() % fragments.size()] + "\"";
    case 3: {
      std::string digits = random() % 2 ? "-" : "";
      digits += std::to_string(1 + random() % 9);
      for (int n = static_cast<int>(random() % 40); n > 0; --n) digits += static_cast<char>('0' + random() % 10);
      if (random() % 2) digits += "." + std::to_string(random() % 1000000);
      if (random() % 2) digits += "e" + std::string(random() % 2 ? "-" : "+") + std::to_string(random() % 350);
      return digits;
    }
    case 4: return random() % 2 ? "true" : "null";
    case 5: return "\"\\u" + std::string(random() % 2 ? "d83d" : "D800") + "\\u" + (random() % 2 ? "de00" : "0041") + "\"";
    case 6: {
      std::string out = "[" + space();
      for (int n = static_cast<int>(random() % 4); n > 0; --n) out += random_value(random, depth + 1) + (n > 1 ? "," : "") + space();
      return out + "]";
    }
    default: {
      std::string out = "{" + space();
      for (int n = static_cast<int>(random() % 4); n > 0; --n) {
        out += "\"" + fragments[random() % 8 + 40] + "\"" + space() + ":" + random_value(random, depth + 1) + (n > 1 ? "," : "");
      }
      return out + "}";
    }
  }
}

bool is_valid_utf8(const std::string& text) {
  // Mutations may split a multi-byte character; Python could not hold that.
  std::size_t i = 0;
  while (i < text.size()) {
    const auto byte = static_cast<unsigned char>(text[i]);
    const std::size_t length = byte < 0x80 ? 1 : byte < 0xC2 ? 0 : byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : byte < 0xF5 ? 4 : 0;
    if (length == 0 || i + length > text.size()) return false;
    for (std::size_t k = 1; k < length; ++k) {
      if ((static_cast<unsigned char>(text[i + k]) & 0xC0) != 0x80) return false;
    }
    i += length;
  }
  return true;
}

}  // namespace

BOOST_AUTO_TEST_CASE(random_texts_match_python, *boost::unit_test::precondition(grk::test::python_available)) {
  std::mt19937_64 random(7);
  std::vector<std::string> inputs;
  for (int n = 0; n < 6000; ++n) {
    std::string text;
    for (int k = static_cast<int>(1 + random() % 10); k > 0; --k) text += fragments[random() % fragments.size()];
    inputs.push_back(text);
  }
  for (int n = 0; n < 6000; ++n) {
    std::string text = random_value(random, 0);
    if (random() % 2) {
      const std::size_t at = random() % (text.size() + 1);
      switch (random() % 3) {
        case 0: text.insert(at, fragments[random() % fragments.size()]); break;
        case 1: text.erase(at, 1); break;
        default: text = text.substr(0, at); break;
      }
    }
    if (is_valid_utf8(text)) inputs.push_back(text);
  }
  std::string request;
  for (const std::string& input : inputs) request += grk::test::to_hex(input) + "\n";
  const auto output = grk::test::run_python(parity_script, request);
  BOOST_TEST_REQUIRE(output.has_value());
  const std::vector<std::string> expected = grk::test::output_lines(*output);
  BOOST_TEST_REQUIRE(expected.size() == inputs.size());
  std::size_t failures = 0;
  std::size_t errors = 0;
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    const auto value = grk::json::read(inputs[i]);
    std::string actual;
    if (value) {
      actual = "OK " + grk::json::dumps(*value);
    } else {
      ++errors;
      const grk::json::ReadError& error = value.error();
      actual = "ERR " + error.message + "|" + std::to_string(error.position) + "|" + std::to_string(error.line) + "|" +
               std::to_string(error.column);
    }
    if (actual != expected[i] && ++failures <= 10) {
      BOOST_ERROR("input " << grk::test::to_hex(inputs[i]) << ": got " << actual << ", python " << expected[i]);
    }
  }
  BOOST_TEST(failures == 0u);
  BOOST_TEST_MESSAGE(inputs.size() << " texts compared, " << errors << " of them errors");
}
