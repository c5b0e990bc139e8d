#include "write/number_text.hpp"

#include <cstdio>

namespace grk::beir {

std::string with_thousands(std::uint64_t value) {
  std::string digits = std::to_string(value);
  for (std::size_t i = digits.size(); i > 3; i -= 3) digits.insert(i - 3, ",");
  return digits;
}

std::string counted(std::uint64_t count, const char* singular, const char* plural) {
  return with_thousands(count) + " " + (count == 1 ? singular : plural);
}

std::string two_decimals(double value) {
  char text[64];
  std::snprintf(text, sizeof text, "%.2f", value);
  return text;
}

}  // namespace grk::beir
