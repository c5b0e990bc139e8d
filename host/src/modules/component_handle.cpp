#include "modules/component_handle.hpp"

#include <cstddef>
#include <exception>

#include <grk/json/reader.hpp>

#include "modules/call_fence.hpp"
#include "support/interrupts.hpp"
#include "support/plugin_text.hpp"
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
// Text is kept as UTF-8, a byte that is not part of it written `\xNN`, so
// that the results document stays JSON every reader accepts, and at most
// longest_plugin_text bytes of it (docs/design.md §4.16).
std::string text_of(const char* text, std::size_t len) {
  return text == nullptr ? std::string() : bounded_plugin_text(std::string_view(text, len));
}

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
    state.invocation->message = text_of(message, len);
    state.has_error = true;
  } catch (...) {
  }
}

void set_hint(void* ctx, const char* text, std::size_t len) {
  try {
    state_of(ctx).invocation->hint = text_of(text, len);
  } catch (...) {
  }
}

void set_summary(void* ctx, const char* text, std::size_t len) {
  try {
    state_of(ctx).invocation->summary = text_of(text, len);
  } catch (...) {
  }
}

void log(void* ctx, std::int32_t level, const char* message, std::size_t len) {
  try {
    const auto& observer = *state_of(ctx).observer;
    if (observer.log) {
      observer.log(static_cast<grk_log_level>(level), text_of(message, len));
    }
  } catch (...) {
  }
}

void progress(void* ctx, const char* phase, std::uint64_t done, std::uint64_t total,
              std::uint64_t bytes) {
  try {
    const auto& observer = *state_of(ctx).observer;
    // A phase is only ever shown on the terminal's progress line.
    if (observer.progress) observer.progress(printable(phase ? phase : ""), done, total, bytes);
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
Invocation call_component(const LoadedModule& module, Entry entry, std::string_view params_json,
                          const InvocationObserver& observer, bool needs_result) {
  Invocation invocation;
  CallState state{&invocation, &observer, {}};
  std::int32_t returned = GRK_STATUS_OK;
  const StdoutToStderr quiet;
  const CallFence fence;
  try {
    // Second fence: an SDK plugin never lets an exception out, but a
    // hand-written one might.
    returned = entry(params_json.data(), params_json.size(), &host_api, &state);
    // A thread of the module's runs on: unloading the module would pull its
    // code from under it (docs/design.md §3.5).
    if (fence.left_a_thread()) module.keep_loaded_until_exit();
  } catch (const std::exception& error) {
    if (fence.left_a_thread()) module.keep_loaded_until_exit();
    invocation.status = Status::internal;
    invocation.message = std::string("exception escaped the plugin: ") + error.what();
    return invocation;
  } catch (...) {
    if (fence.left_a_thread()) module.keep_loaded_until_exit();
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
  // Refused, not escaped: a result is data, and a changed string would be a
  // wrong one. The text answers for nearly every result at a fraction of a
  // walk over its tree (1 against 8 ms for 700,000 per-query values).
  const bool strings_are_utf8 = strings_read_are_utf8(state.result_json);
  // Checked here, with the exact reader's rules, so a result's floats keep
  // every bit and a malformed one fails the call instead of vanishing from
  // the document.
  auto result = ComponentResult::read(std::move(state.result_json), strings_are_utf8);
  if (!result) {
    invocation.status = Status::internal;
    invocation.message = "the component's result is not valid JSON: " + result.error().describe();
    return invocation;
  }
  if (const auto where = strings_are_utf8 ? std::nullopt : first_non_utf8(*result->tree())) {
    invocation.status = Status::internal;
    invocation.message = "the component's result holds a string that is not UTF-8 (at JSON pointer '" +
                         escape_non_utf8(*where) + "')";
    return invocation;
  }
  invocation.result = std::move(*result);
  return invocation;
}

}  // namespace

Invocation ComponentHandle::invoke(std::string_view params_json,
                                   const InvocationObserver& observer) const {
  return call_component(*module_, component_->invoke, params_json, observer, true);
}

bool ComponentHandle::has_validate() const noexcept {
  constexpr std::size_t needed = offsetof(grk_component, validate) + sizeof(component_->validate);
  const grk_module* descriptor = module_->descriptor();
  return descriptor != nullptr && descriptor->component_size >= needed && component_->struct_size >= needed &&
         component_->validate != nullptr;
}

Invocation ComponentHandle::validate(std::string_view params_json, const InvocationObserver& observer) const {
  if (!has_validate()) return Invocation{};
  return call_component(*module_, component_->validate, params_json, observer, false);
}

}  // namespace grk::host
