// grk/eval/threads.hpp: GRK_THREADS as every shipped plugin reads it.
#define BOOST_TEST_MODULE eval_threads
#include <boost/test/unit_test.hpp>

#include <cstdlib>
#include <string>
#include <thread>

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

BOOST_AUTO_TEST_CASE(digits_from_1_to_999999_are_taken) {
  for (const char* value : {"1", "2", "007", "999999"}) {
    const ThreadsSetting setting(value);
    BOOST_TEST(grk::eval::thread_count().value() == std::stoul(value), value);
  }
}

BOOST_AUTO_TEST_CASE(anything_else_is_refused_in_one_wording) {
  for (const char* value : {"0", "", "-1", "+2", " 2", "2 ", "2.0", "two", "1000000", "99999999999"}) {
    BOOST_TEST(refusal(value) == "GRK_THREADS must be a positive integer, got '" + std::string(value) + "'", value);
  }
}
