// read_on_two_threads (host/src/support/read_on_two_threads.hpp): the value
// or the error json::read gives, whatever the second thread's guess met: a
// result's per-query rows, many systems, a guess inside a string, a key
// repeated across the halves, a mistake in either half, brackets nested too
// deep from where the second half starts.
#define BOOST_TEST_MODULE host_read_on_two_threads
#include <boost/test/unit_test.hpp>

#include <string>

#include <grk/json/reader.hpp>
#include <grk/json/writer.hpp>

#include "support/read_on_two_threads.hpp"

namespace {

using grk::host::read_on_two_threads;
using grk::host::second_half_start;
using grk::host::two_thread_read_bytes;

// A trec-eval result's shape: `systems` systems of `queries` rows each.
std::string result_text(int systems, int queries) {
  std::string text = R"({"measures":["map","P_5"],"systems":{)";
  for (int s = 0; s < systems; ++s) {
    text += (s ? ",\"" : "\"") + std::string("sys") + std::to_string(s) + R"(":{"run_id":"r","summary":{"map":0.5},)";
    text += R"("per_query":{)";
    for (int q = 0; q < queries; ++q) {
      text += (q ? ",\"q" : "\"q") + std::to_string(q) + R"(":{"map":)" + std::to_string(0.1 + q * 1e-7) +
              R"(,"P_5":0.2,"relstring":"10\"}\u00e9"})";
    }
    text += "}}";
  }
  text += R"(},"ir_measures_names":{"map":"AP"}})";
  return text;
}

// Both reads, the same: the value (members in the same order) or the error.
void check_same(const std::string& text) {
  const auto alone = grk::json::read(text);
  const auto two = read_on_two_threads(text);
  BOOST_TEST_REQUIRE(alone.has_value() == two.has_value());
  if (alone) {
    BOOST_TEST((grk::json::write_compact(*alone) == grk::json::write_compact(*two)));  // the members' order too
    BOOST_TEST(*alone == *two);
  } else {
    BOOST_TEST(alone.error().message == two.error().message);
    BOOST_TEST(alone.error().position == two.error().position);
    BOOST_TEST(alone.error().line == two.error().line);
    BOOST_TEST(alone.error().column == two.error().column);
  }
}

}  // namespace

BOOST_AUTO_TEST_CASE(one_system_splits_between_its_rows) {
  const std::string text = result_text(1, 30000);
  BOOST_TEST_REQUIRE(text.size() >= two_thread_read_bytes);
  const std::size_t start = second_half_start(text);
  BOOST_TEST_REQUIRE(start != std::string::npos);
  BOOST_TEST(text.substr(start - 2, 4) == "},\"q");
  check_same(text);
}

BOOST_AUTO_TEST_CASE(many_systems_split_between_systems) {
  const std::string text = result_text(100, 400);
  const std::size_t start = second_half_start(text);
  BOOST_TEST_REQUIRE(start != std::string::npos);
  BOOST_TEST(text.substr(start - 4, 7) == "}}},\"sy");
  check_same(text);
}

BOOST_AUTO_TEST_CASE(a_guess_inside_a_string_or_an_array_is_read_alone) {
  // Every `},"` ends a string.
  std::string strings = "[";
  for (int i = 0; i < 60000; ++i) strings += std::string(i ? "," : "") + R"("a},\"b},")";
  strings += "]";
  BOOST_TEST_REQUIRE(second_half_start(strings) != std::string::npos);
  check_same(strings);
  // Between objects of an array.
  std::string objects = "[";
  for (int i = 0; i < 60000; ++i) objects += std::string(i ? "," : "") + R"({"x":{"y":1},"z":2})";
  objects += "]";
  check_same(objects);
}

BOOST_AUTO_TEST_CASE(a_key_repeated_across_the_halves_keeps_its_first_slot_and_last_value) {
  std::string text = R"({"k0":0,"dup":"first",)";
  for (int i = 1; i < 80000; ++i) text += "\"k" + std::to_string(i) + "\":{\"v\":" + std::to_string(i) + "},";
  text += R"("dup":"second","k1":"again","late":{"dup":1,"dup":2}})";
  check_same(text);
  const auto two = read_on_two_threads(text);
  BOOST_TEST_REQUIRE(two.has_value());
  const auto& object = two->as_object();
  BOOST_TEST(object.begin()[1].key() == "dup");
  BOOST_TEST(object.at("dup").as_string() == "second");
  BOOST_TEST(object.at("k1").as_string() == "again");
}

BOOST_AUTO_TEST_CASE(a_mistake_in_either_half_is_the_one_read_alone_reports) {
  const std::string text = result_text(1, 30000);
  for (const double where : {0.2, 0.55, 0.8, 0.999}) {
    std::string broken = text;
    const std::size_t at = broken.find("\"P_5\"", static_cast<std::size_t>(where * static_cast<double>(broken.size())));
    BOOST_TEST_REQUIRE(at != std::string::npos);
    broken[at + 5] = ';';  // "P_5";0.2
    check_same(broken);
  }
  check_same(text + "x");
  check_same(text.substr(0, text.size() - 1));
}

BOOST_AUTO_TEST_CASE(brackets_too_deep_from_the_first_half_fail_as_alone) {
  // A row's values are at depth 5: one nested in 995 brackets is still read
  // (1,000 levels), in 996 it is not, though the second half alone, where
  // the rows are at depth 2, would read it.
  for (const int nesting : {995, 996}) {
    std::string text = result_text(1, 30000);
    const std::size_t last_row = text.rfind("\"P_5\":0.2");
    text.replace(last_row + 6, 3, std::string(static_cast<std::size_t>(nesting), '[') + "1" +
                                      std::string(static_cast<std::size_t>(nesting), ']'));
    const auto alone = grk::json::read(text);
    BOOST_TEST(alone.has_value() == (nesting == 995));
    check_same(text);
  }
}

BOOST_AUTO_TEST_CASE(a_short_text_has_no_second_half) {
  const std::string text = result_text(1, 100);
  BOOST_TEST_REQUIRE(text.size() < two_thread_read_bytes);
  check_same(text);
}
