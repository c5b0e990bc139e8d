"""The README's one-line swap (README.md, "groundkit's API, in process") works word
for word: its harness, run as the README says, prints what the README shows."""
import os
import re
import subprocess
import sys
import tempfile
import unittest

from dropin_support import SOURCE


class ReadmeHarness(unittest.TestCase):
    def test_the_harness_prints_what_the_readme_shows(self):
        with open(os.path.join(SOURCE, "README.md"), encoding="utf-8") as file:
            readme = file.read()
        harness = re.search(r"```python harness\n(.*?)```", readme, re.S).group(1)
        self.assertIn("\nfrom grk_plugins.groundkit import paired_bootstrap\n", harness)
        command, shown = re.search(r"```sh\n(PYTHONPATH=sdk/python GRK_PLUGIN_PATH=build/lib/grk/plugins "
                                   r"python3 harness.py)\n# (.*?)\n```", readme).groups()
        with tempfile.TemporaryDirectory() as folder:
            with open(os.path.join(folder, "harness.py"), "w", encoding="utf-8") as file:
                file.write(harness)
            # The command's two variables, pointing where the build put things.
            env = dict(os.environ, PYTHONPATH=os.environ["GRK_PYTHON_DIR"])
            done = subprocess.run([sys.executable, "harness.py"], cwd=folder, env=env, capture_output=True,
                                  text=True, check=False)
        self.assertEqual((done.returncode, done.stdout, done.stderr), (0, shown + "\n", ""), command)


if __name__ == "__main__":
    unittest.main(verbosity=2)
