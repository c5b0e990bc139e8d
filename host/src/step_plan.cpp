#include "step_plan.hpp"

#include <grk/param.hpp>

namespace grk::host {
namespace {

const char* config_key(std::int32_t kind) {
  return kind == GRK_KIND_STATISTIC ? "statistic" : "adapter";
}

// The usable components of `kind` (0: of every kind), by name.
std::string available(const PluginRegistry& registry, std::int32_t kind) {
  std::string names;
  for (const auto& entry : registry.components()) {
    if (kind == 0 || entry.component->kind == kind) {
      names += (names.empty() ? "" : ", ") + entry.component->name;
    }
  }
  return names.empty() ? "none" : names;
}

std::string failed_modules_hint(const PluginRegistry& registry) {
  std::size_t failed = 0;
  for (const auto& module : registry.modules()) failed += module.status != ModuleStatus::ok;
  if (failed == 0) return {};
  return " (" + std::to_string(failed) + " plugin module" + (failed == 1 ? "" : "s") +
         " could not be used; `grk-eval plugins` says why)";
}

}  // namespace

std::vector<PlannedStep> plan_steps(const std::vector<StepConfig>& steps,
                                    const PluginRegistry& registry, const std::string& where,
                                    const std::filesystem::path& base_dir, StepSource source) {
  const bool flags = source == StepSource::command_line;
  std::vector<PlannedStep> plan;
  for (const auto& step : steps) {
    const std::string key_path = flags ? "--component" : step_path(step.index, config_key(step.kind));
    const auto prefix = [&](const std::string& path) {
      return (where.empty() ? "" : where + ": ") + path + ": ";
    };

    const auto duplicates = registry.duplicates_of(step.component);
    if (!duplicates.empty()) {
      std::string files;
      for (const auto* module : duplicates) files += (files.empty() ? "" : ", ") + module->file.string();
      throw PlanError(exit_plugin, prefix(key_path) + "component '" + step.component +
                                       "' is provided by more than one module (" + files +
                                       "); remove all but one");
    }
    const auto entry = registry.find(step.component);
    if (!entry) {
      // --component takes either kind, so name and list both.
      throw PlanError(exit_usage, prefix(key_path) + "no " +
                                      (flags ? "component" : kind_name(step.kind)) + " named '" +
                                      step.component + "' is available; available: " +
                                      available(registry, flags ? 0 : step.kind) +
                                      failed_modules_hint(registry));
    }
    if (entry->component->kind != step.kind && !flags) {
      throw PlanError(exit_usage,
                      prefix(key_path) + "'" + step.component + "' is a " +
                          kind_name(entry->component->kind) + ", not a " + kind_name(step.kind) +
                          "; name it with \"" + config_key(entry->component->kind) + "\"");
    }

    auto checked = validate_params(entry->component->params, step.params);
    if (!checked) {
      const ParamIssue& issue = checked.error();
      throw PlanError(exit_usage,
                      prefix(flags ? "--set " + issue.name
                                   : step_path(step.index, "params." + issue.name)) +
                          issue.message);
    }
    boost::json::object resolved = std::move(*checked);
    for (const auto& spec : entry->component->params) {
      if (spec.type != ParamType::path) continue;
      auto* value = resolved.if_contains(spec.name);
      if (value == nullptr || !value->is_string()) continue;
      const std::filesystem::path path(std::string(value->get_string()));
      if (!path.is_absolute()) *value = (base_dir / path).lexically_normal().string();
    }
    plan.push_back(PlannedStep{step.id, *entry, std::move(resolved)});
  }
  return plan;
}

}  // namespace grk::host
