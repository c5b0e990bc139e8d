#include "resampling/parallel_means.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <memory>
#include <new>
#include <optional>
#include <system_error>
#include <thread>

#include <pthread.h>
#include <sched.h>

#include "resampling/block_kernels.hpp"
#include "resampling/index_draws.hpp"
#include "resampling/word_wait.hpp"

namespace grk::significance {

namespace {

constexpr std::size_t kBlock = MersenneTwister::state_size;

// A chunk's size, measured on an AMD EPYC (1 MiB of L2 a core; in-process
// medians, n from 100 to 100,000): at least 80 blocks, since fewer chunks
// wait on each other less often and 80 blocks' words and two chunks' draws
// (600 KB) still stay in a core's L2 (at n = 1000, 28-29 ms for B = 100,000
// against 32 ms with the 40 blocks of 24 resamples before; at n = 200, 39
// against 49 ms with 16); and at least 12 resamples, since the two a
// chunk's ends cut are summed two lanes at a time, not eight (at n = 10,000,
// 240 blocks took 43 ms, 80 took 63 and 400 took 47-50). Up to 1,600
// blocks (n = 80,000): beyond, two threads were no faster than one (n =
// 100,000, B = 1,000: 81-92 ms on two, 77-98 on one), so larger n stay on
// one (two_threads_pay).
constexpr std::size_t resamples_per_chunk = 12;
constexpr std::size_t min_chunk_blocks = 80;
constexpr std::size_t max_chunk_blocks = 1600;
// The usual draws of a block for sizing chunks (a block yields at least
// half its words: n's bit length keeps n above half of 2^k).
constexpr std::size_t usual_draws_per_block = 600;

// Slots of the per-chunk links. Each thread has one chunk's links in flight
// at a time (a body held back uses none) and a chunk's cut resamples wait for
// the chunk before it (sum_cut), so no more than three chunks' links are in use.
constexpr std::size_t link_slots = 8;

std::size_t chunk_blocks(std::size_t n) {
  const std::size_t wanted = (resamples_per_chunk * n + usual_draws_per_block - 1) / usual_draws_per_block;
  return std::clamp(wanted, min_chunk_blocks, max_chunk_blocks);
}

// Sums two chains side by side, each left to right from its own total: one
// lane alone is latency-bound, at a third of the eight lanes' speed.
void sum_two_chains(const double* deltas, const std::uint32_t* a, std::uint64_t a_count, double& a_total,
                    const std::uint32_t* b, std::uint64_t b_count, double& b_total) noexcept {
  const std::uint64_t both = std::min(a_count, b_count);
  double sa = a_total;
  double sb = b_total;
  for (std::uint64_t j = 0; j < both; ++j) {
    sa += deltas[a[j]];
    sb += deltas[b[j]];
  }
  a_total = sum_drawn(sa, deltas, a + both, a_count - both);
  b_total = sum_drawn(sb, deltas, b + both, b_count - both);
}

// A value one chunk hands to the next, stamped c + 1 by chunk c when set
// (a slot is reused for chunk c + link_slots; the stamps wrap at 2^32, far
// more chunks apart than a slot's users).
template <class T>
struct Stamped {
  std::atomic<std::uint32_t> stamp{0};
  T value{};

  static std::uint32_t stamp_of(std::uint64_t c) { return static_cast<std::uint32_t>(c + 1); }
  void set(std::uint64_t c, T v, WordWait& wait) {
    value = v;
    wait.set(stamp, stamp_of(c));
  }
  [[nodiscard]] bool ready(std::uint64_t c) const { return stamp.load(std::memory_order_acquire) == stamp_of(c); }
  // Chunk c's value; false if the run stopped first.
  bool get(std::uint64_t c, WordWait& wait, const std::atomic<bool>& stop, T& out) const {
    if (!wait.until(stamp, stamp_of(c), stop)) return false;
    out = value;
    return true;
  }
};

// What chunk c tells chunk c + 1.
struct alignas(64) Link {
  // Where the generator state after chunk c is: the last block of its
  // owner's words, left alone until chunk c + 1 has copied it.
  Stamped<const std::uint32_t*> next_state;
  // The stream position after chunk c's draws.
  Stamped<std::uint64_t> end;
  // The partial sum of the resample chunk c's end cuts (0.0 if none).
  Stamped<double> carry;
};

// What both threads share.
struct Run {
  const double* deltas = nullptr;
  std::size_t n = 0;
  double n_as_double = 0.0;
  std::uint64_t needed = 0;  // n * resamples: the draws the means take
  std::uint32_t shift = 0;
  std::uint32_t bound = 0;
  std::size_t blocks = 0;  // a chunk's
  const std::uint32_t* first_state = nullptr;
  const MersenneTwister* generator = nullptr;  // the caller's: its kernels
  double* means = nullptr;
  std::array<Link, link_slots> links;
  std::atomic<std::uint64_t> next_chunk{0};
  std::atomic<std::uint64_t> resamples_done{0};
  std::atomic<std::uint32_t> started{0};  // 1: the means and the caller's buffers are there
  std::atomic<bool> end_seen{false};
  std::atomic<bool> stop{false};
  std::uint64_t words = 0;  // set by the thread whose chunk holds the last draw
  WordWait wait;  // every wait of the run, on the stamps and `started`

