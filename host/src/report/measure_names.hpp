// A measure the user names on the command line, in any dialect of the one
// measure language (docs/behaviour/measures.md §2), as a results document
// names it: the language is the measures plugin's, read from its own code so
// that there is one source for it.
#ifndef GRK_HOST_REPORT_MEASURE_NAMES_HPP
#define GRK_HOST_REPORT_MEASURE_NAMES_HPP

#include <string>
#include <vector>

#include <grk/expected.hpp>

namespace grk::host {

/// The names `written` may stand under in a results document: as its dialect
/// prints it (`MAP`: `AP`; `ndcg_cut.10`: `ndcg_cut_10`; `P.5,10`: `P_5`,
/// `P_10`) and, for an ir_measures name trec_eval computes alike, trec_eval's
/// output names too (`nDCG@10`: `ndcg_cut_10`). Fails with the language's
/// reason (unknown or malformed, with the closest names).
Expected<std::vector<std::string>> document_names(const std::string& written);

}  // namespace grk::host

#endif
