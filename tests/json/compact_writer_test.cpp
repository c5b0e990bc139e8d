// Tests for grk/json/compact_writer.hpp.
#include <grk/json/compact_writer.hpp>  // first: the header is self-contained

#define BOOST_TEST_MODULE json_compact_writer
#include <boost/test/unit_test.hpp>

#include <grk/json/reader.hpp>
#include <grk/json/writer.hpp>

#include <cstdint>
#include <limits>
#include <string>

namespace {

// Writes `value` member by member, as a component writing its own result does.
void write(grk::json::CompactWriter& out, const boost::json::value& value) {
  switch (value.kind()) {
    case boost::json::kind::null: out.null(); break;
    case boost::json::kind::int64: out.value(value.get_int64()); break;
    case boost::json::kind::double_: out.value(value.get_double()); break;
    case boost::json::kind::string: out.value(std::string_view(value.get_string())); break;
    case boost::json::kind::array:
      out.begin_array();
      for (const auto& element : value.get_array()) write(out, element);
      out.end_array();
      break;
    case boost::json::kind::object:
      out.begin_object();
      for (const auto& member : value.get_object()) {
        out.key(member.key());
        write(out, member.value());
      }
      out.end_object();
      break;
    default: BOOST_FAIL("not written by these tests");
  }
}

std::string written(const boost::json::value& value) {
  std::string text = "prefix ";
  {
    grk::json::CompactWriter out(text);
    write(out, value);
  }
  return text;
}

}  // namespace

// The bytes of write_compact: nesting, empty containers, commas between
// elements and members but never after a key, escapes, every float layout.
BOOST_AUTO_TEST_CASE(writes_write_compacts_bytes) {
  const char* const texts[] = {
      R"({"measures": ["map", "P_5"], "systems": {"a \"b\"\n": {"run_id": "r", "summary": {"map": 0.25, "num_ret": 1000},
          "per_query": {"q1": {"map": 1e-7, "P_5": 0.2, "relstring": "20-"}, "q2": {}}}},
          "ir_measures_names": {}, "x": [[], [[1, 2], {}], -0.0, 1e16, 123456789.125, null, -5]})",
      "[]",
      "{}",
      R"([1, [2, [3, {"a": [4, {"b": 5}]}]], "\u0001"])",
      "0.1",
  };
  for (const char* text : texts) {
    const boost::json::value value = grk::json::read(text).value();
    BOOST_TEST(written(value) == "prefix " + grk::json::write_compact(value), text);
  }
}

// NaN and the infinities are null, as write_compact writes them; integers at
// both ends of int64.
BOOST_AUTO_TEST_CASE(writes_non_finite_floats_as_null_and_every_int64) {
  std::string text;
  {
    grk::json::CompactWriter out(text);
    out.begin_array();
    out.value(std::numeric_limits<double>::quiet_NaN());
    out.value(std::numeric_limits<double>::infinity());
    out.value(-std::numeric_limits<double>::infinity());
    out.value(std::numeric_limits<std::int64_t>::min());
    out.value(std::numeric_limits<std::int64_t>::max());
    out.end_array();
  }
  BOOST_TEST(text == "[null,null,null,-9223372036854775808,9223372036854775807]");
}
