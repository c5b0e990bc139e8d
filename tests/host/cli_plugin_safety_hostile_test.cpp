// Plugin-file safety against another user (docs/design.md §4.11): the file
// is opened once, by descriptor from `/`, and what was opened is what is
// checked, probed and loaded; every folder above it is checked as sshd's
// StrictModes does (a sticky one aside); a group counts as the owner's
// private group only when no other user has it. Run as root, with the user
// `nobody` as the other user; skipped elsewhere.
#define BOOST_TEST_MODULE host_cli_plugin_safety_hostile
#include <boost/test/unit_test.hpp>

#include <fcntl.h>
#include <grp.h>
#include <pwd.h>
#include <signal.h>
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <string>
#include <vector>

#include "grk_eval.hpp"

namespace fs = std::filesystem;

namespace {

using grk::test::grk_eval;

const char* const hint = ", or pass --allow-unsafe-plugin-dirs to load it anyway";

// The other user, or none where this test cannot act as one.
const passwd* other_user() {
  if (::geteuid() != 0) return nullptr;
  return ::getpwnam("nobody");
}

#define REQUIRE_OTHER_USER()                                                                    \
  const passwd* nobody = other_user();                                                         \
  if (nobody == nullptr) {                                                                     \
    BOOST_TEST_MESSAGE("skipped: needs to run as root with a user named nobody on the system"); \
    return;                                                                                    \
  }

/// A folder under the temporary folder that every user may enter.
struct Root {
  grk::test::TempDir dir;
  Root() { fs::permissions(dir.path(), fs::perms(0755)); }
};

void chown_to(const fs::path& path, const passwd* user) {
  BOOST_REQUIRE(::lchown(path.c_str(), user->pw_uid, user->pw_gid) == 0);
}

fs::path copy_module(const fs::path& to, const std::string& set = "good",
                     const std::string& file = "fixture_good_statistic.so") {
  fs::create_directories(to.parent_path());
  fs::copy_file(grk::test::fixture_module(set, file), to);
  fs::permissions(to, fs::perms(0644));
  return to;
}

std::vector<std::string> plugins_in(const fs::path& dir) {
  return {"plugins", "--no-default-plugins", "--plugin-dir", dir.string()};
}

}  // namespace

BOOST_AUTO_TEST_CASE(a_folder_above_that_another_user_owns_or_can_write_is_refused) {
  REQUIRE_OTHER_USER();
  {
    Root r;
    const fs::path parent = r.dir / "parent";
    const fs::path module = copy_module(parent / "plugins" / "fixture_good_statistic.so");
    chown_to(parent, nobody);
    const auto listed = grk_eval(plugins_in(parent / "plugins"));
    BOOST_TEST(listed.out.find(module.string() + ": unsafe-permissions: refused: the folder '" + parent.string() +
                               "' above it is owned by nobody, not by you (root) or root; a module runs with "
                               "your rights, so only you or root may own it (move it to a folder of yours" +
                               hint + ")\n") != std::string::npos,
               listed.out);
  }
  {
    Root r;
    const fs::path parent = r.dir / "parent";
    const fs::path module = copy_module(parent / "plugins" / "fixture_good_statistic.so");
    fs::permissions(parent, fs::perms(0777));
    const auto listed = grk_eval(plugins_in(parent / "plugins"));
    BOOST_TEST(listed.out.find(module.string() + ": unsafe-permissions: refused: the folder '" + parent.string() +
                               "' above it is writable by other users (mode 0777, owner root); run chmod go-w '" +
                               parent.string() + "'" + hint + "\n") != std::string::npos,
               listed.out);
    // Sticky, as /tmp: only an entry's owner may rename it.
    fs::permissions(parent, fs::perms(01777));
    const auto sticky = grk_eval(plugins_in(parent / "plugins"));
    BOOST_TEST(sticky.out.find(module.string() + ": ok, module fixture-good-statistic") != std::string::npos,
               sticky.out);
  }
}

