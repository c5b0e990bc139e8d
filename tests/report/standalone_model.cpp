// Compiles grk/report/model.hpp alone: the header brings everything it needs.
#include "grk/report/model.hpp"
