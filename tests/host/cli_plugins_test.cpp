// `grk-eval plugins` as a user runs it: every fixture module with its status
// and reason, in text and JSON; a module that aborts or prints while loading
// never reaches grk-eval itself; search-path precedence.
#define BOOST_TEST_MODULE host_cli_plugins
#include <boost/test/unit_test.hpp>

#include <map>
#include <string>
#include <vector>

#include "grk_eval.hpp"

namespace {

using grk::test::fixture_module;
using grk::test::fixture_set;
using grk::test::grk_eval;
using grk::test::load_log_pids;
using grk::test::operator+;
using grk::test::only_fixtures;

const std::vector<std::string> all_sets_args =
    only_fixtures({"good", "broken", "throwing", "duplicate", "aborting"});

std::string path(std::string_view set, std::string_view file) {
  return fixture_module(set, file).string();
}

// The reasons every listing must give, by file (module_probe_test.cpp checks
// the same texts in process).
std::map<std::string, std::pair<std::string, std::string>> expected_failures() {
  const std::string dup_fix =
      "; remove one of the files";
  return {
      {path("broken", "fixture_garbage.so"),
       {"not-a-plugin", "not a grk plugin: not an ELF shared object"}},
      {path("broken", "fixture_newer_minor.so"),
       {"incompatible-sdk",
        "built with grk SDK 1.99.0, newer than this host's (ABI 1, SDK 1.2.0); it may use host "
        "services this host lacks. Upgrade grk-eval, or rebuild the plugin against SDK 1.2.0."}},
      {path("broken", "fixture_no_entry.so"),
       {"not-a-plugin", "not a grk plugin: it exports no grk_plugin_vN entry symbol"}},
      {path("broken", "fixture_unresolved_symbol.so"),
       {"load-failed", "cannot load it: " + path("broken", "fixture_unresolved_symbol.so") +
                           ": undefined symbol: grk_fixture_function_nobody_defines"}},
      {path("broken", "fixture_wrong_abi_v0.so"),
       {"wrong-abi",
        "built for grk ABI 0 (entry symbol grk_plugin_v0); this host supports ABI 1 (SDK 1.2.0). "
        "Rebuild the plugin against grk SDK 1.x."}},
      {path("broken", "fixture_wrong_abi_v2.so"),
       {"wrong-abi",
        "built for grk ABI 2 (entry symbol grk_plugin_v2); this host supports ABI 1 (SDK 1.2.0). "
        "Rebuild the plugin against grk SDK 1.x, or use a grk-eval of ABI 2."}},
      {path("duplicate", "fixture_duplicate_a.so"),
       {"duplicate-component", "component 'fixture-twin' is also provided by " +
                                   path("duplicate", "fixture_duplicate_b.so") + dup_fix}},
      {path("duplicate", "fixture_duplicate_b.so"),
       {"duplicate-component", "component 'fixture-twin' is also provided by " +
                                   path("duplicate", "fixture_duplicate_a.so") + dup_fix}},
      {path("aborting", "fixture_aborts_in_static_init.so"),
       {"load-failed",
        "it crashed while loading with signal 6 (SIGABRT): a static initialiser or the entry "
        "function failed; nothing of it was run in grk-eval itself"}},
  };
}

}  // namespace

BOOST_AUTO_TEST_CASE(text_listing_names_every_module_with_its_status_and_reason) {
  const auto result = grk_eval(std::vector<std::string>{"plugins"} + all_sets_args);
  BOOST_TEST(result.exit_code == 0);
  BOOST_TEST(result.err == "");
  auto failures = expected_failures();
  const auto failure_line = [&](std::string_view set, std::string_view file) {
    const auto& [status, reason] = failures.at(path(set, file));
    return path(set, file) + ": " + status + ": " + reason + "\n";
  };
  std::string expected = "Plugin search path:\n";
  for (const char* set : {"good", "broken", "throwing", "duplicate", "aborting"}) {
    expected += "  " + fixture_set(set).string() + "  (--plugin-dir)\n";
  }
  expected += "\n";
  expected += path("good", "fixture_good_adapter.so") +
              ": ok, module fixture-good-adapter 0.4.0 (SDK 1.2.0)\n"
              "  fixture-upper-lines  [dataset-adapter]  copies a text file's lines in upper case\n";
  expected += path("good", "fixture_good_statistic.so") +
              ": ok, module fixture-good-statistic 1.2.3 (SDK 1.2.0)\n"
              "  fixture-sum  [statistic]  sums the numbers in a text file\n";
  for (const char* file : {"fixture_garbage.so", "fixture_newer_minor.so", "fixture_no_entry.so",
                           "fixture_unresolved_symbol.so", "fixture_wrong_abi_v0.so",
                           "fixture_wrong_abi_v2.so"}) {
    expected += failure_line("broken", file);
  }
  expected += path("throwing", "fixture_throwing.so") +
              ": ok, module fixture-throwing 1.0.0 (SDK 1.2.0)\n"
              "  throws-runtime-error  [statistic]  throws std::runtime_error\n"
              "  throws-grk-error  [statistic]  throws grk::Error(invalid_data)\n"
              "  throws-int  [statistic]  throws 42\n"
              "  fails-with-hint  [statistic]  fails with invalid_data and a hint\n";
  expected += failure_line("duplicate", "fixture_duplicate_a.so");
  expected += failure_line("duplicate", "fixture_duplicate_b.so");
  expected += failure_line("aborting", "fixture_aborts_in_static_init.so");
  BOOST_TEST(result.out == expected);
}

