// The `scores` input of paired-bootstrap: two {query id: score} maps in one
// JSON file, the `paired_bootstrap` path of docs/behaviour/paired-bootstrap.md §1.
#ifndef GRK_SIGNIFICANCE_SCORE_FILE_HPP
#define GRK_SIGNIFICANCE_SCORE_FILE_HPP

#include <boost/json/value.hpp>

#include <filesystem>

#include <grk/expected.hpp>

#include "score_pair.hpp"

namespace grk::significance {

/// `{"baseline": {qid: score, ...}, "candidate": {qid: score, ...}}`.
///
/// A score is a JSON number: an integer (converted as Python's float() does,
/// correctly rounded), a float, or NaN/Infinity/-Infinity (json.loads reads
/// them; the bootstrap then refuses the non-finite delta with the reference's
/// message). true/false, strings and null are refused: paired_bootstrap's
/// maps hold floats, and a quoted or boolean score in a scores file is a
/// mistake, not a number. A query id repeated in one map keeps its last score,
/// as json.loads does. Other top-level keys are refused.
///
/// Problems fail with invalid_data `<json path>: <message>`:
///   (scores): must be an object with keys "baseline" and "candidate", got ...
///   baseline: required key missing        extra: unknown key
///   candidate: must be an object mapping query ids to scores, got ...
///   candidate["q-1"]: must be a number, got "0.5"
Expected<ScorePair> scores_from_json(const boost::json::value& json);

/// Reads and checks a scores file (read_json_file, then scores_from_json).
Expected<ScorePair> read_score_file(const std::filesystem::path& path);

}  // namespace grk::significance

#endif
