// Query alignment under each missing_queries policy: the aligned scores, the
// dropped and filled counts, and every failure's exact message.
#define BOOST_TEST_MODULE eval_query_alignment
#include <boost/test/unit_test.hpp>

#include <string>
#include <vector>

#include <grk/error.hpp>
#include <grk/eval/query_alignment.hpp>

using grk::eval::align_queries;
using grk::eval::AlignedScores;
using grk::eval::MissingQueries;
using grk::eval::missing_queries_name;
using grk::eval::parse_missing_queries;
using grk::eval::ScoreMap;
using grk::eval::SystemScores;

namespace {

std::string failure_of(const std::vector<SystemScores>& systems, MissingQueries policy) {
  auto aligned = align_queries(systems, "P_10", policy);
  BOOST_REQUIRE(!aligned);
  BOOST_TEST((aligned.error().status == grk::Status::invalid_data));
  return aligned.error().message;
}

using Rows = std::vector<std::vector<double>>;
using Ids = std::vector<std::string>;
using Counts = std::vector<std::size_t>;

}  // namespace

BOOST_AUTO_TEST_CASE(policy_names_parse_and_unknown_ones_list_the_known) {
  for (const MissingQueries policy : {MissingQueries::error, MissingQueries::intersect, MissingQueries::zero}) {
    auto parsed = parse_missing_queries(missing_queries_name(policy));
    BOOST_REQUIRE(parsed);
    BOOST_TEST((*parsed == policy));
  }
  BOOST_TEST(missing_queries_name(MissingQueries::intersect) == "intersect");
  auto wrong = parse_missing_queries("drop");
  BOOST_REQUIRE(!wrong);
  BOOST_TEST((wrong.error().status == grk::Status::invalid_argument));
  BOOST_TEST(wrong.error().message == "missing_queries must be one of 'error', 'intersect', 'zero', got 'drop'");
}

BOOST_AUTO_TEST_CASE(the_same_queries_align_under_every_policy_with_nothing_dropped_or_filled) {
  const ScoreMap bm25{{"q2", 0.2}, {"q1", 0.1}, {"q10", 0.5}};
  const ScoreMap dense{{"q1", 0.4}, {"q10", 0.0}, {"q2", 0.3}};
  for (const MissingQueries policy : {MissingQueries::error, MissingQueries::intersect, MissingQueries::zero}) {
    auto aligned = align_queries({{"bm25", &bm25}, {"dense", &dense}}, "P_10", policy);
    BOOST_REQUIRE(aligned);
    BOOST_TEST(aligned->query_ids == (Ids{"q1", "q10", "q2"}), boost::test_tools::per_element());
    BOOST_TEST(aligned->scores[0] == (std::vector<double>{0.1, 0.5, 0.2}), boost::test_tools::per_element());
    BOOST_TEST(aligned->scores[1] == (std::vector<double>{0.4, 0.0, 0.3}), boost::test_tools::per_element());
    BOOST_TEST(aligned->dropped_queries == 0u);
    BOOST_TEST(aligned->filled_queries == (Counts{0, 0}), boost::test_tools::per_element());
  }
}

