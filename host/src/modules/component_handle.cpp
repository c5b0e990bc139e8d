#include "modules/component_handle.hpp"

#include <cstddef>
#include <exception>

#include <grk/json/reader.hpp>

#include "support/interrupts.hpp"
#include "support/stdout_to_stderr.hpp"

namespace grk::host {
namespace {

struct CallState {
  Invocation* invocation;
  const InvocationObserver* observer;
  std::string result_json;
  bool has_result = false;
  bool has_error = false;
};

CallState& state_of(void* ctx) { return *static_cast<CallState*>(ctx); }

// The callbacks copy what they are given: the plugin's buffers live only for
// the duration of the callback (abi.h). They must not throw into plugin code.
void set_result(void* ctx, const char* json, std::size_t len) {
  try {
    auto& state = state_of(ctx);
    state.result_json.assign(json ? json : "", json ? len : 0);
    state.has_result = true;
  } catch (...) {
  }
}

void set_error(void* ctx, std::int32_t status, const char* message, std::size_t len) {
  try {
    auto& state = state_of(ctx);
    const bool known = status > GRK_STATUS_OK && status <= GRK_STATUS_CANCELLED;
    state.invocation->status = known ? static_cast<Status>(status) : Status::internal;
    state.invocation->message.assign(message ? message : "", message ? len : 0);
    state.has_error = true;
  } catch (...) {
  }
}

void set_hint(void* ctx, const char* text, std::size_t len) {
  try {
    state_of(ctx).invocation->hint.assign(text ? text : "", text ? len : 0);
  } catch (...) {
  }
}

void set_summary(void* ctx, const char* text, std::size_t len) {
  try {
    state_of(ctx).invocation->summary.assign(text ? text : "", text ? len : 0);
  } catch (...) {
  }
}

void log(void* ctx, std::int32_t level, const char* message, std::size_t len) {
  try {
    const auto& observer = *state_of(ctx).observer;
    if (observer.log) {
      observer.log(static_cast<grk_log_level>(level), std::string_view(message ? message : "", message ? len : 0));
    }
  } catch (...) {
  }
}

void progress(void* ctx, const char* phase, std::uint64_t done, std::uint64_t total,
              std::uint64_t bytes) {
  try {
    const auto& observer = *state_of(ctx).observer;
    if (observer.progress) observer.progress(phase ? phase : "", done, total, bytes);
  } catch (...) {
  }
}

// SDK 1.2: a read of the flag that SIGINT and SIGTERM set (docs/design.md
// §2.6), the same in a step's forked child, which shares it.
std::int32_t cancelled(void*) { return interrupt_signal() != 0 ? 1 : 0; }

constexpr grk_host_api host_api{sizeof(grk_host_api), GRK_ABI_VERSION, &set_result, &set_error, &set_summary,
                                &log,                 &progress,       &set_hint,   &cancelled};

}  // namespace

namespace {

using Entry = std::int32_t (*)(const char*, std::size_t, const grk_host_api*, void*);

// One call of `entry` (invoke or validate) under the host's fence. A call that
// must give a result (invoke) fails without one.
Invocation call_component(Entry entry, std::string_view params_json, const InvocationObserver& observer,
                          bool needs_result) {
  Invocation invocation;
  CallState state{&invocation, &observer, {}};
  std::int32_t returned = GRK_STATUS_OK;
  const StdoutToStderr quiet;
  try {
    // Second fence: an SDK plugin never lets an exception out, but a
    // hand-written one might.
    returned = entry(params_json.data(), params_json.size(), &host_api, &state);
  } catch (const std::exception& error) {
    invocation.status = Status::internal;
    invocation.message = std::string("exception escaped the plugin: ") + error.what();
    return invocation;
  } catch (...) {
    invocation.status = Status::internal;
    invocation.message = "exception escaped the plugin";
    return invocation;
  }
  if (state.has_error) {
    if (invocation.status == Status::ok) invocation.status = Status::internal;
    return invocation;
  }
  // A hint belongs to a failure; a successful call's is dropped.
  invocation.hint.clear();
  if (returned != GRK_STATUS_OK) {
    invocation.status = returned > GRK_STATUS_OK && returned <= GRK_STATUS_CANCELLED
                            ? static_cast<Status>(returned)
                            : Status::internal;
    invocation.message = "the component failed with status " + std::to_string(returned) +
                         " and gave no message";
    return invocation;
  }
  if (!needs_result) return invocation;
  if (!state.has_result) {
    invocation.status = Status::internal;
    invocation.message = "the component reported success but gave no result";
    return invocation;
  }
  // Parsed here, with the exact reader, so a result's floats keep every bit
  // and a malformed one fails the call instead of vanishing from the document.
  auto result = json::read(state.result_json);
  if (!result) {
    invocation.status = Status::internal;
    invocation.message = "the component's result is not valid JSON: " + result.error().describe();
    return invocation;
  }
  invocation.result = std::move(*result);
  return invocation;
}

}  // namespace

Invocation ComponentHandle::invoke(std::string_view params_json,
                                   const InvocationObserver& observer) const {
  return call_component(component_->invoke, params_json, observer, true);
}

bool ComponentHandle::has_validate() const noexcept {
  constexpr std::size_t needed = offsetof(grk_component, validate) + sizeof(component_->validate);
  const grk_module* descriptor = module_->descriptor();
  return descriptor != nullptr && descriptor->component_size >= needed && component_->struct_size >= needed &&
         component_->validate != nullptr;
}

Invocation ComponentHandle::validate(std::string_view params_json, const InvocationObserver& observer) const {
  if (!has_validate()) return Invocation{};
  return call_component(component_->validate, params_json, observer, false);
}

}  // namespace grk::host
