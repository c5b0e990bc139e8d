// probe_module and PluginRegistry::discover on one fixture module per failure
// mode (docs/design.md §8.3): each gets its status and its exact
// reason, and none is ever loaded into this process.
#include "modules/probe.hpp"

#define BOOST_TEST_MODULE host_module_probe
#include <boost/test/unit_test.hpp>

#include <unistd.h>

#include <cstdlib>
#include <string>
#include <vector>

#include "fixtures.hpp"
#include "modules/record.hpp"
#include "modules/registry.hpp"
#include "modules/search_path.hpp"

namespace {

using grk::host::ModuleRecord;
using grk::host::ModuleStatus;
using grk::test::fixture_module;

std::string status_of(const ModuleRecord& record) {
  return grk::host::module_status_name(record.status);
}

// Sets GRK_FIXTURE_LOAD_LOG for the fixtures' static initialisers (which run
// in the probe's child, a fork of this process) for one scope.
class LoadLog {
 public:
  LoadLog() : file_(dir_ / "loads.txt") { setenv("GRK_FIXTURE_LOAD_LOG", file_.c_str(), 1); }
  ~LoadLog() { unsetenv("GRK_FIXTURE_LOAD_LOG"); }
  std::vector<std::string> lines() const {
    std::error_code ec;
    return std::filesystem::exists(file_, ec) ? grk::test::lines_of(grk::test::read_text(file_))
                                              : std::vector<std::string>{};
  }

 private:
  grk::test::TempDir dir_;
  std::filesystem::path file_;
};

}  // namespace

BOOST_AUTO_TEST_CASE(good_statistic_metadata_is_what_the_macro_declared) {
  const auto file = fixture_module("good", "fixture_good_statistic.so");
  const ModuleRecord record = grk::host::probe_module(file);
  BOOST_TEST(status_of(record) == "ok");
  BOOST_TEST(record.reason == "");
  BOOST_TEST(record.file == file);
  BOOST_TEST(record.name == "fixture-good-statistic");
  BOOST_TEST(record.version == "1.2.3");
  BOOST_TEST(record.abi_version == 1u);
  BOOST_TEST(record.sdk_version == "1.2.0");
  BOOST_TEST_REQUIRE(record.components.size() == 1u);
  const auto& component = record.components[0];
  BOOST_TEST(component.name == "fixture-sum");
  BOOST_TEST(std::string(grk::host::kind_name(component.kind)) == "statistic");
  BOOST_TEST(component.description == "sums the numbers in a text file");
  BOOST_TEST_REQUIRE(component.params.size() == 6u);
  const std::vector<std::string> names{"values", "scale", "repeat", "negate", "label", "tags"};
  const std::vector<std::string> types{"path", "number", "integer", "boolean", "string", "object"};
  const std::vector<bool> required{true, false, false, false, false, false};
  for (std::size_t i = 0; i < names.size(); ++i) {
    BOOST_TEST(component.params[i].name == names[i]);
    BOOST_TEST(grk::param_type_name(component.params[i].type) == types[i]);
    BOOST_TEST(component.params[i].required == required[i]);
  }
  BOOST_TEST(component.params[1].default_value->as_double() == 1.0);
  BOOST_TEST(component.params[2].default_value->as_int64() == 1);
  BOOST_TEST(component.params[3].default_value->as_bool() == false);
  BOOST_TEST(!component.params[4].default_value.has_value());
}

BOOST_AUTO_TEST_CASE(good_adapter_is_a_dataset_adapter) {
  const ModuleRecord record =
      grk::host::probe_module(fixture_module("good", "fixture_good_adapter.so"));
  BOOST_TEST(status_of(record) == "ok");
  BOOST_TEST(record.name == "fixture-good-adapter");
  BOOST_TEST(record.version == "0.4.0");
  BOOST_TEST_REQUIRE(record.components.size() == 1u);
  BOOST_TEST(record.components[0].name == "fixture-upper-lines");
  BOOST_TEST(std::string(grk::host::kind_name(record.components[0].kind)) == "dataset-adapter");
}

