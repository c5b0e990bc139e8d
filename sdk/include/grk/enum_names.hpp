// grk::EnumName: an enum's words for users, written once as a table of
// {value, name} pairs and read both ways, so that the word a listing prints
// and the word a reader accepts cannot drift apart (docs/design.md §7.2).
//
//   inline constexpr grk::EnumName<Colour> colour_names[] = {{Colour::red, "red"}, ...};
//   grk::name_of(colour_names, Colour::red, "red");   // "red"
//   grk::value_of(colour_names, "red");               // Colour::red
#ifndef GRK_ENUM_NAMES_HPP
#define GRK_ENUM_NAMES_HPP

#include <cstddef>
#include <optional>
#include <string_view>

namespace grk {

/// One value of an enum and the word users see for it.
template <class Enum>
struct EnumName {
  Enum value;
  const char* name;
};

/// The word for `value` in `table`; `otherwise` for a value the table lacks
/// (a newer peer's code, a value cast from an integer).
template <class Enum, std::size_t N>
[[nodiscard]] constexpr const char* name_of(const EnumName<Enum> (&table)[N], Enum value,
                                            const char* otherwise) noexcept {
  for (const auto& entry : table) {
    if (entry.value == value) return entry.name;
  }
  return otherwise;
}

/// The value `name` stands for in `table`, or nothing when no entry has that
/// word (compared byte for byte).
template <class Enum, std::size_t N>
[[nodiscard]] constexpr std::optional<Enum> value_of(const EnumName<Enum> (&table)[N],
                                                     std::string_view name) noexcept {
  for (const auto& entry : table) {
    if (name == entry.name) return entry.value;
  }
  return std::nullopt;
}

}  // namespace grk

#endif
