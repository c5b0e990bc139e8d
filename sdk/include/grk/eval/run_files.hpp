// grk/eval/run_files.hpp: per-query evaluation files, what trec_eval -q and
// ir_measures write for one run, read into {measure: {query id: score}}: the
// `runs` input of the shipped comparison components.
#ifndef GRK_EVAL_RUN_FILES_HPP
#define GRK_EVAL_RUN_FILES_HPP

#include <charconv>
#include <cmath>
#include <cstddef>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <string>
#include <string_view>
#include <system_error>
#include <utility>

#include <grk/error.hpp>
#include <grk/eval/choices.hpp>
#include <grk/eval/input_file.hpp>
#include <grk/eval/score_map.hpp>
#include <grk/expected.hpp>
#include <grk/python/text.hpp>

namespace grk::eval {

/// The layout of a per-query evaluation file (`runs_format`).
///
/// - trec_eval: `trec_eval -q` output as trec_eval 9.x and 10.x write it,
///   with or without -m: `measure<TAB>query id<TAB>value`, the measure padded
///   with spaces (trimmed here). Summary rows (query id `all`) and the
///   string-valued rows `runid` and `relstring` are skipped; integer
///   measures (`num_ret`, `num_rel`, ...) read as numbers.
/// - ir_measures: `query id<TAB>measure<TAB>value`, as `ir_measures -q`
///   writes it (measure names like `nDCG@10`). Every row is a query's: a
///   query id `all` is a query named "all".
/// - trec_run: TREC runs (`qid Q0 docno rank score tag`), not per-query
///   values: the significance plugin scores them against `qrels` in
///   process; the readers of this header do not take it.
enum class RunsFormat { trec_eval, ir_measures, trec_run };

/// Measure name (as the file spells it) -> query id -> score, for one run.
using MeasureScores = std::map<std::string, ScoreMap>;

namespace detail {

inline constexpr Spellings<RunsFormat, 3> runs_formats{{{RunsFormat::trec_eval, "trec_eval"},
                                                        {RunsFormat::ir_measures, "ir_measures"},
                                                        {RunsFormat::trec_run, "trec_run"}}};

/// A score and the line it came from, to name both lines of a duplicate.
struct Row {
  double value = 0.0;
  std::size_t line = 0;
};

inline std::string_view trim_spaces(std::string_view text) {
  while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
  while (!text.empty() && text.back() == ' ') text.remove_suffix(1);
  return text;
}

/// repr() of a line, cut at 200 bytes (on a character boundary) so that a
/// huge garbage line does not make a huge message.
inline std::string shown_line(std::string_view line) {
  constexpr std::size_t limit = 200;
  if (line.size() <= limit) return python::repr(line);
  std::size_t cut = limit;
  while (cut > 0 && (static_cast<unsigned char>(line[cut]) & 0xC0) == 0x80) --cut;
  return python::repr(line.substr(0, cut)) + "... (" + std::to_string(line.size()) + " bytes)";
}

class RunTextParser {
 public:
  RunTextParser(RunsFormat format, std::string_view file) : format_(format), file_("runs file " + python::repr(file)) {}

  Expected<void> line(std::string_view text, std::size_t number) {
    if (!text.empty() && text.back() == '\r') text.remove_suffix(1);
    if (text.empty()) return {};
    const std::size_t first_tab = text.find('\t');
    const std::size_t second_tab = first_tab == std::string_view::npos ? first_tab : text.find('\t', first_tab + 1);
    if (second_tab == std::string_view::npos || text.find('\t', second_tab + 1) != std::string_view::npos) {
      return refuse(number, text,
                    format_ == RunsFormat::trec_eval
                        ? "not 'measure<TAB>query id<TAB>value' (runs_format 'trec_eval')"
                        : "not 'query id<TAB>measure<TAB>value' (runs_format 'ir_measures')");
    }
    const std::string_view first = text.substr(0, first_tab);
    const std::string_view second = text.substr(first_tab + 1, second_tab - first_tab - 1);
    const std::string_view measure = trim_spaces(format_ == RunsFormat::trec_eval ? first : second);
    const std::string_view query = format_ == RunsFormat::trec_eval ? second : first;
    const std::string_view value_text = trim_spaces(text.substr(second_tab + 1));
    if (measure.empty()) return refuse(number, text, "empty measure name");
    if (format_ == RunsFormat::trec_eval) {
      // runid's and relstring's values are strings, not scores.
      if (measure == "runid" || measure == "relstring") return {};
      if (query == "all") {
        ++summary_rows_;
        return {};
      }
    }
    if (query.empty()) return refuse(number, text, "empty query id");
    double value = 0.0;
    const char* const end = value_text.data() + value_text.size();
    const auto [stop, error] = std::from_chars(value_text.data(), end, value);
    if (value_text.empty() || stop != end || (error != std::errc() && error != std::errc::result_out_of_range)) {
      return refuse(number, text, "value " + python::repr(value_text) + " is not a number");
    }
    // from_chars leaves `value` alone out of range; strtod says which side
    // (an overflow is infinite, an underflow a tiny number).
    if (error == std::errc::result_out_of_range) value = std::strtod(std::string(value_text).c_str(), nullptr);
    if (!std::isfinite(value)) return refuse(number, text, "value " + python::repr(value_text) + " is not finite");
    auto& rows = rows_[std::string(measure)];
    const auto [row, inserted] = rows.try_emplace(std::string(query), Row{value, number});
    if (!inserted) {
      return refuse(number, text,
                    "measure " + python::repr(measure) + " for query " + python::repr(query) + " repeats line " +
                        std::to_string(row->second.line));
    }
    return {};
  }

