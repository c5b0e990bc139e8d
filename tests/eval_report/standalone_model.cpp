// Compiles grk/groundkit/report/model.hpp alone: the header brings everything it needs.
#include <grk/groundkit/report/model.hpp>
