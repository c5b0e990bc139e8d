// Tests for grk/json/wtf8.hpp.
#include <grk/json/wtf8.hpp>  // first: the header is self-contained

#define BOOST_TEST_MODULE json_wtf8
#include <boost/test/unit_test.hpp>

#include <string>

BOOST_AUTO_TEST_CASE(code_points_encode_as_utf8) {
  std::string out;
  for (const char32_t code_point : {U'A', U'\u00E9', U'\u2028', U'\U0001F600', U'\U0010FFFF'}) {
    grk::json::append_wtf8(out, code_point);
  }
  BOOST_TEST(out == "A\xC3\xA9\xE2\x80\xA8\xF0\x9F\x98\x80\xF4\x8F\xBF\xBF");
}

BOOST_AUTO_TEST_CASE(surrogates_encode_in_generalized_form) {
  // '\ud800'.encode('utf-8', 'surrogatepass') == b'\xed\xa0\x80' in CPython.
  std::string out;
  grk::json::append_wtf8(out, 0xD800);
  grk::json::append_wtf8(out, 0xDFFF);
  BOOST_TEST(out == "\xED\xA0\x80\xED\xBF\xBF");
}

BOOST_AUTO_TEST_CASE(lone_surrogates_are_detected) {
  BOOST_TEST(grk::json::contains_lone_surrogate("ab\xED\xA0\x80"));
  BOOST_TEST(grk::json::contains_lone_surrogate("\xED\xBF\xBF"));
  // U+D7FF and U+E000 sit either side of the surrogate block.
  BOOST_TEST(!grk::json::contains_lone_surrogate("\xED\x9F\xBF\xEE\x80\x80"));
  BOOST_TEST(!grk::json::contains_lone_surrogate("plain \xF0\x9F\x98\x80"));
  BOOST_TEST(!grk::json::contains_lone_surrogate("\xED"));
  BOOST_TEST(!grk::json::contains_lone_surrogate(""));
}
