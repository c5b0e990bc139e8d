// The identifier rules of groundkit's BEIR adapter (docs/behaviour/beir.md §1, §5, §7 step 9).
#ifndef GRK_BEIR_RULES_IDENTIFIER_RULES_HPP
#define GRK_BEIR_RULES_IDENTIFIER_RULES_HPP

#include <grk/expected.hpp>

#include <optional>
#include <string>
#include <string_view>

#include "rules/validation_problems.hpp"

namespace grk::beir {

/// What an identifier becomes, which decides how strictly it is checked
/// (docs/behaviour/beir.md §5: only document ids become file names).
enum class IdentifierSubject { document, query };

/// Which subjects' ids the rules of docs/behaviour/beir.md §5 apply to. An id that
/// `document_ids: encode` or `query_ids: encode` will rename is only required
/// to be non-empty (docs/behaviour/beir.md §16.8).
struct IdentifierChecks {
  bool documents = true;
  bool queries = true;
  bool applies(IdentifierSubject subject) const noexcept {
    return subject == IdentifierSubject::document ? documents : queries;
  }
};

/// `^[A-Za-z0-9][A-Za-z0-9._-]*$` with fullmatch (docs/behaviour/beir.md §1): ASCII only, one
/// path component. Used for ids and for the split.
[[nodiscard]] bool is_safe_identifier(std::string_view value) noexcept;

/// The reference's refusal of an unsafe `value`, which `what` names
/// ("split", "document id", "query id").
std::string unsafe_identifier_message(std::string_view what, std::string_view value);

/// The first rule of docs/behaviour/beir.md §5 `value` breaks, as its problem kind
/// (unsafe-query-id, unsafe-document-id, long-document-id or
/// reserved-document-id); none when it passes or `checks` does not apply.
std::optional<ProblemKind> identifier_problem(std::string_view value, IdentifierSubject subject,
                                              IdentifierChecks checks = {}) noexcept;

/// The reference's refusal of `value` for the broken rule `kind`.
std::string identifier_message(ProblemKind kind, std::string_view value, IdentifierSubject subject);

/// Checks `value` as a BEIR id, in the reference's order (docs/behaviour/beir.md §5): path safety,
/// then (documents only) the 255-byte filename limit, then the reserved
/// Windows device stems. The error is the reference's text for the first
/// rule broken; the caller gives it its status.
/// Passes without a check when `checks` does not apply to `subject`.
Expected<void, std::string> check_identifier(std::string_view value, IdentifierSubject subject,
                                             IdentifierChecks checks = {});

}  // namespace grk::beir

#endif
