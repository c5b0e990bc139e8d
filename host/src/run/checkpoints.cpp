#include "run/checkpoints.hpp"

#include <utility>

namespace grk::host {

namespace {

double seconds(std::chrono::steady_clock::duration span) { return std::chrono::duration<double>(span).count(); }

}  // namespace

Checkpoints::Checkpoints(std::filesystem::path target, CheckpointBudget budget, Clock now)
    : target_(std::move(target)), budget_(budget), now_(std::move(now)) {}

Expected<void, HostError> Checkpoints::write(const TextProducer& document) {
  if (target_.empty()) return {};
  const auto begin = now_();
  if (!started_) {
    started_ = true;
    start_ = begin;
  }
  auto written = write_file_atomically(target_, document);
  last_seconds_ = seconds(now_() - begin);
  spent_seconds_ += last_seconds_;
  return written;
}

Expected<bool, HostError> Checkpoints::after_step(const TextProducer& document) {
  if (target_.empty()) return false;
  const double allowed = budget_.free_seconds + budget_.share * seconds(now_() - start_);
  if (started_ && spent_seconds_ + last_seconds_ > allowed) return false;
  GRK_TRY_VOID(write(document));
  return true;
}

}  // namespace grk::host
