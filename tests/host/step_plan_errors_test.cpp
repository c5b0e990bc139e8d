// Config mistakes that need to know the plugins: unknown component, kind
// mismatch, parameters checked against the declaration; and what a good plan
// holds (defaults filled, relative paths resolved). The registry is built
// from records, so these run without loading anything; the last test shows
// what happens when a run then cannot load a planned module.
#include "run/plan.hpp"

#define BOOST_TEST_MODULE host_step_plan_errors
#include <boost/test/unit_test.hpp>

#include <string>
#include <vector>

#include <grk/json/reader.hpp>
#include <grk/json/writer.hpp>

#include "run/config.hpp"
#include "run/session.hpp"

namespace {

using grk::ParamType;
using grk::host::ModuleRecord;
using grk::host::ModuleStatus;
using grk::host::PluginRegistry;

ModuleRecord module(const std::string& file, ModuleStatus status,
                    std::vector<grk::host::ComponentRecord> components) {
  ModuleRecord record;
  record.file = file;
  record.status = status;
  record.name = std::filesystem::path(file).stem().string();
  record.version = "1.0.0";
  record.sdk_version = "1.0.0";
  record.abi_version = 1;
  record.components = std::move(components);
  return record;
}

grk::host::ComponentRecord alpha() {
  return {"alpha", GRK_KIND_STATISTIC, "a statistic",
          {grk::required("split", ParamType::string, "which split"),
           grk::with_default("k", ParamType::integer, 10, "cut-off"),
           grk::optional("input", ParamType::path, "a file")}};
}

grk::host::ComponentRecord beta() { return {"beta", GRK_KIND_DATASET_ADAPTER, "an adapter", {}}; }

PluginRegistry registry() {
  std::vector<ModuleRecord> modules;
  modules.push_back(module("/plugins/m.so", ModuleStatus::ok, {alpha(), beta()}));
  modules.push_back(module("/plugins/broken.so", ModuleStatus::load_failed, {}));
  return PluginRegistry(std::move(modules));
}

std::vector<grk::host::StepConfig> steps_of(const std::string& config) {
  auto parsed = grk::host::parse_config(config, "/configs/run.json");
  BOOST_TEST_REQUIRE(parsed.has_value(), (parsed ? "" : parsed.error().message));
  return std::move(parsed->steps);
}

struct Failure {
  int code = 0;
  std::string message;
};

Failure plan_failure(const std::string& config,
                     grk::host::StepSource source = grk::host::StepSource::config_file) {
  const auto reg = registry();
  grk::host::ConfigErrors errors;
  const auto plan = grk::host::plan_steps(steps_of(config), reg, "/configs/run.json", "/configs", errors, source);
  if (errors.empty()) return {0, "(no error)"};
  const grk::host::HostError report = errors.report("grk-eval run: ");
  return {report.code, report.message};
}

}  // namespace

