// validate mode's pass over qrels/<split>.tsv (docs/behaviour/beir.md §4, §16.2-§16.3, §18.4):
// the row rules the qrels reader asks, every problem logged and the read continued.
#include <grk/python/text.hpp>

#include <string_view>

#include "pipeline/validation_passes.hpp"
#include "source/python_path.hpp"
#include "read/qrels_reader.hpp"
#include "source/source_file.hpp"
#include "rules/qrels_rows.hpp"

namespace grk::beir {
namespace {

using GradeCounts = std::map<std::string, std::uint64_t, bool (*)(const std::string&, const std::string&)>;

// What the pass keeps while it reads: the rows' numbering and what they hold.
struct QrelsPass {
  QrelsPass(ValidationScope& in, std::string file, std::string at, std::string lowest)
      : scope(in), name(std::move(file)), path(std::move(at)), threshold(std::move(lowest)) {}

  ValidationScope& scope;
  const std::string name;  // "qrels/<split>.tsv"
  const std::string path;
  const std::string threshold;
  std::uint64_t number = 0;  // non-empty lines (docs/behaviour/beir.md §4)
  GradeCounts grades{[](const std::string& a, const std::string& b) { return compare_integers(a, b) < 0; }};
  Positives positives;
};

// One non-empty line. The first is the header; one that reads as data is
// read on as qrels_header=auto would. Without `graded`, a grade other than 0
// and 1 is read on as graded=1 would.
void check_line(QrelsPass& pass, std::string_view line) {
  ProblemLog& log = pass.scope.log;
  ++pass.number;
  if (pass.number == 1) {
    const std::optional<RuleProblem> header = qrels_header_problem(line, pass.path);
    if (!header) return;
    log.add(header->kind, example(pass.name, 1, std::nullopt, header->message));
    if (header->kind == ProblemKind::invalid_qrels_header) return;
  }
  const QrelsRowPlace place{pass.path, pass.number, IdentifierChecks{}, true};
  const QrelsRow row = check_qrels_row(line, place, [&](RuleProblem&& problem) {
    log.add(problem.kind, [&] { return example(pass.name, pass.number, std::move(problem.id), std::move(problem.message)); });
    return true;
  });
  if (!row.score) return;
  ++pass.scope.counts.qrels_rows;
  ++pass.grades[*row.score];
  if (compare_integers(*row.score, pass.threshold) >= 0) {
    pass.positives[std::string(row.fields[0])].emplace(std::string(row.fields[1]), pass.number);
  }
}

// The lines of the open qrels file, cut as the chosen rule cuts them.
void read_lines(QrelsPass& pass, const SourceFile& file) {
  ProblemLog& log = pass.scope.log;
  SourceLineReader reader(file.fd(), LineBreaks::newline);
  std::string_view line;
  for (;;) {
    const Expected<bool, ReadFailure> more = reader.next(line);
    if (!more) {
      log_read_failure(log, pass.name, more.error(), fail_unreadable_qrels(more.error(), pass.path).error.message);
      return;
    }
    if (!*more) {
      if (pass.number == 0) {
        log.add(ProblemKind::invalid_qrels_header,
                example(pass.name, std::nullopt, std::nullopt, missing_header_message(pass.path)));
      }
      return;
    }
    const bool cut = pass.scope.policies.line_breaks == LineBreaks::python && reader.last_line_kept_whole();
    const std::vector<std::string_view> pieces = cut ? python::splitlines(line) : std::vector<std::string_view>{line};
    for (const std::string_view piece : pieces) {
      if (!piece.empty()) check_line(pass, piece);
    }
  }
}

}  // namespace

Positives validate_qrels(ValidationScope& scope) {
  const AdaptationPolicies& policies = scope.policies;
  QrelsPass pass(scope, "qrels/" + scope.split + ".tsv", join_path(join_path(scope.source, "qrels"), scope.split + ".tsv"),
                 policies.graded ? std::to_string(*policies.graded) : "1");
  const Expected<SourceFile> file = open_source(pass.path, "qrels");
  if (!file) {
    scope.log.add(ProblemKind::unreadable_file, example(pass.name, std::nullopt, std::nullopt, file.error().message));
  } else {
    read_lines(pass, *file);
  }
  scope.counts.qrels_rows_by_grade.assign(pass.grades.begin(), pass.grades.end());
  return std::move(pass.positives);
}

}  // namespace grk::beir
