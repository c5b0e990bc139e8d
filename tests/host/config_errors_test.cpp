// Every structural config mistake, each with its exact message: the file,
// the JSON path, and what was expected (host/src/run/config.cpp). Component and
// parameter mistakes, which need plugins, are in step_plan_errors_test.cpp.
#include "run/config.hpp"

#define BOOST_TEST_MODULE host_config_errors
#include <boost/test/unit_test.hpp>

#include <string>
#include <vector>

#include "fixtures.hpp"

namespace {

struct BadConfig {
  std::string text;
  std::string message;  ///< after "<file>: "
};

// The one mistake of `text`: the error that stops reading, or the report of
// the mistakes collected (one here, so it reads as that mistake alone).
std::string message_for(std::string_view text, const std::filesystem::path& file) {
  const auto config = grk::host::parse_config(text, file);
  if (!config) {
    BOOST_TEST(config.error().code == grk::host::exit_usage);
    return config.error().message;
  }
  if (config->errors.empty()) return "(no error)";
  BOOST_TEST(config->errors.size() == 1u, text);
  const grk::host::HostError report = config->errors.report("grk-eval run: ");
  BOOST_TEST(report.code == grk::host::exit_usage);
  return report.message;
}

const char* const good_step = R"({"id": "a", "statistic": "s", "params": {}})";

}  // namespace

BOOST_AUTO_TEST_CASE(each_bad_config_gets_its_exact_message) {
  grk::test::TempDir dir;
  const auto file = dir / "run.json";
  const std::string s = good_step;
  const std::vector<BadConfig> cases{
      {R"({"steps": [})", "invalid JSON at line 1, column 12: Expecting value"},
      {"{\n  \"steps\": [\n    {\"id\": \"a\",}\n  ]\n}",
       "invalid JSON at line 3, column 16: Expecting property name enclosed in double quotes"},
      {R"({"steps": [] "x"})", "invalid JSON at line 1, column 14: Expecting ',' delimiter"},
      // Python would read NaN; a config has no use for it.
      {R"({"steps": NaN})", "invalid JSON at line 1, column 11: Expecting value"},
      {"", "invalid JSON at line 1, column 1: Expecting value"},
      {"[1]", "(top level): expected an object, got array"},
      // The results document records the config's strings: they must be UTF-8, a lone surrogate is none.
      {R"({"steps": [{"id": "a\ud800", "statistic": "s", "params": {}}]})",
       "/steps/0/id: a string or key that is not valid UTF-8 (or a lone surrogate); a results document must be UTF-8"},
      {"{\"steps\": [{\"id\": \"a\", \"statistic\": \"s\", \"params\": {\"k\xFF\": 1}}]}",
       "/steps/0/params/k\\xFF: a string or key that is not valid UTF-8 (or a lone surrogate); a results document "
       "must be UTF-8"},
      // A key is config text: shown on one line, its control characters escaped.
      {R"({"steps": [)" + s + R"(], "x\u001b]0;t\u0007\ngrk-eval run: ok": 1})",
       "x\\x1B]0;t\\x07\\ngrk-eval run: ok: unknown key; expected one of: plugin_dirs, isolate, step_timeout, steps"},
      {R"({"steps": [)" + s + R"(], "plugin_paths": []})",
       "plugin_paths: unknown key; expected one of: plugin_dirs, isolate, step_timeout, steps"},
      {"{}", "steps: required key is missing"},
      {R"({"steps": []})", "steps: expected a non-empty array of steps, got an empty array"},
      {R"({"steps": {"id": "a"}})", "steps: expected a non-empty array of steps, got object"},
      {R"({"steps": ["a"]})", "steps[0]: expected a step object, got string"},
      {R"({"steps": [)" + s + R"(, 3]})", "steps[1]: expected a step object, got integer"},
      {R"({"steps": [{"id": "a", "statistic": "s", "params": {}, "parms": {}}]})",
       "steps[0].parms: unknown key; expected one of: id, statistic, adapter, params"},
      {R"({"steps": [{"statistic": "s", "params": {}}]})", "steps[0].id: required key is missing"},
      {R"({"steps": [{"id": "", "statistic": "s", "params": {}}]})",
       "steps[0].id: expected a non-empty string, got an empty string"},
      {R"({"steps": [{"id": 7, "statistic": "s", "params": {}}]})",
       "steps[0].id: expected a non-empty string, got integer"},
      {R"({"steps": [)" + s + "," + s + R"(]})",
       "steps[1].id: duplicate step id 'a' (steps[0].id has it too); ids must be unique"},
      {R"({"steps": [{"id": "a", "statistic": "s", "adapter": "t", "params": {}}]})",
       "steps[0]: a step names exactly one component, with \"statistic\" or \"adapter\"; found both"},
      {R"({"steps": [{"id": "a", "params": {}}]})",
       "steps[0]: a step names exactly one component, with \"statistic\" or \"adapter\"; found "
       "neither"},
      {R"({"steps": [{"id": "a", "adapter": ["t"], "params": {}}]})",
       "steps[0].adapter: expected a component name, got array"},
      {R"({"steps": [{"id": "a", "statistic": "s"}]})", "steps[0].params: required key is missing"},
      {R"({"steps": [{"id": "a", "statistic": "s", "params": [1]}]})",
       "steps[0].params: expected an object, got array"},
      {R"({"plugin_dirs": "plugins", "steps": [)" + s + "]}",
       "plugin_dirs: expected an array of folder paths, got string"},
      {R"({"plugin_dirs": [""], "steps": [)" + s + "]}",
       "plugin_dirs[0]: expected a non-empty folder path, got an empty string"},
      {R"({"plugin_dirs": [".\u0000nowhere"], "steps": [)" + s + "]}",
       "plugin_dirs[0]: a path cannot hold a NUL character (byte 1); the file system would end it there"},
      {R"({"plugin_dirs": [".", "nowhere"], "steps": [)" + s + "]}",
       "plugin_dirs[1]: plugin folder '" + (dir / "nowhere").string() + "' does not exist"},
  };
  for (const auto& c : cases) {
    BOOST_TEST(message_for(c.text, file) == file.string() + ": " + c.message, c.text);
  }
}

