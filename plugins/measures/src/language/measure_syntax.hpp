// ir_measures' measure syntax, `Name(param=value,...)@cutoff`, read into its
// parts and written back (docs/behaviour/measures.md §2).
#ifndef GRK_MEASURES_LANGUAGE_MEASURE_SYNTAX_HPP
#define GRK_MEASURES_LANGUAGE_MEASURE_SYNTAX_HPP

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <grk/expected.hpp>

namespace grk::measures {

/// A literal as written: Python's int, float, bool, str and {int: int} dict.
struct Literal {
  enum class Kind { integer, real, boolean, text, mapping };
  Kind kind = Kind::integer;
  double number = 0.0;  ///< integer, real and boolean (0 or 1) alike
  std::string text;
  std::vector<std::pair<long, long>> mapping;  ///< in the order written
};

/// Python's repr of the literal, as ir_measures prints a parameter:
/// `3`, `3.0`, `0.8`, `True`, `'exp-log2'`, `{2:3,3:7}`.
std::string python_repr(const Literal& literal);

/// A measure as written: its name, its parameters in the order given and
/// its cutoff (an integer, or a fraction for IPrec).
struct WrittenMeasure {
  std::string name;
  std::vector<std::pair<std::string, Literal>> params;
  std::optional<Literal> cutoff;
};

/// Whether `text` uses ir_measures' syntax: parentheses or a cutoff, which
/// trec_eval's names never hold.
bool looks_like_ir_measures(std::string_view text);

/// Reads `Name`, `Name@10`, `Name(a=1,b='x')@0.5`. Fails (invalid_argument)
/// with the reason only; the caller names the entry.
Expected<WrittenMeasure> parse_written_measure(std::string_view text);

/// The items of a measures list as they were meant: `--set` and a comma-
/// separated string split at every comma, so an item that is a number
/// (digits, signs and dots) continues the one before (trec_eval's `P.5,10`,
/// `utility.1,-1,0,0`; `11pt_avg` does not) and so does an item inside
/// parentheses, braces or quotes left open (`RBP(p=0.8,rel=1)`).
std::vector<std::string> rejoin_measure_items(const std::vector<std::string>& items);

}  // namespace grk::measures

#endif
