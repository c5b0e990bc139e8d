// paired_bootstrap and compare_report_stages against every case of the
// groundkit test file (docs/behaviour/paired-bootstrap.md §11) and the acceptance vectors of
// docs/behaviour/paired-bootstrap.md §5 and §10, with exact equality: these digits come from CPython 3.11.7.
#define BOOST_TEST_MODULE significance_paired_bootstrap
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <cstdint>
#include <utility>
#include <limits>
#include <string>
#include <thread>
#include <vector>

#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <grk/error.hpp>
#include <grk/expected.hpp>
#include <grk/groundkit/report/model.hpp>

#include "methods/paired_bootstrap.hpp"
#include "resampling/index_draws.hpp"
#include "resampling/mersenne_twister.hpp"
#include "resampling/parallel_means.hpp"
#include "inputs/report_scores.hpp"

using namespace grk::significance;
using grk::eval::ScoreMap;
namespace report = grk::report;

namespace {

BootstrapRequest request(std::int64_t resamples = 10000, std::int64_t seed = 7, double level = 0.95,
                         std::string metric = "ndcg_at_10") {
  BootstrapRequest r;
  r.baseline_name = "bm25";
  r.candidate_name = "dense";
  r.metric = std::move(metric);
  r.resamples = resamples;
  r.seed = seed;
  r.confidence_level = level;
  return r;
}

ScoreMap constant(std::size_t count, double value) {
  ScoreMap scores;
  for (std::size_t i = 0; i < count; ++i) scores["q" + std::to_string(i)] = value;
  return scores;
}

struct Want {
  double effect, low, high, p;
  bool significant;
};

void check(const grk::Expected<BootstrapResult>& got, const Want& want) {
  BOOST_REQUIRE_MESSAGE(got.has_value(), (got ? std::string() : got.error().message));
  BOOST_TEST(got->effect == want.effect);
  BOOST_TEST(got->confidence_interval.low == want.low);
  BOOST_TEST(got->confidence_interval.high == want.high);
  BOOST_TEST(got->p_value_two_sided == want.p);
  BOOST_TEST(got->significant == want.significant);
}

template <class T>
std::string error_of(const grk::Expected<T>& result, grk::Status* status = nullptr) {
  if (result.has_value()) return "(no error)";
  if (status) *status = result.error().status;
  return result.error().message;
}

// The fixture of the groundkit tests: normal queries with one gold span, no
// retrieved hits, recalls 1.0, latency 1.0; aggregates 0.5.
report::QueryResult query(const std::string& id, std::optional<double> ndcg, double rr = 0.5) {
  report::QueryResult q;
  q.query_id = id;
  q.query = "query " + id;
  q.category = ndcg ? "normal" : "no_answer";
  q.is_no_answer = !ndcg;
  if (ndcg) {
    q.gold.push_back({"a.md", 0, 4, "text"});
    q.total_relevant_chunks = 1;
    q.metrics = report::QueryMetrics{1.0, 1.0, 1.0, rr, *ndcg};
  }
  q.latency_ms = 1.0;
  return q;
}

report::StageResult stage(report::StageName name, std::vector<report::QueryResult> queries) {
  report::StageResult s;
  s.stage = name;
  s.is_baseline = name == report::StageName::bm25;
  s.aggregate = report::MetricSet{1, 0.5, 0.5, 0.5, 0.5, 0.5};
  s.latency_p50_ms = 1.0;
  s.latency_p95_ms = 2.0;
  s.latency_p99_ms = 3.0;
  s.queries = std::move(queries);
  return s;
}

report::EvalReport make_report(std::vector<report::StageResult> stages) {
  report::EvalReport r;
  r.run.started_at = "2026-08-24T00:00:00+00:00";
  r.run.groundkit_version = "0.1.0";
  r.run.corpus_hash = std::string(64, 'c');
  r.run.judgments_hash = std::string(64, 'j');
  r.run.config.chunk_size = 512;
  r.run.config.chunk_overlap = 64;
  r.run.config.top_k = 10;
  r.run.config.bm25_k1 = 1.5;
  r.run.config.bm25_b = 0.75;
  r.stages = std::move(stages);
  return r;
}

// compare_report_stages: the metric, then the stages' scores, then the bootstrap.
grk::Expected<BootstrapResult> compare(const report::EvalReport& r, const std::string& baseline,
                                       const std::string& candidate, const std::string& metric,
                                       std::int64_t resamples) {
  auto name = check_metric_name(metric);
  if (!name) return grk::unexpected(std::move(name).error());
  auto pair = scores_from_report(r, baseline, candidate, *name);
  if (!pair) return grk::unexpected(std::move(pair).error());
  BootstrapRequest req = request(resamples, 7, 0.95, metric);
  req.baseline_name = baseline;
  req.candidate_name = candidate;
  return paired_bootstrap(pair->baseline, pair->candidate, req);
}

}  // namespace

