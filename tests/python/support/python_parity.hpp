// tests/python/support/python_parity.hpp: compare a C++ function of a string
// with a Python expression over many inputs in one python3 run.
#ifndef GRK_TESTS_PYTHON_SUPPORT_PYTHON_PARITY_HPP
#define GRK_TESTS_PYTHON_SUPPORT_PYTHON_PARITY_HPP

#include "python_oracle.hpp"

#include <boost/test/unit_test.hpp>

#include <string>
#include <vector>

namespace grk::test {

/// `python_function` defines `def f(s)` returning a str; python calls it on
/// each input (decoded from UTF-8 with surrogatepass, or the raw bytes when
/// `as_bytes`) and the result must equal `ours(input)` byte for byte.
template <class Function>
void expect_python_parity(const std::vector<std::string>& inputs, const std::string& python_function, Function ours,
                          bool as_bytes = false) {
  const std::string script = "import sys\n" + python_function + "\n" +
                             "out = sys.stdout.buffer\n"
                             "for line in open(sys.argv[1]):\n"
                             "    raw = bytes.fromhex(line.strip())\n"
                             "    s = raw if " + (as_bytes ? "True" : "False") +
                             " else raw.decode('utf-8', 'surrogatepass')\n"
                             "    r = f(s)\n"
                             "    out.write(r.encode('utf-8', 'surrogatepass').hex().encode() + b'\\n')\n";
  std::string request;
  for (const std::string& input : inputs) request += to_hex(input) + "\n";
  const auto output = run_python(script, request);
  BOOST_TEST_REQUIRE(output.has_value());
  const std::vector<std::string> expected = output_lines(*output);
  BOOST_TEST_REQUIRE(expected.size() == inputs.size());
  std::size_t failures = 0;
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    const std::string actual = to_hex(ours(inputs[i]));
    if (actual != expected[i] && ++failures <= 10) {
      BOOST_ERROR("input " << to_hex(inputs[i]) << ": got " << actual << ", python " << expected[i]);
    }
  }
  BOOST_TEST(failures == 0u);
  BOOST_TEST_MESSAGE(inputs.size() << " inputs compared with python3");
}

}  // namespace grk::test

#endif
