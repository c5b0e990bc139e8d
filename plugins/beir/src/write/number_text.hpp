// Numbers as the summary line prints them.
#ifndef GRK_BEIR_WRITE_NUMBER_TEXT_HPP
#define GRK_BEIR_WRITE_NUMBER_TEXT_HPP

#include <cstdint>
#include <string>

namespace grk::beir {

/// Python's f"{value:,}": "1,234,567".
std::string with_thousands(std::uint64_t value);

/// The count with thousands separators and its noun in the right number:
/// "1 query", "0 queries", "1,234 queries".
std::string counted(std::uint64_t count, const char* singular, const char* plural);

/// Python's f"{value:.2f}".
std::string two_decimals(double value);

}  // namespace grk::beir

#endif
