// The results document of a run (docs/design.md §4.8): its tree, in which
// each step's result stands as null, and the results themselves, which are
// put in their places as the document is written, or when its tree is
// wanted whole (a report).
#ifndef GRK_HOST_RUN_RESULTS_DOCUMENT_HPP
#define GRK_HOST_RUN_RESULTS_DOCUMENT_HPP

#include <boost/json/object.hpp>

#include <cstddef>
#include <utility>
#include <vector>

#include <grk/json/text_cursor.hpp>

#include "support/component_result.hpp"

namespace grk::host {

struct ResultsDocument {
  /// steps (each with its result null) and provenance.
  boost::json::object tree;
  /// Each result, with the index of its step in tree["steps"].
  std::vector<std::pair<std::size_t, ComponentResult>> results;

  /// The document as a file holds it, pretty JSON and a newline, handed to
  /// `put` in pieces (never whole in memory: it can be tens of MB).
  void put(const json::TextSink& put) const;

  /// The tree with each result in its place.
  [[nodiscard]] boost::json::object take_tree() &&;
};

}  // namespace grk::host

#endif
