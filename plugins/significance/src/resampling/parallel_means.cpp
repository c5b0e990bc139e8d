#include "resampling/parallel_means.hpp"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstring>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <utility>

#include "resampling/block_kernels.hpp"

namespace grk::significance {

namespace {

// Helper threads that run each phase of a round with the calling thread: every
// thread takes the phase's tasks in order until none is left. A task is taken
// by one compare-and-swap on a ticket that holds the phase, its task count and
// the next task, so a thread late from one phase can never take another's.
class Crew {
 public:
  explicit Crew(unsigned helpers) {
    for (unsigned t = 0; t < helpers; ++t) threads_.emplace_back([this] { serve(); });
  }
  Crew(const Crew&) = delete;
  Crew& operator=(const Crew&) = delete;
  ~Crew() {
    {
      const std::lock_guard<std::mutex> lock(mutex_);
      stopping_ = true;
    }
    wake_.notify_all();
    for (auto& thread : threads_) thread.join();
  }

  static constexpr std::size_t max_tasks = (std::size_t{1} << 24) - 1;

  /// task(i) for every i in [0, count) (count <= max_tasks), on every thread;
  /// returns when all are done, rethrowing the first exception one threw.
  void run(std::size_t count, const std::function<void(std::size_t)>& task) {
    {
      const std::lock_guard<std::mutex> lock(mutex_);
      task_ = &task;
      finished_.store(0);
      phase_ = (phase_ + 1) & 0xffff;
      ticket_.store(phase_ << 48 | static_cast<std::uint64_t>(count) << 24);
    }
    wake_.notify_all();
    pull(phase_);
    std::unique_lock<std::mutex> lock(mutex_);
    done_.wait(lock, [&] { return finished_.load() == count; });
    if (failure_) std::rethrow_exception(std::exchange(failure_, nullptr));
  }

 private:
  void pull(std::uint64_t phase) {
    std::uint64_t ticket = ticket_.load();
    for (;;) {
      const std::uint64_t count = (ticket >> 24) & max_tasks;
      const std::uint64_t index = ticket & max_tasks;
      if ((ticket >> 48) != phase || index >= count) return;
      if (!ticket_.compare_exchange_weak(ticket, ticket + 1)) continue;
      try {
        (*task_)(static_cast<std::size_t>(index));
      } catch (...) {
        const std::lock_guard<std::mutex> lock(mutex_);
        if (!failure_) failure_ = std::current_exception();
      }
      if (++finished_ == count) {
        const std::lock_guard<std::mutex> lock(mutex_);
        done_.notify_all();
      }
      ticket = ticket_.load();
    }
  }
  void serve() {
    std::uint64_t seen = 0;
    for (;;) {
      std::uint64_t phase = 0;
      {
        std::unique_lock<std::mutex> lock(mutex_);
        wake_.wait(lock, [&] { return stopping_ || phase_ != seen; });
        if (stopping_) return;
        seen = phase = phase_;
      }
      pull(phase);
    }
  }

  std::vector<std::thread> threads_;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::condition_variable done_;
  std::uint64_t phase_ = 0;  ///< under mutex_
  bool stopping_ = false;
  const std::function<void(std::size_t)>* task_ = nullptr;  ///< set before its phase's ticket
  std::atomic<std::uint64_t> ticket_{0};
  std::atomic<std::size_t> finished_{0};
  std::exception_ptr failure_;
};

constexpr std::size_t block_words = MersenneTwister::state_size;
constexpr std::size_t slot_words = block_words + kernels::accept_slack;
constexpr std::size_t max_round_blocks = 2048;  // 5 MiB of raw words: few rounds, few waits

std::size_t accept_block(const std::uint32_t* raw, std::uint32_t shift, std::uint32_t bound, std::uint32_t* out,
                         bool avx2) noexcept {
#if defined(GRK_SIGNIFICANCE_AVX2_KERNELS)
  if (avx2) return kernels::accept_below_avx2(raw, shift, bound, out);
#else
  (void)avx2;
#endif
  return kernels::accept_below_portable(raw, shift, bound, out);
}

// One round's blocks: raw words as the generator gave them, then the draws
// each block's words accepted and where they start in the round's stream.
struct Round {
  std::vector<std::uint32_t> raw;
  std::size_t blocks = 0;
};

// The accepted draws of the round at hand, by position in the whole stream.
struct RoundDraws {
  const std::uint32_t* accepted;           // block b's draws at b * slot_words
  const std::vector<std::size_t>& starts;  // block b's first draw, from the round's start
  std::size_t blocks;
  std::uint64_t base;  // the stream position of the round's first draw

