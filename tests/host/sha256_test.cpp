// SHA-256 of the SDK (grk/detail/sha256.hpp), which the host's provenance and
// the id encoding's digest names use (docs/design.md §4.8): both kernels, the
// SHA extensions' and the portable one, against coreutils' sha256sum, on
// every length around the block and padding boundaries, fed whole and in
// uneven pieces.
#define BOOST_TEST_MODULE host_sha256
#include <boost/test/unit_test.hpp>

#include <sys/stat.h>

#include <grk/detail/sha256.hpp>

#include <cstdint>
#include <string>
#include <vector>

#include "fixtures.hpp"
#include "run/input_digests.hpp"
#include "subprocess.hpp"

namespace {

using grk::detail::Sha256;
using grk::detail::Sha256Kernel;

// Deterministic bytes of every value.
std::string bytes_of_length(std::size_t length, std::uint32_t seed) {
  std::string bytes(length, '\0');
  for (auto& byte : bytes) {
    seed = seed * 1664525u + 1013904223u;
    byte = static_cast<char>(seed >> 24);
  }
  return bytes;
}

std::string digest(Sha256Kernel kernel, const std::string& bytes, std::size_t piece) {
  Sha256 hash(kernel);
  for (std::size_t at = 0; at < bytes.size(); at += piece) hash.update(std::string_view(bytes).substr(at, piece));
  return hash.hex_digest();
}

}  // namespace

BOOST_AUTO_TEST_CASE(the_published_test_vectors) {
  // FIPS 180-2, appendix B.1 and B.2.
  for (const auto kernel : {Sha256Kernel::best, Sha256Kernel::portable}) {
    BOOST_TEST(digest(kernel, "abc", 3) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    BOOST_TEST(digest(kernel, "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", 56) ==
               "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
    BOOST_TEST(digest(kernel, "", 1) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  }
}

BOOST_AUTO_TEST_CASE(both_kernels_equal_sha256sum_at_every_boundary) {
  grk::test::TempDir dir;
  std::vector<std::size_t> lengths;
  for (std::size_t n = 0; n <= 200; ++n) lengths.push_back(n);
  for (const std::size_t n : {511u, 512u, 513u, 4095u, 65536u, 65536u * 3 + 17, 1u << 20}) lengths.push_back(n);
  std::vector<std::string> files;
  for (const std::size_t length : lengths) {
    const auto file = dir / ("b" + std::to_string(length));
    grk::test::write_text(file, bytes_of_length(length, static_cast<std::uint32_t>(length)));
    files.push_back(file.string());
  }
  // coreutils, found as a user would find it.
  std::vector<std::string> argv{"/bin/sh", "-c", "exec sha256sum \"$@\"", "sha256sum"};
  argv.insert(argv.end(), files.begin(), files.end());
  const auto sums = grk::test::run_process(argv);
  BOOST_TEST_REQUIRE(sums.exit_code == 0, sums.err);
  const auto lines = grk::test::lines_of(sums.out);
  BOOST_TEST_REQUIRE(lines.size() == lengths.size());
  for (std::size_t i = 0; i < lengths.size(); ++i) {
    const std::string expected = lines[i].substr(0, 64);
    const std::string bytes = bytes_of_length(lengths[i], static_cast<std::uint32_t>(lengths[i]));
    for (const auto kernel : {Sha256Kernel::best, Sha256Kernel::portable}) {
      for (const std::size_t piece : {std::size_t{1}, std::size_t{63}, std::size_t{64}, std::size_t{1000}, bytes.size() + 1}) {
        BOOST_TEST(digest(kernel, bytes, piece) == expected, "length " << lengths[i] << " piece " << piece);
      }
    }
    const auto of_file = grk::host::sha256_of_file(files[i]);
    BOOST_TEST_REQUIRE(of_file.has_value());
    BOOST_TEST(*of_file == expected, "file of length " << lengths[i]);
  }
}

// A FIFO in an input's place (put there after the host looked) is refused
// on the descriptor, at once, instead of blocking the hashing thread.
BOOST_AUTO_TEST_CASE(a_fifo_is_not_hashed_and_does_not_block) {
  grk::test::TempDir dir;
  const auto fifo = dir / "run.txt";
  BOOST_REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  const auto digest = grk::host::sha256_of_file(fifo);
  BOOST_TEST_REQUIRE(!digest.has_value());
  BOOST_TEST(digest.error().message == "cannot hash '" + fifo.string() + "': not a regular file");
}
