// Checkpoints under --output (docs/design.md §4.8): what is on disk after
// each step, with a clock the test controls so that a write can be made to
// cost what a large document costs on a slow disk.
#define BOOST_TEST_MODULE host_checkpoints
#include <boost/test/unit_test.hpp>

#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "run/checkpoints.hpp"

namespace fs = std::filesystem;
using grk::host::CheckpointBudget;
using grk::host::Checkpoints;

namespace {

struct Scene {
  fs::path dir = fs::temp_directory_path() / ("grk-checkpoints-" + std::to_string(::getpid()));
  fs::path target = dir / "results.json";
  double now = 0;            // seconds on the test's clock
  double write_cost = 0;     // what producing and writing a document costs
  std::string next = "{}";   // the document the next write produces
  Checkpoints checkpoints;

  explicit Scene(CheckpointBudget budget = {})
      : checkpoints(target, budget, [this] {
          return std::chrono::steady_clock::time_point(
              std::chrono::duration_cast<std::chrono::steady_clock::duration>(std::chrono::duration<double>(now)));
        }) {
    fs::remove_all(dir);
    fs::create_directories(dir);
  }
  ~Scene() { fs::remove_all(dir); }

  // The document callback: the clock moves by the write's cost while it runs.
  std::string produce() {
    now += write_cost;
    return next;
  }
  void write(const std::string& text) {
    next = text;
    BOOST_REQUIRE(checkpoints.write([this](const grk::json::TextSink& put) { put(produce()); }));
  }
  void step(double seconds, const std::string& text) {
    now += seconds;
    next = text;
    BOOST_REQUIRE(checkpoints.after_step([this](const grk::json::TextSink& put) { put(produce()); }));
  }
  std::string on_disk() const {
    std::ifstream in(target);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
  }
};

}  // namespace

BOOST_AUTO_TEST_CASE(cheap_writes_put_every_finished_step_on_disk) {
  Scene scene;
  scene.write_cost = 0.01;
  scene.write("pending");
  for (int i = 1; i <= 50; ++i) {
    scene.step(0.001, "step " + std::to_string(i));
    BOOST_TEST(scene.on_disk() == "step " + std::to_string(i));
  }
}

BOOST_AUTO_TEST_CASE(once_writes_pass_the_budget_a_quick_step_waits_for_the_next_write) {
  Scene scene(CheckpointBudget{2.0, 0.25});
  scene.write_cost = 1.0;
  scene.write("pending");                       // t 0..1, spent 1
  scene.step(0.1, "step 1");                    // allowed 2.275 >= 1 + 1: written, t 1.1..2.1
  BOOST_TEST(scene.on_disk() == "step 1");
  scene.step(0.1, "step 2");                    // allowed 2.55 < 2 + 1: not yet
  BOOST_TEST(scene.on_disk() == "step 1");
  scene.step(3.8, "step 3");                    // t 6.0: allowed 3.5 >= 3: written
  BOOST_TEST(scene.on_disk() == "step 3");
}

BOOST_AUTO_TEST_CASE(a_long_step_is_always_written_when_it_ends) {
  Scene scene(CheckpointBudget{0.0, 0.25});
  scene.write_cost = 1.0;
  scene.write("pending");
  scene.step(0.5, "quick");                     // 2 > 0.25 * 1.5: waits
  BOOST_TEST(scene.on_disk() == "pending");
  scene.step(10.0, "long");                     // 2 <= 0.25 * 11.5
  BOOST_TEST(scene.on_disk() == "long");
}

BOOST_AUTO_TEST_CASE(no_target_writes_nothing) {
  Checkpoints none{fs::path()};
  bool produced = false;
  const auto produce = [&](const grk::json::TextSink& put) {
    produced = true;
    put("{}");
  };
  BOOST_TEST(static_cast<bool>(none.write(produce)));
  BOOST_TEST(static_cast<bool>(none.after_step(produce)));
  BOOST_TEST(!produced);
}
