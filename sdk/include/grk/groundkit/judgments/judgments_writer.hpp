// grk/groundkit/judgments/judgments_writer.hpp: writes judgments.jsonl as
// groundkit writes it, checking every row as it is added against the rules
// groundkit's load_judgments applies when it reads the file
// (docs/behaviour/judgments.md §2, §3, §8), so that what an adapter writes always loads.
#ifndef GRK_GROUNDKIT_JUDGMENTS_JUDGMENTS_WRITER_HPP
#define GRK_GROUNDKIT_JUDGMENTS_JUDGMENTS_WRITER_HPP

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>
#include <boost/json/value.hpp>

#include <grk/error.hpp>
#include <grk/expected.hpp>
#include <grk/groundkit/judgments/judgment.hpp>
#include <grk/json/quoted_string.hpp>
#include <grk/python/text.hpp>

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>

namespace grk::judgments {

/// The first raw U+0085, U+2028 or U+2029 in `utf8` (characters json.dumps
/// writes raw and str.splitlines breaks at), as "U+2028"; empty when none.
inline std::string_view raw_line_separator(std::string_view utf8) noexcept {
  for (std::size_t i = 0; i + 1 < utf8.size(); ++i) {
    if (utf8[i] == '\xC2' && utf8[i + 1] == '\x85') return "U+0085";
    if (utf8[i] == '\xE2' && i + 2 < utf8.size() && utf8[i + 1] == '\x80') {
      if (utf8[i + 2] == '\xA8') return "U+2028";
      if (utf8[i + 2] == '\xA9') return "U+2029";
    }
  }
  return {};
}

/// Appends `utf8` quoted as json.dumps(ensure_ascii=False) quotes it
/// (docs/behaviour/beir.md §9); with `escape_line_separators`, each raw U+0085, U+2028 and
/// U+2029 as json.dumps(ensure_ascii=True) writes it (\u0085, \u2028,
/// \u2029), so that load_judgments does not split the line there. Returns
/// how many characters were so escaped.
inline std::uint64_t append_judgment_string(std::string& out, std::string_view utf8, bool escape_line_separators) {
  if (!escape_line_separators || raw_line_separator(utf8).empty()) {
    json::append_quoted(out, utf8);
    return 0;
  }
  std::string quoted;
  json::append_quoted(quoted, utf8);
  std::uint64_t escaped = 0;
  for (std::size_t i = 0; i < quoted.size(); ++i) {
    const unsigned char byte = static_cast<unsigned char>(quoted[i]);
    if (byte == 0xC2 && i + 1 < quoted.size() && quoted[i + 1] == '\x85') {
      out += "\\u0085";
      ++i;
      ++escaped;
    } else if (byte == 0xE2 && i + 2 < quoted.size() && quoted[i + 1] == '\x80' &&
               (quoted[i + 2] == '\xA8' || quoted[i + 2] == '\xA9')) {
      out += quoted[i + 2] == '\xA8' ? "\\u2028" : "\\u2029";
      i += 2;
      ++escaped;
    } else {
      out += quoted[i];
    }
  }
  return escaped;
}

/// One line of judgments.jsonl: json.dumps(row, ensure_ascii=False) + "\n"
/// with the keys query_id, query, category, gold (each span doc, quote) and,
/// only when set, notes (docs/behaviour/judgments.md §8). Unchecked: see JudgmentsWriter.
inline std::string judgment_line(const Judgment& judgment, bool escape_line_separators = false) {
  std::string out = "{\"query_id\": ";
  json::append_quoted(out, judgment.query_id);
  out += ", \"query\": ";
  append_judgment_string(out, judgment.query, escape_line_separators);
  out += ", \"category\": \"";
  out += category_name(judgment.category);
  out += "\", \"gold\": [";
  bool first = true;
  for (const GoldSpan& span : judgment.gold) {
    out += first ? "{\"doc\": " : ", {\"doc\": ";
    first = false;
    append_judgment_string(out, span.doc, escape_line_separators);
    out += ", \"quote\": ";
    append_judgment_string(out, span.quote, escape_line_separators);
    out += "}";
  }
  out += "]";
  if (judgment.notes) {
    out += ", \"notes\": ";
    append_judgment_string(out, *judgment.notes, escape_line_separators);
  }
  out += "}\n";
  return out;
}

struct JudgmentsWriterOptions {
  /// Write raw U+0085, U+2028 and U+2029 as \uXXXX escapes instead of
  /// refusing the row (the text loads back unchanged either way).
  bool escape_line_separators = false;
  /// What the refusal of a raw line separator tells your adapter's user to
  /// set so that it is written escaped, in the user's terms (a parameter,
  /// e.g. "set unicode_separators=escape"); empty when the user has no such
  /// choice. The refusal never names this C++ option: a user cannot set it.
  std::string escape_hint;
};

/// Builds the text of a judgments.jsonl one judgment at a time. add() checks
/// the judgment against every rule load_judgments applies (docs/behaviour/judgments.md §8)
/// and refuses it with a one-line message (invalid_data) naming its line:
/// "judgment 2 (query_id 'Q-2'): query_id: String should match pattern ...".
/// A refused judgment is not written; the writer can go on.
class JudgmentsWriter {
 public:
  JudgmentsWriter() = default;
  explicit JudgmentsWriter(JudgmentsWriterOptions options) : options_(options) {}

