"""grk_plugins (sdk/python/grk_plugins/): loading grk plugin modules from Python through the C ABI.

Environment (set by CMakeLists.txt): GRK_PYTHON_DIR (sdk/python), GRK_EVAL,
GRK_FIXTURE_PLUGIN, GRK_ABI_LAYOUT_PROBE, GRK_SOURCE_DIR, GRK_BINARY_DIR (its
tests/fixtures/ holds the host's fixture modules), and GRK_SIGNIFICANCE_PLUGIN
(empty when the significance plugin is not built).

Results are compared with grk-eval's for the same inputs, and with values
computed here by Python itself, never with numbers copied from a run.
"""

import ctypes
import ctypes.util
import json
import math
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import unittest

sys.path.insert(0, os.environ["GRK_PYTHON_DIR"])
import grk_plugins  # noqa: E402

FIXTURE = os.environ["GRK_FIXTURE_PLUGIN"]
GRK_EVAL = os.environ["GRK_EVAL"]


def host_run(plugin, component, sets, cwd=None):
    """Runs one component through grk-eval; returns (exit code, results document, stderr)."""
    command = [GRK_EVAL, "run", "--plugin-dir", os.path.dirname(plugin), "--component", component]
    for key, value in sets.items():
        text = value if isinstance(value, str) else json.dumps(value)
        command += ["--set", "%s=%s" % (key, text)]
    done = subprocess.run(command, capture_output=True, cwd=cwd, check=False)
    document = json.loads(done.stdout.decode("utf-8")) if done.stdout.strip() else None
    return done.returncode, document, done.stderr.decode("utf-8")


def left_to_right_sum(values):
    """Plain double addition in order: CPython 3.11's sum(), which the
    plugins reproduce (docs/behaviour/paired-bootstrap.md §5); 3.12's sum() compensates."""
    total = 0
    for value in values:
        total = total + value
    return total


def same_json(a, b):
    """Equal as JSON, with floats compared bit for bit (-0.0 is not 0.0)."""
    return json.dumps(a, sort_keys=False) == json.dumps(b, sort_keys=False)


class LayoutTest(unittest.TestCase):
    def test_ctypes_structs_match_the_c_compilers_layout(self):
        probe = json.loads(subprocess.run([os.environ["GRK_ABI_LAYOUT_PROBE"]], capture_output=True,
                                          check=True).stdout)
        mirrors = {"grk_host_api": grk_plugins.HostApi, "grk_component": grk_plugins.ComponentStruct,
                   "grk_module": grk_plugins.ModuleStruct}
        for c_name, struct in mirrors.items():
            ours = {"size": ctypes.sizeof(struct)}
            ours.update({name: getattr(struct, name).offset for name, _ in struct._fields_})
            self.assertEqual(ours, probe[c_name], c_name)

    def test_loader_versions_are_the_sdks(self):
        header = pathlib.Path(os.environ["GRK_SOURCE_DIR"], "sdk/include/grk/version.h").read_text()
        version = tuple(int(re.search(r"#define GRK_SDK_VERSION_%s (\d+)" % part, header).group(1))
                        for part in ("MAJOR", "MINOR", "PATCH"))
        self.assertEqual(grk_plugins.SDK_VERSION, version)
        abi = pathlib.Path(os.environ["GRK_SOURCE_DIR"], "sdk/include/grk/abi.h").read_text()
        self.assertEqual(grk_plugins.ABI_VERSION,
                         int(re.search(r"#define GRK_ABI_VERSION (\d+)", abi).group(1)))


class FixtureModuleTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.module = grk_plugins.load(FIXTURE)

    def test_module_metadata(self):
        self.assertEqual(self.module.name, "python-binding-fixture")
        self.assertEqual(self.module.version, "0.1.0")
        self.assertEqual(self.module.sdk_version, "%d.%d.%d" % grk_plugins.SDK_VERSION)
        self.assertEqual([c["name"] for c in self.module.components],
                         ["score-mean", "echo", "fail", "read-text", "write-text"])

    def test_components_carry_kind_description_and_declared_params(self):
        self.assertEqual(self.module.component("score-mean"), {
            "name": "score-mean", "kind": "statistic",
            "description": "mean, min and max of {id: number}",
            "params": [{"name": "scores", "type": "object", "required": True,
                        "description": "{id: number}, at least one"}]})
        fail = self.module.component("fail")
        self.assertEqual(fail["params"], [
            {"name": "status", "type": "integer", "required": False, "default": 2,
             "description": "the grk_status to fail with"},
            {"name": "message", "type": "string", "required": False, "default": "failed on purpose",
             "description": "the message"},
            {"name": "std_exception", "type": "boolean", "required": False, "default": False,
             "description": "throw std::runtime_error instead"},
            {"name": "hint", "type": "string", "required": False, "default": "",
             "description": "the hint, if not empty"}])
        self.assertEqual(self.module.component("write-text")["kind"], "dataset-adapter")

    def test_mean_is_pythons_and_the_hosts(self):
        scores = {"q1": 0.1, "q2": 0.2, "q3": 0.7000000000000001, "q4": 1e-17, "q5": 2.5}
        result = self.module.invoke("score-mean", {"scores": scores})
        values = list(scores.values())
        mean = left_to_right_sum(values) / len(values)
        self.assertEqual(result, {"count": 5, "mean": mean, "min": min(values), "max": max(values)})
        self.assertEqual(result["mean"].hex(), mean.hex())
        code, document, err = host_run(FIXTURE, "score-mean", {"scores": scores})
        self.assertEqual(code, 0, err)
        self.assertTrue(same_json(document["steps"][0]["result"], result))

    def test_floats_and_integers_round_trip_exactly(self):
        payload = {"tenth": 0.1, "subnormal": 1e-310, "smallest": 5e-324,
                   "largest": 1.7976931348623157e308, "negative_zero": -0.0,
                   "third": 1 / 3, "int_max": 2 ** 63 - 1, "int_min": -2 ** 63,
                   "uint_max": 2 ** 64 - 1, "text": "caf\u00e9 \U0001f600 \u2028 \"q\"\\",
                   "lone_surrogate": "\ud800x", "controls": "\x00\x1f\x7f",
                   "nested": [1, [2.5, None, True, False], {"k": []}]}
        result = self.module.invoke("echo", {"payload": payload})
        self.assertTrue(same_json(result, {"payload": payload}), result)
        self.assertEqual(math.copysign(1.0, result["payload"]["negative_zero"]), -1.0)

    def test_summary_and_progress_reach_the_caller(self):
        progress = []
        outcome = self.module.run("score-mean", {"scores": {"a": 1, "b": 2}},
                                  progress=lambda *call: progress.append(call))
        self.assertEqual(outcome.result, {"count": 2, "mean": 1.5, "min": 1.0, "max": 2.0})
        self.assertEqual(outcome.summary, "mean 1.5 over 2 scores")
        self.assertEqual(progress, [("scores", 2, 2, 0)])

    def test_component_errors_raise_plugin_error_with_status_and_message(self):
        with self.assertRaises(grk_plugins.PluginError) as caught:
            self.module.invoke("fail", {"status": 2, "message": "row 3 is bad"})
        self.assertEqual((caught.exception.status, caught.exception.status_name, caught.exception.message),
                         (2, "invalid-data", "row 3 is bad"))
        self.assertEqual(str(caught.exception), "invalid-data: row 3 is bad")

        with self.assertRaises(grk_plugins.PluginError) as caught:
            self.module.invoke("fail", {"std_exception": True, "message": "boom"})
        self.assertEqual((caught.exception.status, caught.exception.message),
                         (7, "unexpected exception: boom"))

        # Hosts treat a status outside the known set as internal (abi.h).
        with self.assertRaises(grk_plugins.PluginError) as caught:
            self.module.invoke("fail", {"status": 42, "message": "odd"})
        self.assertEqual((caught.exception.status, caught.exception.message), (7, "odd (status 42)"))

    def test_a_hint_travels_beside_the_exact_message(self):
        with self.assertRaises(grk_plugins.PluginError) as caught:
            self.module.invoke("fail", {"message": "row 3 is bad", "hint": "rows.tsv line 3: drop it"})
        self.assertEqual((caught.exception.message, caught.exception.hint),
                         ("row 3 is bad", "rows.tsv line 3: drop it"))
        self.assertEqual(str(caught.exception), "invalid-data: row 3 is bad")
        with self.assertRaises(grk_plugins.PluginError) as caught:
            self.module.invoke("fail", {"message": "row 3 is bad"})
        self.assertEqual(caught.exception.hint, "")

    def test_a_host_table_of_sdk_1_0_gets_no_hint_and_no_crash(self):
        # An SDK 1.0 host's table ends before set_hint (abi.h): the plugin
        # must check the size and not call past it.
        original = grk_plugins._Call.__init__

        def short_table(call, *args):
            original(call, *args)
            call.table.struct_size = grk_plugins.HostApi.set_hint.offset
            call.table.set_hint = grk_plugins._SetHint()
        grk_plugins._Call.__init__ = short_table
        try:
            with self.assertRaises(grk_plugins.PluginError) as caught:
                self.module.invoke("fail", {"message": "row 3 is bad", "hint": "rows.tsv line 3"})
        finally:
            grk_plugins._Call.__init__ = original
        self.assertEqual((caught.exception.status, caught.exception.message, caught.exception.hint),
                         (2, "row 3 is bad", ""))

    def test_errors_are_the_hosts(self):
        for params in ({"status": 3, "message": "no such run"}, {"status": 5, "message": "disk full"},
                       {"status": 2, "message": "row 3", "hint": "rows.tsv line 3: drop it"}):
            with self.assertRaises(grk_plugins.PluginError) as caught:
                self.module.invoke("fail", params)
            code, document, err = host_run(FIXTURE, "fail", params)
            self.assertEqual(code, 3, err)
            expected = {"status": caught.exception.status_name, "message": caught.exception.message}
            if caught.exception.hint:
                expected["hint"] = caught.exception.hint
            self.assertEqual(document["steps"][0]["error"], expected)

    def test_parameters_are_checked_by_the_plugin(self):
        cases = [({"scores": {}, "bogus": 1}, "parameter 'bogus': unknown parameter; expected one of: scores"),
                 ({}, "parameter 'scores': missing required parameter"),
                 ({"scores": "a"}, "parameter 'scores': expected object, got string")]
        for params, message in cases:
            with self.assertRaises(grk_plugins.PluginError) as caught:
                self.module.invoke("score-mean", params)
            self.assertEqual((caught.exception.status, caught.exception.message), (1, message))

    def test_unknown_component(self):
        with self.assertRaises(grk_plugins.PluginError) as caught:
            self.module.invoke("nope", {})
        self.assertEqual(caught.exception.message,
                         "module 'python-binding-fixture' has no component 'nope'; "
                         "it has: score-mean, echo, fail, read-text, write-text")

    def test_relative_paths_are_the_callers_working_folder(self):
        with tempfile.TemporaryDirectory() as folder:
            pathlib.Path(folder, "in.txt").write_bytes("h\u00e9llo\n".encode("utf-8"))
            before = os.getcwd()
            os.chdir(folder)
            try:
                result = self.module.invoke("read-text", {"file": "in.txt"})
                with self.assertRaises(grk_plugins.PluginError) as caught:
                    self.module.invoke("read-text", {"file": "missing.txt"})
            finally:
                os.chdir(before)
            self.assertEqual(result, {"path": "in.txt", "text": "h\u00e9llo\n"})
            self.assertEqual((caught.exception.status_name, caught.exception.message),
                             ("not-found", "cannot open 'missing.txt'"))
            # pathlib paths are accepted as they are.
            absolute = pathlib.Path(folder, "in.txt")
            self.assertEqual(self.module.invoke("read-text", {"file": absolute})["path"], str(absolute))

    def test_adapter_logs_progress_and_writes(self):
        with tempfile.TemporaryDirectory() as folder:
            target = pathlib.Path(folder, "out.txt")
            self.assertFalse(target.exists())
            logs, progress = [], []
            outcome = self.module.run("write-text", {"output": str(target), "text": "abcde"},
                                      log=lambda level, message: logs.append((level, message)),
                                      progress=lambda *call: progress.append(call))
            self.assertEqual(target.read_bytes(), b"abcde")
        self.assertEqual(outcome.result, {"output": str(target), "bytes": 5})
        self.assertEqual(outcome.summary, "wrote 5 bytes")
        # Quiet by default, as grk-eval without --verbose: no debug lines.
        self.assertEqual(logs, [("info", "info line"), ("warning", "warning line")])
        # The outcome keeps every line.
        self.assertEqual(outcome.logs, [("debug", "debug line"), ("info", "info line"),
                                        ("warning", "warning line")])
        self.assertEqual(progress, [("write", 1, 3, 5), ("write", 2, 3, 10), ("write", 3, 3, 15)])

    def test_verbose_passes_debug_lines_on(self):
        with tempfile.TemporaryDirectory() as folder:
            logs = []
            self.module.run("write-text", {"output": os.path.join(folder, "x"), "text": ""}, verbose=True,
                            log=lambda level, message: logs.append((level, message)))
        self.assertEqual(logs, [("debug", "debug line"), ("info", "info line"), ("warning", "warning line")])

    def test_logs_go_to_the_logging_module_by_default(self):
        with tempfile.TemporaryDirectory() as folder:
            with self.assertLogs("grk_plugins", level="DEBUG") as captured:
                self.module.invoke("write-text", {"output": os.path.join(folder, "x"), "text": ""})
            with self.assertLogs("grk_plugins", level="DEBUG") as verbose:
                self.module.invoke("write-text", {"output": os.path.join(folder, "y"), "text": ""},
                                   verbose=True)
        self.assertEqual(captured.output, ["INFO:grk_plugins:info line", "WARNING:grk_plugins:warning line"])
        self.assertEqual(verbose.output, ["DEBUG:grk_plugins:debug line", "INFO:grk_plugins:info line",
                                          "WARNING:grk_plugins:warning line"])

    def test_an_exception_in_a_callback_is_raised_after_the_call(self):
        def broken(*_):
            raise ValueError("progress display broke")
        with self.assertRaises(ValueError):
            self.module.run("score-mean", {"scores": {"a": 1}}, progress=broken)
        # The module is still usable afterwards.
        self.assertEqual(self.module.invoke("score-mean", {"scores": {"a": 4}})["mean"], 4.0)


    def test_concurrent_calls_from_threads(self):
        # One object per call and no shared state (SDK contract): calls from
        # several Python threads do not interfere.
        results = {}

        def call(n):
            scores = {"q%d" % i: float(n * 100 + i) for i in range(50)}
            for _ in range(20):
                got = self.module.invoke("score-mean", {"scores": scores})
                if got["mean"] != left_to_right_sum(scores.values()) / 50:
                    results[n] = got
                    return
            results[n] = "ok"

        threads = [threading.Thread(target=call, args=(n,)) for n in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        self.assertEqual(results, {0: "ok", 1: "ok", 2: "ok", 3: "ok"})


class CommandTest(unittest.TestCase):
    """python3 -m grk_plugins MODULE [COMPONENT [PARAMS_JSON]], and the same
    with the package folder as the script."""

    def command(self, *args):
        done = subprocess.run([sys.executable, os.path.join(os.environ["GRK_PYTHON_DIR"], "grk_plugins"),
                               *args], capture_output=True, check=False)
        return done.returncode, done.stdout.decode("utf-8"), done.stderr.decode("utf-8")

    def test_runs_as_a_module_too(self):
        done = subprocess.run([sys.executable, "-m", "grk_plugins", FIXTURE, "score-mean", '{"scores": {"a": 2}}'],
                              capture_output=True, check=False,
                              env=dict(os.environ, PYTHONPATH=os.environ["GRK_PYTHON_DIR"]))
        self.assertEqual((done.returncode, json.loads(done.stdout)), (0, {"count": 1, "mean": 2.0, "min": 2.0, "max": 2.0}))

    def test_usage(self):
        self.assertEqual(self.command(), (1, "", "usage: python3 -m grk_plugins [-v|--verbose] MODULE.so "
                                             "[COMPONENT [PARAMS_JSON]]\n"))

    def test_lists_components(self):
        code, out, err = self.command(FIXTURE)
        self.assertEqual(code, 0, err)
        document = json.loads(out)
        self.assertEqual((document["name"], document["components"]),
                         ("python-binding-fixture", grk_plugins.load(FIXTURE).components))

    def test_runs_a_component(self):
        code, out, err = self.command(FIXTURE, "score-mean", '{"scores": {"a": 1, "b": 4}}')
        self.assertEqual((code, json.loads(out), err),
                         (0, {"count": 2, "mean": 2.5, "min": 1.0, "max": 4.0}, "mean 2.5 over 2 scores\n"))

    def test_debug_lines_only_with_verbose(self):
        with tempfile.TemporaryDirectory() as folder:
            params = json.dumps({"output": os.path.join(folder, "x"), "text": ""})
            quiet = self.command(FIXTURE, "write-text", params)
            os.remove(os.path.join(folder, "x"))
            verbose = self.command("-v", FIXTURE, "write-text", params)
        lines = "[write-text] info: info line\n[write-text] warning: warning line\nwrote 0 bytes\n"
        self.assertEqual((quiet[0], quiet[2]), (0, lines))
        self.assertEqual((verbose[0], verbose[2]), (0, "[write-text] debug: debug line\n" + lines))

    def test_failures_use_the_hosts_exit_codes(self):
        self.assertEqual(self.command(FIXTURE, "fail", '{"message": "no"}'), (3, "", "invalid-data: no\n"))
        code, out, err = self.command("missing.so")
        self.assertEqual((code, out, err),
                         (2, "", "not-found: cannot use plugin module 'missing.so': no such file\n"))


class LoadRefusalTest(unittest.TestCase):
    def test_missing_file(self):
        with self.assertRaises(grk_plugins.LoadError) as caught:
            grk_plugins.load("no/such/module.so")
        self.assertEqual((caught.exception.status_name, caught.exception.message),
                         ("not-found", "cannot use plugin module 'no/such/module.so': no such file"))

    def test_a_library_without_the_entry_symbol(self):
        libm = ctypes.util.find_library("m")
        # find_library gives a soname; the loader wants a file.
        candidates = [os.path.join(d, libm) for d in ("/lib/x86_64-linux-gnu", "/usr/lib/x86_64-linux-gnu",
                                                      "/lib64", "/usr/lib64", "/lib", "/usr/lib")]
        existing = [c for c in candidates if os.path.isfile(c)]
        if not existing:
            self.skipTest("no libm file found to load")
        with self.assertRaises(grk_plugins.LoadError) as caught:
            grk_plugins.load(existing[0])
        self.assertEqual(caught.exception.reason,
                         "not a grk plugin: it exports no grk_plugin_vN entry symbol")

    def test_a_file_that_is_not_a_library(self):
        with tempfile.NamedTemporaryFile(suffix=".so") as junk:
            junk.write(b"not an ELF file")
            junk.flush()
            with self.assertRaises(grk_plugins.LoadError) as caught:
                grk_plugins.load(junk.name)
        self.assertEqual(caught.exception.reason, "not a grk plugin: not an ELF shared object")


def host_listing(folder):
    """{file: (status, reason or None)} of `grk-eval plugins --json` for one folder."""
    done = subprocess.run([GRK_EVAL, "plugins", "--json", "--no-default-plugins", "--plugin-dir", folder],
                          capture_output=True, check=True)
    return {m["file"]: (m["status"], m.get("reason")) for m in json.loads(done.stdout)["modules"]}


class HostWordingTest(unittest.TestCase):
    """The loader refuses exactly the files grk-eval refuses, with grk-eval's
    reason for each (the guide promises the same rules)."""

    fixtures = pathlib.Path(os.environ["GRK_BINARY_DIR"], "tests/fixtures")

    def assert_same_verdicts(self, folder):
        listing = host_listing(str(folder))
        self.assertTrue(listing, folder)
        for path, (status, reason) in listing.items():
            with self.subTest(file=path):
                if status in ("ok", "duplicate-component"):
                    # A duplicate is usable alone; the clash is between files.
                    self.assertTrue(grk_plugins.load(path).components)
                    continue
                with self.assertRaises(grk_plugins.LoadError) as caught:
                    grk_plugins.load(path)
                self.assertEqual(caught.exception.reason, reason)
                self.assertEqual(caught.exception.message,
                                 "cannot use plugin module '%s': %s" % (path, reason))

    def test_the_hosts_fixture_modules(self):
        # Not "aborting": its static initialiser would abort this process.
        for fixture_set in ("broken", "good", "throwing", "duplicate"):
            self.assert_same_verdicts(self.fixtures / fixture_set)

    def test_files_that_are_not_modules(self):
        libm = ctypes.util.find_library("m")
        with tempfile.TemporaryDirectory() as folder:
            pathlib.Path(folder, "empty.so").write_bytes(b"")
            pathlib.Path(folder, "text.so").write_bytes(b"#!/bin/sh\necho hello\n")
            # An ELF header whose section table lies past the end of the file.
            good = (self.fixtures / "good" / "fixture_good_statistic.so").read_bytes()
            pathlib.Path(folder, "truncated.so").write_bytes(good[:200])
            for directory in ("/lib/x86_64-linux-gnu", "/usr/lib/x86_64-linux-gnu", "/lib64", "/usr/lib64"):
                if libm and os.path.isfile(os.path.join(directory, libm)):
                    shutil.copy(os.path.join(directory, libm), os.path.join(folder, "libm.so"))
                    break
            self.assert_same_verdicts(folder)

    def test_a_module_of_another_abi_is_never_loaded(self):
        # Told from its symbol table alone, as grk-eval does: its static
        # initialiser (which notes every load) never runs in this process.
        with tempfile.TemporaryDirectory() as folder:
            log = pathlib.Path(folder, "loads.txt")
            # A copy: a file this process has not loaded yet, whose load the
            # log must show.
            good = shutil.copy(self.fixtures / "good" / "fixture_good_statistic.so", folder)
            os.environ["GRK_FIXTURE_LOAD_LOG"] = str(log)
            try:
                for abi in (0, 2):
                    with self.assertRaises(grk_plugins.LoadError):
                        grk_plugins.load(self.fixtures / "broken" / ("fixture_wrong_abi_v%d.so" % abi))
                grk_plugins.load(good)
            finally:
                del os.environ["GRK_FIXTURE_LOAD_LOG"]
            loads = log.read_text().split()
        self.assertEqual(loads, ["fixture-good-statistic", str(os.getpid())])


class SignificanceTest(unittest.TestCase):
    """The shipped paired-bootstrap, from Python and from grk-eval."""

    @classmethod
    def setUpClass(cls):
        path = os.environ.get("GRK_SIGNIFICANCE_PLUGIN", "")
        if not path or not os.path.isfile(path):
            raise unittest.SkipTest("significance plugin not built; paired-bootstrap parity not checked")
        cls.path = path
        cls.module = grk_plugins.load(path)

    def compare(self, scores, params):
        with tempfile.TemporaryDirectory() as folder:
            score_file = os.path.join(folder, "scores.json")
            with open(score_file, "w", encoding="utf-8") as out:
                json.dump(scores, out)
            params = dict(params, scores=score_file)
            try:
                ours = self.module.invoke("paired-bootstrap", params)
                error = None
            except grk_plugins.PluginError as exc:
                ours, error = None, exc
            code, document, err = host_run(self.path, "paired-bootstrap", params)
        if error is None:
            self.assertEqual(code, 0, err)
            step = document["steps"][0]
            self.assertTrue(same_json(step["result"], ours), (step["result"], ours))
        elif document is None:
            # A parameter mistake, refused by the component's pre-run check
            # before the step runs (docs/design.md §4.8): Python, which calls
            # invoke alone, gets the same status and message from the step.
            self.assertEqual(code, 1, err)
            self.assertEqual(err, "grk-eval run: --component paired-bootstrap [%s]: %s\n"
                             % (error.status_name, error.message))
        else:
            self.assertEqual(code, 3, err)
            step = document["steps"][0]
            self.assertEqual(step["error"], {"status": error.status_name, "message": error.message})
        return ours, error

    def test_results_equal_the_hosts(self):
        baseline = {"q%d" % i: ((i * 37) % 11) / 10 for i in range(40)}
        candidate = {"q%d" % i: ((i * 53) % 13) / 12 for i in range(40)}
        scores = {"baseline": baseline, "candidate": candidate}
        for resamples, seed, level in ((200, 7, 0.95), (1000, -3, 0.9), (50, 2 ** 40, 0.5)):
            ours, _ = self.compare(scores, {"baseline": "bm25", "candidate": "dense", "metric": "mrr",
                                            "resamples": resamples, "seed": seed,
                                            "confidence_level": level})
            self.assertEqual((ours["resamples"], ours["seed"], ours["query_count"]), (resamples, seed, 40))
            deltas = [candidate[q] - baseline[q] for q in sorted(baseline)]
            # The effect is the mean delta in sorted-id order (docs/behaviour/paired-bootstrap.md §3).
            self.assertEqual(ours["effect"], left_to_right_sum(deltas) / len(deltas))

    def test_report_input_with_a_relative_path_equals_the_hosts(self):
        # Run from configs/: Python hands "data/reports/..." to the plugin as
        # is, grk-eval --component resolves it against the same working folder.
        configs = pathlib.Path(os.environ["GRK_SOURCE_DIR"], "configs")
        report = "data/reports/example-eval-report.json"
        if not (configs / report).is_file():
            self.skipTest("configs/%s not in this tree" % report)
        params = {"report": report, "baseline": "bm25", "candidate": "fusion", "metric": "ndcg_at_10",
                  "resamples": 500, "seed": 11}
        before = os.getcwd()
        os.chdir(configs)
        try:
            ours = self.module.invoke("paired-bootstrap", params)
        finally:
            os.chdir(before)
        code, document, err = host_run(self.path, "paired-bootstrap", params, cwd=configs)
        self.assertEqual(code, 0, err)
        self.assertTrue(same_json(document["steps"][0]["result"], ours), (document["steps"][0]["result"], ours))
        self.assertEqual((ours["baseline"], ours["candidate"], ours["resamples"]), ("bm25", "fusion", 500))

    def test_errors_equal_the_hosts(self):
        _, error = self.compare({"baseline": {"a": 1.0}, "candidate": {"b": 1.0}},
                                {"baseline": "x", "candidate": "y", "metric": "mrr", "resamples": 10})
        self.assertIsNotNone(error)
        _, error = self.compare({"baseline": {"a": 1.0}, "candidate": {"a": 1.0}},
                                {"baseline": "x", "candidate": "y", "metric": "mrr", "resamples": 0})
        self.assertEqual(error.status_name, "invalid-argument")

    def test_a_missing_stage_hints_at_the_stages_there_are(self):
        report = pathlib.Path(os.environ["GRK_SOURCE_DIR"], "configs/data/reports/example-eval-report.json")
        with self.assertRaises(grk_plugins.PluginError) as caught:
            self.module.invoke("paired-bootstrap", {"report": str(report), "baseline": "bm25",
                                                    "candidate": "splade", "metric": "mrr"})
        self.assertEqual((caught.exception.message, caught.exception.hint),
                         ("report does not contain stage 'splade'",
                          "the report's stages: 'bm25', 'dense', 'fusion', 'rerank'"))

    def test_allowed_values_are_checked_by_the_plugin(self):
        # The SDK's invoke checks a declared choice (docs/design.md §5.3), so
        # Python, which skips the host, is refused with the SDK's message.
        with self.assertRaises(grk_plugins.PluginError) as caught:
            self.module.invoke("compare-systems", {"scores": "s.json", "metric": "mrr", "test": "z"})
        self.assertEqual((caught.exception.status, caught.exception.message),
                         (1, "parameter 'test': must be one of: bootstrap, randomization, t, wilcoxon, tukey-hsd, "
                             "randomized-tukey-hsd; got 'z'"))
        test = next(p for p in self.module.components if p["name"] == "compare-systems")["params"]
        self.assertEqual(next(p for p in test if p["name"] == "test")["choices"],
                         ["bootstrap", "randomization", "t", "wilcoxon", "tukey-hsd", "randomized-tukey-hsd"])


if __name__ == "__main__":
    unittest.main(verbosity=2)
