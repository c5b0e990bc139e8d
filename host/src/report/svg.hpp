// The HTML report's two plots, written as inline SVG: a handful of lines,
// circles, rectangles and texts, no script and nothing fetched
// (docs/design.md §4.10).
#ifndef GRK_HOST_REPORT_SVG_HPP
#define GRK_HOST_REPORT_SVG_HPP

#include <string>

#include "report/model.hpp"

namespace grk::host {

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
