// The probe cache cannot lie (docs/design.md §4.12): it records the file the
// probe read, under the identity that file had before the probe; it keeps
// only verdicts on the file, never a failure a limit caused; and a cache path
// that is not a regular file is ignored with a warning, never read.
#define BOOST_TEST_MODULE host_cli_probe_cache_hostile
#include <boost/test/unit_test.hpp>

#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <string>
#include <vector>

#include "grk_eval.hpp"

namespace fs = std::filesystem;

namespace {

using grk::test::grk_eval;

/// `grk-eval plugins` on `dir` with the cache at `cache`, within 60 s
/// (a FIFO at the cache's path hung it before).
grk::test::ProcessResult list(const fs::path& dir, const fs::path& cache,
                              std::map<std::string, std::optional<std::string>> env = {},
                              const std::string& shell_prefix = "") {
  grk::test::ProcessOptions options;
  options.env = std::move(env);
  options.env["GRK_PROBE_CACHE"] = cache.string();
  options.env["GRK_PLUGIN_PATH"] = std::nullopt;
  const std::string command = shell_prefix + "exec timeout 60 '" + grk::test::grk_eval_binary().string() +
                              "' plugins --no-default-plugins --plugin-dir '" + dir.string() + "'";
  return grk::test::run_process({"/bin/sh", "-c", command}, options);
}

std::string ok_line(const fs::path& module) {
  return module.string() + ": ok, module fixture-good-statistic";
}

}  // namespace

BOOST_AUTO_TEST_CASE(a_cache_path_that_is_not_a_regular_file_is_ignored_with_a_warning) {
  grk::test::TempDir dir;
  const fs::path plugins = dir / "plugins";
  fs::create_directories(plugins);
  const fs::path module = plugins / "fixture_good_statistic.so";
  fs::copy_file(grk::test::fixture_module("good", "fixture_good_statistic.so"), module);
  fs::create_directories(dir / "a-folder");
  BOOST_REQUIRE(::mkfifo((dir / "a-fifo").c_str(), 0600) == 0);
  grk::test::write_text(dir / "real.json", "{}");
  fs::create_symlink(dir / "real.json", dir / "a-link");
  const std::vector<std::pair<fs::path, std::string>> cases = {
      {dir / "a-folder", "a folder"},
      {dir / "a-fifo", "a FIFO"},
      {dir / "a-link", "a symbolic link"},
      {"/dev/null", "a character device"},
  };
  for (const auto& [cache, kind] : cases) {
    const auto listed = list(plugins, cache);
    BOOST_TEST(listed.exit_code == 0, kind << ": " << listed.err);
    BOOST_TEST(listed.out.find(ok_line(module)) != std::string::npos, listed.out);
    BOOST_TEST(listed.err == "grk-eval: warning: probe cache '" + cache.string() + "' is " + kind +
                                 ", not a regular file; ignored\n");
  }
  BOOST_TEST(fs::is_directory(dir / "a-folder"));
  BOOST_TEST(fs::is_empty(dir / "a-folder"));
  BOOST_TEST(fs::is_fifo(dir / "a-fifo"));
  BOOST_TEST(grk::test::read_text(dir / "real.json") == "{}");
}

BOOST_AUTO_TEST_CASE(a_failure_under_a_file_limit_is_not_cached) {
  grk::test::TempDir dir;
  const fs::path plugins = dir / "plugins";
  fs::create_directories(plugins);
  const fs::path module = plugins / "fixture_good_statistic.so";
  fs::copy_file(grk::test::fixture_module("good", "fixture_good_statistic.so"), module);
  const fs::path cache = dir / "cache.json";
  // Each limit fails at another step: opening a folder, the file, the
  // probe's pipe, the loader in the probe.
  for (int limit = 4; limit <= 12; ++limit) {
    fs::remove(cache);
    const auto limited = list(plugins, cache, {}, "ulimit -n " + std::to_string(limit) + "; ");
    const auto later = list(plugins, cache);
    BOOST_TEST(later.exit_code == 0, limit << ": " << later.err);
    BOOST_TEST(later.out.find(ok_line(module)) != std::string::npos,
               "ulimit -n " << limit << " gave " << limited.out << limited.err << "; then " << later.out);
  }
}

BOOST_AUTO_TEST_CASE(a_module_replaced_during_its_probe_is_probed_again) {
  grk::test::TempDir dir;
  const fs::path plugins = dir / "plugins";
  fs::create_directories(plugins);
  const fs::path module = plugins / "fixture_replaces_itself.so";
  fs::copy_file(grk::test::fixture_module("replacing", "fixture_replaces_itself.so"), module);
  const fs::path spare = dir / "spare.so";
  fs::copy_file(grk::test::fixture_module("aborting", "fixture_aborts_in_static_init.so"), spare);
  const fs::path cache = dir / "cache.json";
  // The probe loads the module, which puts the aborting one in its place.
  const auto first =
      list(plugins, cache, {{"GRK_FIXTURE_REPLACE_WITH", spare.string()}, {"GRK_FIXTURE_REPLACE_AT", module.string()}});
  BOOST_TEST(first.out.find(module.string() + ": ok, module fixture-replaces-itself") != std::string::npos,
             first.out << first.err);
  BOOST_TEST(!fs::exists(spare));
  // What is at the path now is another file: it is probed, not taken from the cache.
  const auto second = list(plugins, cache);
  BOOST_TEST(second.out.find(module.string() +
                             ": load-failed: it crashed while loading with signal 6 (SIGABRT): a static "
                             "initialiser or the entry function failed; nothing of it was run in grk-eval itself") !=
                 std::string::npos,
             second.out << second.err);
}
