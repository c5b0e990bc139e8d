#include "results/result_json.hpp"

#include <boost/json/object.hpp>

#include <cstdint>
#include <cstdio>

#include <grk/json/described.hpp>
#include <grk/json/float_format.hpp>

namespace grk::significance {

boost::json::value to_json(const BootstrapResult& result) { return json::described_object(result); }

namespace {

/// A result's fields as a summary shows them; a field that is absent or of
/// another kind shows as empty, 0, `?` or false rather than failing.
struct SummaryFields {
  const boost::json::object& fields;

  std::string text(const char* key) const {
    const auto* v = fields.if_contains(key);
    return v && v->is_string() ? std::string(v->get_string()) : std::string();
  }
  double number(const char* key) const {
    const auto* v = fields.if_contains(key);
    return v && v->is_number() ? v->to_number<double>() : 0.0;
  }
  std::string count(const char* key) const {
    const auto* v = fields.if_contains(key);
    return v && v->is_uint64() ? std::to_string(v->get_uint64())
           : v && v->is_int64() ? std::to_string(v->get_int64())
                                : std::string("?");
  }
  bool flag(const char* key) const {
    const auto* v = fields.if_contains(key);
    return v && v->is_bool() && v->get_bool();
  }
};

std::string fixed4(const char* format, double value) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, format, value);
  return buffer;
}

std::string four_decimals_or_floor(double p) { return p < 0.00005 ? "< 0.0001" : fixed4("%.4f", p); }

/// `fusion vs bm25, ndcg_at_10 (n=34): +0.2338`: how both record summaries begin.
std::string comparison_and_effect(const SummaryFields& record) {
  return record.text("candidate") + " vs " + record.text("baseline") + ", " + record.text("metric") + " (n=" +
         record.count("query_count") + "): " + fixed4("%+.4f", record.number("effect"));
}

/// `[+0.0685, +0.3926]`.
std::string interval(const SummaryFields& record) {
  return "[" + fixed4("%+.4f", record.number("confidence_interval_low")) + ", " +
         fixed4("%+.4f", record.number("confidence_interval_high")) + "]";
}

}  // namespace

std::string summarize_bootstrap(const boost::json::value& json) {
  const auto* object = json.if_object();
  if (object == nullptr) return {};
  const SummaryFields result{*object};
  std::string percent = json::format_python_float(result.number("confidence_level") * 100.0);
  if (percent.size() > 2 && percent.compare(percent.size() - 2, 2, ".0") == 0) percent.resize(percent.size() - 2);
  return comparison_and_effect(result) + ", " + percent + "% CI " + interval(result) + ", p (ASL) " +
         four_decimals_or_floor(result.number("p_value_two_sided")) + ", " +
         (result.flag("significant") ? "significant" : "not significant");
}

std::string summarize_comparison(const boost::json::value& json, bool in_family) {
  const auto* object = json.if_object();
  if (object == nullptr) return {};
  const SummaryFields record{*object};
  if (const auto* why = object->if_contains("untestable"); why != nullptr && why->is_string()) {
    return comparison_and_effect(record) + ", not tested: " + std::string(why->get_string()) + " (" +
           record.text("test") + ")";
  }
  return comparison_and_effect(record) + ", CI " + interval(record) + (in_family ? ", p_adj " : ", p ") +
         four_decimals_or_floor(record.number("p_value_adjusted")) + ", " +
         (record.flag("significant") ? "significant" : "not significant") + " at alpha " +
         json::format_python_float(record.number("alpha")) + " (" + record.text("test") + ")";
}

std::string summarize_family(const boost::json::value& json) {
  const auto* object = json.if_object();
  if (object == nullptr) return {};
  const SummaryFields family{*object};
  const auto* alpha = object->if_contains("alpha");
  const std::string size = family.count("family_size");
  std::string corrected;
  if (const auto* systems = object->if_contains("family_systems"); systems && systems->is_array()) {
    corrected = "no correction (p_adj is family-wise over every pair of the " +
                std::to_string(systems->get_array().size()) + " systems, " + size + " pairs per metric)";
  } else if (family.text("family") == "per-metric") {
    corrected = family.text("correction") + " correction within each metric (families of " + size + ")";
  } else {
    corrected = family.text("correction") + " correction over one family of all " + size + " comparisons";
  }
  std::string summary = family.text("test") + " test, " + corrected + ", alpha " +
                        (alpha && alpha->is_number() ? json::format_python_float(alpha->to_number<double>()) : "?");
  if (const auto* comparisons = object->if_contains("comparisons"); comparisons && comparisons->is_array()) {
    for (const auto& record : comparisons->get_array()) summary += "\n  " + summarize_comparison(record, true);  // under the host's indent
  }
  return summary;
}

std::vector<std::string> raw_p_values(const boost::json::value& json) {
  std::vector<std::string> lines;
  const auto* object = json.if_object();
  const auto* comparisons = object ? object->if_contains("comparisons") : nullptr;
  if (comparisons == nullptr || !comparisons->is_array()) return lines;
  for (const auto& value : comparisons->get_array()) {
    if (!value.is_object()) continue;
    const SummaryFields record{value.get_object()};
    if (value.get_object().contains("untestable")) continue;  // its summary line says why
    lines.push_back(record.text("candidate") + " vs " + record.text("baseline") + ", " + record.text("metric") +
                    ": p " + four_decimals_or_floor(record.number("p_value_two_sided")) + " before correction, p_adj " +
                    four_decimals_or_floor(record.number("p_value_adjusted")));
  }
  return lines;
}

}  // namespace grk::significance