BOOST_AUTO_TEST_CASE(each_bad_step_gets_its_exact_message_and_exit_code) {
  struct Case {
    std::string config;
    int code;
    std::string message;  ///< after "/configs/run.json: "
  };
  const std::string ok = R"({"id": "ok", "statistic": "alpha", "params": {"split": "test"}})";
  const std::vector<Case> cases{
      {R"({"steps": [{"id": "a", "statistic": "gamma", "params": {}}]})", 1,
       "steps[0].statistic: no statistic named 'gamma' is available; available: alpha (1 plugin "
       "module could not be used; `grk-eval plugins` says why: /plugins/broken.so [load-failed])"},
      {R"({"steps": [{"id": "a", "adapter": "gamma", "params": {}}]})", 1,
       "steps[0].adapter: no dataset-adapter named 'gamma' is available; available: beta (1 "
       "plugin module could not be used; `grk-eval plugins` says why: /plugins/broken.so [load-failed])"},
      {R"({"steps": [{"id": "a", "statistic": "beta", "params": {}}]})", 1,
       "steps[0].statistic: 'beta' is a dataset-adapter, not a statistic; name it with "
       "\"adapter\""},
      {R"({"steps": [{"id": "a", "adapter": "alpha", "params": {}}]})", 1,
       "steps[0].adapter: 'alpha' is a statistic, not a dataset-adapter; name it with "
       "\"statistic\""},
      {R"({"steps": [{"id": "a", "statistic": "alpha", "params": {"split": "x", "colour": 1}}]})", 1,
       "steps[0].params.colour: unknown parameter; expected one of: split, k, input"},
      {R"({"steps": [{"id": "a", "statistic": "alpha", "params": {"k": 3}}]})", 1,
       "steps[0].params.split: missing required parameter"},
      {R"({"steps": [)" + ok + R"(, {"id": "b", "statistic": "alpha", "params": {"split": 3}}]})", 1,
       "steps[1].params.split: expected string, got integer"},
      {R"({"steps": [{"id": "a", "statistic": "alpha", "params": {"split": "x", "k": 2.0}}]})", 1,
       "steps[0].params.k: expected integer, got number"},
      {R"({"steps": [{"id": "a", "statistic": "alpha", "params": {"split": "x", "k": 9223372036854775808}}]})",
       1, "steps[0].params.k: expected an integer in signed 64-bit range"},
      {R"({"steps": [{"id": "a", "statistic": "alpha", "params": {"split": "x", "input": ""}}]})", 1,
       "steps[0].params.input: expected path (a non-empty string), got string"},
      {R"({"steps": [{"id": "a", "statistic": "alpha", "params": {"split": null}}]})", 1,
       "steps[0].params.split: expected string, got null"},
      // A NUL would end the path for the file system: "q.tsv\0x" would open q.tsv.
      {R"({"steps": [{"id": "a", "statistic": "alpha", "params": {"split": "x", "input": "q.tsv\u0000x"}}]})", 1,
       "steps[0].params.input: a path cannot hold a NUL character (byte 5); the file system would end it there"},
  };
  for (const auto& c : cases) {
    const Failure failure = plan_failure(c.config);
    BOOST_TEST(failure.code == c.code, c.config);
    BOOST_TEST(failure.message == "/configs/run.json: " + c.message, c.config);
  }
}

BOOST_AUTO_TEST_CASE(command_line_steps_are_named_by_their_flags) {
  using grk::host::StepSource;
  Failure failure = plan_failure(R"({"steps": [{"id": "a", "statistic": "gamma", "params": {}}]})",
                                 StepSource::command_line);
  BOOST_TEST(failure.code == 1);
  BOOST_TEST(failure.message ==
             "/configs/run.json: --component: no component named 'gamma' is available; available: "
             "alpha, beta (1 plugin module could not be used; `grk-eval plugins` says why: /plugins/broken.so [load-failed])");
  failure = plan_failure(R"({"steps": [{"id": "a", "statistic": "alpha", "params": {}}]})",
                         StepSource::command_line);
  BOOST_TEST(failure.message == "/configs/run.json: --set split: missing required parameter");
}

BOOST_AUTO_TEST_CASE(duplicate_component_is_a_plugin_error_naming_both_files) {
  std::vector<ModuleRecord> modules;
  modules.push_back(module("/a/one.so", ModuleStatus::ok, {alpha()}));
  modules.push_back(module("/b/two.so", ModuleStatus::ok, {alpha(), beta()}));
  const PluginRegistry reg(std::move(modules));
  grk::host::ConfigErrors errors;
  const auto plan = grk::host::plan_steps(
      steps_of(R"({"steps": [{"id": "a", "statistic": "alpha", "params": {}}]})"), reg, "run.json",
      "/configs", errors);
  BOOST_TEST(plan.empty());
  BOOST_TEST_REQUIRE(errors.size() == 1u);
  BOOST_TEST(errors.report("").code == 2);
  BOOST_TEST(errors.report("").message == "run.json: steps[0].statistic: component 'alpha' is "
                                     "provided by more than one module (/a/one.so, "
                                     "/b/two.so); remove all but one");
  // The whole module is set aside, so its other component is gone too.
  BOOST_TEST(!reg.find("beta").has_value());
}

BOOST_AUTO_TEST_CASE(resolve_is_the_one_lookup_with_the_one_set_of_messages) {
  const auto reg = registry();
  BOOST_TEST(reg.resolve("alpha")->component->name == "alpha");
  BOOST_TEST(reg.resolve("beta", GRK_KIND_DATASET_ADAPTER)->component->name == "beta");
  auto missing = reg.resolve("gamma");
  BOOST_TEST_REQUIRE(!missing.has_value());
  BOOST_TEST(missing.error().code == 1);
  BOOST_TEST(missing.error().message ==
             "no component named 'gamma' is available; available: alpha, beta (1 plugin module "
             "could not be used; `grk-eval plugins` says why: /plugins/broken.so [load-failed])");
  missing = reg.resolve("alpha", GRK_KIND_DATASET_ADAPTER);
  BOOST_TEST_REQUIRE(!missing.has_value());
  BOOST_TEST(missing.error().code == 1);
  BOOST_TEST(missing.error().message ==
             "'alpha' is a statistic, not a dataset-adapter; name it with \"statistic\"");
}