  [[nodiscard]] const Link& before(std::uint64_t c) const { return links[(c - 1) % link_slots]; }
  [[nodiscard]] Link& of(std::uint64_t c) { return links[c % link_slots]; }
};

// One thread's chunks, each generated, drawn and summed by it alone. The
// whole resamples of a chunk (its body) are summed late: while the thread
// would otherwise wait for the other one (the state, end or carry of the
// chunk before its next), or else once its next chunk is drawn. The links
// are published as they would be without the delay, so the other thread
// never waits for a body; without it, the thread that ran ahead waited for
// the other's generation at nearly every chunk (a few percent of the run).
class ChunkWorker {
 public:
  explicit ChunkWorker(Run& run)
      : run_(run),
        words_(new std::uint32_t[(run.blocks + 1) * kBlock]),
        chunks_{Drawn(run.blocks), Drawn(run.blocks)} {}

  // Takes the next chunk and does it; false once the draws needed end in
  // it or before it, or the run stopped. The body held back is summed
  // before false is returned.
  bool next() {
    if (run_.end_seen.load(std::memory_order_acquire)) return finish_held();
    const std::uint64_t c = run_.next_chunk.fetch_add(1, std::memory_order_relaxed);
    // The two buffers in turn: the one this thread's chunk before last
    // used is free, its body summed when the last chunk held back its own.
    Drawn& drawn = chunks_[next_buffer_];
    next_buffer_ ^= 1;
    if (!generate(c) || !draw(c, drawn) || !sum(c, drawn)) return finish_held();
    return true;
  }

 private:
  // A chunk's draws and where they stand in the stream.
  struct Drawn {
    explicit Drawn(std::size_t blocks)
        : draws(new std::uint32_t[blocks * kBlock + kernels::accept_slack]), block_ends(blocks) {}
    // Left uninitialised: each thread first touches its own, on its own core.
    std::unique_ptr<std::uint32_t[]> draws;
    std::vector<std::uint64_t> block_ends;  // draws after each block
    std::uint64_t begin = 0;  // the chunk's first draw in the stream
    std::uint64_t count = 0;
    // Its whole resamples, [body_begin, body_end), summed late.
    std::uint64_t body_begin = 0;
    std::uint64_t body_end = 0;
  };

  // Chunk c - 1's `link` value, summing the held body first if it is not
  // there yet.
  template <class T>
  bool before(std::uint64_t c, const Stamped<T>& link, T& out) {
    if (!link.ready(c - 1)) sum_held();
    return link.get(c - 1, run_.wait, run_.stop, out);
  }

  // The chunk's generator words, from the state chunk c - 1 left; then the
  // state after them, for the chunk after.
  bool generate(std::uint64_t c) {
    const std::uint32_t* start = run_.first_state;
    if (c > 0 && !before(c, run_.before(c).next_state, start)) return false;
    std::copy(start, start + kBlock, words_.get());
    run_.generator->generate(words_.get(), run_.blocks);
    run_.of(c).next_state.set(c, words_.get() + run_.blocks * kBlock, run_.wait);
    return true;
  }

