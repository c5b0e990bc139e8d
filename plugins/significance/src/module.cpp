// The `significance` plugin module: its one registration file.
#include <grk/plugin.hpp>

#include "components/statistics.hpp"
#include "components/topic_set_size.hpp"

GRK_PLUGIN_MODULE("significance", "1.0.0", grk::significance::PairedBootstrapStatistic,
                  grk::significance::PairedTStatistic, grk::significance::WilcoxonStatistic,
                  grk::significance::RandomizationStatistic, grk::significance::CompareSystemsStatistic,
                  grk::significance::TopicSetSizeStatistic)
