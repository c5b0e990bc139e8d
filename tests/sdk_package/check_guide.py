"""Runs what sdk/README.md shows: its Python samples (each `print(...)  # text`
line must print `text`) and its quick-start commands, against the staging
prefix and the guide samples built from it.

Environment: GRK_STAGING, GRK_GUIDE_BUILD.
"""

import json
import os
import pathlib
import re
import subprocess
import sys
import unittest

STAGING = pathlib.Path(os.environ["GRK_STAGING"])
BUILD = pathlib.Path(os.environ["GRK_GUIDE_BUILD"])
HOST = str(STAGING / "bin/grk-eval")
PRINTED = re.compile(r"^\s*print\(.*\)\s+# (.*)$")


def sdk_version():
    header = (STAGING / "include/grk/version.h").read_text()
    return tuple(int(re.search(r"#define GRK_SDK_VERSION_%s (\d+)" % part, header).group(1))
                 for part in ("MAJOR", "MINOR", "PATCH"))


class GuideTest(unittest.TestCase):
    def test_python_samples_print_what_they_claim(self):
        samples = sorted((BUILD / "samples/python").glob("*.py"))
        self.assertTrue(samples)
        env = dict(os.environ, PYTHONPATH=str(STAGING / "share/grk/python"))
        for sample in samples:
            code = sample.read_text(encoding="utf-8")
            claimed = [m.group(1) for m in map(PRINTED.match, code.splitlines()) if m]
            self.assertTrue(claimed, sample)
            done = subprocess.run([sys.executable, str(sample)], cwd=BUILD, env=env, capture_output=True,
                                  check=False)
            self.assertEqual(done.returncode, 0, done.stderr.decode())
            self.assertEqual(done.stdout.decode("utf-8").splitlines(), claimed, sample.name)

    def test_the_sample_module_loads_in_the_installed_host(self):
        done = subprocess.run([HOST, "plugins", "--strict", "--plugin-dir", str(BUILD)], capture_output=True,
                              check=False)
        self.assertEqual(done.returncode, 0, done.stdout.decode() + done.stderr.decode())
        done = subprocess.run([HOST, "describe", "mean-score", "--plugin-dir", str(BUILD)], capture_output=True,
                              check=False)
        self.assertEqual(done.returncode, 0, done.stderr.decode())

    def test_the_quick_start_run(self):
        done = subprocess.run([HOST, "run", "--plugin-dir", str(BUILD), "--component", "mean-score",
                               "--set", 'scores={"q1": 0.5, "q2": 1.0}'], capture_output=True, check=False)
        self.assertEqual(done.returncode, 0, done.stderr.decode())
        self.assertEqual(json.loads(done.stdout)["steps"][0]["result"], {"mean": 0.75, "count": 2})
        self.assertIn("mean 0.75", done.stderr.decode())

    def test_the_c_module_runs_in_the_installed_host(self):
        done = subprocess.run([HOST, "run", "--plugin-dir", str(BUILD), "--component", "c-echo",
                               "--set", "label=caf\u00e9"], capture_output=True, check=False)
        self.assertEqual(done.returncode, 0, done.stderr.decode())
        self.assertEqual(json.loads(done.stdout)["steps"][0]["result"], {"label": "caf\u00e9"})
        done = subprocess.run([HOST, "plugins", "--json", "--plugin-dir", str(BUILD)], capture_output=True,
                              check=True)
        module = next(m for m in json.loads(done.stdout)["modules"] if m["file"].endswith("c_echo.so"))
        self.assertEqual((module["status"], module["name"], module["sdk_version"]),
                         ("ok", "c-echo", "%d.%d.%d" % sdk_version()))


if __name__ == "__main__":
    unittest.main(verbosity=2)