BOOST_AUTO_TEST_CASE(json_listing_has_the_documented_shape_and_each_fixture_status) {
  const auto result = grk_eval(std::vector<std::string>{"plugins", "--json"} + all_sets_args);
  BOOST_TEST(result.exit_code == 0);
  BOOST_TEST(result.err == "");
  const auto document = grk::test::parse_json(result.out).as_object();
  BOOST_TEST(document.size() == 3u);

  const auto& search_path = document.at("search_path").as_array();
  BOOST_TEST_REQUIRE(search_path.size() == 5u);
  BOOST_TEST(search_path[1].as_object().at("path").as_string() == fixture_set("broken").string());
  BOOST_TEST(search_path[1].as_object().at("origin").as_string() == "--plugin-dir");

  const auto failures = expected_failures();
  const auto& modules = document.at("modules").as_array();
  BOOST_TEST_REQUIRE(modules.size() == 12u);
  std::size_t ok = 0;
  for (const auto& item : modules) {
    const auto& module = item.as_object();
    const std::string file(module.at("file").as_string());
    const std::string status(module.at("status").as_string());
    if (const auto it = failures.find(file); it != failures.end()) {
      BOOST_TEST(status == it->second.first, file);
      BOOST_TEST(module.at("reason").as_string() == it->second.second, file);
      // A duplicate still shows what it provides, so the clash can be seen.
      std::vector<std::string> provided;
      for (const auto& c : module.at("components").as_array()) {
        provided.push_back(std::string(c.as_object().at("name").as_string()));
      }
      BOOST_TEST(provided == (status == "duplicate-component" ? std::vector<std::string>{"fixture-twin"}
                                                              : std::vector<std::string>{}),
                 file);
      continue;
    }
    ++ok;
    BOOST_TEST(status == "ok", file);
    BOOST_TEST(!module.contains("reason"), file);
    BOOST_TEST(module.at("abi_version").as_int64() == 1, file);
    BOOST_TEST(module.at("sdk_version").as_string() == "1.2.0", file);
    BOOST_TEST(!module.at("components").as_array().empty(), file);
  }
  BOOST_TEST(ok == 3u);
  // Metadata a refused module could give is kept: which SDK it wants.
  for (const auto& item : modules) {
    const auto& module = item.as_object();
    if (module.at("file").as_string() == path("broken", "fixture_newer_minor.so")) {
      BOOST_TEST(module.at("name").as_string() == "fixture-newer-minor");
      BOOST_TEST(module.at("sdk_version").as_string() == "1.99.0");
    }
  }

  // Usable components only, sorted by name, each with its module and params.
  std::vector<std::string> names;
  for (const auto& item : document.at("components").as_array()) {
    names.push_back(std::string(item.as_object().at("name").as_string()));
  }
  BOOST_TEST(names == (std::vector<std::string>{"fails-with-hint", "fixture-sum", "fixture-upper-lines",
                                                "throws-grk-error", "throws-int",
                                                "throws-runtime-error"}),
             boost::test_tools::per_element());
  const auto& sum = document.at("components").as_array()[1].as_object();
  BOOST_TEST(sum.at("kind").as_string() == "statistic");
  BOOST_TEST(sum.at("module").as_string() == "fixture-good-statistic");
  BOOST_TEST(sum.at("module_version").as_string() == "1.2.3");
  BOOST_TEST(sum.at("file").as_string() == path("good", "fixture_good_statistic.so"));
  const auto& scale = sum.at("params").as_array()[1].as_object();
  BOOST_TEST(grk::json::write_compact(scale) ==
             R"({"name":"scale","type":"number","required":false,"default":1.0,"description":"multiplies the sum"})");
}

