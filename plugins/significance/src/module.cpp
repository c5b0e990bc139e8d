// The `significance` plugin module: its one registration file.
#include <grk/plugin.hpp>

#include "components/compare_systems_statistic.hpp"
#include "components/paired_bootstrap_statistic.hpp"
#include "components/paired_t_statistic.hpp"
#include "components/randomization_statistic.hpp"
#include "components/wilcoxon_statistic.hpp"

GRK_PLUGIN_MODULE("significance", "1.0.0", grk::significance::PairedBootstrapStatistic,
                  grk::significance::PairedTStatistic, grk::significance::WilcoxonStatistic,
                  grk::significance::RandomizationStatistic, grk::significance::CompareSystemsStatistic)
