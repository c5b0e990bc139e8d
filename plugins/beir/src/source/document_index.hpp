// The ids of every corpus document, kept compactly so that the adapter's memory
// grows with the number of documents, not with their text (docs/behaviour/beir.md §15.6).
#ifndef GRK_BEIR_SOURCE_DOCUMENT_INDEX_HPP
#define GRK_BEIR_SOURCE_DOCUMENT_INDEX_HPP

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace grk::beir {

/// A duplicated document id and the record position of its second occurrence.
struct DuplicateDocument {
  std::string id;
  std::uint64_t position = 0;
};

/// Document ids with the record position each came from. Add them all, call
/// seal(), then query. Ids are ASCII when they passed the identifier rules, and
/// any UTF-8 under `document_ids: encode`: byte order is code point order.
class DocumentIndex {
 public:
  void add(std::string_view id, std::uint64_t position);
  /// Adds the ids of `other` (an index of a later part of the same file), its
  /// positions moved by `position_offset`.
  void append(const DocumentIndex& other, std::uint64_t position_offset);
  /// Sorts the index; afterwards add() must not be called.
  void seal();

  std::size_t size() const noexcept { return entries_.size(); }
  /// The `i`-th id in ascending order, once sealed.
  std::string_view sorted_id(std::size_t i) const noexcept { return view(entries_[i]); }
  bool contains(std::string_view id) const;
  /// The earliest second occurrence of any id (docs/behaviour/beir.md §7 step 4 raises at
  /// that record), or nullopt.
  std::optional<DuplicateDocument> first_duplicate() const;
  /// The `keep` earliest repeats of an id (second, third, ... occurrences),
  /// in record order, and in `count` how many repeats there are in all
  /// (validate mode, docs/behaviour/beir.md §18.4).
  std::vector<DuplicateDocument> earliest_duplicates(std::size_t keep, std::uint64_t& count) const;
  /// Groups of ids equal under casefold (ASCII lower-casing for safe ids), each
  /// sorted, the list sorted, as docs/behaviour/beir.md §7 step 10 builds it.
  std::vector<std::vector<std::string>> case_collisions() const;

 private:
  struct Entry {
    std::uint64_t offset;
    std::uint64_t position;
    std::uint32_t length;
  };
  std::string_view view(const Entry& entry) const noexcept {
    return std::string_view(arena_.data() + entry.offset, entry.length);
  }
  std::string arena_;
  std::vector<Entry> entries_;
  bool any_upper_case_ = false;  // without one, no two ids can collide under casefold
};

}  // namespace grk::beir

#endif
