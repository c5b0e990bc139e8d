// The tables and field lists a report shows, as plain text cells, built
// once from the model so that Markdown, HTML and LaTeX show the same
// numbers, columns and notes; each format only escapes and lays them out.
// And the HTML report's two plots (report/svg.cpp), written as inline SVG: a
// handful of lines, circles, rectangles and texts, no script and nothing
// fetched. The rules are docs/design.md §4.10.
#ifndef GRK_HOST_REPORT_VIEWS_HPP
#define GRK_HOST_REPORT_VIEWS_HPP

#include <boost/json/value.hpp>

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "report/model.hpp"

namespace grk::host {

/// A number for reading: 4 decimals, "—" when absent.
std::string reading_number(std::optional<double> value);
/// A statistic of any scale for reading: 6 significant digits, "—" when absent.
std::string significant_digits(std::optional<double> value);
/// A p-value for reading: 4 decimals, "< 0.0001" below that.
std::string reading_p_value(std::optional<double> value);
/// A number at full precision, as the results document writes it.
std::string exact_number(double value);
/// A JSON value as one line of text: a string as it is, anything else as
/// compact JSON (numbers at full precision).
std::string value_text(const boost::json::value& value);

/// The dash shown for an absent value.
inline constexpr const char* absent = "\u2014";
/// The mark of a significant comparison, explained in every table's note.
inline constexpr const char* significance_mark = "\u2020";

struct TableCell {
  std::string text;
  bool bold = false;
  /// Set as a superscript after the text (a significance mark, ranx's
  /// letters); a format keeps it out of the column's alignment.
  std::string mark = {};
};

struct TableView {
  std::vector<std::string> header;
  std::vector<bool> numeric;  ///< per column: right-aligned
  std::vector<std::vector<TableCell>> rows;
  std::string note;  ///< what the marks and columns mean; may be empty
};

using FieldList = std::vector<std::pair<std::string, std::string>>;

/// What a format leaves out of a comparison table.
struct ComparisonTableOptions {
  /// The d_z column and the note's sentence on it (LaTeX's paper table
  /// leaves both out).
  bool effect_size = true;
  /// "Step <id>. " before the note when one step made every row (a paper's
  /// caption leaves the run's step ids out).
  bool step_named = true;
};

/// How the comparisons' tests decide significance, for a table's note:
/// each distinct one once, "; " between them, as "t (correction holm over
/// all 15 comparisons of the step, α = 0.05)".
std::string tests_text(const std::vector<const Comparison*>& comparisons);

/// A systems x measures table as a paper prints it: a row per system, each
/// measure's mean to 4 decimals, the best per measure in bold, and, when
/// the document compares these systems on these measures, marks: a † on a
/// cell that differs significantly from the one baseline all comparisons
/// share, or else ranx's letters (each system a letter on its name; a cell
/// lists the systems it beats significantly). The note says what the means
/// are over, what the marks mean (test, correction, family, α), and which
/// qrels queries each run lacks.
TableView score_table(const ReportModel& model, const ScoreTable& table);

/// The one baseline every comparison of the table's systems on its
/// measures shares (its cells are marked against it), or empty: letters.
std::string score_table_baseline(const ReportModel& model, const ScoreTable& table);

/// The systems (indices into table.systems) that system `s` is
/// significantly better than on measure `m`: a significant comparison and a
/// higher mean. ranx's letters, and the CSV's `significant` without a baseline.
std::vector<std::size_t> systems_beaten(const ReportModel& model, const ScoreTable& table, std::size_t s,
                                        std::size_t m);

/// One metric's comparisons: one row each, the best mean in bold, the
/// significant ones marked. The note names each test, its correction, the
/// family the correction ran over and its size.
TableView comparison_table(const ReportModel& model, const std::string& metric,
                           const ComparisonTableOptions& options = {});

/// A two-way ANOVA table (compare-systems' `anova` of one metric): a row per
/// term, sums of squares, df, mean squares, F and p; the note names the step
/// and the model.
TableView anova_table(const ReportModel& model, const AnovaTable& anova);

/// What a step's section shows besides its comparison rows: a dataset
/// card, the result's other fields, or why it has no result.
FieldList step_fields(const ReportStep& step);
/// "ok", "failed [invalid-data]: ..." or "skipped after an earlier failure".
std::string step_status_text(const ReportStep& step);
/// "id (component)", or the id alone when the two are the same.
std::string step_title(const ReportStep& step);

/// The provenance's single fields (versions, config, start time, anything else).
FieldList provenance_fields(const ReportModel& model);
/// Every input file, one row each, every field an entry has as a column.
TableView inputs_table(const ReportModel& model);
/// Each step's module: step, name, version, file.
TableView modules_table(const ReportModel& model);

/// Text for HTML and SVG, in content and in quoted attributes.
std::string markup_escaped(const std::string& text);

/// One metric's forest plot: one row per comparison, the effect as a dot,
/// its interval as a whisker, a zero line, significant rows marked, an axis
/// with ticks and labels. It grows with the rows; labels never overlap.
std::string forest_plot(const ReportModel& model, const std::string& metric);

/// A comparison's per-query deltas, sorted, as bars above and below zero.
std::string delta_plot(const ReportModel& model, const Comparison& comparison);

}  // namespace grk::host

#endif
