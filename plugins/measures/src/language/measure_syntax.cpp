#include "language/measure_syntax.hpp"

#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace grk::measures {

namespace {

bool is_name_start(char c) { return std::isalpha(static_cast<unsigned char>(c)) != 0 || c == '_'; }
bool is_name_char(char c) { return is_name_start(c) || std::isdigit(static_cast<unsigned char>(c)) != 0; }

Failure bad(const std::string& why) { return Failure{Status::invalid_argument, why, {}}; }

// A cursor over the text; every reader leaves it after what it read.
struct Cursor {
  std::string_view text;
  std::size_t at = 0;
  bool done() const { return at >= text.size(); }
  char peek() const { return done() ? '\0' : text[at]; }
  bool take(char c) {
    if (peek() != c) return false;
    ++at;
    return true;
  }
  std::string_view rest() const { return text.substr(at); }
};

std::string read_name(Cursor& cursor) {
  const std::size_t start = cursor.at;
  if (!is_name_start(cursor.peek())) return {};
  while (is_name_char(cursor.peek())) ++cursor.at;
  return std::string(cursor.text.substr(start, cursor.at - start));
}

// A decimal number: an optional sign, digits, an optional fraction and exponent.
Expected<Literal> read_number(Cursor& cursor) {
  const std::size_t start = cursor.at;
  if (cursor.peek() == '-' || cursor.peek() == '+') ++cursor.at;
  bool digits = false, real = false;
  while (std::isdigit(static_cast<unsigned char>(cursor.peek())) != 0) ++cursor.at, digits = true;
  if (cursor.take('.')) {
    real = true;
    while (std::isdigit(static_cast<unsigned char>(cursor.peek())) != 0) ++cursor.at, digits = true;
  }
  if (digits && (cursor.peek() == 'e' || cursor.peek() == 'E')) {
    real = true;
    ++cursor.at;
    if (cursor.peek() == '-' || cursor.peek() == '+') ++cursor.at;
    if (std::isdigit(static_cast<unsigned char>(cursor.peek())) == 0) digits = false;
    while (std::isdigit(static_cast<unsigned char>(cursor.peek())) != 0) ++cursor.at;
  }
  const std::string written(cursor.text.substr(start, cursor.at - start));
  if (!digits) return unexpected(bad("expected a number at '" + std::string(cursor.text.substr(start)) + "'"));
  Literal literal;
  literal.kind = real ? Literal::Kind::real : Literal::Kind::integer;
  literal.number = std::strtod(written.c_str(), nullptr);
  if (!std::isfinite(literal.number) || (!real && std::fabs(literal.number) > 1e15)) {
    return unexpected(bad("number '" + written + "' is out of range"));
  }
  return literal;
}

Expected<long> read_integer(Cursor& cursor) {
  GRK_TRY(const Literal literal, read_number(cursor));
  if (literal.kind != Literal::Kind::integer) return unexpected(bad("gains take integers, got a fraction"));
  return static_cast<long>(literal.number);
}

Expected<Literal> read_mapping(Cursor& cursor) {
  Literal literal;
  literal.kind = Literal::Kind::mapping;
  if (cursor.take('}')) return literal;
  while (true) {
    GRK_TRY(const long key, read_integer(cursor));
    if (!cursor.take(':')) return unexpected(bad("expected ':' after a key of {...}"));
    GRK_TRY(const long value, read_integer(cursor));
    for (const auto& [other, unused] : literal.mapping) {
      (void)unused;
      if (other == key) return unexpected(bad("key " + std::to_string(key) + " is given twice in {...}"));
    }
    literal.mapping.emplace_back(key, value);
    if (cursor.take('}')) return literal;
    if (!cursor.take(',')) return unexpected(bad("expected ',' or '}' in {...}"));
  }
}

Expected<Literal> read_literal(Cursor& cursor) {
  const char c = cursor.peek();
  if (c == '\'' || c == '"') {
    ++cursor.at;
    const std::size_t end = cursor.text.find(c, cursor.at);
    if (end == std::string_view::npos) return unexpected(bad("a quoted value is not closed"));
    Literal literal;
    literal.kind = Literal::Kind::text;
    literal.text = std::string(cursor.text.substr(cursor.at, end - cursor.at));
    cursor.at = end + 1;
    return literal;
  }
  if (cursor.take('{')) return read_mapping(cursor);
  if (is_name_start(c)) {
    const std::string word = read_name(cursor);
    if (word != "True" && word != "False") {
      return unexpected(bad("expected a number, True, False, a quoted text or {...}, got '" + word + "'"));
    }
    Literal literal;
    literal.kind = Literal::Kind::boolean;
    literal.number = word == "True" ? 1.0 : 0.0;
    return literal;
  }
  return read_number(cursor);
}

Expected<void> read_params(Cursor& cursor, WrittenMeasure& measure) {
  if (cursor.take(')')) return {};
  while (true) {
    const std::string name = read_name(cursor);
    if (name.empty()) return unexpected(bad("expected a parameter name at '" + std::string(cursor.rest()) + "'"));
    if (!cursor.take('=')) return unexpected(bad("expected '=' after parameter '" + name + "'"));
    GRK_TRY(Literal value, read_literal(cursor));
    for (const auto& [other, unused] : measure.params) {
      (void)unused;
      if (other == name) return unexpected(bad("parameter '" + name + "' is given twice"));
    }
    measure.params.emplace_back(name, std::move(value));
    if (cursor.take(')')) return {};
    if (!cursor.take(',')) return unexpected(bad("expected ',' or ')' after parameter '" + name + "'"));
  }
}

// The shortest text that reads back as the same double, as Python's repr.
std::string shortest(double value) {
  char buffer[64];
  const auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, value);
  (void)ec;
  std::string text(buffer, end);
  if (text.find_first_of(".e") == std::string::npos) text += ".0";
  return text;
}

}  // namespace

