// The opt-in policies of the `beir` component (docs/behaviour/beir.md §16): what to do about
// the published BEIR sets' quirks that groundkit refuses. Each default keeps
// groundkit's rule exactly. declare_opt_ins below is the one declaration of every
// opt-in: its parameter name, its allowed values (the first is the default), the
// policy each value selects and its description. The parameter declarations
// (`describe beir`, the host's pre-run check) and the parse from the params are
// both read off it.
#ifndef GRK_BEIR_RULES_ADAPTATION_POLICIES_HPP
#define GRK_BEIR_RULES_ADAPTATION_POLICIES_HPP

#include <grk/expected.hpp>
#include <grk/param.hpp>

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string_view>
#include <vector>

#include "source/source_lines.hpp"

namespace grk::beir {

/// Whether the qrels must start with their header (docs/behaviour/beir.md §16.2).
enum class QrelsHeader { required, automatic };
/// What to do with raw U+0085, U+2028 and U+2029 in written judgments (docs/behaviour/beir.md §16.4).
enum class UnicodeSeparators { refuse, escape };
/// What to do with positive pairs naming an absent document or query (docs/behaviour/beir.md §16.5).
enum class MissingPolicy { refuse, drop };
/// What to do with pairs whose query id equals the document id (docs/behaviour/beir.md §16.6).
enum class IdenticalIds { keep, exclude };
/// What to do with ids groundkit refuses: document ids that are no safe file
/// name, query ids that are not kebab-case (docs/behaviour/beir.md §16.8).
enum class IdPolicy { refuse, encode };
/// What to do with a source folder of BEIR datasets in subfolders (docs/behaviour/beir.md §17).
enum class SubsetsPolicy { refuse, each };

struct AdaptationPolicies {
  LineBreaks line_breaks = LineBreaks::python;
  QrelsHeader qrels_header = QrelsHeader::required;
  /// Absent: groundkit's binary rule. k >= 1: scores >= k are positive (docs/behaviour/beir.md §16.3).
  std::optional<std::int64_t> graded;
  UnicodeSeparators unicode_separators = UnicodeSeparators::refuse;
  MissingPolicy missing_documents = MissingPolicy::refuse;
  MissingPolicy missing_queries = MissingPolicy::refuse;
  IdenticalIds identical_ids = IdenticalIds::keep;
  IdPolicy document_ids = IdPolicy::refuse;
  IdPolicy query_ids = IdPolicy::refuse;
  /// Read by the component, not by adapt_beir_dataset (docs/behaviour/beir.md §17).
  SubsetsPolicy subsets = SubsetsPolicy::refuse;
};

/// One allowed value of a string opt-in and the policy it selects.
template <typename Policy>
struct PolicyChoice {
  const char* text;
  Policy policy;
};

namespace detail {
// Keeps a template argument out of deduction: the member pointer alone names the policy type.
template <typename T>
struct Named {
  using type = T;
};
}  // namespace detail

/// Every opt-in, in the order `grk-eval describe beir` lists them. `declare` is
/// called once per opt-in: `choice(name, member, {values...}, description)`
/// for a string one (the first value is the default), `threshold(name,
/// member, description)` for `graded`. Adding an opt-in is one line here.
template <typename Declare>
void declare_opt_ins(Declare&& declare) {
  using P = AdaptationPolicies;
  declare.choice("line_breaks", &P::line_breaks, {{"python", LineBreaks::python}, {"newline", LineBreaks::newline}},
                 "where a line of the three source files ends: python (str.splitlines(): also at \\x0b, \\x0c, "
                 "\\x1c-\\x1e, U+0085, U+2028, U+2029) or newline (only at \\n, \\r\\n, \\r)");
  declare.choice("qrels_header", &P::qrels_header,
                 {{"required", QrelsHeader::required}, {"auto", QrelsHeader::automatic}},
                 "required (the qrels start with query-id, corpus-id, score) or auto (a first row whose third "
                 "field is an integer is data; the result says which was found)");
  declare.threshold("graded", &P::graded,
                    "absent: scores other than 0 and 1 are refused; an integer k >= 1: scores >= k are positive, "
                    "lower ones are not, and the result counts the rows of each grade");
  declare.choice("unicode_separators", &P::unicode_separators,
                 {{"refuse", UnicodeSeparators::refuse}, {"escape", UnicodeSeparators::escape}},
                 "a raw U+0085, U+2028 or U+2029 in a written quote or query: refuse (groundkit's load error, "
                 "before writing) or escape (written as \\uXXXX in judgments.jsonl; corpus files keep the raw text)");
  declare.choice("missing_documents", &P::missing_documents,
                 {{"refuse", MissingPolicy::refuse}, {"drop", MissingPolicy::drop}},
                 "positive qrels naming a document absent from the corpus: refuse, or drop those pairs (and the "
                 "queries left without a positive pair)");
  declare.choice("missing_queries", &P::missing_queries, {{"refuse", MissingPolicy::refuse}, {"drop", MissingPolicy::drop}},
                 "positive qrels naming a query absent from queries.jsonl: refuse, or drop those pairs");
  declare.choice("identical_ids", &P::identical_ids, {{"keep", IdenticalIds::keep}, {"exclude", IdenticalIds::exclude}},
                 "positive pairs whose query id equals the document id: keep, or exclude them (BEIR's "
                 "ignore_identical_ids)");
  declare.choice("document_ids", &P::document_ids, {{"refuse", IdPolicy::refuse}, {"encode", IdPolicy::encode}},
                 "document ids that are no safe file name, or that collide when case is folded: refuse, or "
                 "encode them as portable file names (reversible; listed in id_map.tsv)");
  declare.choice("query_ids", &P::query_ids, {{"refuse", IdPolicy::refuse}, {"encode", IdPolicy::encode}},
                 "positive query ids that are not kebab-case: refuse, or encode them as kebab-case ids (listed in "
                 "id_map.tsv; two ids that become one are refused)");
  declare.choice("subsets", &P::subsets, {{"refuse", SubsetsPolicy::refuse}, {"each", SubsetsPolicy::each}},
                 "a source folder without corpus.jsonl whose subfolders are BEIR datasets (CQADupStack): refuse, "
                 "or each (every such subfolder adapted into output_dir/<name>/ with the same options)");
}

/// The allowed values of one string opt-in, as the declarations list them.
template <typename Policy>
using PolicyChoices = std::initializer_list<PolicyChoice<typename detail::Named<Policy>::type>>;

/// The declarations of the policy parameters, in the order `grk-eval describe beir` lists them.
std::vector<ParamSpec> policy_params();

/// Refuses (invalid_argument) a `graded` threshold below 1, naming the parameter.
Expected<void> check_graded(const std::optional<std::int64_t>& graded);

/// The policies the `params` choose. A value outside a parameter's choices
/// (which the host refuses before a step runs, but a direct caller may pass)
/// fails (invalid_argument) with the SDK's words: "parameter 'x': must be one
/// of: ...; got '...'".
Expected<AdaptationPolicies> read_policies(const Params& params);

/// Whether `policies` choose the opt-in `setting`, written "param=value" (as
/// validate mode's `resolved_by` names it); for `graded`, any threshold.
bool opt_in_is(const AdaptationPolicies& policies, std::string_view setting);

/// The SDK's refusal of `params`' value for `spec` when it is not allowed, as
/// the generated entry code words it.
Expected<void> check_choice(const Params& params, const ParamSpec& spec);

}  // namespace grk::beir

#endif
