// judgments.jsonl as the reference writes it.
#ifndef GRK_BEIR_JUDGMENTS_TEXT_HPP
#define GRK_BEIR_JUDGMENTS_TEXT_HPP

#include <map>
#include <string>

#include "qrels_reader.hpp"

namespace grk::beir {

/// One line per query with positive qrels, in ascending query id order, its
/// gold documents in ascending id order, each quoting the document's whole
/// text. `queries` and `texts` hold every id the qrels name.
std::string render_judgments(const Qrels& qrels, const std::map<std::string, std::string>& queries,
                             const std::map<std::string, std::string>& texts);

}  // namespace grk::beir

#endif
