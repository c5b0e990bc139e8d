// The `measures` plugin module: its one registration file.
#include <grk/plugin.hpp>

#include "statistic/evaluate_statistic.hpp"
#include "statistic/trec_eval_statistic.hpp"

GRK_PLUGIN_MODULE("measures", "1.0.0", grk::measures::TrecEvalStatistic,
                  grk::measures::EvaluateStatistic)