  // The chunk's draws, and where they end in the stream.
  bool draw(std::uint64_t c, Drawn& drawn) {
    std::uint64_t count = 0;
    for (std::size_t b = 0; b < run_.blocks; ++b) {
      count += IndexDraws::accept_block(words_.get() + (b + 1) * kBlock, run_.shift, run_.bound,
                                        drawn.draws.get() + count, run_.generator->uses_avx2());
      drawn.block_ends[b] = count;
    }
    drawn.begin = 0;
    if (c > 0 && !before(c, run_.before(c).end, drawn.begin)) return false;
    run_.of(c).end.set(c, drawn.begin + count, run_.wait);
    drawn.count = count;
    return true;
  }

  bool sum(std::uint64_t c, Drawn& drawn) {
    if (drawn.begin >= run_.needed) return false;
    const std::uint64_t end = std::min(drawn.begin + drawn.count, run_.needed);
    if (!sum_cut(c, drawn, end)) return false;
    if (end < run_.needed) return true;
    // The last chunk: the generator stopped at the block of the last draw.
    std::size_t b = 0;
    while (drawn.begin + drawn.block_ends[b] < run_.needed) ++b;
    run_.words = (c * run_.blocks + b + 1) * kBlock;
    sum_held();
    run_.end_seen.store(true, std::memory_order_release);
    return false;
  }

  // Stream positions [drawn.begin, end) of chunk c's draws, begin < end:
  // the resamples its ends cut now, its body held back. Chunk c reads what
  // chunk c - 1 left before it tells chunk c + 1 anything: so neither
  // thread runs more than a chunk ahead of the other, and no link is reused
  // while it is still to be read. That holds for the carry too, even when
  // chunk c needs none (it starts on a resample's first draw): a chunk that
  // skipped that wait let its thread run link_slots chunks ahead while the
  // other thread, holding the chunk before, was descheduled, and overwrite a
  // carry that thread had yet to read; it then waited forever (seen under
  // load at n = 7).
  bool sum_cut(std::uint64_t c, Drawn& drawn, std::uint64_t end) {
    const std::uint64_t begin = drawn.begin;
    const std::uint64_t n = run_.n;
    const std::uint32_t* draws = drawn.draws.get();
    const std::uint64_t first = begin / n;
    const std::uint64_t last = (end - 1) / n;
    const bool continued = begin % n != 0;
    const bool continues = (last + 1) * n > end;
    double carried = 0.0;
    if (c > 0 && !before(c, run_.before(c).carry, carried)) return false;
    if (continued && first == last) {
      const double total = sum_drawn(carried, run_.deltas, draws, end - begin);
      run_.of(c).carry.set(c, continues ? total : 0.0, run_.wait);
      if (!continues) finish(first, total);
      // No body here; the one held is in the buffer this thread's next
      // chunk draws into.
      sum_held();
      return true;
    }
    // The resamples cut by the chunk's start (its head, continued from
    // chunk c - 1's carry) and by its end (its tail), side by side.
    double head = carried;
    double tail = 0.0;
    sum_two_chains(run_.deltas, draws, continued ? (first + 1) * n - begin : 0, head, draws + (last * n - begin),
                   continues ? end - last * n : 0, tail);
    run_.of(c).carry.set(c, tail, run_.wait);
    if (continued) finish(first, head);
    drawn.body_begin = continued ? first + 1 : first;
    drawn.body_end = continues ? last : last + 1;
    sum_held();
    held_ = &drawn;
    return true;
  }

  // The body held back, if any, eight resamples at a time.
  void sum_held() {
    if (held_ == nullptr) return;
    const Drawn& drawn = *held_;
    held_ = nullptr;
    const std::uint64_t n = run_.n;
    for (std::uint64_t r = drawn.body_begin; r < drawn.body_end; r += kLanes) {
      const auto used = static_cast<std::size_t>(std::min<std::uint64_t>(kLanes, drawn.body_end - r));
      // Unused lanes repeat the first: eight lanes at once are faster than fewer.
      const std::uint32_t* lanes[kLanes];
      for (std::size_t k = 0; k < kLanes; ++k) lanes[k] = drawn.draws.get() + ((r + (k < used ? k : 0)) * n - drawn.begin);
      double totals[kLanes];
      sum_eight_lanes(run_.deltas, lanes, n, totals);
      for (std::size_t k = 0; k < used; ++k) run_.means[r + k] = totals[k] / run_.n_as_double;
    }
    run_.resamples_done.fetch_add(drawn.body_end - drawn.body_begin, std::memory_order_relaxed);
  }

