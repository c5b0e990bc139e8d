#include "score_file.hpp"

#include <string>

#include <grk/error.hpp>
#include <grk/json/quoted_string.hpp>
#include <grk/json/writer.hpp>
#include "input_file.hpp"

namespace grk::significance {

namespace {

[[noreturn]] void refuse(const std::string& path, const std::string& message) {
  throw Error(Status::invalid_data, path + ": " + message);
}

ScoreMap score_map(const boost::json::object& top, const char* side) {
  const boost::json::value* value = top.if_contains(side);
  if (value == nullptr) refuse(side, "required key missing");
  const auto* scores = value->if_object();
  if (scores == nullptr) {
    refuse(side, "must be an object mapping query ids to scores, got " + json::write_compact(*value));
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
      refuse(path, "must be a number, got " + json::write_compact(score));
    }
    out[std::string(member.key())] = number;
  }
  return out;
}

}  // namespace

ScorePair scores_from_json(const boost::json::value& json) {
  const auto* top = json.if_object();
  if (top == nullptr) {
    refuse("(scores)", "must be an object with keys \"baseline\" and \"candidate\", got " +
                           json::write_compact(json));
  }
  ScorePair pair;
  pair.baseline = score_map(*top, "baseline");
  pair.candidate = score_map(*top, "candidate");
  for (const auto& member : *top) {
    if (member.key() != "baseline" && member.key() != "candidate") {
      std::string path;
      json::append_quoted(path, member.key());
      refuse(path, "unknown key; a scores file holds only \"baseline\" and \"candidate\"");
    }
  }
  return pair;
}

ScorePair read_score_file(const std::filesystem::path& path) {
  return scores_from_json(read_json_file(path, "scores file"));
}

}  // namespace grk::significance
