#include "config.hpp"

#include <fstream>
#include <initializer_list>
#include <iterator>
#include <map>

#include <grk/json/reader.hpp>
#include <grk/param.hpp>

#include "sha256.hpp"
#include "text_join.hpp"

namespace grk::host {
namespace {

Unexpected<HostError> config_error(const std::filesystem::path& file, const std::string& where,
                                   const std::string& message) {
  return usage_error(file.string() + ": " + (where.empty() ? "" : where + ": ") + message);
}

Expected<void, HostError> refuse_unknown_keys(const std::filesystem::path& file,
                                              const boost::json::object& object,
                                              const std::string& where,
                                              std::initializer_list<const char*> known) {
  for (const auto& member : object) {
    bool ok = false;
    for (const char* key : known) ok = ok || member.key() == key;
    if (ok) continue;
    const std::string path = where.empty() ? std::string(member.key())
                                           : where + "." + std::string(member.key());
    return config_error(file, path, "unknown key; expected one of: " + join(known, ", "));
  }
  return {};
}

std::string got(const boost::json::value& value) {
  // "expected a non-empty string, got string" would leave the user guessing.
  if (value.is_string() && value.get_string().empty()) return "got an empty string";
  return std::string("got ") + detail::json_kind_name(value);
}

// "plugin_dirs": folders made absolute against the config's folder, each of
// which must exist.
Expected<std::vector<std::filesystem::path>, HostError> read_plugin_dirs(
    const std::filesystem::path& file, const boost::json::value& dirs,
    const std::filesystem::path& config_dir) {
  if (!dirs.is_array()) return config_error(file, "plugin_dirs", "expected an array of folder paths, " + got(dirs));
  std::vector<std::filesystem::path> out;
  std::size_t i = 0;
  for (const auto& dir : dirs.get_array()) {
    const std::string where = "plugin_dirs[" + std::to_string(i++) + "]";
    if (!dir.is_string() || dir.get_string().empty()) {
      return config_error(file, where, "expected a non-empty folder path, " + got(dir));
    }
    const std::filesystem::path path(std::string(dir.get_string()));
    const auto resolved = (path.is_absolute() ? path : config_dir / path).lexically_normal();
    std::error_code ec;
    if (!std::filesystem::is_directory(resolved, ec)) {
      return config_error(file, where, "plugin folder '" + resolved.string() + "' does not exist");
    }
    out.push_back(resolved);
  }
  return out;
}

// One element of "steps"; `ids` holds the ids of the steps before it.
Expected<StepConfig, HostError> read_step(const std::filesystem::path& file,
                                          const boost::json::value& item, std::size_t index,
                                          std::map<std::string, std::size_t>& ids) {
  const std::string where = step_path(index);
  if (!item.is_object()) return config_error(file, where, "expected a step object, " + got(item));
  const auto& step = item.get_object();
  if (auto known = refuse_unknown_keys(file, step, where, {"id", "statistic", "adapter", "params"}); !known) {
    return unexpected(std::move(known).error());
  }
  StepConfig parsed;
  parsed.index = index;

  const auto* id = step.if_contains("id");
  if (id == nullptr) return config_error(file, step_path(index, "id"), "required key is missing");
  if (!id->is_string() || id->get_string().empty()) {
    return config_error(file, step_path(index, "id"), "expected a non-empty string, " + got(*id));
  }
  parsed.id = id->get_string();
  if (const auto [it, fresh] = ids.emplace(parsed.id, index); !fresh) {
    return config_error(file, step_path(index, "id"),
                        "duplicate step id '" + parsed.id + "' (" + step_path(it->second, "id") +
                            " has it too); ids must be unique");
  }

  const auto* statistic = step.if_contains("statistic");
  const auto* adapter = step.if_contains("adapter");
  if ((statistic == nullptr) == (adapter == nullptr)) {
    return config_error(file, where,
                        "a step names exactly one component, with \"statistic\" or \"adapter\"; found " +
                            std::string(statistic ? "both" : "neither"));
  }
  const char* key = statistic ? "statistic" : "adapter";
  const auto& name = statistic ? *statistic : *adapter;
  if (!name.is_string() || name.get_string().empty()) {
    return config_error(file, step_path(index, key), "expected a component name, " + got(name));
  }
  parsed.component = name.get_string();
  parsed.kind = statistic ? GRK_KIND_STATISTIC : GRK_KIND_DATASET_ADAPTER;

  const auto* params = step.if_contains("params");
  if (params == nullptr) return config_error(file, step_path(index, "params"), "required key is missing");
  if (!params->is_object()) {
    return config_error(file, step_path(index, "params"), "expected an object, " + got(*params));
  }
  parsed.params = params->get_object();
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
  Sha256 hash;
  hash.update(text);
  config.sha256 = hash.hex_digest();

  json::ReadOptions options;
  options.allow_nan_and_infinity = false;
  const auto document = json::read(text, options);
  if (!document) {
    return config_error(file, "", "invalid JSON at line " + std::to_string(document.error().line) +
                                      ", column " + std::to_string(document.error().column) + ": " +
                                      document.error().message);
  }
  if (!document->is_object()) return config_error(file, "(top level)", "expected an object, " + got(*document));
  const auto& root = document->get_object();
  if (auto known = refuse_unknown_keys(file, root, "", {"plugin_dirs", "isolate", "step_timeout", "steps"});
      !known) {
    return unexpected(std::move(known).error());
  }

  if (const auto* dirs = root.if_contains("plugin_dirs")) {
    auto resolved = read_plugin_dirs(file, *dirs, config.dir);
    if (!resolved) return unexpected(std::move(resolved).error());
    config.plugin_dirs = std::move(*resolved);
  }

  if (const auto* isolate = root.if_contains("isolate")) {
    if (!isolate->is_bool()) return config_error(file, "isolate", "expected true or false, " + got(*isolate));
    config.isolate = isolate->get_bool();
  }
  if (const auto* timeout = root.if_contains("step_timeout")) {
    if (!timeout->is_number() || !(timeout->to_number<double>() > 0.0)) {
      return config_error(file, "step_timeout", "expected a number of seconds above 0, " + got(*timeout));
    }
    config.step_timeout = timeout->to_number<double>();
  }

  const auto* steps = root.if_contains("steps");
  if (steps == nullptr) return config_error(file, "steps", "required key is missing");
  if (!steps->is_array() || steps->get_array().empty()) {
    return config_error(file, "steps", "expected a non-empty array of steps, " +
                                           (steps->is_array() ? std::string("got an empty array") : got(*steps)));
  }
  std::map<std::string, std::size_t> ids;  // id -> index of the step that has it
  std::size_t index = 0;
  for (const auto& item : steps->get_array()) {
    auto step = read_step(file, item, index++, ids);
    if (!step) return unexpected(std::move(step).error());
    config.steps.push_back(std::move(*step));
  }
  return config;
}

}  // namespace grk::host
