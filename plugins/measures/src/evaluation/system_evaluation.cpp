#include "evaluation/system_evaluation.hpp"

#include <atomic>
#include <charconv>
#include <cstdlib>
#include <exception>
#include <optional>
#include <string_view>
#include <thread>

#include "evaluation/run_evaluation.hpp"
#include "trec/run_reader.hpp"

namespace grk::measures {

Expected<unsigned> evaluation_threads() {
  if (const char* text = std::getenv("GRK_THREADS")) {
    const std::string_view value(text);
    unsigned threads = 0;
    const auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), threads);
    if (error != std::errc() || end != value.data() + value.size() || threads == 0) {
      return fail(Status::invalid_argument, "GRK_THREADS must be a positive integer, got '" + std::string(value) + "'");
    }
    return threads;
  }
  const unsigned cores = std::thread::hardware_concurrency();
  return cores == 0 ? 1u : cores;
}

Expected<std::vector<RunScores>> evaluate_systems(const std::vector<std::pair<std::string, std::filesystem::path>>& runs,
                                                  const Qrels& qrels, const ValueLayout& layout,
                                                  const EvaluationOptions& options, unsigned threads) {
  std::vector<std::optional<Expected<RunScores>>> slots(runs.size());
  std::atomic<std::size_t> next{0};
  // Runs go to threads while there are at least as many as threads; fewer
  // runs are each read and scored by every thread in turn.
  const unsigned within_run = runs.size() >= threads ? 1u : threads;
  auto score = [&](std::size_t i) -> Expected<RunScores> {
    GRK_TRY(const TrecRun run, read_run(runs[i].second, within_run));
    return evaluate_run(run, runs[i].first, qrels, layout, options, within_run);
  };
  auto work = [&] {
    for (std::size_t i = next++; i < runs.size(); i = next++) {
      // No exception may leave a thread: it becomes this run's failure.
      try {
        slots[i].emplace(score(i));
      } catch (const std::exception& error) {
        slots[i].emplace(fail(Status::internal, "run '" + runs[i].first + "': " + error.what()));
      }
    }
  };
  const std::size_t helpers = within_run > 1 ? 0 : std::min<std::size_t>(threads, runs.size()) - (runs.empty() ? 0 : 1);
  std::vector<std::thread> pool;
  for (std::size_t t = 0; t < helpers; ++t) pool.emplace_back(work);
  work();
  for (auto& thread : pool) thread.join();
  std::vector<RunScores> scores;
  for (auto& slot : slots) {
    if (!*slot) return unexpected(std::move(*slot).error());
    scores.push_back(std::move(**slot));
  }
  return scores;
}

}  // namespace grk::measures
