#include "trec_inputs.hpp"

#include <grk/error.hpp>
#include <grk/eval/line_reader.hpp>
#include <grk/expected.hpp>
#include <grk/json/reader.hpp>

#include <cerrno>
#include <cstdlib>
#include <string_view>

namespace trec_adapter {
namespace {

using grk::Status;

// Hands each line of `path` to `take(line, number)`, the file read in bounded
// memory by the SDK's LineReader (lines without "\n" or a "\r" before it;
// none longer than 1 MiB): a collection of millions of lines is never whole
// in memory, and a FIFO or a device is refused before it is read.
template <typename Take>
grk::Expected<void> for_each_line(const std::filesystem::path& path, std::string_view what, Take take) {
  GRK_TRY(auto reader, grk::eval::LineReader::open(path, what));
  std::string_view line;
  for (;;) {
    GRK_TRY(const bool more, reader->next(line));
    if (!more) return {};
    GRK_TRY_VOID(take(line, reader->number()));
  }
}

std::vector<std::string> fields_of(std::string_view line) {
  std::vector<std::string> fields;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
    const std::size_t start = i;
    while (i < line.size() && line[i] != ' ' && line[i] != '\t') ++i;
    if (i > start) fields.emplace_back(line.substr(start, i - start));
  }
  return fields;
}

std::string at_line(const std::filesystem::path& path, std::size_t line) {
  return path.string() + ":" + std::to_string(line) + ": ";
}

}  // namespace

bool is_safe_docno(const std::string& docno) {
  if (docno.empty() || docno.size() > 200) return false;
  for (std::size_t i = 0; i < docno.size(); ++i) {
    const char c = docno[i];
    const bool alnum = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
    if (!alnum && (i == 0 || (c != '.' && c != '_' && c != '-'))) return false;
  }
  return true;
}

grk::Expected<std::vector<QrelsRow>> read_qrels(const std::filesystem::path& path) {
  std::vector<QrelsRow> rows;
  GRK_TRY_VOID(for_each_line(path, "qrels file", [&](std::string_view line, std::size_t number) -> grk::Expected<void> {
    const auto fields = fields_of(line);
    if (fields.empty()) return {};
    if (fields.size() != 4) {
      return grk::fail(Status::invalid_data, at_line(path, number) + "expected 4 fields (topic iteration docno relevance), got " +
                                            std::to_string(fields.size()));
    }
    QrelsRow row{fields[0], fields[2], 0, number};
    errno = 0;
    char* end = nullptr;
    row.relevance = std::strtoll(fields[3].c_str(), &end, 10);
    if (end == fields[3].c_str() || *end != '\0' || errno == ERANGE) {
      return grk::fail(Status::invalid_data, at_line(path, number) + "relevance '" + fields[3] + "' is not an integer");
    }
    rows.push_back(std::move(row));
    return {};
  }));
  return rows;
}

grk::Expected<std::map<std::string, std::string>> read_topics(const std::filesystem::path& path) {
  std::map<std::string, std::string> topics;
  GRK_TRY_VOID(for_each_line(path, "topics file", [&](std::string_view line, std::size_t number) -> grk::Expected<void> {
    if (line.empty()) return {};
    const std::size_t tab = line.find('\t');
    if (tab == 0 || tab == std::string_view::npos || tab + 1 == line.size()) {
      return grk::fail(Status::invalid_data, at_line(path, number) + "expected 'topic<TAB>query text'");
    }
    const std::string topic(line.substr(0, tab));
    if (!topics.emplace(topic, std::string(line.substr(tab + 1))).second) {
      return grk::fail(Status::invalid_data, at_line(path, number) + "topic '" + topic + "' appears twice");
    }
    return {};
  }));
  return topics;
}

grk::Expected<std::map<std::string, Document>> read_documents(const std::filesystem::path& path,
                                                              const std::string& id_field,
                                                              const std::string& text_field) {
  std::map<std::string, Document> documents;
  GRK_TRY_VOID(for_each_line(path, "documents file", [&](std::string_view line, std::size_t number) -> grk::Expected<void> {
    if (line.find_first_not_of(" \t") == std::string_view::npos) return {};
    const auto value = grk::json::read(line);
    if (!value) return grk::fail(Status::invalid_data, at_line(path, number) + "invalid JSON: " + value.error().describe());
    const auto* object = value->if_object();
    const auto* id = object ? object->if_contains(id_field) : nullptr;
    const auto* body = object ? object->if_contains(text_field) : nullptr;
    if (!id || !id->is_string() || !body || !body->is_string()) {
      return grk::fail(Status::invalid_data, at_line(path, number) + "expected a JSON object with string fields '" +
                                            id_field + "' and '" + text_field + "'");
    }
    const std::string docno(id->get_string());
    if (!is_safe_docno(docno)) {
      return grk::fail(Status::invalid_data,
                  at_line(path, number) + "docno '" + docno +
                      "' cannot be a file name (letters, digits, '.', '_', '-', starting with a letter or digit)");
    }
    if (!documents.emplace(docno, Document{std::string(body->get_string()), number}).second) {
      return grk::fail(Status::invalid_data, at_line(path, number) + "docno '" + docno + "' appears twice");
    }
    return {};
  }));
  return documents;
}

}  // namespace trec_adapter
