// `document_ids: encode` and `query_ids: encode` (docs/behaviour/beir.md §16.8): the names
// the ids groundkit refuses get instead, and id_map.tsv, which lists them.
#ifndef GRK_BEIR_POLICIES_ID_ADAPTATION_HPP
#define GRK_BEIR_POLICIES_ID_ADAPTATION_HPP

#include <grk/expected.hpp>

#include <cstdint>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "rules/adaptation_policies.hpp"
#include "source/document_index.hpp"
#include "read/qrels_reader.hpp"

namespace grk::beir {

/// An id and the id it became.
using RenamedId = std::pair<std::string, std::string>;

/// The adapted document ids: the file stem of each document.
struct DocumentNames {
  bool encode = false;
  /// Ids that pass docs/behaviour/beir.md §5 but lose a case collision: encoded too.
  std::set<std::string, std::less<>> case_renamed;
  bool changed(std::string_view id) const;
  /// The id itself, or its encoded stem.
  std::string stem(std::string_view id) const;
};

/// The adapted query ids: only the positive ones that changed are listed.
struct QueryNames {
  std::map<std::string, std::string> renamed;  ///< original -> kebab-case
  const std::string& name(const std::string& id) const;
};

struct AdaptedIds {
  DocumentNames documents;
  QueryNames queries;
  std::uint64_t documents_changed = 0;
  std::vector<RenamedId> first_documents;  ///< the first 10 changed, ascending by original
  bool any_changed() const { return documents_changed != 0 || !queries.renamed.empty(); }
};

/// Decides every adapted id, after docs/behaviour/beir.md §7 step 10 and before step 11.
/// Fails (invalid_data) for a document id holding a lone surrogate, two long
/// document ids sharing a digest name, and two positive query ids becoming one.
/// `index` must be sealed.
Expected<AdaptedIds> adapt_ids(const DocumentIndex& index, const Qrels& qrels, const AdaptationPolicies& policies);

/// Gives id_map.tsv's bytes to `sink`, in pieces of about 1 MiB, so that its
/// text is never whole in memory; stops at the sink's first failure.
Expected<void> write_id_map(const DocumentIndex& index, const AdaptedIds& ids,
                            const std::function<Expected<void>(std::string_view)>& sink);

}  // namespace grk::beir

#endif
