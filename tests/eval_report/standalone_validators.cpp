// Compiles grk/groundkit/report/validators.hpp alone: the header brings everything it needs.
#include <grk/groundkit/report/validators.hpp>