// docs/behaviour/paired-bootstrap.md §11 case 1 and vector T1.
BOOST_AUTO_TEST_CASE(deterministic_and_defaults_to_ten_thousand_resamples) {
  const BootstrapResult first = paired_bootstrap(constant(12, 0.0), constant(12, 1.0), request()).value();
  const BootstrapResult second = paired_bootstrap(constant(12, 0.0), constant(12, 1.0), request()).value();
  check(first, {1.0, 1.0, 1.0, 0.00019998000199980003, true});
  check(second, {1.0, 1.0, 1.0, 0.00019998000199980003, true});
  BOOST_TEST(first.resamples == 10000);
  BOOST_TEST(first.query_count == 12u);
  BOOST_TEST(first.seed == 7);
  BOOST_TEST(first.method == "paired bootstrap over query-level candidate-minus-baseline deltas");
}

// docs/behaviour/paired-bootstrap.md §11 case 2 and vector T2.
BOOST_AUTO_TEST_CASE(p_value_is_never_zero_even_when_no_resample_crosses_zero) {
  const std::vector<std::pair<std::int64_t, double>> cases{
      {100, 0.019801980198019802}, {1000, 0.001998001998001998}, {10000, 0.00019998000199980003}};
  for (const auto& [resamples, p] : cases) {
    check(paired_bootstrap(constant(30, 0.0), constant(30, 5.0), request(resamples)), {5.0, 5.0, 5.0, p, true});
  }
}

// docs/behaviour/paired-bootstrap.md §11 case 3 and vector T3: the mapping order does not matter.
BOOST_AUTO_TEST_CASE(preserves_query_pairing_independent_of_mapping_order) {
  const ScoreMap baseline{{"q1", 0.1}, {"q2", 0.9}, {"q3", 0.2}};
  const ScoreMap candidate{{"q3", 0.4}, {"q1", 0.3}, {"q2", 0.8}};
  check(paired_bootstrap(baseline, candidate, request(200, 11, 0.95, "mrr")),
        {0.10000000000000002, -0.09999999999999998, 0.20000000000000004, 0.06965174129353234, false});
}

// docs/behaviour/paired-bootstrap.md §11 cases 4-8: the messages of docs/behaviour/paired-bootstrap.md §2, in its order.
BOOST_AUTO_TEST_CASE(rejects_unpaired_queries) {
  grk::Status status{};
  BOOST_TEST(error_of(paired_bootstrap({{"q1", 0.0}}, {{"q2", 0.0}}, request()), &status) ==
             "paired bootstrap query ids differ (missing from candidate=['q1'], missing from baseline=['q2'])");
  BOOST_TEST(static_cast<int>(status) == static_cast<int>(grk::Status::invalid_data));
  // An empty candidate fails here, not at the emptiness check.
  BOOST_TEST(error_of(paired_bootstrap({{"a'b", 0.0}, {"\xc3\xa9", 1.0}}, {}, request())) ==
             "paired bootstrap query ids differ (missing from candidate=[\"a'b\", '\xc3\xa9'], missing from baseline=[])");
}

