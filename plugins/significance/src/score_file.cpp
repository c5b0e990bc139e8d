#include "score_file.hpp"

#include <string>
#include <utility>

#include <grk/error.hpp>
#include <grk/json/quoted_string.hpp>
#include <grk/json/writer.hpp>

#include "input_file.hpp"

namespace grk::significance {

namespace {

Unexpected<Failure> refused(const std::string& path, const std::string& message) {
  return fail(Status::invalid_data, path + ": " + message);
}

Expected<ScoreMap> score_map(const boost::json::object& top, const char* side) {
  const boost::json::value* value = top.if_contains(side);
  if (value == nullptr) return refused(side, "required key missing");
  const auto* scores = value->if_object();
  if (scores == nullptr) {
    return refused(side, "must be an object mapping query ids to scores, got " + json::write_compact(*value));
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
      std::string path = side;
      path += '[';
      json::append_quoted(path, member.key());
      path += ']';
      return refused(path, "must be a number, got " + json::write_compact(score));
    }
    out[std::string(member.key())] = number;
  }
  return out;
}

}  // namespace

Expected<ScorePair> scores_from_json(const boost::json::value& json) {
  const auto* top = json.if_object();
  if (top == nullptr) {
    return refused("(scores)", "must be an object with keys \"baseline\" and \"candidate\", got " +
                                   json::write_compact(json));
  }
  auto baseline = score_map(*top, "baseline");
  if (!baseline) return unexpected(std::move(baseline).error());
  auto candidate = score_map(*top, "candidate");
  if (!candidate) return unexpected(std::move(candidate).error());
  for (const auto& member : *top) {
    if (member.key() != "baseline" && member.key() != "candidate") {
      std::string path;
      json::append_quoted(path, member.key());
      return refused(path, "unknown key; a scores file holds only \"baseline\" and \"candidate\"");
    }
  }
  return ScorePair{std::move(*baseline), std::move(*candidate)};
}

Expected<ScorePair> read_score_file(const std::filesystem::path& path) {
  auto json = read_json_file(path, "scores file");
  if (!json) return unexpected(std::move(json).error());
  return scores_from_json(*json);
}

}  // namespace grk::significance
