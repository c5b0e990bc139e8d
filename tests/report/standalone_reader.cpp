// Compiles grk/report/reader.hpp alone: the header brings everything it needs.
#include "grk/report/reader.hpp"
