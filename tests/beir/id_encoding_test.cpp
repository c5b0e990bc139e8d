// The SDK's id encoding (sdk/include/grk/groundkit/id_encoding.hpp, docs/behaviour/beir.md §16.8)
// on hostile ids: every byte value, every pair of bytes, the 255-byte limit
// with ASCII and multi-byte UTF-8, case collisions, device names, dots, the
// escape character itself and ids that look encoded.
#define BOOST_TEST_MODULE beir_id_encoding
#include <boost/test/unit_test.hpp>

#include <grk/groundkit/id_encoding.hpp>
#include <grk/groundkit/judgments/judgment.hpp>

#include <set>
#include <string>
#include <vector>

#include "rules/identifier_rules.hpp"

namespace {

using grk::groundkit::decode_file_stem;
using grk::groundkit::encode_file_stem;
using grk::groundkit::is_digest_file_stem;
using grk::groundkit::is_portable_file_stem;
using grk::groundkit::kebab_case_id;

const std::string suffix = ".txt";

std::string lower(std::string text) {
  for (char& c : text) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return text;
}

// What every encoded stem must be: "_" then only a-z 0-9 _ -, at most 251
// bytes (255 with ".txt").
bool is_well_formed_stem(const std::string& stem) {
  if (stem.empty() || stem.front() != '_' || stem.size() + suffix.size() > 255) return false;
  for (const char c : stem) {
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-')) return false;
  }
  return true;
}

std::string repeat(const std::string& unit, std::size_t n) {
  std::string out;
  for (std::size_t i = 0; i < n; ++i) out += unit;
  return out;
}

const std::vector<std::string> hostile = {
    "Foo", "foo", "FOO", ".", "..", "...", "CON", "con", "con.txt", "CON.txt", "aux", "AUX.tar.gz", "nul", "COM1",
    "com9.a", "LPT1", "COM0", "a.", "a..", "a ", " a", "a. ", "_", "__", "_x", "_41", "__46oo", "_foo", "_h",
    "a_h" + std::string(32, '0'), "<dbpedia:Paris>", "a/b", "../escape", "a\\b", "tab\tid", "nl\nid", "cr\rid",
    std::string("nul\0id", 6), "\x7f", "\xC3\xA9", "\xC3\x89", "\xF0\x9F\x98\x80", "\xE2\x80\xA8", "-lead", "d1"};

}  // namespace

BOOST_AUTO_TEST_CASE(examples_from_the_documentation) {
  BOOST_TEST(encode_file_stem("Foo", suffix) == "__46oo");
  BOOST_TEST(encode_file_stem("<dbpedia:Paris>", suffix) == "__3cdbpedia_3a_50aris_3e");
  BOOST_TEST(encode_file_stem("CON", suffix) == "__43_4f_4e");
  BOOST_TEST(encode_file_stem("a.b", suffix) == "_a_2eb");
  BOOST_TEST(encode_file_stem("\xC3\xA9", suffix) == "__c3_a9");
  BOOST_TEST(encode_file_stem("", suffix) == "_");
  BOOST_TEST(kebab_case_id("PLAIN-1") == "plain-1");
  BOOST_TEST(kebab_case_id("INEX_LD-2010019") == "inex-ld-2010019");
  BOOST_TEST(kebab_case_id("q..1") == "q-1");
  BOOST_TEST(kebab_case_id("caf\xC3\xA9") == "caf-ue9");
  BOOST_TEST(kebab_case_id("--") == "x2d2d");
  BOOST_TEST(kebab_case_id("") == "x");
  BOOST_TEST(kebab_case_id("A\xF0\x9F\x98\x80" "b") == "a-u1f600-b");
  BOOST_TEST(kebab_case_id("-q-") == "q");
  BOOST_TEST(kebab_case_id("med-10") == "med-10");
}

// Every byte value alone: "_" then the byte when it is a-z 0-9 -, else "_"
// and two lowercase hex digits; decoding gives the byte back.
BOOST_AUTO_TEST_CASE(every_byte_value_encodes_to_a_lowercase_name_and_decodes_back) {
  std::set<std::string> folded;
  for (int b = 0; b < 256; ++b) {
    const std::string id(1, static_cast<char>(b));
    const std::string stem = encode_file_stem(id, suffix);
    BOOST_TEST(is_well_formed_stem(stem), "byte " << b);
    const bool literal = (b >= 'a' && b <= 'z') || (b >= '0' && b <= '9') || b == '-';
    BOOST_TEST(stem.size() == (literal ? 2u : 4u), "byte " << b);
    BOOST_TEST(decode_file_stem(stem, suffix).value() == id, "byte " << b);
    folded.insert(lower(stem));
  }
  BOOST_TEST(folded.size() == 256u);
}

// Every pair of bytes: no two names equal once case is folded, every one decodes back.
BOOST_AUTO_TEST_CASE(every_pair_of_bytes_gives_names_distinct_under_case_folding) {
  std::set<std::string> folded;
  for (int a = 0; a < 256; ++a) {
    for (int b = 0; b < 256; ++b) {
      const std::string id{static_cast<char>(a), static_cast<char>(b)};
      const std::string stem = encode_file_stem(id, suffix);
      const auto decoded = decode_file_stem(stem, suffix);
      if (!is_well_formed_stem(stem) || !decoded || *decoded != id) {
        BOOST_ERROR("bytes " << a << ", " << b << " gave " << stem);
      }
      folded.insert(lower(stem));
    }
  }
  BOOST_TEST(folded.size() == 65536u);
}

