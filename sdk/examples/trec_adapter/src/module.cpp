// The module's one registration file: the only source that includes
// plugin.hpp (it compiles Boost.JSON into the module).
#include <grk/plugin.hpp>

#include "trec_adapter.hpp"

GRK_PLUGIN_MODULE("trec-adapter", "1.0.0", trec_adapter::TrecToGroundkit)
