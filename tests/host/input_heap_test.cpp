// grk-eval fills memory in huge pages when its arguments name input files
// (docs/design.md §4.19): which bytes count (operands, --set values,
// NAME=PATH items, JSON values, a config's strings relative to its folder;
// never a FIFO opened); for 64 MiB or more, as a user sees it, one start
// more, with the command's own output once; for less, no start more but
// far fewer page faults; neither when GLIBC_TUNABLES says already.
#define BOOST_TEST_MODULE host_input_heap
#include <boost/test/unit_test.hpp>

#include <sys/stat.h>
#include <unistd.h>

#include <cstdint>
#include <fstream>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "cli/input_heap.hpp"
#include "fixtures.hpp"
#include "grk_eval.hpp"
#include "subprocess.hpp"

namespace fs = std::filesystem;

namespace {

struct Folder {
  fs::path path = fs::temp_directory_path() / ("grk-large-input-" + std::to_string(::getpid()));
  Folder() {
    fs::remove_all(path);
    fs::create_directories(path);
  }
  ~Folder() { fs::remove_all(path); }
};

std::uint64_t bytes_named(std::vector<std::string> args) {
  args.insert(args.begin(), "grk-eval");
  std::vector<const char*> argv;
  for (const auto& arg : args) argv.push_back(arg.c_str());
  argv.push_back(nullptr);
  return grk::host::named_input_bytes(argv.data());
}

/// How many times the dynamic loader started the program (LD_DEBUG=files
/// says "transferring control" once per start).
std::size_t starts(const std::string& err) {
  std::size_t count = 0;
  for (std::size_t at = err.find("transferring control"); at != std::string::npos;
       at = err.find("transferring control", at + 1)) {
    ++count;
  }
  return count;
}

}  // namespace

BOOST_AUTO_TEST_CASE(the_bytes_of_every_form_a_file_is_named_in) {
  const Folder folder;
  const fs::path a = folder.path / "a.run";
  const fs::path b = folder.path / "b.run";
  grk::test::write_text(a, std::string(100, 'a'));
  grk::test::write_text(b, std::string(30, 'b'));
  BOOST_TEST(bytes_named({"evaluate", b.string(), a.string(), "-m", "nDCG@10"}) == 130u);
  BOOST_TEST(bytes_named({"evaluate", b.string(), "lexical=" + a.string()}) == 130u);
  BOOST_TEST(bytes_named({"run", "--set", "runs=" + a.string() + "," + b.string()}) == 130u);
  BOOST_TEST(bytes_named({"run", "--set", "runs=x=" + a.string() + ",y=" + b.string()}) == 130u);
  BOOST_TEST(bytes_named({"run", "--set", "runs={\"x\": \"" + a.string() + "\", \"y\": [\"" + b.string() + "\"]}"}) ==
             130u);
  // A config's strings name files relative to its folder; the config counts too.
  const std::string config_text = R"({"steps": [{"component": "trec-eval", "params": {"runs": {"x": "a.run"}, "qrels": "b.run"}}]})";
  grk::test::write_text(folder.path / "run.json", config_text);
  BOOST_TEST(bytes_named({"run", (folder.path / "run.json").string()}) == 130u + config_text.size());
  // What an output option names is no input, even a results document an earlier run left.
  const fs::path results = folder.path / "results.json";
  grk::test::write_text(results, "{\"steps\": [\"" + a.string() + "\"]}");
  for (const std::string option : {"-o", "--output", "--results", "--report"}) {
    BOOST_TEST(bytes_named({"run", b.string(), option, results.string()}) == 30u, option);
    BOOST_TEST(bytes_named({"run", b.string(), option}) == 30u, option);
  }
  BOOST_TEST(bytes_named({"evaluate", b.string(), "-o" + results.string(), "--results=" + results.string()}) == 30u);
  BOOST_TEST(bytes_named({"report", results.string()}) == 100u + fs::file_size(results));
  // Neither a folder, nor a FIFO (which would block an open), nor a missing file counts.
  const fs::path fifo = folder.path / "fifo";
  BOOST_REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  BOOST_TEST(bytes_named({"run", folder.path.string(), fifo.string(), (folder.path / "missing").string()}) == 0u);
}

