"""The installed product, used the way a third party uses it: the layout of the
staging prefix, the installed host finding the installed plugins with no flag,
the out-of-tree example plugin (built against the staging prefix only) run by
the installed host, and the installed grk_plugins package agreeing with it.

Environment (set by CMakeLists.txt): GRK_SOURCE_DIR, GRK_STAGING,
GRK_EXAMPLE_BUILD, GRK_EXPECT_SIGNIFICANCE ("1" when the build has it).
"""

import filecmp
import json
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile
import unittest

SOURCE = pathlib.Path(os.environ["GRK_SOURCE_DIR"])
STAGING = pathlib.Path(os.environ["GRK_STAGING"])
EXAMPLE_BUILD = pathlib.Path(os.environ["GRK_EXAMPLE_BUILD"])
EXAMPLE_SOURCE = SOURCE / "sdk/examples/trec_adapter"
HOST = STAGING / "bin/grk-eval"
PLUGIN_DIR = STAGING / "lib/grk/plugins"
EXPECT_SIGNIFICANCE = os.environ.get("GRK_EXPECT_SIGNIFICANCE") == "1"

sys.path.insert(0, str(STAGING / "share/grk/python"))
import grk_plugins  # noqa: E402  (the installed copy)


def clean_env():
    env = dict(os.environ)
    env.pop("GRK_PLUGIN_PATH", None)
    return env


def run_host(*args, cwd=None):
    done = subprocess.run([str(HOST), *args], capture_output=True, env=clean_env(), cwd=cwd, check=False)
    return done.returncode, done.stdout.decode("utf-8"), done.stderr.decode("utf-8")


def files_under(root):
    return sorted(str(p.relative_to(root)) for p in root.rglob("*") if p.is_file())


class LayoutTest(unittest.TestCase):
    def test_every_sdk_header_is_installed(self):
        headers = [h for h in files_under(SOURCE / "sdk/include/grk") if h.endswith((".h", ".hpp"))]
        self.assertEqual(files_under(STAGING / "include/grk"), headers)
        for header in headers:
            self.assertTrue(filecmp.cmp(SOURCE / "sdk/include/grk" / header, STAGING / "include/grk" / header,
                                        shallow=False), header)

    def test_the_cmake_package_and_tools_are_installed(self):
        package = [p.parent for p in STAGING.rglob("grkConfig.cmake")]
        self.assertEqual(len(package), 1, package)
        self.assertEqual(files_under(package[0]),
                         ["grkConfig.cmake", "grkConfigVersion.cmake", "grkPlugin.cmake", "grkTargets.cmake",
                          "grk_plugin.map"])
        self.assertTrue(os.access(HOST, os.X_OK))
        self.assertEqual(files_under(STAGING / "share/grk/python/grk_plugins"),
                         [f for f in files_under(SOURCE / "sdk/python/grk_plugins") if f.endswith(".py")])
        self.assertEqual((STAGING / "share/doc/grk/plugin-guide.md").read_bytes(),
                         (SOURCE / "sdk/README.md").read_bytes())

    def test_the_example_is_installed_whole(self):
        installed = STAGING / "share/doc/grk/examples/trec_adapter"
        self.assertEqual(files_under(installed), files_under(EXAMPLE_SOURCE))
        for name in files_under(EXAMPLE_SOURCE):
            self.assertEqual((installed / name).read_bytes(), (EXAMPLE_SOURCE / name).read_bytes(), name)