BOOST_AUTO_TEST_CASE(plan_fills_defaults_and_resolves_relative_paths_against_the_config_folder) {
  const auto reg = registry();
  grk::host::ConfigErrors errors;
  const auto plan = grk::host::plan_steps(
      steps_of(R"({"steps": [)"
               R"({"id": "rel", "statistic": "alpha", "params": {"split": "dev", "input": "data/q.tsv"}},)"
               R"({"id": "up", "statistic": "alpha", "params": {"split": "dev", "input": "../x.tsv", "k": -1}},)"
               R"({"id": "abs", "statistic": "alpha", "params": {"split": "dev", "input": "/srv/y.tsv"}},)"
               R"({"id": "none", "statistic": "alpha", "params": {"split": "dev"}},)"
               R"({"id": "ad", "adapter": "beta", "params": {}}]})"),
      reg, "/configs/run.json", "/configs", errors);
  BOOST_TEST_REQUIRE(errors.empty(), errors.report("").message);
  BOOST_TEST_REQUIRE(plan.size() == 5u);
  std::vector<std::string> seen;
  for (const auto& step : plan) {
    seen.push_back(step.id + " " + step.entry.component->name + " " +
                   grk::json::write_compact(step.params));
  }
  const std::vector<std::string> expected{
      R"(rel alpha {"split":"dev","k":10,"input":"/configs/data/q.tsv"})",
      R"(up alpha {"split":"dev","k":-1,"input":"/x.tsv"})",
      R"(abs alpha {"split":"dev","k":10,"input":"/srv/y.tsv"})",
      R"(none alpha {"split":"dev","k":10})",
      R"(ad beta {})",
  };
  BOOST_TEST(seen == expected, boost::test_tools::per_element());
  BOOST_TEST(plan[0].entry.module->file == std::filesystem::path("/plugins/m.so"));
}

// One bad param must not hide a step's other mistakes: the step comes back
// with its bad and unknown params at their defaults, so that its files and
// pre-run check are checked too, while its mistakes stay reported.
BOOST_AUTO_TEST_CASE(a_step_with_bad_params_is_still_checked_without_them) {
  const auto reg = registry();
  grk::host::ConfigErrors errors;
  const auto plan = grk::host::plan_steps(
      steps_of(R"({"steps": [)"
               R"({"id": "bad", "statistic": "alpha", "params": {"split": "dev", "k": "ten", "colour": 1, "input": "q"}},)"
               R"({"id": "lost", "statistic": "alpha", "params": {"k": 3, "input": "q"}}]})"),
      reg, "/configs/run.json", "/configs", errors);
  BOOST_TEST(errors.report("grk-eval run: ").message ==
             "/configs/run.json: steps[0].params.colour: unknown parameter; expected one of: split, k, input\n"
             "grk-eval run: /configs/run.json: steps[0].params.k: expected integer, got string\n"
             "grk-eval run: /configs/run.json: steps[1].params.split: missing required parameter");
  // Without its required split, the second step cannot be checked at all.
  BOOST_TEST_REQUIRE(plan.size() == 1u);
  BOOST_TEST(plan[0].id == "bad");
  BOOST_TEST(grk::json::write_compact(plan[0].params) == R"({"split":"dev","k":10,"input":"/configs/q"})");
}

BOOST_AUTO_TEST_CASE(a_module_that_no_longer_loads_stops_the_run_before_any_step_with_exit_2) {
  auto reg = registry();
  grk::host::ConfigErrors errors;
  auto plan = grk::host::plan_steps(
      steps_of(R"({"steps": [{"id": "a", "statistic": "alpha", "params": {"split": "x"}}]})"), reg,
      "/configs/run.json", "/configs", errors);
  BOOST_TEST_REQUIRE(errors.empty());
  const auto session = grk::host::RunSession::start(std::move(plan), reg, {});
  BOOST_TEST_REQUIRE(!session.has_value());
  BOOST_TEST(session.error().code == 2);
  BOOST_TEST(session.error().message.rfind("step 'a': cannot load /plugins/m.so for component 'alpha': ", 0) == 0,
             session.error().message);
}
