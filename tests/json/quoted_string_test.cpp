// Tests for grk/json/quoted_string.hpp.
#include <grk/json/quoted_string.hpp>  // first: the header is self-contained

#define BOOST_TEST_MODULE json_quoted_string
#include <boost/test/unit_test.hpp>

#include "python_oracle.hpp"

#include <string>
#include <utility>

namespace {
std::string as_json_string(std::string_view text) {
  std::string out;
  grk::json::append_quoted(out, text);
  return out;
}
}  // namespace

BOOST_AUTO_TEST_CASE(escapes_as_json_dumps_without_ensure_ascii) {
  // json.dumps(''.join(map(chr, range(0x80))) + 'é\u2028\x85\u2029\U0001F600/', ensure_ascii=False)
  std::string all_ascii;
  for (int c = 0; c < 0x80; ++c) all_ascii += static_cast<char>(c);
  const std::string input = all_ascii + "\xC3\xA9\xE2\x80\xA8\xC2\x85\xE2\x80\xA9\xF0\x9F\x98\x80/";
  const std::string expected =
      "\"\\u0000\\u0001\\u0002\\u0003\\u0004\\u0005\\u0006\\u0007\\b\\t\\n\\u000b\\f\\r\\u000e\\u000f"
      "\\u0010\\u0011\\u0012\\u0013\\u0014\\u0015\\u0016\\u0017\\u0018\\u0019\\u001a\\u001b\\u001c\\u001d"
      "\\u001e\\u001f !\\\"#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\\\]^_`"
      "abcdefghijklmnopqrstuvwxyz{|}~\x7F\xC3\xA9\xE2\x80\xA8\xC2\x85\xE2\x80\xA9\xF0\x9F\x98\x80/\"";
  BOOST_TEST(as_json_string(input) == expected);
}

BOOST_AUTO_TEST_CASE(appends_to_existing_text) {
  std::string out = "x=";
  grk::json::append_quoted(out, "a\"b");
  grk::json::append_quoted(out, "");
  BOOST_TEST(out == "x=\"a\\\"b\"\"\"");
}

BOOST_AUTO_TEST_CASE(matches_python_for_every_code_point_class, *boost::unit_test::precondition(grk::test::python_available)) {
  // One string per line: every ASCII character next to every other, and
  // non-ASCII characters from each UTF-8 length.
  const char* const script = R"PY(
import json, sys
for line in open(sys.argv[1]):
    s = bytes.fromhex(line.strip()).decode('utf-8')
    sys.stdout.buffer.write(json.dumps(s, ensure_ascii=False).encode('utf-8') + b'\n')
)PY";
  std::vector<std::string> inputs;
  const std::string extras[] = {"\xC2\x80", "\xC2\xA0", "\xDF\xBF", "\xE0\xA0\x80", "\xEF\xBB\xBF", "\xEF\xBF\xBF", "\xF4\x8F\xBF\xBF"};
  for (int a = 0; a < 0x80; ++a) {
    std::string text;
    for (int b = 0; b < 0x80; ++b) text += {static_cast<char>(a), static_cast<char>(b)};
    text += extras[a % 7];
    inputs.push_back(text);
  }
  std::string request;
  for (const std::string& input : inputs) request += grk::test::to_hex(input) + "\n";
  const auto output = grk::test::run_python(script, request);
  BOOST_TEST_REQUIRE(output.has_value());
  const std::vector<std::string> expected = grk::test::output_lines(*output);
  BOOST_TEST_REQUIRE(expected.size() == inputs.size());
  for (std::size_t i = 0; i < inputs.size(); ++i) BOOST_TEST(as_json_string(inputs[i]) == expected[i]);
}

// Strings are scanned eight bytes at a time, the last bytes as the word that
// ends the string: a byte to escape is found at every place in strings of
// every length around those words, and bytes next to the escaped ranges
// (' ', DEL, 0x80, 0xFF, '!', '#', '[', ']') are copied as they are.
BOOST_AUTO_TEST_CASE(finds_a_byte_to_escape_at_every_place) {
  const std::pair<char, std::string> escaped[] = {
      {'"', "\\\""}, {'\\', "\\\\"}, {'\n', "\\n"}, {'\x01', "\\u0001"}, {'\x1F', "\\u001f"}, {'\0', "\\u0000"}};
  for (std::size_t length = 1; length <= 25; ++length) {
    for (const char plain : {' ', '\x7F', '\x80', '\xFF', '!', '#', '[', ']'}) {
      const std::string text(length, plain);
      BOOST_TEST(as_json_string(text) == "\"" + text + "\"", "length " << length);
      for (std::size_t place = 0; place < length; ++place) {
        for (const auto& [byte, escape] : escaped) {
          std::string input = text;
          input[place] = byte;
          BOOST_TEST(as_json_string(input) ==
                         "\"" + text.substr(0, place) + escape + text.substr(place + 1) + "\"",
                     "length " << length << ", place " << place << ", byte " << static_cast<int>(byte));
        }
      }
    }
  }
}