std::string python_repr(const Literal& literal) {
  switch (literal.kind) {
    case Literal::Kind::integer: return std::to_string(static_cast<long long>(literal.number));
    case Literal::Kind::real: return shortest(literal.number);
    case Literal::Kind::boolean: return literal.number != 0.0 ? "True" : "False";
    case Literal::Kind::text: return "'" + literal.text + "'";
    case Literal::Kind::mapping: {
      std::string text = "{";
      for (const auto& [key, value] : literal.mapping) {
        if (text.size() > 1) text += ',';
        text += std::to_string(key) + ":" + std::to_string(value);
      }
      return text + "}";
    }
  }
  return {};
}

bool looks_like_ir_measures(std::string_view text) {
  return text.find('(') != std::string_view::npos || text.find('@') != std::string_view::npos;
}

Expected<WrittenMeasure> parse_written_measure(std::string_view text) {
  Cursor cursor{text};
  WrittenMeasure measure;
  measure.name = read_name(cursor);
  if (measure.name.empty()) return unexpected(bad("expected a measure name"));
  if (cursor.take('(')) GRK_TRY_VOID(read_params(cursor, measure));
  if (cursor.take('@')) {
    GRK_TRY(Literal cutoff, read_number(cursor));
    measure.cutoff = std::move(cutoff);
  }
  if (!cursor.done()) return unexpected(bad("unexpected '" + std::string(cursor.rest()) + "'"));
  return measure;
}

std::vector<std::string> rejoin_measure_items(const std::vector<std::string>& items) {
  std::vector<std::string> joined;
  int depth = 0;
  char quote = '\0';
  for (const auto& item : items) {
    // A number alone: `11pt_avg` starts with digits but is a name of its own.
    const bool number = !item.empty() && item.find_first_not_of("0123456789+-.") == std::string::npos;
    const bool continues = !joined.empty() && (depth > 0 || quote != '\0' || number);
    if (continues) {
      joined.back() += "," + item;
    } else {
      joined.push_back(item);
    }
    for (const char c : item) {
      if (quote != '\0') {
        if (c == quote) quote = '\0';
      } else if (c == '\'' || c == '"') {
        quote = c;
      } else if (c == '(' || c == '{') {
        ++depth;
      } else if ((c == ')' || c == '}') && depth > 0) {
        --depth;
      }
    }
  }
  return joined;
}

}  // namespace grk::measures
