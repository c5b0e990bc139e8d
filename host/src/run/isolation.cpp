#include "run/isolation.hpp"

#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <utility>

#include <grk/abi.h>
#include <grk/expected.hpp>
#include <grk/json/reader.hpp>
#include <grk/json/writer.hpp>

#include "modules/call_fence.hpp"
#include "support/child_process.hpp"
#include "support/plugin_text.hpp"
#include "support/results_stream.hpp"

namespace grk::host {
namespace {

// The child's messages to the parent, one frame each: a type byte, the
// payload's length (8 bytes, this machine's order: both ends are one
// binary), the payload.
enum class Frame : char { log = 'L', progress = 'P', result = 'R' };

void send(int fd, Frame type, const std::string& payload) {
  const std::uint64_t size = payload.size();
  char header[1 + sizeof size];
  header[0] = static_cast<char>(type);
  std::memcpy(header + 1, &size, sizeof size);
  if (!write_all(fd, header, sizeof header) || !write_all(fd, payload.data(), payload.size())) _exit(5);
}

[[noreturn]] void run_child(const ComponentHandle& handle, std::string_view params,
                            const InvocationObserver& observer, int out_fd, ComponentCall call) {
  reset_crash_handling();
  // The parent's: the step must not write the results document's stream,
  // nor write a document of its own when it calls exit().
  close_results_stream_in_child();
  on_exit_during_call(nullptr);
  InvocationObserver forward;
  forward.log = [&](grk_log_level level, std::string_view message) {
    if (observer.log) send(out_fd, Frame::log, std::string(1, static_cast<char>(level)) + std::string(message));
  };
  forward.progress = [&](std::string_view phase, std::uint64_t done, std::uint64_t total, std::uint64_t bytes) {
    if (!observer.progress) return;
    const boost::json::array fields{std::string(phase), done, total, bytes};
    send(out_fd, Frame::progress, json::write_compact(fields));
  };
  Invocation invocation =
      call == ComponentCall::validate ? handle.validate(params, forward) : handle.invoke(params, forward);
  // The result's text goes in as it is, the last member: it may hold a
  // million per-query values.
  const boost::json::object reply{{"status", static_cast<std::int64_t>(invocation.status)},
                                  {"message", invocation.message},
                                  {"hint", invocation.hint},
                                  {"summary", invocation.summary}};
  std::string frame = json::write_compact(reply);
  frame.pop_back();
  frame += ",\"result\":";
  frame += invocation.result.compact_text();
  frame += '}';
  send(out_fd, Frame::result, frame);
  // _exit: the host's atexit handlers and stdio buffers are the parent's.
  _exit(0);
}

std::string seconds_text(double seconds) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", seconds);
  return text;
}

// A frame larger than any result a step may send: its length alone shows
// that the child is not the host's code any more.
constexpr std::uint64_t max_frame_size = std::uint64_t{1} << 32;

// Reads a result frame's payload, or says what is wrong with it. The child
// runs plugin code, which may have written anything to the pipe.
Expected<Invocation, std::string> invocation_from(const std::string& payload) {
  auto reply = json::read(payload);
  if (!reply) return unexpected("its result frame is not JSON: " + reply.error().describe());
  auto* object = reply->if_object();
  if (object == nullptr) return unexpected(std::string("its result frame is not a JSON object"));
  const auto text = [&](const char* key) -> const boost::json::string* {
    const auto* field = object->if_contains(key);
    return field ? field->if_string() : nullptr;
  };
  const auto* status = object->if_contains("status");
  auto* result = object->if_contains("result");
  if (status == nullptr || !status->is_int64() || status->get_int64() < GRK_STATUS_OK ||
      status->get_int64() > GRK_STATUS_INTERNAL || text("message") == nullptr || text("hint") == nullptr ||
      text("summary") == nullptr || result == nullptr || object->size() != 5) {
    return unexpected(std::string(
        "its result frame does not hold exactly a status (0 to 7), a message, a hint, a summary and a result"));
  }
  // The host's child sends only UTF-8 (modules/component_handle.cpp).
  if (!is_utf8(*text("message")) || !is_utf8(*text("hint")) || !is_utf8(*text("summary")) ||
      first_non_utf8(*result)) {
    return unexpected(std::string("its result frame holds text that is not UTF-8"));
  }
  Invocation invocation;
  invocation.status = static_cast<Status>(status->get_int64());
  invocation.message = std::string(*text("message"));
  invocation.hint = std::string(*text("hint"));
  invocation.summary = std::string(*text("summary"));
  invocation.result = ComponentResult(std::move(*result));
  return invocation;
}

/// Reads frames from the pipe as they are complete, handing logs and progress
/// to the observer; keeps the result. The first frame that is not one the
/// host's child sends ends the reading, with what was wrong in `malformed`.
struct FrameReader {
  const InvocationObserver& observer;
  std::string buffer;
  std::optional<Invocation> result;
  std::optional<std::string> malformed;