BOOST_AUTO_TEST_CASE(messages_name_the_file_as_the_user_gave_it) {
  BOOST_TEST(message_for("{}", "configs/eval.json") == "configs/eval.json: steps: required key is missing");
}

BOOST_AUTO_TEST_CASE(missing_config_file_is_named) {
  grk::test::TempDir dir;
  const auto file = dir / "absent.json";
  const auto config = grk::host::load_config(file);
  BOOST_TEST_REQUIRE(!config.has_value());
  BOOST_TEST(config.error().code == grk::host::exit_usage);
  BOOST_TEST(config.error().message == file.string() + ": no such config file");
}

BOOST_AUTO_TEST_CASE(a_folder_given_as_the_config_is_named_as_one) {
  grk::test::TempDir dir;
  const auto config = grk::host::load_config(dir.path());
  BOOST_TEST_REQUIRE(!config.has_value());
  BOOST_TEST(config.error().code == grk::host::exit_usage);
  BOOST_TEST(config.error().message ==
             dir.path().string() + ": is a folder; give the config file (a .json file) itself");
}

BOOST_AUTO_TEST_CASE(good_config_is_read_with_resolved_folders_and_its_hash) {
  grk::test::TempDir dir;
  std::filesystem::create_directories(dir / "plugins");
  const std::string text =
      R"({"plugin_dirs": ["plugins", "/"], "steps": [)"
      R"({"id": "first", "statistic": "s", "params": {"k": 1}},)"
      R"({"id": "second", "adapter": "t", "params": {}}]})";
  grk::test::write_text(dir / "run.json", text);
  const auto loaded = grk::host::load_config(dir / "run.json");
  BOOST_TEST_REQUIRE(loaded.has_value(), (loaded ? "" : loaded.error().message));
  const auto& config = *loaded;
  BOOST_TEST(config.file == dir / "run.json");
  BOOST_TEST(config.dir == dir.path());
  BOOST_TEST_REQUIRE(config.plugin_dirs.size() == 2u);
  BOOST_TEST(config.plugin_dirs[0] == dir / "plugins");
  BOOST_TEST(config.plugin_dirs[1] == std::filesystem::path("/"));
  BOOST_TEST_REQUIRE(config.steps.size() == 2u);
  BOOST_TEST(config.steps[0].id == "first");
  BOOST_TEST(config.steps[0].component == "s");
  BOOST_TEST(config.steps[0].kind == GRK_KIND_STATISTIC);
  BOOST_TEST(config.steps[0].params.at("k").as_int64() == 1);
  BOOST_TEST(config.steps[1].index == 1u);
  BOOST_TEST(config.steps[1].kind == GRK_KIND_DATASET_ADAPTER);
  // sha256 of the text above, from Python's hashlib (an independent oracle).
  BOOST_TEST(config.sha256 == "1c0daac5f0bfd02f3235d2ee584f75493e848bf7d6eb4581428584b1e910abaf");
}
