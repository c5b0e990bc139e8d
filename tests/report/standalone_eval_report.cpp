// Compiles grk/report/eval_report.hpp alone: the header brings everything it needs.
#include "grk/report/eval_report.hpp"
