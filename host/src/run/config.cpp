#include "run/config.hpp"

#include <fstream>
#include <initializer_list>
#include <iterator>
#include <map>

#include <grk/json/reader.hpp>
#include <grk/detail/json_kind.hpp>
#include <grk/param.hpp>
#include <grk/param_checks.hpp>

#include "run/input_digests.hpp"
#include "support/join.hpp"
#include "support/plugin_text.hpp"

namespace grk::host {
namespace {

Unexpected<HostError> config_error(const std::filesystem::path& file, const std::string& where,
                                   const std::string& message) {
  // A config's keys and strings are as untrusted as plugin text (§4.16): one line, no escape sequence.
  return usage_error(printable(file.string() + ": " + (where.empty() ? "" : where + ": ") + message));
}

// Each key of `object` that is not `known`, as a mistake.
std::vector<HostError> unknown_keys(const std::filesystem::path& file, const boost::json::object& object,
                                    const std::string& where, std::initializer_list<const char*> known) {
  std::vector<HostError> out;
  for (const auto& member : object) {
    bool ok = false;
    for (const char* key : known) ok = ok || member.key() == key;
    if (ok) continue;
    const std::string path = where.empty() ? std::string(member.key())
                                           : where + "." + std::string(member.key());
    out.push_back(config_error(file, path, "unknown key; expected one of: " + join(known, ", ")).error);
  }
  return out;
}

std::string got(const boost::json::value& value) {
  // "expected a non-empty string, got string" would leave the user guessing.
  if (value.is_string() && value.get_string().empty()) return "got an empty string";
  return std::string("got ") + detail::json_kind_name(value);
}

// "plugin_dirs": folders made absolute against the config's folder, each of
// which must exist. The folders without a mistake are kept.
std::vector<std::filesystem::path> read_plugin_dirs(const std::filesystem::path& file, const boost::json::value& dirs,
                                                    const std::filesystem::path& config_dir,
                                                    std::vector<HostError>& mistakes) {
  std::vector<std::filesystem::path> out;
  if (!dirs.is_array()) {
    mistakes.push_back(config_error(file, "plugin_dirs", "expected an array of folder paths, " + got(dirs)).error);
    return out;
  }
  std::size_t i = 0;
  for (const auto& dir : dirs.get_array()) {
    const std::string where = "plugin_dirs[" + std::to_string(i++) + "]";
    if (!dir.is_string() || dir.get_string().empty()) {
      mistakes.push_back(config_error(file, where, "expected a non-empty folder path, " + got(dir)).error);
      continue;
    }
    if (auto nul = path_nul_issue(dir.get_string())) {
      mistakes.push_back(config_error(file, where, *nul).error);
      continue;
    }
    const std::filesystem::path path(std::string(dir.get_string()));
    const auto resolved = (path.is_absolute() ? path : config_dir / path).lexically_normal();
    std::error_code ec;
    if (!std::filesystem::is_directory(resolved, ec)) {
      mistakes.push_back(
          config_error(file, where, "plugin folder '" + resolved.string() + "' does not exist").error);
      continue;
    }
    out.push_back(resolved);
  }
  return out;
}

// One element of "steps"; `ids` holds the ids of the steps before it. Every
// mistake of the step goes to `mistakes`; the step is usable only without one.
StepConfig read_step(const std::filesystem::path& file, const boost::json::value& item, std::size_t index,
                     std::map<std::string, std::size_t>& ids, std::vector<HostError>& mistakes) {
  const std::string where = step_path(index);
  StepConfig parsed;
  parsed.index = index;
  if (!item.is_object()) {
    mistakes.push_back(config_error(file, where, "expected a step object, " + got(item)).error);
    return parsed;
  }
  const auto& step = item.get_object();
  for (auto& mistake : unknown_keys(file, step, where, {"id", "statistic", "adapter", "params"})) {
    mistakes.push_back(std::move(mistake));
  }

  const auto* id = step.if_contains("id");
  if (id == nullptr) {
    mistakes.push_back(config_error(file, step_path(index, "id"), "required key is missing").error);
  } else if (!id->is_string() || id->get_string().empty()) {
    mistakes.push_back(config_error(file, step_path(index, "id"), "expected a non-empty string, " + got(*id)).error);
  } else {
    parsed.id = id->get_string();
    if (const auto [it, fresh] = ids.emplace(parsed.id, index); !fresh) {
      mistakes.push_back(config_error(file, step_path(index, "id"),
                                      "duplicate step id '" + parsed.id + "' (" + step_path(it->second, "id") +
                                          " has it too); ids must be unique")
                             .error);
    }
  }

  const auto* statistic = step.if_contains("statistic");
  const auto* adapter = step.if_contains("adapter");
  if ((statistic == nullptr) == (adapter == nullptr)) {
    mistakes.push_back(config_error(file, where,
                                    "a step names exactly one component, with \"statistic\" or \"adapter\"; found " +
                                        std::string(statistic ? "both" : "neither"))
                           .error);
  } else {
    const char* key = statistic ? "statistic" : "adapter";
    const auto& name = statistic ? *statistic : *adapter;
    if (!name.is_string() || name.get_string().empty()) {
      mistakes.push_back(config_error(file, step_path(index, key), "expected a component name, " + got(name)).error);
    } else {
      parsed.component = name.get_string();
      parsed.kind = statistic ? GRK_KIND_STATISTIC : GRK_KIND_DATASET_ADAPTER;
    }
  }

  const auto* params = step.if_contains("params");
  if (params == nullptr) {
    mistakes.push_back(config_error(file, step_path(index, "params"), "required key is missing").error);
  } else if (!params->is_object()) {
    mistakes.push_back(config_error(file, step_path(index, "params"), "expected an object, " + got(*params)).error);
  } else {
    parsed.params = params->get_object();
  }
  return parsed;
}

}  // namespace

std::string step_path(std::size_t index, std::string_view member) {
  std::string out = "steps[" + std::to_string(index) + "]";
  if (!member.empty()) out += "." + std::string(member);
  return out;
}

Expected<RunConfig, HostError> load_config(const std::filesystem::path& file) {
  std::error_code folder_ec;
  if (std::filesystem::is_directory(file, folder_ec)) {
    // An ifstream opens a folder and reads nothing: "invalid JSON at line 1" would mislead.
    return usage_error(file.string() + ": is a folder; give the config file (a .json file) itself");
  }
  std::ifstream in(file, std::ios::binary);
  if (!in) {
    std::error_code ec;
    const bool exists = std::filesystem::exists(file, ec);
    return usage_error(file.string() + ": " +
                       (exists ? "cannot read the config file" : "no such config file"));
  }
  // Read by blocks and stopped one block past the limit, so a huge file (or
  // an endless one, like /dev/zero) costs no memory (docs/design.md §8.8).
  std::string text;
  char block[1 << 16];
  while (text.size() <= max_config_bytes && in.read(block, sizeof block).gcount() > 0) {
    text.append(block, static_cast<std::size_t>(in.gcount()));
  }
  if (text.size() > max_config_bytes) {
    return usage_error(file.string() + ": the config file is larger than 16 MiB (" +
                       std::to_string(max_config_bytes) + " bytes); a config names steps and their parameters, "
                       "and data belongs in the files they name");
  }
  return parse_config(text, file);
}

Expected<RunConfig, HostError> parse_config(std::string_view text, const std::filesystem::path& file) {
  RunConfig config;
  config.file = file;
  std::error_code ec;
  config.dir = std::filesystem::absolute(file, ec).parent_path().lexically_normal();
  config.sha256 = sha256_of_text(text);

  json::ReadOptions options;
  options.allow_nan_and_infinity = false;
  const auto document = json::read(text, options);
  if (!document) {
    return config_error(file, "", invalid_json(document.error()));
  }
  if (!document->is_object()) return config_error(file, "(top level)", "expected an object, " + got(*document));
  // What the results document records must be UTF-8 (docs/design.md §4.16).
  if (const auto where = first_non_utf8(*document)) {
    return config_error(file, *where, "a string or key that is not valid UTF-8 (or a lone surrogate); a results "
                                      "document must be UTF-8");
  }
  const auto& root = document->get_object();

  // Each top-level key in file order, so that the report lists its mistakes
  // in that order (docs/design.md §4.14).
  std::size_t key_position = 0;
  bool has_steps = false;
  for (const auto& member : root) {
    const ErrorPlace place{key_position++, 0};
    std::vector<HostError> mistakes;
    const std::string_view key = member.key();
    const boost::json::value& value = member.value();
    if (key == "plugin_dirs") {
      config.plugin_dirs = read_plugin_dirs(file, value, config.dir, mistakes);
    } else if (key == "isolate") {
      if (value.is_bool()) {
        config.isolate = value.get_bool();
      } else {
        mistakes.push_back(config_error(file, "isolate", "expected true or false, " + got(value)).error);
      }
    } else if (key == "step_timeout") {
      if (value.is_number() && value.to_number<double>() > 0.0) {
        config.step_timeout = value.to_number<double>();
      } else {
        mistakes.push_back(
            config_error(file, "step_timeout", "expected a number of seconds above 0, " + got(value)).error);
      }
    } else if (key == "steps") {
      has_steps = true;
      if (!value.is_array() || value.get_array().empty()) {
        mistakes.push_back(config_error(file, "steps", "expected a non-empty array of steps, " +
                                                           (value.is_array() ? std::string("got an empty array")
                                                                             : got(value)))
                               .error);
      } else {
        std::map<std::string, std::size_t> ids;  // id -> index of the step that has it
        std::size_t index = 0;
        for (const auto& item : value.get_array()) {
          std::vector<HostError> step_mistakes;
          StepConfig step = read_step(file, item, index, ids, step_mistakes);
          step.place = ErrorPlace{place.key, index + 1};
          for (auto& mistake : step_mistakes) config.errors.add(step.place, std::move(mistake));
          if (step_mistakes.empty()) config.steps.push_back(std::move(step));
          ++index;
        }
      }
    } else {
      mistakes.push_back(config_error(file, std::string(key),
                                      "unknown key; expected one of: plugin_dirs, isolate, step_timeout, steps")
                             .error);
    }
    for (auto& mistake : mistakes) config.errors.add(place, std::move(mistake));
  }
  if (!has_steps) {
    config.errors.add(ErrorPlace{key_position, 0}, config_error(file, "steps", "required key is missing"));
  }
  return config;
}

}  // namespace grk::host
