// The beir plugin module: its one registration file.
#include <grk/plugin.hpp>

#include "pipeline/beir_dataset_adapter.hpp"

GRK_PLUGIN_MODULE("beir", "1.0.0", grk::beir::BeirDatasetAdapter)
