// grk::DatasetAdapter: the interface of a component that converts a dataset.
#ifndef GRK_DATASET_ADAPTER_HPP
#define GRK_DATASET_ADAPTER_HPP

#include <boost/json.hpp>

#include <string>

#include <grk/context.hpp>
#include <grk/expected.hpp>
#include <grk/param.hpp>

namespace grk {

/// A dataset adapter reads a source (named by its parameters), writes an
/// adapted dataset, and returns a JSON report of what it wrote.
///
/// A derived class declares the same static members as a grk::Statistic
/// (name, description, params()) and must be default-constructible.
///
/// Fail by throwing grk::Error; an adapter that fails must leave its output
/// as it found it.
class DatasetAdapter {
 public:
  virtual ~DatasetAdapter() = default;

  virtual boost::json::value adapt(const Params& params, Context& context) = 0;

  /// The cheap checks a host runs on every step of a run before any step
  /// starts (docs/design.md §5.2): a failure here is reported as a config
  /// error, and nothing runs. Must not write anything, and should read no
  /// more than small inputs. The default finds nothing to object to.
  /// adapt() is still called only with parameters that pass it, and must
  /// keep its own checks: a caller may skip validate().
  virtual Expected<void> validate(const Params& params) const {
    (void)params;
    return {};
  }

  /// One line that sums the report up for a human; empty for none.
  virtual std::string summarize(const boost::json::value& report) const {
    (void)report;
    return {};
  }
};

}  // namespace grk

#endif
