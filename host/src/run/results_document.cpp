#include "run/results_document.hpp"

#include <grk/json/writer.hpp>

namespace grk::host {

namespace {

// Where step `step`'s result stands in `tree` (null, or the result once taken).
template <class Tree>
auto& result_place(Tree& tree, std::size_t step) {
  return tree.at("steps").as_array().at(step).as_object().at("result");
}

}  // namespace

void ResultsDocument::put(const json::TextSink& put) const {
  std::vector<std::pair<const boost::json::value*, const ComponentResult*>> places;
  places.reserve(results.size());
  for (const auto& [step, result] : results) places.emplace_back(&result_place(tree, step), &result);
  const json::detail::NullStandIn stand_in = [&places](const boost::json::value& value, json::detail::TextCursor& out,
                                                       int level) {
    for (const auto& [place, result] : places) {
      if (place != &value) continue;
      result->put_pretty(out, level);
      return true;
    }
    return false;
  };
  json::write_pretty(tree, put, &stand_in);
  put("\n");
}

boost::json::object ResultsDocument::take_tree() && {
  for (auto& [step, result] : results) result_place(tree, step) = std::move(result).take_value();
  results.clear();
  return std::move(tree);
}

}  // namespace grk::host
