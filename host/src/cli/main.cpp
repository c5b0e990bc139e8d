// grk-eval: loads grk plugin modules and runs config-driven evals.
#include <string>
#include <vector>

#include "cli/verb.hpp"

int main(int argc, char** argv) {
  return grk::host::grk_eval(std::vector<std::string>(argv + 1, argv + argc));
}
