// Plugin files that another user could have written are refused, as sshd's
// StrictModes refuses such files (docs/design.md §4.11): the file, the folder
// it is found in, and a link's target folder; never the folders above.
// --allow-unsafe-plugin-dirs loads them and the results document says so.
#define BOOST_TEST_MODULE host_cli_plugin_safety
#include <boost/test/unit_test.hpp>

#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "grk_eval.hpp"

namespace fs = std::filesystem;

namespace {

using grk::test::grk_eval;
using grk::test::operator+;

const char* const hint = ", or pass --allow-unsafe-plugin-dirs to load it anyway";

struct Folder {
  fs::path root = fs::temp_directory_path() / ("grk-plugin-safety-" + std::to_string(::getpid()));
  Folder() {
    fs::remove_all(root);
    fs::create_directories(root);
    fs::permissions(root, fs::perms(0755));
  }
  ~Folder() { fs::remove_all(root); }

  /// A copy of the good statistic fixture at `relative`, in a folder of `folder_mode`.
  fs::path module(const std::string& relative, unsigned folder_mode, unsigned file_mode = 0644) const {
    const fs::path file = root / relative;
    fs::create_directories(file.parent_path());
    fs::copy_file(grk::test::fixture_module("good", "fixture_good_statistic.so"), file,
                  fs::copy_options::overwrite_existing);
    fs::permissions(file, fs::perms(file_mode));
    fs::permissions(file.parent_path(), fs::perms(folder_mode));
    return file;
  }
};

std::vector<std::string> plugins_in(const fs::path& dir) {
  return {"plugins", "--no-default-plugins", "--plugin-dir", dir.string()};
}

std::string me() { return ::geteuid() == 0 ? "root" : std::string(::getenv("USER") ? ::getenv("USER") : "?"); }

}  // namespace

BOOST_AUTO_TEST_CASE(a_folder_others_can_write_to_is_refused_and_never_loaded) {
  const Folder f;
  const fs::path file = f.module("shared/fixture_good_statistic.so", 0777);
  const auto listed = grk_eval(plugins_in(file.parent_path()));
  BOOST_TEST(listed.exit_code == 0);
  BOOST_TEST(listed.out.find(file.string() + ": unsafe-permissions: refused: its folder '" +
                             file.parent_path().string() + "' is writable by other users (mode 0777, owner " +
                             me() + "); run chmod go-w '" + file.parent_path().string() + "'" + hint + "\n") !=
                 std::string::npos,
             listed.out);
  // Its components are not available to run.
  const auto refused = grk_eval(std::vector<std::string>{"describe", "fixture-sum", "--no-default-plugins",
                                                         "--plugin-dir", file.parent_path().string()});
  BOOST_TEST(refused.exit_code == 1);
  // ... naming the refused file and why, with the chmod that fixes it.
  BOOST_TEST(refused.err.find("no component named 'fixture-sum' is available; available: none (1 plugin module "
                              "could not be used; `grk-eval plugins` says why: " + file.string() +
                              " [unsafe-permissions]: refused: its folder '" + file.parent_path().string() +
                              "' is writable by other users") != std::string::npos,
             refused.err);
  // The override loads it.
  const auto allowed = grk_eval(plugins_in(file.parent_path()) + std::vector<std::string>{"--allow-unsafe-plugin-dirs"});
  BOOST_TEST(allowed.out.find(file.string() + ": ok, module fixture-good-statistic") != std::string::npos,
             allowed.out);
}

BOOST_AUTO_TEST_CASE(a_file_others_can_write_to_is_refused) {
  const Folder f;
  const fs::path file = f.module("private/fixture_good_statistic.so", 0755, 0646);
  const auto listed = grk_eval(plugins_in(file.parent_path()));
  BOOST_TEST(listed.out.find(file.string() + ": unsafe-permissions: refused: the file is writable by other users "
                             "(mode 0646, owner " + me() + "); run chmod go-w '" + file.string() + "'" + hint +
                             "\n") != std::string::npos,
             listed.out);
  const auto json = grk::test::parse_json(
      grk_eval(plugins_in(file.parent_path()) + std::vector<std::string>{"--json"}).out);
  BOOST_TEST(json.at("modules").at(0).at("status").as_string() == "unsafe-permissions");
}