class InstalledHostTest(unittest.TestCase):
    def test_it_finds_the_installed_plugins_with_no_flag(self):
        code, out, err = run_host("plugins", "--json", cwd=tempfile.gettempdir())
        self.assertEqual(code, 0, err)
        document = json.loads(out)
        self.assertEqual(document["search_path"], [{"path": str(PLUGIN_DIR), "origin": "default"}])
        installed = sorted(p.name for p in PLUGIN_DIR.glob("*.so"))
        self.assertEqual(sorted(os.path.basename(m["file"]) for m in document["modules"]), installed)
        # Only shipped, working modules are installed: no test fixtures.
        self.assertEqual([(m["file"], m["status"]) for m in document["modules"] if m["status"] != "ok"], [])
        if EXPECT_SIGNIFICANCE:
            self.assertIn("paired-bootstrap", [c["name"] for c in document["components"]])

    def test_it_runs_the_out_of_tree_example(self):
        with tempfile.TemporaryDirectory() as work:
            out = pathlib.Path(work, "dataset")
            data = EXAMPLE_SOURCE / "data"
            code, stdout, err = run_host(
                "run", "--plugin-dir", str(EXAMPLE_BUILD), "--component", "trec-to-groundkit",
                "--set", "qrels=%s" % (data / "qrels.txt"), "--set", "topics=%s" % (data / "topics.tsv"),
                "--set", "documents=%s" % (data / "documents.jsonl"), "--set", "output=%s" % out,
                "--set", "query_id_prefix=robust04-")
            self.assertEqual(code, 0, err)
            expected = EXAMPLE_SOURCE / "expected"
            self.assertEqual(files_under(out), files_under(expected))
            for name in files_under(expected):
                self.assertEqual((out / name).read_bytes(), (expected / name).read_bytes(), name)
            step = json.loads(stdout)["steps"][0]
            self.assertEqual(step["result"], {
                "output_dir": str(out), "corpus_dir": str(out / "corpus"),
                "judgments_path": str(out / "judgments.jsonl"), "document_count": 4, "query_count": 2,
                "relevance_pair_count": 4, "topics_without_relevant": 1})
            self.assertIn("trec-to-groundkit", err)
            self.assertIn("4 documents, 2 queries, 4 relevant pairs -> %s" % out, err)

    def test_the_example_module_exports_only_its_entry_symbol(self):
        # grk_add_plugin from the installed package applies the version script
        # and hidden visibility; plugin.hpp compiles Boost.JSON in.
        if shutil.which("nm") is None or shutil.which("readelf") is None:
            self.skipTest("binutils (nm, readelf) not installed")
        module = str(EXAMPLE_BUILD / "trec_adapter.so")
        symbols = subprocess.run(["nm", "-D", "--defined-only", module], capture_output=True, check=True,
                                 text=True).stdout.split()
        self.assertEqual(symbols[2::3], ["grk_plugin_v1"])
        dynamic = subprocess.run(["readelf", "-d", module], capture_output=True, check=True, text=True).stdout
        needed = [line.split("[")[1].rstrip("]") for line in dynamic.splitlines() if "(NEEDED)" in line]
        self.assertEqual([n for n in needed if "boost" in n], [])

    def test_python_runs_the_example_like_the_host(self):
        module = grk_plugins.load(EXAMPLE_BUILD / "trec_adapter.so")
        self.assertEqual((module.name, [c["name"] for c in module.components]),
                         ("trec-adapter", ["trec-to-groundkit"]))
        with tempfile.TemporaryDirectory() as work:
            data = EXAMPLE_SOURCE / "data"
            outcome = module.run("trec-to-groundkit", {
                "qrels": data / "qrels.txt", "topics": data / "topics.tsv",
                "documents": data / "documents.jsonl", "output": pathlib.Path(work, "d"),
                "query_id_prefix": "robust04-"}, log=lambda *_: None)
            self.assertEqual(pathlib.Path(work, "d/judgments.jsonl").read_bytes(),
                             (EXAMPLE_SOURCE / "expected/judgments.jsonl").read_bytes())
        self.assertEqual(outcome.summary, "4 documents, 2 queries, 4 relevant pairs -> %s/d" % work)


class InstalledSignificanceTest(unittest.TestCase):
    """groundkit's Python calling the shipped C++ paired-bootstrap in process."""

    def test_python_and_host_agree(self):
        plugin = PLUGIN_DIR / "significance.so"
        if not EXPECT_SIGNIFICANCE:
            self.skipTest("significance plugin not part of this build")
        module = grk_plugins.load(plugin)
        with tempfile.TemporaryDirectory() as work:
            scores = pathlib.Path(work, "scores.json")
            scores.write_text(json.dumps({"baseline": {"q%02d" % i: (i % 3) / 3 for i in range(10)},
                                          "candidate": {"q%02d" % i: ((i * 7) % 5) / 5 for i in range(10)}}))
            params = {"scores": str(scores), "baseline": "bm25", "candidate": "hybrid", "metric": "mrr",
                      "resamples": 2000, "seed": 123}
            ours = module.invoke("paired-bootstrap", params)
            code, out, err = run_host("run", "--component", "paired-bootstrap",
                                      *[a for k, v in params.items() for a in ("--set", "%s=%s" % (k, v))])
        self.assertEqual(code, 0, err)
        self.assertEqual(json.dumps(json.loads(out)["steps"][0]["result"]), json.dumps(ours))
        # docs/behaviour/paired-bootstrap.md §5's vector for CPython 3.11 (the pinned interpreter).
        self.assertEqual((ours["effect"], ours["confidence_interval_low"], ours["confidence_interval_high"],
                          ours["p_value_two_sided"]),
                         (0.10000000000000002, -0.15333333333333332, 0.31333333333333335, 0.4047976011994003))


if __name__ == "__main__":
    unittest.main(verbosity=2)
