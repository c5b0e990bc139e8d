#include "source/source_lines.hpp"

#include <grk/python/text.hpp>

#include "source/python_path.hpp"

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstring>

#include <unistd.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace grk::beir {
namespace {

#if defined(__SSE2__)
// Offset in [0, 16] of the first of the 16 bytes at `p` that may end a line:
// a control byte, or the first byte of a raw U+0085, U+2028 or U+2029. Reads
// p[0..17]. Exact for the separators, so non-ASCII text does not slow it.
unsigned first_line_end_candidate(const unsigned char* p) noexcept {
  const __m128i b0 = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
  const __m128i b1 = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 1));
  const __m128i b2 = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 2));
  const auto byte = [](int value) { return _mm_set1_epi8(static_cast<char>(value)); };
  const __m128i control = _mm_cmpeq_epi8(_mm_max_epu8(b0, byte(0x1F)), byte(0x1F));
  const __m128i next_line = _mm_and_si128(_mm_cmpeq_epi8(b0, byte(0xC2)), _mm_cmpeq_epi8(b1, byte(0x85)));
  const __m128i separator =
      _mm_and_si128(_mm_and_si128(_mm_cmpeq_epi8(b0, byte(0xE2)), _mm_cmpeq_epi8(b1, byte(0x80))),
                    _mm_or_si128(_mm_cmpeq_epi8(b2, byte(0xA8)), _mm_cmpeq_epi8(b2, byte(0xA9))));
  const unsigned mask =
      static_cast<unsigned>(_mm_movemask_epi8(_mm_or_si128(control, _mm_or_si128(next_line, separator))));
  return mask == 0 ? 16 : static_cast<unsigned>(__builtin_ctz(mask));
}
#endif

// Byte classes for the terminator search: 0 plain, 1 a one-byte terminator,
// 2 '\r', 3 the lead byte of U+0085 (C2), 4 the lead byte of U+2028/9 (E2).
constexpr std::array<unsigned char, 256> terminator_classes() {
  std::array<unsigned char, 256> table{};
  for (unsigned char b : {0x0A, 0x0B, 0x0C, 0x1C, 0x1D, 0x1E}) table[b] = 1;
  table[0x0D] = 2;
  table[0xC2] = 3;
  table[0xE2] = 4;
  return table;
}
constexpr std::array<unsigned char, 256> terminator_class = terminator_classes();

// Length of the valid UTF-8 sequence at `p` (CPython's strict decoder:
// no overlongs, no surrogates, nothing past U+10FFFF), 0 when it is invalid,
// or -1 when it is a valid prefix cut by the end of `available` bytes.
int sequence_length(const unsigned char* p, std::size_t available) noexcept {
  const unsigned char lead = p[0];
  if (lead < 0x80) return 1;
  int length = 0;
  unsigned char low = 0x80, high = 0xBF;
  if (lead >= 0xC2 && lead <= 0xDF) {
    length = 2;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    length = 3;
    if (lead == 0xE0) low = 0xA0;
    if (lead == 0xED) high = 0x9F;
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    length = 4;
    if (lead == 0xF0) low = 0x90;
    if (lead == 0xF4) high = 0x8F;
  } else {
    return 0;
  }
  for (int i = 1; i < length; ++i) {
    if (static_cast<std::size_t>(i) >= available) return -1;
    const unsigned char next = p[i];
    if (i == 1 ? (next < low || next > high) : (next < 0x80 || next > 0xBF)) return 0;
  }
  return length;
}

