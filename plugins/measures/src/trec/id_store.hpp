// Ids: where a run keeps them (blocks that never move, so that views stay
// valid while the file they came from is gone, docs/behaviour/trec-eval.md
// §2.1) and how they compare.
#ifndef GRK_MEASURES_TREC_ID_STORE_HPP
#define GRK_MEASURES_TREC_ID_STORE_HPP

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string_view>
#include <vector>

namespace grk::measures {

/// Whether two ids are the same bytes. Ids are short and mostly differ in
/// their first bytes, so a loop beats a call to memcmp.
inline bool same_id(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (a[i] != b[i]) return false;
  }
  return true;
}

/// Whether `a` comes before `b` in byte order (std::string_view's `<`),
/// without the call to memcmp, for the same reason.
inline bool id_before(std::string_view a, std::string_view b) {
  const std::size_t common = a.size() < b.size() ? a.size() : b.size();
  for (std::size_t i = 0; i < common; ++i) {
    if (a[i] != b[i]) return static_cast<unsigned char>(a[i]) < static_cast<unsigned char>(b[i]);
  }
  return a.size() < b.size();
}

/// The first eight bytes of an id as a big-endian number (zeros after a
/// shorter id): two ids whose keys differ are in the keys' order by
/// id_before; equal keys leave it to id_before. A sort compares the keys
/// in one instruction where most ids differ.
inline std::uint64_t id_order_key(std::string_view id) {
  std::uint64_t key = 0;
  if (id.size() >= 8) {
    std::memcpy(&key, id.data(), 8);
  } else if (!id.empty()) {
    std::memcpy(&key, id.data(), id.size());
  }
  return __builtin_bswap64(key);
}

class IdStore {
 public:
  /// A copy of `id` that lives as long as the store.
  std::string_view keep(std::string_view id) {
    if (id.size() > capacity_ - used_) {
      // Blocks double from a small first one, so that a one-query run
      // touches a few pages, not a megabyte; they are not zeroed, since
      // only what keep() copied is ever read.
      const std::size_t next = capacity_ == 0 ? first_block : std::min(2 * capacity_, block_size);
      capacity_ = id.size() > next ? id.size() : next;
      blocks_.emplace_back(new char[capacity_]);
      used_ = 0;
    }
    char* at = blocks_.back().get() + used_;
    if (!id.empty()) std::memcpy(at, id.data(), id.size());
    used_ += id.size();
    return std::string_view(at, id.size());
  }

  /// Takes over the blocks of `other`: the views it gave stay valid here.
  void absorb(IdStore&& other) {
    for (auto& block : other.blocks_) blocks_.insert(blocks_.end() - (blocks_.empty() ? 0 : 1), std::move(block));
    other.blocks_.clear();
    other.used_ = other.capacity_ = 0;
  }

 private:
  static constexpr std::size_t first_block = std::size_t{1} << 12;
  static constexpr std::size_t block_size = std::size_t{1} << 20;
  std::vector<std::unique_ptr<char[]>> blocks_;
  std::size_t used_ = 0;
  std::size_t capacity_ = 0;
};

}  // namespace grk::measures

#endif
