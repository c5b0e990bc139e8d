// The html form of a report (docs/design.md §4.10).
#ifndef GRK_HOST_REPORT_HTML_HPP
#define GRK_HOST_REPORT_HTML_HPP

#include <string>

#include "report/model.hpp"

namespace grk::host {

std::string render_html(const ReportModel& model);

}  // namespace grk::host

#endif
