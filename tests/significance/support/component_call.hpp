// tests/significance/support/component_call.hpp: calling a component of the
// significance module directly, as the SDK's entry code would (parameters
// checked against the declaration, then compute and summarize), with the
// outcome a test compares: result, summary, or message and status.
#ifndef GRK_TESTS_SIGNIFICANCE_SUPPORT_COMPONENT_CALL_HPP
#define GRK_TESTS_SIGNIFICANCE_SUPPORT_COMPONENT_CALL_HPP

#include <unistd.h>

#include <boost/json.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <utility>

#include <grk/context.hpp>
#include <grk/error.hpp>
#include <grk/param.hpp>
#include <grk/param_checks.hpp>

namespace grk::test {

/// A folder of this process's own under the temporary folder, removed at
/// the end of the test.
struct TempDir {
  std::filesystem::path path = std::filesystem::temp_directory_path() /
                               ("grk-significance-test-" + std::to_string(::getpid()));
  TempDir() { std::filesystem::create_directories(path); }
  ~TempDir() { std::filesystem::remove_all(path); }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  std::filesystem::path write(const std::string& name, const std::string& bytes) const {
    std::ofstream(path / name, std::ios::binary) << bytes;
    return path / name;
  }
};

struct Outcome {
  boost::json::value result;
  std::string error;
  grk::Status status = grk::Status::ok;
  std::string summary;
};

/// The parameter problem as the entry code words it, or what compute threw.
template <class Component>
Outcome run(const boost::json::object& given) {
  Outcome out;
  auto resolved = grk::validate_params(Component::params(), given);
  if (!resolved) {
    out.error = "parameter '" + resolved.error().name + "': " + resolved.error().message;
    out.status = grk::Status::invalid_argument;
    return out;
  }
  grk::Context context(nullptr, nullptr);
  Component component;
  try {
    out.result = component.compute(grk::Params(std::move(*resolved)), context);
    out.summary = component.summarize(out.result);
  } catch (const grk::Error& error) {
    out.error = error.what();
    out.status = error.status();
  }
  return out;
}

/// The pre-run check as the entry code makes it (docs/design.md §5.2): the
/// parameter problem, or what the component's validate() found; no error
/// when it found nothing to object to.
template <class Component>
Outcome prerun(const boost::json::object& given) {
  Outcome out;
  auto resolved = grk::validate_params(Component::params(), given);
  if (!resolved) {
    out.error = "parameter '" + resolved.error().name + "': " + resolved.error().message;
    out.status = grk::Status::invalid_argument;
    return out;
  }
  const Component component{};
  const grk::Expected<void> checked = component.validate(grk::Params(std::move(*resolved)));
  if (!checked) {
    out.error = checked.error().message;
    out.status = checked.error().status;
  }
  return out;
}

/// configs/data/reports/example-eval-report.json of the source tree.
inline std::filesystem::path example_report() {
  const char* source = std::getenv("GRK_SOURCE_DIR");
  return std::filesystem::path(source ? source : "") / "configs/data/reports/example-eval-report.json";
}

}  // namespace grk::test

#endif
