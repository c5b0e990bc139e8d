#include "read/qrels_reader.hpp"

#include <grk/python/text.hpp>

#include <optional>
#include <string_view>
#include <vector>

#include "rules/identifier_rules.hpp"
#include "read/python_path.hpp"
#include "rules/refusal_hints.hpp"
#include "read/source_lines.hpp"

namespace grk::beir {

// The first three tab-separated fields, or fewer: the reader never looks
// further, so a row of millions of columns costs no memory (docs/design.md §8.8).
std::vector<std::string_view> split_tabs(std::string_view line) {
  constexpr std::size_t used_fields = 3;
  std::vector<std::string_view> fields;
  std::size_t start = 0;
  while (fields.size() < used_fields) {
    const std::size_t tab = line.find('\t', start);
    fields.push_back(line.substr(start, tab == std::string_view::npos ? std::string_view::npos : tab - start));
    if (tab == std::string_view::npos) return fields;
    start = tab + 1;
  }
  return fields;
}

std::string graded_message(const std::string& score, const std::string& path, std::uint64_t line) {
  return "graded BEIR relevance score " + score + " at " + path + " line " + std::to_string(line) +
         ": this adapter supports binary qrels only. groundkit judgments carry no relevance grade, "
         "so every positive grade would collapse to the same membership and the adapted set would "
         "report binary nDCG against a collection whose published numbers are graded. Use a binary "
         "collection (SciFact, NFCorpus's binary splits) or add graded relevance to the harness "
         "first.";
}

Expected<void, std::string> check_header(std::string_view line, const std::string& path) {
  const std::vector<std::string_view> header = split_tabs(line);
  if (header.size() < 3 || header[0] != "query-id" || header[1] != "corpus-id" || header[2] != "score") {
    return unexpected("unexpected or missing BEIR qrels header in " + path);
  }
  return {};
}

namespace {

// Data rows read per score, when a `graded` threshold is given.
using GradeCounts = std::map<std::string, std::uint64_t, bool (*)(const std::string&, const std::string&)>;

bool numerically_before(const std::string& a, const std::string& b) { return compare_integers(a, b) < 0; }

// One data row, checked in the reference's order (docs/behaviour/beir.md §4 steps 1-5); a positive
// one goes into `qrels`. With a `graded` threshold, step 5 gives way to docs/behaviour/beir.md §16.3.
Expected<void, std::string> read_row(std::string_view line, const std::string& path, std::uint64_t number,
                                     const std::optional<std::string>& threshold, IdentifierChecks checks,
                                     GradeCounts& grades, Qrels& qrels) {
  const std::vector<std::string_view> row = split_tabs(line);
  if (row.size() < 3) return unexpected("invalid BEIR qrels row at " + path + " line " + std::to_string(number));
  if (auto rule = check_identifier(row[0], IdentifierSubject::query, checks); !rule) return rule;
  if (auto rule = check_identifier(row[1], IdentifierSubject::document, checks); !rule) return rule;
  const std::optional<std::string> score = python::parse_int(row[2]);
  if (!score) {
    return unexpected("invalid integer relevance score " + python::repr(row[2]) + " at " + path + " line " +
                      std::to_string(number));
  }
  if (threshold) {
    ++grades[*score];
    if (compare_integers(*score, *threshold) >= 0) qrels.positives[std::string(row[0])].insert(std::string(row[1]));
    return {};
  }
  if (*score != "0" && *score != "1") return unexpected(graded_message(*score, path, number));
  if (*score == "1") qrels.positives[std::string(row[0])].insert(std::string(row[1]));
  return {};
}

// The hint of a row read_row (or the header check) refused, found by asking
// the same rules again in the same order (docs/behaviour/beir.md §19).
std::string refused_row_hint(std::string_view line, const std::string& path, std::uint64_t number, bool header,
                             IdentifierChecks checks) {
  const std::string name = dataset_file_name(path, true);
  const std::string where = name + " line " + std::to_string(number);
  if (header) return header_hint(name, line, reads_as_data(line));
  const std::vector<std::string_view> row = split_tabs(line);
  if (row.size() < 3) {
    return unresolvable_hint(where + " has " + std::to_string(row.size()) +
                             (row.size() == 1 ? " field" : " fields") + ", not 3 tab-separated ones");
  }
  if (!check_identifier(row[0], IdentifierSubject::query, checks)) {
    return identifier_hint(where, "query-id", row[0], IdentifierSubject::query);
  }
  if (!check_identifier(row[1], IdentifierSubject::document, checks)) {
    return identifier_hint(where, "corpus-id", row[1], IdentifierSubject::document);
  }
  const std::optional<std::string> score = python::parse_int(row[2]);
  if (!score) return unresolvable_hint(where);
  return graded_hint(name, number, *score);
}

}  // namespace

// docs/behaviour/beir.md §16.2: with qrels_header auto, a first row whose third field is an
// integer (as Python's int() reads it) is data.
bool reads_as_data(std::string_view line) {
  const std::vector<std::string_view> row = split_tabs(line);
  return row.size() >= 3 && python::parse_int(row[2]).has_value();
}

Unexpected<Failure> fail_unreadable_qrels(const ReadFailure& failure, const std::string& path) {
  if (failure.kind == ReadFailure::Kind::invalid_utf8) {
    return fail(Status::invalid_data,
                "BEIR qrels " + python::repr(path) + " are not valid UTF-8: " + failure.decode_error);
  }
  if (failure.kind == ReadFailure::Kind::line_too_long) {
    return fail(Status::invalid_data, "BEIR qrels " + python::repr(path) + " line " + std::to_string(failure.line) +
                                          " is longer than 64 MiB (" + std::to_string(max_line_bytes) +
                                          " bytes), the most one row may take; refused");
  }
  return fail(Status::io_error,
              "cannot read BEIR qrels " + python::repr(path) + ": " + os_error_text(failure.errno_value, path));
}

std::size_t Qrels::pair_count() const {
  std::size_t count = 0;
  for (const auto& entry : positives) count += entry.second.size();
  return count;
}

int compare_integers(const std::string& a, const std::string& b) noexcept {
  const bool a_negative = !a.empty() && a[0] == '-';
  const bool b_negative = !b.empty() && b[0] == '-';
  if (a_negative != b_negative) return a_negative ? -1 : 1;
  // Normalised digits (no leading zeros): the longer magnitude is the larger.
  const int order = a.size() != b.size() ? (a.size() < b.size() ? -1 : 1) : a.compare(b);
  const int magnitude = order < 0 ? -1 : order > 0 ? 1 : 0;
  return a_negative ? -magnitude : magnitude;
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
    Expected<void, std::string> checked = number == 1 && qrels.header_found
                                              ? check_header(line, path)
                                              : read_row(line, path, number, threshold, rules.checks, grades, qrels);
    if (!checked) {
      // The hint reads `line`, which the drain below overwrites.
      std::string hint = refused_row_hint(line, path, number, number == 1 && qrels.header_found, rules.checks);
      // A decode error anywhere in the file wins (docs/behaviour/beir.md §2).
      if (auto drained = reader.drain(); !drained) return fail_unreadable_qrels(drained.error(), path);
      return fail(Status::invalid_data, std::move(checked).error(), std::move(hint));
    }
  }
  if (number == 0) {
    return fail(Status::invalid_data, "unexpected or missing BEIR qrels header in " + path,
                unresolvable_hint(dataset_file_name(path, true) + " has no row"));
  }
  qrels.rows_by_grade.assign(grades.begin(), grades.end());
  qrels.lines_kept_whole = reader.lines_kept_whole();
  return qrels;
}

}  // namespace grk::beir