// Python's message for the bad sequence at file offset `offset`, from the
// SDK's decoder run over just that sequence, with the position moved back to
// where it lies in the file.
std::string decode_error_message(const char* at, std::size_t available, std::uint64_t offset) {
  const std::string window(at, available < 4 ? available : 4);
  const auto utf8 = python::validate_utf8(window);
  std::string message =
      utf8 ? "'utf-8' codec can't decode byte in position 0: invalid start byte" : utf8.error();
  static constexpr std::string_view marker = " in position ";
  const std::size_t where = message.find(marker);
  if (where == std::string::npos) return message;
  std::size_t digits = where + marker.size();
  std::size_t stop = digits;
  while (stop < message.size() && message[stop] >= '0' && message[stop] <= '9') ++stop;
  std::string replacement = std::to_string(offset + std::stoull(message.substr(digits, stop - digits)));
  if (stop < message.size() && message[stop] == '-') {
    std::size_t second = stop + 1;
    std::size_t second_stop = second;
    while (second_stop < message.size() && message[second_stop] >= '0' && message[second_stop] <= '9') {
      ++second_stop;
    }
    replacement += "-" + std::to_string(offset + std::stoull(message.substr(second, second_stop - second)));
    stop = second_stop;
  }
  return message.substr(0, digits) + replacement + message.substr(stop);
}

// The first byte at or after `i` (below `limit`) that may end a line: whole
// words holding no control byte and no lead byte of U+0085/U+2028/9 are skipped.
inline std::size_t skip_plain_bytes(const unsigned char* bytes, std::size_t i, std::size_t limit) noexcept {
#if defined(__SSE2__)
  while (limit - i >= 18) {
    const unsigned skipped = first_line_end_candidate(bytes + i);
    i += skipped;
    if (skipped < 16) return i;
  }
#endif
  while (limit - i >= 8) {
    std::uint64_t w;
    std::memcpy(&w, bytes + i, 8);
    constexpr std::uint64_t ones = 0x0101010101010101ULL, highs = 0x8080808080808080ULL;
    const std::uint64_t c2 = w ^ (ones * 0xC2), e2 = w ^ (ones * 0xE2);
    if ((((w - ones * 0x20) & ~w) | ((c2 - ones) & ~c2) | ((e2 - ones) & ~e2)) & highs) break;
    i += 8;
  }
  return i;
}

// terminator_length's answer for a "\r" that ends the bytes read so far.
constexpr std::size_t unknown_yet = static_cast<std::size_t>(-1);

// The length of the terminator of class `kind` (non-zero) at `i`, 0 when the
// bytes there end no line, or unknown_yet. `complete`: nothing follows `limit`.
// Valid UTF-8 up to `limit` holds the whole sequence a lead byte starts.
inline std::size_t terminator_length(const unsigned char* bytes, std::size_t i, std::size_t limit, bool complete,
                                     unsigned char kind) noexcept {
  if (kind == 1) return 1;
  if (kind == 2) {
    if (i + 1 < limit) return bytes[i + 1] == '\n' ? 2 : 1;
    return complete ? 1 : unknown_yet;
  }
  if (kind == 3) return bytes[i + 1] == 0x85 ? 2 : 0;
  return bytes[i + 1] == 0x80 && (bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9) ? 3 : 0;
}

// The character a terminator of class `kind` at `i` is.
inline char32_t terminator_at(const unsigned char* bytes, std::size_t i, unsigned char kind) noexcept {
  if (kind == 1 || kind == 2) return char32_t{bytes[i]};
  if (kind == 3) return char32_t{0x85};
  return bytes[i + 2] == 0xA8 ? char32_t{0x2028} : char32_t{0x2029};
}

}  // namespace

void ContentFingerprint::mix(const char* block_bytes) noexcept {
  for (std::size_t lane = 0; lane < lanes_.size(); ++lane) {
    std::uint64_t word;
    std::memcpy(&word, block_bytes + 8 * lane, 8);
    std::uint64_t& state = lanes_[lane];
    state = (state ^ word) * 0x9E3779B97F4A7C15ULL;
    state ^= state >> 29;
  }
}

