// Ending an isolated step on a signal (run/isolation.hpp, docs/design.md
// §4.16): end_isolated_step() ends the step's process and every descendant,
// even one that left its process group with setsid(); a step whose
// should_stop says so after a signal interrupted the wait is ended at once.
#define BOOST_TEST_MODULE host_isolation_end_step
#include <boost/test/unit_test.hpp>

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <string>

#include "modules/registry.hpp"
#include "modules/search_path.hpp"
#include "run/isolation.hpp"
#include "support/child_process.hpp"

#include "fixtures.hpp"

namespace {

// Whether `pid` is no process at all any more (killed and reaped).
bool gone(pid_t pid) { return ::kill(pid, 0) != 0 && errno == ESRCH; }

// Set by the test's signal handler, read by the step's should_stop.
volatile sig_atomic_t interrupted = 0;

}  // namespace

BOOST_AUTO_TEST_CASE(a_step_process_and_a_descendant_that_called_setsid_are_ended) {
  grk::host::become_subreaper();
  int pids[2];
  BOOST_REQUIRE(::pipe(pids) == 0);
  const pid_t step = fork();
  BOOST_REQUIRE(step >= 0);
  if (step == 0) {
    setpgid(0, 0);
    const pid_t escaped = fork();
    if (escaped == 0) {
      setsid();
      sleep(60);
      _exit(0);
    }
    (void)!::write(pids[1], &escaped, sizeof escaped);
    sleep(60);
    _exit(0);
  }
  pid_t escaped = 0;
  BOOST_REQUIRE(::read(pids[0], &escaped, sizeof escaped) == static_cast<ssize_t>(sizeof escaped));
  ::close(pids[0]);
  ::close(pids[1]);
  BOOST_TEST(!gone(step));
  BOOST_TEST(!gone(escaped));
  grk::host::end_isolated_step();
  BOOST_TEST(gone(step));
  BOOST_TEST(gone(escaped));
  // Harmless when no step runs.
  grk::host::end_isolated_step();
}

BOOST_AUTO_TEST_CASE(a_hanging_step_is_ended_when_a_signal_is_seen) {
  auto registry = grk::host::PluginRegistry::discover(
      {grk::host::SearchDir{grk::test::fixture_set("faults"), "--plugin-dir"}});
  const auto entry = registry.find("fault-hang");
  BOOST_TEST_REQUIRE(entry.has_value());
  auto handle = registry.open(*entry);
  BOOST_TEST_REQUIRE(handle.has_value());
  // What a SIGINT handler does: note it. No SA_RESTART, as for SIGINT.
  struct sigaction note {};
  note.sa_handler = [](int) { interrupted = 1; };
  sigemptyset(&note.sa_mask);
  BOOST_REQUIRE(::sigaction(SIGALRM, &note, nullptr) == 0);
  ::alarm(1);
  const auto ended = grk::host::invoke_isolated(**handle, "{}", {}, std::nullopt, grk::host::ComponentCall::invoke,
                                                [] { return interrupted != 0; });
  BOOST_TEST(ended.fault.value_or("") == "crashed");
  BOOST_TEST(ended.invocation.message == "its process was killed by signal 9 (SIGKILL)");
}
