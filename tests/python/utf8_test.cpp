// Tests for grk/python/utf8.hpp: str(UnicodeDecodeError) parity with CPython 3.11.
#include <grk/python/utf8.hpp>  // first: the header is self-contained

#define BOOST_TEST_MODULE python_utf8
#include <boost/test/unit_test.hpp>

#include "python_parity.hpp"

#include <random>
#include <string>
#include <vector>

namespace {

struct Vector {
  std::string bytes;
  const char* message;  // nullptr: valid
};

// bytes.decode("utf-8") in CPython 3.11.7.
const Vector vectors[] = {
    {"", nullptr},
    {"abc", nullptr},
    {"\xF4\x8F\xBF\xBF", nullptr},
    {"\xED\x9F\xBF", nullptr},
    {"\xEF\xBB\xBF", nullptr},
    {"\xFF", "'utf-8' codec can't decode byte 0xff in position 0: invalid start byte"},
    {"abcdefghi\xFF", "'utf-8' codec can't decode byte 0xff in position 9: invalid start byte"},
    {"\xE2\x82(", "'utf-8' codec can't decode bytes in position 0-1: invalid continuation byte"},
    {"\xE2(", "'utf-8' codec can't decode byte 0xe2 in position 0: invalid continuation byte"},
    {"\xE2\x82", "'utf-8' codec can't decode bytes in position 0-1: unexpected end of data"},
    {"\xF0\x90\x80", "'utf-8' codec can't decode bytes in position 0-2: unexpected end of data"},
    {"\xF0\x80", "'utf-8' codec can't decode byte 0xf0 in position 0: invalid continuation byte"},
    {"\xF0", "'utf-8' codec can't decode byte 0xf0 in position 0: unexpected end of data"},
    {"\xED\xA0\x80", "'utf-8' codec can't decode byte 0xed in position 0: invalid continuation byte"},
    {"\xC0\x80", "'utf-8' codec can't decode byte 0xc0 in position 0: invalid start byte"},
    {"\xE0\x80\x80", "'utf-8' codec can't decode byte 0xe0 in position 0: invalid continuation byte"},
    {"\xF4\x90\x80\x80", "'utf-8' codec can't decode byte 0xf4 in position 0: invalid continuation byte"},
    {"\xF5", "'utf-8' codec can't decode byte 0xf5 in position 0: invalid start byte"},
    {"\x80", "'utf-8' codec can't decode byte 0x80 in position 0: invalid start byte"},
    {"\xC2", "'utf-8' codec can't decode byte 0xc2 in position 0: unexpected end of data"},
    {"a\xC2" "a", "'utf-8' codec can't decode byte 0xc2 in position 1: invalid continuation byte"},
    {"\xF0\x9F\x98", "'utf-8' codec can't decode bytes in position 0-2: unexpected end of data"},
    {"\xF0\x9F\x98(", "'utf-8' codec can't decode bytes in position 0-2: invalid continuation byte"},
    {"\xF0\x9F(", "'utf-8' codec can't decode bytes in position 0-1: invalid continuation byte"},
    {"\xE0\xA0", "'utf-8' codec can't decode bytes in position 0-1: unexpected end of data"},
    {"\xE0\x9F", "'utf-8' codec can't decode byte 0xe0 in position 0: invalid continuation byte"},
    {"\xED\xBF", "'utf-8' codec can't decode byte 0xed in position 0: invalid continuation byte"},
    {"12345678\xC3\xA9\xFF", "'utf-8' codec can't decode byte 0xff in position 10: invalid start byte"},
    {"\xF4\x8F", "'utf-8' codec can't decode bytes in position 0-1: unexpected end of data"},
    {"\xF4\x90", "'utf-8' codec can't decode byte 0xf4 in position 0: invalid continuation byte"},
};

}  // namespace

BOOST_AUTO_TEST_CASE(fixed_vectors_match_cpython) {
  for (const Vector& vector : vectors) {
    BOOST_TEST_CONTEXT("bytes " << grk::test::to_hex(vector.bytes)) {
      const auto checked = grk::python::validate_utf8(vector.bytes);
      if (vector.message == nullptr) {
        BOOST_TEST(checked.has_value());
      } else {
        BOOST_TEST((checked ? std::string("<valid>") : checked.error()) == vector.message);
      }
    }
  }
}

BOOST_AUTO_TEST_CASE(random_bytes_match_cpython, *boost::unit_test::precondition(grk::test::python_available)) {
  // Mostly ASCII with lead and continuation bytes from every class, so the
  // eight-byte fast path and every branch meet errors at every offset.
  const unsigned char classes[] = {0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0,
                                   0xE1, 0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF};
  std::mt19937_64 random(3);
  std::vector<std::string> inputs;
  for (int n = 0; n < 30000; ++n) {
    std::string bytes;
    const std::size_t length = random() % 24;
    for (std::size_t k = 0; k < length; ++k) {
      bytes += random() % 3 == 0 ? static_cast<char>(classes[random() % sizeof classes]) : static_cast<char>('a' + random() % 26);
    }
    inputs.push_back(bytes);
  }
  // Valid multi-byte text with one byte damaged.
  for (int n = 0; n < 5000; ++n) {
    std::string bytes = "abcdefgh\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80xyz\xED\x9F\xBF\xF4\x8F\xBF\xBF";
    bytes[random() % bytes.size()] = static_cast<char>(random() % 256);
    if (random() % 2) bytes.resize(random() % bytes.size());
    inputs.push_back(bytes);
  }
  const char* const python = R"PY(
def f(b):
    try:
        b.decode('utf-8')
        return 'valid'
    except UnicodeDecodeError as e:
        return str(e)
)PY";
  grk::test::expect_python_parity(
      inputs, python, [](const std::string& bytes) {
        const auto checked = grk::python::validate_utf8(bytes);
        return checked ? std::string("valid") : checked.error();
      },
      true);
}
