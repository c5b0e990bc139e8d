// Compiles grk/report/names.hpp alone: the header brings everything it needs.
#include "grk/report/names.hpp"