BOOST_AUTO_TEST_CASE(rejects_non_positive_resamples_before_anything_else) {
  for (std::int64_t resamples : {0, -1}) {
    grk::Status status{};
    BOOST_TEST(error_of(paired_bootstrap({}, {}, request(resamples, 7, 2.0)), &status) ==
               "resamples must be positive, got " + std::to_string(resamples));
    BOOST_TEST(static_cast<int>(status) == static_cast<int>(grk::Status::invalid_argument));
  }
}

BOOST_AUTO_TEST_CASE(rejects_a_confidence_level_outside_the_open_unit_interval) {
  const std::vector<std::pair<double, std::string>> cases{
      {0.0, "0.0"}, {1.0, "1.0"}, {-0.5, "-0.5"}, {1.5, "1.5"},
      {std::numeric_limits<double>::quiet_NaN(), "nan"}, {std::numeric_limits<double>::infinity(), "inf"}};
  for (const auto& [level, shown] : cases) {
    BOOST_TEST(error_of(paired_bootstrap({}, {}, request(10, 7, level))) ==
               "confidence_level must be between 0 and 1, got " + shown);
  }
  BootstrapRequest as_int = request(10, 7, 1.0);
  as_int.confidence_level_text = "1";
  BOOST_TEST(error_of(paired_bootstrap({}, {}, as_int)) ==
             "confidence_level must be between 0 and 1, got 1");
}

BOOST_AUTO_TEST_CASE(rejects_empty_scores) {
  BOOST_TEST(error_of(paired_bootstrap({}, {}, request())) ==
             "paired bootstrap requires at least one query score");
  BOOST_TEST(error_of(paired_bootstrap({}, {{"q1", 0.0}}, request())) ==
             "paired bootstrap requires at least one query score");
}

BOOST_AUTO_TEST_CASE(rejects_non_finite_scores) {
  const double inf = std::numeric_limits<double>::infinity();
  for (double bad : {std::numeric_limits<double>::quiet_NaN(), inf, -inf}) {
    BOOST_TEST(error_of(paired_bootstrap({{"q", 0.0}}, {{"q", bad}}, request())) ==
               "paired bootstrap scores must be finite");
  }
  // The delta is tested, not the inputs.
  BOOST_TEST(error_of(paired_bootstrap({{"q", inf}}, {{"q", inf}}, request())) ==
             "paired bootstrap scores must be finite");
  BOOST_TEST(error_of(paired_bootstrap({{"q", 1e308}}, {{"q", -1e308}}, request())) ==
             "paired bootstrap scores must be finite");
}

BOOST_AUTO_TEST_CASE(an_unknown_metric_fails_last_with_the_list_of_metrics) {
  BOOST_TEST(error_of(paired_bootstrap({{"q", 0.0}}, {{"q", 1.0}}, request(10, 7, 0.95, "map"))) ==
             "metric must be one of 'recall_at_1', 'recall_at_5', 'recall_at_10', 'mrr', 'ndcg_at_10', got 'map'");
  BOOST_TEST(error_of(paired_bootstrap({{"q", 0.0}}, {{"q", 1.0}}, request(0, 7, 0.95, "map"))) ==
             "resamples must be positive, got 0");
}

// docs/behaviour/paired-bootstrap.md §11 case 9 and vector T4.
BOOST_AUTO_TEST_CASE(compare_report_stages_pairs_two_stages_of_one_report) {
  const auto r = make_report({stage(report::StageName::bm25, {query("q-1", 0.2), query("q-2", 0.4)}),
                              stage(report::StageName::dense, {query("q-1", 0.6), query("q-2", 0.5)})});
  const BootstrapResult got = compare(r, "bm25", "dense", "ndcg_at_10", 500).value();
  BOOST_TEST(got.baseline == "bm25");
  BOOST_TEST(got.candidate == "dense");
  BOOST_TEST(got.query_count == 2u);
  check(got, {0.24999999999999997, 0.09999999999999998, 0.39999999999999997, 0.003992015968063872, true});
}