BOOST_AUTO_TEST_CASE(large_inputs_start_the_program_once_more_with_huge_pages) {
  const Folder folder;
  const fs::path big = folder.path / "big.json";
  const fs::path small = folder.path / "small.json";
  // A sparse file: 64 MiB of zeros on no disk, which report refuses as it refuses any non-document.
  grk::test::write_text(big, "");
  fs::resize_file(big, grk::host::large_input_bytes);
  grk::test::write_text(small, "{}");
  const auto outcome = [&](const fs::path& file, std::optional<std::string> tunables) {
    grk::test::ProcessOptions options;
    options.env.emplace("LD_DEBUG", "files");
    options.env.emplace("GLIBC_TUNABLES", std::move(tunables));
    return grk::test::grk_eval({"report", file.string()}, options);
  };
  // Counted against the same command told already how malloc uses huge
  // pages (a sanitizer's runtime may add starts of its own to both).
  const auto told = outcome(big, std::string("glibc.malloc.hugetlb=0"));
  const auto large = outcome(big, std::nullopt);
  BOOST_TEST(starts(told.err) >= 1u);
  BOOST_TEST(starts(large.err) == starts(told.err) + 1);
  const std::string refusal = "grk-eval report: " + big.string() + ": not a results document of grk-eval run: invalid "
                              "JSON at line 1, column 1: Expecting value\n";
  BOOST_TEST(large.exit_code == 1);
  BOOST_TEST(large.err.find(refusal) != std::string::npos, large.err);
  BOOST_TEST(large.err.find(refusal) == large.err.rfind(refusal), "printed once");
  BOOST_TEST(told.exit_code == 1);
  BOOST_TEST(told.err.find(refusal) != std::string::npos, told.err);
  // Small inputs: no start more.
  BOOST_TEST(starts(outcome(small, std::nullopt).err) == starts(told.err));
}

// Smaller inputs: the same process asks for huge pages itself. Reading an
// 8 MiB JSON string fills 2,000 small pages, or 4 huge ones.
BOOST_AUTO_TEST_CASE(smaller_inputs_fill_memory_in_huge_pages_without_a_start_more) {
  std::ifstream policy("/sys/kernel/mm/transparent_hugepage/enabled");
  std::string modes;
  std::getline(policy, modes);
  if (modes.find("[always]") == std::string::npos && modes.find("[madvise]") == std::string::npos) {
    BOOST_TEST_MESSAGE("skipped: the kernel gives no transparent huge pages on request here ('" + modes + "')");
    return;
  }
#if defined(__SANITIZE_ADDRESS__)
  BOOST_TEST_MESSAGE("skipped: AddressSanitizer's allocator is not glibc's heap");
#else
  const Folder folder;
  const fs::path padded = folder.path / "padded.json";
  grk::test::write_text(padded, "{\"padding\": \"" + std::string(std::size_t{8} << 20, 'x') + "\"}");
  const auto outcome = [&](std::optional<std::string> tunables) {
    grk::test::ProcessOptions options;
    options.env.emplace("LD_DEBUG", "files");
    options.env.emplace("GLIBC_TUNABLES", std::move(tunables));
    return grk::test::grk_eval({"report", padded.string()}, options);
  };
  const auto usual = outcome(std::string("glibc.malloc.hugetlb=0"));
  const auto huge = outcome(std::nullopt);
  BOOST_TEST(starts(huge.err) == starts(usual.err));
  BOOST_TEST(usual.minor_page_faults > 2048);
  BOOST_TEST(huge.minor_page_faults * 2 < usual.minor_page_faults,
             huge.minor_page_faults << " page faults against " << usual.minor_page_faults);
  // The same refusal either way: the heap changes no output.
  BOOST_TEST(huge.exit_code == 1);
  BOOST_TEST(usual.exit_code == 1);
  const auto refusal = [](const std::string& err) {
    const std::size_t start = err.find("grk-eval report:");
    return start == std::string::npos ? std::string() : err.substr(start, err.find('\n', start) - start);
  };
  BOOST_TEST(!refusal(huge.err).empty(), huge.err);
  BOOST_TEST(refusal(huge.err) == refusal(usual.err));
#endif
}
