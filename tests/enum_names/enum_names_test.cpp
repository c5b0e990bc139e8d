// grk/enum_names.hpp (docs/design.md §7.2): name_of and value_of read one
// table both ways, so every word a table gives reads back as its value; a
// value the table lacks gets the caller's fallback, and a word is matched
// byte for byte. Then the SDK's own tables: the words users see.
#define BOOST_TEST_MODULE enum_names
#include <boost/test/unit_test.hpp>

#include <grk/enum_names.hpp>
#include <grk/error.hpp>
#include <grk/groundkit/judgments/judgment.hpp>
#include <grk/param.hpp>

#include <iterator>
#include <set>
#include <string>

namespace {

enum class Colour { red, green, blue };
constexpr grk::EnumName<Colour> colour_names[] = {{Colour::red, "red"}, {Colour::green, "green"}};

// Every entry reads back as itself, and no two entries share a word or a value.
template <class Enum, std::size_t N>
void check_round_trip(const grk::EnumName<Enum> (&table)[N]) {
  std::set<std::string> words;
  std::set<Enum> values;
  for (const auto& entry : table) {
    BOOST_TEST(grk::name_of(table, entry.value, "?") == std::string(entry.name));
    BOOST_TEST((grk::value_of(table, entry.name) == entry.value), entry.name);
    words.insert(entry.name);
    values.insert(entry.value);
  }
  BOOST_TEST(words.size() == N);
  BOOST_TEST(values.size() == N);
}

}  // namespace

BOOST_AUTO_TEST_CASE(a_table_reads_both_ways) {
  BOOST_TEST(grk::name_of(colour_names, Colour::green, "?") == std::string("green"));
  BOOST_TEST((grk::value_of(colour_names, "red") == Colour::red));
  // Not in the table: the fallback one way, nothing the other.
  BOOST_TEST(grk::name_of(colour_names, Colour::blue, "unknown") == std::string("unknown"));
  BOOST_TEST(!grk::value_of(colour_names, "blue").has_value());
  // Byte for byte: no case folding, no trimming, no prefix match.
  BOOST_TEST(!grk::value_of(colour_names, "Red").has_value());
  BOOST_TEST(!grk::value_of(colour_names, "red ").has_value());
  BOOST_TEST(!grk::value_of(colour_names, "re").has_value());
  BOOST_TEST(!grk::value_of(colour_names, "").has_value());
  static_assert(grk::value_of(colour_names, "green") == Colour::green, "usable in constant expressions");
}

BOOST_AUTO_TEST_CASE(status_words) {
  check_round_trip(grk::status_names);
  BOOST_TEST(std::size(grk::status_names) == 9u);
  BOOST_TEST(grk::status_name(grk::Status::failed_precondition) == std::string("failed-precondition"));
  BOOST_TEST(grk::status_name(grk::Status::io_error) == std::string("io-error"));
  BOOST_TEST(grk::status_name(grk::Status::cancelled) == std::string("cancelled"));  // SDK 1.2
  // A newer plugin's code is reported as internal.
  BOOST_TEST(grk::status_name(static_cast<grk::Status>(99)) == std::string("internal"));
}

BOOST_AUTO_TEST_CASE(param_type_words) {
  check_round_trip(grk::param_type_names);
  BOOST_TEST(grk::param_type_name(grk::ParamType::paths) == std::string("paths"));
  BOOST_TEST((grk::value_of(grk::param_type_names, "boolean") == grk::ParamType::boolean));
}

BOOST_AUTO_TEST_CASE(judgment_category_words) {
  check_round_trip(grk::judgments::category_names);
  // groundkit's spelling, with an underscore (docs/behaviour/judgments.md §3).
  BOOST_TEST(grk::judgments::category_name(grk::judgments::Category::no_answer) == std::string("no_answer"));
  BOOST_TEST(!grk::value_of(grk::judgments::category_names, "no-answer").has_value());
}
