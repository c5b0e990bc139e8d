#include "run/plan.hpp"

#include <algorithm>
#include <filesystem>

#include <grk/param.hpp>
#include <grk/param_checks.hpp>

#include "run/named_paths.hpp"
#include "run/set_value.hpp"

namespace grk::host {
namespace {

Expected<RunPlan, HostError> plan_config(const RunRequest& request) {
  GRK_TRY(auto config, load_config(request.config_file));
  auto registry = request.plugins.registry(config.plugin_dirs);
  ConfigErrors errors = config.errors;
  auto steps = plan_steps(config.steps, registry, config.file.string(), config.dir, errors);
  std::error_code ec;
  boost::json::value provenance = {
      {"path", std::filesystem::absolute(config.file, ec).lexically_normal().string()},
      {"sha256", config.sha256}};
  RunPlan plan{std::move(registry), std::move(steps), std::move(provenance), false, std::nullopt, std::move(errors)};
  plan.step_timeout = request.step_timeout ? request.step_timeout : config.step_timeout;
  plan.isolate = request.isolate || config.isolate || plan.step_timeout.has_value();
  return plan;
}

Expected<RunPlan, HostError> plan_component(const RunRequest& request) {
  auto registry = request.plugins.registry();
  const auto entry = registry.resolve(request.component);
  if (!entry) return located("--component: ", entry.error());
  ConfigErrors errors;
  auto step = step_from_flags(*entry, request.sets, errors);
  std::error_code ec;
  auto steps = plan_steps({std::move(step)}, registry, "", std::filesystem::current_path(ec), errors,
                          StepSource::command_line);
  RunPlan plan{std::move(registry), std::move(steps), nullptr, false, std::nullopt, std::move(errors)};
  plan.step_timeout = request.step_timeout;
  plan.isolate = request.isolate || plan.step_timeout.has_value();
  return plan;
}

}  // namespace

std::vector<PlannedStep> plan_steps(const std::vector<StepConfig>& steps, const PluginRegistry& registry,
                                    const std::string& where, const std::filesystem::path& base_dir,
                                    ConfigErrors& errors, StepSource source) {
  const bool flags = source == StepSource::command_line;
  const bool verb = source == StepSource::verb;
  std::vector<PlannedStep> plan;
  for (const auto& step : steps) {
    const auto prefix = [&](const std::string& path) {
      return (where.empty() ? "" : where + ": ") + path + ": ";
    };
    // Where a param's mistake is said to be, as its source names it.
    const auto param_place = [&](const std::string& name) {
      return prefix(flags ? "--set " + name : verb ? step.id + ": " + name : step_path(step.index, "params." + name));
    };

    // --component takes either kind, so name and list both.
    const auto entry = registry.resolve(step.component, flags ? any_kind : step.kind);
    if (!entry) {
      errors.add(step.place, located(prefix(flags ? "--component" : step_path(step.index, config_key(step.kind))),
                                     entry.error()));
      continue;
    }

    // A `paths` param given as text (`bm25.run,dense.run`) is the object it names.
    boost::json::object params = step.params;
    bool unnamed = false;
    for (const auto& spec : entry->component->params) {
      auto* value = params.if_contains(spec.name);
      if (spec.type != ParamType::paths || value == nullptr || !value->is_string()) continue;
      auto named = named_paths_of_text(std::string(value->get_string()));
      if (!named) {
        errors.add(step.place, located(param_place(spec.name), named.error()));
        unnamed = true;
        continue;
      }
      *value = std::move(*named);
    }
    if (unnamed) continue;
    const auto issues = param_issues(entry->component->params, params);
    // A --set that could not be read was reported as such; it is not missing too.
    const auto reported = [&step](const std::string& name) {
      return std::find(step.reported_params.begin(), step.reported_params.end(), name) != step.reported_params.end();
    };
    for (const ParamIssue& issue : issues) {
      if (!reported(issue.name)) errors.add(step.place, usage_error(param_place(issue.name) + issue.message));
    }
    // A step with a bad param cannot run, but one mistake must not hide the
    // others (docs/design.md §4.14): with the bad params at their defaults,
    // its files and its pre-run check are still checked. Nothing runs, since
    // the mistake is in `errors` already. (A --set that could not be read
    // left no value to drop.)
    if (!issues.empty() || !step.reported_params.empty()) {
      for (const ParamIssue& issue : issues) params.erase(issue.name);
      if (!param_issues(entry->component->params, params).empty()) continue;
    }
    boost::json::object resolved = std::move(validate_params(entry->component->params, params).value());
    const auto resolve = [&base_dir](boost::json::value& value) {
      const std::filesystem::path path(std::string(value.get_string()));
      if (!path.is_absolute()) value = (base_dir / path).lexically_normal().string();
    };
    for (const auto& spec : entry->component->params) {
      auto* value = resolved.if_contains(spec.name);
      if (value == nullptr) continue;
      if (spec.type == ParamType::path) resolve(*value);
      if (spec.type == ParamType::paths) {
        for (auto& member : value->get_object()) resolve(member.value());
      }
    }
    const std::string location = flags  ? "--component " + step.component
                                 : verb ? step.id
                                        : (where.empty() ? "" : where + ": ") + step_path(step.index);
    plan.push_back(PlannedStep{step.id, *entry, std::move(resolved), location, step.place, source});
  }
  return plan;
}

std::string PlannedStep::param_location(const std::string& name, const std::string* key) const {
  if (source == StepSource::verb) return location + ": " + name + (key != nullptr ? " '" + *key + "'" : std::string());
  if (source == StepSource::command_line) {
    return "--set " + name + (key != nullptr ? " (member '" + *key + "')" : std::string());
  }
  return location + ".params." + name + (key != nullptr ? "." + *key : std::string());
}

Expected<RunPlan, HostError> plan_run(const RunRequest& request) {
  return request.config_file.empty() ? plan_component(request) : plan_config(request);
}

}  // namespace grk::host
