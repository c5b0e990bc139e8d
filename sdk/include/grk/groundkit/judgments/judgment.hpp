// grk/groundkit/judgments/judgment.hpp: groundkit's judgment model (docs/behaviour/judgments.md §3) and its
// validation, shared by every plugin that reads or writes judgments.
#ifndef GRK_GROUNDKIT_JUDGMENTS_JUDGMENT_HPP
#define GRK_GROUNDKIT_JUDGMENTS_JUDGMENT_HPP

#include <boost/json/value.hpp>

#include <grk/enum_names.hpp>
#include <grk/expected.hpp>
#include <grk/naming.hpp>
#include <grk/python/text.hpp>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace grk::judgments {

/// The four judgment categories (docs/behaviour/judgments.md §3).
enum class Category { normal, ambiguous, no_answer, adversarial };

/// The categories' names as they appear in judgments.jsonl.
inline constexpr EnumName<Category> category_names[] = {
    {Category::normal, "normal"},
    {Category::ambiguous, "ambiguous"},
    {Category::no_answer, "no_answer"},
    {Category::adversarial, "adversarial"},
};

/// The category's name as it appears in judgments.jsonl.
inline const char* category_name(Category category) noexcept {
  return name_of(category_names, category, "normal");
}

/// One gold span: a corpus-relative document path and a quote inside it.
struct GoldSpan {
  std::string doc;
  std::string quote;
};

/// One row of judgments.jsonl.
struct Judgment {
  std::string query_id;
  std::string query;
  Category category = Category::normal;
  std::vector<GoldSpan> gold;
  std::optional<std::string> notes;
};

/// pydantic's `^[a-z0-9]+(-[a-z0-9]+)*$` with `$` as the true end: kebab-case.
inline bool is_judgment_query_id(std::string_view id) noexcept { return is_kebab_case(id); }

/// The GoldSpan.doc field validator (docs/behaviour/judgments.md §3), in its order: nothing
/// when the path is acceptable, else the validator's message.
inline Expected<void, std::string> validate_doc_path(std::string_view doc) {
  if (python::strip(doc).empty()) return unexpected(std::string("doc must not be empty or whitespace-only"));
  if (doc.find('\\') != std::string_view::npos) {
    return unexpected("doc must use forward slashes, not backslashes: " + python::repr(doc));
  }
  const bool drive = doc.size() >= 2 && doc[1] == ':' &&
                     ((doc[0] >= 'A' && doc[0] <= 'Z') || (doc[0] >= 'a' && doc[0] <= 'z'));
  if (doc.front() == '/' || drive) return unexpected("doc must be a relative path, not absolute: " + python::repr(doc));
  std::size_t start = 0;
  for (;;) {
    const std::size_t slash = doc.find('/', start);
    if (doc.substr(start, slash == std::string_view::npos ? std::string_view::npos : slash - start) == "..") {
      return unexpected("doc must not contain '..' path segments: " + python::repr(doc));
    }
    if (slash == std::string_view::npos) break;
    start = slash + 1;
  }
  return {};
}

/// One reason a row is not a valid Judgment: where (pydantic's `loc`, e.g.
/// "query_id" or "gold.0.quote"; empty for a model rule), what, and
/// pydantic's error type (docs/behaviour/judgments.md §7).
struct JudgmentProblem {
  std::string loc;
  std::string message;
  std::string type;

  /// pydantic's one-error layout, three lines (two without `loc`), as
  /// groundkit's load_judgments embeds it after "invalid judgment: ":
  /// "1 validation error for Judgment\n<loc>\n  <msg> [type=<type>]".
  /// Byte identity with pydantic's full text (input_value, help URL) is out
  /// of reach (docs/behaviour/judgments.md §2 says so); the prefix and the problem are kept.
  std::string pydantic_text() const {
    std::string text = "1 validation error for Judgment\n";
    if (!loc.empty()) text.append(loc).append("\n");
    text.append("  ").append(message).append(" [type=").append(type).append("]");
    return text;
  }

  /// The same problem on one line, for an adapter's own messages:
  /// "<loc>: <msg>", or "<msg>" for a model rule
  /// (docs/behaviour/judgments.md §8).
  std::string one_line() const { return loc.empty() ? message : loc + ": " + message; }
};

