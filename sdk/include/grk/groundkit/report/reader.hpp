// Reading an EvalReport: JSON value -> typed, validated report, or the first
// problem with its JSON path (docs/behaviour/eval-report.md §2, §3).
//
// The order problems are found in is pydantic's order of errors, so the one
// reported is the first pydantic would list: within a model, the declared
// fields in declaration order (a missing required key where the field would
// be, a nested model fully before the next field), then unknown keys in the
// order they appear, then the model's validator (validators.hpp).
//
// Messages (after `<path>: `):
//   required key missing              unknown key
//   must be an object, got ...        must be a list, got ...
//   must be an integer, got ...       must be a number, got ...
//   must be a string, got ...         must be a boolean, got ...
//   must be one of 'bm25', 'dense', 'fusion', 'rerank', got ...
//   must be 1 (the only schema_version), got ...
//   must be >= 0, got -1              must be > 0, got 0
//   must be >= 1, got 0               must be between 0 and 1, got 1.5
//   and the raw validator messages of docs/behaviour/eval-report.md §3.
// `got` shows the input as compact JSON for type problems and the converted
// number for bounds. NaN fails every bound (no comparison holds for it).
#ifndef GRK_GROUNDKIT_REPORT_READER_HPP
#define GRK_GROUNDKIT_REPORT_READER_HPP

#include <boost/json/value.hpp>

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <grk/expected.hpp>
#include <grk/json/float_format.hpp>
#include <grk/json/quoted_string.hpp>
#include <grk/detail/report_lax.hpp>
#include <grk/groundkit/report/model.hpp>
#include <grk/groundkit/report/names.hpp>
#include <grk/groundkit/report/report_issue.hpp>
#include <grk/groundkit/report/validators.hpp>

namespace grk::report {

namespace detail {

inline std::string member_path(const std::string& parent, std::string_view key) {
  bool plain = !key.empty();
  for (char c : key) {
    const bool word = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                      c == '_' || c == '-';
    plain = plain && word;
  }
  if (plain) return parent.empty() ? std::string(key) : parent + "." + std::string(key);
  std::string out = parent + "[";
  json::append_quoted(out, key);
  return out + "]";
}

inline std::string index_path(const std::string& parent, std::size_t index) {
  return parent + "[" + std::to_string(index) + "]";
}

// Reads one model: hands out its declared keys and then refuses the rest.
class ModelFields {
 public:
  ModelFields(const boost::json::object& object, std::string path, ReportIssue& issue)
      : object_(object), path_(std::move(path)), issue_(issue) {}

  /// The value of a required key; nullptr (issue set) when it is missing.
  const boost::json::value* required(std::string_view key) {
    declared_.push_back(key);
    const boost::json::value* value = object_.if_contains(key);
    if (value == nullptr) fail(key, "required key missing");
    return value;
  }

  /// The value of a key with a default; nullptr when absent.
  const boost::json::value* optional(std::string_view key) {
    declared_.push_back(key);
    return object_.if_contains(key);
  }

  /// After the declared fields: the first undeclared key is an error.
  bool no_unknown_keys() {
    for (const auto& member : object_) {
      bool known = false;
      for (std::string_view key : declared_) known = known || key == member.key();
      if (!known) return fail(member.key(), "unknown key");
    }
    return true;
  }

  std::string path_of(std::string_view key) const { return member_path(path_, key); }
  const std::string& path() const noexcept { return path_; }

  bool fail(std::string_view key, std::string message) {
    issue_ = ReportIssue{path_of(key), std::move(message)};
    return false;
  }