  // False once there is nothing more to read: the result came, or a bad frame.
  bool consume(const char* data, std::size_t size) {
    buffer.append(data, size);
    std::size_t at = 0;
    while (!result && !malformed && buffer.size() - at >= 9) {
      std::uint64_t length = 0;
      std::memcpy(&length, buffer.data() + at + 1, sizeof length);
      if (length > max_frame_size) {
        malformed = "it sent a frame of " + std::to_string(length) + " bytes, more than the limit of " +
                    std::to_string(max_frame_size);
        break;
      }
      if (buffer.size() - at - 9 < length) break;
      const char type = buffer[at];
      const std::string payload = buffer.substr(at + 9, length);
      at += 9 + length;
      take(type, payload);
    }
    buffer.erase(0, at);
    return !result && !malformed;
  }

  void take(char type, const std::string& payload) {
    if (type == static_cast<char>(Frame::log)) {
      if (payload.empty() || payload[0] < GRK_LOG_DEBUG || payload[0] > GRK_LOG_WARNING) {
        malformed = std::string("it sent a log frame without a log level");
      } else if (!is_utf8(std::string_view(payload).substr(1))) {
        malformed = std::string("it sent a log frame that is not UTF-8");
      } else if (observer.log) {
        observer.log(static_cast<grk_log_level>(payload[0]), std::string_view(payload).substr(1));
      }
    } else if (type == static_cast<char>(Frame::progress)) {
      const auto fields = json::read(payload);
      const auto* array = fields ? fields->if_array() : nullptr;
      const auto count = [](const boost::json::value& field) {
        return field.is_uint64() || (field.is_int64() && field.get_int64() >= 0);
      };
      if (array == nullptr || array->size() != 4 || !(*array)[0].is_string() ||
          !is_utf8((*array)[0].get_string()) || !count((*array)[1]) ||
          !count((*array)[2]) || !count((*array)[3])) {
        malformed = std::string("it sent a progress frame that is not [phase, done, total, bytes]");
      } else if (observer.progress) {
        const auto& f = *array;
        observer.progress(f[0].get_string(), f[1].to_number<std::uint64_t>(), f[2].to_number<std::uint64_t>(),
                          f[3].to_number<std::uint64_t>());
      }
    } else if (type == static_cast<char>(Frame::result)) {
      auto invocation = invocation_from(payload);
      if (invocation) {
        result = std::move(*invocation);
      } else {
        malformed = std::move(invocation).error();
      }
    } else {
      malformed = "it sent a frame of unknown type " + std::to_string(static_cast<unsigned char>(type));
    }
  }
};

}  // namespace

IsolatedInvocation invoke_isolated(const ComponentHandle& handle, std::string_view params,
                                   const InvocationObserver& observer, std::optional<double> timeout_seconds,
                                   ComponentCall call, std::function<bool()> should_stop) {
  IsolatedInvocation out;
  ChildOptions options{true, std::nullopt, std::move(should_stop)};
  if (timeout_seconds) {
    options.timeout = std::chrono::duration_cast<std::chrono::steady_clock::duration>(
        std::chrono::duration<double>(*timeout_seconds));
  }
  FrameReader reader{observer, {}, std::nullopt, std::nullopt};
  const auto end = run_child_process([&](int out_fd) { run_child(handle, params, observer, out_fd, call); },
                                     [&](const char* data, std::size_t size) { return reader.consume(data, size); },
                                     options);
  if (!end) {
    out.invocation.status = Status::internal;
    out.invocation.message = std::string(end.error().step == SpawnFailure::Step::pipe
                                             ? "cannot create a pipe for the step's process: "
                                             : "cannot start the step's process: ") +
                             end.error().reason();
    return out;
  }
  // The result ends the step: what its process or a descendant does after
  // it (linger, hold the pipe open) is not waited for.
  if (reader.result) {
    out.invocation = std::move(*reader.result);
    return out;
  }
  const int status = end->wait_status;
  if (reader.malformed) {
    out.fault = "crashed";
    out.invocation.status = Status::internal;
    out.invocation.message = *reader.malformed + "; its process was killed";
    return out;
  }
  if (end->timed_out) {
    out.fault = "timed-out";
    out.invocation.status = Status::internal;
    out.invocation.message = "it did not finish within " + seconds_text(*timeout_seconds) +
                             " s (the step timeout); its process group was killed";
    return out;
  }
  out.fault = "crashed";
  out.invocation.status = Status::internal;
  if (WIFSIGNALED(status)) {
    out.invocation.message = "its process was killed by " + signal_text(WTERMSIG(status));
  } else {
    out.invocation.message = "its process exited with code " + std::to_string(WEXITSTATUS(status)) +
                             " before it gave a result";
  }
  return out;
}

// The step's process and its descendants are this process's only children
// while a step runs, and a subreaper's (run_child_process) descendants are
// all found among its children.
void end_isolated_step() noexcept { end_descendants(); }

}  // namespace grk::host