namespace detail {

inline Unexpected<JudgmentProblem> problem(std::string loc, std::string message, std::string type) {
  return unexpected(JudgmentProblem{std::move(loc), std::move(message), std::move(type)});
}

inline Expected<void, JudgmentProblem> string_field(const boost::json::object& row, const char* key, bool required,
                                                    std::size_t min_length, std::string& out) {
  const boost::json::value* value = row.if_contains(key);
  if (value == nullptr) {
    if (required) return problem(key, "Field required", "missing");
    return {};
  }
  if (!value->is_string()) return problem(key, "Input should be a valid string", "string_type");
  out = std::string(value->get_string());
  if (python::code_point_count(out) < min_length) {
    return problem(key, "String should have at least 1 character", "string_too_short");
  }
  return {};
}

// One GoldSpan at `loc` ("gold.<index>"): extra keys forbidden, then doc
// (required string, the path validator), then quote (required, non-empty).
inline Expected<GoldSpan, JudgmentProblem> read_gold_span(const boost::json::value& item, const std::string& loc) {
  const boost::json::object* span = item.if_object();
  if (span == nullptr) return problem(loc, "Input should be a valid dictionary or instance of GoldSpan", "model_type");
  for (const auto& member : *span) {
    if (member.key() != "doc" && member.key() != "quote") {
      return problem(loc + "." + std::string(member.key()), "Extra inputs are not permitted", "extra_forbidden");
    }
  }
  GoldSpan parsed;
  const boost::json::value* doc = span->if_contains("doc");
  if (doc == nullptr) return problem(loc + ".doc", "Field required", "missing");
  if (!doc->is_string()) return problem(loc + ".doc", "Input should be a valid string", "string_type");
  parsed.doc = std::string(doc->get_string());
  if (auto doc_path = validate_doc_path(parsed.doc); !doc_path) {
    return problem(loc + ".doc", "Value error, " + doc_path.error(), "value_error");
  }
  const boost::json::value* quote = span->if_contains("quote");
  if (quote == nullptr) return problem(loc + ".quote", "Field required", "missing");
  if (!quote->is_string()) return problem(loc + ".quote", "Input should be a valid string", "string_type");
  parsed.quote = std::string(quote->get_string());
  if (parsed.quote.empty()) return problem(loc + ".quote", "String should have at least 1 character", "string_too_short");
  return parsed;
}

}  // namespace detail

/// The model rules of docs/behaviour/judgments.md §3 on a judgment whose fields are valid:
/// no_answer exactly when gold is empty, ambiguous with at least 2 spans.
inline Expected<void, JudgmentProblem> check_category_rules(const Judgment& judgment) {
  if (judgment.category == Category::no_answer && !judgment.gold.empty()) {
    return detail::problem("", "Value error, category 'no_answer' judgments must have an empty gold list",
                           "value_error");
  }
  if (judgment.category != Category::no_answer && judgment.gold.empty()) {
    return detail::problem("",
                           "Value error, category " + python::repr(category_name(judgment.category)) +
                               " judgments require at least one gold span",
                           "value_error");
  }
  if (judgment.category == Category::ambiguous && judgment.gold.size() < 2) {
    return detail::problem(
        "",
        "Value error, category 'ambiguous' requires at least 2 gold spans (distinct authored answers) "
        "\xE2\x80\x94 a single quote that happens to resolve to 2 chunks by boundary overlap does not qualify",
        "value_error");
  }
  return {};
}

/// Validates one parsed row as pydantic's Judgment model would (extra keys
/// forbidden, strict string fields, field validators, then the model rules,
/// docs/behaviour/judgments.md §7). Returns the judgment, or the first problem.
inline Expected<Judgment, JudgmentProblem> check_judgment(const boost::json::value& value) {
  const boost::json::object* row = value.if_object();
  if (row == nullptr) return detail::problem("", "Input should be a valid dictionary or instance of Judgment", "model_type");
  for (const auto& member : *row) {
    const std::string_view key = member.key();
    if (key != "query_id" && key != "query" && key != "category" && key != "gold" && key != "notes") {
      return detail::problem(std::string(key), "Extra inputs are not permitted", "extra_forbidden");
    }
  }
  Judgment judgment;
  GRK_TRY_VOID(detail::string_field(*row, "query_id", true, 0, judgment.query_id));
  if (!is_judgment_query_id(judgment.query_id)) {
    return detail::problem("query_id", "String should match pattern '^[a-z0-9]+(-[a-z0-9]+)*$'",
                           "string_pattern_mismatch");
  }
  GRK_TRY_VOID(detail::string_field(*row, "query", true, 1, judgment.query));
  const boost::json::value* category = row->if_contains("category");
  if (category == nullptr) return detail::problem("category", "Field required", "missing");
  const auto known = category->is_string() ? value_of(category_names, category->get_string()) : std::nullopt;
  if (!known) {
    return detail::problem("category", "Input should be 'normal', 'ambiguous', 'no_answer' or 'adversarial'",
                           "literal_error");
  }
  judgment.category = *known;
  if (const boost::json::value* gold = row->if_contains("gold")) {
    if (!gold->is_array()) return detail::problem("gold", "Input should be a valid list", "list_type");
    std::size_t index = 0;
    for (const auto& item : gold->get_array()) {
      GRK_TRY(auto parsed, detail::read_gold_span(item, "gold." + std::to_string(index++)));
      judgment.gold.push_back(std::move(parsed));
    }
  }
  if (const boost::json::value* notes = row->if_contains("notes"); notes != nullptr && !notes->is_null()) {
    if (!notes->is_string()) return detail::problem("notes", "Input should be a valid string", "string_type");
    judgment.notes = std::string(notes->get_string());
  }
  GRK_TRY_VOID(check_category_rules(judgment));
  return judgment;
}

/// check_judgment with the problem as pydantic's three-line text
/// (JudgmentProblem::pydantic_text), the form groundkit's messages embed.
inline Expected<Judgment, std::string> validate_judgment(const boost::json::value& value) {
  auto checked = check_judgment(value);
  if (!checked) return unexpected(checked.error().pydantic_text());
  return std::move(checked).value();
}

}  // namespace grk::judgments

#endif
