#include "results/bootstrap_result_json.hpp"

#include <cstdio>

#include <grk/json/float_format.hpp>

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

namespace {

std::string fixed4(const char* format, double value) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, format, value);
  return buffer;
}

double number(const boost::json::value& value) {
  return value.is_double() ? value.get_double() : value.to_number<double>();
}

}  // namespace

std::string summarize(const boost::json::value& json) {
  const auto* result = json.if_object();
  if (result == nullptr) return {};
  const auto text = [&](const char* key) {
    const auto* v = result->if_contains(key);
    return v && v->is_string() ? std::string(v->get_string()) : std::string();
  };
  const auto value = [&](const char* key) {
    const auto* v = result->if_contains(key);
    return v && v->is_number() ? number(*v) : 0.0;
  };
  const auto* count = result->if_contains("query_count");
  const auto* significant = result->if_contains("significant");

  std::string percent = json::format_python_float(value("confidence_level") * 100.0);
  if (percent.size() > 2 && percent.compare(percent.size() - 2, 2, ".0") == 0) percent.resize(percent.size() - 2);
  const double p = value("p_value_two_sided");
  const std::string asl = p < 0.00005 ? "< 0.0001" : fixed4("%.4f", p);

  return text("candidate") + " vs " + text("baseline") + ", " + text("metric") + " (n=" +
         (count && count->is_uint64() ? std::to_string(count->get_uint64())
          : count && count->is_int64() ? std::to_string(count->get_int64())
                                       : std::string("?")) +
         "): " + fixed4("%+.4f", value("effect")) + ", " + percent + "% CI [" +
         fixed4("%+.4f", value("confidence_interval_low")) + ", " +
         fixed4("%+.4f", value("confidence_interval_high")) + "], ASL " + asl + ", " +
         (significant && significant->is_bool() && significant->get_bool() ? "significant" : "not significant");
}

}  // namespace grk::significance
