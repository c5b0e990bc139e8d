#include "run/plan.hpp"

#include <filesystem>

#include "run/config.hpp"
#include "run/set_value.hpp"

namespace grk::host {
namespace {

Expected<RunPlan, HostError> plan_config(const RunRequest& request) {
  auto config = load_config(request.config_file);
  if (!config) return unexpected(std::move(config).error());
  auto registry = request.plugins.registry(config->plugin_dirs);
  ConfigErrors errors = config->errors;
  auto steps = plan_steps(config->steps, registry, config->file.string(), config->dir, errors);
  std::error_code ec;
  boost::json::value provenance = {
      {"path", std::filesystem::absolute(config->file, ec).lexically_normal().string()},
      {"sha256", config->sha256}};
  RunPlan plan{std::move(registry), std::move(steps), std::move(provenance), false, std::nullopt, std::move(errors)};
  plan.step_timeout = request.step_timeout ? request.step_timeout : config->step_timeout;
  plan.isolate = request.isolate || config->isolate || plan.step_timeout.has_value();
  return plan;
}

Expected<RunPlan, HostError> plan_component(const RunRequest& request) {
  auto registry = request.plugins.registry();
  const auto entry = registry.resolve(request.component);
  if (!entry) return located("--component: ", entry.error());
  auto step = step_from_flags(*entry, request.sets);
  if (!step) return unexpected(std::move(step).error());
  std::error_code ec;
  ConfigErrors errors;
  auto steps = plan_steps({std::move(*step)}, registry, "", std::filesystem::current_path(ec), errors,
                          StepSource::command_line);
  RunPlan plan{std::move(registry), std::move(steps), nullptr, false, std::nullopt, std::move(errors)};
  plan.step_timeout = request.step_timeout;
  plan.isolate = request.isolate || plan.step_timeout.has_value();
  return plan;
}

}  // namespace

Expected<RunPlan, HostError> plan_run(const RunRequest& request) {
  return request.config_file.empty() ? plan_component(request) : plan_config(request);
}

}  // namespace grk::host
