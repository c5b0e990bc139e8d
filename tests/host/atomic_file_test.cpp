// write_file_atomically (docs/design.md §4.15): what lands on disk, what is
// refused, and what an attacker who controls the folder cannot make it do.
#define BOOST_TEST_MODULE host_atomic_file
#include <boost/test/unit_test.hpp>

#include <fcntl.h>
#include <sys/resource.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "support/atomic_file.hpp"

namespace fs = std::filesystem;

namespace {

struct Folder {
  fs::path dir;
  Folder() {
    dir = fs::temp_directory_path() / ("grk-atomic-file-" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
  }
  ~Folder() { fs::remove_all(dir); }
  std::set<std::string> entries() const {
    std::set<std::string> names;
    for (const auto& entry : fs::directory_iterator(dir)) names.insert(entry.path().filename().string());
    return names;
  }
};

std::string read(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

void write(const fs::path& file, const std::string& text) { std::ofstream(file, std::ios::binary) << text; }

std::string error_of(const fs::path& file, const std::string& text) {
  const auto written = grk::host::write_file_atomically(file, text);
  return written ? std::string("(written)") : written.error().message;
}

void age(const fs::path& file, int seconds) {
  struct timespec times[2];
  ::clock_gettime(CLOCK_REALTIME, &times[0]);
  times[0].tv_sec -= seconds;
  times[1] = times[0];
  BOOST_REQUIRE(::utimensat(AT_FDCWD, file.c_str(), times, 0) == 0);
}

}  // namespace

BOOST_AUTO_TEST_CASE(the_bytes_land_and_no_temporary_is_left) {
  const Folder folder;
  const fs::path target = folder.dir / "sub" / "results.json";
  BOOST_TEST(error_of(target, "first\n") == "(written)");
  BOOST_TEST(read(target) == "first\n");
  BOOST_TEST(error_of(target, "second, longer\n") == "(written)");
  BOOST_TEST(read(target) == "second, longer\n");
  const mode_t mask = ::umask(0);
  ::umask(mask);
  struct stat st {};
  BOOST_REQUIRE(::stat(target.c_str(), &st) == 0);
  BOOST_TEST((st.st_mode & 07777) == (0644u & ~mask));
  std::set<std::string> want{"results.json"};
  std::set<std::string> got;
  for (const auto& entry : fs::directory_iterator(folder.dir / "sub")) got.insert(entry.path().filename().string());
  BOOST_TEST(got == want, boost::test_tools::per_element());
}

// A text produced in pieces lands whole and in order, in small pieces
// (written as they come) and in large ones (written by the sink's thread
// while the next is made). A write that fails part way (here past the file
// size limit) is reported once, after the text was produced, and leaves the
// target as it was, with no temporary beside it.
BOOST_AUTO_TEST_CASE(a_text_in_pieces_lands_whole_or_not_at_all) {
  for (const std::size_t size : {std::size_t{256} << 10, std::size_t{1} << 20}) {
    BOOST_TEST_CONTEXT("pieces of " << size << " bytes") {
      const Folder folder;
      const fs::path target = folder.dir / "results.json";
      std::vector<std::string> pieces;
      for (char letter = 'a'; letter < 'i'; ++letter) pieces.emplace_back(size, letter);
      const auto produce = [&](const grk::json::TextSink& put) {
        for (const auto& piece : pieces) put(piece);
        put("\n");
      };
      BOOST_REQUIRE(grk::host::write_file_atomically(target, produce));
      std::string whole;
      for (const auto& piece : pieces) whole += piece;
      BOOST_TEST((read(target) == whole + "\n"));
      write(target, "before\n");
      const auto old_handler = std::signal(SIGXFSZ, SIG_IGN);  // else the write past the limit kills the test
      rlimit old_limit{};
      BOOST_REQUIRE(::getrlimit(RLIMIT_FSIZE, &old_limit) == 0);
      rlimit limit = old_limit;
      limit.rlim_cur = 1u << 20;
      BOOST_REQUIRE(::setrlimit(RLIMIT_FSIZE, &limit) == 0);
      int handed = 0;
      const auto written = grk::host::write_file_atomically(target, [&](const grk::json::TextSink& put) {
        for (const auto& piece : pieces) {
          put(piece);
          ++handed;
        }
      });
      ::setrlimit(RLIMIT_FSIZE, &old_limit);
      std::signal(SIGXFSZ, old_handler);
      BOOST_REQUIRE(!written);
      BOOST_TEST(written.error().message == "cannot write '" + target.string() + "': File too large");
      BOOST_TEST(handed == 8);
      BOOST_TEST(read(target) == "before\n");
      BOOST_TEST(folder.entries() == (std::set<std::string>{"results.json"}), boost::test_tools::per_element());
    }
  }
}

// The old temporary was `.<name>.tmp-<pid>`, opened without O_EXCL or
// O_NOFOLLOW: links planted at such names made root overwrite their target.
BOOST_AUTO_TEST_CASE(links_planted_at_predictable_temporary_names_are_not_followed) {
  const Folder folder;
  const fs::path victim = folder.dir / "victim";
  write(victim, "root's file\n");
  const pid_t pid = ::getpid();
  for (pid_t n = pid > 100 ? pid - 100 : 1; n <= pid + 100; ++n) {
    fs::create_symlink(victim, folder.dir / (".results.json.tmp-" + std::to_string(n)));
  }
  BOOST_TEST(error_of(folder.dir / "results.json", "the document\n") == "(written)");
  BOOST_TEST(read(victim) == "root's file\n");
  BOOST_TEST(read(folder.dir / "results.json") == "the document\n");
}

BOOST_AUTO_TEST_CASE(a_target_that_is_not_a_regular_file_is_refused_and_left_as_it_was) {
  const Folder folder;
  const fs::path victim = folder.dir / "victim";
  write(victim, "root's file\n");
  const fs::path link = folder.dir / "link.json";
  fs::create_symlink(victim, link);
  BOOST_TEST(error_of(link, "x") == "cannot write '" + link.string() + "': it is a symbolic link, not a regular file");
  BOOST_TEST(fs::is_symlink(link));
  BOOST_TEST(read(victim) == "root's file\n");

  const fs::path fifo = folder.dir / "fifo";
  BOOST_REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  BOOST_TEST(error_of(fifo, "x") == "cannot write '" + fifo.string() + "': it is a FIFO, not a regular file");
  BOOST_TEST(fs::is_fifo(fifo));

  const fs::path sub = folder.dir / "a-folder";
  fs::create_directory(sub);
  BOOST_TEST(error_of(sub, "x") == "cannot write '" + sub.string() + "': it is a folder, not a regular file");

  if (::geteuid() == 0) {  // `-o /dev/null` replaced the device node with a JSON file
    const fs::path device = folder.dir / "null";
    BOOST_REQUIRE(::mknod(device.c_str(), S_IFCHR | 0666, makedev(1, 3)) == 0);
    BOOST_TEST(error_of(device, "x") == "cannot write '" + device.string() + "': it is a character device, not a regular file");
    BOOST_TEST(fs::is_character_file(device));
  } else {
    BOOST_TEST_MESSAGE("not root: the device case needs mknod, skipped");
  }
  std::set<std::string> left{"victim", "link.json", "fifo", "a-folder"};
  if (::geteuid() == 0) left.insert("null");
  BOOST_TEST(folder.entries() == left, boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(a_name_of_255_bytes_is_written) {
  const Folder folder;
  const std::string name(255, 'r');
  BOOST_TEST(error_of(folder.dir / name, "long\n") == "(written)");
  BOOST_TEST(read(folder.dir / name) == "long\n");
  BOOST_TEST(folder.entries() == (std::set<std::string>{name}), boost::test_tools::per_element());
}

// A writer killed mid-write leaves its temporary; the next write of the same
// file removes it, and nothing that could be a live writer's or another file's.
BOOST_AUTO_TEST_CASE(stale_temporaries_of_the_target_are_removed_and_nothing_else) {
  const Folder folder;
  const std::string stale = ".x.json.tmp-0123456789abcdef";
  const std::string fresh = ".x.json.tmp-fedcba9876543210";
  const std::string locked = ".x.json.tmp-00000000000000aa";
  const std::string not_ours = ".x.json.tmp-zzzzzzzzzzzzzzzz";
  const std::string other_target = ".y.json.tmp-0123456789abcdef";
  for (const auto& name : {stale, fresh, locked, not_ours, other_target}) write(folder.dir / name, "half a docu");
  for (const auto& name : {stale, locked, not_ours, other_target}) age(folder.dir / name, 60);
  const int held = ::open((folder.dir / locked).c_str(), O_RDONLY | O_CLOEXEC);
  BOOST_REQUIRE(held >= 0);
  BOOST_REQUIRE(::flock(held, LOCK_EX) == 0);
  BOOST_TEST(error_of(folder.dir / "x.json", "{}\n") == "(written)");
  ::close(held);
  BOOST_TEST(folder.entries() == (std::set<std::string>{"x.json", fresh, locked, not_ours, other_target}),
             boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(concurrent_writers_of_one_file_never_collide) {
  const Folder folder;
  const fs::path target = folder.dir / "results.json";
  std::vector<std::thread> writers;
  std::vector<int> failures(4, 0);
  for (int w = 0; w < 4; ++w) {
    writers.emplace_back([&, w] {
      for (int i = 0; i < 50; ++i) {
        if (!grk::host::write_file_atomically(target, "writer " + std::to_string(w) + "\n")) ++failures[w];
      }
    });
  }
  for (auto& writer : writers) writer.join();
  BOOST_TEST(failures == (std::vector<int>{0, 0, 0, 0}), boost::test_tools::per_element());
  const std::string last = read(target);
  BOOST_TEST((last == "writer 0\n" || last == "writer 1\n" || last == "writer 2\n" || last == "writer 3\n"), last);
  BOOST_TEST(folder.entries() == (std::set<std::string>{"results.json"}), boost::test_tools::per_element());
}
