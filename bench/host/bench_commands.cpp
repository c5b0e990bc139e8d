// bench_commands: grk-eval timed as users meet it, the whole process from
// start to exit, against its yardsticks, in paired turns (issue 39's rows):
// A  a one-query run, `map`, -o               vs `grk-eval --version` (<= 2x)
// B  a TREC track's run (50 topics x 1,000), `all_trec`, per-query files, -o
//                                             vs the bare loop + --version (<= 1x)
//                                             and trec_eval (>= 5x faster; peak <= its + 8 MB)
// C  MS MARCO dev's shape (7,000 x 1,000), the same step
//                                             vs the bare loop (<= 1x), trec_eval (>= 10x
//                                             faster; peak <= half of its)
// D  100 TREC-size runs in one step           vs GRK_THREADS=1 (>= 1.7x, same bytes) and
//                                             trec_eval once per file (>= 10x)
// E  paired-bootstrap N=1,000, B=100,000      vs GRK_THREADS=1 (>= 1.7x; system CPU <= 10%
//                                             of user, summed over the turns; never slower,
//                                             also with another process keeping a core busy;
//                                             B=1 timed too: the part both ways pay)
// F  `grk-eval evaluate QRELS RUN` on B's run vs the bare loop + --version (<= 1x)
// Every figure is the median of --pairs turns, each turn running the command
// and then its yardstick (so that a busy moment hits both); peak memory is
// each child's own maximum RSS (wait4). The inputs are generated from a fixed
// seed into FOLDER (default /dev/shm/grk-bench-commands: tmpfs; name a folder
// on disk to time a disk). The bare loop is this program run as
// `bench_commands --bare RUN`: one thread that reads the run in 1 MiB blocks,
// splits each line into fields and strtods the score. A first line times
// it pinned to each core: where the cores differ in speed, so do the ratios
// against one thread, from turn to turn.
// trec_eval 10.0 is taken from TREC_EVAL when set (build it with its own
// Makefile); without it those ratios are not printed.
//
// usage: bench_commands [--pairs N] [--rows ABCDEF] [--grk-eval PATH] [FOLDER]
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <numeric>
#include <string>
#include <thread>
#include <vector>

namespace fs = std::filesystem;

