#include "components/comparison_params.hpp"

#include <string>

#include <grk/json/float_format.hpp>

namespace grk::significance {

ParamSpec confidence_level_param() {
  return with_default("confidence_level", ParamType::number, 0.95, "two-sided CI level, 0 < x < 1");
}

ParamSpec alpha_param() {
  return with_default("alpha", ParamType::number, 0.05,
                      "significance level: `significant` is p_value_adjusted < alpha, 0 < x < 1");
}

ParamSpec interval_resamples_param() {
  return with_default("resamples", ParamType::integer, 10000,
                      "bootstrap resamples B of the percentile interval (> 0), as paired-bootstrap's");
}

ParamSpec seed_param() {
  return with_default("seed", ParamType::integer, 7,
                      "random.Random seed; any signed 64-bit integer, the sign is ignored as in CPython");
}

ParamSpec permutations_param() {
  return with_default("permutations", ParamType::integer, 10000,
                      "sign vectors drawn (> 0); all 2^n are enumerated instead when 2^n <= permutations");
}

Expected<double> open_unit_interval(const Params& params, std::string_view name) {
  const double value = params.number(name);
  // Written as a negation so that NaN fails too.
  if (0.0 < value && value < 1.0) return value;
  const boost::json::value& raw = params.value(name);
  // A JSON integer shows as one (`got 1`), as paired-bootstrap's message shows it.
  const std::string shown = raw.is_int64()    ? std::to_string(raw.get_int64())
                            : raw.is_uint64() ? std::to_string(raw.get_uint64())
                                              : json::format_python_float(value);
  return fail(Status::invalid_argument, std::string(name) + " must be between 0 and 1, got " + shown);
}

Expected<std::int64_t> positive_integer(const Params& params, std::string_view name) {
  const std::int64_t value = params.integer(name);
  if (value > 0) return value;
  return fail(Status::invalid_argument, std::string(name) + " must be positive, got " + std::to_string(value));
}

}  // namespace grk::significance
