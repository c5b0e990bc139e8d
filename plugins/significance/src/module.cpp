// The `significance` plugin module: its one registration file.
#include <grk/plugin.hpp>

#include "components/statistics.hpp"

GRK_PLUGIN_MODULE("significance", "1.0.0", grk::significance::PairedBootstrapStatistic,
                  grk::significance::PairedTStatistic, grk::significance::WilcoxonStatistic,
                  grk::significance::RandomizationStatistic, grk::significance::CompareSystemsStatistic)