  // take(draws, count) over the draws of stream positions [from, to), block by block.
  template <class Take>
  void each(std::uint64_t from, std::uint64_t to, Take&& take) const {
    std::size_t b = static_cast<std::size_t>(
        std::upper_bound(starts.begin(), starts.begin() + static_cast<std::ptrdiff_t>(blocks) + 1,
                         static_cast<std::size_t>(from - base)) - starts.begin() - 1);
    while (from < to) {
      const std::size_t at = static_cast<std::size_t>(from - base) - starts[b];
      const std::size_t count = static_cast<std::size_t>(std::min<std::uint64_t>(to - from, starts[b + 1] - starts[b] - at));
      take(accepted + b * slot_words + at, count);
      from += count;
      ++b;
    }
  }
};

// The means of resamples [first, end), whose draws are all in `draws`' round,
// eight to a task on the crew.
void whole_resample_means(Crew& crew, const RoundDraws& draws, const std::vector<double>& deltas, std::uint64_t first,
                          std::uint64_t end, std::vector<double>& means) {
  const std::size_t n = deltas.size();
  const std::uint64_t whole = end > first ? end - first : 0;
  crew.run(static_cast<std::size_t>((whole + kLanes - 1) / kLanes), [&](std::size_t task) {
    const std::uint64_t r = first + task * kLanes;
    const std::size_t count = static_cast<std::size_t>(std::min<std::uint64_t>(kLanes, end - r));
    std::vector<std::uint32_t> lanes(count * n);
    std::uint32_t* into = lanes.data();
    draws.each(r * n, (r + count) * n, [&](const std::uint32_t* drawn, std::size_t span) {
      std::memcpy(into, drawn, span * sizeof(std::uint32_t));
      into += span;
    });
    double totals[kLanes];
    if (count == kLanes) {
      sum_eight_resamples(deltas.data(), lanes.data(), n, totals);
    } else {
      for (std::size_t k = 0; k < count; ++k) totals[k] = sum_drawn(0.0, deltas.data(), lanes.data() + k * n, n);
    }
    for (std::size_t k = 0; k < count; ++k) means[static_cast<std::size_t>(r + k)] = totals[k] / static_cast<double>(n);
  });
}

}  // namespace

std::vector<double> resample_means_on_threads(const std::vector<double>& deltas, std::uint64_t resamples,
                                              MersenneTwister generator, unsigned threads,
                                              const BootstrapProgress& progress, std::uint64_t& words) {
  const std::size_t n = deltas.size();
  const auto bound = static_cast<std::uint32_t>(n);
  std::uint32_t bits = 0;
  for (std::uint32_t v = bound; v != 0; v >>= 1) ++bits;
  const std::uint32_t shift = 32u - bits;  // getrandbits(k) is the word's top k bits
  const bool avx2 = generator.uses_avx2();
  const double n_as_double = static_cast<double>(n);
  const std::uint64_t needed = resamples * n;  // draws

  // Rounds no longer than the blocks the whole bootstrap is expected to take
  // (each word is accepted with probability n / 2**k), so that the round
  // drawn ahead costs little on small runs.
  const double per_block = static_cast<double>(block_words) * n_as_double / static_cast<double>(1ULL << bits);
  const auto expected_blocks = static_cast<std::uint64_t>(static_cast<double>(needed) / per_block * 1.01) + 2;
  std::uint64_t twisted = 0;
  auto twist = [&](Round& round) {
    const std::uint64_t left = expected_blocks > twisted ? expected_blocks - twisted : 0;
    round.blocks = static_cast<std::size_t>(std::clamp<std::uint64_t>(left, 8, max_round_blocks));
    for (std::size_t b = 0; b < round.blocks; ++b) {
      generator.next_block();
      std::memcpy(round.raw.data() + b * block_words, generator.raw_block(), block_words * sizeof(std::uint32_t));
    }
    twisted += round.blocks;
  };

  Round rounds[2];
  for (auto& round : rounds) round.raw.resize(max_round_blocks * block_words);
  std::vector<std::uint32_t> accepted(max_round_blocks * slot_words);
  std::vector<std::size_t> starts(max_round_blocks + 1, 0);
  std::vector<double> means(static_cast<std::size_t>(resamples));
  const std::uint64_t report_every = std::max<std::uint64_t>(resamples / 10, 4096);
  std::uint64_t next_report = report_every;

  Crew crew(threads - 1);
  twist(rounds[0]);
  std::uint64_t base = 0;           // the stream position of this round's first draw
  std::uint64_t blocks_before = 0;  // blocks of the rounds before this one
  std::uint64_t next = 0;           // the first resample not summed whole yet
  double carry = 0.0;               // its chain over the draws before `base`
  words = 0;
  for (int current = 0; next < resamples; current = 1 - current) {
    Round& round = rounds[current];
    // This round's blocks accepted side by side while one thread twists the next round.
    crew.run(round.blocks + 1, [&](std::size_t task) {
      if (task == 0) {
        twist(rounds[1 - current]);
      } else {
        const std::size_t b = task - 1;
        starts[b + 1] = accept_block(round.raw.data() + b * block_words, shift, bound, accepted.data() + b * slot_words,
                                     avx2);
      }
    });
    for (std::size_t b = 0; b < round.blocks; ++b) starts[b + 1] += starts[b];
    const std::uint64_t end = base + starts[round.blocks];
    if (end >= needed && words == 0) {
      std::size_t b = 0;
      while (base + starts[b + 1] < needed) ++b;
      words = (blocks_before + b + 1) * block_words;
    }
    const RoundDraws draws{accepted.data(), starts, round.blocks, base};
    // A resample begun in an earlier round goes on from its chain so far.
    if (next * n < base) {
      const std::uint64_t stop = std::min((next + 1) * n, end);
      draws.each(base, stop, [&](const std::uint32_t* drawn, std::size_t count) {
        carry = sum_drawn(carry, deltas.data(), drawn, count);
      });
      if (stop == (next + 1) * n) {
        means[static_cast<std::size_t>(next)] = carry / n_as_double;
        carry = 0.0;
        ++next;
      }
    }
    // The resamples whose draws are all in this round, eight to a task.
    const std::uint64_t whole_end = next * n >= base ? std::min<std::uint64_t>(resamples, end / n) : next;
    whole_resample_means(crew, draws, deltas, next, whole_end, means);
    next = std::max(next, whole_end);
    // A resample that goes on in the next round starts its chain here.
    if (next < resamples && next * n >= base && next * n < end) {
      carry = 0.0;
      draws.each(next * n, end, [&](const std::uint32_t* drawn, std::size_t count) {
        carry = sum_drawn(carry, deltas.data(), drawn, count);
      });
    }
    if (progress && next >= next_report && next < resamples) {
      progress(next, resamples);
      while (next_report <= next) next_report += report_every;
    }
    blocks_before += round.blocks;
    base = end;
  }
  return means;
}

}  // namespace grk::significance