void ContentFingerprint::add(const char* data, std::size_t size) noexcept {
  size_ += size;
  if (pending_size_ != 0) {
    const std::size_t taken = std::min(block - pending_size_, size);
    std::memcpy(pending_.data() + pending_size_, data, taken);
    pending_size_ += taken;
    data += taken;
    size -= taken;
    if (pending_size_ < block) return;
    mix(pending_.data());
    pending_size_ = 0;
  }
  for (; size >= block; data += block, size -= block) mix(data);
  std::memcpy(pending_.data(), data, size);
  pending_size_ = size;
}

std::uint64_t ContentFingerprint::value() const noexcept {
  std::array<char, block> tail{};
  std::memcpy(tail.data(), pending_.data(), pending_size_);
  ContentFingerprint last = *this;
  last.mix(tail.data());
  std::uint64_t h = size_ * 0x165667B19E3779F9ULL;
  for (const std::uint64_t lane : last.lanes_) {
    h = (h ^ lane) * 0xC2B2AE3D27D4EB4FULL;
    h ^= h >> 31;
  }
  return h;
}

SourceLineReader::SourceLineReader(int fd, LineBreaks breaks, std::size_t block_size)
    : fd_(fd), newline_only_(breaks == LineBreaks::newline), block_size_(block_size), buffer_(block_size) {}

SourceLineReader::SourceLineReader(int fd, std::uint64_t begin, std::uint64_t end, LineBreaks breaks,
                                   std::size_t block_size)
    : fd_(fd),
      newline_only_(breaks == LineBreaks::newline),
      block_size_(block_size),
      buffer_(block_size),
      buffer_offset_(begin),
      positional_(true),
      read_offset_(begin),
      read_end_(end) {}

Expected<void, ReadFailure> SourceLineReader::validate_new_bytes() {
  const auto* bytes = reinterpret_cast<const unsigned char*>(buffer_.data());
  std::size_t i = validated_;
  while (i < end_) {
#if defined(__SSE2__)
    while (end_ - i >= 16 &&
           _mm_movemask_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(bytes + i))) == 0) {
      i += 16;
    }
    if (i == end_) break;
#endif
    if (i + 8 <= end_) {
      std::uint64_t word;
      std::memcpy(&word, bytes + i, 8);
      if ((word & 0x8080808080808080ULL) == 0) {
        i += 8;
        continue;
      }
    }
    const int length = sequence_length(bytes + i, end_ - i);
    if (length > 0) {
      i += static_cast<std::size_t>(length);
      continue;
    }
    if (length < 0 && !eof_) break;  // completed by the next read
    return unexpected(ReadFailure{ReadFailure::Kind::invalid_utf8,
                                  decode_error_message(buffer_.data() + i, end_ - i, buffer_offset_ + i), 0});
  }
  validated_ = i;
  return {};
}

Expected<void, ReadFailure> SourceLineReader::refill() {
  if (eof_) return {};
  if (begin_ > 0) {
    std::memmove(buffer_.data(), buffer_.data() + begin_, end_ - begin_);
    buffer_offset_ += begin_;
    scan_ -= begin_;
    validated_ -= begin_;
    end_ -= begin_;
    begin_ = 0;
  }
  if (buffer_.size() - end_ < block_size_ / 2) buffer_.resize(buffer_.size() + block_size_);
  ssize_t got;
  do {
    if (!positional_) {
      got = ::read(fd_, buffer_.data() + end_, buffer_.size() - end_);
    } else {
      const std::uint64_t wanted = std::min<std::uint64_t>(buffer_.size() - end_, read_end_ - read_offset_);
      got = wanted == 0 ? 0 : ::pread(fd_, buffer_.data() + end_, wanted, static_cast<off_t>(read_offset_));
      if (got > 0) read_offset_ += static_cast<std::uint64_t>(got);
    }
  } while (got < 0 && errno == EINTR);
  if (got < 0) return unexpected(ReadFailure{ReadFailure::Kind::os_error, std::string(), errno});
  if (got == 0) {
    eof_ = true;
  } else {
    fingerprint_.add(buffer_.data() + end_, static_cast<std::size_t>(got));
    end_ += static_cast<std::size_t>(got);
  }
  return validate_new_bytes();
}

