// What an adaptation reports, as the component's JSON result and as the CLI
// wrapper's summary line.
#ifndef GRK_BEIR_PIPELINE_REPORT_HPP
#define GRK_BEIR_PIPELINE_REPORT_HPP

#include <boost/describe/class.hpp>
#include <boost/json/object.hpp>

#include <cstdint>
#include <string>

namespace grk::beir {

/// BeirAdaptationReport (docs/behaviour/beir.md §10), fields in the reference's order.
struct AdaptationReport {
  std::string source_dir;
  std::string output_dir;
  std::string split;
  std::uint64_t document_count = 0;
  std::uint64_t query_count = 0;
  std::uint64_t relevance_pair_count = 0;
  std::uint64_t total_characters = 0;  ///< code points, as Python's len()
  std::string corpus_dir;
  std::string judgments_path;
  /// What the opt-in policies report (docs/behaviour/beir.md §16.7), appended after the
  /// reference's fields; empty with every policy at its default.
  boost::json::object policy_fields;
};
BOOST_DESCRIBE_STRUCT(AdaptationReport, (),
                      (source_dir, output_dir, split, document_count, query_count, relevance_pair_count,
                       total_characters, corpus_dir, judgments_path, policy_fields))

/// The report as the component's JSON result, fields in order (its
/// description above, grk/json/described.hpp), the policies' fields last.
boost::json::object report_to_json(const AdaptationReport& report);

/// One line in the words of the reference's CLI wrapper (docs/behaviour/beir.md §10), each count
/// with its noun in the right number ("1 query", "2 queries").
std::string summary_line(std::uint64_t document_count, std::uint64_t total_characters, const std::string& corpus_dir,
                         std::uint64_t query_count, std::uint64_t relevance_pair_count,
                         const std::string& judgments_path);

/// The summary of `subsets: each` (docs/behaviour/beir.md §17): "3 subsets (a, b, c): 6
/// documents, 3 queries, 4 gold docs -> /abs/out", counts summed over the subsets.
std::string subset_summary_line(std::uint64_t subset_count, const std::string& names, std::uint64_t document_count,
                                std::uint64_t query_count, std::uint64_t relevance_pair_count,
                                const std::string& output_dir);

}  // namespace grk::beir

#endif