BOOST_AUTO_TEST_CASE(probe_loads_the_module_in_a_child_process_only) {
  LoadLog log;
  const ModuleRecord record =
      grk::host::probe_module(fixture_module("good", "fixture_good_statistic.so"));
  BOOST_TEST(status_of(record) == "ok");
  const auto lines = log.lines();
  BOOST_TEST_REQUIRE(lines.size() == 1u);
  const std::string prefix = "fixture-good-statistic ";
  BOOST_TEST_REQUIRE(lines[0].substr(0, prefix.size()) == prefix);
  const long loader = std::stol(lines[0].substr(prefix.size()));
  BOOST_TEST(loader != static_cast<long>(getpid()));
}

BOOST_AUTO_TEST_CASE(text_file_named_so_is_not_a_plugin) {
  const ModuleRecord record =
      grk::host::probe_module(fixture_module("broken", "fixture_garbage.so"));
  BOOST_TEST(status_of(record) == "not-a-plugin");
  BOOST_TEST(record.reason == "not a grk plugin: not an ELF shared object");
  BOOST_TEST(record.components.empty());
}

BOOST_AUTO_TEST_CASE(plain_shared_object_is_not_a_plugin) {
  const ModuleRecord record = grk::host::probe_module(fixture_module("broken", "fixture_no_entry.so"));
  BOOST_TEST(status_of(record) == "not-a-plugin");
  BOOST_TEST(record.reason == "not a grk plugin: it exports no grk_plugin_vN entry symbol");
}

BOOST_AUTO_TEST_CASE(newer_abi_is_refused_from_the_symbol_table_without_loading) {
  LoadLog log;
  const ModuleRecord record =
      grk::host::probe_module(fixture_module("broken", "fixture_wrong_abi_v2.so"));
  BOOST_TEST(status_of(record) == "wrong-abi");
  BOOST_TEST(record.abi_version == 2u);
  BOOST_TEST(record.reason ==
             "built for grk ABI 2 (entry symbol grk_plugin_v2); this host supports ABI 1 (SDK "
             "1.2.0). Rebuild the plugin against grk SDK 1.x, or use a grk-eval of ABI 2.");
  BOOST_TEST(record.components.empty());
  // Its static initialiser logs every load: nothing ran, not even in a child.
  BOOST_TEST(log.lines().empty());
}

BOOST_AUTO_TEST_CASE(older_abi_is_refused_without_loading) {
  LoadLog log;
  const ModuleRecord record =
      grk::host::probe_module(fixture_module("broken", "fixture_wrong_abi_v0.so"));
  BOOST_TEST(status_of(record) == "wrong-abi");
  BOOST_TEST(record.abi_version == 0u);
  BOOST_TEST(record.reason ==
             "built for grk ABI 0 (entry symbol grk_plugin_v0); this host supports ABI 1 (SDK "
             "1.2.0). Rebuild the plugin against grk SDK 1.x.");
  BOOST_TEST(log.lines().empty());
}

BOOST_AUTO_TEST_CASE(newer_sdk_minor_is_refused_naming_both_versions) {
  const ModuleRecord record =
      grk::host::probe_module(fixture_module("broken", "fixture_newer_minor.so"));
  BOOST_TEST(status_of(record) == "incompatible-sdk");
  BOOST_TEST(record.name == "fixture-newer-minor");
  BOOST_TEST(record.sdk_version == "1.99.0");
  BOOST_TEST(record.reason ==
             "built with grk SDK 1.99.0, newer than this host's (ABI 1, SDK 1.2.0); it may use "
             "host services this host lacks. Upgrade grk-eval, or rebuild the plugin against "
             "SDK 1.2.0.");
  BOOST_TEST(record.components.empty());
}

BOOST_AUTO_TEST_CASE(unresolved_symbol_fails_the_load_with_dlerror_text) {
  const auto file = fixture_module("broken", "fixture_unresolved_symbol.so");
  const ModuleRecord record = grk::host::probe_module(file);
  BOOST_TEST(status_of(record) == "load-failed");
  BOOST_TEST(record.reason == "cannot load it: " + file.string() +
                                  ": undefined symbol: grk_fixture_function_nobody_defines");
}

