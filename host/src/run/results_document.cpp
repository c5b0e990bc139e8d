#include "run/results_document.hpp"

#include <grk/json/writer.hpp>

namespace grk::host {

namespace {

boost::json::value& result_place(boost::json::object& tree, std::size_t step) {
  return tree["steps"].as_array()[step].as_object()["result"];
}

}  // namespace

void ResultsDocument::put(const json::TextSink& put) const {
  const auto& steps = tree.at("steps").as_array();
  std::vector<std::pair<const boost::json::value*, const ComponentResult*>> places;
  places.reserve(results.size());
  for (const auto& [step, result] : results) places.emplace_back(&steps.at(step).as_object().at("result"), &result);
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
