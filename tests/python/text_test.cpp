// Tests for grk/python/text.hpp: the umbrella header brings every part.
#include <grk/python/text.hpp>  // first: the header is self-contained

#define BOOST_TEST_MODULE python_text
#include <boost/test/unit_test.hpp>

#include <string>

BOOST_AUTO_TEST_CASE(a_jsonl_line_goes_through_every_step) {
  // docs/behaviour/beir.md §2: decode strictly, fold newlines, split, strip, then report.
  const std::string file = "\xEF\xBB\xBF{\"_id\": \"d1\"}\r\n  \xC2\xA0\r{\"_id\": \"d\xC2\x85" "2\"}";
  BOOST_TEST(grk::python::validate_utf8(file).has_value());
  const std::string text = grk::python::universal_newlines(file);
  const auto lines = grk::python::splitlines(text);
  BOOST_TEST(lines.size() == 4u);
  BOOST_TEST(grk::python::strip(lines[1]).empty());
  BOOST_TEST(grk::python::code_point_count(lines[0]) == 14u);
  BOOST_TEST(grk::python::repr(std::string(lines[3])) == "'2\"}'");
  BOOST_TEST(grk::python::parse_int(" 1 ").value_or("") == "1");
}