// Group write is harmless only for the owner's private group (umask 002 under
// Debian's user private groups); any other group is other users.
BOOST_AUTO_TEST_CASE(group_write_counts_unless_the_group_is_the_owners_own) {
  if (::geteuid() != 0) {
    BOOST_TEST_MESSAGE("skipped: only root can set a file's group to another group");
    return;
  }
  const Folder f;
  const fs::path own = f.module("own/fixture_good_statistic.so", 0775, 0664);  // group root: root's own
  BOOST_TEST(grk_eval(plugins_in(own.parent_path())).out.find(own.string() + ": ok,") != std::string::npos);
  const fs::path shared = f.module("shared/fixture_good_statistic.so", 0755, 0664);
  BOOST_REQUIRE(::chown(shared.c_str(), 0, 65534) == 0);  // group nogroup
  const auto listed = grk_eval(plugins_in(shared.parent_path()));
  BOOST_TEST(listed.out.find(shared.string() + ": unsafe-permissions: refused: the file is writable by other users "
                             "(mode 0664, owner root); run chmod go-w '" + shared.string() + "'" + hint + "\n") !=
                 std::string::npos,
             listed.out);
}

BOOST_AUTO_TEST_CASE(only_the_holding_folder_counts_not_the_ones_above) {
  const Folder f;
  // A private folder inside a sticky, world-writable one (as under /tmp).
  const fs::path file = f.module("sticky/private/fixture_good_statistic.so", 0700);
  fs::permissions(f.root / "sticky", fs::perms(01777));
  const auto listed = grk_eval(plugins_in(file.parent_path()));
  BOOST_TEST(listed.out.find(file.string() + ": ok, module fixture-good-statistic") != std::string::npos,
             listed.out);
}

BOOST_AUTO_TEST_CASE(a_link_is_judged_by_its_target_too) {
  const Folder f;
  const fs::path target = f.module("open/fixture_good_statistic.so", 0777);
  fs::create_directories(f.root / "safe");
  fs::permissions(f.root / "safe", fs::perms(0755));
  fs::create_symlink(target, f.root / "safe" / "linked.so");
  const auto listed = grk_eval(plugins_in(f.root / "safe"));
  BOOST_TEST(listed.out.find((f.root / "safe" / "linked.so").string() +
                             ": unsafe-permissions: refused: the folder of its target '" +
                             target.parent_path().string() + "' is writable by other users (mode 0777") !=
                 std::string::npos,
             listed.out);
}

BOOST_AUTO_TEST_CASE(a_file_of_another_user_is_refused) {
  if (::geteuid() != 0) {
    BOOST_TEST_MESSAGE("skipped: only root can give a file to another user");
    return;
  }
  const Folder f;
  const fs::path file = f.module("theirs/fixture_good_statistic.so", 0755);
  BOOST_REQUIRE(::chown(file.c_str(), 65534, 65534) == 0);
  const auto listed = grk_eval(plugins_in(file.parent_path()));
  BOOST_TEST(listed.out.find(file.string() + ": unsafe-permissions: refused: the file is owned by ") !=
                 std::string::npos,
             listed.out);
  BOOST_TEST(listed.out.find(", not by you (root) or root; a module runs with your rights, so only you or root may "
                             "own it (move it to a folder of yours" + std::string(hint) + ")\n") != std::string::npos,
             listed.out);
}

BOOST_AUTO_TEST_CASE(a_run_with_the_override_says_so_in_its_provenance) {
  const Folder f;
  const fs::path file = f.module("shared/fixture_good_statistic.so", 0777);
  const fs::path values = f.root / "values.txt";
  std::ofstream(values) << "1 2 3\n";
  const auto ran = grk_eval({"run", "--component", "fixture-sum", "--set", "values=" + values.string(),
                             "--no-default-plugins", "--plugin-dir", file.parent_path().string(),
                             "--allow-unsafe-plugin-dirs"});
  BOOST_TEST(ran.exit_code == 0, ran.err);
  const auto document = grk::test::parse_json(ran.out);
  BOOST_TEST(document.at("provenance").at("allow_unsafe_plugin_dirs").as_bool() == true);
}
