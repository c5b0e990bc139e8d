// Tests for grk/python/int_parse.hpp.
#include <grk/python/int_parse.hpp>  // first: the header is self-contained

#define BOOST_TEST_MODULE python_int_parse
#include <boost/test/unit_test.hpp>

#include "python_parity.hpp"
#include "text_samples.hpp"

#include <random>
#include <string>
#include <vector>

namespace {
std::string parsed(std::string_view raw) { return grk::python::parse_int(raw).value_or("ValueError"); }
}  // namespace

BOOST_AUTO_TEST_CASE(accepts_what_int_accepts) {
  // int() in CPython 3.11.7, and docs/behaviour/beir.md §4 step 4.
  BOOST_TEST(parsed("0") == "0");
  BOOST_TEST(parsed("1") == "1");
  BOOST_TEST(parsed("-0") == "0");
  BOOST_TEST(parsed("+01") == "1");
  BOOST_TEST(parsed("1_0") == "10");
  BOOST_TEST(parsed("0_1") == "1");
  BOOST_TEST(parsed("  -00012  ") == "-12");
  BOOST_TEST(parsed(" \xC2\x85\xD9\xA1\xD9\xA2\xE3\x80\x80") == "12");  // ' \x85١٢\u3000'
  BOOST_TEST(parsed("\xF0\x9D\x9F\x99\xF0\x9D\x9F\x98") == "10");        // '𝟙𝟘'
  BOOST_TEST(parsed("\xEF\xBC\x91\xEF\xBC\x92") == "12");                // '１２'
  BOOST_TEST(parsed("\t\n\x0B\x0C\r7\r") == "7");
  BOOST_TEST(parsed("123456789012345678901234567890") == "123456789012345678901234567890");
  BOOST_TEST(parsed(std::string(4300, '9')) == std::string(4300, '9'));
}

BOOST_AUTO_TEST_CASE(refuses_what_int_refuses) {
  for (const char* raw : {"", " ", "+", "-", "_1", "1_", "1__0", "+_1", "1.0", "0x10", "1e3", "- 1", "++1", "1 2",
                          "\x1C" "1", "1\x1F", "\xEF\xBB\xBF" "1", "1\x7F", "\xE2\x80\x8B" "1", "\xC2\xB2"}) {
    BOOST_TEST(parsed(raw) == "ValueError", "int(" << raw << ")");
  }
  BOOST_TEST(parsed(std::string("1\0", 2)) == "ValueError");
  // More than sys.get_int_max_str_digits() digits, leading zeros included.
  BOOST_TEST(parsed(std::string(4301, '0')) == "ValueError");
  BOOST_TEST(parsed("1_" + std::string(4300, '0')) == "ValueError");
  BOOST_TEST(parsed(std::string(4299, '0') + "_1") == "1");
}

BOOST_AUTO_TEST_CASE(random_text_matches_int, *boost::unit_test::precondition(grk::test::python_available)) {
  std::mt19937_64 random(19);
  // Mostly digits, signs, underscores and whitespace, so most inputs parse.
  const std::vector<std::string> pieces = {"0", "1", "9", "_", "+", "-", " ", "\t", "\xC2\x85", "\xC2\xA0", "\xE3\x80\x80",
                                           "\xD9\xA1", "\xEF\xBC\x90", "\xF0\x9D\x9F\x99", "\x1C", "a", ".", "\xC2\xB2"};
  std::vector<std::string> inputs;
  for (int n = 0; n < 20000; ++n) {
    std::string raw;
    for (std::size_t k = random() % 8; k > 0; --k) raw += pieces[random() % pieces.size()];
    inputs.push_back(raw);
  }
  for (int n = 0; n < 2000; ++n) inputs.push_back(grk::test::random_text(random, 6));
  for (const std::size_t digits : {4299u, 4300u, 4301u}) {
    inputs.push_back(std::string(digits, '1'));
    inputs.push_back(" -" + std::string(digits, '0') + " ");
  }
  grk::test::expect_python_parity(inputs,
                                  "def f(s):\n"
                                  "    try:\n"
                                  "        return str(int(s))\n"
                                  "    except ValueError:\n"
                                  "        return 'ValueError'",
                                  [](const std::string& raw) { return parsed(raw); });
}