BOOST_AUTO_TEST_CASE(a_group_other_users_have_as_primary_group_is_not_private) {
  REQUIRE_OTHER_USER();
  // nogroup lists no member, but is the primary group of nobody and of
  // others (_apt, sync on Debian): a file of nobody:nogroup, mode 0664, is
  // writable by them.
  bool shared = false;
  ::setpwent();
  while (const passwd* user = ::getpwent()) shared |= user->pw_gid == nobody->pw_gid && user->pw_uid != nobody->pw_uid;
  ::endpwent();
  if (!shared) {
    BOOST_TEST_MESSAGE("skipped: no other user has nobody's primary group here");
    return;
  }
  Root r;
  const fs::path plugins = r.dir / "plugins";
  const fs::path module = copy_module(plugins / "fixture_good_statistic.so");
  fs::permissions(module, fs::perms(0664));
  chown_to(plugins, nobody);
  chown_to(module, nobody);
  const auto listed = grk::test::run_process(
      {"/usr/bin/setpriv", "--reuid", std::to_string(nobody->pw_uid), "--regid", std::to_string(nobody->pw_gid),
       "--clear-groups", grk::test::grk_eval_binary().string(), "plugins", "--no-default-plugins", "--plugin-dir",
       plugins.string()},
      {{{"GRK_PROBE_CACHE", "off"}, {"GRK_PLUGIN_PATH", std::nullopt}}, {}});
  BOOST_TEST(listed.out.find(module.string() +
                             ": unsafe-permissions: refused: the file is writable by other users (mode 0664, owner "
                             "nobody); run chmod go-w '" +
                             module.string() + "'" + hint + "\n") != std::string::npos,
             listed.out << listed.err);
}

namespace {

// parent/ is the other user's; parent/plugins root's, with the good module;
// parent/evil theirs, with a module that notes every load. While grk-eval
// lists parent/plugins `runs` times, the other user swaps parent/plugins
// with parent/evil itself, or with a link to it (RENAME_EXCHANGE in a loop).
void race(const passwd* nobody, bool through_a_link) {
  Root r;
  const fs::path parent = r.dir / "parent";
  const fs::path plugins = parent / "plugins";
  copy_module(plugins / "fixture_good_statistic.so");
  const fs::path evil = parent / "evil";
  const fs::path planted = copy_module(evil / "fixture_good_statistic.so", "noisy", "fixture_noisy_static_init.so");
  const fs::path swapped = through_a_link ? parent / "link" : evil;
  if (through_a_link) {
    fs::create_directory_symlink(evil, swapped);
    chown_to(swapped, nobody);
  }
  chown_to(parent, nobody);
  chown_to(evil, nobody);
  chown_to(planted, nobody);
  const fs::path log = r.dir / "loads.txt";
  const pid_t swapper = fork();
  BOOST_REQUIRE(swapper >= 0);
  if (swapper == 0) {
    if (::setgroups(0, nullptr) != 0 || ::setgid(nobody->pw_gid) != 0 || ::setuid(nobody->pw_uid) != 0) _exit(1);
    for (;;) ::renameat2(AT_FDCWD, plugins.c_str(), AT_FDCWD, swapped.c_str(), RENAME_EXCHANGE);
  }
  // Each listing refuses what it opened, or finds a folder replaced by a
  // link while it opened it (`cannot open it: Not a directory`): never `ok`.
  std::size_t listed_ok = 0;
  const int runs = 300;
  for (int run = 0; run < runs; ++run) {
    grk::test::ProcessOptions options;
    options.env["GRK_FIXTURE_LOAD_LOG"] = log.string();
    options.env["GRK_PROBE_CACHE"] = "off";
    const auto listed = grk_eval(plugins_in(plugins), options);
    listed_ok += listed.out.find(": ok, module") != std::string::npos;
  }
  ::kill(swapper, SIGKILL);
  ::waitpid(swapper, nullptr, 0);
  BOOST_TEST(grk::test::load_log_pids(log, "fixture-noisy").empty(), (fs::exists(log) ? grk::test::read_text(log) : ""));
  BOOST_TEST(listed_ok == 0u);
}

}  // namespace

BOOST_AUTO_TEST_CASE(swapping_the_checked_folder_never_loads_the_other_users_module) {
  REQUIRE_OTHER_USER();
  race(nobody, false);
}

BOOST_AUTO_TEST_CASE(swapping_the_checked_folder_for_a_link_never_loads_the_other_users_module) {
  REQUIRE_OTHER_USER();
  race(nobody, true);
}
