// grk::Context: the host's services (log, progress, cancellation) for one
// component call.
#ifndef GRK_CONTEXT_HPP
#define GRK_CONTEXT_HPP

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include <grk/abi.h>
#include <grk/error.hpp>

namespace grk {

enum class LogLevel : std::int32_t {
  debug = GRK_LOG_DEBUG,
  info = GRK_LOG_INFO,
  warning = GRK_LOG_WARNING,
};

/// What a component may ask of its host while it runs. Valid only during the
/// call it was handed to.
class Context {
 public:
  Context(const grk_host_api* host, void* ctx) noexcept : host_(host), ctx_(ctx) {}

  void log(LogLevel level, std::string_view message) const noexcept {
    if (has(offsetof(grk_host_api, log), host_ ? host_->log : nullptr)) {
      host_->log(ctx_, static_cast<std::int32_t>(level), message.data(), message.size());
    }
  }

  /// Reports `done` of `total` units of `phase` (total 0 = unknown) and the
  /// bytes handled so far (0 = not measured). Cheap; call it freely, the host
  /// throttles what it shows.
  void progress(const char* phase, std::uint64_t done, std::uint64_t total,
                std::uint64_t bytes = 0) const noexcept {
    if (has(offsetof(grk_host_api, progress), host_ ? host_->progress : nullptr)) {
      host_->progress(ctx_, phase, done, total, bytes);
    }
  }

  /// Whether the host asked this call to stop (SDK 1.2; docs/design.md
  /// §2.6): poll it in long loops. An older host never asks: always false.
  [[nodiscard]] bool cancelled() const noexcept {
    return has(offsetof(grk_host_api, cancelled), host_ ? host_->cancelled : nullptr) && host_->cancelled(ctx_) != 0;
  }

  /// Throws grk::Error(Status::cancelled) when the host asked the call to
  /// stop, so that the stack unwinds through the component's staging (whose
  /// destructors remove it) to the SDK's firewall.
  void stop_if_cancelled() const {
    if (cancelled()) throw Error(Status::cancelled, "cancelled: the run was interrupted");
  }

 private:
  // A host from an older minor may hand a shorter table (abi.h growth rule).
  template <class Fn>
  bool has(std::size_t offset, Fn fn) const noexcept {
    return host_ != nullptr && host_->struct_size >= offset + sizeof(Fn) && fn != nullptr;
  }

  const grk_host_api* host_;
  void* ctx_;
};

}  // namespace grk

#endif