// docs/behaviour/paired-bootstrap.md §11 case 10 and vector T5.
BOOST_AUTO_TEST_CASE(compare_report_stages_reads_reciprocal_rank_for_the_mrr_metric) {
  const auto r = make_report({stage(report::StageName::bm25, {query("q-1", 0.9, 0.25)}),
                              stage(report::StageName::dense, {query("q-1", 0.1, 0.75)})});
  check(compare(r, "bm25", "dense", "mrr", 100), {0.5, 0.5, 0.5, 0.019801980198019802, true});
}

// docs/behaviour/paired-bootstrap.md §11 case 11 and vector T6.
BOOST_AUTO_TEST_CASE(compare_report_stages_skips_no_answer_queries) {
  const auto r = make_report({stage(report::StageName::bm25, {query("q-1", 0.2), query("q-2", std::nullopt)}),
                              stage(report::StageName::dense, {query("q-1", 0.6), query("q-2", std::nullopt)})});
  const BootstrapResult got = compare(r, "bm25", "dense", "ndcg_at_10", 100).value();
  BOOST_TEST(got.query_count == 1u);
  check(got, {0.39999999999999997, 0.39999999999999997, 0.39999999999999997, 0.019801980198019802, true});
}

// docs/behaviour/paired-bootstrap.md §11 cases 12-14 and the rest of docs/behaviour/paired-bootstrap.md §9, in its order.
BOOST_AUTO_TEST_CASE(compare_report_stages_rejects_a_stage_the_report_does_not_contain) {
  const auto r = make_report({stage(report::StageName::bm25, {query("q-1", 0.2)})});
  grk::Status status{};
  BOOST_TEST(error_of(compare(r, "bm25", "dense", "ndcg_at_10", 100), &status) ==
             "report does not contain stage 'dense'");
  BOOST_TEST(static_cast<int>(status) == static_cast<int>(grk::Status::invalid_argument));
  // The baseline is looked up first.
  BOOST_TEST(error_of(compare(r, "fusion", "dense", "ndcg_at_10", 100)) ==
             "report does not contain stage 'fusion'");
  // The hint lists the stages the report has; the message stays groundkit's
  // (docs/behaviour/paired-bootstrap.md §12.2 step 5).
  const auto two = make_report({stage(report::StageName::dense, {query("q-1", 0.2)}),
                                stage(report::StageName::bm25, {query("q-1", 0.3)})});
  const auto missing = compare(two, "bm25", "fusion", "ndcg_at_10", 100);
  BOOST_TEST_REQUIRE(!missing.has_value());
  BOOST_TEST(missing.error().message == "report does not contain stage 'fusion'");
  BOOST_TEST(missing.error().hint == "the report's stages: 'dense', 'bm25'");
  const auto none = compare(make_report({}), "bm25", "dense", "ndcg_at_10", 100);
  BOOST_TEST_REQUIRE(!none.has_value());
  BOOST_TEST(none.error().hint == "the report has no stages");
}

BOOST_AUTO_TEST_CASE(compare_report_stages_rejects_duplicate_query_ids) {
  const auto r = make_report({stage(report::StageName::bm25, {query("q-1", 0.2), query("q-1", 0.3)}),
                              stage(report::StageName::dense, {query("q-1", 0.6)})});
  BOOST_TEST(error_of(compare(r, "bm25", "dense", "ndcg_at_10", 100)) ==
             "duplicate query id 'q-1' in a stage's results; query ids must be unique for a paired comparison "
             "to mean anything");
  // A duplicated no-answer id is skipped before the check.
  const auto skipped =
      make_report({stage(report::StageName::bm25, {query("q-1", 0.2), query("q-2", std::nullopt),
                                                   query("q-2", std::nullopt)}),
                   stage(report::StageName::dense, {query("q-1", 0.6)})});
  BOOST_TEST(compare(skipped, "bm25", "dense", "ndcg_at_10", 100).value().query_count == 1u);
  // The candidate's ids are checked against the baseline's by paired_bootstrap.
  const auto unpaired = make_report({stage(report::StageName::bm25, {query("q-1", 0.2), query("q-2", 0.3)}),
                                     stage(report::StageName::dense, {query("q-1", 0.6)})});
  BOOST_TEST(error_of(compare(unpaired, "bm25", "dense", "ndcg_at_10", 100)) ==
             "paired bootstrap query ids differ (missing from candidate=['q-2'], missing from baseline=[])");
}

