// ComponentHandle::invoke through the C ABI with real fixture modules: good
// results, the SDK's parameter re-check, and the exception firewall (each way
// of throwing becomes a status and a message, and the next call works).
#include "modules/component_handle.hpp"

#define BOOST_TEST_MODULE host_component_invoke
#include <boost/test/unit_test.hpp>

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include <grk/json/reader.hpp>
#include <grk/json/writer.hpp>

#include "fixtures.hpp"
#include "modules/registry.hpp"

namespace {

using grk::host::ComponentHandle;
using grk::host::Invocation;
using grk::host::PluginRegistry;

struct Loaded {
  Loaded()
      : registry(PluginRegistry::discover({{grk::test::fixture_set("good"), "--plugin-dir"},
                                           {grk::test::fixture_set("throwing"), "--plugin-dir"}})) {}

  std::shared_ptr<ComponentHandle> open(const std::string& name) {
    const auto entry = registry.find(name);
    BOOST_TEST_REQUIRE(entry.has_value(), "component " << name << " not found");
    auto handle = registry.open(*entry);
    BOOST_TEST_REQUIRE(handle.has_value(), (handle ? "" : handle.error().message));
    BOOST_TEST_REQUIRE(*handle != nullptr);
    return std::move(handle).value();
  }

  PluginRegistry registry;
};

std::string status_text(const Invocation& invocation) {
  return grk::status_name(invocation.status);
}

// Calls fixture-sum on a file holding "0.1 0.2" and checks the answer, so a
// test can show that calls still work after a failure.
void expect_sum_works(const ComponentHandle& sum, const grk::test::TempDir& dir) {
  const auto values = dir / "values.txt";
  grk::test::write_text(values, "0.1 0.2\n");
  const boost::json::object params{{"values", values.string()}};
  const Invocation invocation = sum.invoke(grk::json::write_compact(params));
  BOOST_TEST_REQUIRE(status_text(invocation) == "ok", invocation.message);
  const auto result = invocation.result.value().as_object();
  BOOST_TEST(result.at("count").to_number<int>() == 2);
  // 0.1 + 0.2 in binary64, as Python prints it: 0.30000000000000004.
  BOOST_TEST(grk::json::format_python_float(result.at("sum").as_double()) == "0.30000000000000004");
  BOOST_TEST(grk::json::format_python_float(result.at("mean").as_double()) == "0.15000000000000002");
  BOOST_TEST(invocation.summary == "sum 0.30000000000000004 of 2 values");
  BOOST_TEST(invocation.message == "");
}

}  // namespace

BOOST_AUTO_TEST_CASE(statistic_gets_defaults_filled_in_by_the_sdk) {
  Loaded loaded;
  grk::test::TempDir dir;
  const auto values = dir / "values.txt";
  grk::test::write_text(values, "1 2 3.5\n");
  const auto sum = loaded.open("fixture-sum");
  const Invocation invocation =
      sum->invoke(R"({"values": ")" + values.string() + R"(", "repeat": 2, "negate": true})");
  BOOST_TEST_REQUIRE(status_text(invocation) == "ok", invocation.message);
  const auto result = invocation.result.value().as_object();
  BOOST_TEST(result.at("sum").as_double() == -13.0);
  BOOST_TEST(grk::json::write_compact(result.at("params")) ==
             R"({"values":")" + values.string() +
                 R"(","scale":1.0,"repeat":2,"negate":true})");
  BOOST_TEST(invocation.summary == "sum -13.0 of 3 values");
}

BOOST_AUTO_TEST_CASE(sdk_rechecks_parameters_a_caller_skipped_the_host_for) {
  Loaded loaded;
  const auto sum = loaded.open("fixture-sum");
  const std::vector<std::pair<std::string, std::string>> cases{
      {"{}", "parameter 'values': missing required parameter"},
      {R"({"values": "v.txt", "colour": 1})",
       "parameter 'colour': unknown parameter; expected one of: values, scale, repeat, negate, "
       "label, tags"},
      {R"({"values": "v.txt", "repeat": 1.5})", "parameter 'repeat': expected integer, got number"},
      {R"({"values": ""})", "parameter 'values': expected path (a non-empty string), got string"},
      {"[1]", "parameters must be a JSON object"},
      {"{", "parameters are not valid JSON: Expecting property name enclosed in double quotes: "
            "line 1 column 2 (char 1)"},
  };
  for (const auto& [params, message] : cases) {
    const Invocation invocation = sum->invoke(params);
    BOOST_TEST(status_text(invocation) == "invalid-argument", params);
    BOOST_TEST(invocation.message == message, params);
    BOOST_TEST(invocation.result.value().is_null(), params);
  }
}

