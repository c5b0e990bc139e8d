// grk/json/writer.hpp: JSON text byte-identical to what groundkit's Python
// writes: pydantic's model_dump_json (reports, docs/behaviour/eval-report.md §1) and
// json.dumps(ensure_ascii=False) (judgments.jsonl, docs/behaviour/beir.md §9).
//
// Objects are written in their stored order, which is the order Python would
// keep (field declaration order or dict insertion order). Strings are copied
// as bytes; refuse WTF-8 lone surrogates before calling (contains_lone_surrogate).
#ifndef GRK_JSON_WRITER_HPP
#define GRK_JSON_WRITER_HPP

#include <grk/json/float_format.hpp>
#include <grk/json/quoted_string.hpp>

#include <boost/json/value.hpp>

#include <cmath>
#include <cstddef>
#include <string>
#include <string_view>

namespace grk::json {

namespace detail {

// The three layouts differ only in separators, indentation and float style.
struct JsonLayout {
  const char* item_separator;   // between members / elements
  const char* key_separator;    // between key and value
  int indent;                   // 0: single line
  bool python_floats;           // repr() with NaN/Infinity, else report floats
};

inline void append_newline_indent(std::string& out, const JsonLayout& layout, int level) {
  out += '\n';
  out.append(static_cast<std::size_t>(layout.indent * level), ' ');
}

inline void append_value(std::string& out, const boost::json::value& value, const JsonLayout& layout, int level);

inline void append_object(std::string& out, const boost::json::object& object, const JsonLayout& layout, int level) {
  out += '{';
  bool first = true;
  for (const boost::json::key_value_pair& member : object) {
    if (!first) out += layout.item_separator;
    first = false;
    if (layout.indent > 0) append_newline_indent(out, layout, level + 1);
    append_quoted(out, std::string_view(member.key().data(), member.key().size()));
    out += layout.key_separator;
    append_value(out, member.value(), layout, level + 1);
  }
  if (layout.indent > 0 && !object.empty()) append_newline_indent(out, layout, level);
  out += '}';
}

inline void append_value(std::string& out, const boost::json::value& value, const JsonLayout& layout, int level) {
  switch (value.kind()) {
    case boost::json::kind::null: out += "null"; break;
    case boost::json::kind::bool_: out += value.get_bool() ? "true" : "false"; break;
    case boost::json::kind::int64: out += std::to_string(value.get_int64()); break;
    case boost::json::kind::uint64: out += std::to_string(value.get_uint64()); break;
    case boost::json::kind::double_: {
      const double number = value.get_double();
      if (!layout.python_floats) {
        append_report_float(out, number);
      } else if (std::isnan(number)) {
        out += "NaN";
      } else if (std::isinf(number)) {
        out += number < 0 ? "-Infinity" : "Infinity";
      } else {
        out += format_python_float(number);
      }
      break;
    }
    case boost::json::kind::string: {
      const boost::json::string& text = value.get_string();
      append_quoted(out, std::string_view(text.data(), text.size()));
      break;
    }
    case boost::json::kind::array: {
      const boost::json::array& array = value.get_array();
      out += '[';
      bool first = true;
      for (const boost::json::value& element : array) {
        if (!first) out += layout.item_separator;
        first = false;
        if (layout.indent > 0) append_newline_indent(out, layout, level + 1);
        append_value(out, element, layout, level + 1);
      }
      if (layout.indent > 0 && !array.empty()) append_newline_indent(out, layout, level);
      out += ']';
      break;
    }
    case boost::json::kind::object: append_object(out, value.get_object(), layout, level); break;
  }
}

// About how many bytes the text of `value` takes at `level`: strings and
// keys without their escapes, 24 a number. What write_with reserves, since
// growing a text of tens of megabytes fills fresh memory at each doubling
// (a third of the time a million per-query values took to write).
inline std::size_t estimated_text_bytes(const boost::json::value& value, const JsonLayout& layout, int level);

// A member's or element's separator and indentation at `level`, and a
// container's brackets and closing indentation.
inline std::size_t item_frame_bytes(const JsonLayout& layout, int level) {
  return 1 + (layout.indent > 0 ? 1 + static_cast<std::size_t>(layout.indent) * static_cast<std::size_t>(level + 1) : 0);
}
inline std::size_t bracket_bytes(const JsonLayout& layout, int level) {
  return 2 + static_cast<std::size_t>(layout.indent) * static_cast<std::size_t>(level);
}

inline std::size_t estimated_text_bytes(const boost::json::object& object, const JsonLayout& layout, int level) {
  std::size_t bytes = bracket_bytes(layout, level);
  for (const boost::json::key_value_pair& member : object) {
    bytes += item_frame_bytes(layout, level) + member.key().size() + 4 +
             estimated_text_bytes(member.value(), layout, level + 1);
  }
  return bytes;
}

inline std::size_t estimated_text_bytes(const boost::json::value& value, const JsonLayout& layout, int level) {
  switch (value.kind()) {
    case boost::json::kind::string: return value.get_string().size() + 2;
    case boost::json::kind::array: {
      std::size_t bytes = bracket_bytes(layout, level);
      for (const boost::json::value& element : value.get_array()) {
        bytes += item_frame_bytes(layout, level) + estimated_text_bytes(element, layout, level + 1);
      }
      return bytes;
    }
    case boost::json::kind::object: return estimated_text_bytes(value.get_object(), layout, level);
    default: return 24;
  }
}

inline void append_json(std::string& out, const boost::json::value& value, const JsonLayout& layout) {
  append_value(out, value, layout, 0);
}

inline void append_json(std::string& out, const boost::json::object& object, const JsonLayout& layout) {
  append_object(out, object, layout, 0);
}

// `json`: a value, or an object written as it is: a results document
// passed as a value would first be copied whole.
template <class Json>
std::string write_with(const Json& json, const JsonLayout& layout) {
  std::string out;
  out.reserve(estimated_text_bytes(json, layout, 0));
  append_json(out, json, layout);
  return out;
}

}  // namespace detail

/// pydantic's model_dump_json(indent=2) (docs/behaviour/eval-report.md §1): 2-space indent, one
/// member per line, "key": value, empty [] and {} inline, report floats
/// (NaN/inf as null), no trailing newline.
inline std::string write_pretty(const boost::json::value& value) {
  return detail::write_with(value, {",", ": ", 2, false});
}

/// write_pretty of an object, without making a value of it (a copy).
inline std::string write_pretty(const boost::json::object& object) {
  return detail::write_with(object, {",", ": ", 2, false});
}

/// pydantic's model_dump_json() without indent: {"a":1,"b":[1,2.5]}, with the
/// float and string rules of write_pretty.
inline std::string write_compact(const boost::json::value& value) {
  return detail::write_with(value, {",", ":", 0, false});
}

/// Python's json.dumps(value, ensure_ascii=False) with default separators
/// ", " and ": " (docs/behaviour/beir.md §9): floats as repr(), NaN, Infinity, -Infinity.
inline std::string dumps(const boost::json::value& value) {
  return detail::write_with(value, {", ", ": ", 0, true});
}

}  // namespace grk::json

#endif
