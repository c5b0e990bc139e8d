// Tests for grk/json/text_cursor.hpp.
#include <grk/json/text_cursor.hpp>  // first: the header is self-contained

#define BOOST_TEST_MODULE json_text_cursor
#include <boost/test/unit_test.hpp>

#include <cstring>
#include <string>
#include <string_view>
#include <vector>

using grk::json::detail::TextCursor;

// Appended after what the string held, through put and through room/commit;
// the string holds exactly the text once the cursor is gone, across the
// reallocations of ten megabytes written a few bytes at a time.
BOOST_AUTO_TEST_CASE(appends_exactly_what_was_written) {
  std::string out = "x=";
  std::string expected = out;
  {
    TextCursor cursor(out);
    for (int i = 0; i < 1000000; ++i) {
      const std::string piece = std::to_string(i) + (i % 3 == 0 ? "," : ";");
      if (i % 2 == 0) {
        cursor.put(piece);
      } else {
        char* at = cursor.room(piece.size() + 64);  // more room than is used
        std::memcpy(at, piece.data(), piece.size());
        cursor.commit(at + piece.size());
      }
      cursor.put(std::string_view());  // nothing, even with a null data()
      expected += piece;
    }
    cursor.put('!');
    expected += '!';
  }
  BOOST_TEST(out.size() == expected.size());
  BOOST_TEST((out == expected));
}

// With a sink, the text goes out in order, in pieces of at least a mebibyte
// but the last, and the string is only the cursor's scratch memory.
BOOST_AUTO_TEST_CASE(hands_a_sink_pieces_in_order) {
  std::vector<std::string> pieces;
  const grk::json::TextSink sink = [&](std::string_view piece) { pieces.emplace_back(piece); };
  std::string scratch;
  std::string expected;
  {
    TextCursor cursor(scratch, &sink);
    for (int i = 0; i < 500000; ++i) {
      const std::string piece = std::to_string(i) + " ";
      cursor.put(piece);
      expected += piece;
    }
    const std::string large(3u << 20, 'z');  // larger than a piece: one put
    cursor.put(large);
    expected += large;
    cursor.put('.');
    expected += '.';
    cursor.flush();
    cursor.flush();  // nothing left: no empty piece
  }
  BOOST_TEST_REQUIRE(pieces.size() >= 3u);
  std::string joined;
  for (std::size_t i = 0; i < pieces.size(); ++i) {
    if (i + 1 < pieces.size()) BOOST_TEST(pieces[i].size() >= (1u << 20));
    joined += pieces[i];
  }
  BOOST_TEST(!pieces.back().empty());
  BOOST_TEST((joined == expected));
  BOOST_TEST(scratch.size() < (5u << 20));
}
