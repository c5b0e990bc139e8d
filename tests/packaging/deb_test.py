"""The Debian package, used as someone who installs it would (docs/install.md §1):
`cpack -G DEB` in the build folder makes grk-eval_<version>_<arch>.deb with the
declared dependencies; unpacked with `dpkg-deb -x` into a fresh root, its host
lists and runs the shipped plugins with no flag, an out-of-tree plugin builds
against its CMake package alone and runs in its host, and python3 imports its
grk_plugins through the site folder's path file and finds the plugins of the
package's prefix.

Environment (set by CMakeLists.txt): GRK_SOURCE_DIR, GRK_BINARY_DIR, GRK_VERSION,
GRK_CMAKE, GRK_GENERATOR, GRK_CXX, GRK_C.
"""

import json
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile
import unittest

SOURCE = pathlib.Path(os.environ["GRK_SOURCE_DIR"])
BUILD = pathlib.Path(os.environ["GRK_BINARY_DIR"])
VERSION = os.environ["GRK_VERSION"]
CMAKE = os.environ["GRK_CMAKE"]
CPACK = str(pathlib.Path(CMAKE).with_name("cpack"))


def run(*args, **kwargs):
    env = dict(os.environ)
    env.pop("GRK_PLUGIN_PATH", None)
    # What the test's own python3 may preload is for it alone, not for the
    # tools it runs.
    env.pop("LD_PRELOAD", None)
    env.update(kwargs.pop("env", {}))
    done = subprocess.run([str(a) for a in args], capture_output=True, env=env, check=False, **kwargs)
    return done.returncode, done.stdout.decode("utf-8"), done.stderr.decode("utf-8")


class DebianPackageTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.work = pathlib.Path(tempfile.mkdtemp(prefix="grk-deb-test-"))
        code, out, err = run(CPACK, "--config", BUILD / "CPackConfig.cmake", "-G", "DEB", "-B", cls.work / "out")
        if code != 0:
            raise AssertionError("cpack failed (%d):\n%s\n%s" % (code, out, err))
        arch = subprocess.run(["dpkg", "--print-architecture"], capture_output=True, text=True,
                              check=True).stdout.strip()
        cls.deb = cls.work / "out" / ("grk-eval_%s_%s.deb" % (VERSION, arch))
        cls.arch = arch
        cls.root = cls.work / "root"
        subprocess.run(["dpkg-deb", "-x", str(cls.deb), str(cls.root)], check=True)
        cls.prefix = cls.root / "usr"

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.work, ignore_errors=True)

    def field(self, name):
        return subprocess.run(["dpkg-deb", "-f", str(self.deb), name], capture_output=True, text=True,
                              check=True).stdout.strip()

    def test_the_control_fields(self):
        self.assertEqual(self.field("Package"), "grk-eval")
        self.assertEqual(self.field("Version"), VERSION)
        self.assertEqual(self.field("Architecture"), self.arch)
        depends = [d.strip().split(" ")[0] for d in self.field("Depends").split(",")]
        for needed in ("libboost-json1.81.0", "libboost-program-options1.81.0", "libstdc++6", "libc6"):
            self.assertIn(needed, depends)

    def test_every_shared_library_the_host_needs_is_a_dependency_or_the_base_system(self):
        code, out, err = run("ldd", self.prefix / "bin/grk-eval")
        self.assertEqual(code, 0, err)
        boost = sorted(line.split()[0] for line in out.splitlines() if "libboost" in line)
        self.assertEqual(boost, ["libboost_json.so.1.81.0", "libboost_program_options.so.1.81.0"])
        for plugin in (self.prefix / "lib/grk/plugins").glob("*.so"):
            code, out, err = run("ldd", plugin)
            self.assertNotIn("libboost", out, plugin.name)

    def test_the_package_carries_every_sdk_header(self):
        # The optional parts too: grk/eval/ is what a third-party statistic includes.
        include = SOURCE / "sdk/include"
        headers = sorted(str(p.relative_to(include)) for p in (include / "grk").rglob("*") if p.suffix in (".h", ".hpp"))
        packaged = sorted(str(p.relative_to(self.prefix / "include"))
                          for p in (self.prefix / "include/grk").rglob("*") if p.is_file())
        self.assertEqual(packaged, headers)
        self.assertIn("grk/eval/p_value_adjustment.hpp", packaged)

    def test_the_host_lists_the_shipped_plugins_with_no_flag(self):
        code, out, err = run(self.prefix / "bin/grk-eval", "plugins", "--json")
        self.assertEqual(code, 0, err)
        modules = {m["name"]: m for m in json.loads(out)["modules"]}
        for name in ("significance", "beir"):
            self.assertIn(name, modules)
            self.assertEqual(modules[name]["status"], "ok")
            self.assertEqual(pathlib.Path(modules[name]["file"]).parent, self.prefix / "lib/grk/plugins")
        code, out, err = run(self.prefix / "bin/grk-eval", "describe", "paired-bootstrap")
        self.assertEqual(code, 0, err)
        self.assertIn("resamples", out)

    def test_an_out_of_tree_plugin_builds_against_the_package_and_runs_in_its_host(self):
        example = self.work / "example-build"
        code, out, err = run(CMAKE, "-DSOURCE=%s" % (SOURCE / "sdk/examples/trec_adapter"),
                             "-DBINARY=%s" % example, "-DSTAGING=%s" % self.prefix,
                             "-DGENERATOR=%s" % os.environ["GRK_GENERATOR"], "-DCXX=%s" % os.environ["GRK_CXX"],
                             "-DC=%s" % os.environ["GRK_C"],
                             "-P", SOURCE / "tests/sdk_package/build_consumer.cmake")
        self.assertEqual(code, 0, out + err)
        data = SOURCE / "sdk/examples/trec_adapter/data"
        dataset = self.work / "dataset"
        code, out, err = run(self.prefix / "bin/grk-eval", "run", "--plugin-dir", example,
                             "--component", "trec-to-groundkit", "--set", "qrels=%s" % (data / "qrels.txt"),
                             "--set", "topics=%s" % (data / "topics.tsv"),
                             "--set", "documents=%s" % (data / "documents.jsonl"), "--set", "output=%s" % dataset,
                             "--set", "query_id_prefix=robust04-")
        self.assertEqual(code, 0, err)
        expected = SOURCE / "sdk/examples/trec_adapter/expected/judgments.jsonl"
        self.assertEqual((dataset / "judgments.jsonl").read_bytes(), expected.read_bytes())

    def test_python3_imports_grk_plugins_through_the_site_folder(self):
        site_dir = self.prefix / "lib/python3/dist-packages"
        script = (
            "import site, sys, json\n"
            "site.addsitedir(sys.argv[1])\n"
            "import grk_plugins\n"
            "module = grk_plugins.load(grk_plugins.find_module('significance'))\n"
            "print(json.dumps({'file': grk_plugins.__file__, 'path': grk_plugins.plugin_search_path(),\n"
            "                  'components': sorted(c['name'] for c in module.components)}))\n")
        preload = {"LD_PRELOAD": os.environ["LD_PRELOAD"]} if "LD_PRELOAD" in os.environ else {}
        code, out, err = run(sys.executable, "-c", script, site_dir, cwd=self.work, env=preload)
        self.assertEqual(code, 0, err)
        seen = json.loads(out)
        self.assertEqual(pathlib.Path(seen["file"]), self.prefix / "share/grk/python/grk_plugins/__init__.py")
        self.assertEqual(pathlib.Path(seen["path"][-1]), self.prefix / "lib/grk/plugins")
        self.assertIn("paired-bootstrap", seen["components"])

    def test_python3_scores_dicts_with_the_package_s_pytrec_eval(self):
        site_dir = self.prefix / "lib/python3/dist-packages"
        script = (
            "import site, sys\n"
            "site.addsitedir(sys.argv[1])\n"
            "from grk_plugins import pytrec_eval, _evaluator\n"
            "print(_evaluator.load().__file__)\n"
            "print(pytrec_eval.RelevanceEvaluator({'q': {'a': 1, 'b': 0}}, {'P.2', 'map'})"
            ".evaluate({'q': {'a': 1.0, 'b': 2.0}}))\n")
        preload = {"LD_PRELOAD": os.environ["LD_PRELOAD"]} if "LD_PRELOAD" in os.environ else {}
        code, out, err = run(sys.executable, "-c", script, site_dir, cwd=self.work, env=preload)
        self.assertEqual(code, 0, err)
        lines = out.splitlines()
        self.assertEqual(pathlib.Path(lines[0]).parent, self.prefix / "lib/grk/python")
        self.assertEqual(lines[1], "{'q': {'map': 0.5, 'P_2': 0.5}}")

    def test_python3_compares_runs_with_the_package_s_grk_eval(self):
        site_dir = self.prefix / "lib/python3/dist-packages"
        script = (
            "import site, sys\n"
            "site.addsitedir(sys.argv[1])\n"
            "import grk_plugins\n"
            "from grk_plugins import _host\n"
            "print(_host.executable_candidates()[-1])\n"
            "table = grk_plugins.compare({'q': {'a': 1, 'b': 0}}, {'x': {'q': {'a': 1.0, 'b': 2.0}},\n"
            "                            'y': {'q': {'a': 2.0, 'b': 1.0}}}, ['P@1'], test=None)\n"
            "sys.stdout.write(str(table))\n")
        preload = {"LD_PRELOAD": os.environ["LD_PRELOAD"]} if "LD_PRELOAD" in os.environ else {}
        code, out, err = run(sys.executable, "-c", script, site_dir, cwd=self.work, env=preload)
        self.assertEqual(code, 0, err)
        lines = out.splitlines()
        self.assertEqual(pathlib.Path(lines[0]), self.prefix / "bin/grk-eval")
        self.assertEqual(lines[1:4], ["system     P@1", "x       0.0000", "y       1.0000*"])


if __name__ == "__main__":
    unittest.main(verbosity=2)
