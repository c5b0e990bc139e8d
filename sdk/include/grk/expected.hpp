// grk::Expected: the one way code in this project returns a failure it
// expects (bad input, a missing file, a refused output). Exceptions are kept
// for the plugin firewall alone: a component's compute/adapt may throw
// grk::Error, and the entry code of plugin.hpp turns it into a status
// (docs/design.md §6).
//
// Shaped after C++23's std::expected, which C++17 lacks: a value or an error,
// never both. The error type defaults to grk::Failure (a status and a
// one-line message); a domain with richer errors (json::ReadError,
// report::ReportIssue) uses its own type, still inside Expected.
#ifndef GRK_EXPECTED_HPP
#define GRK_EXPECTED_HPP

#include <optional>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <variant>

#include <grk/error.hpp>

namespace grk {

/// Why an operation failed: the status a host reports, one line for the
/// user, and optionally a hint: what to do about it (the file and line, the
/// value, the option that resolves it). The hint travels apart from the
/// message so that a message that must match another tool's stays exact
/// (docs/design.md §2.5).
struct Failure {
  Status status = Status::internal;
  std::string message;
  std::string hint;
};

/// Wraps an error so that `return grk::unexpected(e);` converts to any
/// Expected<T, E>, even when T and E are the same type.
template <class E>
struct Unexpected {
  E error;
};

template <class E>
Unexpected<std::decay_t<E>> unexpected(E&& error) {
  return Unexpected<std::decay_t<E>>{std::forward<E>(error)};
}

/// `return grk::fail(Status::invalid_data, "...");` from a function returning
/// Expected<T> (error type grk::Failure).
inline Unexpected<Failure> fail(Status status, std::string message, std::string hint = {}) {
  return Unexpected<Failure>{Failure{status, std::move(message), std::move(hint)}};
}

/// Thrown by value() of an Expected that holds an error: a bug in the caller,
/// which should have tested the result first.
class BadExpectedAccess : public std::logic_error {
 public:
  BadExpectedAccess() : std::logic_error("value() of an Expected that holds an error") {}
};

/// A T, or the E that says why there is none. [[nodiscard]]: a result that
/// can fail must be looked at.
template <class T, class E = Failure>
class [[nodiscard]] Expected {
 public:
  template <class U = T, class = std::enable_if_t<std::is_constructible_v<T, U&&> &&
                                                  !std::is_same_v<std::decay_t<U>, Expected>>>
  Expected(U&& value) : state_(std::in_place_index<0>, std::forward<U>(value)) {}  // NOLINT: implicit by design
  template <class G>
  Expected(Unexpected<G> error) : state_(std::in_place_index<1>, std::move(error.error)) {}  // NOLINT

  bool has_value() const noexcept { return state_.index() == 0; }
  explicit operator bool() const noexcept { return has_value(); }

  T& value() & { check(); return std::get<0>(state_); }
  const T& value() const& { check(); return std::get<0>(state_); }
  T&& value() && { check(); return std::get<0>(std::move(state_)); }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }
  T&& operator*() && { return std::move(*this).value(); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }

  E& error() & { return std::get<1>(state_); }
  const E& error() const& { return std::get<1>(state_); }
  E&& error() && { return std::get<1>(std::move(state_)); }

  /// The value, or grk::Error carrying the failure: how a component's
  /// compute/adapt hands a failure to the firewall.
  T or_throw() && {
    static_assert(std::is_same_v<E, Failure>, "or_throw() needs a grk::Failure error");
    if (!has_value()) throw Error(error().status, error().message, error().hint);
    return std::get<0>(std::move(state_));
  }

 private:
  void check() const {
    if (!has_value()) throw BadExpectedAccess();
  }
  std::variant<T, E> state_;
};

/// Success with nothing to return, or the E that says why not.
template <class E>
class [[nodiscard]] Expected<void, E> {
 public:
  Expected() = default;
  template <class G>
  Expected(Unexpected<G> error) : error_(std::move(error.error)) {}  // NOLINT: implicit by design

  bool has_value() const noexcept { return !error_.has_value(); }
  explicit operator bool() const noexcept { return has_value(); }

  E& error() & { return *error_; }
  const E& error() const& { return *error_; }
  E&& error() && { return *std::move(error_); }

  void or_throw() && {
    static_assert(std::is_same_v<E, Failure>, "or_throw() needs a grk::Failure error");
    if (error_) throw Error(error_->status, error_->message, error_->hint);
  }

 private:
  std::optional<E> error_;
};

}  // namespace grk

/// GRK_TRY(auto name, expression): evaluates `expression` (an Expected);
/// when it holds an error, returns that error from the enclosing function
/// (which returns an Expected whose error type that error converts to);
/// otherwise declares `name` with the value moved out. The one spelling of
/// "unwrap or pass the failure up" (absl's ASSIGN_OR_RETURN, Rust's `?`):
///
///   GRK_TRY(auto report, read_report(path));
///   GRK_TRY(const auto& config, parse_config(text));
///
/// GRK_TRY_VOID(expression) does the same for an Expected<void, E>, or when
/// the value is not needed. Each is one statement; neither may be the body
/// of an unbraced `if`.
#define GRK_TRY(declaration, expression) \
  GRK_TRY_WITH_(GRK_TRY_NAME_(grk_try_result_, __LINE__), declaration, expression)
#define GRK_TRY_VOID(expression)                                                \
  do {                                                                          \
    if (auto grk_try_result_ = (expression); !grk_try_result_)                   \
      return ::grk::unexpected(std::move(grk_try_result_).error());             \
  } while (false)
// The temporary's name carries the line, so two GRK_TRYs may share a scope.
#define GRK_TRY_NAME_(prefix, line) GRK_TRY_NAME_JOIN_(prefix, line)
#define GRK_TRY_NAME_JOIN_(prefix, line) prefix##line
#define GRK_TRY_WITH_(result, declaration, expression)        \
  auto result = (expression);                                 \
  if (!result) return ::grk::unexpected(std::move(result).error()); \
  declaration = *std::move(result)

#endif
