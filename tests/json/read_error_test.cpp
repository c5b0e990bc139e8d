// Tests for grk/json/read_error.hpp.
#include <grk/json/read_error.hpp>  // first: the header is self-contained

#define BOOST_TEST_MODULE json_read_error
#include <boost/test/unit_test.hpp>

BOOST_AUTO_TEST_CASE(describe_is_str_of_json_decode_error) {
  // str(json.JSONDecodeError("Expecting value", "\n\n  x", 4)) in CPython 3.11.
  const grk::json::ReadError error{"Expecting value", 4, 3, 3};
  BOOST_TEST(error.describe() == "Expecting value: line 3 column 3 (char 4)");
}
