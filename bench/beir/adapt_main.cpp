// grk-beir-adapt: runs the beir adapter's C++ core directly, without the host,
// for the benchmark driver and for comparing against the Python reference.
//
//   grk-beir-adapt --src DIR --out DIR [--split NAME] [--json]
//   grk-beir-adapt --src DIR --validate [--split NAME] [--json]
//
// --validate runs validate mode (docs/behaviour/beir.md §18) instead: it writes nothing and
// prints the summary line (or {"validation": {...}} with --json).
//
// With --json prints {"report": {...}} or {"error": msg, "status": name} on
// stdout (exit 0); otherwise prints the summary line, or the error on stderr
// (exit 1).
#include <grk/error.hpp>
#include <grk/json/writer.hpp>

#include <boost/json.hpp>

#include <cstring>
#include <iostream>
#include <string>

#include "pipeline/report.hpp"
#include "pipeline/adapt.hpp"
#include "pipeline/validate.hpp"

int main(int argc, char** argv) {
  grk::beir::AdaptationRequest request;
  bool as_json = false;
  bool validate = false;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--json") {
      as_json = true;
    } else if (arg == "--validate") {
      validate = true;
    } else if (i + 1 < argc && (arg == "--src" || arg == "--out" || arg == "--split")) {
      (arg == "--src" ? request.source_dir : arg == "--out" ? request.output_dir : request.split) = argv[++i];
    } else {
      std::cerr << "usage: grk-beir-adapt --src DIR (--out DIR | --validate) [--split NAME] [--json]\n";
      return 2;
    }
  }
  try {
    if (validate) {
      const boost::json::object result = grk::beir::validation_to_json(grk::beir::validate_beir_dataset(request));
      if (as_json) {
        boost::json::object out;
        out["validation"] = result;
        std::cout << grk::json::dumps(out) << "\n";
      } else {
        std::cout << grk::beir::validation_summary(result) << "\n";
      }
      return 0;
    }
    const auto report = grk::beir::adapt_beir_dataset(request);
    if (as_json) {
      boost::json::object out;
      out["report"] = grk::beir::report_to_json(report);
      std::cout << grk::json::dumps(out) << "\n";
    } else {
      std::cout << grk::beir::summary_line(report.document_count, report.total_characters, report.corpus_dir,
                                           report.query_count, report.relevance_pair_count, report.judgments_path)
                << "\n";
    }
    return 0;
  } catch (const grk::Error& error) {
    if (as_json) {
      boost::json::object out;
      out["error"] = error.what();
      out["status"] = grk::status_name(error.status());
      std::cout << grk::json::dumps(out) << "\n";
      return 0;
    }
    std::cerr << "grk-beir-adapt: " << error.what() << "\n";
    return 1;
  }
}
