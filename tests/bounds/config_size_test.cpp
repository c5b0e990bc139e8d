// A config of any size (docs/design.md §8.8): up to 16 MiB is read, a larger
// one, or an endless one, is refused after reading one block past the limit,
// with a message that says why; grk-eval then exits 1 (nothing ran).
#include "run/config.hpp"

#define BOOST_TEST_MODULE bounds_config_size
#include <boost/test/unit_test.hpp>

#include <string>

#include "grk_eval.hpp"
#include "hostile_files.hpp"

namespace {

constexpr std::size_t limit = std::size_t{16} << 20;
const std::string config = R"({"steps": [{"id": "a", "statistic": "s", "params": {}}]})";

std::string too_large(const std::string& file) {
  return file + ": the config file is larger than 16 MiB (16777216 bytes); a config names steps and their "
                "parameters, and data belongs in the files they name";
}

}  // namespace

BOOST_AUTO_TEST_CASE(the_limit_is_16_mib) { BOOST_TEST(grk::host::max_config_bytes == limit); }

BOOST_AUTO_TEST_CASE(a_config_of_exactly_the_limit_is_read) {
  grk_test::TempDir dir;
  const auto file = dir / "run.json";
  // JSON allows any whitespace after the value: the padding changes nothing.
  BOOST_TEST(grk_test::write_runs(file, {{config}, {" ", limit - config.size()}}) == limit);
  const auto loaded = grk::host::load_config(file);
  BOOST_TEST_REQUIRE(loaded.has_value());
  BOOST_TEST(loaded->steps.size() == 1u);
  BOOST_TEST(loaded->steps[0].id == "a");
}

BOOST_AUTO_TEST_CASE(one_byte_more_is_refused_with_the_limit_named) {
  grk_test::TempDir dir;
  const auto file = dir / "run.json";
  grk_test::write_runs(file, {{config}, {" ", limit - config.size() + 1}});
  const auto loaded = grk::host::load_config(file);
  BOOST_TEST_REQUIRE(!loaded.has_value());
  BOOST_TEST(loaded.error().code == grk::host::exit_usage);
  BOOST_TEST(loaded.error().message == too_large(file.string()));
}

BOOST_AUTO_TEST_CASE(an_endless_config_is_refused_without_reading_it_all) {
  const auto loaded = grk::host::load_config("/dev/zero");
  BOOST_TEST_REQUIRE(!loaded.has_value());
  BOOST_TEST(loaded.error().message == too_large("/dev/zero"));
}

BOOST_AUTO_TEST_CASE(grk_eval_run_refuses_it_before_anything_runs) {
  grk_test::TempDir dir;
  const auto file = dir / "run.json";
  grk_test::write_runs(file, {{config}, {"\n", limit}});
  const auto result = grk::test::grk_eval({"run", file.string()});
  BOOST_TEST(result.exit_code == 1);
  BOOST_TEST(result.out == "");
  BOOST_TEST(result.err == "grk-eval run: " + too_large(file.string()) + "\n");
}
