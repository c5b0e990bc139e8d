// grk/eval/choices.hpp: named choices, a string parameter whose value is one
// of a few spellings, each naming a value of the component (a test, a
// correction, a missing_queries policy, a runs_format, a metric); the lookup
// both ways and the one wording of a refusal, so that every such parameter is
// refused alike.
#ifndef GRK_EVAL_CHOICES_HPP
#define GRK_EVAL_CHOICES_HPP

#include <array>
#include <cstddef>
#include <string>
#include <string_view>
#include <utility>

#include <grk/expected.hpp>
#include <grk/python/repr.hpp>

namespace grk::eval {

/// Each value and how a user spells it, in the order messages list them.
template <class T, std::size_t N>
using Spellings = std::array<std::pair<T, std::string_view>, N>;

/// invalid_argument `<param> must be one of 'a', 'b', got 'x'`; `spellings`
/// is any range of string_views.
template <class Names>
Unexpected<Failure> not_one_of(std::string_view param, const Names& spellings, std::string_view given) {
  std::string known;
  for (const std::string_view spelled : spellings) known += (known.empty() ? "'" : ", '") + std::string(spelled) + "'";
  return fail(Status::invalid_argument,
              std::string(param) + " must be one of " + known + ", got " + python::repr(given));
}

/// The value `given` spells, or not_one_of.
template <class T, std::size_t N>
Expected<T> parse_choice(const Spellings<T, N>& choices, std::string_view param, std::string_view given) {
  std::array<std::string_view, N> spelled;
  for (std::size_t i = 0; i < N; ++i) {
    if (choices[i].second == given) return choices[i].first;
    spelled[i] = choices[i].second;
  }
  return not_one_of(param, spelled, given);
}

/// How `value` is spelled (every value of T has a spelling).
template <class T, std::size_t N>
std::string_view choice_name(const Spellings<T, N>& choices, T value) noexcept {
  for (const auto& [choice, spelled] : choices) {
    if (choice == value) return spelled;
  }
  return choices.front().second;
}

}  // namespace grk::eval

#endif
