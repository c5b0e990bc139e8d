// grk::Context: the host's services (log, progress) for one component call.
#ifndef GRK_CONTEXT_HPP
#define GRK_CONTEXT_HPP

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include <grk/abi.h>

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
