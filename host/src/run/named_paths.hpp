// A `paths` param typed as people type run files: `bm25.run`,
// `bm25.run,dense.run` or `bm25=runs/a.txt,dense=runs/b.txt`, each system
// named by its file's stem unless named (docs/design.md §4.7). A config's
// string value, a --set value that is not a JSON object, and the evaluate
// verb's RUN operands all read by this one rule.
#ifndef GRK_HOST_RUN_NAMED_PATHS_HPP
#define GRK_HOST_RUN_NAMED_PATHS_HPP

#include <boost/json/object.hpp>

#include <string>
#include <vector>

#include <grk/expected.hpp>

#include "support/host_error.hpp"

namespace grk::host {

/// Each item `NAME=PATH` or `PATH` (named by its stem: `runs/bm25.run` is
/// `bm25`) as the object {name: path}, in order. Fails (exit_usage) on an
/// empty item, a path without a stem, or two items of one name:
///   two runs are named 'bm25' (a/bm25.run and b/bm25.run); name them NAME=PATH
Expected<boost::json::object, HostError> named_paths(const std::vector<std::string>& items);

/// named_paths of the comma-separated items of `text`.
Expected<boost::json::object, HostError> named_paths_of_text(const std::string& text);

}  // namespace grk::host

#endif
