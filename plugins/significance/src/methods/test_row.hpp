// What a paired test lends its row of the table (methods/comparison_tests.hpp):
// the shapes of its parameters' declaration, of the function that fills a
// comparison record and, for a test of the whole matrix, of its analysis.
// A method header declares its own with them, so that a new test is its
// method file and one row (docs/architecture.md §5.2); the types they name
// are the table's.
#ifndef GRK_SIGNIFICANCE_METHODS_TEST_ROW_HPP
#define GRK_SIGNIFICANCE_METHODS_TEST_ROW_HPP

#include <functional>
#include <vector>

#include <grk/expected.hpp>
#include <grk/param.hpp>

namespace grk::significance {

struct ComparisonRecord;
struct TestSettings;
struct TestRun;
struct MatrixAnalysis;

/// The test's parameters after the shared inputs, in the order they are checked.
using TestParams = std::vector<ParamSpec>();

/// Sets the record's interval, interval_method, p-value (set_p_value at
/// settings.alpha) and test-specific `details` from `deltas` (paired_deltas'
/// output, so finite and non-empty); the descriptive part is already set.
using TestFill = Expected<void>(ComparisonRecord& record, const std::vector<double>& deltas,
                                const TestSettings& settings, const TestRun& run);

/// What a test of the whole system x query matrix (Tukey's) computes once
/// per metric from `scores[system][query]`, the aligned scores of every
/// system of the family (k >= 2, n >= 1), before its records are filled;
/// its failures are named by the metric. A long analysis calls `poll()`
/// between its parts (the host's cancellation, which throws).
using TestAnalysis = Expected<MatrixAnalysis>(const std::vector<std::vector<double>>& scores,
                                              const TestSettings& settings, unsigned threads,
                                              const std::function<void()>& poll);

}  // namespace grk::significance

#endif
