#include "statistic/result_json.hpp"

#include <cmath>
#include <cstdint>

#include <grk/json/compact_writer.hpp>

#include "language/measure_plan.hpp"

namespace grk::measures {

namespace {

void write_value(json::CompactWriter& out, const RequestedMeasure& measure, double value) {
  if (measure.definition->integer) {
    out.value(static_cast<std::int64_t>(value));
  } else if (std::isnan(value)) {
    out.null();
  } else {
    out.value(value);
  }
}

// The named values of one row: each measure shown in this place (per query or summary).
void write_row(json::CompactWriter& out, const ValueLayout& layout, const std::vector<double>& values,
               const std::string* relstring, bool per_query) {
  out.begin_object();
  for (std::size_t m = 0; m < layout.measures.size(); ++m) {
    const RequestedMeasure& measure = layout.measures[m];
    const Summary summary = measure.definition->summary;
    if (summary == Summary::run_id) continue;
    if (summary == Summary::none) {
      if (per_query && relstring != nullptr) {
        out.key(measure.names[0]);
        out.value(*relstring);
      }
      continue;
    }
    if (per_query && !measure.definition->per_query) continue;
    for (std::size_t k = 0; k < measure.names.size(); ++k) {
      out.key(measure.names[k]);
      write_value(out, measure, values[layout.offsets[m] + k]);
    }
  }
  out.end_object();
}

// One system's summary and, with `per_query`, its rows in query order.
void write_system(json::CompactWriter& out, const RunScores& scores, const ValueLayout& layout, bool per_query) {
  out.begin_object();
  out.key("run_id");
  out.value(scores.run_id);
  out.key("summary");
  write_row(out, layout, scores.summary, nullptr, false);
  if (per_query) {
    out.key("per_query");
    out.begin_object();
    for (const QueryScores& query : scores.queries) {
      out.key(query.qid);
      write_row(out, layout, query.values, &query.relstring, true);
    }
    out.end_object();
  }
  out.end_object();
}

// What a paper's table calls each measure.
void write_twins(json::CompactWriter& out, const std::vector<std::string>& names, const EvaluationOptions& options) {
  out.begin_object();
  for (const auto& name : names) {
    if (auto twin = ir_measures_twin(name, options, false)) {
      out.key(name);
      out.value(*twin);
    }
  }
  out.end_object();
}

void write_result(json::CompactWriter& out, const std::vector<std::string>& systems,
                  const std::vector<RunScores>& scores, const std::vector<std::string>& names,
                  const ValueLayout& layout, const EvaluationOptions& options) {
  out.begin_object();
  out.key("measures");
  out.begin_array();
  for (const auto& name : names) out.value(name);
  out.end_array();
  out.key("systems");
  out.begin_object();
  for (std::size_t s = 0; s < systems.size(); ++s) {
    out.key(systems[s]);
    write_system(out, scores[s], layout, options.per_query);
  }
  out.end_object();
  out.key("ir_measures_names");
  write_twins(out, names, options);
  out.end_object();
}

// More bytes than write_result writes (about twice): the text is reserved
// whole, since grown by doubling it was copied into ever larger buffers of
// fresh memory (27 MB touched for a 7,000-query run's 12 MB), and fresh
// memory is what costs most here. Room reserved and never written is never
// touched.
std::size_t result_bytes(const std::vector<RunScores>& scores, const std::vector<std::string>& names) {
  constexpr std::size_t widest_number = 24;       // -1.2345678901234567e-300
  constexpr std::size_t quotes_colon_comma = 4;  // "name":value,
  std::size_t row = 2;
  for (const auto& name : names) row += name.size() + quotes_colon_comma + widest_number;
  std::size_t bytes = 256;
  for (const auto& name : names) bytes += 2 * (name.size() + quotes_colon_comma) + 64;  // the lists of names
  for (const RunScores& run : scores) {
    bytes += run.run_id.size() + 64 + row;
    for (const QueryScores& query : run.queries) bytes += query.qid.size() + query.relstring.size() + 16 + row;
  }
  return bytes;
}

}  // namespace

std::vector<std::string> listed_measures(const ValueLayout& layout) {
  std::vector<std::string> names;
  for (const auto& measure : layout.measures) {
    if (measure.definition->summary == Summary::run_id) continue;
    names.insert(names.end(), measure.names.begin(), measure.names.end());
  }
  return names;
}

std::string result_text(const std::vector<std::string>& systems, const std::vector<RunScores>& scores,
                        const ValueLayout& layout, const EvaluationOptions& options) {
  const std::vector<std::string> names = listed_measures(layout);
  std::string text;
  text.reserve(result_bytes(scores, names));
  {
    json::CompactWriter out(text);  // the text is whole once the writer is gone
    write_result(out, systems, scores, names, layout, options);
  }
  return text;
}

}  // namespace grk::measures
