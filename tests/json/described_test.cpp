// Tests for grk/json/described.hpp.
#include <grk/json/described.hpp>  // first: the header is self-contained

#define BOOST_TEST_MODULE json_described
#include <boost/test/unit_test.hpp>

#include <boost/describe/class.hpp>

#include <cstdint>
#include <iterator>
#include <optional>
#include <string>
#include <vector>

namespace sample {

struct Span {
  double low = 0.0;
  double high = 0.0;
};
BOOST_DESCRIBE_STRUCT(Span, (), (low, high))

// One member of every kind the header names, in an order unlike the alphabet's.
struct Row {
  std::string name;
  std::uint64_t count = 0;
  std::int64_t offset = 0;
  Span span;
  std::optional<double> size;
  bool flag = false;
  boost::json::object tail;
};
BOOST_DESCRIBE_STRUCT(Row, (), (name, count, offset, span, size, flag, tail))

}  // namespace sample

BOOST_AUTO_TEST_CASE(members_in_declared_order_nested_ones_flat_and_the_tail_last) {
  sample::Row row;
  row.name = "bm25";
  row.count = 3;
  row.offset = -2;
  row.span = {-0.5, 0.25};
  row.tail = {{"extra", 1}, {"more", "x"}};
  const boost::json::object out = grk::json::described_object(row);
  std::vector<std::string> keys;
  for (const auto& field : out) keys.emplace_back(field.key());
  const std::vector<std::string> expected{"name", "count", "offset", "span_low", "span_high", "size", "flag",
                                          "extra", "more"};
  BOOST_TEST(keys == expected, boost::test_tools::per_element());
  BOOST_TEST(out.at("name").as_string() == "bm25");
  BOOST_TEST(out.at("count").as_uint64() == 3u);
  BOOST_TEST(out.at("offset").as_int64() == -2);
  BOOST_TEST(out.at("span_low").as_double() == -0.5);
  BOOST_TEST(out.at("span_high").as_double() == 0.25);
  BOOST_TEST(out.at("size").is_null());
  BOOST_TEST(out.at("flag").as_bool() == false);
  BOOST_TEST(out.at("more").as_string() == "x");
}

BOOST_AUTO_TEST_CASE(an_optional_with_a_value_is_that_value) {
  sample::Row row;
  row.size = 1.5;
  const boost::json::object out = grk::json::described_object(row);
  BOOST_TEST(out.at("size").as_double() == 1.5);
}

BOOST_AUTO_TEST_CASE(a_key_already_there_keeps_its_place_and_takes_the_new_value) {
  sample::Row row;
  row.tail = {{"count", 9}};
  boost::json::object out{{"first", true}, {"count", 0}};
  grk::json::append_described(out, row, "row_");
  BOOST_TEST(std::next(out.begin())->key() == "count");
  BOOST_TEST(out.at("count").as_int64() == 9);
  BOOST_TEST(out.size() == 9u);
  BOOST_TEST(out.at("row_span_high").as_double() == 0.0);
}
