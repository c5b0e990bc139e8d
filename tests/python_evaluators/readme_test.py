"""The pytrec_eval example of docs/behaviour/python-evaluators.md and the
README's compare example work word for word: each script, run as its page
says, prints what the page shows."""
import os
import re
import subprocess
import sys
import tempfile
import unittest

SOURCE = os.environ["GRK_SOURCE_DIR"]


class ReadmeExample(unittest.TestCase):
    def test_the_pytrec_eval_example_prints_what_its_page_shows(self):
        with open(os.path.join(SOURCE, "docs", "behaviour", "python-evaluators.md"), encoding="utf-8") as file:
            page = file.read()
        script = re.search(r"```python pytrec_eval\n(.*?)```", page, re.S).group(1)
        self.assertIn("\nfrom grk_plugins import pytrec_eval\n", script)
        shown = re.search(r"```sh\nPYTHONPATH=sdk/python GRK_PLUGIN_PATH=build/lib/grk/plugins "
                          r"python3 evaluate.py\n# (.*?)\n```", page).group(1)
        with tempfile.TemporaryDirectory() as folder:
            with open(os.path.join(folder, "evaluate.py"), "w", encoding="utf-8") as file:
                file.write(script)
            # The command's two variables come from the test's environment, pointing into this build.
            done = subprocess.run([sys.executable, "evaluate.py"], cwd=folder, capture_output=True, text=True,
                                  check=False)
        self.assertEqual((done.returncode, done.stdout, done.stderr), (0, shown + "\n", ""))

    def test_the_compare_example_prints_what_the_readme_shows(self):
        with open(os.path.join(SOURCE, "README.md"), encoding="utf-8") as file:
            readme = file.read()
        script = re.search(r"```python compare\n(.*?)```", readme, re.S).group(1)
        shown = re.search(r"```sh\nPYTHONPATH=sdk/python GRK_PLUGIN_PATH=build/lib/grk/plugins "
                          r"python3 compare.py\n```\n\n```\n(.*?)```", readme, re.S).group(1)
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "compare.py")
            with open(path, "w", encoding="utf-8") as file:
                file.write(script)
            # From the repository root, as the README runs it; the script stays out of the tree.
            done = subprocess.run([sys.executable, path], cwd=SOURCE, capture_output=True, text=True, check=False)
        self.assertEqual((done.returncode, done.stdout, done.stderr), (0, shown, ""))


if __name__ == "__main__":
    unittest.main(verbosity=2)
