#include "support/read_on_two_threads.hpp"

#include <new>
#include <system_error>
#include <thread>

#include <grk/json/reader.hpp>

namespace grk::host {

namespace {

using Scanner = json::detail::PythonJsonScanner;

// Joins the second thread however the first one's read ends.
class Joined {
 public:
  explicit Joined(std::thread& thread) noexcept : thread_(thread) {}
  Joined(const Joined&) = delete;
  Joined& operator=(const Joined&) = delete;
  ~Joined() { join(); }
  void join() {
    if (thread_.joinable()) thread_.join();
  }

 private:
  std::thread& thread_;
};

}  // namespace

std::size_t second_half_start(std::string_view text) {
  constexpr std::string_view boundary = "},\"";
  const std::size_t window_end = text.size() / 2 + text.size() / 8;
  std::size_t best = std::string_view::npos;
  std::size_t best_closes = 0;
  for (std::size_t at = text.find(boundary, text.size() / 2); at != std::string_view::npos && at < window_end;
       at = text.find(boundary, at + 1)) {
    std::size_t closes = 1;
    while (closes <= at && text[at - closes] == '}') ++closes;
    if (closes > best_closes) {
      best = at + 2;
      best_closes = closes;
    }
  }
  return best;
}

Expected<boost::json::value, json::ReadError> read_on_two_threads(std::string_view text, std::size_t shortest) {
  const std::size_t start = text.size() >= shortest ? second_half_start(text) : std::string_view::npos;
  if (start == std::string_view::npos) return json::read(text);
  const json::ReadOptions options;
  Scanner::ObjectTail tail;
  bool tail_read = false;
  std::thread second;
  try {
    second = std::thread([&] {
      json::ReadError ignored;  // the first thread says any mistake, as it would alone
      try {
        tail_read = Scanner(text, options, ignored).read_object_tail(start, tail);
      } catch (const std::bad_alloc&) {
      }
    });
  } catch (const std::system_error&) {
    return json::read(text);
  }
  Joined joined(second);
  json::ReadError error;
  boost::json::value value;
  Scanner first(text, options, error);
  first.hand_over_at(start, [&]() -> Scanner::ObjectTail* {
    joined.join();
    return tail_read ? &tail : nullptr;
  });
  if (!first.decode(value)) return unexpected(std::move(error));
  return value;
}

}  // namespace grk::host
