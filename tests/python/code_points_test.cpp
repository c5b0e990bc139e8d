// Tests for grk/python/code_points.hpp.
#include <grk/python/code_points.hpp>  // first: the header is self-contained

#define BOOST_TEST_MODULE python_code_points
#include <boost/test/unit_test.hpp>

#include "python_parity.hpp"
#include "text_samples.hpp"

#include <random>
#include <string>
#include <vector>

BOOST_AUTO_TEST_CASE(count_is_len_of_str) {
  BOOST_TEST(grk::python::code_point_count("") == 0u);
  BOOST_TEST(grk::python::code_point_count("abc") == 3u);
  // len('é€😀') == 3; len('\ud800') == 1 in its generalized UTF-8 form.
  BOOST_TEST(grk::python::code_point_count("\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80") == 3u);
  BOOST_TEST(grk::python::code_point_count("\xED\xA0\x80x") == 2u);
}

BOOST_AUTO_TEST_CASE(decoding_steps_over_every_form) {
  using grk::python::detail::decode_at;
  BOOST_TEST(static_cast<std::uint32_t>(decode_at("\xF0\x9F\x98\x80", 0).value) == 0x1F600u);
  BOOST_TEST(decode_at("\xF0\x9F\x98\x80", 0).length == 4u);
  BOOST_TEST(static_cast<std::uint32_t>(decode_at("\xED\xA0\x80", 0).value) == 0xD800u);
  // Bytes that start no sequence read as Python's surrogateescape would.
  BOOST_TEST(static_cast<std::uint32_t>(decode_at("\xFF", 0).value) == 0xDCFFu);
  BOOST_TEST(static_cast<std::uint32_t>(decode_at("\xE2\x82", 0).value) == 0xDCE2u);
  BOOST_TEST(static_cast<std::uint32_t>(decode_at("\xC0\x80", 0).value) == 0xDCC0u);
  BOOST_TEST(static_cast<std::uint32_t>(decode_at("\xE0\x80\x80", 0).value) == 0xDCE0u);
  BOOST_TEST(grk::python::detail::start_before("a\xF0\x9F\x98\x80", 5) == 1u);
  BOOST_TEST(grk::python::detail::start_before("a\x80\x80", 3) == 2u);
}

BOOST_AUTO_TEST_CASE(random_text_matches_len, *boost::unit_test::precondition(grk::test::python_available)) {
  std::mt19937_64 random(5);
  std::vector<std::string> inputs;
  for (int n = 0; n < 5000; ++n) inputs.push_back(grk::test::random_text(random, 30));
  grk::test::expect_python_parity(inputs, "def f(s): return str(len(s))",
                                  [](const std::string& text) { return std::to_string(grk::python::code_point_count(text)); });
}
