// Compiles grk/groundkit/report/eval_report.hpp alone: the header brings everything it needs.
#include <grk/groundkit/report/eval_report.hpp>
