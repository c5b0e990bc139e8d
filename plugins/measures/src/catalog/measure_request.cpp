#include "catalog/measure_request.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string_view>

namespace grk::measures {

namespace {

// The names of trec_eval that need preference or judgment-group qrels.
bool needs_other_judgments(std::string_view name) {
  return name.rfind("prefs_", 0) == 0 || name == "prefs" || name == "all_prefs" || name == "qrels_jg" ||
         name == "map_avgjg" || name == "P_avgjg" || name == "Rprec_mult_avgjg" || name == "yaap";
}

std::vector<std::string> split_commas(const std::string& text) {
  std::vector<std::string> parts;
  std::size_t start = 0;
  while (true) {
    const std::size_t comma = text.find(',', start);
    parts.push_back(text.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
    if (comma == std::string::npos) return parts;
    start = comma + 1;
  }
}

// A number as trec_eval's atol/atof read it, but refusing text with no number at its start.
bool read_number(const std::string& text, double& value) {
  const char* begin = text.c_str();
  char* end = nullptr;
  value = std::strtod(begin, &end);
  return end != begin && *end == '\0';
}

std::string format_name(std::string_view name, const char* format, double value) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, format, value);
  return std::string(name) + "_" + buffer;
}

Failure malformed(const std::string& entry, const std::string& why) {
  return Failure{Status::invalid_argument, "measure '" + entry + "': " + why, {}};
}

Expected<void> read_cutoffs(const std::string& entry, const std::string& written, RequestedMeasure& measure) {
  const std::string_view name = measure.definition->name;
  for (const auto& part : split_commas(written)) {
    double value = 0.0;
    if (!read_number(part, value)) return unexpected(malformed(entry, "'" + part + "' is not a number"));
    if (measure.definition->style == ParamStyle::integer_cutoffs) {
      measure.params.cutoffs.push_back(std::atol(part.c_str()));  // trec_eval's atol: 23.4 is 23
    } else {
      measure.params.fractions.push_back(value);
    }
  }
  auto& cutoffs = measure.params.cutoffs;
  auto& fractions = measure.params.fractions;
  std::sort(cutoffs.begin(), cutoffs.end());
  std::sort(fractions.begin(), fractions.end());
  if (!cutoffs.empty() && cutoffs.front() <= 0) return unexpected(malformed(entry, "cutoffs must be positive"));
  if (std::adjacent_find(cutoffs.begin(), cutoffs.end()) != cutoffs.end() ||
      std::adjacent_find(fractions.begin(), fractions.end()) != fractions.end()) {
    return unexpected(malformed(entry, "duplicate cutoffs"));
  }
  for (long cutoff : cutoffs) measure.names.push_back(std::string(name) + "_" + std::to_string(cutoff));
  for (double fraction : fractions) measure.names.push_back(format_name(name, "%3.2f", fraction));
  return {};
}

Expected<void> read_values(const std::string& entry, const std::string& written, RequestedMeasure& measure) {
  for (const auto& part : split_commas(written)) {
    if (measure.definition->style == ParamStyle::pairs) {
      const std::size_t equals = part.find('=');
      double value = 0.0;
      if (equals == std::string::npos || equals == 0 || !read_number(part.substr(equals + 1), value)) {
        return unexpected(malformed(entry, "expected name=number pairs, got '" + part + "'"));
      }
      measure.params.pairs.emplace_back(part.substr(0, equals), value);
    } else {
      double value = 0.0;
      if (!read_number(part, value)) return unexpected(malformed(entry, "'" + part + "' is not a number"));
      measure.params.values.push_back(value);
    }
  }
  const std::string_view name = measure.definition->name;
  if (name == "utility" && measure.params.values.size() != 4) {
    return unexpected(malformed(entry, "utility takes 4 coefficients"));
  }
  return {};
}

// The parameters `written` (nullopt: the defaults) and the output names.
Expected<RequestedMeasure> build(const MeasureDefinition& definition, const std::optional<std::string>& written,
                                 const std::string& entry) {
  RequestedMeasure measure;
  measure.definition = &definition;
  const std::string params = written ? *written : std::string(definition.default_params);
  switch (definition.style) {
    case ParamStyle::none:
      if (written) return unexpected(malformed(entry, "takes no parameters"));
      if (definition.name != "runid") measure.names.emplace_back(definition.name);
      return measure;
    case ParamStyle::integer_cutoffs:
    case ParamStyle::fraction_cutoffs:
      GRK_TRY_VOID(read_cutoffs(entry, params, measure));
      return measure;
    case ParamStyle::numbers:
    case ParamStyle::pairs:
      if (!params.empty()) GRK_TRY_VOID(read_values(entry, params, measure));
      // Named after the parameters as written, when there were any (trec_eval's append_string).
      measure.names.push_back(written ? std::string(definition.name) + "_" + *written : std::string(definition.name));
      return measure;
  }
  return measure;
}

struct Mark {
  bool wanted = false;
  std::optional<std::string> params;
  std::string entry;
};

Expected<void> mark(std::string_view entry_text, TrecEvalRelease release, std::vector<Mark>& marks);

Expected<void> mark_name(const std::string& entry, const std::string& name, const std::optional<std::string>& params,
                         TrecEvalRelease release, std::vector<Mark>& marks) {
  const auto& catalog = measure_catalog();
  for (std::size_t i = 0; i < catalog.size(); ++i) {
    if (catalog[i].name != name) continue;
    if (release == TrecEvalRelease::v9_0_8 && added_in_10_0(name)) break;
    marks[i].wanted = true;
    if (params && !marks[i].params) {
      marks[i].params = params;
      marks[i].entry = entry;
    }
    if (marks[i].entry.empty()) marks[i].entry = entry;
    return {};
  }
  if (needs_other_judgments(name)) {
    return fail(Status::invalid_argument, "measure '" + entry +
                                              "' needs preference or judgment-group qrels (trec_eval -R prefs, "
                                              "qrels_jg), which trec-eval does not read");
  }
  return fail(Status::invalid_argument, "unknown measure '" + entry + "'");
}

Expected<void> mark(std::string_view entry_text, TrecEvalRelease release, std::vector<Mark>& marks) {
  const std::string entry(entry_text);
  const std::size_t dot = entry.find('.');
  const std::string name = entry.substr(0, dot);
  std::optional<std::string> params;
  if (dot != std::string::npos) {
    params = entry.substr(dot + 1);
    if (params->empty()) return fail(Status::invalid_argument, "measure '" + entry + "': no parameters after '.'");
  }
  if (name.empty()) return fail(Status::invalid_argument, "measure '" + entry + "': no measure name");
  for (const auto& set : measure_sets()) {
    if (set.name != name) continue;
    if (params) return fail(Status::invalid_argument, "measure set '" + entry + "' takes no parameters");
    for (std::string_view member : set.entries) {
      if (release == TrecEvalRelease::v9_0_8 && added_in_10_0(member)) continue;  // not in 9.0.8's sets
      GRK_TRY_VOID(mark(member, release, marks));
    }
    return {};
  }
  return mark_name(entry, name, params, release, marks);
}

}  // namespace

Expected<std::vector<RequestedMeasure>> request_measures(const std::vector<std::string>& entries,
                                                         TrecEvalRelease release) {
  const auto& catalog = measure_catalog();
  std::vector<Mark> marks(catalog.size());
  if (entries.empty()) return fail(Status::invalid_argument, "measures: the list is empty");
  for (const auto& entry : entries) GRK_TRY_VOID(mark(entry, release, marks));
  std::vector<RequestedMeasure> requested;
  for (std::size_t i = 0; i < catalog.size(); ++i) {
    if (!marks[i].wanted) continue;
    GRK_TRY(auto measure, build(catalog[i], marks[i].params, marks[i].entry));
    requested.push_back(std::move(measure));
  }
  return requested;
}

}  // namespace grk::measures
