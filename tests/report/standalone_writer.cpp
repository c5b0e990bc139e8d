// Compiles grk/report/writer.hpp alone: the header brings everything it needs.
#include "grk/report/writer.hpp"
