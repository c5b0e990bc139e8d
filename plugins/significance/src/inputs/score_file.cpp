#include "inputs/score_file.hpp"

#include <string>
#include <utility>

#include <grk/error.hpp>
#include <grk/json/quoted_string.hpp>
#include <grk/json/writer.hpp>

#include "inputs/input_file.hpp"

namespace grk::significance {

namespace {

Unexpected<Failure> refused(const std::string& path, const std::string& message) {
  return fail(Status::invalid_data, path + ": " + message);
}

std::string member_path(std::string path, std::string_view key) {
  path += '[';
  json::append_quoted(path, key);
  path += ']';
  return path;
}

/// `value`, found at `path`, as {query id: score}.
Expected<ScoreMap> score_map(const boost::json::value& value, const std::string& path) {
  const auto* scores = value.if_object();
  if (scores == nullptr) {
    return refused(path, "must be an object mapping query ids to scores, got " + json::write_compact(value));
  }
  ScoreMap out;
  for (const auto& member : *scores) {
    const boost::json::value& score = member.value();
    double number = 0.0;
    if (score.is_int64()) {
      number = static_cast<double>(score.get_int64());
    } else if (score.is_uint64()) {
      number = static_cast<double>(score.get_uint64());
    } else if (score.is_double()) {
      number = score.get_double();
    } else {
      return refused(member_path(path, member.key()), "must be a number, got " + json::write_compact(score));
    }
    out[std::string(member.key())] = number;
  }
  return out;
}

Expected<ScoreMap> side(const boost::json::object& top, const char* name) {
  const boost::json::value* value = top.if_contains(name);
  if (value == nullptr) return refused(name, "required key missing");
  return score_map(*value, name);
}

Expected<ScoreFile> score_pair_from_json(const boost::json::object& top) {
  GRK_TRY(ScoreMap baseline, side(top, "baseline"));
  GRK_TRY(ScoreMap candidate, side(top, "candidate"));
  for (const auto& member : top) {
    if (member.key() != "baseline" && member.key() != "candidate") {
      std::string path;
      json::append_quoted(path, member.key());
      return refused(path, "unknown key; a scores file holds only \"baseline\" and \"candidate\"");
    }
  }
  ScoreFile file;
  file.two_sided = true;
  file.systems.emplace_back("baseline", std::move(baseline));
  file.systems.emplace_back("candidate", std::move(candidate));
  return file;
}

Expected<ScoreFile> systems_from_json(const boost::json::object& top) {
  const boost::json::value& value = top.at("systems");
  const auto* systems = value.if_object();
  if (systems == nullptr) {
    return refused("systems", "must be an object mapping system names to {query id: score} objects, got " +
                                  json::write_compact(value));
  }
  if (systems->empty()) return refused("systems", "must name at least one system");
  ScoreFile out;
  for (const auto& member : *systems) {
    GRK_TRY(ScoreMap scores, score_map(member.value(), member_path("systems", member.key())));
    out.systems.emplace_back(std::string(member.key()), std::move(scores));
  }
  for (const auto& member : top) {
    if (member.key() != "systems") {
      std::string path;
      json::append_quoted(path, member.key());
      return refused(path, "unknown key; a scores file with \"systems\" holds nothing else");
    }
  }
  return out;
}

}  // namespace

Expected<ScoreFile> score_file_from_json(const boost::json::value& json) {
  const auto* top = json.if_object();
  if (top == nullptr) {
    return refused("(scores)", "must be an object with keys \"baseline\" and \"candidate\", got " +
                                   json::write_compact(json));
  }
  return top->contains("systems") ? systems_from_json(*top) : score_pair_from_json(*top);
}

Expected<ScoreFile> read_score_file(const std::filesystem::path& path) {
  GRK_TRY(const boost::json::value json, read_json_file(path, "scores file"));
  return score_file_from_json(json);
}

}  // namespace grk::significance
