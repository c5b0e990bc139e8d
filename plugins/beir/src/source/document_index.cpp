#include "source/document_index.hpp"

#include <algorithm>

namespace grk::beir {
namespace {

char lower(char c) noexcept { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

bool less_folded(std::string_view a, std::string_view b) noexcept {
  return std::lexicographical_compare(a.begin(), a.end(), b.begin(), b.end(),
                                      [](char x, char y) { return lower(x) < lower(y); });
}

bool equal_folded(std::string_view a, std::string_view b) noexcept {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return lower(x) == lower(y);
         });
}

}  // namespace

void DocumentIndex::add(std::string_view id, std::uint64_t position) {
  entries_.push_back(Entry{arena_.size(), position, static_cast<std::uint32_t>(id.size())});
  arena_.append(id);
  for (const char c : id) any_upper_case_ = any_upper_case_ || (c >= 'A' && c <= 'Z');
}

void DocumentIndex::append(const DocumentIndex& other, std::uint64_t position_offset) {
  const std::uint64_t arena_offset = arena_.size();
  arena_.append(other.arena_);
  entries_.reserve(entries_.size() + other.entries_.size());
  for (const Entry& entry : other.entries_) {
    entries_.push_back(Entry{arena_offset + entry.offset, position_offset + entry.position, entry.length});
  }
  any_upper_case_ = any_upper_case_ || other.any_upper_case_;
}

void DocumentIndex::seal() {
  const auto by_id_then_position = [this](const Entry& a, const Entry& b) {
    const std::string_view x = view(a), y = view(b);
    return x != y ? x < y : a.position < b.position;
  };
  // Many corpora list their ids in order already; checking is linear.
  if (!std::is_sorted(entries_.begin(), entries_.end(), by_id_then_position)) {
    std::sort(entries_.begin(), entries_.end(), by_id_then_position);
  }
}

bool DocumentIndex::contains(std::string_view id) const {
  auto found = std::lower_bound(entries_.begin(), entries_.end(), id,
                                [this](const Entry& entry, std::string_view key) { return view(entry) < key; });
  return found != entries_.end() && view(*found) == id;
}

std::optional<DuplicateDocument> DocumentIndex::first_duplicate() const {
  std::optional<DuplicateDocument> first;
  for (std::size_t i = 1; i < entries_.size(); ++i) {
    // Sorted by (id, position): the second entry of a run is the first repeat.
    if (view(entries_[i]) != view(entries_[i - 1])) continue;
    if (i >= 2 && view(entries_[i - 2]) == view(entries_[i])) continue;
    if (!first || entries_[i].position < first->position) {
      first = DuplicateDocument{std::string(view(entries_[i])), entries_[i].position};
    }
  }
  return first;
}

std::vector<DuplicateDocument> DocumentIndex::earliest_duplicates(std::size_t keep, std::uint64_t& count) const {
  // A max-heap of the `keep` smallest positions: memory stays bounded
  // however many repeats a corpus holds.
  std::vector<std::size_t> heap;
  const auto later = [this](std::size_t a, std::size_t b) { return entries_[a].position < entries_[b].position; };
  count = 0;
  for (std::size_t i = 1; i < entries_.size(); ++i) {
    if (view(entries_[i]) != view(entries_[i - 1])) continue;
    ++count;
    if (keep == 0) continue;
    if (heap.size() < keep) {
      heap.push_back(i);
      std::push_heap(heap.begin(), heap.end(), later);
    } else if (entries_[i].position < entries_[heap.front()].position) {
      std::pop_heap(heap.begin(), heap.end(), later);
      heap.back() = i;
      std::push_heap(heap.begin(), heap.end(), later);
    }
  }
  std::sort_heap(heap.begin(), heap.end(), later);
  std::vector<DuplicateDocument> repeats;
  for (const std::size_t i : heap) repeats.push_back(DuplicateDocument{std::string(view(entries_[i])), entries_[i].position});
  return repeats;
}

std::vector<std::vector<std::string>> DocumentIndex::case_collisions() const {
  if (!any_upper_case_) return {};
  std::vector<std::uint32_t> order(entries_.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = static_cast<std::uint32_t>(i);
  std::sort(order.begin(), order.end(), [this](std::uint32_t a, std::uint32_t b) {
    return less_folded(view(entries_[a]), view(entries_[b]));
  });
  std::vector<std::vector<std::string>> groups;
  for (std::size_t i = 0; i < order.size();) {
    std::size_t j = i + 1;
    while (j < order.size() && equal_folded(view(entries_[order[i]]), view(entries_[order[j]]))) ++j;
    if (j - i > 1) {
      std::vector<std::string> group;
      for (std::size_t k = i; k < j; ++k) group.emplace_back(view(entries_[order[k]]));
      std::sort(group.begin(), group.end());
      group.erase(std::unique(group.begin(), group.end()), group.end());
      if (group.size() > 1) groups.push_back(std::move(group));
    }
    i = j;
  }
  std::sort(groups.begin(), groups.end());
  return groups;
}

}  // namespace grk::beir