BOOST_AUTO_TEST_CASE(compare_report_stages_rejects_duplicate_stage_names) {
  const auto r = make_report({stage(report::StageName::bm25, {query("q-1", 0.2)}),
                              stage(report::StageName::dense, {query("q-1", 0.3)}),
                              stage(report::StageName::dense, {query("q-1", 0.4)})});
  BOOST_TEST(error_of(compare(r, "bm25", "fusion", "ndcg_at_10", 100)) ==
             "report contains more than one stage named ['dense']; a comparison cannot say which of them it "
             "measured");
  const auto two = make_report({stage(report::StageName::bm25, {query("q-1", 0.2)}),
                                stage(report::StageName::rerank, {query("q-1", 0.3)}),
                                stage(report::StageName::dense, {query("q-1", 0.3)}),
                                stage(report::StageName::rerank, {query("q-1", 0.3)}),
                                stage(report::StageName::dense, {query("q-1", 0.4)})});
  BOOST_TEST(error_of(compare(two, "bm25", "dense", "ndcg_at_10", 100)) ==
             "report contains more than one stage named ['dense', 'rerank']; a comparison cannot say which of "
             "them it measured");
}

// Vectors V1-V3 (docs/behaviour/paired-bootstrap.md §10) and the 3.11 column of docs/behaviour/paired-bootstrap.md §5.
BOOST_AUTO_TEST_CASE(acceptance_vectors) {
  const ScoreMap b{{"a", 0}, {"b", 1}, {"c", 0.5}, {"d", 0.25}, {"e", 0}};
  const ScoreMap c{{"a", 1}, {"b", 0}, {"c", 0.5}, {"d", 1}, {"e", 0}};
  check(paired_bootstrap(b, c, request()), {0.15, -0.45, 0.75, 0.7611238876112388, false});
  check(paired_bootstrap(b, c, request(1000, 0, 0.9)), {0.15, -0.4, 0.65, 0.7432567432567433, false});
  check(paired_bootstrap({{"x", 0.3}, {"y", 0.3}}, {{"x", 0.3}, {"y", 0.3}}, request(50)),
        {0.0, 0.0, 0.0, 1.0, false});
  for (std::int64_t seed : {7, -7}) {
    check(paired_bootstrap(b, c, request(200, seed)), {0.15, -0.45, 0.7012500000000003, 0.7164179104477612, false});
  }
  const grk::Expected<BootstrapResult> tenth = paired_bootstrap(constant(10, 0.0), constant(10, 0.1), request(1000));
  check(tenth, {0.09999999999999999, 0.09999999999999999, 0.09999999999999999, 0.001998001998001998, true});
  ScoreMap b3, c3;
  for (int i = 0; i < 10; ++i) {
    const std::string id = std::string("q0") + std::to_string(i);
    b3[id] = (i % 3) / 3.0;
    c3[id] = ((i * 7) % 5) / 5.0;
  }
  check(paired_bootstrap(b3, c3, request(2000, 123)),
        {0.10000000000000002, -0.15333333333333332, 0.31333333333333335, 0.4047976011994003, false});
}

BOOST_AUTO_TEST_CASE(portable_and_avx2_kernels_agree_on_a_full_bootstrap) {
  std::vector<double> deltas;
  for (int i = 0; i < 1001; ++i) deltas.push_back(std::sin(i * 0.37) * 0.25);
  BootstrapTuning portable;
  portable.portable_kernels = true;
  const BootstrapEstimate fast = bootstrap_deltas(deltas, 3001, -123456789012345, 0.9);
  const BootstrapEstimate slow = bootstrap_deltas(deltas, 3001, -123456789012345, 0.9, {}, portable);
  BOOST_TEST(fast.confidence_interval.low == slow.confidence_interval.low);
  BOOST_TEST(fast.confidence_interval.high == slow.confidence_interval.high);
  BOOST_TEST(fast.p_value_two_sided == slow.p_value_two_sided);
  BOOST_TEST(fast.words_consumed == slow.words_consumed);
}

