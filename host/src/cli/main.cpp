// grk-eval: loads grk plugin modules and runs config-driven evals.
#include <string>
#include <vector>

#include "cli/input_heap.hpp"
#include "cli/verb.hpp"

int main(int argc, char** argv) {
  // First, before anything is printed: it may start this program again.
  grk::host::use_huge_pages_for_inputs(argv);
  return grk::host::grk_eval(std::vector<std::string>(argv + 1, argv + argc));
}