// The line [begin_, stop) is the next one; the one after starts at `resume`.
void SourceLineReader::take_line(std::string_view& line, std::size_t stop, std::size_t resume, char32_t terminator) {
  line = std::string_view(buffer_.data() + begin_, stop - begin_);
  previous_terminator_ = last_terminator_;
  last_terminator_ = terminator;
  begin_ = resume;
  scan_ = begin_;
  ++line_number_;
  last_line_kept_whole_ = line_kept_whole_;
  if (line_kept_whole_) {
    ++lines_kept_whole_;
    line_kept_whole_ = false;
  }
}

Expected<bool, ReadFailure> SourceLineReader::next(std::string_view& line) {
  for (;;) {
    const auto* bytes = reinterpret_cast<const unsigned char*>(buffer_.data());
    const bool complete = eof_ && validated_ == end_;
    std::size_t i = scan_;
    while (i < validated_) {
      i = skip_plain_bytes(bytes, i, validated_);
      if (i >= validated_) break;
      const unsigned char kind = terminator_class[bytes[i]];
      const std::size_t length = kind == 0 ? 0 : terminator_length(bytes, i, validated_, complete, kind);
      if (length == unknown_yet) break;  // "\r" may be the first half of "\r\n"
      if (length == 0) {
        ++i;
        continue;
      }
      if (newline_only_ && kind != 2 && bytes[i] != '\n') {
        // docs/behaviour/beir.md §16.1: a splitlines break other than \n or \r stays in the line.
        line_kept_whole_ = true;
        i += length;
        continue;
      }
      if (i - begin_ > max_line_bytes) return refuse_long_line();
      take_line(line, i, i + length, terminator_at(bytes, i, kind));
      return true;
    }
    scan_ = i;
    // Every byte before scan_ belongs to the unfinished line: refuse it as
    // soon as it is too long, before the buffer grows further.
    if (scan_ - begin_ > max_line_bytes) return refuse_long_line();
    if (complete) {
      if (begin_ == end_) return false;
      take_line(line, end_, end_, 0);
      return true;
    }
    GRK_TRY_VOID(refill());
  }
}

Unexpected<ReadFailure> SourceLineReader::refuse_long_line() {
  const std::uint64_t number = line_number_ + 1;
  if (auto drained = drain(); !drained) return unexpected(std::move(drained).error());
  return unexpected(ReadFailure{ReadFailure::Kind::line_too_long, std::string(), 0, number});
}

Expected<void, ReadFailure> SourceLineReader::drain() {
  begin_ = validated_ < end_ ? validated_ : end_;
  scan_ = begin_;
  while (!(eof_ && validated_ == end_)) {
    if (auto refilled = refill(); !refilled) return refilled;
    begin_ = validated_;
    scan_ = begin_;
  }
  return {};
}

Unexpected<Failure> fail_unreadable_source(const ReadFailure& failure, const std::string& path,
                                           const SourceWords& words) {
  const std::string named = std::string("BEIR ") + words.noun + " " + python::repr(path);
  if (failure.kind == ReadFailure::Kind::invalid_utf8) {
    return fail(Status::invalid_data, named + " " + words.verb + " not valid UTF-8: " + failure.decode_error);
  }
  if (failure.kind == ReadFailure::Kind::line_too_long) {
    return fail(Status::invalid_data, named + " line " + std::to_string(failure.line) + " is longer than 64 MiB (" +
                                          std::to_string(max_line_bytes) + " bytes), the most one " + words.unit +
                                          " may take; refused");
  }
  return fail(Status::io_error, "cannot read " + named + ": " + os_error_text(failure.errno_value, path));
}

}  // namespace grk::beir
