#include "printing/trec_eval_text.hpp"

#include <cstdio>

namespace grk::measures {

namespace {

class Printer {
 public:
  Printer(std::string& out, NumberFormat format) : out_(out), real_(format == NumberFormat::trec_eval ? "%6.4f" : "%.17g") {}

  // `%-22s\t%s\t` then the value, as every trec_eval print routine starts.
  void label(const std::string& name, const std::string& qid) {
    out_ += name;
    if (name.size() < 22) out_.append(22 - name.size(), ' ');
    out_ += '\t';
    out_ += qid;
    out_ += '\t';
  }
  void real(double value) {
    char buffer[64];
    const int n = std::snprintf(buffer, sizeof buffer, real_, value);
    out_.append(buffer, static_cast<std::size_t>(n));
    out_ += '\n';
  }
  void integer(double value) {
    out_ += std::to_string(static_cast<long>(value));
    out_ += '\n';
  }
  void text(const std::string& value) {
    out_ += value;
    out_ += '\n';
  }

 private:
  std::string& out_;
  const char* real_;
};

void print_values(Printer& printer, const RequestedMeasure& measure, const double* values, const std::string& qid) {
  for (std::size_t k = 0; k < measure.names.size(); ++k) {
    printer.label(measure.names[k], qid);
    if (measure.definition->integer) {
      printer.integer(values[k]);
    } else {
      printer.real(values[k]);
    }
  }
}

}  // namespace

std::string trec_eval_text(const RunScores& scores, const ValueLayout& layout, bool per_query, NumberFormat format) {
  std::string out;
  Printer printer(out, format);
  if (per_query) {
    for (const auto& query : scores.queries) {
      for (std::size_t m = 0; m < layout.measures.size(); ++m) {
        const RequestedMeasure& measure = layout.measures[m];
        if (!measure.definition->per_query) continue;
        if (measure.definition->summary == Summary::none) {  // relstring
          printer.label(measure.names[0], query.qid);
          printer.text("'" + query.relstring + "'");
          continue;
        }
        print_values(printer, measure, query.values.data() + layout.offsets[m], query.qid);
      }
    }
  }
  static const std::string all = "all";
  for (std::size_t m = 0; m < layout.measures.size(); ++m) {
    const RequestedMeasure& measure = layout.measures[m];
    if (measure.definition->summary == Summary::none) continue;
    if (measure.definition->summary == Summary::run_id) {
      printer.label("runid", all);
      printer.text(scores.run_id);
      continue;
    }
    print_values(printer, measure, scores.summary.data() + layout.offsets[m], all);
  }
  return out;
}

}  // namespace grk::measures
