// The `scores` input of the comparisons: two {query id: score} maps in one
// JSON file (the `paired_bootstrap` path of docs/behaviour/paired-bootstrap.md
// §1), or the same maps for any number of named systems.
#ifndef GRK_SIGNIFICANCE_INPUTS_SCORE_FILE_HPP
#define GRK_SIGNIFICANCE_INPUTS_SCORE_FILE_HPP

#include <boost/json/value.hpp>

#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include <grk/expected.hpp>

#include "inputs/score_pair.hpp"

namespace grk::significance {

/// Named systems' scores on one metric, in the file's order.
using SystemScoreMaps = std::vector<std::pair<std::string, ScoreMap>>;

/// A scores file in either of its forms.
struct ScoreFile {
  /// The two-sided form holds `baseline` then `candidate`, whatever the
  /// comparison calls them (groundkit's labels are free).
  bool two_sided = false;
  SystemScoreMaps systems;
};

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
Expected<ScoreFile> score_file_from_json(const boost::json::value& json);

/// Reads and checks a scores file (read_json_file, then score_file_from_json).
Expected<ScoreFile> read_score_file(const std::filesystem::path& path);

/// Whether `file` is the many-systems form, whose metric is a free name
/// (docs/behaviour/comparisons.md §2.1); a file that did not read is not.
[[nodiscard]] inline bool holds_named_systems(const Expected<ScoreFile>& file) noexcept {
  return file && !file->two_sided;
}

}  // namespace grk::significance

#endif
