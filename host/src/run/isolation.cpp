#include "run/isolation.hpp"

#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstring>

#include <grk/json/reader.hpp>
#include <grk/json/writer.hpp>

#include "support/child_process.hpp"
#include "support/interrupts.hpp"

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
  // A second Ctrl-C in the parent ends this group (support/interrupts.hpp).
  set_step_process_group(::getpid());
  InvocationObserver forward;
  forward.log = [&](grk_log_level level, std::string_view message) {
    if (observer.log) send(out_fd, Frame::log, std::string(1, static_cast<char>(level)) + std::string(message));
  };
  forward.progress = [&](std::string_view phase, std::uint64_t done, std::uint64_t total, std::uint64_t bytes) {
    if (!observer.progress) return;
    const boost::json::array fields{std::string(phase), done, total, bytes};
    send(out_fd, Frame::progress, json::write_compact(fields));
  };
  const Invocation invocation =
      call == ComponentCall::validate ? handle.validate(params, forward) : handle.invoke(params, forward);
  const boost::json::object reply{{"status", static_cast<std::int64_t>(invocation.status)},
                                  {"message", invocation.message},
                                  {"hint", invocation.hint},
                                  {"summary", invocation.summary},
                                  {"result", invocation.result}};
  send(out_fd, Frame::result, json::write_compact(reply));
  // _exit: the host's atexit handlers and stdio buffers are the parent's.
  _exit(0);
}

std::string seconds_text(double seconds) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", seconds);
  return text;
}

/// Reads frames from `fd` as they are complete, handing logs and progress
/// to the observer; keeps the result frame.
struct FrameReader {
  const InvocationObserver& observer;
  std::string buffer;
  std::optional<std::string> result;

  void consume(const char* data, std::size_t size) {
    buffer.append(data, size);
    std::size_t at = 0;
    while (buffer.size() - at >= 9) {
      std::uint64_t length = 0;
      std::memcpy(&length, buffer.data() + at + 1, sizeof length);
      if (buffer.size() - at - 9 < length) break;
      const char type = buffer[at];
      const std::string payload = buffer.substr(at + 9, length);
      at += 9 + length;
      if (type == static_cast<char>(Frame::log) && !payload.empty() && observer.log) {
        observer.log(static_cast<grk_log_level>(payload[0]), std::string_view(payload).substr(1));
      } else if (type == static_cast<char>(Frame::progress) && observer.progress) {
        const auto fields = json::read(payload);
        if (fields && fields->is_array() && fields->get_array().size() == 4) {
          const auto& f = fields->get_array();
          observer.progress(f[0].as_string(), f[1].to_number<std::uint64_t>(), f[2].to_number<std::uint64_t>(),
                            f[3].to_number<std::uint64_t>());
        }
      } else if (type == static_cast<char>(Frame::result)) {
        result = payload;
      }
    }
    buffer.erase(0, at);
  }
};

}  // namespace

IsolatedInvocation invoke_isolated(const ComponentHandle& handle, std::string_view params,
                                   const InvocationObserver& observer, std::optional<double> timeout_seconds,
                                   ComponentCall call) {
  IsolatedInvocation out;
  ChildOptions options{true, std::nullopt};
  if (timeout_seconds) {
    options.timeout = std::chrono::duration_cast<std::chrono::steady_clock::duration>(
        std::chrono::duration<double>(*timeout_seconds));
  }
  FrameReader reader{observer, {}, std::nullopt};
  const auto end = run_child_process([&](int out_fd) { run_child(handle, params, observer, out_fd, call); },
                                     [&](const char* data, std::size_t size) { reader.consume(data, size); },
                                     options);
  if (!end) {
    out.invocation.status = Status::internal;
    out.invocation.message = std::string(end.error().step == SpawnFailure::Step::pipe
                                             ? "cannot create a pipe for the step's process: "
                                             : "cannot start the step's process: ") +
                             end.error().reason();
    return out;
  }
  const bool timed_out = end->timed_out;
  const int status = end->wait_status;
  if (timed_out) {
    out.fault = "timed-out";
    out.invocation.status = Status::internal;
    out.invocation.message = "it did not finish within " + seconds_text(*timeout_seconds) +
                             " s (the step timeout); its process group was killed";
    return out;
  }
  if (reader.result) {
    const auto reply = json::read(*reader.result);
    if (reply && reply->is_object()) {
      const auto& object = reply->get_object();
      out.invocation.status = static_cast<Status>(object.at("status").to_number<std::int64_t>());
      out.invocation.message = std::string(object.at("message").as_string());
      out.invocation.hint = std::string(object.at("hint").as_string());
      out.invocation.summary = std::string(object.at("summary").as_string());
      out.invocation.result = object.at("result");
      return out;
    }
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

}  // namespace grk::host