  Expected<MeasureScores> finish() && {
    if (rows_.empty()) {
      if (summary_rows_ > 0) {
        return fail(Status::invalid_data, file_ + " has only summary rows (query id 'all'); run trec_eval with -q");
      }
      return fail(Status::invalid_data, file_ + " has no per-query scores");
    }
    MeasureScores scores;
    for (auto& [measure, rows] : rows_) {
      ScoreMap& map = scores[measure];
      for (const auto& [query, row] : rows) map.emplace_hint(map.end(), query, row.value);
    }
    return scores;
  }

 private:
  Unexpected<Failure> refuse(std::size_t number, std::string_view text, const std::string& problem) const {
    return fail(Status::invalid_data,
                file_ + " line " + std::to_string(number) + ": " + problem + ": " + shown_line(text));
  }

  RunsFormat format_;
  std::string file_;
  std::map<std::string, std::map<std::string, Row>> rows_;
  std::size_t summary_rows_ = 0;
};

}  // namespace detail

/// `trec_eval` or `ir_measures`.
[[nodiscard]] inline std::string_view runs_format_name(RunsFormat format) noexcept {
  return choice_name(detail::runs_formats, format);
}

/// The format named `name`. Fails with invalid_argument
/// `runs_format must be one of 'trec_eval', 'ir_measures', 'trec_run', got 'x'`.
inline Expected<RunsFormat> parse_runs_format(std::string_view name) {
  return parse_choice(detail::runs_formats, "runs_format", name);
}

/// Parses the text of a per-query evaluation file (`format` trec_eval or
/// ir_measures); `file` names it in
/// messages (`runs file '<file>'`). Empty lines (a trailing blank line an
/// editor adds) are skipped and a line may end in CRLF; every other line
/// must parse. Fails with invalid_data and one of:
///   runs file 'a.txt' line 3: not 'measure<TAB>query id<TAB>value' (runs_format 'trec_eval'): '<line>'
///   runs file 'a.txt' line 3: empty measure name: '<line>'
///   runs file 'a.txt' line 3: empty query id: '<line>'
///   runs file 'a.txt' line 3: value 'x' is not a number: '<line>'
///   runs file 'a.txt' line 3: value 'nan' is not finite: '<line>'
///   runs file 'a.txt' line 9: measure 'P_10' for query '7' repeats line 4: '<line>'
///   runs file 'a.txt' has only summary rows (query id 'all'); run trec_eval with -q
///   runs file 'a.txt' has no per-query scores
/// where '<line>' is the line as Python's repr() shows it, its first 200
/// bytes and `... (N bytes)` for a longer one. The text must be UTF-8.
/// Linear in the text's size (times a log for the maps).
inline Expected<MeasureScores> parse_run_text(std::string_view text, RunsFormat format, std::string_view file) {
  detail::RunTextParser parser(format, file);
  std::size_t number = 1;
  while (!text.empty()) {
    const std::size_t end = text.find('\n');
    const std::string_view line = text.substr(0, end);
    GRK_TRY_VOID(parser.line(line, number));
    if (end == std::string_view::npos) break;
    text.remove_prefix(end + 1);
    ++number;
  }
  return std::move(parser).finish();
}

/// Reads a per-query evaluation file. Fails as read_input_file does
/// (`cannot read runs file '<path>': [Errno 2] ...`, not_found or io_error),
/// with invalid_data `runs file '<path>' is not valid UTF-8: <reason>`, or
/// as parse_run_text does.
inline Expected<MeasureScores> read_run_file(const std::filesystem::path& path, RunsFormat format) {
  GRK_TRY(const std::string bytes, read_input_file(path, "runs file"));
  if (auto utf8 = python::validate_utf8(bytes); !utf8) {
    return fail(Status::invalid_data,
                "runs file " + python::repr(path.string()) + " is not valid UTF-8: " + utf8.error());
  }
  return parse_run_text(bytes, format, path.string());
}

}  // namespace grk::eval

#endif