BOOST_AUTO_TEST_CASE(abort_in_static_initialiser_is_reported_with_the_signal) {
  const ModuleRecord record =
      grk::host::probe_module(fixture_module("aborting", "fixture_aborts_in_static_init.so"));
  BOOST_TEST(status_of(record) == "load-failed");
  BOOST_TEST(record.reason ==
             "it crashed while loading with signal 6 (SIGABRT): a static initialiser or the "
             "entry function failed; nothing of it was run in grk-eval itself");
  // This process is still here to tell.
}

BOOST_AUTO_TEST_CASE(discover_keeps_going_past_every_broken_module) {
  const auto registry = grk::host::PluginRegistry::discover(
      {{grk::test::fixture_set("broken"), "--plugin-dir"},
       {grk::test::fixture_set("aborting"), "--plugin-dir"},
       {grk::test::fixture_set("good"), "--plugin-dir"}});
  std::vector<std::string> seen;
  for (const auto& module : registry.modules()) {
    seen.push_back(module.file.filename().string() + " " + status_of(module));
  }
  // Folders in search order, files sorted within each.
  const std::vector<std::string> expected{
      "fixture_garbage.so not-a-plugin",
      "fixture_newer_minor.so incompatible-sdk",
      "fixture_no_entry.so not-a-plugin",
      "fixture_unresolved_symbol.so load-failed",
      "fixture_wrong_abi_v0.so wrong-abi",
      "fixture_wrong_abi_v2.so wrong-abi",
      "fixture_aborts_in_static_init.so load-failed",
      "fixture_good_adapter.so ok",
      "fixture_good_statistic.so ok"};
  BOOST_TEST(seen == expected, boost::test_tools::per_element());
  std::vector<std::string> usable;
  for (const auto& entry : registry.components()) usable.push_back(entry.component->name);
  BOOST_TEST(usable == (std::vector<std::string>{"fixture-sum", "fixture-upper-lines"}),
             boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(two_modules_with_one_component_name_are_both_refused_naming_each_other) {
  const auto dir = grk::test::fixture_set("duplicate");
  const auto registry = grk::host::PluginRegistry::discover({{dir, "--plugin-dir"}});
  BOOST_TEST_REQUIRE(registry.modules().size() == 2u);
  const auto& a = registry.modules()[0];
  const auto& b = registry.modules()[1];
  BOOST_TEST(status_of(a) == "duplicate-component");
  BOOST_TEST(status_of(b) == "duplicate-component");
  const std::string fix =
      "; remove one of the files";
  BOOST_TEST(a.reason == "component 'fixture-twin' is also provided by " +
                             (dir / "fixture_duplicate_b.so").string() + fix);
  BOOST_TEST(b.reason == "component 'fixture-twin' is also provided by " +
                             (dir / "fixture_duplicate_a.so").string() + fix);
  BOOST_TEST(!registry.find("fixture-twin").has_value());
  const auto duplicates = registry.duplicates_of("fixture-twin");
  BOOST_TEST_REQUIRE(duplicates.size() == 2u);
  BOOST_TEST(duplicates[0]->file == dir / "fixture_duplicate_a.so");
  BOOST_TEST(duplicates[1]->file == dir / "fixture_duplicate_b.so");
}

BOOST_AUTO_TEST_CASE(duplicate_with_the_shipped_folder_suggests_skipping_it) {
  const auto shipped = grk::host::default_plugin_dir();
  std::vector<ModuleRecord> records(2);
  records[0].file = "/opt/dev-plugins/mine.so";
  records[1].file = shipped / "significance.so";
  for (auto& record : records) {
    record.name = "m";
    record.components.push_back({"paired-bootstrap", GRK_KIND_STATISTIC, "", {}});
  }
  const grk::host::PluginRegistry registry(std::move(records));
  BOOST_TEST(registry.modules()[0].reason ==
             "component 'paired-bootstrap' is also provided by " + (shipped / "significance.so").string() +
                 "; remove one of the files (or pass --no-default-plugins to skip the shipped folder)");
}