BOOST_AUTO_TEST_CASE(component_errors_carry_their_status) {
  Loaded loaded;
  const auto sum = loaded.open("fixture-sum");
  grk::test::TempDir dir;
  const auto missing = dir / "absent.txt";
  Invocation invocation = sum->invoke(R"({"values": ")" + missing.string() + R"("})");
  BOOST_TEST(status_text(invocation) == "not-found");
  BOOST_TEST(invocation.message == "cannot open '" + missing.string() + "'");
  const auto bad = dir / "bad.txt";
  grk::test::write_text(bad, "1 two 3\n");
  invocation = sum->invoke(R"({"values": ")" + bad.string() + R"("})");
  BOOST_TEST(status_text(invocation) == "invalid-data");
  BOOST_TEST(invocation.message == "'" + bad.string() + "': 'two' is not a number");
}

BOOST_AUTO_TEST_CASE(each_way_of_throwing_becomes_a_status_and_the_next_call_works) {
  Loaded loaded;
  grk::test::TempDir dir;
  const auto sum = loaded.open("fixture-sum");
  struct Case {
    std::string component;
    std::string status;
    std::string message;
  };
  const std::vector<Case> cases{
      {"throws-runtime-error", "internal", "unexpected exception: the disk is on fire"},
      {"throws-grk-error", "invalid-data", "record 3: score is not a number"},
      {"throws-int", "internal", "unexpected exception of a type not derived from std::exception"},
  };
  for (const auto& c : cases) {
    const auto thrower = loaded.open(c.component);
    const Invocation invocation = thrower->invoke("{}");
    BOOST_TEST(status_text(invocation) == c.status, c.component);
    BOOST_TEST(invocation.message == c.message, c.component);
    BOOST_TEST(invocation.result.value().is_null(), c.component);
    BOOST_TEST(invocation.summary == "", c.component);
    expect_sum_works(*sum, dir);
  }
}

BOOST_AUTO_TEST_CASE(adapter_logs_and_progress_reach_the_observer) {
  Loaded loaded;
  grk::test::TempDir dir;
  grk::test::write_text(dir / "in.txt", "alpha\nBeta\n");
  const auto adapter = loaded.open("fixture-upper-lines");
  std::vector<std::string> logs;
  std::vector<std::string> progress;
  grk::host::InvocationObserver observer;
  observer.log = [&](grk_log_level level, std::string_view message) {
    logs.push_back(std::to_string(static_cast<int>(level)) + " " + std::string(message));
  };
  observer.progress = [&](std::string_view phase, std::uint64_t done, std::uint64_t total,
                          std::uint64_t bytes) {
    progress.push_back(std::string(phase) + " " + std::to_string(done) + "/" +
                       std::to_string(total) + " " + std::to_string(bytes));
  };
  const boost::json::object params{{"source", (dir / "in.txt").string()},
                                    {"output", (dir / "out.txt").string()}};
  const Invocation invocation = adapter->invoke(grk::json::write_compact(params), observer);
  BOOST_TEST_REQUIRE(status_text(invocation) == "ok", invocation.message);
  BOOST_TEST(grk::test::read_text(dir / "out.txt") == "ALPHA\nBETA\n");
  BOOST_TEST(logs == (std::vector<std::string>{"1 read 2 lines",
                                               "0 debug detail only shown with --verbose"}),
             boost::test_tools::per_element());
  BOOST_TEST(progress == (std::vector<std::string>{"reading 1/0 0", "reading 2/0 0"}),
             boost::test_tools::per_element());
  BOOST_TEST(invocation.summary == "wrote 2 lines to " + (dir / "out.txt").string());
  // A second run refuses to overwrite, and leaves the file as it was.
  const Invocation again = adapter->invoke(grk::json::write_compact(params), observer);
  BOOST_TEST(status_text(again) == "failed-precondition");
  BOOST_TEST(again.message ==
             "output '" + (dir / "out.txt").string() + "' already exists; not overwriting it");
  BOOST_TEST(grk::test::read_text(dir / "out.txt") == "ALPHA\nBETA\n");
}
