#include "trec_inputs.hpp"

#include <grk/error.hpp>
#include <grk/expected.hpp>
#include <grk/json/reader.hpp>

#include <cerrno>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string_view>

namespace trec_adapter {
namespace {

using grk::Status;

// Lines without their terminator; a trailing "\r" (files from Windows) goes too.
std::vector<std::string_view> lines_of(std::string_view text) {
  std::vector<std::string_view> lines;
  while (!text.empty()) {
    const std::size_t end = text.find('\n');
    std::string_view line = text.substr(0, end);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    lines.push_back(line);
    if (end == std::string_view::npos) break;
    text.remove_prefix(end + 1);
  }
  return lines;
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

grk::Expected<std::string> read_file(const std::filesystem::path& path, const char* what) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) {
    return grk::fail(Status::not_found, std::string(what) + " file '" + path.string() + "' does not exist");
  }
  std::ifstream in(path, std::ios::binary);
  std::ostringstream bytes;
  bytes << in.rdbuf();
  if (!in) return grk::fail(Status::io_error, std::string("cannot read ") + what + " file '" + path.string() + "'");
  return bytes.str();
}

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
  GRK_TRY(const auto text, read_file(path, "qrels"));
  std::vector<QrelsRow> rows;
  std::size_t number = 0;
  for (const std::string_view line : lines_of(text)) {
    ++number;
    const auto fields = fields_of(line);
    if (fields.empty()) continue;
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
  }
  return rows;
}

grk::Expected<std::map<std::string, std::string>> read_topics(const std::filesystem::path& path) {
  GRK_TRY(const auto text, read_file(path, "topics"));
  std::map<std::string, std::string> topics;
  std::size_t number = 0;
  for (const std::string_view line : lines_of(text)) {
    ++number;
    if (line.empty()) continue;
    const std::size_t tab = line.find('\t');
    if (tab == 0 || tab == std::string_view::npos || tab + 1 == line.size()) {
      return grk::fail(Status::invalid_data, at_line(path, number) + "expected 'topic<TAB>query text'");
    }
    const std::string topic(line.substr(0, tab));
    if (!topics.emplace(topic, std::string(line.substr(tab + 1))).second) {
      return grk::fail(Status::invalid_data, at_line(path, number) + "topic '" + topic + "' appears twice");
    }
  }
  return topics;
}

grk::Expected<std::map<std::string, Document>> read_documents(const std::filesystem::path& path,
                                                              const std::string& id_field,
                                                              const std::string& text_field) {
  GRK_TRY(const auto text, read_file(path, "documents"));
  std::map<std::string, Document> documents;
  std::size_t number = 0;
  for (const std::string_view line : lines_of(text)) {
    ++number;
    if (line.find_first_not_of(" \t") == std::string_view::npos) continue;
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
  }
  return documents;
}

}  // namespace trec_adapter
