// The `significance` module: its one registration file. The single-pair
// components come from the table of tests (components/statistics.hpp), so
// a new test needs no line here.
#include <grk/plugin.hpp>

#include "components/statistics.hpp"
#include "components/topic_set_size.hpp"

GRK_PLUGIN_MODULE("significance", "1.0.0", grk::significance::SinglePairComponents,
                  grk::significance::CompareSystemsStatistic, grk::significance::TopicSetSizeStatistic)
