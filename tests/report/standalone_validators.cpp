// Compiles grk/report/validators.hpp alone: the header brings everything it needs.
#include "grk/report/validators.hpp"
