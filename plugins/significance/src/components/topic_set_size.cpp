#include "components/topic_set_size.hpp"

#include <boost/json/object.hpp>

#include <cmath>
#include <cstdint>
#include <optional>
#include <utility>

#include <grk/error.hpp>
#include <grk/eval/choices.hpp>
#include <grk/eval/query_alignment.hpp>
#include <grk/json/float_format.hpp>
#include <grk/python/repr.hpp>

#include "methods/comparison_tests.hpp"
#include "methods/paired_t.hpp"
#include "inputs/comparison_input.hpp"
#include "inputs/report_scores.hpp"
#include "inputs/system_table.hpp"
#include "inputs/trec_run_scores.hpp"
#include "methods/topic_set_size.hpp"
#include "methods/two_way_anova.hpp"

namespace grk::significance {

namespace {

enum class SizeTest { t, anova };

constexpr eval::Spellings<SizeTest, 2> size_tests{{{SizeTest::t, "t"}, {SizeTest::anova, "anova"}}};

/// The parameters, read and checked; no input read yet.
struct SizeRequest {
  SizeTest test = SizeTest::t;
  double alpha = 0.05;
  double power = 0.8;
  double minimum_difference = 0.0;
  /// anova: the systems the new collection will compare (absent: the input's).
  std::optional<std::int64_t> systems;
  std::string baseline;
  std::string candidate;
  std::string metric;
  eval::RunsFormat runs_format = eval::RunsFormat::trec_eval;
  std::optional<TrecRunJudging> judging;
  std::vector<TrecMeasure> trec_metric;
  eval::MissingQueries policy = eval::MissingQueries::error;
};

/// A number as Python's str() shows it: `1` for a JSON integer, `1.5`.
std::string shown_number(const Params& params, std::string_view name) {
  const boost::json::value& raw = params.value(name);
  if (raw.is_int64()) return std::to_string(raw.get_int64());
  if (raw.is_uint64()) return std::to_string(raw.get_uint64());
  return json::format_python_float(raw.get_double());
}

Expected<SizeRequest> read_request(const Params& params) {
  const bool has_report = params.has("report");
  const bool has_scores = params.has("scores");
  const bool has_runs = params.has("runs");
  if (int{has_report} + int{has_scores} + int{has_runs} != 1) {
    return fail(Status::invalid_argument, more_than_one_input(has_report, has_scores, has_runs));
  }
  SizeRequest request;
  GRK_TRY(request.runs_format, eval::parse_runs_format(params.string("runs_format")));
  GRK_TRY(request.judging, read_trec_run_judging(params, has_runs, request.runs_format));
  GRK_TRY(request.test, eval::parse_choice(size_tests, "test", params.string("test")));
  GRK_TRY(const TestSettings settings, read_test_settings(params, std::vector<std::string_view>{"alpha"}));
  request.alpha = settings.alpha;
  request.power = params.number("power");
  // Written as a negation so that NaN fails too.
  if (!(0.0 < request.power && request.power < 1.0)) {
    return fail(Status::invalid_argument, "power must be between 0 and 1, got " + shown_number(params, "power"));
  }
  request.minimum_difference = params.number("minimum_difference");
  if (!(request.minimum_difference > 0.0) || !std::isfinite(request.minimum_difference)) {
    return fail(Status::invalid_argument,
                "minimum_difference must be a positive number, got " + shown_number(params, "minimum_difference"));
  }
  const bool has_pair = params.has("baseline") || params.has("candidate");
  if (request.test == SizeTest::t) {
    if (!params.has("baseline") || !params.has("candidate")) {
      return fail(Status::invalid_argument,
                  "test 't' needs 'baseline' and 'candidate', the systems whose paired deltas give the variance");
    }
    if (params.has("systems")) return fail(Status::invalid_argument, "'systems' is read only with test 'anova'");
    request.baseline = params.string("baseline");
    request.candidate = params.string("candidate");
  } else {
    if (has_pair) {
      return fail(Status::invalid_argument,
                  "'baseline' and 'candidate' are read only with test 't'; test 'anova' takes every system of the "
                  "input");
    }
    if (params.has("systems")) {
      request.systems = params.integer("systems");
      if (*request.systems < 2) {
        return fail(Status::invalid_argument,
                    "systems must be at least 2 for test 'anova', got " + std::to_string(*request.systems));
      }
    }
  }
  request.metric = params.string("metric");
  if (has_scores) {
    if (auto metric = check_metric_name(request.metric);
        !metric && !scores_name_their_metric(params)) {
      return unexpected(std::move(metric).error());
    }
  }
  if (request.judging) {
    GRK_TRY(request.trec_metric, resolve_trec_measures({request.metric}, "metric"));
  }
  GRK_TRY(request.policy, eval::parse_missing_queries(params.string("missing_queries")));
  return request;
}

Expected<SystemTable> read_table(const Params& params, const SizeRequest& request) {
  const std::optional<std::vector<std::string>> metrics(std::vector<std::string>{request.metric});
  if (params.has("report")) return read_report_systems(params.path("report"), metrics, "metric");
  if (params.has("scores")) return read_scores_systems(params.path("scores"), request.metric);
  if (request.judging) return score_trec_runs(params.paths("runs"), *request.judging, request.trec_metric);
  return read_runs_systems(params.paths("runs"), request.runs_format, metrics, "metric");
}

Expected<std::size_t> system_index(const SystemTable& table, const std::string& name, std::string_view param) {
  for (std::size_t s = 0; s < table.systems.size(); ++s) {
    if (table.systems[s] == name) return s;
  }
  return fail(Status::invalid_argument, std::string(param) + ": unknown system " + python::repr(name) +
                                            "; the input has " + python::repr_list(table.systems));
}

Expected<boost::json::value> size_topic_set(const Params& params) {
  GRK_TRY(const SizeRequest request, read_request(params));
  GRK_TRY(const SystemTable table, read_table(params, request));
  std::vector<eval::SystemScores> compared;
  if (request.test == SizeTest::t) {
    GRK_TRY(const std::size_t baseline, system_index(table, request.baseline, "baseline"));
    GRK_TRY(const std::size_t candidate, system_index(table, request.candidate, "candidate"));
    compared = {{request.baseline, &table.scores[0][baseline]}, {request.candidate, &table.scores[0][candidate]}};
  } else {
    if (table.systems.size() < 2) {
      return fail(Status::invalid_argument,
                  "test 'anova' needs at least two systems in the input for the residual variance, got " +
                      std::to_string(table.systems.size()));
    }
    for (std::size_t s = 0; s < table.systems.size(); ++s) compared.push_back({table.systems[s], &table.scores[0][s]});
  }
  GRK_TRY(const eval::AlignedScores aligned, eval::align_queries(compared, table.metrics[0], request.policy));
  const std::size_t queries = aligned.query_ids.size();
  if (queries < 2) {
    return fail(Status::invalid_data,
                "the variance needs at least two queries, got " + std::to_string(queries) + " on metric " +
                    python::repr(table.metrics[0]));
  }

  boost::json::object variance;
  TopicSetSize size;
  std::size_t design_systems = 2;
  if (request.test == SizeTest::t) {
    std::vector<double> deltas(queries);
    for (std::size_t q = 0; q < queries; ++q) deltas[q] = aligned.scores[1][q] - aligned.scores[0][q];
    const double value = sample_moments(deltas).variance;
    variance = {{"value", value},
                {"source", "sample variance of the paired deltas (candidate - baseline)"},
                {"baseline", request.baseline},
                {"candidate", request.candidate},
                {"queries", queries}};
    if (!(value > 0.0) || !std::isfinite(value)) {
      return fail(Status::invalid_data, "the sample variance of the paired deltas is " +
                                            json::format_python_float(value) +
                                            "; the topic set size needs a positive, finite variance");
    }
    GRK_TRY(size, t_topic_set_size(request.minimum_difference, value, request.alpha, request.power));
  } else {
    const TwoWayAnova anova = two_way_anova(aligned.scores);
    const double value = anova.residual.mean_square;
    boost::json::array names;
    for (const std::string& system : table.systems) names.emplace_back(system);
    variance = {{"value", value},
                {"source", "residual mean square of the two-way ANOVA (score ~ system + topic)"},
                {"systems", std::move(names)},
                {"queries", queries},
                {"df", anova.residual.df}};
    if (!(value > 0.0) || !std::isfinite(value)) {
      return fail(Status::invalid_data, "the residual variance of the two-way ANOVA is " +
                                            json::format_python_float(value) +
                                            "; the topic set size needs a positive, finite variance");
    }
    design_systems = request.systems ? static_cast<std::size_t>(*request.systems) : table.systems.size();
    GRK_TRY(size, anova_topic_set_size(design_systems, request.minimum_difference, value, request.alpha,
                                       request.power));
  }
  boost::json::object result{{"test", eval::choice_name(size_tests, request.test)},
                             {"metric", table.metrics[0]},
                             {"alpha", request.alpha},
                             {"power", request.power},
                             {"minimum_difference", request.minimum_difference}};
  if (request.test == SizeTest::anova) result["systems"] = design_systems;
  result["topics"] = size.topics;
  result["achieved_power"] = size.achieved_power;
  result["variance"] = std::move(variance);
  return boost::json::value(std::move(result));
}

}  // namespace

std::vector<ParamSpec> TopicSetSizeStatistic::params() {
  std::vector<ParamSpec> specs = system_table_params();
  std::vector<ParamSpec> rest{
      required("metric", ParamType::string,
               "the metric whose variance is taken: a report's or scores file's name, the runs files' measure, or "
               "trec_eval's output name with trec_run"),
      with_default("test", ParamType::string, "t",
                   "t (a two-sided paired t-test of baseline and candidate) or anova (a one-way ANOVA over the "
                   "systems)")
          .one_of({"t", "anova"}),
      required("minimum_difference", ParamType::number, "the smallest difference in means worth detecting"),
      with_default("power", ParamType::number, 0.8, "the probability of detecting minimum_difference"),
      optional("baseline", ParamType::string, "test t: the baseline system of the paired deltas"),
      optional("candidate", ParamType::string, "test t: the candidate system of the paired deltas"),
      optional("systems", ParamType::integer,
               "test anova: how many systems the new collection will compare (default: the input's)"),
  };
  for (ParamSpec& spec : rest) specs.push_back(std::move(spec));
  specs.push_back(with_default("alpha", ParamType::number, 0.05, "the test's significance level, 0 < x < 1"));
  specs.push_back(with_default("missing_queries", ParamType::string, "error",
                               "a query some system lacks: error, intersect (use the shared ones) or zero (score 0)")
                      .one_of({"error", "intersect", "zero"}));
  return specs;
}

Expected<void> TopicSetSizeStatistic::validate(const Params& params) const {
  GRK_TRY_VOID(read_request(params));
  return {};
}

// The one place where a failure becomes grk::Error (the plugin firewall).
boost::json::value TopicSetSizeStatistic::compute(const Params& params, Context& context) {
  (void)context;
  return size_topic_set(params).or_throw();
}

std::string TopicSetSizeStatistic::summarize(const boost::json::value& result) const {
  const boost::json::object& object = result.as_object();
  const bool t = object.at("test").as_string() == "t";
  return "topic-set-size: " + std::to_string(object.at("topics").to_number<std::uint64_t>()) + " topics for " +
         (t ? std::string("a paired t-test") : "an ANOVA of " + std::to_string(object.at("systems").to_number<std::uint64_t>()) + " systems") +
         " to detect " + json::format_python_float(object.at("minimum_difference").to_number<double>()) + " on " +
         std::string(object.at("metric").as_string()) + " with power " +
         json::format_python_float(object.at("power").to_number<double>()) + " at alpha " +
         json::format_python_float(object.at("alpha").to_number<double>());
}

}  // namespace grk::significance