BOOST_AUTO_TEST_CASE(intersect_keeps_the_shared_queries_and_counts_the_dropped) {
  const ScoreMap a{{"q1", 0.1}, {"q2", 0.2}, {"q3", 0.3}, {"q5", 0.5}};
  const ScoreMap b{{"q2", 1.2}, {"q3", 1.3}, {"q4", 1.4}, {"q5", 1.5}};
  const ScoreMap c{{"q0", 2.0}, {"q2", 2.2}, {"q5", 2.5}};
  auto aligned = align_queries({{"a", &a}, {"b", &b}, {"c", &c}}, "P_10", MissingQueries::intersect);
  BOOST_REQUIRE(aligned);
  BOOST_TEST(aligned->query_ids == (Ids{"q2", "q5"}), boost::test_tools::per_element());
  BOOST_TEST(aligned->scores == (Rows{{0.2, 0.5}, {1.2, 1.5}, {2.2, 2.5}}));
  BOOST_TEST(aligned->dropped_queries == 4u);  // q0, q1, q3, q4
  BOOST_TEST(aligned->filled_queries == (Counts{0, 0, 0}), boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(zero_scores_a_missing_query_0_and_counts_the_filled_per_system) {
  const ScoreMap a{{"q1", 0.1}, {"q2", 0.2}, {"q3", 0.3}};
  const ScoreMap b{{"q2", 1.2}, {"q4", 1.4}};
  auto aligned = align_queries({{"a", &a}, {"b", &b}}, "P_10", MissingQueries::zero);
  BOOST_REQUIRE(aligned);
  BOOST_TEST(aligned->query_ids == (Ids{"q1", "q2", "q3", "q4"}), boost::test_tools::per_element());
  BOOST_TEST(aligned->scores == (Rows{{0.1, 0.2, 0.3, 0.0}, {0.0, 1.2, 0.0, 1.4}}));
  BOOST_TEST(aligned->dropped_queries == 0u);
  BOOST_TEST(aligned->filled_queries == (Counts{1, 2}), boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(query_ids_are_ordered_bytewise_as_python_orders_code_points) {
  const ScoreMap a{{"\xc3\xa9t\xc3\xa9", 1.0}, {"Z", 2.0}, {"a", 3.0}};
  auto aligned = align_queries({{"a", &a}, {"b", &a}}, "P_10", MissingQueries::error);
  BOOST_REQUIRE(aligned);
  BOOST_TEST(aligned->query_ids == (Ids{"Z", "a", "\xc3\xa9t\xc3\xa9"}), boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(error_lists_each_side_s_missing_ids_sorted_up_to_ten_and_how_many_more) {
  ScoreMap bm25;
  ScoreMap dense;
  for (int q = 0; q < 30; ++q) {
    const std::string id = "q" + std::to_string(q);
    if (q < 25) bm25[id] = 0.5;  // bm25 lacks q25..q29
    if (q >= 12) dense[id] = 0.5;  // dense lacks q0..q11
  }
  BOOST_TEST(failure_of({{"bm25", &bm25}, {"dense", &dense}}, MissingQueries::error) ==
             "metric 'P_10': query ids differ between systems (missing from 'bm25': ['q25', 'q26', 'q27', 'q28', "
             "'q29']; missing from 'dense': ['q0', 'q1', 'q10', 'q11', 'q2', 'q3', 'q4', 'q5', 'q6', 'q7'] and 2 "
             "more); set missing_queries to 'intersect' or 'zero' to compare anyway");
  // Exactly ten: no "and 0 more"; a system that lacks nothing is not listed.
  ScoreMap all;
  ScoreMap ten_short;
  for (int q = 0; q < 12; ++q) {
    all["q" + std::to_string(q)] = 0.5;
    if (q >= 10) ten_short["q" + std::to_string(q)] = 0.5;
  }
  BOOST_TEST(failure_of({{"all", &all}, {"short", &ten_short}, {"also all", &all}}, MissingQueries::error) ==
             "metric 'P_10': query ids differ between systems (missing from 'short': ['q0', 'q1', 'q2', 'q3', "
             "'q4', 'q5', 'q6', 'q7', 'q8', 'q9']); set missing_queries to 'intersect' or 'zero' to compare anyway");
}

BOOST_AUTO_TEST_CASE(nothing_to_compare_fails_with_the_metric_named) {
  const ScoreMap empty;
  const ScoreMap a{{"q1", 0.1}};
  const ScoreMap b{{"q2", 0.2}};
  for (const MissingQueries policy : {MissingQueries::error, MissingQueries::intersect, MissingQueries::zero}) {
    BOOST_TEST(failure_of({{"a", &empty}, {"b", &empty}}, policy) == "metric 'P_10': no per-query scores");
    BOOST_TEST(failure_of({}, policy) == "metric 'P_10': no per-query scores");
  }
  BOOST_TEST(failure_of({{"a", &a}, {"b", &b}}, MissingQueries::intersect) ==
             "metric 'P_10': no query is scored by every system");
  // zero compares them: each filled once.
  auto filled = align_queries({{"a", &a}, {"b", &b}}, "P_10", MissingQueries::zero);
  BOOST_REQUIRE(filled);
  BOOST_TEST(filled->scores == (Rows{{0.1, 0.0}, {0.0, 0.2}}));
  BOOST_TEST(filled->filled_queries == (Counts{1, 1}), boost::test_tools::per_element());
  // An empty system against a full one, under zero: all filled.
  auto against_empty = align_queries({{"a", &a}, {"none", &empty}}, "P_10", MissingQueries::zero);
  BOOST_REQUIRE(against_empty);
  BOOST_TEST(against_empty->filled_queries == (Counts{0, 1}), boost::test_tools::per_element());
}