  Expected<void> add(const Judgment& judgment) {
    const std::string where = "judgment " + std::to_string(count_ + 1) + " (query_id " +
                              python::repr(judgment.query_id) + "): ";
    if (auto encodable = check_utf8(judgment); !encodable) return fail(Status::invalid_data, where + encodable.error());
    if (auto valid = check_judgment(as_json(judgment)); !valid) {
      return fail(Status::invalid_data, where + valid.error().one_line());
    }
    if (count_ > 0 && judgment.query_id == last_query_id_) {
      return fail(Status::invalid_data, where + "duplicate query_id " + python::repr(judgment.query_id));
    }
    // Python compares str by code point, which is UTF-8 byte order.
    if (count_ > 0 && judgment.query_id < last_query_id_) {
      return fail(Status::invalid_data, where + "query_id " + python::repr(judgment.query_id) +
                                            " is not in ascending order after " + python::repr(last_query_id_) +
                                            " (judgments.jsonl must be sorted by query_id)");
    }
    if (!options_.escape_line_separators) {
      if (auto breaks = check_line_separators(judgment, options_.escape_hint); !breaks) {
        return fail(Status::invalid_data, where + breaks.error());
      }
    }
    text_ += judgment_line(judgment, options_.escape_line_separators);
    last_query_id_ = judgment.query_id;
    ++count_;
    return {};
  }

  /// The file's bytes so far.
  const std::string& text() const noexcept { return text_; }
  /// The judgments written so far.
  std::size_t count() const noexcept { return count_; }

 private:
  static boost::json::value as_json(const Judgment& judgment) {
    boost::json::array gold;
    for (const GoldSpan& span : judgment.gold) gold.push_back(boost::json::object{{"doc", span.doc}, {"quote", span.quote}});
    boost::json::object row{{"query_id", judgment.query_id},
                            {"query", judgment.query},
                            {"category", category_name(judgment.category)},
                            {"gold", std::move(gold)}};
    if (judgment.notes) row["notes"] = *judgment.notes;
    return row;
  }

  // Checks each text field of `judgment` in file order with `check(name,
  // text)`, the query_id too when `with_query_id`; the first refusal.
  template <class Check>
  static Expected<void, std::string> each_text_field(const Judgment& judgment, bool with_query_id, Check check) {
    if (with_query_id) {
      GRK_TRY_VOID(check("query_id", judgment.query_id));
    }
    GRK_TRY_VOID(check("query", judgment.query));
    for (std::size_t i = 0; i < judgment.gold.size(); ++i) {
      const std::string loc = "gold." + std::to_string(i);
      GRK_TRY_VOID(check(loc + ".doc", judgment.gold[i].doc));
      GRK_TRY_VOID(check(loc + ".quote", judgment.gold[i].quote));
    }
    if (judgment.notes) return check("notes", *judgment.notes);
    return {};
  }

  // load_judgments reads strict UTF-8; a lone surrogate (WTF-8) cannot be
  // written as UTF-8 either.
  static Expected<void, std::string> check_utf8(const Judgment& judgment) {
    return each_text_field(judgment, true, [](const std::string& name, std::string_view text) -> Expected<void, std::string> {
      if (auto utf8 = python::validate_utf8(text); !utf8) {
        return unexpected(name + " is not valid UTF-8: " + utf8.error());
      }
      return {};
    });
  }

  static Expected<void, std::string> check_line_separators(const Judgment& judgment, const std::string& escape_hint) {
    return each_text_field(judgment, false, [&](const std::string& name, std::string_view text) -> Expected<void, std::string> {
      const std::string_view found = raw_line_separator(text);
      if (found.empty()) return {};
      return unexpected(name + " holds a raw " + std::string(found) +
                        ", at which load_judgments would split the line; remove it" +
                        (escape_hint.empty() ? std::string() : ", or " + escape_hint + " to write it escaped"));
    });
  }

  JudgmentsWriterOptions options_;
  std::string text_;
  std::string last_query_id_;
  std::size_t count_ = 0;
};

}  // namespace grk::judgments

#endif
