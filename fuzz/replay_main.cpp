// The normal suite's replay of a fuzz target (docs/design.md §8.8): feeds
// every file of the folders named on the command line to the target's
// LLVMFuzzerTestOneInput, so a crash the fuzzer once found stays fixed under
// the ordinary compilers and sanitizers, without clang or libFuzzer.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

int main(int argc, char** argv) {
  std::size_t replayed = 0;
  for (int i = 1; i < argc; ++i) {
    const std::filesystem::path folder(argv[i]);
    std::error_code ec;
    if (!std::filesystem::is_directory(folder, ec)) {
      std::cerr << "no such folder: " << folder.string() << "\n";
      return 1;
    }
    // Sorted, so a failure names the same input on every run.
    std::vector<std::filesystem::path> files;
    for (const auto& entry : std::filesystem::directory_iterator(folder)) {
      // .gitkeep keeps an empty regressions/ folder in git; it is no input.
      if (entry.is_regular_file() && entry.path().filename().string().front() != '.') files.push_back(entry.path());
    }
    std::sort(files.begin(), files.end());
    for (const auto& file : files) {
      std::ifstream in(file, std::ios::binary);
      const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
      if (!in.good() && !in.eof()) {
        std::cerr << "cannot read " << file.string() << "\n";
        return 1;
      }
      std::cout << "replaying " << file.filename().string() << " (" << bytes.size() << " bytes)\n" << std::flush;
      // A copy of exactly the input's size, so ASan sees a read past its end.
      const std::vector<std::uint8_t> input(bytes.begin(), bytes.end());
      LLVMFuzzerTestOneInput(input.empty() ? nullptr : input.data(), input.size());
      ++replayed;
    }
  }
  std::cout << "replayed " << replayed << " inputs\n";
  // A seed corpus that went missing would make this test pass vacuously.
  return replayed == 0 ? 1 : 0;
}
