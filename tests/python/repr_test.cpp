// Tests for grk/python/repr.hpp.
#include <grk/python/repr.hpp>  // first: the header is self-contained

#define BOOST_TEST_MODULE python_repr
#include <boost/test/unit_test.hpp>

#include "python_parity.hpp"
#include "text_samples.hpp"

#include <random>
#include <string>
#include <vector>

BOOST_AUTO_TEST_CASE(repr_matches_cpython_examples) {
  // repr() in CPython 3.11.7.
  BOOST_TEST(grk::python::repr("") == "''");
  BOOST_TEST(grk::python::repr("a") == "'a'");
  BOOST_TEST(grk::python::repr("it's") == "\"it's\"");
  BOOST_TEST(grk::python::repr("say \"hi\"") == "'say \"hi\"'");
  BOOST_TEST(grk::python::repr("'\"") == "'\\'\"'");
  // docs/behaviour/python-compat.md §2's own example: repr('x\ty\u2028\x85é') == 'x\ty\u2028\x85é'.
  BOOST_TEST(grk::python::repr("x\ty\xE2\x80\xA8\xC2\x85\xC3\xA9") == "'x\\ty\\u2028\\x85\xC3\xA9'");
  BOOST_TEST(grk::python::repr("a\\b") == "'a\\\\b'");
  BOOST_TEST(grk::python::repr(std::string("\x00\x1F\x7F\xC2\xA0\xC2\xAD", 7)) == "'\\x00\\x1f\\x7f\\xa0\\xad'");
  BOOST_TEST(grk::python::repr("\xED\xA0\x80") == "'\\ud800'");
  BOOST_TEST(grk::python::repr("\xF3\xA0\x80\x81\xF4\x8F\xBF\xBF\xF0\x9F\x98\x80") == "'\\U000e0001\\U0010ffff\xF0\x9F\x98\x80'");
  BOOST_TEST(grk::python::repr("\xEF\xBB\xBF\xE2\x80\x8B\xCD\xB8\xE4\xB8\xAD") == "'\\ufeff\\u200b\\u0378\xE4\xB8\xAD'");
  BOOST_TEST(grk::python::repr("\r\n") == "'\\r\\n'");
  // A byte that is not UTF-8 shows as Python's surrogateescape form would.
  BOOST_TEST(grk::python::repr("\xFF") == "'\\udcff'");
}

BOOST_AUTO_TEST_CASE(repr_list_matches_cpython) {
  BOOST_TEST(grk::python::repr_list({}) == "[]");
  BOOST_TEST(grk::python::repr_list({"a", "b'", ""}) == "['a', \"b'\", '']");
}

BOOST_AUTO_TEST_CASE(printable_table_spot_checks) {
  BOOST_TEST(grk::python::is_printable(U' '));
  BOOST_TEST(!grk::python::is_printable(0x3000));
  BOOST_TEST(grk::python::is_printable(0x4E2D));
  BOOST_TEST(!grk::python::is_printable(0xE000));
  BOOST_TEST(!grk::python::is_printable(0x10FFFF));
  BOOST_TEST(grk::python::is_printable(0x1F600));
}

BOOST_AUTO_TEST_CASE(random_text_matches_repr, *boost::unit_test::precondition(grk::test::python_available)) {
  std::mt19937_64 random(17);
  std::vector<std::string> inputs;
  for (int n = 0; n < 10000; ++n) inputs.push_back(grk::test::random_text(random, 10));
  // Every code point once, in chunks, including lone surrogates.
  for (char32_t first = 0; first < 0x110000; first += 0x400) {
    std::string chunk;
    for (char32_t c = first; c < first + 0x400; ++c) grk::test::append_utf8(chunk, c);
    inputs.push_back(chunk);
  }
  grk::test::expect_python_parity(inputs, "def f(s): return repr(s)",
                                  [](const std::string& text) { return grk::python::repr(text); });
}
