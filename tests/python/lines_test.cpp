// Tests for grk/python/lines.hpp.
#include <grk/python/lines.hpp>  // first: the header is self-contained

#define BOOST_TEST_MODULE python_lines
#include <boost/test/unit_test.hpp>

#include "python_parity.hpp"
#include "text_samples.hpp"

#include <random>
#include <string>
#include <string_view>
#include <vector>

namespace {
// Python's repr-free rendering used below: the lines joined by '|'.
std::string joined(const std::vector<std::string_view>& lines) {
  std::string out;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (i > 0) out += '|';
    out += lines[i];
  }
  return std::to_string(lines.size()) + ":" + out;
}
}  // namespace

BOOST_AUTO_TEST_CASE(universal_newlines_folds_cr_and_crlf) {
  BOOST_TEST(grk::python::universal_newlines("") == "");
  BOOST_TEST(grk::python::universal_newlines("a\r\nb\rc\n\r\r\n") == "a\nb\nc\n\n\n");
  BOOST_TEST(grk::python::universal_newlines("\r") == "\n");
  BOOST_TEST(grk::python::universal_newlines("\n\r") == "\n\n");
  BOOST_TEST(grk::python::universal_newlines("x\xC2\x85y") == "x\xC2\x85y");
}

BOOST_AUTO_TEST_CASE(splitlines_breaks_where_python_does) {
  // str.splitlines() in CPython 3.11.7.
  BOOST_TEST(joined(grk::python::splitlines("")) == "0:");
  BOOST_TEST(joined(grk::python::splitlines("\n")) == "1:");
  BOOST_TEST(joined(grk::python::splitlines("a\nb\n")) == "2:a|b");
  BOOST_TEST(joined(grk::python::splitlines("a\n\nb")) == "3:a||b");
  BOOST_TEST(joined(grk::python::splitlines("a\r\nb\rc")) == "3:a|b|c");
  BOOST_TEST(joined(grk::python::splitlines("a\x0B" "b\x0C" "c\x1C" "d\x1D" "e\x1E" "f\x1F" "g")) == "6:a|b|c|d|e|f\x1Fg");
  // The raw U+0085 that splits an MS MARCO record (docs/behaviour/python-compat.md §5), U+2028, U+2029.
  BOOST_TEST(joined(grk::python::splitlines("{\"t\": \"a\xC2\x85" "b\"}")) == "2:{\"t\": \"a|b\"}");
  BOOST_TEST(joined(grk::python::splitlines("a\xE2\x80\xA8" "b\xE2\x80\xA9" "c\xE2\x80\xAA")) == "3:a|b|c\xE2\x80\xAA");
  BOOST_TEST(joined(grk::python::splitlines("\xC2\xA0\xC2")) == "1:\xC2\xA0\xC2");
}

BOOST_AUTO_TEST_CASE(random_text_matches_python, *boost::unit_test::precondition(grk::test::python_available)) {
  std::mt19937_64 random(13);
  std::vector<std::string> inputs;
  for (int n = 0; n < 10000; ++n) inputs.push_back(grk::test::random_text(random, 16));
  grk::test::expect_python_parity(inputs, "def f(s): return str(len(s.splitlines())) + ':' + '|'.join(s.splitlines())",
                                  [](const std::string& text) { return joined(grk::python::splitlines(text)); });
  // Reading a file with newline=None, then splitting (docs/behaviour/beir.md §2).
  grk::test::expect_python_parity(
      inputs,
      "import io\n"
      "def f(s):\n"
      "    t = io.TextIOWrapper(io.BytesIO(s.encode('utf-8', 'surrogatepass')), encoding='utf-8', errors='surrogatepass').read()\n"
      "    return t",
      [](const std::string& text) { return grk::python::universal_newlines(text); });
}
