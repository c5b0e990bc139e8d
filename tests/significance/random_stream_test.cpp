// CPython's random.Random(seed): seeding, getrandbits(32) and randrange(n)
// (docs/behaviour/paired-bootstrap.md §4 check vectors), and the AVX2 kernels against the portable ones.
#define BOOST_TEST_MODULE significance_random_stream
#include <boost/test/unit_test.hpp>

#include <cstdint>
#include <random>
#include <vector>

#include "resampling/index_draws.hpp"
#include "resampling/mersenne_twister.hpp"

using grk::significance::IndexDraws;
using grk::significance::MersenneTwister;

namespace {
std::vector<std::uint32_t> words(std::int64_t seed, std::size_t count) {
  MersenneTwister generator = MersenneTwister::from_python_seed(seed);
  std::vector<std::uint32_t> out;
  for (std::size_t i = 0; i < count; ++i) out.push_back(generator.next_word());
  return out;
}

std::vector<std::uint32_t> draws(std::int64_t seed, std::uint32_t n, std::size_t count,
                                 bool portable) {
  MersenneTwister generator = MersenneTwister::from_python_seed(seed);
  if (portable) generator.use_portable_kernel();
  IndexDraws stream(generator, n);
  std::vector<std::uint32_t> out(count);
  stream.fill(out.data(), count);
  return out;
}
}  // namespace

BOOST_AUTO_TEST_CASE(getrandbits_32_matches_cpython_for_seeds_7_0_and_past_2_to_the_32) {
  BOOST_TEST(words(7, 3) == (std::vector<std::uint32_t>{1390851128u, 4071050724u, 647892279u}),
             boost::test_tools::per_element());
  BOOST_TEST(words(0, 3) == (std::vector<std::uint32_t>{3626764237u, 1654615998u, 3255389356u}),
             boost::test_tools::per_element());
  BOOST_TEST(words((std::int64_t{1} << 40) + 5, 2) ==
                 (std::vector<std::uint32_t>{2166296868u, 2220160828u}),
             boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(a_negative_seed_is_its_absolute_value) {
  BOOST_TEST(words(-7, 700) == words(7, 700), boost::test_tools::per_element());
  // abs(-2**63) = 2**63 does not overflow: key words [0, 0x80000000].
  MersenneTwister copy(std::vector<std::uint32_t>{0u, 0x80000000u});
  MersenneTwister from_min = MersenneTwister::from_python_seed(INT64_MIN);
  for (int i = 0; i < 10; ++i) BOOST_TEST(from_min.next_word() == copy.next_word());
}

BOOST_AUTO_TEST_CASE(randrange_matches_cpython_for_3_and_5) {
  for (bool portable : {false, true}) {
    BOOST_TEST(draws(7, 3, 10, portable) == (std::vector<std::uint32_t>{1, 0, 1, 2, 0, 0, 2, 0, 1, 2}),
               boost::test_tools::per_element());
    BOOST_TEST(draws(7, 5, 10, portable) == (std::vector<std::uint32_t>{2, 1, 3, 0, 0, 4, 0, 2, 4, 0}),
               boost::test_tools::per_element());
  }
}

BOOST_AUTO_TEST_CASE(randrange_1_still_consumes_words) {
  // Random(7): randrange(1) x3 -> 0,0,0; the next getrandbits(32) -> 2795742288.
  // k = 1, so each draw is the top bit of a word; count the words it took.
  MersenneTwister generator = MersenneTwister::from_python_seed(7);
  std::vector<std::uint32_t> taken;
  int zeros = 0;
  while (zeros < 3) {
    const std::uint32_t word = generator.next_word();
    taken.push_back(word);
    if ((word >> 31) == 0) ++zeros;
  }
  BOOST_TEST(generator.next_word() == 2795742288u);
  BOOST_TEST(draws(7, 1, 3, false) == (std::vector<std::uint32_t>{0, 0, 0}),
             boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(block_generation_is_the_standard_mt19937_recurrence) {
  // std::mt19937(5489) starts from init_genrand(5489); start our kernels from
  // that same state and compare five blocks of output, with both kernels.
  for (bool portable : {false, true}) {
    std::mt19937 standard(5489u);
    std::vector<std::uint32_t> expected(624 * 5);
    for (auto& w : expected) w = standard();
    std::uint32_t state[624];
    state[0] = 5489u;
    for (std::uint32_t i = 1; i < 624; ++i) {
      state[i] = 1812433253u * (state[i - 1] ^ (state[i - 1] >> 30)) + i;
    }
    std::vector<std::uint32_t> got;
    for (int block = 0; block < 5; ++block) {
#if defined(GRK_SIGNIFICANCE_AVX2_KERNELS)
      if (!portable && grk::significance::kernels::avx2_available()) {
        grk::significance::kernels::regenerate_avx2(state);
      } else {
        grk::significance::kernels::regenerate_portable(state);
      }
#else
      grk::significance::kernels::regenerate_portable(state);
#endif
      for (std::uint32_t w : state) got.push_back(grk::significance::temper(w));
    }
    BOOST_TEST(got == expected, boost::test_tools::per_element());
  }
}

// The two threads' chunks continue the sequence in one array (w[i] from
// w[i - 624], w[i - 623], w[i - 227]): the same blocks as the in-place twist.
BOOST_AUTO_TEST_CASE(generating_blocks_in_one_array_gives_the_blocks_of_the_state) {
  for (bool portable : {false, true}) {
    MersenneTwister generator = MersenneTwister::from_python_seed(20261202);
    if (portable) generator.use_portable_kernel();
    std::vector<std::uint32_t> words(generator.raw_block(), generator.raw_block() + 624);
    words.resize(624 * 8);
    generator.generate(words.data(), 7);
    std::vector<std::uint32_t> expected;
    for (int block = 0; block < 7; ++block) {
      generator.next_block();
      expected.insert(expected.end(), generator.raw_block(), generator.raw_block() + 624);
    }
    BOOST_TEST(std::vector<std::uint32_t>(words.begin() + 624, words.end()) == expected,
               boost::test_tools::per_element());
  }
}

BOOST_AUTO_TEST_CASE(avx2_and_portable_kernels_give_the_same_draws) {
  for (std::int64_t seed : {std::int64_t{0}, std::int64_t{7}, std::int64_t{-123456789},
                            std::int64_t{1} << 33}) {
    for (std::uint32_t n : {1u, 2u, 3u, 5u, 300u, 1000u, 1024u, 1025u, 65537u, 2147483649u}) {
      BOOST_TEST(draws(seed, n, 5000, false) == draws(seed, n, 5000, true),
                 boost::test_tools::per_element());
    }
  }
}

BOOST_AUTO_TEST_CASE(fill_in_pieces_equals_fill_at_once) {
  const std::vector<std::uint32_t> whole = draws(11, 37, 4000, false);
  MersenneTwister generator = MersenneTwister::from_python_seed(11);
  IndexDraws stream(generator, 37);
  std::vector<std::uint32_t> pieces;
  for (std::size_t size : {1u, 600u, 700u, 13u, 624u, 2062u}) {
    std::vector<std::uint32_t> part(size);
    stream.fill(part.data(), size);
    pieces.insert(pieces.end(), part.begin(), part.end());
  }
  BOOST_TEST(pieces == whole, boost::test_tools::per_element());
}
