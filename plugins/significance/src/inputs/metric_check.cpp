#include "inputs/metric_check.hpp"

#include <string>

#include <grk/error.hpp>
#include <grk/python/text.hpp>

namespace grk::significance {

Expected<report::MetricName> check_metric_name(std::string_view text) {
  if (auto metric = report::parse_metric_name(text)) return *metric;
  std::string names;
  for (std::string_view name : report::metric_names) {
    names += (names.empty() ? "'" : ", '") + std::string(name) + "'";
  }
  return fail(Status::invalid_argument, "metric must be one of " + names + ", got " + python::repr(text));
}

}  // namespace grk::significance
