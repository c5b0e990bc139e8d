// A component handle keeps its module loaded after the registry that opened
// it is gone, and the module is unloaded once the last handle goes
// (docs/design.md §3.5 and §8.3; the unload also proves the
// SDK's version script keeps libstdc++ from pinning the module, 1.9).
#include "modules/component_handle.hpp"

#define BOOST_TEST_MODULE host_component_lifetime
#include <boost/test/unit_test.hpp>

#include <dlfcn.h>
#include <unistd.h>

#include <cstdlib>
#include <memory>
#include <string>

#include <grk/json/reader.hpp>

#include "fixtures.hpp"
#include "modules/registry.hpp"

namespace {

bool is_resident(const std::filesystem::path& file) {
  void* handle = dlopen(file.c_str(), RTLD_NOW | RTLD_NOLOAD);
  if (handle == nullptr) return false;
  dlclose(handle);
  return true;
}

}  // namespace

BOOST_AUTO_TEST_CASE(handle_outlives_its_registry_and_is_still_callable) {
  const auto file = grk::test::fixture_module("good", "fixture_good_statistic.so");
  grk::test::TempDir dir;
  const auto load_log = dir / "loads.txt";
  setenv("GRK_FIXTURE_LOAD_LOG", load_log.c_str(), 1);
  BOOST_TEST_REQUIRE(!is_resident(file));

  std::shared_ptr<grk::host::ComponentHandle> handle;
  {
    auto registry =
        grk::host::PluginRegistry::discover({{grk::test::fixture_set("good"), "--plugin-dir"}});
    // Discovery probes in a child: nothing is loaded here yet.
    BOOST_TEST(!is_resident(file));
    const auto entry = registry.find("fixture-sum");
    BOOST_TEST_REQUIRE(entry.has_value());
    auto opened = registry.open(*entry);
    BOOST_TEST_REQUIRE(opened.has_value(), (opened ? "" : opened.error().message));
    handle = std::move(opened).value();
    BOOST_TEST(is_resident(file));
  }
  unsetenv("GRK_FIXTURE_LOAD_LOG");
  // Loaded into this process exactly once: by open, not by discovery.
  const auto loads = grk::test::lines_of(grk::test::read_text(load_log));
  BOOST_TEST_REQUIRE(loads.size() == 2u);
  BOOST_TEST(loads[0] != "fixture-good-statistic " + std::to_string(getpid()));
  BOOST_TEST(loads[1] == "fixture-good-statistic " + std::to_string(getpid()));

  BOOST_TEST(is_resident(file));
  BOOST_TEST(handle->name() == "fixture-sum");
  BOOST_TEST(handle->module().file() == file);
  grk::test::write_text(dir / "values.txt", "2 3\n");
  const auto invocation = handle->invoke(R"({"values": ")" + (dir / "values.txt").string() + R"("})");
  BOOST_TEST_REQUIRE(grk::status_name(invocation.status) == std::string("ok"), invocation.message);
  BOOST_TEST(invocation.result.value().as_object().at("sum").as_double() == 5.0);
  BOOST_TEST(invocation.summary == "sum 5.0 of 2 values");

  handle.reset();
  BOOST_TEST(!is_resident(file));
}

BOOST_AUTO_TEST_CASE(handles_share_one_load_of_a_module) {
  const auto file = grk::test::fixture_module("good", "fixture_good_statistic.so");
  std::shared_ptr<grk::host::ComponentHandle> first;
  std::shared_ptr<grk::host::ComponentHandle> second;
  {
    auto registry =
        grk::host::PluginRegistry::discover({{grk::test::fixture_set("good"), "--plugin-dir"}});
    auto opened_first = registry.open(*registry.find("fixture-sum"));
    auto opened_second = registry.open(*registry.find("fixture-sum"));
    BOOST_TEST_REQUIRE((opened_first && opened_second));
    first = std::move(opened_first).value();
    second = std::move(opened_second).value();
  }
  BOOST_TEST(&first->module() == &second->module());
  first.reset();
  BOOST_TEST(is_resident(file));
  second.reset();
  BOOST_TEST(!is_resident(file));
}
