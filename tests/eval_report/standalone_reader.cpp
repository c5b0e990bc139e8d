// Compiles grk/groundkit/report/reader.hpp alone: the header brings everything it needs.
#include <grk/groundkit/report/reader.hpp>