 private:
  const boost::json::object& object_;
  std::string path_;
  ReportIssue& issue_;
  std::vector<std::string_view> declared_;
};

inline bool fail_at(ReportIssue& issue, std::string path, std::string message) {
  issue = ReportIssue{std::move(path), std::move(message)};
  return false;
}

inline const boost::json::object* object_at(const boost::json::value& value, const std::string& path,
                                            ReportIssue& issue) {
  if (const auto* object = value.if_object()) return object;
  fail_at(issue, path, "must be an object, got " + lax::shown(value));
  return nullptr;
}

inline const boost::json::array* array_at(const boost::json::value& value, const std::string& path,
                                          ReportIssue& issue) {
  if (const auto* array = value.if_array()) return array;
  fail_at(issue, path, "must be a list, got " + lax::shown(value));
  return nullptr;
}

enum class Bound { none, non_negative, positive, at_least_one, unit_interval };

inline std::string shown_number(double value) { return json::format_python_float(value); }
inline std::string shown_number(std::int64_t value) { return std::to_string(value); }

template <class Number>
bool within(Number value, Bound bound, const std::string& path, ReportIssue& issue) {
  switch (bound) {
    case Bound::none: return true;
    case Bound::non_negative:
      if (value >= 0) return true;
      return fail_at(issue, path, "must be >= 0, got " + shown_number(value));
    case Bound::positive:
      if (value > 0) return true;
      return fail_at(issue, path, "must be > 0, got " + shown_number(value));
    case Bound::at_least_one:
      if (value >= 1) return true;
      return fail_at(issue, path, "must be >= 1, got " + shown_number(value));
    case Bound::unit_interval:
      if (value >= 0 && value <= 1) return true;
      return fail_at(issue, path, "must be between 0 and 1, got " + shown_number(value));
  }
  return true;
}

inline bool read_int(const boost::json::value* value, const std::string& path, Bound bound,
                     std::int64_t& out, ReportIssue& issue) {
  if (value == nullptr) return false;
  auto parsed = lax::to_int(*value);
  if (!parsed) return fail_at(issue, path, parsed.error());
  out = *parsed;
  return within(out, bound, path, issue);
}

inline bool read_float(const boost::json::value* value, const std::string& path, Bound bound, double& out,
                       ReportIssue& issue) {
  if (value == nullptr) return false;
  auto parsed = lax::to_float(*value);
  if (!parsed) return fail_at(issue, path, parsed.error());
  out = *parsed;
  return within(out, bound, path, issue);
}

inline bool read_bool(const boost::json::value* value, const std::string& path, bool& out,
                      ReportIssue& issue) {
  if (value == nullptr) return false;
  auto parsed = lax::to_bool(*value);
  if (!parsed) return fail_at(issue, path, parsed.error());
  out = *parsed;
  return true;
}

inline bool read_str(const boost::json::value* value, const std::string& path, std::string& out,
                     ReportIssue& issue) {
  if (value == nullptr) return false;
  auto parsed = lax::to_str(*value);
  if (!parsed) return fail_at(issue, path, parsed.error());
  out = std::move(*parsed);
  return true;
}

inline bool read_stage_name(const boost::json::value* value, const std::string& path, StageName& out,
                            ReportIssue& issue) {
  if (value == nullptr) return false;
  if (value->is_string()) {
    if (auto stage = parse_stage_name(value->get_string())) {
      out = *stage;
      return true;
    }
  }
  return fail_at(issue, path,
                 "must be one of 'bm25', 'dense', 'fusion', 'rerank', got " + lax::shown(*value));
}

// Nullable fields: absent (with a default) or null is nothing.
template <class T, class Read>
bool read_nullable(const boost::json::value* value, std::optional<T>& out, Read read) {
  if (value == nullptr || value->is_null()) {
    out.reset();
    return true;
  }
  T item{};
  if (!read(value, item)) return false;
  out = std::move(item);
  return true;
}

template <class T, class Read>
bool read_list(const boost::json::value* value, const std::string& path, std::vector<T>& out,
               ReportIssue& issue, Read read) {
  if (value == nullptr) return false;
  const auto* array = array_at(*value, path, issue);
  if (array == nullptr) return false;
  out.clear();
  out.reserve(array->size());
  for (std::size_t i = 0; i < array->size(); ++i) {
    T item{};
    if (!read((*array)[i], index_path(path, i), item)) return false;
    out.push_back(std::move(item));
  }
  return true;
}

inline bool read_embedding(const boost::json::value& value, const std::string& path, EmbeddingIdentity& out,
                           ReportIssue& issue) {
  const auto* object = object_at(value, path, issue);
  if (object == nullptr) return false;
  ModelFields f(*object, path, issue);
  return read_str(f.required("provider"), f.path_of("provider"), out.provider, issue) &&
         read_str(f.required("model_name"), f.path_of("model_name"), out.model_name, issue) &&
         read_int(f.required("dimensions"), f.path_of("dimensions"), Bound::positive, out.dimensions, issue) &&
         f.no_unknown_keys();
}

inline bool read_run_config(const boost::json::value& value, const std::string& path, RunConfig& out,
                            ReportIssue& issue) {
  const auto* object = object_at(value, path, issue);
  if (object == nullptr) return false;
  ModelFields f(*object, path, issue);
  const bool fields_ok =
      read_int(f.required("chunk_size"), f.path_of("chunk_size"), Bound::none, out.chunk_size, issue) &&
      read_int(f.required("chunk_overlap"), f.path_of("chunk_overlap"), Bound::none, out.chunk_overlap, issue) &&
      read_int(f.required("top_k"), f.path_of("top_k"), Bound::none, out.top_k, issue) &&
      read_float(f.required("bm25_k1"), f.path_of("bm25_k1"), Bound::none, out.bm25_k1, issue) &&
      read_float(f.required("bm25_b"), f.path_of("bm25_b"), Bound::none, out.bm25_b, issue) &&
      [&] {
        const auto* v = f.required("score_threshold");
        return v != nullptr && read_nullable(v, out.score_threshold, [&](const boost::json::value* x, double& d) {
                 return read_float(x, f.path_of("score_threshold"), Bound::none, d, issue);
               });
      }() &&
      read_nullable(f.optional("embedding"), out.embedding,
                    [&](const boost::json::value* x, EmbeddingIdentity& e) {
                      return read_embedding(*x, f.path_of("embedding"), e, issue);
                    }) &&
      read_nullable(f.optional("rrf_k"), out.rrf_k, [&](const boost::json::value* x, std::int64_t& i) {
        return read_int(x, f.path_of("rrf_k"), Bound::positive, i, issue);
      }) &&
      read_nullable(f.optional("rerank_input"), out.rerank_input, [&](const boost::json::value* x, StageName& s) {
        return read_stage_name(x, f.path_of("rerank_input"), s, issue);
      }) &&
      read_nullable(f.optional("rerank_candidates"), out.rerank_candidates,
                    [&](const boost::json::value* x, std::int64_t& i) {
                      return read_int(x, f.path_of("rerank_candidates"), Bound::positive, i, issue);
                    }) &&
      read_nullable(f.optional("rerank_model"), out.rerank_model, [&](const boost::json::value* x, std::string& s) {
        return read_str(x, f.path_of("rerank_model"), s, issue);
      }) &&
      f.no_unknown_keys();
  if (!fields_ok) return false;
  if (auto valid = validate_run_config(out); !valid) return fail_at(issue, path, valid.error());
  return true;
}

inline bool read_run_metadata(const boost::json::value& value, const std::string& path, RunMetadata& out,
                              ReportIssue& issue) {
  const auto* object = object_at(value, path, issue);
  if (object == nullptr) return false;
  ModelFields f(*object, path, issue);
  const auto* run_id = f.optional("run_id");
  return (run_id == nullptr || read_str(run_id, f.path_of("run_id"), out.run_id, issue)) &&
         read_str(f.required("started_at"), f.path_of("started_at"), out.started_at, issue) &&
         read_str(f.required("groundkit_version"), f.path_of("groundkit_version"), out.groundkit_version, issue) &&
         read_str(f.required("corpus_hash"), f.path_of("corpus_hash"), out.corpus_hash, issue) &&
         read_str(f.required("judgments_hash"), f.path_of("judgments_hash"), out.judgments_hash, issue) &&
         read_int(f.required("document_count"), f.path_of("document_count"), Bound::non_negative,
                  out.document_count, issue) &&
         read_int(f.required("chunk_count"), f.path_of("chunk_count"), Bound::non_negative, out.chunk_count,
                  issue) &&
         read_int(f.required("judgment_count"), f.path_of("judgment_count"), Bound::non_negative,
                  out.judgment_count, issue) &&
         [&] {
           const auto* v = f.required("config");
           return v != nullptr && read_run_config(*v, f.path_of("config"), out.config, issue);
         }() &&
         f.no_unknown_keys();
}

inline bool read_metric_set(const boost::json::value& value, const std::string& path, MetricSet& out,
                            ReportIssue& issue) {
  const auto* object = object_at(value, path, issue);
  if (object == nullptr) return false;
  ModelFields f(*object, path, issue);
  return read_int(f.required("query_count"), f.path_of("query_count"), Bound::non_negative, out.query_count,
                  issue) &&
         read_float(f.required("recall_at_1"), f.path_of("recall_at_1"), Bound::unit_interval, out.recall_at_1,
                    issue) &&
         read_float(f.required("recall_at_5"), f.path_of("recall_at_5"), Bound::unit_interval, out.recall_at_5,
                    issue) &&
         read_float(f.required("recall_at_10"), f.path_of("recall_at_10"), Bound::unit_interval,
                    out.recall_at_10, issue) &&
         read_float(f.required("mrr"), f.path_of("mrr"), Bound::unit_interval, out.mrr, issue) &&
         read_float(f.required("ndcg_at_10"), f.path_of("ndcg_at_10"), Bound::unit_interval, out.ndcg_at_10,
                    issue) &&
         f.no_unknown_keys();
}

inline bool read_query_metrics(const boost::json::value& value, const std::string& path, QueryMetrics& out,
                               ReportIssue& issue) {
  const auto* object = object_at(value, path, issue);
  if (object == nullptr) return false;
  ModelFields f(*object, path, issue);
  return read_float(f.required("recall_at_1"), f.path_of("recall_at_1"), Bound::unit_interval, out.recall_at_1,
                    issue) &&
         read_float(f.required("recall_at_5"), f.path_of("recall_at_5"), Bound::unit_interval, out.recall_at_5,
                    issue) &&
         read_float(f.required("recall_at_10"), f.path_of("recall_at_10"), Bound::unit_interval,
                    out.recall_at_10, issue) &&
         read_float(f.required("reciprocal_rank"), f.path_of("reciprocal_rank"), Bound::unit_interval,
                    out.reciprocal_rank, issue) &&
         read_float(f.required("ndcg_at_10"), f.path_of("ndcg_at_10"), Bound::unit_interval, out.ndcg_at_10,
                    issue) &&
         f.no_unknown_keys();
}

inline bool read_gold_span(const boost::json::value& value, const std::string& path, GoldSpanResult& out,
                           ReportIssue& issue) {
  const auto* object = object_at(value, path, issue);
  if (object == nullptr) return false;
  ModelFields f(*object, path, issue);
  return read_str(f.required("document"), f.path_of("document"), out.document, issue) &&
         read_int(f.required("start_offset"), f.path_of("start_offset"), Bound::non_negative, out.start_offset,
                  issue) &&
         read_int(f.required("end_offset"), f.path_of("end_offset"), Bound::positive, out.end_offset, issue) &&
         read_str(f.required("quote"), f.path_of("quote"), out.quote, issue) && f.no_unknown_keys();
}

inline bool read_retrieved_hit(const boost::json::value& value, const std::string& path, RetrievedHit& out,
                               ReportIssue& issue) {
  const auto* object = object_at(value, path, issue);
  if (object == nullptr) return false;
  ModelFields f(*object, path, issue);
  return read_int(f.required("rank"), f.path_of("rank"), Bound::at_least_one, out.rank, issue) &&
         read_str(f.required("document"), f.path_of("document"), out.document, issue) &&
         read_int(f.required("start_offset"), f.path_of("start_offset"), Bound::non_negative, out.start_offset,
                  issue) &&
         read_int(f.required("end_offset"), f.path_of("end_offset"), Bound::positive, out.end_offset, issue) &&
         read_float(f.required("score"), f.path_of("score"), Bound::non_negative, out.score, issue) &&
         read_bool(f.required("is_relevant"), f.path_of("is_relevant"), out.is_relevant, issue) &&
         f.no_unknown_keys();
}

inline bool read_query_result(const boost::json::value& value, const std::string& path, QueryResult& out,
                              ReportIssue& issue) {
  const auto* object = object_at(value, path, issue);
  if (object == nullptr) return false;
  ModelFields f(*object, path, issue);
  const bool fields_ok =
      read_str(f.required("query_id"), f.path_of("query_id"), out.query_id, issue) &&
      read_str(f.required("query"), f.path_of("query"), out.query, issue) &&
      read_str(f.required("category"), f.path_of("category"), out.category, issue) &&
      read_bool(f.required("is_no_answer"), f.path_of("is_no_answer"), out.is_no_answer, issue) &&
      read_list(f.required("gold"), f.path_of("gold"), out.gold, issue,
                [&](const boost::json::value& v, const std::string& p, GoldSpanResult& g) {
                  return read_gold_span(v, p, g, issue);
                }) &&
      read_int(f.required("total_relevant_chunks"), f.path_of("total_relevant_chunks"), Bound::non_negative,
               out.total_relevant_chunks, issue) &&
      read_list(f.required("retrieved"), f.path_of("retrieved"), out.retrieved, issue,
                [&](const boost::json::value& v, const std::string& p, RetrievedHit& h) {
                  return read_retrieved_hit(v, p, h, issue);
                }) &&
      [&] {
        const auto* v = f.required("metrics");
        return v != nullptr && read_nullable(v, out.metrics, [&](const boost::json::value* x, QueryMetrics& m) {
                 return read_query_metrics(*x, f.path_of("metrics"), m, issue);
               });
      }() &&
      read_float(f.required("latency_ms"), f.path_of("latency_ms"), Bound::non_negative, out.latency_ms, issue) &&
      f.no_unknown_keys();
  if (!fields_ok) return false;
  if (auto valid = validate_query_result(out); !valid) return fail_at(issue, path, valid.error());
  return true;
}

inline bool read_by_category(const boost::json::value* value, const std::string& path,
                             std::vector<std::pair<std::string, MetricSet>>& out, ReportIssue& issue) {
  if (value == nullptr) return false;
  const auto* object = object_at(*value, path, issue);
  if (object == nullptr) return false;
  out.clear();
  for (const auto& member : *object) {
    MetricSet metrics;
    if (!read_metric_set(member.value(), member_path(path, member.key()), metrics, issue)) return false;
    out.emplace_back(std::string(member.key()), metrics);
  }
  return true;
}

inline bool read_stage_result(const boost::json::value& value, const std::string& path, StageResult& out,
                              ReportIssue& issue) {
  const auto* object = object_at(value, path, issue);
  if (object == nullptr) return false;
  ModelFields f(*object, path, issue);
  const bool fields_ok =
      read_stage_name(f.required("stage"), f.path_of("stage"), out.stage, issue) &&
      read_bool(f.required("is_baseline"), f.path_of("is_baseline"), out.is_baseline, issue) &&
      [&] {
        const auto* v = f.required("aggregate");
        return v != nullptr && read_metric_set(*v, f.path_of("aggregate"), out.aggregate, issue);
      }() &&
      read_by_category(f.required("by_category"), f.path_of("by_category"), out.by_category, issue) &&
      read_int(f.required("no_answer_query_count"), f.path_of("no_answer_query_count"), Bound::non_negative,
               out.no_answer_query_count, issue) &&
      read_int(f.required("no_answer_abstained_count"), f.path_of("no_answer_abstained_count"),
               Bound::non_negative, out.no_answer_abstained_count, issue) &&
      read_float(f.required("latency_p50_ms"), f.path_of("latency_p50_ms"), Bound::non_negative,
                 out.latency_p50_ms, issue) &&
      read_float(f.required("latency_p95_ms"), f.path_of("latency_p95_ms"), Bound::non_negative,
                 out.latency_p95_ms, issue) &&
      read_float(f.required("latency_p99_ms"), f.path_of("latency_p99_ms"), Bound::non_negative,
                 out.latency_p99_ms, issue) &&
      read_list(f.required("queries"), f.path_of("queries"), out.queries, issue,
                [&](const boost::json::value& v, const std::string& p, QueryResult& q) {
                  return read_query_result(v, p, q, issue);
                }) &&
      f.no_unknown_keys();
  if (!fields_ok) return false;
  if (auto valid = validate_stage_result(out); !valid) return fail_at(issue, path, valid.error());
  return true;
}

inline bool read_synthesis(const boost::json::value& value, const std::string& path, SynthesisReport& out,
                           ReportIssue& issue) {
  const auto* object = object_at(value, path, issue);
  if (object == nullptr) return false;
  ModelFields f(*object, path, issue);
  const auto optional_str = [&](std::string_view key, std::optional<std::string>& field) {
    return read_nullable(f.optional(key), field, [&](const boost::json::value* x, std::string& s) {
      return read_str(x, f.path_of(key), s, issue);
    });
  };
  const auto optional_count = [&](std::string_view key, std::optional<std::int64_t>& field) {
    return read_nullable(f.optional(key), field, [&](const boost::json::value* x, std::int64_t& i) {
      return read_int(x, f.path_of(key), Bound::non_negative, i, issue);
    });
  };
  const bool fields_ok =
      read_stage_name(f.required("input_stage"), f.path_of("input_stage"), out.input_stage, issue) &&
      read_str(f.required("synthesis_provider"), f.path_of("synthesis_provider"), out.synthesis_provider, issue) &&
      read_str(f.required("synthesis_model"), f.path_of("synthesis_model"), out.synthesis_model, issue) &&
      read_str(f.required("synthesis_prompt_hash"), f.path_of("synthesis_prompt_hash"), out.synthesis_prompt_hash,
               issue) &&
      read_bool(f.required("redacted"), f.path_of("redacted"), out.redacted, issue) &&
      read_int(f.required("answered_count"), f.path_of("answered_count"), Bound::non_negative, out.answered_count,
               issue) &&
      read_int(f.required("abstained_count"), f.path_of("abstained_count"), Bound::non_negative,
               out.abstained_count, issue) &&
      read_int(f.required("rejected_count"), f.path_of("rejected_count"), Bound::non_negative, out.rejected_count,
               issue) &&
      optional_str("judge_provider", out.judge_provider) && optional_str("judge_model", out.judge_model) &&
      optional_str("judge_prompt_hash", out.judge_prompt_hash) &&
      optional_count("judged_count", out.judged_count) && optional_count("faithful_count", out.faithful_count) &&
      optional_count("unfaithful_count", out.unfaithful_count) &&
      optional_count("judge_error_count", out.judge_error_count) && f.no_unknown_keys();
  if (!fields_ok) return false;
  if (auto valid = validate_synthesis_report(out); !valid) return fail_at(issue, path, valid.error());
  return true;
}

}  // namespace detail

/// Reads a parsed report: the typed report, or its first problem in
/// pydantic's order (see the top).
inline Expected<EvalReport, ReportIssue> read_eval_report(const boost::json::value& json) {
  ReportIssue issue;
  using namespace detail;
  const auto* object = object_at(json, "", issue);
  if (object == nullptr) {
    issue.path = "(report)";
    return unexpected(std::move(issue));
  }
  EvalReport report;
  ModelFields f(*object, "", issue);
  const boost::json::value* version = f.optional("schema_version");
  if (version != nullptr && !lax::is_literal_one(*version)) {
    fail_at(issue, "schema_version", "must be 1 (the only schema_version), got " + lax::shown(*version));
    return unexpected(std::move(issue));
  }
  const bool fields_ok =
      [&] {
        const auto* v = f.required("run");
        return v != nullptr && read_run_metadata(*v, "run", report.run, issue);
      }() &&
      read_list(f.required("stages"), "stages", report.stages, issue,
                [&](const boost::json::value& v, const std::string& p, StageResult& s) {
                  return read_stage_result(v, p, s, issue);
                }) &&
      read_nullable(f.optional("synthesis"), report.synthesis,
                    [&](const boost::json::value* x, SynthesisReport& s) {
                      return read_synthesis(*x, "synthesis", s, issue);
                    }) &&
      f.no_unknown_keys();
  if (!fields_ok) return unexpected(std::move(issue));
  if (auto valid = validate_eval_report(report); !valid) {
    fail_at(issue, "stages", valid.error());
    return unexpected(std::move(issue));
  }
  return report;
}

}  // namespace grk::report

#endif
