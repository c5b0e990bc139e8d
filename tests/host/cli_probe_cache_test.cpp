// The probe cache (docs/design.md §4.12): a module seen before is not probed
// again while its file is unchanged; a changed file is; a corrupt, foreign or
// untrusted cache is ignored and written anew; each module's line is read on
// its own, and the lines of every folder searched are kept; GRK_PROBE_CACHE=off
// keeps none.
#define BOOST_TEST_MODULE host_cli_probe_cache
#include <boost/test/unit_test.hpp>

#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <grk/version.h>

#include "grk_eval.hpp"

namespace fs = std::filesystem;

namespace {

using grk::test::grk_eval;
using grk::test::load_log_pids;

struct Setup {
  grk::test::TempDir dir;
  fs::path plugins = dir / "plugins";
  fs::path module = plugins / "fixture_good_statistic.so";
  fs::path cache = dir / "cache" / "probe-cache.json";
  fs::path log = dir / "loads.txt";
  grk::test::ProcessOptions options;

  Setup() {
    fs::create_directories(plugins);
    fs::copy_file(grk::test::fixture_module("good", "fixture_good_statistic.so"), module);
    options.env["GRK_PROBE_CACHE"] = cache.string();
    options.env["GRK_FIXTURE_LOAD_LOG"] = log.string();
  }

  /// `grk-eval plugins --json` on the folder (else `folder`); returns its
  /// output and how many processes loaded the module for it.
  std::pair<std::string, std::size_t> list(const fs::path& folder = {}) {
    fs::remove(log);
    const auto result = grk_eval(
        {"plugins", "--json", "--no-default-plugins", "--plugin-dir", (folder.empty() ? plugins : folder).string()},
        options);
    BOOST_TEST(result.exit_code == 0, result.err);
    return {result.out, load_log_pids(log, "fixture-good-statistic").size()};
  }
};

}  // namespace

BOOST_AUTO_TEST_CASE(an_unchanged_module_is_probed_once) {
  Setup s;
  const auto [first, first_loads] = s.list();
  BOOST_TEST(first_loads == 1u);
  BOOST_TEST(fs::exists(s.cache));
  const auto [second, second_loads] = s.list();
  BOOST_TEST(second_loads == 0u);
  BOOST_TEST(second == first);
  // run loads the module into grk-eval itself (once), but probes nothing.
  std::ofstream(s.dir / "values.txt") << "2 3\n";
  fs::remove(s.log);
  const auto ran = grk_eval({"run", "--component", "fixture-sum", "--set", "values=" + (s.dir / "values.txt").string(),
                             "--no-default-plugins", "--plugin-dir", s.plugins.string()},
                            s.options);
  BOOST_TEST(ran.exit_code == 0, ran.err);
  const auto pids = load_log_pids(s.log, "fixture-good-statistic");
  BOOST_TEST_REQUIRE(pids.size() == 1u);
  BOOST_TEST(pids[0] == std::to_string(ran.pid));
}

BOOST_AUTO_TEST_CASE(a_changed_or_replaced_file_is_probed_again) {
  Setup s;
  BOOST_TEST(s.list().second == 1u);
  fs::last_write_time(s.module, fs::last_write_time(s.module) + std::chrono::seconds(5));
  BOOST_TEST(s.list().second == 1u);
  BOOST_TEST(s.list().second == 0u);
  // Replaced by another file under the same name (a new inode).
  fs::remove(s.module);
  fs::copy_file(grk::test::fixture_module("good", "fixture_good_statistic.so"), s.module);
  BOOST_TEST(s.list().second == 1u);
}

BOOST_AUTO_TEST_CASE(a_corrupt_foreign_or_untrusted_cache_is_ignored_and_rewritten) {
  Setup s;
  const auto [expected, loads] = s.list();
  BOOST_TEST(loads == 1u);
  for (const std::string& bytes :
       {std::string("\x00\xff not json", 12), std::string("{\"format\": \"grk-eval 0.9.0 ABI 1 probe cache 1\", "
                                                          "\"modules\": {}}"),
        std::string("[1, 2, 3]"), std::string("{\"format\": 3}")}) {
    std::ofstream(s.cache, std::ios::binary) << bytes;
    const auto [out, reloads] = s.list();
    BOOST_TEST(reloads == 1u, bytes);
    BOOST_TEST(out == expected);
    BOOST_TEST(s.list().second == 0u, "rewritten after " << bytes);
  }
  // A valid cache that others can write to could say anything: not read.
  fs::permissions(s.cache, fs::perms(0666));
  BOOST_TEST(s.list().second == 1u);
  BOOST_TEST(s.list().second == 0u);
}

BOOST_AUTO_TEST_CASE(each_module_has_a_line_read_on_its_own_and_every_folder_is_kept) {
  Setup s;
  const fs::path other = s.dir / "other-build";
  fs::create_directories(other);
  fs::copy_file(s.module, other / s.module.filename());
  BOOST_TEST(s.list().second == 1u);
  BOOST_TEST(s.list(other).second == 1u);
  // Each folder's module is known, whichever was listed last.
  BOOST_TEST(s.list().second == 0u);
  BOOST_TEST(s.list(other).second == 0u);

  // The format's line, then one line per module, in the order of their names.
  std::vector<std::string> lines;
  {
    std::istringstream text(grk::test::read_text(s.cache));
    for (std::string line; std::getline(text, line);) lines.push_back(line);
  }
  BOOST_TEST_REQUIRE(lines.size() == 3u);
  BOOST_TEST(lines[0] == "{\"format\":\"grk-eval " GRK_SDK_VERSION_STRING " ABI 1 probe cache 2\"}");
  const std::string other_start = "{\"file\":\"" + (other / s.module.filename()).string() + "\",\"identity\":[";
  const std::string own_start = "{\"file\":\"" + s.module.string() + "\",\"identity\":[";
  BOOST_TEST(lines[1].rfind(other_start, 0) == 0u, lines[1]);
  BOOST_TEST(lines[2].rfind(own_start, 0) == 0u, lines[2]);

  // A broken line costs its own module a probe, and no other module one.
  lines[1] = other_start + "not json";
  std::ofstream(s.cache, std::ios::binary) << lines[0] << "\n" << lines[1] << "\n" << lines[2] << "\n";
  BOOST_TEST(s.list().second == 0u);
  BOOST_TEST(s.list(other).second == 1u);
  BOOST_TEST(s.list(other).second == 0u);
  BOOST_TEST(s.list().second == 0u);
}

BOOST_AUTO_TEST_CASE(off_keeps_no_cache) {
  Setup s;
  s.options.env["GRK_PROBE_CACHE"] = "off";
  s.options.env["XDG_CACHE_HOME"] = (s.dir / "xdg").string();
  BOOST_TEST(s.list().second == 1u);
  BOOST_TEST(s.list().second == 1u);
  BOOST_TEST(!fs::exists(s.cache));
  BOOST_TEST(!fs::exists(s.dir / "xdg"));
  // Unset, the cache is the user's: under XDG_CACHE_HOME.
  s.options.env["GRK_PROBE_CACHE"] = std::nullopt;
  BOOST_TEST(s.list().second == 1u);
  BOOST_TEST(fs::exists(s.dir / "xdg" / "grk-eval" / "probe-cache.json"));
  BOOST_TEST(s.list().second == 0u);
}