namespace {

// splitmix64: the same inputs on every machine.
std::uint64_t next(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

// A run of `queries` x `depth` and, when `qrels` is given, graded judgments
// (0-3) of `judged` of each query's documents and as many unretrieved ones.
void generate(const fs::path& run_path, const fs::path& qrels_path, int queries, int depth, int judged,
              std::uint64_t seed) {
  std::uint64_t state = seed;
  std::FILE* run = std::fopen(run_path.c_str(), "wb");
  std::FILE* qrels = qrels_path.empty() ? nullptr : std::fopen(qrels_path.c_str(), "wb");
  for (int q = 0; q < queries; ++q) {
    double score = 40.0;
    for (int r = 0; r < depth; ++r) {
      score -= static_cast<double>(next(state) % 1000) / 20000.0;
      std::fprintf(run, "%d Q0 D%llu %d %.6f sys\n", 1000 + q,
                   static_cast<unsigned long long>(r * 8000 + next(state) % 8000), r + 1, score);
    }
    // The judgments do not depend on the run's seed: every run of a set is
    // judged by the same qrels.
    std::uint64_t judge = 0x5eedULL + static_cast<std::uint64_t>(q);
    for (int j = 0; qrels != nullptr && j < 2 * judged; ++j) {
      const int r = static_cast<int>(next(judge) % static_cast<std::uint64_t>(depth * 2));
      std::fprintf(qrels, "%d 0 D%llu %d\n", 1000 + q, static_cast<unsigned long long>(r * 8000 + next(judge) % 8000),
                   static_cast<int>(next(judge) % 4));
    }
  }
  std::fclose(run);
  if (qrels != nullptr) std::fclose(qrels);
}

// The floor: one thread that reads in 1 MiB blocks, splits lines into fields
// and strtods each score.
int bare_loop(const char* path) {
  std::FILE* file = std::fopen(path, "rb");
  if (file == nullptr) return 1;
  std::vector<char> block(std::size_t{1} << 20);
  std::size_t held = 0;
  std::size_t lines = 0;
  double sum = 0.0;
  for (;;) {
    const std::size_t got = std::fread(block.data() + held, 1, block.size() - held - 1, file);
    const std::size_t filled = held + got;
    if (filled == 0) break;
    std::size_t end = filled;
    if (got != 0) {
      while (end > 0 && block[end - 1] != '\n') --end;
    }
    block[end] = '\0';  // strtod stops at the line's end in any case
    const char* p = block.data();
    const char* const stop = block.data() + end;
    while (p < stop) {
      const char* fields[6] = {};
      int count = 0;
      while (p < stop && *p != '\n') {
        while (*p == ' ' || *p == '\t') ++p;
        if (count < 6) fields[count] = p;
        ++count;
        while (p < stop && *p != ' ' && *p != '\t' && *p != '\n') ++p;
      }
      ++p;
      ++lines;
      if (count >= 5) sum += std::strtod(fields[4], nullptr);
    }
    if (got == 0) break;
    held = filled - end;
    std::memmove(block.data(), block.data() + end, held);
  }
  std::fclose(file);
  std::printf("%zu lines, score sum %.3f\n", lines, sum);
  return 0;
}

struct Child {
  double seconds = 0.0;
  double user = 0.0;
  double system = 0.0;
  long peak_kib = 0;
};

// Runs argv with `env` added, stdout to `out` (or /dev/null), stderr to
// /dev/null, on core `cpu` alone when it is not -1; exits this program when
// the child fails.
Child run(const std::vector<std::string>& argv, const std::vector<std::string>& env = {}, const fs::path& out = {},
          int cpu = -1) {
  const auto start = std::chrono::steady_clock::now();
  const pid_t pid = ::fork();
  if (pid == 0) {
    if (cpu >= 0) {
      cpu_set_t only;
      CPU_ZERO(&only);
      CPU_SET(cpu, &only);
      if (::sched_setaffinity(0, sizeof only, &only) != 0) std::_Exit(126);
    }
    for (const auto& entry : env) ::putenv(const_cast<char*>(entry.c_str()));
    const int sink = ::open(out.empty() ? "/dev/null" : out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    const int null = ::open("/dev/null", O_WRONLY);
    ::dup2(sink, 1);
    ::dup2(null, 2);
    std::vector<char*> args;
    for (const auto& arg : argv) args.push_back(const_cast<char*>(arg.c_str()));
    args.push_back(nullptr);
    ::execv(args[0], args.data());
    std::_Exit(127);
  }
  int status = 0;
  rusage usage{};
  ::wait4(pid, &status, 0, &usage);
  Child child;
  child.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  child.user = static_cast<double>(usage.ru_utime.tv_sec) + static_cast<double>(usage.ru_utime.tv_usec) / 1e6;
  child.system = static_cast<double>(usage.ru_stime.tv_sec) + static_cast<double>(usage.ru_stime.tv_usec) / 1e6;
  child.peak_kib = usage.ru_maxrss;
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    std::string line;
    for (const auto& arg : argv) line += arg + " ";
    std::fprintf(stderr, "failed (run it by hand to see why): %s\n", line.c_str());
    std::exit(1);
  }
  return child;
}

double median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  const std::size_t n = values.size();
  return n % 2 == 1 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2.0;
}

// The medians of a command's turns.
struct Timing {
  std::vector<double> seconds, user, system;
  long peak_kib = 0;
  void add(const Child& child) {
    seconds.push_back(child.seconds);
    user.push_back(child.user);
    system.push_back(child.system);
    peak_kib = std::max(peak_kib, child.peak_kib);
  }
  [[nodiscard]] double wall() const { return median(seconds); }
};

std::string ms(double seconds) {
  char text[32];
  std::snprintf(text, sizeof text, seconds < 1.0 ? "%.1f ms" : "%.0f ms", seconds * 1e3);
  return text;
}

void verdict(const char* what, double ratio, const char* relation, double target) {
  const bool met = relation[0] == '<' ? ratio <= target : ratio >= target;
  std::printf("  %-58s %6.2f  (want %s %.1f: %s)\n", what, ratio, relation, target, met ? "met" : "NOT met");
}

std::string slurp(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// Each command writes into a folder of its own for its turn, removed after
// (untimed): output_dir refuses a folder that holds files.
struct Bench {
  std::string host;
  fs::path folder;
  int pairs = 15;
  std::string trec_eval;
  std::string self;
  int turn = 0;

  fs::path fresh(const char* name) {
    const fs::path out = folder / "out" / (std::string(name) + std::to_string(turn++));
    fs::remove_all(out);
    fs::create_directories(out);
    return out;
  }

  // The trec-eval step of rows B-D on `runs` ({"name": path}), per-query
  // files and -o, into `out` (a fresh folder).
  Child trec_eval_step(const std::string& runs, const fs::path& qrels, const fs::path& out,
                       const std::vector<std::string>& env = {}) {
    const Child child = run({host, "run", "--component", "trec-eval", "--set", "qrels=" + qrels.string(), "--set",
                             "runs=" + runs, "--set", "measures=all_trec", "--set", "per_query=true", "--set",
                             "output_dir=" + (out / "files").string(), "-o", (out / "results.json").string()},
                            env);
    return child;
  }

  Child version() { return run({host, "--version"}); }
  Child bare(const fs::path& run_file) { return run({self, "--bare", run_file.string()}); }
  Child reference(const fs::path& qrels, const fs::path& run_file) {
    return run({trec_eval, "-q", "-m", "all_trec", qrels.string(), run_file.string()}, {},
               folder / "out" / "trec_eval.txt");
  }
};

// The bare loop on C's run pinned to each core in turn (medians of 3): on a
// machine whose cores differ in speed (a shared host's vCPUs can, by 1.5x),
// a ratio against one thread depends on the core that thread ran on, which
// this line lets the reader see.
void core_speeds(Bench& bench) {
  const unsigned cores = std::min(8u, std::max(1u, std::thread::hardware_concurrency()));
  std::vector<double> medians;
  std::string line = "cores (the bare loop on C's run, pinned, median of 3):";
  for (unsigned cpu = 0; cpu < cores; ++cpu) {
    std::vector<double> seconds;
    for (int i = 0; i < 3; ++i) {
      seconds.push_back(run({bench.self, "--bare", (bench.folder / "msmarco.run").string()}, {}, {},
                            static_cast<int>(cpu)).seconds);
    }
    medians.push_back(median(seconds));
    line += " cpu" + std::to_string(cpu) + " " + ms(medians.back()) + (cpu + 1 < cores ? "," : "");
  }
  const double spread = *std::max_element(medians.begin(), medians.end()) /
                        *std::min_element(medians.begin(), medians.end());
  std::printf("%s; slowest / fastest %.2f%s\n", line.c_str(), spread,
              spread > 1.1 ? " (the cores differ: a one-thread yardstick's time depends on its core)" : "");
}

void row_a(Bench& bench) {
  Timing one, version;
  const fs::path out = bench.folder / "out" / "one.json";
  for (int i = 0; i < bench.pairs; ++i) {
    one.add(run({bench.host, "run", "--component", "trec-eval", "--set",
                 "qrels=" + (bench.folder / "trec.qrels").string(), "--set",
                 "runs=" + (bench.folder / "one.run").string(), "--set", "measures=map", "-o", out.string()}));
    version.add(bench.version());
  }
  std::printf("A. one query, map, -o: %s; --version %s\n", ms(one.wall()).c_str(), ms(version.wall()).c_str());
  verdict("one query / --version", one.wall() / version.wall(), "<=", 2.0);
}

// Rows B and C: one run through the trec-eval step.
void row_step(Bench& bench, const char* label, const char* stem, bool with_version, double faster_than_reference,
              bool half_memory) {
  const fs::path qrels = bench.folder / (std::string(stem) + ".qrels");
  const fs::path run_file = bench.folder / (std::string(stem) + ".run");
  const std::string runs = std::string("{\"sys\": \"") + run_file.string() + "\"}";
  Timing ours, bare, version, reference;
  const int pairs = half_memory ? std::max(3, bench.pairs / 3) : bench.pairs;  // row C's turns take seconds
  for (int i = 0; i < pairs; ++i) {
    ours.add(bench.trec_eval_step(runs, qrels, bench.fresh("step")));
    bare.add(bench.bare(run_file));
    if (with_version) version.add(bench.version());
    if (!bench.trec_eval.empty()) reference.add(bench.reference(qrels, run_file));
  }
  const double floor = bare.wall() + (with_version ? version.wall() : 0.0);
  std::printf("%s all_trec, per-query files, -o: %s, peak %.1f MB; bare loop %s%s%s\n", label,
              ms(ours.wall()).c_str(), ours.peak_kib / 1024.0, ms(bare.wall()).c_str(),
              with_version ? " + --version " : "", with_version ? ms(version.wall()).c_str() : "");
  verdict(with_version ? "ours / (bare loop + --version)" : "ours / bare loop", ours.wall() / floor, "<=", 1.0);
  if (!bench.trec_eval.empty()) {
    std::printf("  trec_eval: %s, peak %.1f MB; ours peak %.1f MB\n", ms(reference.wall()).c_str(),
                reference.peak_kib / 1024.0, ours.peak_kib / 1024.0);
    verdict("trec_eval / ours", reference.wall() / ours.wall(), ">=", faster_than_reference);
    if (half_memory) {
      verdict("ours peak / trec_eval's peak", static_cast<double>(ours.peak_kib) / reference.peak_kib, "<=", 0.5);
    } else {
      std::printf("  peak: ours - trec_eval's = %+.1f MB (want <= 8 MB: %s)\n",
                  (ours.peak_kib - reference.peak_kib) / 1024.0,
                  ours.peak_kib - reference.peak_kib <= 8 * 1024 ? "met" : "NOT met");
    }
  }
}

void row_d(Bench& bench) {
  std::string runs = "{";
  std::vector<fs::path> files;
  for (int k = 0; k < 100; ++k) {
    files.push_back(bench.folder / "hundred" / ("sys" + std::to_string(k) + ".run"));
    runs += std::string(k == 0 ? "" : ", ") + "\"sys" + std::to_string(k) + "\": \"" + files.back().string() + "\"";
  }
  runs += "}";
  const fs::path qrels = bench.folder / "trec.qrels";
  Timing both, one, reference;
  const int pairs = std::max(3, bench.pairs / 3);
  fs::path last_both, last_one;
  for (int i = 0; i < pairs; ++i) {
    last_both = bench.fresh("both");
    both.add(bench.trec_eval_step(runs, qrels, last_both));
    last_one = bench.fresh("one");
    one.add(bench.trec_eval_step(runs, qrels, last_one, {"GRK_THREADS=1"}));
    if (!bench.trec_eval.empty()) {
      Child all;
      for (const auto& file : files) {
        const Child child = bench.reference(qrels, file);
        all.seconds += child.seconds;
      }
      reference.add(all);
    }
  }
  // The trec_eval files of every run; the documents differ in their
  // output folders' names and start times.
  bool same = true;
  for (int k = 0; k < 100; ++k) {
    const std::string name = "sys" + std::to_string(k) + ".txt";
    const std::string text = slurp(last_both / "files" / name);
    same = same && !text.empty() && text == slurp(last_one / "files" / name);
  }
  std::printf("D. 100 TREC-size runs in one step: %s on every core, %s with GRK_THREADS=1; files the same: %s\n",
              ms(both.wall()).c_str(), ms(one.wall()).c_str(), same ? "yes" : "NO");
  verdict("GRK_THREADS=1 / every core", one.wall() / both.wall(), ">=", 1.7);
  if (!bench.trec_eval.empty()) {
    std::printf("  trec_eval once per file: %s\n", ms(reference.wall()).c_str());
    verdict("trec_eval x 100 / ours", reference.wall() / both.wall(), ">=", 10.0);
  }
}

// A process that keeps one core busy while this object lives (and ends with
// this program, or after a minute, whatever happens to it).
class BusyCore {
 public:
  BusyCore() : pid_(::fork()) {
    if (pid_ == 0) {
      ::prctl(PR_SET_PDEATHSIG, SIGKILL);
      ::alarm(60);
      for (volatile unsigned spin = 0;; spin = spin + 1) {
      }
    }
  }
  BusyCore(const BusyCore&) = delete;
  BusyCore& operator=(const BusyCore&) = delete;
  ~BusyCore() {
    if (pid_ <= 0) return;
    ::kill(pid_, SIGKILL);
    ::waitpid(pid_, nullptr, 0);
  }

 private:
  pid_t pid_;
};

void row_e(Bench& bench) {
  const std::vector<std::string> args{bench.host, "run", "--component", "paired-bootstrap", "--set",
                                      "scores=" + (bench.folder / "scores.json").string(), "--set",
                                      "baseline=base", "--set", "candidate=cand", "--set", "metric=m", "--set",
                                      "resamples=100000"};
  // The same command with one resample: what the process costs around the
  // resampling (start, loading, reading, the document, exit), which both
  // ways pay alike and so caps the ratio the threads can reach.
  std::vector<std::string> fixed_args = args;
  fixed_args.back() = "resamples=1";
  Timing both, one, fixed;
  for (int i = 0; i < bench.pairs; ++i) {
    both.add(run(args));
    one.add(run(args, {"GRK_THREADS=1"}));
    fixed.add(run(fixed_args));
  }
  std::printf("E. paired-bootstrap N=1,000, B=100,000: %s on every core (user %s, system %s), %s with GRK_THREADS=1\n",
              ms(both.wall()).c_str(), ms(median(both.user)).c_str(), ms(median(both.system)).c_str(),
              ms(one.wall()).c_str());
  verdict("GRK_THREADS=1 / every core", one.wall() / both.wall(), ">=", 1.7);
  std::printf("  the same with B=1: %s; the resampling alone: %s on every core, %s on one thread (%.2fx)\n",
              ms(fixed.wall()).c_str(), ms(both.wall() - fixed.wall()).c_str(), ms(one.wall() - fixed.wall()).c_str(),
              (one.wall() - fixed.wall()) / (both.wall() - fixed.wall()));
  // rusage splits a process's CPU time between user and system by the
  // scheduler ticks (4 ms here) that found it in each: a 70 ms run has about
  // 18 ticks, so a median of system times reads 4 or 8 ms from one run of
  // the benchmark to the next. The sums over the turns are the steadier.
  const auto sum = [](const std::vector<double>& values) {
    return std::accumulate(values.begin(), values.end(), 0.0);
  };
  std::printf("  system CPU, medians: %s every core, %s with GRK_THREADS=1; means: %s and %s\n",
              ms(median(both.system)).c_str(), ms(median(one.system)).c_str(),
              ms(sum(both.system) / bench.pairs).c_str(), ms(sum(one.system) / bench.pairs).c_str());
  verdict("system CPU / user CPU (sums of the turns)", sum(both.system) / sum(both.user), "<=", 0.1);
  int slower = 0;
  for (int i = 0; i < bench.pairs; ++i) slower += both.seconds[static_cast<std::size_t>(i)] > one.seconds[static_cast<std::size_t>(i)];
  std::printf("  turns where every core was slower than one thread: %d of %d\n", slower, bench.pairs);

  // The same on a shared machine: another process keeps a core busy, so one
  // of the two threads is off its core for a scheduler slice at a time and
  // the other must wait for it without taking the core it needs.
  Timing busy_both, busy_one;
  {
    const BusyCore busy;
    for (int i = 0; i < bench.pairs; ++i) {
      busy_both.add(run(args));
      busy_one.add(run(args, {"GRK_THREADS=1"}));
    }
  }
  std::printf("  with one core busy: %s on every core (system %s), %s with GRK_THREADS=1\n",
              ms(busy_both.wall()).c_str(), ms(sum(busy_both.system) / bench.pairs).c_str(),
              ms(busy_one.wall()).c_str());
  verdict("  one core busy: GRK_THREADS=1 / every core", busy_one.wall() / busy_both.wall(), ">=", 1.0);
}

void row_f(Bench& bench) {
  const fs::path qrels = bench.folder / "trec.qrels";
  const fs::path run_file = bench.folder / "trec.run";
  Timing ours, bare, version;
  for (int i = 0; i < bench.pairs; ++i) {
    ours.add(run({bench.host, "evaluate", qrels.string(), run_file.string()}));
    bare.add(bench.bare(run_file));
    version.add(bench.version());
  }
  std::printf("F. grk-eval evaluate QRELS RUN (TREC-size): %s; bare loop %s + --version %s\n", ms(ours.wall()).c_str(),
              ms(bare.wall()).c_str(), ms(version.wall()).c_str());
  verdict("ours / (bare loop + --version)", ours.wall() / (bare.wall() + version.wall()), "<=", 1.0);
}

void generate_inputs(const fs::path& folder) {
  if (fs::exists(folder / "ready")) return;
  std::printf("generating the inputs in %s ...\n", folder.c_str());
  fs::create_directories(folder / "hundred");
  generate(folder / "one.run", {}, 1, 1000, 0, 1);
  generate(folder / "trec.run", folder / "trec.qrels", 50, 1000, 100, 2);
  generate(folder / "msmarco.run", folder / "msmarco.qrels", 7000, 1000, 12, 3);
  for (int k = 0; k < 100; ++k) {
    generate(folder / "hundred" / ("sys" + std::to_string(k) + ".run"), {}, 50, 1000, 0, 100 + static_cast<unsigned>(k));
  }
  std::uint64_t state = 4;
  std::FILE* scores = std::fopen((folder / "scores.json").c_str(), "wb");
  for (const char* side : {"base", "cand"}) {
    std::fprintf(scores, "%s\"%s\": {", side[0] == 'b' ? "{\"systems\": {" : ", ", side);
    for (int q = 0; q < 1000; ++q) {
      std::fprintf(scores, "%s\"q%d\": %.6f", q == 0 ? "" : ", ", q,
                   static_cast<double>(next(state) % 1000000) / 1e6);
    }
    std::fprintf(scores, "}");
  }
  std::fprintf(scores, "}}\n");
  std::fclose(scores);
  std::ofstream(folder / "ready") << "inputs of bench_commands\n";
}

}  // namespace

int main(int argc, char** argv) {
  if (argc == 3 && std::strcmp(argv[1], "--bare") == 0) return bare_loop(argv[2]);
  Bench bench;
  bench.host = GRK_BENCH_HOST;
  bench.self = fs::canonical("/proc/self/exe").string();
  bench.folder = "/dev/shm/grk-bench-commands";
  std::string rows = "ABCDEF";
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--pairs" && i + 1 < argc) {
      bench.pairs = std::max(1, std::atoi(argv[++i]));
    } else if (arg == "--rows" && i + 1 < argc) {
      rows = argv[++i];
    } else if (arg == "--grk-eval" && i + 1 < argc) {
      bench.host = argv[++i];
    } else if (arg.rfind("--", 0) == 0) {
      std::fprintf(stderr, "usage: bench_commands [--pairs N] [--rows ABCDEF] [--grk-eval PATH] [FOLDER]\n");
      return 2;
    } else {
      bench.folder = arg;
    }
  }
  if (const char* reference = std::getenv("TREC_EVAL"); reference != nullptr) bench.trec_eval = reference;
  generate_inputs(bench.folder);
  fs::create_directories(bench.folder / "out");
  // A probe cache of the benchmark's own, holding only the modules of the
  // grk-eval it times, filled before the first turn: no turn probes, and the
  // figures do not depend on what the user's cache holds (before cache
  // format 2 every run parsed all of it: ten builds' entries, 323 KB, cost
  // row A a millisecond).
  const fs::path cache = bench.folder / "probe-cache.json";
  fs::remove(cache);
  ::setenv("GRK_PROBE_CACHE", cache.c_str(), 1);
  (void)run({bench.host, "plugins"});
  std::printf("grk-eval: %s; inputs in %s; medians of %d paired turns; trec_eval: %s\n", bench.host.c_str(),
              bench.folder.c_str(), bench.pairs, bench.trec_eval.empty() ? "not given (set TREC_EVAL)" : bench.trec_eval.c_str());
  core_speeds(bench);
  for (const char row : rows) {
    switch (row) {
      case 'A': row_a(bench); break;
      case 'B': row_step(bench, "B. TREC-size run (50 x 1,000),", "trec", true, 5.0, false); break;
      case 'C': row_step(bench, "C. MS MARCO dev's shape (7,000 x 1,000),", "msmarco", false, 10.0, true); break;
      case 'D': row_d(bench); break;
      case 'E': row_e(bench); break;
      case 'F': row_f(bench); break;
      default: std::fprintf(stderr, "unknown row '%c' (rows are A to F)\n", row); return 2;
    }
    fs::remove_all(bench.folder / "out");
    fs::create_directories(bench.folder / "out");
  }
  return 0;
}
