// Tests for grk/python/whitespace.hpp.
#include <grk/python/whitespace.hpp>  // first: the header is self-contained

#define BOOST_TEST_MODULE python_whitespace
#include <boost/test/unit_test.hpp>

#include "python_parity.hpp"
#include "text_samples.hpp"

#include <random>
#include <string>
#include <vector>

BOOST_AUTO_TEST_CASE(whitespace_set_is_reference_3_2) {
  const char32_t expected[] = {0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x1C, 0x1D, 0x1E, 0x1F, 0x20, 0x85, 0xA0, 0x1680,
                               0x2000, 0x2001, 0x2002, 0x2003, 0x2004, 0x2005, 0x2006, 0x2007, 0x2008, 0x2009, 0x200A,
                               0x2028, 0x2029, 0x202F, 0x205F, 0x3000};
  std::vector<char32_t> actual;
  for (char32_t c = 0; c < 0x110000; ++c) {
    if (grk::python::is_whitespace(c)) actual.push_back(c);
  }
  BOOST_TEST(actual == std::vector<char32_t>(std::begin(expected), std::end(expected)), boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(strip_removes_unicode_whitespace_at_both_ends) {
  BOOST_TEST(grk::python::strip("") == "");
  BOOST_TEST(grk::python::strip(" \t\n") == "");
  BOOST_TEST(grk::python::strip("  a b  ") == "a b");
  // '\x85\u3000x\u2028\xa0'.strip() == 'x'; U+FEFF and U+200B are kept.
  BOOST_TEST(grk::python::strip("\xC2\x85\xE3\x80\x80x\xE2\x80\xA8\xC2\xA0") == "x");
  BOOST_TEST(grk::python::strip("\xEF\xBB\xBFx\xE2\x80\x8B") == "\xEF\xBB\xBFx\xE2\x80\x8B");
  BOOST_TEST(grk::python::strip("\x1Fx\x1C") == "x");
  BOOST_TEST(grk::python::strip("\xC3\xA9 ") == "\xC3\xA9");
}

BOOST_AUTO_TEST_CASE(whitespace_matches_isspace, *boost::unit_test::precondition(grk::test::python_available)) {
  std::vector<std::string> inputs{""};
  grk::test::expect_python_parity(
      inputs, "def f(s): return ' '.join(hex(c) for c in range(0x110000) if chr(c).isspace())", [](const std::string&) {
        std::string out;
        char buffer[16];
        for (char32_t c = 0; c < 0x110000; ++c) {
          if (!grk::python::is_whitespace(c)) continue;
          std::snprintf(buffer, sizeof buffer, "%s0x%x", out.empty() ? "" : " ", static_cast<unsigned>(c));
          out += buffer;
        }
        return out;
      });
}

BOOST_AUTO_TEST_CASE(random_text_strips_like_python, *boost::unit_test::precondition(grk::test::python_available)) {
  std::mt19937_64 random(9);
  std::vector<std::string> inputs;
  for (int n = 0; n < 10000; ++n) inputs.push_back(grk::test::random_text(random, 12));
  grk::test::expect_python_parity(inputs, "def f(s): return s.strip()",
                                  [](const std::string& text) { return std::string(grk::python::strip(text)); });
}
