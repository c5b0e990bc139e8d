// judgments.jsonl as the reference writes it.
#ifndef GRK_BEIR_WRITE_JUDGMENTS_TEXT_HPP
#define GRK_BEIR_WRITE_JUDGMENTS_TEXT_HPP

#include <cstdint>
#include <map>
#include <string>

#include "rules/adaptation_policies.hpp"
#include "policies/id_adaptation.hpp"
#include "read/qrels_reader.hpp"

namespace grk::beir {

/// The text of judgments.jsonl and, with UnicodeSeparators::escape, what was
/// escaped (docs/behaviour/beir.md §16.4).
struct RenderedJudgments {
  std::string text;
  std::uint64_t escaped_characters = 0;
  std::uint64_t escaped_rows = 0;       ///< judgment lines holding an escape
  std::uint64_t escaped_documents = 0;  ///< distinct documents whose quote holds one
};

/// One line per query with positive qrels, in ascending query id order, its
/// gold documents in ascending id order, each quoting the document's whole
/// text. `queries` and `texts` hold every id the qrels name. With
/// UnicodeSeparators::escape, every raw U+0085, U+2028 and U+2029 is written
/// as its \uXXXX escape, so that load_judgments does not split the line there.
/// With `ids`, every id is written adapted, and the order is the adapted ids'
/// (docs/behaviour/beir.md §16.8); `queries` and `texts` stay keyed by the originals.
RenderedJudgments render_judgments(const Qrels& qrels, const std::map<std::string, std::string>& queries,
                                   const std::map<std::string, std::string>& texts,
                                   UnicodeSeparators separators = UnicodeSeparators::refuse,
                                   const AdaptedIds* ids = nullptr);

}  // namespace grk::beir

#endif
