// The hints the adapt path's refusals carry (docs/behaviour/beir.md §19): where the problem
// came from (file and line), what the character or value is, and the opt-in that
// resolves it. A hint never changes the refusal's exact message.
#ifndef GRK_BEIR_RULES_REFUSAL_HINTS_HPP
#define GRK_BEIR_RULES_REFUSAL_HINTS_HPP

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "rules/identifier_rules.hpp"
#include "source/source_lines.hpp"

namespace grk::beir {

/// "U+0085 (NEXT LINE)": a line-break character as a hint names it.
std::string character_name(char32_t code_point);

/// The first raw U+0085, U+2028 or U+2029 of a text: the code point and its
/// 1-based character position.
struct SeparatorAt {
  char32_t code_point = 0;
  std::uint64_t character = 0;
};
std::optional<SeparatorAt> first_separator(std::string_view text);

/// Hint for judgments a raw separator would break (docs/behaviour/beir.md §15.3 item 2):
/// `what` is e.g. "the quote of document 'd1'".
std::string separator_hint(const std::string& what, const SeparatorAt& at);

/// Hint for a JSONL line the loader refused: the splitlines break that ended
/// it (`ended_by`) or the one it starts after (`started_after`), when either
/// is not '\n' or '\r' (only LineBreaks::python ends a line there).
std::string jsonl_line_hint(const std::string& file, std::uint64_t line_number, std::string_view line,
                            char32_t ended_by, char32_t started_after);

/// The name of a source file inside the dataset, from its path:
/// "corpus.jsonl", or "qrels/test.tsv" when `with_folder`.
std::string dataset_file_name(const std::string& path, bool with_folder = false);

/// Hint for an id the identifier rules refused; `where` is e.g.
/// "qrels/test.tsv line 2" or "corpus.jsonl line 4 (record 4)", `field` "corpus-id", "query-id" or "_id".
std::string identifier_hint(const std::string& where, const char* field, std::string_view id,
                            IdentifierSubject subject);

/// Hint for a qrels score other than 0 and 1.
std::string graded_hint(const std::string& file, std::uint64_t line, const std::string& score);

/// Hint for a first qrels row that is not the header.
std::string header_hint(const std::string& file, std::string_view first_row, bool reads_as_data);

/// Hint for a refusal no opt-in resolves: where, and validate mode.
std::string unresolvable_hint(const std::string& where);

}  // namespace grk::beir

#endif
