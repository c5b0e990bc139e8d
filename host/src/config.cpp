#include "config.hpp"

#include <fstream>
#include <iterator>
#include <map>
#include <sstream>

#include <grk/json/reader.hpp>
#include <grk/param.hpp>

#include "sha256.hpp"

namespace grk::host {
namespace {

[[noreturn]] void fail(const std::filesystem::path& file, const std::string& where,
                       const std::string& message) {
  throw ConfigError(file.string() + ": " + (where.empty() ? "" : where + ": ") + message);
}

void refuse_unknown_keys(const std::filesystem::path& file, const boost::json::object& object,
                         const std::string& where, std::initializer_list<const char*> known) {
  for (const auto& member : object) {
    bool ok = false;
    for (const char* key : known) ok = ok || member.key() == key;
    if (ok) continue;
    std::string expected;
    for (const char* key : known) expected += (expected.empty() ? "" : ", ") + std::string(key);
    const std::string path = where.empty() ? std::string(member.key())
                                           : where + "." + std::string(member.key());
    fail(file, path, "unknown key; expected one of: " + expected);
  }
}

std::string got(const boost::json::value& value) {
  // "expected a non-empty string, got string" would leave the user guessing.
  if (value.is_string() && value.get_string().empty()) return "got an empty string";
  return std::string("got ") + detail::json_kind_name(value);
}

}  // namespace

std::string step_path(std::size_t index, std::string_view member) {
  std::string out = "steps[" + std::to_string(index) + "]";
  if (!member.empty()) out += "." + std::string(member);
  return out;
}

RunConfig load_config(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) {
    std::error_code ec;
    const bool exists = std::filesystem::exists(file, ec);
    throw ConfigError(file.string() + ": " +
                      (exists ? "cannot read the config file" : "no such config file"));
  }
  std::ostringstream text;
  text << in.rdbuf();
  return parse_config(text.str(), file);
}

RunConfig parse_config(std::string_view text, const std::filesystem::path& file) {
  RunConfig config;
  config.file = file;
  std::error_code ec;
  config.dir = std::filesystem::absolute(file, ec).parent_path().lexically_normal();
  Sha256 hash;
  hash.update(text);
  config.sha256 = hash.hex_digest();

  json::ReadOptions options;
  options.allow_nan_and_infinity = false;
  auto document = json::read(text, options);
  if (!document) {
    fail(file, "", "invalid JSON at line " + std::to_string(document.error().line) + ", column " +
                       std::to_string(document.error().column) + ": " + document.error().message);
  }
  if (!document->is_object()) fail(file, "(top level)", "expected an object, " + got(*document));
  const auto& root = document->get_object();
  refuse_unknown_keys(file, root, "", {"plugin_dirs", "steps"});

  if (const auto* dirs = root.if_contains("plugin_dirs")) {
    if (!dirs->is_array()) fail(file, "plugin_dirs", "expected an array of folder paths, " + got(*dirs));
    std::size_t i = 0;
    for (const auto& dir : dirs->get_array()) {
      const std::string where = "plugin_dirs[" + std::to_string(i++) + "]";
      if (!dir.is_string() || dir.get_string().empty()) {
        fail(file, where, "expected a non-empty folder path, " + got(dir));
      }
      const std::filesystem::path path(std::string(dir.get_string()));
      const auto resolved = (path.is_absolute() ? path : config.dir / path).lexically_normal();
      if (!std::filesystem::is_directory(resolved, ec)) {
        fail(file, where, "plugin folder '" + resolved.string() + "' does not exist");
      }
      config.plugin_dirs.push_back(resolved);
    }
  }

  const auto* steps = root.if_contains("steps");
  if (steps == nullptr) fail(file, "steps", "required key is missing");
  if (!steps->is_array() || steps->get_array().empty()) {
    fail(file, "steps", "expected a non-empty array of steps, " +
                            (steps->is_array() ? std::string("got an empty array") : got(*steps)));
  }
  std::map<std::string, std::size_t> ids;  // id -> index of the step that has it
  std::size_t index = 0;
  for (const auto& item : steps->get_array()) {
    const std::string where = step_path(index);
    if (!item.is_object()) fail(file, where, "expected a step object, " + got(item));
    const auto& step = item.get_object();
    refuse_unknown_keys(file, step, where, {"id", "statistic", "adapter", "params"});
    StepConfig parsed;
    parsed.index = index;

    const auto* id = step.if_contains("id");
    if (id == nullptr) fail(file, step_path(index, "id"), "required key is missing");
    if (!id->is_string() || id->get_string().empty()) {
      fail(file, step_path(index, "id"), "expected a non-empty string, " + got(*id));
    }
    parsed.id = id->get_string();
    if (const auto [it, fresh] = ids.emplace(parsed.id, index); !fresh) {
      fail(file, step_path(index, "id"),
           "duplicate step id '" + parsed.id + "' (" + step_path(it->second, "id") +
               " has it too); ids must be unique");
    }

    const auto* statistic = step.if_contains("statistic");
    const auto* adapter = step.if_contains("adapter");
    if ((statistic == nullptr) == (adapter == nullptr)) {
      fail(file, where,
           "a step names exactly one component, with \"statistic\" or \"adapter\"; found " +
               std::string(statistic ? "both" : "neither"));
    }
    const char* key = statistic ? "statistic" : "adapter";
    const auto& name = statistic ? *statistic : *adapter;
    if (!name.is_string() || name.get_string().empty()) {
      fail(file, step_path(index, key), "expected a component name, " + got(name));
    }
    parsed.component = name.get_string();
    parsed.kind = statistic ? GRK_KIND_STATISTIC : GRK_KIND_DATASET_ADAPTER;

    const auto* params = step.if_contains("params");
    if (params == nullptr) fail(file, step_path(index, "params"), "required key is missing");
    if (!params->is_object()) fail(file, step_path(index, "params"), "expected an object, " + got(*params));
    parsed.params = params->get_object();
    config.steps.push_back(std::move(parsed));
    ++index;
  }
  return config;
}

}  // namespace grk::host