BOOST_AUTO_TEST_CASE(strict_turns_any_unusable_module_into_exit_2) {
  auto result = grk_eval(std::vector<std::string>{"plugins", "--strict"} + all_sets_args);
  BOOST_TEST(result.exit_code == 2);
  result = grk_eval(std::vector<std::string>{"plugins", "--strict"} + only_fixtures({"good"}));
  BOOST_TEST(result.exit_code == 0);
}

BOOST_AUTO_TEST_CASE(module_that_prints_while_loading_is_never_loaded_into_grk_eval) {
  grk::test::TempDir dir;
  grk::test::ProcessOptions options;
  options.env["GRK_FIXTURE_LOAD_LOG"] = (dir / "loads.txt").string();
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"plugins", "--json"}, std::vector<std::string>{"plugins"},
        std::vector<std::string>{"describe", "fixture-noisy-echo"}}) {
    const auto result = grk_eval(args + only_fixtures({"noisy", "good"}), options);
    BOOST_TEST(result.exit_code == 0, args[0]);
    // Its chatter is on stderr, never in grk-eval's own output.
    BOOST_TEST(result.err == "fixture-noisy: static initialiser says hello on stdout\n"
                             "fixture-noisy: static initialiser says hello on stderr\n");
    BOOST_TEST(result.out.find("hello") == std::string::npos, args[0]);
    if (args.size() > 1 && args[1] == "--json") {
      const auto document = grk::test::parse_json(result.out).as_object();
      BOOST_TEST(document.at("modules").as_array().size() == 3u);
    }
    // Loaded once, in a probe process that is not grk-eval.
    const auto pids = load_log_pids(dir / "loads.txt", "fixture-noisy");
    BOOST_TEST_REQUIRE(pids.size() == 1u, args[0]);
    BOOST_TEST(pids[0] != std::to_string(result.pid), args[0]);
    std::filesystem::remove(dir / "loads.txt");
  }
}

BOOST_AUTO_TEST_CASE(search_path_is_plugin_dir_then_grk_plugin_path_then_default) {
  grk::test::ProcessOptions options;
  options.env["GRK_PLUGIN_PATH"] =
      fixture_set("throwing").string() + ":/no/such/folder::" + fixture_set("good").string();
  auto result = grk_eval({"plugins", "--json", "--no-default-plugins", "--plugin-dir",
                          fixture_set("good").string()},
                         options);
  BOOST_TEST(result.exit_code == 0);
  BOOST_TEST(result.err ==
             "grk-eval: warning: plugin folder '/no/such/folder' (from GRK_PLUGIN_PATH) does not "
             "exist or is not a folder; skipped\n");
  auto search_path = grk::test::parse_json(result.out).as_object().at("search_path");
  // good comes first from --plugin-dir; its repeat in GRK_PLUGIN_PATH is dropped.
  BOOST_TEST(grk::json::write_compact(search_path) ==
             R"([{"path":")" + fixture_set("good").string() + R"(","origin":"--plugin-dir"},)" +
                 R"({"path":")" + fixture_set("throwing").string() +
                 R"(","origin":"GRK_PLUGIN_PATH"}])");

  // Without --no-default-plugins the shipped folder comes last.
  const auto shipped = grk::test::binary_dir() / "lib" / "grk" / "plugins";
  result = grk_eval({"plugins", "--json"}, options);
  search_path = grk::test::parse_json(result.out).as_object().at("search_path");
  std::error_code ec;
  if (std::filesystem::is_directory(shipped, ec)) {
    BOOST_TEST(grk::json::write_compact(search_path.as_array().back()) ==
               R"({"path":")" + shipped.lexically_normal().string() + R"(","origin":"default"})");
    BOOST_TEST(search_path.as_array().size() == 3u);
  } else {
    BOOST_TEST(search_path.as_array().size() == 2u);
    BOOST_TEST(result.err.find("'" + shipped.lexically_normal().string() + "' (from default)") !=
               std::string::npos);
  }
}

BOOST_AUTO_TEST_CASE(empty_search_path_says_so) {
  const auto result = grk_eval({"plugins", "--no-default-plugins"});
  BOOST_TEST(result.exit_code == 0);
  BOOST_TEST(result.out == "Plugin search path:\n  (no folders)\n\nNo plugin modules found.\n");
}
