#include "results/bootstrap_result_json.hpp"

#include <boost/json/object.hpp>

namespace grk::significance {

boost::json::value to_json(const BootstrapResult& result) {
  boost::json::object out;
  out["baseline"] = result.baseline;
  out["candidate"] = result.candidate;
  out["metric"] = result.metric;
  out["query_count"] = result.query_count;
  out["resamples"] = result.resamples;
  out["seed"] = result.seed;
  out["confidence_level"] = result.confidence_level;
  out["effect"] = result.effect;
  out["confidence_interval_low"] = result.confidence_interval_low;
  out["confidence_interval_high"] = result.confidence_interval_high;
  out["p_value_two_sided"] = result.p_value_two_sided;
  out["significant"] = result.significant;
  out["method"] = result.method;
  return out;
}

}  // namespace grk::significance
