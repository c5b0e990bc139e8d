// GRK_TRY and GRK_TRY_VOID (<grk/expected.hpp>): a value is moved out and the
// function goes on; an error returns at once, unchanged, and converts to the
// caller's error type; nothing after the failing step runs.
#define BOOST_TEST_MODULE expected_try
#include <boost/test/unit_test.hpp>

#include <memory>
#include <string>
#include <vector>

#include <grk/expected.hpp>

namespace {

grk::Expected<int> parse_digit(char c) {
  if (c < '0' || c > '9') return grk::fail(grk::Status::invalid_data, std::string("not a digit: ") + c, "digits only");
  return c - '0';
}

std::vector<std::string> trace;

grk::Expected<int> sum_of_two(const std::string& text) {
  GRK_TRY(const int first, parse_digit(text.at(0)));
  trace.push_back("first " + std::to_string(first));
  GRK_TRY(auto second, parse_digit(text.at(1)));  // a second GRK_TRY in the same scope
  trace.push_back("second " + std::to_string(second));
  return first + second;
}

grk::Expected<void> check_digit(char c) {
  if (c < '0' || c > '9') return grk::fail(grk::Status::invalid_argument, "refused");
  return {};
}

grk::Expected<std::string> checked(const std::string& text) {
  for (char c : text) GRK_TRY_VOID(check_digit(c));
  return text;
}

grk::Expected<std::unique_ptr<int>> boxed(int value) {
  if (value < 0) return grk::fail(grk::Status::invalid_argument, "negative");
  return std::make_unique<int>(value);
}

grk::Expected<int> unboxed(int value) {
  GRK_TRY(auto box, boxed(value));  // a move-only value is moved out
  return *box + 1;
}

// A caller with its own error type, constructible from a Failure.
struct Located {
  std::string where;
  Located(grk::Failure failure) : where("line 3: " + failure.message) {}  // NOLINT: converting on purpose
};

grk::Expected<int, Located> located_sum(const std::string& text) {
  GRK_TRY(auto sum, sum_of_two(text));
  return sum * 10;
}

}  // namespace

BOOST_AUTO_TEST_CASE(values_are_moved_out_and_the_function_goes_on) {
  trace.clear();
  const auto sum = sum_of_two("47");
  BOOST_TEST_REQUIRE(sum.has_value());
  BOOST_TEST(*sum == 11);
  BOOST_TEST(trace == (std::vector<std::string>{"first 4", "second 7"}), boost::test_tools::per_element());
  BOOST_TEST(*unboxed(41) == 42);
  BOOST_TEST(*checked("123") == "123");
}

BOOST_AUTO_TEST_CASE(an_error_returns_at_once_unchanged) {
  trace.clear();
  const auto sum = sum_of_two("4x");
  BOOST_TEST_REQUIRE(!sum.has_value());
  BOOST_TEST(static_cast<int>(sum.error().status) == static_cast<int>(grk::Status::invalid_data));
  BOOST_TEST(sum.error().message == "not a digit: x");
  BOOST_TEST(sum.error().hint == "digits only");
  BOOST_TEST(trace == (std::vector<std::string>{"first 4"}), boost::test_tools::per_element());

  trace.clear();
  BOOST_TEST(sum_of_two("x4").error().message == "not a digit: x");
  BOOST_TEST(trace.empty());

  const auto refused = checked("12a3");
  BOOST_TEST_REQUIRE(!refused.has_value());
  BOOST_TEST(refused.error().message == "refused");
  BOOST_TEST(unboxed(-1).error().message == "negative");
}

BOOST_AUTO_TEST_CASE(an_error_converts_to_the_callers_error_type) {
  BOOST_TEST(*located_sum("12") == 30);
  const auto refused = located_sum("1?");
  BOOST_TEST_REQUIRE(!refused.has_value());
  BOOST_TEST(refused.error().where == "line 3: not a digit: ?");
}
