// bench_folder_digest: what the host spends, before a step, hashing a folder a
// path parameter names into the results document's inputs (docs/design.md §4.8). It
// writes a BEIR-shaped folder (one large corpus.jsonl, queries.jsonl and
// qrels/test.tsv) of --megabytes MiB (default 1024) under --dir (default the
// system temp folder), hashes it --repeats times (default 3) with the host's
// sha256_of_folder, and prints the best time and the throughput. The first
// run may read from disk; later runs from the page cache.
//
// usage: bench_folder_digest [--megabytes N] [--repeats R] [--dir DIR]
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include <unistd.h>

#include "run/input_digests.hpp"

namespace fs = std::filesystem;

int main(int argc, char** argv) {
  std::uint64_t megabytes = 1024;
  int repeats = 3;
  fs::path dir = fs::temp_directory_path();
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string flag = argv[i];
    if (flag == "--megabytes") megabytes = std::strtoull(argv[i + 1], nullptr, 10);
    if (flag == "--repeats") repeats = std::atoi(argv[i + 1]);
    if (flag == "--dir") dir = argv[i + 1];
  }
  const fs::path root = dir / ("grk-bench-folder-digest-" + std::to_string(::getpid()));
  fs::create_directories(root / "qrels");
  {
    std::ofstream corpus(root / "corpus.jsonl", std::ios::binary);
    std::string line;
    for (int i = 0; line.size() < (1u << 20); ++i) {
      line += "{\"_id\": \"d" + std::to_string(i) + "\", \"title\": \"t\", \"text\": \"lorem ipsum dolor sit amet\"}\n";
    }
    for (std::uint64_t i = 0; i < megabytes; ++i) corpus.write(line.data(), static_cast<std::streamsize>(line.size()));
    std::ofstream(root / "queries.jsonl") << "{\"_id\": \"q1\", \"text\": \"q\"}\n";
    std::ofstream(root / "qrels/test.tsv") << "query-id\tcorpus-id\tscore\nq1\td0\t1\n";
  }
  const double bytes = static_cast<double>(fs::file_size(root / "corpus.jsonl"));
  double best = 1e300;
  std::string digest;
  for (int r = 0; r < repeats; ++r) {
    const auto start = std::chrono::steady_clock::now();
    const auto hashed = grk::host::sha256_of_folder(root);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (!hashed) {
      std::fprintf(stderr, "failed: %s\n", hashed.error().message.c_str());
      return 1;
    }
    digest = hashed->sha256;
    std::printf("run %d: %.3f s\n", r + 1, seconds);
    if (seconds < best) best = seconds;
  }
  std::printf("folder of %.0f MiB (3 files) under %s: best %.3f s, %.0f MiB/s; sha256 %s\n", bytes / (1 << 20),
              dir.c_str(), best, bytes / (1 << 20) / best, digest.c_str());
  fs::remove_all(root);
  return 0;
}
