#include "read/qrels_reader.hpp"

#include <grk/python/text.hpp>

#include <optional>
#include <string_view>
#include <vector>

#include "rules/identifier_rules.hpp"
#include "source/python_path.hpp"
#include "rules/refusal_hints.hpp"
#include "source/source_lines.hpp"

namespace grk::beir {

namespace {

// Data rows read per score, when a `graded` threshold is given.
using GradeCounts = std::map<std::string, std::uint64_t, bool (*)(const std::string&, const std::string&)>;

bool numerically_before(const std::string& a, const std::string& b) { return compare_integers(a, b) < 0; }

// One data row, checked by the row rules (docs/behaviour/beir.md §4 steps 1-5); the first
// problem refuses it, with its hint. A positive row goes into `qrels`. With a
// `graded` threshold, step 5 gives way to docs/behaviour/beir.md §16.3.
Expected<void> read_row(std::string_view line, const QrelsRowPlace& place, const std::optional<std::string>& threshold,
                        GradeCounts& grades, Qrels& qrels) {
  std::optional<RuleProblem> refused;
  const QrelsRow row = check_qrels_row(line, place, [&refused](RuleProblem&& problem) {
    refused = std::move(problem);
    return false;
  });
  if (refused) {
    std::string hint = qrels_row_hint(*refused, row, dataset_file_name(place.path, true), place.line);
    return fail(Status::invalid_data, std::move(refused->message), std::move(hint));
  }
  if (threshold) {
    ++grades[*row.score];
    if (compare_integers(*row.score, *threshold) < 0) return {};
  } else if (*row.score != "1") {
    return {};
  }
  qrels.positives[std::string(row.fields[0])].insert(std::string(row.fields[1]));
  qrels.first_line_of_query.emplace(row.fields[0], place.line);  // emplace keeps the first
  qrels.first_line_of_document.emplace(row.fields[1], place.line);
  return {};
}

// The header rule of the first non-empty line, refused with its hint.
Expected<void> read_header(std::string_view line, const std::string& path) {
  if (const std::optional<RuleProblem> problem = qrels_header_problem(line, path)) {
    return fail(Status::invalid_data, problem->message,
                header_hint(dataset_file_name(path, true), line, problem->kind == ProblemKind::qrels_without_header));
  }
  return {};
}

}  // namespace

Unexpected<Failure> fail_unreadable_qrels(const ReadFailure& failure, const std::string& path) {
  return fail_unreadable_source(failure, path, SourceWords{"qrels", "are", "row"});
}

std::size_t Qrels::pair_count() const {
  std::size_t count = 0;
  for (const auto& entry : positives) count += entry.second.size();
  return count;
}

Expected<Qrels> read_qrels(const SourceFile& file, const std::string& path, const QrelsRules& rules) {
  Qrels qrels;
  GradeCounts grades(&numerically_before);
  std::optional<std::string> threshold;
  if (rules.graded) threshold = std::to_string(*rules.graded);
  SourceLineReader reader(file.fd(), rules.line_breaks);
  std::string_view line;
  std::uint64_t number = 0;  // counts non-empty lines only (docs/behaviour/beir.md §4)
  for (;;) {
    const Expected<bool, ReadFailure> more = reader.next(line);
    if (!more) return fail_unreadable_qrels(more.error(), path);
    if (!*more) break;
    if (line.empty()) continue;
    ++number;
    if (number == 1 && rules.header == QrelsHeader::automatic && reads_as_data(line)) qrels.header_found = false;
    const QrelsRowPlace place{path, number, rules.checks, !threshold};
    Expected<void> checked = number == 1 && qrels.header_found ? read_header(line, path)
                                                                : read_row(line, place, threshold, grades, qrels);
    if (!checked) {
      // A decode error anywhere in the file wins (docs/behaviour/beir.md §2).
      if (auto drained = reader.drain(); !drained) return fail_unreadable_qrels(drained.error(), path);
      return unexpected(std::move(checked).error());
    }
  }
  if (number == 0) {
    return fail(Status::invalid_data, missing_header_message(path),
                unresolvable_hint(dataset_file_name(path, true) + " has no row"));
  }
  qrels.rows_by_grade.assign(grades.begin(), grades.end());
  qrels.lines_kept_whole = reader.lines_kept_whole();
  return qrels;
}

}  // namespace grk::beir
