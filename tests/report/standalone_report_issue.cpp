// Compiles grk/report/report_issue.hpp alone: the header brings everything it needs.
#include "grk/report/report_issue.hpp"
