// Compiles grk/groundkit/report/report_issue.hpp alone: the header brings everything it needs.
#include <grk/groundkit/report/report_issue.hpp>