// The draws are taken in order whatever the thread count, and each mean has
// its own slot: 1, 2 and 3 threads give the same bits (n = 1 draws too).
BOOST_AUTO_TEST_CASE(one_two_and_three_threads_give_the_same_bits) {
  for (std::size_t n : {std::size_t{1}, std::size_t{7}, std::size_t{1001}, std::size_t{70000}}) {
    std::vector<double> deltas;
    for (std::size_t i = 0; i < n; ++i) deltas.push_back(std::sin(static_cast<double>(i) * 0.37) * 0.25 - 0.01);
    const std::int64_t resamples = n == 70000 ? 101 : 10007;  // not a whole number of chunks or lane groups
    BootstrapTuning one;
    one.threads = 1;
    const BootstrapEstimate expected = bootstrap_deltas(deltas, resamples, 42, 0.95, {}, one);
    for (unsigned threads : {2u, 3u}) {
      BootstrapTuning tuning;
      tuning.threads = threads;
      const BootstrapEstimate got = bootstrap_deltas(deltas, resamples, 42, 0.95, {}, tuning);
      BOOST_TEST_CONTEXT("n " << n << ", " << threads << " threads") {
        BOOST_TEST(std::memcmp(&got.confidence_interval.low, &expected.confidence_interval.low, sizeof(double)) == 0);
        BOOST_TEST(std::memcmp(&got.confidence_interval.high, &expected.confidence_interval.high, sizeof(double)) == 0);
        BOOST_TEST(std::memcmp(&got.p_value_two_sided, &expected.p_value_two_sided, sizeof(double)) == 0);
        BOOST_TEST(std::memcmp(&got.effect, &expected.effect, sizeof(double)) == 0);
        BOOST_TEST(got.words_consumed == expected.words_consumed);
      }
    }
  }
}

namespace {

std::vector<double> sine_deltas(std::size_t n) {
  std::vector<double> deltas;
  for (std::size_t i = 0; i < n; ++i) deltas.push_back(std::sin(static_cast<double>(i) * 0.37) * 0.25 - 0.01);
  return deltas;
}

// The means one thread draws and sums, in the test's own loop; `words` gets
// the generator words it took.
std::vector<double> one_threads_means(const std::vector<double>& deltas, std::uint64_t resamples,
                                      const MersenneTwister& generator, std::uint64_t& words) {
  const std::size_t n = deltas.size();
  IndexDraws draws(generator, static_cast<std::uint32_t>(n));
  std::vector<std::uint32_t> resample(n);
  std::vector<double> means;
  for (std::uint64_t r = 0; r < resamples; ++r) {
    draws.fill(resample.data(), n);
    double total = 0.0;
    for (std::uint32_t index : resample) total += deltas[index];
    means.push_back(total / static_cast<double>(n));
  }
  words = draws.words_consumed();
  return means;
}

// The first resample whose mean differs in its bits, or got.size().
std::size_t first_different_mean(const std::vector<double>& got, const std::vector<double>& expected) {
  std::size_t first_different = got.size();
  for (std::size_t r = got.size(); r-- > 0;) {
    if (std::memcmp(&got[r], &expected[r], sizeof(double)) != 0) first_different = r;
  }
  return first_different;
}

}  // namespace

