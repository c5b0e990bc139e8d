#include "qrels_reader.hpp"

#include <grk/error.hpp>
#include <grk/python/text.hpp>

#include <optional>
#include <string_view>
#include <vector>

#include "identifier_rules.hpp"
#include "python_path.hpp"
#include "source_lines.hpp"

namespace grk::beir {
namespace {

std::vector<std::string_view> split_tabs(std::string_view line) {
  std::vector<std::string_view> fields;
  std::size_t start = 0;
  for (;;) {
    const std::size_t tab = line.find('\t', start);
    fields.push_back(line.substr(start, tab == std::string_view::npos ? std::string_view::npos : tab - start));
    if (tab == std::string_view::npos) return fields;
    start = tab + 1;
  }
}

std::string graded_message(const std::string& score, const std::string& path, std::uint64_t line) {
  return "graded BEIR relevance score " + score + " at " + path + " line " + std::to_string(line) +
         ": this adapter supports binary qrels only. groundkit judgments carry no relevance grade, "
         "so every positive grade would collapse to the same membership and the adapted set would "
         "report binary nDCG against a collection whose published numbers are graded. Use a binary "
         "collection (SciFact, NFCorpus's binary splits) or add graded relevance to the harness "
         "first.";
}

// The first problem of one data row, in the reference's order (3.4 steps 1-5).
std::optional<std::string> row_problem(std::string_view line, const std::string& path, std::uint64_t number,
                                       Qrels& qrels) {
  const std::vector<std::string_view> row = split_tabs(line);
  if (row.size() < 3) return "invalid BEIR qrels row at " + path + " line " + std::to_string(number);
  if (auto problem = identifier_problem(row[0], IdentifierSubject::query)) return problem;
  if (auto problem = identifier_problem(row[1], IdentifierSubject::document)) return problem;
  const std::optional<std::string> score = python::parse_int(row[2]);
  if (!score) {
    return "invalid integer relevance score " + python::repr(row[2]) + " at " + path + " line " +
           std::to_string(number);
  }
  if (*score != "0" && *score != "1") return graded_message(*score, path, number);
  if (*score == "1") qrels.positives[std::string(row[0])].insert(std::string(row[1]));
  return std::nullopt;
}

}  // namespace

std::size_t Qrels::pair_count() const {
  std::size_t count = 0;
  for (const auto& entry : positives) count += entry.second.size();
  return count;
}

Qrels read_qrels(const SourceFile& file, const std::string& path) {
  Qrels qrels;
  std::optional<std::string> problem;
  try {
    SourceLineReader reader(file.fd());
    std::string_view line;
    std::uint64_t number = 0;  // counts non-empty lines only (reference 3.4)
    while (reader.next(line)) {
      if (line.empty()) continue;
      ++number;
      if (number == 1) {
        const std::vector<std::string_view> header = split_tabs(line);
        if (header.size() < 3 || header[0] != "query-id" || header[1] != "corpus-id" || header[2] != "score") {
          problem = "unexpected or missing BEIR qrels header in " + path;
        }
      } else {
        problem = row_problem(line, path, number, qrels);
      }
      if (problem) {
        reader.drain();  // a decode error anywhere in the file wins (reference 3.2)
        break;
      }
    }
    if (!problem && number == 0) problem = "unexpected or missing BEIR qrels header in " + path;
  } catch (const InvalidUtf8& error) {
    throw Error(Status::invalid_data,
                "BEIR qrels " + python::repr(path) + " are not valid UTF-8: " + error.what());
  } catch (const ReadFailed& error) {
    throw Error(Status::io_error,
                "cannot read BEIR qrels " + python::repr(path) + ": " + os_error_text(error.errno_value, path));
  }
  if (problem) throw Error(Status::invalid_data, *problem);
  return qrels;
}

}  // namespace grk::beir
