// The markdown form of a report (docs/design.md §4.10).
#ifndef GRK_HOST_REPORT_MARKDOWN_HPP
#define GRK_HOST_REPORT_MARKDOWN_HPP

#include <string>

#include "report/model.hpp"

namespace grk::host {

std::string render_markdown(const ReportModel& model);

}  // namespace grk::host

#endif