  bool finish_held() {
    sum_held();
    return false;
  }

  // The mean of a resample summed one lane at a time.
  void finish(std::uint64_t resample, double total) {
    run_.means[resample] = total / run_.n_as_double;
    run_.resamples_done.fetch_add(1, std::memory_order_relaxed);
  }

  Run& run_;
  // The start state, then the chunk's blocks. Left uninitialised: each
  // thread first touches its own, on its own core.
  std::unique_ptr<std::uint32_t[]> words_;
  // This thread's chunks, in turn: one is drawn while the other's body may
  // still be held.
  std::array<Drawn, 2> chunks_;
  std::size_t next_buffer_ = 0;
  Drawn* held_ = nullptr;
};

// Lets `thread` run on any CPU this process may use but the caller's. A new
// thread starts on its parent's CPU and waits there for the load balancer,
// up to a scheduler tick (4 ms here): longer than a whole bootstrap of 10^7
// draws takes on two threads. Only where the caller has a CPU to spare.
void keep_off_this_cpu(std::thread& thread) noexcept {
  cpu_set_t allowed;
  CPU_ZERO(&allowed);
  if (sched_getaffinity(0, sizeof allowed, &allowed) != 0) return;
  const int here = sched_getcpu();
  if (here < 0 || CPU_COUNT(&allowed) < 2 || !CPU_ISSET(here, &allowed)) return;
  CPU_CLR(here, &allowed);
  (void)pthread_setaffinity_np(thread.native_handle(), sizeof allowed, &allowed);
}

}  // namespace

bool two_threads_pay(std::size_t n, std::uint64_t resamples) noexcept {
  constexpr std::uint64_t enough_draws = std::uint64_t{1} << 20;
  if (n == 0 || n > max_chunk_blocks * usual_draws_per_block / resamples_per_chunk) return false;
  return resamples >= (enough_draws + n - 1) / n;
}

std::vector<double> resample_means_on_threads(const std::vector<double>& deltas, std::uint64_t resamples,
                                              MersenneTwister generator, const BootstrapProgress& progress,
                                              std::uint64_t& words) {
  const std::size_t n = deltas.size();
  Run run;
  run.deltas = deltas.data();
  run.n = n;
  run.n_as_double = static_cast<double>(n);
  run.needed = static_cast<std::uint64_t>(n) * resamples;
  run.shift = IndexDraws::shift_for(static_cast<std::uint32_t>(n));
  run.bound = static_cast<std::uint32_t>(n);
  run.blocks = chunk_blocks(n);
  run.first_state = generator.raw_block();
  run.generator = &generator;

  // The second thread starts first: a new thread takes tens of microseconds
  // to run, which the calling thread spends allocating the means. It
  // allocates its own buffers; without them, or without a second thread
  // (none to be had), the calling one takes every chunk. Both workers
  // outlive the joins: either thread may still copy a state from the other's
  // words after its own last chunk.
  std::optional<ChunkWorker> theirs;
  std::optional<ChunkWorker> mine;
  std::thread second;
  try {
    second = std::thread([&run, &theirs] {
      try {
        theirs.emplace(run);
      } catch (const std::bad_alloc&) {
        return;
      }
      if (!run.wait.until(run.started, 1, run.stop)) return;
      while (theirs->next()) {
      }
    });
    keep_off_this_cpu(second);
  } catch (const std::system_error&) {
  }
  const auto join = [&] {
    if (second.joinable()) second.join();
  };
  const std::uint64_t report_every = std::max<std::uint64_t>(resamples / 10, 4096);
  std::uint64_t next_report = report_every;
  std::vector<double> means;
  try {
    means.resize(static_cast<std::size_t>(resamples));
    run.means = means.data();
    mine.emplace(run);
    run.wait.set(run.started, 1);
    while (mine->next()) {
      const std::uint64_t done = run.resamples_done.load(std::memory_order_relaxed);
      if (progress && done >= next_report && done < resamples) {
        progress(done, resamples);
        while (next_report <= done) next_report += report_every;
      }
    }
  } catch (...) {
    run.stop = true;
    join();
    throw;
  }
  join();
  words = run.words;
  return means;
}

}  // namespace grk::significance
