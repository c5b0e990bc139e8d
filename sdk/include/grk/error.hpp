// grk::Error: the exception plugin authors throw to fail a call with a status.
#ifndef GRK_ERROR_HPP
#define GRK_ERROR_HPP

#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>

#include <grk/abi.h>
#include <grk/enum_names.hpp>

namespace grk {

/// The status of a component call; the C++ face of grk_status (abi.h), whose
/// comments say which to pick.
enum class Status : std::int32_t {
  ok = GRK_STATUS_OK,
  invalid_argument = GRK_STATUS_INVALID_ARGUMENT,
  invalid_data = GRK_STATUS_INVALID_DATA,
  not_found = GRK_STATUS_NOT_FOUND,
  failed_precondition = GRK_STATUS_FAILED_PRECONDITION,
  io_error = GRK_STATUS_IO_ERROR,
  unimplemented = GRK_STATUS_UNIMPLEMENTED,
  internal = GRK_STATUS_INTERNAL,
  cancelled = GRK_STATUS_CANCELLED,  ///< SDK 1.2: the host asked the call to stop
};

/// The names users see for the statuses (docs/design.md §2.4).
inline constexpr EnumName<Status> status_names[] = {
    {Status::ok, "ok"},
    {Status::invalid_argument, "invalid-argument"},
    {Status::invalid_data, "invalid-data"},
    {Status::not_found, "not-found"},
    {Status::failed_precondition, "failed-precondition"},
    {Status::io_error, "io-error"},
    {Status::unimplemented, "unimplemented"},
    {Status::internal, "internal"},
    {Status::cancelled, "cancelled"},
};

/// The name users see for a status, e.g. "invalid-data". A value outside the
/// known set (a newer plugin's code) is reported as "internal".
inline const char* status_name(Status status) noexcept { return name_of(status_names, status, "internal"); }

/// Thrown by a component to fail the current call. The SDK's generated entry
/// code turns it into a status and message for the host; it never crosses the
/// C boundary as an exception.
class Error : public std::runtime_error {
 public:
  Error(Status status, const std::string& message, std::string hint = {})
      : std::runtime_error(message), status_(status), hint_(std::move(hint)) {}
  Status status() const noexcept { return status_; }
  /// What the user can do about it; empty for none (docs/design.md §2.5).
  const std::string& hint() const noexcept { return hint_; }

 private:
  Status status_;
  std::string hint_;
};

}  // namespace grk

#endif
