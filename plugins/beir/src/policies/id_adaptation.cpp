#include "policies/id_adaptation.hpp"

#include <grk/groundkit/id_encoding.hpp>
#include <grk/json/wtf8.hpp>
#include <grk/python/text.hpp>

#include "rules/identifier_rules.hpp"
#include "rules/problem_messages.hpp"

namespace grk::beir {
namespace {

constexpr std::string_view document_suffix = ".txt";
constexpr std::size_t examples = 10;
constexpr std::size_t id_map_piece = 1 << 20;

bool keeps_its_name(std::string_view id) { return check_identifier(id, IdentifierSubject::document).has_value(); }

// An id in a field of id_map.tsv: TAB, LF, CR and backslash escaped
// (docs/behaviour/beir.md §16.8).
void append_field(std::string& out, std::string_view id) {
  for (const char c : id) {
    switch (c) {
      case '\t': out += "\\t"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\\': out += "\\\\"; break;
      default: out += c;
    }
  }
}

void append_line(std::string& out, const char* kind, std::string_view original, std::string_view adapted) {
  out += kind;
  out += '\t';
  append_field(out, original);
  out += '\t';
  append_field(out, adapted);
  out += '\n';
}

Expected<void> adapt_document_ids(const DocumentIndex& index, AdaptedIds& ids) {
  DocumentNames& names = ids.documents;
  names.encode = true;
  // The file name records the id's bytes; id_map.tsv must be UTF-8.
  for (std::size_t i = 0; i < index.size(); ++i) {
    if (json::contains_lone_surrogate(index.sorted_id(i))) {
      return fail(Status::invalid_data,
                  "BEIR document id " + python::repr(index.sorted_id(i)) +
                      " contains a lone surrogate (a \\ud800-\\udfff escape without its pair), which id_map.tsv "
                      "cannot record as UTF-8; refused. Nothing was written.");
    }
  }
  // Of the ids that would keep their name and are equal once case is folded,
  // the smallest by code point keeps it; the others are encoded.
  for (const auto& group : index.case_collisions()) {
    bool kept = false;
    for (const auto& id : group) {  // sorted
      if (!keeps_its_name(id)) continue;
      if (kept) names.case_renamed.insert(id);
      kept = true;
    }
  }
  std::map<std::string, std::string> digests;  // digest stem -> id: only ids too long to escape
  for (std::size_t i = 0; i < index.size(); ++i) {
    const std::string_view id = index.sorted_id(i);
    if (!names.changed(id)) continue;
    const std::string stem = names.stem(id);
    if (groundkit::is_digest_file_stem(stem)) {
      const auto [place, fresh] = digests.emplace(stem, std::string(id));
      if (!fresh) {
        return fail(Status::invalid_data, "BEIR document ids " + python::repr(place->second) + " and " +
                                              python::repr(id) + " both encode to the file name " +
                                              python::repr(stem + ".txt") + "; refused. Nothing was written.");
      }
    }
    ++ids.documents_changed;
    if (ids.first_documents.size() < examples) ids.first_documents.emplace_back(std::string(id), stem);
  }
  return {};
}

Expected<void> adapt_query_ids(const Qrels& qrels, AdaptedIds& ids) {
  std::map<std::string, std::vector<std::string>> originals;  // adapted -> its originals, ascending
  for (const auto& entry : qrels.positives) {
    const std::string adapted = groundkit::kebab_case_id(entry.first);
    originals[adapted].push_back(entry.first);
    if (adapted != entry.first) ids.queries.renamed.emplace(entry.first, adapted);
  }
  for (const auto& [adapted, group] : originals) {
    if (group.size() < 2) continue;
    return fail(Status::invalid_data, encoded_query_id_collision_message(group[0], group[1], adapted));
  }
  return {};
}

}  // namespace

bool DocumentNames::changed(std::string_view id) const {
  return encode && (!keeps_its_name(id) || case_renamed.count(id) != 0);
}

std::string DocumentNames::stem(std::string_view id) const {
  return changed(id) ? groundkit::encode_file_stem(id, document_suffix) : std::string(id);
}

const std::string& QueryNames::name(const std::string& id) const {
  const auto found = renamed.find(id);
  return found == renamed.end() ? id : found->second;
}

Expected<AdaptedIds> adapt_ids(const DocumentIndex& index, const Qrels& qrels, const AdaptationPolicies& policies) {
  AdaptedIds ids;
  if (policies.document_ids == IdPolicy::encode) {
    if (auto adapted = adapt_document_ids(index, ids); !adapted) return unexpected(std::move(adapted).error());
  }
  if (policies.query_ids == IdPolicy::encode) {
    if (auto adapted = adapt_query_ids(qrels, ids); !adapted) return unexpected(std::move(adapted).error());
  }
  return ids;
}

Expected<void> write_id_map(const DocumentIndex& index, const AdaptedIds& ids,
                            const std::function<Expected<void>(std::string_view)>& sink) {
  std::string piece = "kind\toriginal\tadapted\n";
  const auto flush_when_full = [&]() -> Expected<void> {
    if (piece.size() < id_map_piece) return {};
    auto flushed = sink(piece);
    piece.clear();
    return flushed;
  };
  // "document" sorts before "query"; within a kind, by the original's code
  // points, which is the byte order of UTF-8 and the order of both containers.
  if (ids.documents.encode) {
    for (std::size_t i = 0; i < index.size(); ++i) {
      const std::string_view id = index.sorted_id(i);
      if (!ids.documents.changed(id)) continue;
      append_line(piece, "document", id, ids.documents.stem(id));
      if (auto flushed = flush_when_full(); !flushed) return flushed;
    }
  }
  for (const auto& [original, adapted] : ids.queries.renamed) {
    append_line(piece, "query", original, adapted);
    if (auto flushed = flush_when_full(); !flushed) return flushed;
  }
  return sink(piece);
}

}  // namespace grk::beir
