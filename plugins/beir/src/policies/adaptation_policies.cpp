#include "policies/adaptation_policies.hpp"

#include <grk/python/text.hpp>

#include <string>
#include <utility>
#include <vector>

namespace grk::beir {
namespace {

// The value of the string parameter `name` among `choices` (value, policy;
// the first is the default, taken when the parameter is absent), or the
// refusal naming the parameter and every choice.
template <typename Policy>
Expected<Policy> choice(const Params& params, const char* name,
                        const std::vector<std::pair<const char*, Policy>>& choices) {
  if (!params.has(name)) return choices.front().second;
  const std::string given = params.string(name);
  std::string known;
  for (const auto& [text, policy] : choices) {
    if (given == text) return policy;
    known += (known.empty() ? "" : ", ") + python::repr(text);
  }
  return fail(Status::invalid_argument, std::string(name) + " must be one of " + known + ", got " + python::repr(given));
}

}  // namespace

std::vector<ParamSpec> policy_params() {
  return {
      with_default("line_breaks", ParamType::string, "python",
                   "where a line of the three source files ends: python (str.splitlines(): also at \\x0b, \\x0c, "
                   "\\x1c-\\x1e, U+0085, U+2028, U+2029) or newline (only at \\n, \\r\\n, \\r)"),
      with_default("qrels_header", ParamType::string, "required",
                   "required (the qrels start with query-id, corpus-id, score) or auto (a first row whose third "
                   "field is an integer is data; the result says which was found)"),
      optional("graded", ParamType::integer,
               "absent: scores other than 0 and 1 are refused; an integer k >= 1: scores >= k are positive, lower "
               "ones are not, and the result counts the rows of each grade"),
      with_default("unicode_separators", ParamType::string, "refuse",
                   "a raw U+0085, U+2028 or U+2029 in a written quote or query: refuse (groundkit's load error, "
                   "before writing) or escape (written as \\uXXXX in judgments.jsonl; corpus files keep the raw text)"),
      with_default("missing_documents", ParamType::string, "refuse",
                   "positive qrels naming a document absent from the corpus: refuse, or drop those pairs (and the "
                   "queries left without a positive pair)"),
      with_default("missing_queries", ParamType::string, "refuse",
                   "positive qrels naming a query absent from queries.jsonl: refuse, or drop those pairs"),
      with_default("identical_ids", ParamType::string, "keep",
                   "positive pairs whose query id equals the document id: keep, or exclude them (BEIR's "
                   "ignore_identical_ids)"),
      with_default("document_ids", ParamType::string, "refuse",
                   "document ids that are no safe file name, or that collide when case is folded: refuse, or "
                   "encode them as portable file names (reversible; listed in id_map.tsv)"),
      with_default("query_ids", ParamType::string, "refuse",
                   "positive query ids that are not kebab-case: refuse, or encode them as kebab-case ids (listed in "
                   "id_map.tsv; two ids that become one are refused)"),
      with_default("subsets", ParamType::string, "refuse",
                   "a source folder without corpus.jsonl whose subfolders are BEIR datasets (CQADupStack): refuse, "
                   "or each (every such subfolder adapted into output_dir/<name>/ with the same options)"),
  };
}

Expected<void> check_graded(const std::optional<std::int64_t>& graded) {
  if (graded && *graded < 1) {
    return fail(Status::invalid_argument,
                "graded must be an integer >= 1 (the lowest positive grade), got " + std::to_string(*graded));
  }
  return {};
}

Expected<AdaptationPolicies> read_policies(const Params& params) {
  AdaptationPolicies policies;
  auto line_breaks = choice<LineBreaks>(params, "line_breaks", {{"python", LineBreaks::python},
                                                                {"newline", LineBreaks::newline}});
  if (!line_breaks) return unexpected(std::move(line_breaks).error());
  policies.line_breaks = *line_breaks;
  auto header = choice<QrelsHeader>(params, "qrels_header", {{"required", QrelsHeader::required},
                                                             {"auto", QrelsHeader::automatic}});
  if (!header) return unexpected(std::move(header).error());
  policies.qrels_header = *header;
  if (params.has("graded")) policies.graded = params.integer("graded");
  if (auto graded = check_graded(policies.graded); !graded) return unexpected(std::move(graded).error());
  auto separators = choice<UnicodeSeparators>(params, "unicode_separators", {{"refuse", UnicodeSeparators::refuse},
                                                                              {"escape", UnicodeSeparators::escape}});
  if (!separators) return unexpected(std::move(separators).error());
  policies.unicode_separators = *separators;
  const std::vector<std::pair<const char*, MissingPolicy>> missing = {{"refuse", MissingPolicy::refuse},
                                                                       {"drop", MissingPolicy::drop}};
  auto documents = choice<MissingPolicy>(params, "missing_documents", missing);
  if (!documents) return unexpected(std::move(documents).error());
  policies.missing_documents = *documents;
  auto queries = choice<MissingPolicy>(params, "missing_queries", missing);
  if (!queries) return unexpected(std::move(queries).error());
  policies.missing_queries = *queries;
  auto identical = choice<IdenticalIds>(params, "identical_ids", {{"keep", IdenticalIds::keep},
                                                                  {"exclude", IdenticalIds::exclude}});
  if (!identical) return unexpected(std::move(identical).error());
  policies.identical_ids = *identical;
  const std::vector<std::pair<const char*, IdPolicy>> ids = {{"refuse", IdPolicy::refuse}, {"encode", IdPolicy::encode}};
  auto document_ids = choice<IdPolicy>(params, "document_ids", ids);
  if (!document_ids) return unexpected(std::move(document_ids).error());
  policies.document_ids = *document_ids;
  auto query_ids = choice<IdPolicy>(params, "query_ids", ids);
  if (!query_ids) return unexpected(std::move(query_ids).error());
  policies.query_ids = *query_ids;
  auto subsets = choice<SubsetsPolicy>(params, "subsets", {{"refuse", SubsetsPolicy::refuse},
                                                           {"each", SubsetsPolicy::each}});
  if (!subsets) return unexpected(std::move(subsets).error());
  policies.subsets = *subsets;
  return policies;
}

}  // namespace grk::beir
