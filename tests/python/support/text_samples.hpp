// tests/python/support/text_samples.hpp: random text built from the code
// points where Python's str rules have edges (docs/behaviour/beir.md §2-§4).
#ifndef GRK_TESTS_PYTHON_SUPPORT_TEXT_SAMPLES_HPP
#define GRK_TESTS_PYTHON_SUPPORT_TEXT_SAMPLES_HPP

#include <cstdint>
#include <random>
#include <string>
#include <vector>

namespace grk::test {

inline void append_utf8(std::string& out, char32_t c) {
  if (c < 0x80) {
    out += static_cast<char>(c);
  } else if (c < 0x800) {
    out += static_cast<char>(0xC0 | (c >> 6));
    out += static_cast<char>(0x80 | (c & 0x3F));
  } else if (c < 0x10000) {
    out += static_cast<char>(0xE0 | (c >> 12));
    out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (c & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (c >> 18));
    out += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (c & 0x3F));
  }
}

inline const std::vector<char32_t>& edge_code_points() {
  static const std::vector<char32_t> points = {
      'a', 'Z', '0', '1', '9', ' ', '\t', '\n', '\r', 0x0B, 0x0C, 0x1C, 0x1D, 0x1E, 0x1F, 0x00, 0x07, 0x7F, '_', '+',
      '-', '.', '\'', '"', '\\', 0x85, 0xA0, 0xAD, 0xE9, 0xFF, 0x100, 0x378, 0x660, 0x669, 0x6F5, 0x1680, 0x2000, 0x200A,
      0x200B, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000, 0xFEFF, 0xFF11, 0xE000, 0xFFFD, 0xFFFF, 0x1D7D9, 0x1F600,
      0x1FBF9, 0xE0001, 0x10FFFF, 0x4E2D};
  return points;
}

/// A random string of 0-`max_length` code points from edge_code_points().
inline std::string random_text(std::mt19937_64& random, std::size_t max_length) {
  const auto& points = edge_code_points();
  std::string out;
  for (std::size_t n = random() % (max_length + 1); n > 0; --n) append_utf8(out, points[random() % points.size()]);
  return out;
}

}  // namespace grk::test

#endif
