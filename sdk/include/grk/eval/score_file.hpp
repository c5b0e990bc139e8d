// grk/eval/score_file.hpp: a scores file, the `scores` input of the shipped
// comparisons: two {query id: score} maps in one JSON file (the
// `paired_bootstrap` path of docs/behaviour/paired-bootstrap.md §1), or the
// same maps for any number of named systems.
#ifndef GRK_EVAL_SCORE_FILE_HPP
#define GRK_EVAL_SCORE_FILE_HPP

#include <boost/json/value.hpp>

#include <filesystem>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <grk/error.hpp>
#include <grk/eval/input_file.hpp>
#include <grk/eval/score_map.hpp>
#include <grk/expected.hpp>
#include <grk/json/quoted_string.hpp>
#include <grk/json/writer.hpp>

namespace grk::eval {

/// Named systems' scores on one metric, in the file's order.
using SystemScoreMaps = std::vector<std::pair<std::string, ScoreMap>>;

/// A scores file in either of its forms.
struct ScoreFile {
  /// The two-sided form holds `baseline` then `candidate`, whatever the
  /// comparison calls them (groundkit's labels are free).
  bool two_sided = false;
  SystemScoreMaps systems;
};

namespace detail {

inline Unexpected<Failure> refused(const std::string& path, const std::string& message) {
  return fail(Status::invalid_data, path + ": " + message);
}

inline std::string member_path(std::string path, std::string_view key) {
  path += '[';
  json::append_quoted(path, key);
  path += ']';
  return path;
}

/// `value`, found at `path`, as {query id: score}.
inline Expected<ScoreMap> score_map(const boost::json::value& value, const std::string& path) {
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

inline Expected<ScoreMap> side(const boost::json::object& top, const char* name) {
  const boost::json::value* value = top.if_contains(name);
  if (value == nullptr) return refused(name, "required key missing");
  return score_map(*value, name);
}

inline Expected<ScoreFile> score_pair_from_json(const boost::json::object& top) {
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

inline Expected<ScoreFile> systems_from_json(const boost::json::object& top) {
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

}  // namespace detail

/// `{"baseline": {qid: score, ...}, "candidate": {qid: score, ...}}` (the two
/// sides of paired_bootstrap), or `{"systems": {name: {qid: score, ...}, ...}}`
/// (any number of systems, at least one): a top-level object with the key
/// "systems" is the second form.
///
/// A score is a JSON number: an integer (converted as Python's float() does,
/// correctly rounded), a float, or NaN/Infinity/-Infinity (json.loads reads
/// them; the bootstrap then refuses the non-finite delta with the reference's
/// message). true/false, strings and null are refused: paired_bootstrap's
/// maps hold floats, and a quoted or boolean score in a scores file is a
/// mistake, not a number. A query id repeated in one map keeps its last score,
/// as json.loads does (a repeated system name too). Other top-level keys are
/// refused.
///
/// Problems fail with invalid_data `<json path>: <message>`:
///   (scores): must be an object with keys "baseline" and "candidate", got ...
///   baseline: required key missing        extra: unknown key
///   candidate: must be an object mapping query ids to scores, got ...
///   candidate["q-1"]: must be a number, got "0.5"
///   systems: must be an object mapping system names to {query id: score} objects, got ...
///   systems: must name at least one system
///   systems["bm25"]["q-1"]: must be a number, got "0.5"
///   "extra": unknown key; a scores file with "systems" holds nothing else
inline Expected<ScoreFile> score_file_from_json(const boost::json::value& json) {
  const auto* top = json.if_object();
  if (top == nullptr) {
    return detail::refused("(scores)", "must be an object with keys \"baseline\" and \"candidate\", got " +
                                           json::write_compact(json));
  }
  return top->contains("systems") ? detail::systems_from_json(*top) : detail::score_pair_from_json(*top);
}

/// Reads and checks a scores file (read_json_file, then score_file_from_json).
inline Expected<ScoreFile> read_score_file(const std::filesystem::path& path) {
  GRK_TRY(const boost::json::value json, read_json_file(path, "scores file"));
  return score_file_from_json(json);
}

/// Whether `json` is the many-systems form (an object with `systems`, as
/// score_file_from_json decides), whose metric is a free name
/// (docs/behaviour/comparisons.md §2.1), valid or not: a malformed one is
/// then refused for what is wrong in it, not for its metric.
[[nodiscard]] inline bool holds_named_systems(const boost::json::value& json) noexcept {
  const boost::json::object* top = json.if_object();
  return top != nullptr && top->contains("systems");
}

/// holds_named_systems on the scores file at `path`; a file that does not
/// read as JSON is not.
[[nodiscard]] inline bool holds_named_systems(const std::filesystem::path& path) {
  const auto json = read_json_file(path, "scores file");
  return json && holds_named_systems(*json);
}

}  // namespace grk::eval

#endif
