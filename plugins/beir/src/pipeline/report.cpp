#include "pipeline/report.hpp"

#include <grk/json/described.hpp>

#include "write/number_text.hpp"

namespace grk::beir {

boost::json::object report_to_json(const AdaptationReport& report) { return json::described_object(report); }

std::string summary_line(std::uint64_t document_count, std::uint64_t total_characters, const std::string& corpus_dir,
                         std::uint64_t query_count, std::uint64_t relevance_pair_count,
                         const std::string& judgments_path) {
  const double gold_per_query =
      query_count == 0 ? 0.0 : static_cast<double>(relevance_pair_count) / static_cast<double>(query_count);
  return counted(document_count, "document", "documents") + ", " + counted(total_characters, "char", "chars") +
         " -> " + corpus_dir + "; " + counted(query_count, "query", "queries") + ", " + two_decimals(gold_per_query) +
         " gold docs/query -> " + judgments_path;
}

std::string subset_summary_line(std::uint64_t subset_count, const std::string& names, std::uint64_t document_count,
                                std::uint64_t query_count, std::uint64_t relevance_pair_count,
                                const std::string& output_dir) {
  return counted(subset_count, "subset", "subsets") + " (" + names + "): " +
         counted(document_count, "document", "documents") + ", " + counted(query_count, "query", "queries") + ", " +
         counted(relevance_pair_count, "gold doc", "gold docs") + " -> " + output_dir;
}

}  // namespace grk::beir
