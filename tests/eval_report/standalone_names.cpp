// Compiles grk/groundkit/report/names.hpp alone: the header brings everything it needs.
#include <grk/groundkit/report/names.hpp>
