#include "run/session.hpp"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <ctime>
#include <future>

#include <grk/eval/threads.hpp>
#include <grk/json/reader.hpp>
#include <grk/json/writer.hpp>
#include <grk/version.h>

#include <sched.h>
#include <unistd.h>

#include "modules/call_fence.hpp"
#include "run/input_digests.hpp"
#include "run/interrupts.hpp"
#include "run/isolation.hpp"
#include "run/progress.hpp"
#include "support/atomic_file.hpp"
#include "support/host_error.hpp"
#include "support/interrupts.hpp"
#include "support/plugin_text.hpp"
#include "support/results_stream.hpp"

namespace grk::host {

std::string utc_timestamp(std::chrono::system_clock::time_point when) {
  // The date from the day count by arithmetic (the proleptic Gregorian
  // calendar, days from civil in reverse): gmtime_r would first load the
  // time-zone database (/etc/localtime), which a UTC stamp never needs.
  const auto since_epoch =
      std::chrono::duration_cast<std::chrono::microseconds>(when.time_since_epoch()).count();
  constexpr std::int64_t micros_per_day = std::int64_t{86400} * 1000000;
  std::int64_t days = since_epoch / micros_per_day;
  std::int64_t in_day = since_epoch % micros_per_day;
  if (in_day < 0) {
    in_day += micros_per_day;
    --days;
  }
  // Eras of 400 years (146,097 days) from 0000-03-01, so a leap day ends a year.
  const std::int64_t shifted = days + 719468;
  const std::int64_t era = (shifted >= 0 ? shifted : shifted - 146096) / 146097;
  const std::int64_t day_of_era = shifted - era * 146097;
  const std::int64_t year_of_era = (day_of_era - day_of_era / 1460 + day_of_era / 36524 - day_of_era / 146096) / 365;
  const std::int64_t day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
  const std::int64_t month_from_march = (5 * day_of_year + 2) / 153;
  const std::int64_t day = day_of_year - (153 * month_from_march + 2) / 5 + 1;
  const std::int64_t month = month_from_march < 10 ? month_from_march + 3 : month_from_march - 9;
  const std::int64_t year = year_of_era + era * 400 + (month <= 2 ? 1 : 0);
  const std::int64_t seconds = in_day / 1000000;
  char text[64];
  std::snprintf(text, sizeof text, "%04lld-%02lld-%02lldT%02lld:%02lld:%02lld.%06lld+00:00",
                static_cast<long long>(year), static_cast<long long>(month), static_cast<long long>(day),
                static_cast<long long>(seconds / 3600), static_cast<long long>(seconds / 60 % 60),
                static_cast<long long>(seconds % 60), static_cast<long long>(in_day % 1000000));
  return text;
}

std::string utc_timestamp_now() { return utc_timestamp(std::chrono::system_clock::now()); }

namespace {

// The error status a failed step shows: the component's, or the host's
// verdict on an isolated step's process.
std::string failure_status(const StepOutcome& outcome) {
  return outcome.fault ? *outcome.fault : std::string(status_name(outcome.invocation.status));
}

// The word a log line is tagged with on stderr.
constexpr EnumName<grk_log_level> log_level_names[] = {
    {GRK_LOG_WARNING, "warning"}, {GRK_LOG_INFO, "info"}, {GRK_LOG_DEBUG, "debug"}};

}  // namespace


Expected<RunSession, HostError> RunSession::start(std::vector<PlannedStep> plan,
                                                  PluginRegistry& registry, RunOptions options) {
  std::vector<std::shared_ptr<ComponentHandle>> handles;
  for (const auto& step : plan) {
    auto handle = registry.open(step.entry);
    if (!handle) {
      return located("step '" + step.id + "': cannot load " + step.entry.module->file.string() +
                         " for component '" + step.entry.component->name + "': ",
                     std::move(handle).error());
    }
    handles.push_back(std::move(*handle));
  }
  return RunSession(std::move(plan), std::move(handles), std::move(options));
}

boost::json::array RunSession::input_records(const PlannedStep& step) const {
  // An input the host cannot hash is left out; the step that reads it
  // reports the problem.
  boost::json::array inputs;
  const auto record = [&](const std::string& param, const std::string* key, const boost::json::value& value) {
    const std::filesystem::path path(std::string(value.get_string()));
    std::error_code ec;
    boost::json::object input{{"step", step.id}, {"param", param}};
    if (key != nullptr) input["key"] = *key;
    input["path"] = path.string();
    if (std::filesystem::is_regular_file(path, ec)) {
      const auto digest = sha256_of_file(path);
      if (!digest) return;
      input["sha256"] = *digest;
    } else if (std::filesystem::is_directory(path, ec)) {
      // docs/design.md §4.8: a folder is hashed over its files.
      const auto digest = sha256_of_folder(path);
      if (!digest) return;
      input["sha256"] = digest->sha256;
      input["files"] = digest->files;
    } else {
      return;
    }
    inputs.push_back(std::move(input));
  };
  for (const auto& spec : step.entry.component->params) {
    const auto* value = step.params.if_contains(spec.name);
    if (value == nullptr) continue;
    // A path the component writes is not an input, even when it exists
    // already (an output folder adapted into again).
    if (spec.output) continue;
    if (spec.type == ParamType::path) record(spec.name, nullptr, *value);
    if (spec.type == ParamType::paths) {
      for (const auto& member : value->get_object()) {
        const std::string key(member.key());
        record(spec.name, &key, member.value());
      }
    }
  }
  return inputs;
}

bool RunSession::run() {
  bool all_ok = true;
  const std::size_t count = plan_.size();
  // A GRK_THREADS the steps refuse is theirs to report; the hashing keeps its thread.
  const auto threads = eval::thread_count();
  const bool one_thread = threads && *threads == 1;
  for (std::size_t i = 0; i < count; ++i) {
    const auto& step = plan_[i];
    const auto& handle = *handles_[i];
    // A step id is config text: shown escaped, as plugin text is (docs/design.md §4.16).
    const std::string label = printable(step.id == handle.name() ? step.id : step.id + " (" + handle.name() + ")");
    if (const int signal_number = interrupt_signal(); signal_number != 0) {
      // Between steps: nothing runs, nothing to clean; the rest stay pending.
      interrupted_by_ = signal_number;
      std::fprintf(stderr, "grk-eval run: interrupted by %s before step '%s'; it and the steps after it were not run\n",
                   interrupt_name(signal_number).c_str(), printable(step.id).c_str());
      (void)write_checkpoint();
      return false;
    }
    StepOutcome outcome;
    if (!all_ok && !options_.keep_going) {
      outcome.state = StepState::skipped;
      outcomes_.push_back(std::move(outcome));
      std::fprintf(options_.human, "[%zu/%zu] %s: skipped after an earlier failure\n", i + 1,
                   count, label.c_str());
      (void)checkpoint_after_step();  // the last checkpoint's failure was reported already
      continue;
    }
    // The inputs are hashed on a thread of their own while the step reads
    // them (the same bytes: an output is never an input). The thread lives
    // until the step has returned, since the call fence counts the process's
    // threads to find one a plugin left (modules/call_fence.hpp). An isolated
    // step's inputs are hashed before its fork, which copies only the forking
    // thread and so must not happen while another holds a lock. So are the
    // inputs of a run held to one thread (GRK_THREADS=1, or a machine of one
    // core): a second thread would take a second core it was not given.
    std::promise<void> step_returned;
    std::future<boost::json::array> hashing;
    if (options_.isolate || one_thread) {
      std::promise<boost::json::array> hashed;
      hashed.set_value(input_records(step));
      hashing = hashed.get_future();
    } else {
      hashing = std::async(std::launch::async, [this, &step, returned = step_returned.get_future()] {
        // A new thread may start on its creator's core and keep it until the
        // scheduler moves one of them: the step waited the whole hashing
        // (2 ms of a 30 ms TREC-size run). Yielding first lets the step go
        // on while this thread waits for the other core.
        sched_yield();
        boost::json::array records = input_records(step);
        returned.wait();
        return records;
      });
    }
    const auto keep_input_records = [&] {
      step_returned.set_value();
      for (auto& input : hashing.get()) inputs_.push_back(std::move(input));
    };

    ProgressLine progress(stderr, options_.show_progress);
    InvocationObserver observer;
    observer.progress = [&](std::string_view phase, std::uint64_t done, std::uint64_t total,
                            std::uint64_t bytes) {
      progress.update(step.id, phase, done, total, bytes);
    };
    observer.log = [&](grk_log_level level, std::string_view message) {
      if (level == GRK_LOG_DEBUG && !options_.verbose) return;
      progress.clear();
      const char* tag = name_of(log_level_names, level, "debug");
      std::fprintf(stderr, "  [%s] %s: %s\n", handle.name().c_str(), tag, printable(message).c_str());
    };
    const std::string params = json::write_compact(step.params);
    const auto start = std::chrono::steady_clock::now();
    const std::time_t step_started = std::time(nullptr);
    if (options_.isolate) {
      // A second SIGINT or SIGTERM ends the step and everything it started.
      IsolatedInvocation isolated = invoke_isolated(handle, params, observer, options_.step_timeout,
                                                    ComponentCall::invoke, [] { return interrupt_count() >= 2; });
      outcome.invocation = std::move(isolated.invocation);
      outcome.fault = std::move(isolated.fault);
    } else {
      on_exit_during_call([&, i](int status) {
        keep_input_records();  // the document it writes names what the step read
        end_run_at_exit(i, label, status);
      });
      outcome.invocation = handle.invoke(params, observer);
      on_exit_during_call(nullptr);
    }
    outcome.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    keep_input_records();
    progress.clear();
    if (interrupt_signal() != 0) {
      stop_after_interrupt(i, outcome, step_started);
      return false;
    }

    if (outcome.invocation.status == Status::ok) {
      outcome.state = StepState::ok;
      std::fprintf(options_.human, "[%zu/%zu] %s: ok (%.2f s)\n", i + 1, count, label.c_str(),
                   outcome.seconds);
      if (!outcome.invocation.summary.empty()) {
        print_summary(outcome.invocation.summary);
      }
    } else {
      outcome.state = StepState::failed;
      all_ok = false;
      print_failure(i, label, outcome);
    }
    outcomes_.push_back(std::move(outcome));
    if (auto written = checkpoint_after_step(); !written) {
      // The final write will report it; the steps go on.
      warn(written.error().message);
    }
  }
  return all_ok;
}

// A summary may hold several lines (compare-systems gives one a pair). Each
// is shown indented under the step's line and escaped as below, so none can
// pass for a line of the host's.
void RunSession::print_summary(std::string_view summary) const {
  for (std::size_t start = 0; start <= summary.size();) {
    const std::size_t end = std::min(summary.find('\n', start), summary.size());
    std::fprintf(options_.human, "      %s\n", printable(summary.substr(start, end - start)).c_str());
    start = end + 1;
  }
}

// Plugin text on a terminal line shows its control characters escaped: a
// newline must not forge another line, nor an escape sequence retitle the
// window (docs/design.md §4.16).
void RunSession::print_failure(std::size_t i, const std::string& label, const StepOutcome& outcome) const {
  std::fprintf(options_.human, "[%zu/%zu] %s: FAILED [%s]: %s\n", i + 1, plan_.size(), label.c_str(),
               failure_status(outcome).c_str(), printable(outcome.invocation.message).c_str());
  if (!outcome.invocation.hint.empty()) {
    std::fprintf(options_.human, "      hint: %s\n", printable(outcome.invocation.hint).c_str());
  }
}

// Step i's plugin called exit() in this process (docs/design.md §4.16): the
// run did not finish, so the host must not exit 0 with steps pending and
// nothing printed. The step is failed as `crashed`, the document written
// where it would have gone, and the process ends with exit code 3 at once.
void RunSession::end_run_at_exit(std::size_t i, const std::string& label, int status) {
  StepOutcome outcome;
  outcome.state = StepState::failed;
  outcome.fault = "crashed";
  outcome.invocation.status = Status::internal;
  outcome.invocation.message =
      "its plugin called exit(" + std::to_string(status) + ") in the middle of the step, which ended grk-eval";
  outcomes_.resize(i);
  outcomes_.push_back(std::move(outcome));
  print_failure(i, label, outcomes_.back());
  if (auto emitted = emit_results(take_results_document(), options_.checkpoint.string(), false); !emitted) {
    std::fprintf(stderr, "grk-eval run: %s\n", emitted.error().message.c_str());
  }
  std::fflush(nullptr);
  _exit(exit_step_failed);
}

void RunSession::stop_after_interrupt(std::size_t index, StepOutcome& outcome, std::time_t step_started) {
  const auto& step = plan_[index];
  interrupted_by_ = interrupt_signal();
  const std::string signal = interrupt_name(interrupted_by_);
  // A step that finished before it saw the signal keeps its result: nothing
  // it did is lost. Any other ending is the interruption's.
  if (outcome.invocation.status == Status::ok) {
    outcome.state = StepState::ok;
    std::fprintf(stderr, "grk-eval run: interrupted by %s; step '%s' had finished (ok), the steps after it were not run\n",
                 signal.c_str(), printable(step.id).c_str());
  } else {
    outcome.state = StepState::interrupted;
    if (outcome.invocation.message.empty()) outcome.invocation.message = "interrupted by " + signal;
    std::fprintf(stderr, "grk-eval run: interrupted by %s during step '%s' (%s); the steps after it were not run\n",
                 signal.c_str(), printable(step.id).c_str(), step.entry.component->name.c_str());
    for (const auto& removed : remove_step_staging(step, step_started)) {
      std::fprintf(stderr, "grk-eval run: removed the staging folder %s\n", printable(removed).c_str());
    }
  }
  outcomes_.push_back(std::move(outcome));
  if (auto written = write_checkpoint(); !written) {
    warn(written.error().message);
  }
}

ConfigErrors RunSession::validate() const {
  ConfigErrors errors;
  for (std::size_t i = 0; i < plan_.size(); ++i) {
    const auto& step = plan_[i];
    const auto& handle = *handles_[i];
    if (!handle.has_validate()) continue;
    // A pre-run check has nothing to show while it runs; its logs wait for the step.
    const InvocationObserver quiet;
    const std::string params = json::write_compact(step.params);
    const bool one_component = step.source != StepSource::config_file;
    const std::string where = one_component ? step.location : step.location + " (" + handle.name() + ")";
    StepOutcome outcome;
    if (options_.isolate) {
      IsolatedInvocation isolated =
          invoke_isolated(handle, params, quiet, options_.step_timeout, ComponentCall::validate);
      outcome.invocation = std::move(isolated.invocation);
      outcome.fault = std::move(isolated.fault);
    } else {
      // A plugin's exit() here would end grk-eval with exit code 0 and nothing
      // run (docs/design.md §4.16): it is a module that could not be validated.
      on_exit_during_call([&where](int status) {
        std::fprintf(stderr,
                     "grk-eval run: %s [crashed]: its plugin called exit(%d) in its pre-run check, which ended "
                     "grk-eval; no step ran\n",
                     where.c_str(), status);
        std::fflush(nullptr);
        _exit(exit_plugin);
      });
      outcome.invocation = handle.validate(params, quiet);
      on_exit_during_call(nullptr);
    }
    if (outcome.invocation.status == Status::ok) continue;
    HostError error{outcome.fault ? exit_plugin : exit_usage,
                    where + " [" + failure_status(outcome) + "]: " + outcome.invocation.message};
    // Under its mistake, as under a FAILED line (docs/design.md §2.5).
    if (!outcome.invocation.hint.empty()) error.message += "\n      hint: " + outcome.invocation.hint;
    errors.add(step.place, std::move(error));
  }
  return errors;
}

Expected<void, HostError> RunSession::write_checkpoint() {
  auto written = checkpoints_.write([this](const json::TextSink& put) { put_results(put); });
  saved_ = written.has_value() && !options_.checkpoint.empty();
  return written;
}

Expected<void, HostError> RunSession::checkpoint_after_step() {
  auto written = checkpoints_.after_step([this](const json::TextSink& put) { put_results(put); });
  if (!written) {
    saved_ = false;
    return unexpected(std::move(written).error());
  }
  saved_ = *written;
  return {};
}

// The steps' results are lent to the document while it is written, not
// copied: a per-query result can hold a million values, and a copy of them
// cost more than the writing.
void RunSession::put_results(const json::TextSink& put) {
  ResultsDocument document = take_results_document();
  document.put(put);
  for (auto& [step, result] : document.results) outcomes_[step].invocation.result = std::move(result);
}

ResultsDocument RunSession::take_results_document() {
  ResultsDocument document;
  boost::json::array steps;
  StepOutcome not_run;
  not_run.state = StepState::pending;
  for (std::size_t i = 0; i < plan_.size(); ++i) {
    const auto& step = plan_[i];
    auto& outcome = i < outcomes_.size() ? outcomes_[i] : not_run;
    boost::json::object entry;
    entry["id"] = step.id;
    entry["component"] = step.entry.component->name;
    entry["kind"] = kind_name(step.entry.component->kind);
    entry["module"] = {{"name", step.entry.module->name},
                       {"version", step.entry.module->version},
                       {"file", step.entry.module->file.string()}};
    entry["status"] = name_of(step_state_names, outcome.state, "failed");
    if (outcome.state == StepState::ok) {
      entry["result"] = nullptr;
      document.results.emplace_back(i, std::move(outcome.invocation.result));
    } else if (outcome.state == StepState::failed || outcome.state == StepState::interrupted) {
      boost::json::object error{{"status", failure_status(outcome)},
                                {"message", outcome.invocation.message}};
      if (!outcome.invocation.hint.empty()) error["hint"] = outcome.invocation.hint;
      entry["error"] = std::move(error);
    }
    steps.push_back(std::move(entry));
  }
  boost::json::object provenance;
  provenance["host_version"] = GRK_SDK_VERSION_STRING;
  provenance["sdk_version"] = GRK_SDK_VERSION_STRING;
  provenance["abi_version"] = GRK_ABI_VERSION;
  provenance["config"] = options_.config_provenance;
  provenance["inputs"] = inputs_;
  if (options_.allow_unsafe_plugin_dirs) provenance["allow_unsafe_plugin_dirs"] = true;
  provenance["started_at"] = started_at_;
  document.tree = {{"steps", std::move(steps)}, {"provenance", std::move(provenance)}};
  return document;
}

Expected<void, HostError> emit_results(const ResultsDocument& document, const std::string& output, bool saved) {
  if (output.empty()) {
    document.put([](std::string_view piece) { std::fwrite(piece.data(), 1, piece.size(), results_stream()); });
    std::fflush(results_stream());
    return {};
  }
  if (!saved) {
    GRK_TRY_VOID(write_file_atomically(output, [&document](const json::TextSink& put) { document.put(put); }));
  }
  std::fprintf(results_stream(), "results: %s\n", output.c_str());
  std::fflush(results_stream());
  return {};
}

}  // namespace grk::host
