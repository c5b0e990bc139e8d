#include "run/step_plan.hpp"

#include <grk/param.hpp>

namespace grk::host {

std::vector<PlannedStep> plan_steps(const std::vector<StepConfig>& steps, const PluginRegistry& registry,
                                    const std::string& where, const std::filesystem::path& base_dir,
                                    ConfigErrors& errors, StepSource source) {
  const bool flags = source == StepSource::command_line;
  std::vector<PlannedStep> plan;
  for (const auto& step : steps) {
    const auto prefix = [&](const std::string& path) {
      return (where.empty() ? "" : where + ": ") + path + ": ";
    };

    // --component takes either kind, so name and list both.
    const auto entry = registry.resolve(step.component, flags ? any_kind : step.kind);
    if (!entry) {
      errors.add(step.place, located(prefix(flags ? "--component" : step_path(step.index, config_key(step.kind))),
                                     entry.error()));
      continue;
    }

    const auto issues = param_issues(entry->component->params, step.params);
    for (const ParamIssue& issue : issues) {
      errors.add(step.place, usage_error(prefix(flags ? "--set " + issue.name
                                                      : step_path(step.index, "params." + issue.name)) +
                                         issue.message));
    }
    if (!issues.empty()) continue;
    boost::json::object resolved = std::move(validate_params(entry->component->params, step.params).value());
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
    const std::string location =
        flags ? "--component " + step.component : (where.empty() ? "" : where + ": ") + step_path(step.index);
    plan.push_back(PlannedStep{step.id, *entry, std::move(resolved), location, step.place});
  }
  return plan;
}

}  // namespace grk::host