BOOST_AUTO_TEST_CASE(hostile_ids_round_trip_and_never_collide_with_kept_ids) {
  std::set<std::string> folded;
  for (const auto& id : hostile) {
    const std::string stem = encode_file_stem(id, suffix);
    BOOST_TEST(is_well_formed_stem(stem), stem);
    BOOST_TEST(decode_file_stem(stem, suffix).value() == id);
    // A kept id never starts with the escape character.
    BOOST_TEST(!is_portable_file_stem(stem, suffix));
    BOOST_TEST(folded.insert(lower(stem)).second, stem);
    // The SDK's rule is groundkit's document id rule (docs/behaviour/beir.md §5).
    BOOST_TEST(is_portable_file_stem(id, suffix) ==
                   grk::beir::check_identifier(id, grk::beir::IdentifierSubject::document).has_value(),
               id);
    BOOST_TEST(grk::judgments::is_judgment_query_id(kebab_case_id(id)), id);
  }
  BOOST_TEST(decode_file_stem("d1", suffix).value() == "d1");
  BOOST_TEST(decode_file_stem("FOO", suffix).value() == "FOO");
}

// Near the 255-byte limit: 251 bytes of stem fit with ".txt"; past it the
// digest form, `_`, at most 216 bytes of whole escape units, `_h`, 32 hex
// digits of SHA-256 (computed with Python's hashlib.sha256 over the id's UTF-8).
BOOST_AUTO_TEST_CASE(the_255_byte_limit_with_ascii_and_multi_byte_utf8) {
  BOOST_TEST(is_portable_file_stem(std::string(251, 'a'), suffix));
  BOOST_TEST(!is_portable_file_stem(std::string(252, 'a'), suffix));
  const std::string fits = "A" + std::string(247, 'a');  // 1 + 3 + 247 = 251
  BOOST_TEST(encode_file_stem(fits, suffix) == "__41" + std::string(247, 'a'));
  BOOST_TEST(decode_file_stem(encode_file_stem(fits, suffix), suffix).value() == fits);
  const std::string long_ascii = "A" + std::string(248, 'a');
  BOOST_TEST(encode_file_stem(long_ascii, suffix) ==
             "__41" + std::string(213, 'a') + "_h89ae664ed7c5e6c26f77a4ea5b870ef7");
  const std::string e_acute = "\xC3\xA9";
  BOOST_TEST(encode_file_stem(repeat(e_acute, 41), suffix) == "_" + repeat("_c3_a9", 41));  // 247 bytes
  BOOST_TEST(decode_file_stem("_" + repeat("_c3_a9", 41), suffix).value() == repeat(e_acute, 41));
  BOOST_TEST(encode_file_stem(repeat(e_acute, 42), suffix) ==
             "_" + repeat("_c3_a9", 36) + "_h18031931d1563e7c5f2f947822255d74");
  // A digest name does not decode; the adapter's id map records its id.
  const auto refused = decode_file_stem(encode_file_stem(long_ascii, suffix), suffix);
  BOOST_REQUIRE(!refused);
  BOOST_TEST(refused.error().message ==
             "file stem '__41" + std::string(213, 'a') +
                 "_h89ae664ed7c5e6c26f77a4ea5b870ef7' is the digest of a longer id; the adapter's id map records it");
  // Every length from 1 to 300 bytes of each kind of unit: well formed, the
  // digest form exactly when the escaped form does not fit, else decodable.
  std::set<std::string> names;
  for (const std::string unit : {"a", "A", "\xC3\xA9", "\xF0\x9F\x98\x80", "_"}) {
    for (std::size_t n = 1; n * unit.size() <= 300; ++n) {
      const std::string id = repeat(unit, n);
      const std::string stem = encode_file_stem(id, suffix);
      BOOST_TEST(is_well_formed_stem(stem), stem);
      BOOST_TEST(names.insert(lower(stem)).second, stem);
      if (is_digest_file_stem(stem)) {
        BOOST_TEST(stem.size() > 1 + 2 + 32);
      } else {
        BOOST_TEST(decode_file_stem(stem, suffix).value() == id);
      }
    }
  }
}

// decode_file_stem accepts only what encode_file_stem writes, so no two ids share a name.
BOOST_AUTO_TEST_CASE(names_the_encoding_never_writes_do_not_decode) {
  for (const std::string stem : {"CON", "a b", "", "__61", "__4F", "__4", "__x", "_A", "_a.b", "-a", ".a", "__2d"}) {
    const auto decoded = decode_file_stem(stem, suffix);
    BOOST_TEST(!decoded.has_value(), stem);
    if (!decoded) BOOST_TEST(static_cast<int>(decoded.error().status) == static_cast<int>(grk::Status::invalid_data));
  }
  BOOST_TEST(decode_file_stem("__61", suffix).error().message == "file stem '__61' is not an encoded id at byte 1");
  // The prefix is one character: the rest of "_61" is the id "61".
  BOOST_TEST(decode_file_stem("_61", suffix).value() == "61");
  BOOST_TEST(decode_file_stem("CON", suffix).error().message ==
             "file stem 'CON' is neither a portable id nor an encoded one");
}
