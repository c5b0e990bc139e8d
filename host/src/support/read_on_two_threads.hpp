// read_on_two_threads: a long JSON text read as json::read reads it, on two
// threads. A step's result can hold a value per query and measure (12 MB
// for a run of MS MARCO dev's shape), and reading it into a tree was the
// longest part of the host's work after the step, on one core while the
// other waited.
#ifndef GRK_HOST_SUPPORT_READ_ON_TWO_THREADS_HPP
#define GRK_HOST_SUPPORT_READ_ON_TWO_THREADS_HPP

#include <boost/json/value.hpp>

#include <cstddef>
#include <string_view>

#include <grk/expected.hpp>
#include <grk/json/read_error.hpp>

namespace grk::host {

/// Texts shorter than this are read on one thread: a second would cost more
/// to start than it saves.
inline constexpr std::size_t two_thread_read_bytes = std::size_t{1} << 20;

/// Where the second thread starts: the first member of an object that
/// follows `},"` at or after the middle of `text`, the one of those found in
/// the next eighth of the text that closes the most objects before it (its
/// object is then the outermost one found, whose members reach furthest);
/// npos when there is none. A guess: it may be inside a string or an array.
[[nodiscard]] std::size_t second_half_start(std::string_view text);

/// The value, or the error, json::read(text) gives. From the start found by
/// second_half_start, a second thread reads the rest of the object open
/// there, and the first takes those members over when it gets there at the
/// start of a member; where it does not (the guess was wrong, that half
/// failed or nests too deep), it reads on itself, as alone. One thread for a
/// text shorter than `shortest` (the fuzz target reads short ones on two),
/// or when no second can be had.
[[nodiscard]] Expected<boost::json::value, json::ReadError> read_on_two_threads(
    std::string_view text, std::size_t shortest = two_thread_read_bytes);

}  // namespace grk::host

#endif