// The two threads' chunks against one thread's draws summed one resample at
// a time, mean by mean: resamples cut by a chunk's start or end, chunks of
// one resample or of part of one (n = 3,000,000: a resample spans chunks),
// a last chunk partly used, and n = 1.
BOOST_AUTO_TEST_CASE(every_mean_of_the_two_threads_is_one_threads_mean) {
  const std::pair<std::size_t, std::uint64_t> shapes[] = {
      {1, 50000}, {2, 9}, {7, 100003}, {600, 2501}, {1001, 10007}, {4097, 333}, {70000, 101}, {3000000, 3}};
  for (const auto& [n, resamples] : shapes) {
    const std::vector<double> deltas = sine_deltas(n);
    const MersenneTwister generator = MersenneTwister::from_python_seed(-77);
    std::uint64_t expected_words = 0;
    const std::vector<double> expected = one_threads_means(deltas, resamples, generator, expected_words);
    std::uint64_t words = 0;
    const std::vector<double> got = resample_means_on_threads(deltas, resamples, generator, {}, words);
    BOOST_TEST_CONTEXT("n " << n << ", " << resamples << " resamples") {
      BOOST_TEST(words == expected_words);
      BOOST_TEST_REQUIRE(got.size() == expected.size());
      const std::size_t first_different = first_different_mean(got, expected);
      BOOST_TEST(first_different == got.size(), "first different mean: resample " << first_different);
    }
  }
}

// Processes that keep every core busy while they live, so that the two
// threads of a bootstrap are descheduled at any point. Each ends itself
// after a minute, and when the test process dies, whatever happens to it.
class BusyCores {
 public:
  BusyCores() {
    for (unsigned i = 0; i < std::max(2u, std::thread::hardware_concurrency()); ++i) {
      const pid_t pid = ::fork();
      if (pid == 0) {
        // The test framework's handlers are the parent's: the alarm must kill.
        ::signal(SIGALRM, SIG_DFL);
        ::prctl(PR_SET_PDEATHSIG, SIGKILL);
        ::alarm(60);
        for (volatile unsigned spin = 0;; spin = spin + 1) {
        }
      }
      if (pid > 0) children_.push_back(pid);
    }
  }
  BusyCores(const BusyCores&) = delete;
  BusyCores& operator=(const BusyCores&) = delete;
  ~BusyCores() {
    for (const pid_t pid : children_) {
      ::kill(pid, SIGKILL);
      ::waitpid(pid, nullptr, 0);
    }
  }

 private:
  std::vector<pid_t> children_;
};

// A chunk that starts on a resample's first draw once skipped its wait for
// the chunk before. While one thread was descheduled, the other could then
// run a ring of links ahead and overwrite a carry not yet read, and the run
// never ended: with the cores busy, about one run in ten at n = 7 hung. Small
// n makes such chunks common.
BOOST_AUTO_TEST_CASE(two_threads_end_and_agree_on_busy_cores, *boost::unit_test::timeout(600)) {
  const std::size_t n = 7;
  const std::uint64_t resamples = 1000003;
  const std::vector<double> deltas = sine_deltas(n);
  const MersenneTwister generator = MersenneTwister::from_python_seed(-77);
  std::uint64_t expected_words = 0;
  const std::vector<double> expected = one_threads_means(deltas, resamples, generator, expected_words);
  const BusyCores busy;
  for (int run = 0; run < 10; ++run) {
    std::uint64_t words = 0;
    const std::vector<double> got = resample_means_on_threads(deltas, resamples, generator, {}, words);
    BOOST_TEST_CONTEXT("run " << run) {
      BOOST_TEST(words == expected_words);
      BOOST_TEST(first_different_mean(got, expected) == got.size());
    }
  }
}

BOOST_AUTO_TEST_CASE(resamples_past_memory_fail_with_a_message_not_a_crash) {
  grk::Status status{};
  const std::int64_t huge = std::numeric_limits<std::int64_t>::max();
  BOOST_TEST(error_of(paired_bootstrap({{"q", 0.0}}, {{"q", 1.0}}, request(huge)), &status) ==
             "not enough memory for 9223372036854775807 bootstrap means (8 bytes each); use fewer resamples");
  BOOST_TEST(static_cast<int>(status) == static_cast<int>(grk::Status::failed_precondition));
}
