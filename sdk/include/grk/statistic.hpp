// grk::Statistic: the interface of a component that computes a result.
#ifndef GRK_STATISTIC_HPP
#define GRK_STATISTIC_HPP

#include <boost/json.hpp>

#include <optional>
#include <string>

#include <grk/context.hpp>
#include <grk/expected.hpp>
#include <grk/param.hpp>

namespace grk {

/// A statistic computes one JSON result from validated parameters.
///
/// A derived class also declares, as static members used by
/// GRK_PLUGIN_MODULE (plugin.hpp):
///   static constexpr std::string_view name;         // lowercase kebab-case
///   static constexpr std::string_view description;  // one line
///   static std::vector<grk::ParamSpec> params();
/// It must be default-constructible; one object serves one call.
///
/// Fail by throwing grk::Error (or any exception: it becomes an internal
/// error with its message). Nothing is shared between calls.
/// A result given as its JSON text (json::CompactWriter writes one) and the
/// line that sums it up (empty for none).
struct ResultText {
  std::string json;
  std::string summary;
};

class Statistic {
 public:
  virtual ~Statistic() = default;

  virtual boost::json::value compute(const Params& params, Context& context) = 0;

  /// The result already as text, for a statistic whose result is too large
  /// to build as a tree first (a value per query and measure); nothing (the
  /// default) to be called through compute() and summarize(). A module
  /// calls this first; the host checks the text as it checks any result.
  /// compute() must still give the same result, as a tree: callers in
  /// process (a test, the Python binding) use it.
  virtual std::optional<ResultText> compute_text(const Params& params, Context& context) {
    (void)params;
    (void)context;
    return std::nullopt;
  }

  /// The cheap checks a host runs on every step of a run before any step
  /// starts (docs/design.md §5.2): a failure here is reported as a config
  /// error, and nothing runs. Must not write anything, and should read no
  /// more than small inputs. The default finds nothing to object to.
  /// compute() is still called only with parameters that pass it, and must
  /// keep its own checks: a caller may skip validate().
  virtual Expected<void> validate(const Params& params) const {
    (void)params;
    return {};
  }

  /// One line that sums the result up for a human; empty for none.
  virtual std::string summarize(const boost::json::value& result) const {
    (void)result;
    return {};
  }
};

}  // namespace grk

#endif
