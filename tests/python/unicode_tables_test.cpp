// Tests for grk/detail/unicode_tables.hpp: the generated tables still equal
// what python3 computes (regenerate with sdk/tools/generate_unicode_tables.py).
#include <grk/detail/unicode_tables.hpp>  // first: the header is self-contained

#define BOOST_TEST_MODULE python_unicode_tables
#include <boost/test/unit_test.hpp>

#include "python_parity.hpp"

#include <string>
#include <vector>

namespace {

std::string table_text() {
  std::string out = grk::detail::unicode_tables::unicode_version;
  for (const auto& range : grk::detail::unicode_tables::non_printable_ranges) {
    out += " " + std::to_string(range[0]) + "-" + std::to_string(range[1]);
  }
  out += " /";
  for (const auto zero : grk::detail::unicode_tables::decimal_digit_zeros) out += " " + std::to_string(zero);
  return out;
}

}  // namespace

BOOST_AUTO_TEST_CASE(tables_are_sorted_and_disjoint) {
  std::uint32_t previous_last = 0;
  bool first = true;
  for (const auto& range : grk::detail::unicode_tables::non_printable_ranges) {
    BOOST_TEST(range[0] <= range[1]);
    if (!first) BOOST_TEST(range[0] > previous_last + 1);
    previous_last = range[1];
    first = false;
  }
  BOOST_TEST(std::string(grk::detail::unicode_tables::unicode_version) == "14.0.0");
}

BOOST_AUTO_TEST_CASE(tables_match_python, *boost::unit_test::precondition(grk::test::python_available)) {
  grk::test::expect_python_parity({""},
                                  "import unicodedata\n"
                                  "def f(_):\n"
                                  "    out, start = [unicodedata.unidata_version], None\n"
                                  "    for c in range(0x110001):\n"
                                  "        np = c < 0x110000 and not chr(c).isprintable()\n"
                                  "        if np and start is None: start = c\n"
                                  "        if not np and start is not None: out.append('%d-%d' % (start, c - 1)); start = None\n"
                                  "    out.append('/')\n"
                                  "    out += [str(c) for c in range(0x110000) if chr(c).isdecimal() and unicodedata.decimal(chr(c)) == 0]\n"
                                  "    return ' '.join(out)",
                                  [](const std::string&) { return table_text(); });
}
