// grk/eval/threads.hpp: GRK_THREADS as every shipped plugin reads it, and
// for_each_part, the work spread over that many threads.
#define BOOST_TEST_MODULE eval_threads
#include <boost/test/unit_test.hpp>

#include <atomic>
#include <cstddef>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include <grk/eval/threads.hpp>

namespace {

// GRK_THREADS set to `value` (unset for nullptr) for the scope.
struct ThreadsSetting {
  explicit ThreadsSetting(const char* value) {
    if (value) ::setenv("GRK_THREADS", value, 1); else ::unsetenv("GRK_THREADS");
  }
  ~ThreadsSetting() { ::unsetenv("GRK_THREADS"); }
  ThreadsSetting(const ThreadsSetting&) = delete;
  ThreadsSetting& operator=(const ThreadsSetting&) = delete;
};

std::string refusal(const char* value) {
  const ThreadsSetting setting(value);
  const auto got = grk::eval::thread_count();
  if (got) return "accepted " + std::to_string(*got);
  return got.error().message;
}

}  // namespace

BOOST_AUTO_TEST_CASE(unset_it_is_the_machines_cores) {
  const ThreadsSetting setting(nullptr);
  const unsigned cores = std::thread::hardware_concurrency();
  BOOST_TEST(grk::eval::thread_count().value() == (cores == 0 ? 1u : cores));
}

BOOST_AUTO_TEST_CASE(digits_up_to_the_most_threads_are_taken) {
  const std::string most = std::to_string(grk::eval::most_threads());
  BOOST_TEST(grk::eval::most_threads() >= 64u);
  for (const std::string& value : {std::string("1"), std::string("2"), std::string("007"), most}) {
    const ThreadsSetting setting(value.c_str());
    BOOST_TEST(grk::eval::thread_count().value() == std::stoul(value), value);
  }
}

// A count the machine cannot use is refused, saying why.
BOOST_AUTO_TEST_CASE(more_than_the_most_threads_is_refused) {
  const std::string most = std::to_string(grk::eval::most_threads());
  for (const std::string& value : {std::to_string(grk::eval::most_threads() + 1), std::string("999999")}) {
    BOOST_TEST(refusal(value.c_str()) == "GRK_THREADS must be at most " + most +
                                             " (16 a core, 64 at least): more threads only cost memory, got '" +
                                             value + "'",
               value);
  }
}

BOOST_AUTO_TEST_CASE(anything_else_is_refused_in_one_wording) {
  for (const char* value : {"0", "", "-1", "+2", " 2", "2 ", "2.0", "two", "1000000", "99999999999"}) {
    BOOST_TEST(refusal(value) == "GRK_THREADS must be a positive integer, got '" + std::string(value) + "'", value);
  }
}

BOOST_AUTO_TEST_CASE(every_part_runs_once_and_the_slots_do_not_depend_on_the_threads) {
  for (const std::size_t parts : {0, 1, 7, 1000}) {
    for (const unsigned threads : {0u, 1u, 2u, 8u}) {
      std::vector<std::atomic<int>> runs(parts);
      std::vector<std::size_t> slots(parts, 0);
      grk::eval::for_each_part(parts, threads, [&](std::size_t part) {
        ++runs[part];
        slots[part] = part * part;
      });
      for (std::size_t part = 0; part < parts; ++part) {
        BOOST_TEST(runs[part].load() == 1);
        BOOST_TEST(slots[part] == part * part);
      }
    }
  }
}

BOOST_AUTO_TEST_CASE(the_first_exception_stops_the_parts_and_is_rethrown_after_the_join) {
  // One thread takes the parts in order: none after the one that threw runs.
  std::vector<std::size_t> ran;
  std::vector<std::size_t> progress;
  grk::eval::PartHooks hooks;
  hooks.done = [&](std::size_t done) { progress.push_back(done); };
  BOOST_CHECK_EXCEPTION(grk::eval::for_each_part(10, 1, [&](std::size_t part) {
    ran.push_back(part);
    if (part == 3) throw std::runtime_error("part 3 failed");
  }, hooks), std::runtime_error, [](const std::runtime_error& e) { return std::string(e.what()) == "part 3 failed"; });
  BOOST_TEST(ran == (std::vector<std::size_t>{0, 1, 2, 3}));
  // Progress counts the finished parts, and never claims the whole.
  BOOST_TEST(progress == (std::vector<std::size_t>{1, 2, 3}));

  // On two threads the exception still comes back, once both have stopped.
  // (How many parts the other thread ran before it saw the stop depends on
  // the scheduler, so it is not asserted.)
  BOOST_CHECK_THROW(grk::eval::for_each_part(1000, 2, [&](std::size_t part) {
    if (part == 0) throw std::logic_error("first");
  }), std::logic_error);
}

BOOST_AUTO_TEST_CASE(poll_comes_before_each_part_and_stops_the_loop_when_it_throws) {
  std::vector<std::string> events;
  grk::eval::PartHooks hooks;
  hooks.poll = [&] {
    events.push_back("poll");
    if (events.size() == 5) throw std::runtime_error("cancelled");
  };
  BOOST_CHECK_THROW(grk::eval::for_each_part(10, 1, [&](std::size_t part) { events.push_back(std::to_string(part)); },
                                             hooks),
                    std::runtime_error);
  BOOST_TEST(events == (std::vector<std::string>{"poll", "0", "poll", "1", "poll"}));
}

BOOST_AUTO_TEST_CASE(progress_is_told_on_the_calling_thread_only_and_ends_with_the_whole) {
  const std::thread::id caller = std::this_thread::get_id();
  std::vector<std::size_t> progress;
  bool elsewhere = false;
  grk::eval::PartHooks hooks;
  hooks.done = [&](std::size_t done) {
    elsewhere = elsewhere || std::this_thread::get_id() != caller;
    progress.push_back(done);
  };
  grk::eval::for_each_part(200, 2, [](std::size_t) { std::this_thread::yield(); }, hooks);
  BOOST_TEST(!elsewhere);
  BOOST_REQUIRE(!progress.empty());
  BOOST_TEST(progress.back() == 200u);
  for (std::size_t i = 1; i < progress.size(); ++i) BOOST_TEST(progress[i - 1] <= progress[i]);
}
