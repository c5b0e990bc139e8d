"""paired-bootstrap's in-memory inputs `scores_data` and `report_data`
(docs/behaviour/comparisons.md §2.4), and how grk_plugins finds a module
(GRK_PLUGIN_PATH, then the install prefix)."""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

from dropin_support import SOURCE, query, report, stage
import grk_plugins

SCORES = {"baseline": {"q1": 0.1, "q2": 0.9, "q3": 0.2}, "candidate": {"q3": 0.4, "q1": 0.3, "q2": 0.8}}
BASE = {"baseline": "a", "candidate": "b", "metric": "mrr", "resamples": 200, "seed": 11}


class InMemoryInputs(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.significance = grk_plugins.load(grk_plugins.find_module("significance"))

    def invoke(self, component="paired-bootstrap", **params):
        return self.significance.invoke(component, dict(BASE, **params))

    def refused(self, message, component="paired-bootstrap", **params):
        with self.assertRaises(grk_plugins.PluginError) as caught:
            self.invoke(component, **params)
        self.assertEqual((caught.exception.status_name, caught.exception.message), message)

    def test_scores_data_equals_the_scores_file(self):
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "scores.json")
            with open(path, "w", encoding="utf-8") as file:
                json.dump(SCORES, file)
            self.assertEqual(self.invoke(scores_data=SCORES), self.invoke(scores=path))
            # The other two-system comparisons share the inputs.
            common = {"baseline": "a", "candidate": "b", "metric": "mrr"}
            for component in ("paired-t", "wilcoxon", "randomization"):
                self.assertEqual(self.significance.invoke(component, dict(common, scores_data=SCORES)),
                                 self.significance.invoke(component, dict(common, scores=path)), component)

    def test_report_data_equals_the_report_file(self):
        model = report(stage("bm25", [query("q-1", score=0.2), query("q-2", score=0.4)], baseline=True),
                       stage("dense", [query("q-1", score=0.6), query("q-2", score=0.5)]))
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "report.json")
            with open(path, "w", encoding="utf-8") as file:
                file.write(model.model_dump_json(indent=2))
            params = {"baseline": "bm25", "candidate": "dense", "metric": "ndcg_at_10"}
            self.assertEqual(self.invoke(report_data=json.loads(model.model_dump_json()), **params),
                             self.invoke(report=path, **params))

    def test_the_content_is_checked_as_a_files(self):
        self.refused(("invalid-data", 'candidate["q1"]: must be a number, got "0.5"'),
                     scores_data={"baseline": {"q1": 0.5}, "candidate": {"q1": "0.5"}})
        self.refused(("invalid-data", "run: required key missing"), report_data={"stages": []})

    def test_the_systems_form(self):
        data = {"systems": {"x": SCORES["baseline"], "y": SCORES["candidate"]}}
        self.assertEqual(self.invoke(scores_data=data, baseline="x", candidate="y")["effect"],
                         self.invoke(scores_data=SCORES)["effect"])

    def test_exactly_one_input(self):
        old = "exactly one of 'report' and 'scores' must be given, got "
        self.refused(("invalid-argument", old + "neither"))
        self.refused(("invalid-argument", old + "both"), report="r.json", scores="s.json")
        new = "exactly one of 'report', 'scores', 'runs', 'report_data' and 'scores_data' must be given, got "
        self.refused(("invalid-argument", new + "'report_data' and 'scores_data'"), report_data={}, scores_data={})
        self.refused(("invalid-argument", new + "'scores' and 'scores_data'"), scores="s.json", scores_data={})
        self.refused(("invalid-argument", new + "'report', 'runs' and 'report_data'"), report="r.json",
                     runs={"a": "a.txt"}, report_data={})
        self.refused(("invalid-argument", "parameter 'scores_data': expected object, got string"), scores_data="s.json")


class ModuleDiscovery(unittest.TestCase):
    def search(self, path_value, package_dir):
        code = "import grk_plugins, json; print(json.dumps([grk_plugins.plugin_search_path(), grk_plugins.find_module('significance')]))"
        env = dict(os.environ, PYTHONPATH=package_dir)
        env.pop("GRK_PLUGIN_PATH", None)
        if path_value is not None:
            env["GRK_PLUGIN_PATH"] = path_value
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=False)
        return done.returncode, done.stdout, done.stderr

    def test_in_the_source_checkout_the_build_folder(self):
        code, out, err = self.search(None, os.path.join(SOURCE, "sdk", "python"))
        build = os.path.join(SOURCE, "build", "lib", "grk", "plugins")
        if os.path.isfile(os.path.join(build, "significance.so")):
            self.assertEqual((code, json.loads(out)), (0, [[build], os.path.join(build, "significance.so")]), err)
        else:
            self.assertIn("cannot use plugin module 'significance.so': not found in GRK_PLUGIN_PATH or " + build, err)

    def test_the_environment_then_the_install_prefix(self):
        built = grk_plugins.find_module("significance")
        with tempfile.TemporaryDirectory() as folder:
            folder = os.path.realpath(folder)
            prefix_plugins = os.path.join(folder, "prefix", "lib", "grk", "plugins")
            os.makedirs(prefix_plugins)
            shutil.copy(built, prefix_plugins)
            package = os.path.join(folder, "prefix", "share", "grk", "python")
            shutil.copytree(os.path.join(SOURCE, "sdk", "python", "grk_plugins"), os.path.join(package, "grk_plugins"))
            other = os.path.join(folder, "other")
            os.makedirs(other)
            shutil.copy(built, other)
            # The installed package alone finds its prefix's module.
            code, out, err = self.search(None, package)
            self.assertEqual((code, json.loads(out)), (0, [[prefix_plugins], os.path.join(prefix_plugins, "significance.so")]), err)
            # GRK_PLUGIN_PATH comes first; empty entries and missing folders are skipped.
            code, out, err = self.search("::" + os.path.join(folder, "missing") + ":" + other, package)
            self.assertEqual((code, json.loads(out)), (0, [[other, prefix_plugins], os.path.join(other, "significance.so")]), err)
            # Nothing found: LoadError, not-found.
            os.remove(os.path.join(prefix_plugins, "significance.so"))
            code, out, err = self.search(None, package)
            self.assertEqual(code, 1)
            self.assertIn("grk_plugins.LoadError: not-found: cannot use plugin module 'significance.so': not found in "
                          "GRK_PLUGIN_PATH or " + prefix_plugins, err)


if __name__ == "__main__":
    unittest.main(verbosity=2)
