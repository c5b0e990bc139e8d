// Compiles grk/groundkit/report/writer.hpp alone: the header brings everything it needs.
#include <grk/groundkit/report/writer.hpp>
