"""ABI stability: what grk-eval and grk_plugins.py do with plugins from other
SDK versions (sdk/README.md, "ABI and version policy").

Environment (set by CMakeLists.txt): GRK_SOURCE_DIR, GRK_PYTHON_DIR, GRK_EVAL,
GRK_V1_0_PLUGIN (built against abi-1.0/), GRK_NEWER_MINOR_PLUGIN (declares the
next SDK minor), GRK_GROWN_PLUGIN (larger structs than ABI 1.0's), GRK_NEXT_ABI_PLUGIN
(exports grk_plugin_v2).
"""

import hashlib
import json
import os
import pathlib
import re
import subprocess
import sys
import unittest

sys.path.insert(0, os.environ["GRK_PYTHON_DIR"])
import grk_plugins  # noqa: E402

GRK_EVAL = os.environ["GRK_EVAL"]
SOURCE = pathlib.Path(os.environ["GRK_SOURCE_DIR"])
HERE = pathlib.Path(__file__).resolve().parent

# The first release's headers, frozen: these digests never change.
FROZEN = {
    "abi.h": "0160d857bacda61d40b813adf9774b859d6d40f558cc158b2ad8a2fa3ed24feb",
    "version.h": "9f0c58e7f625f2ffa9ae7ad50268d3152956d3c687d41db709a4fd333a774823",
}


def current_sdk():
    header = (SOURCE / "sdk/include/grk/version.h").read_text()
    return tuple(int(re.search(r"#define GRK_SDK_VERSION_%s (\d+)" % p, header).group(1))
                 for p in ("MAJOR", "MINOR", "PATCH"))


def plugins_json(plugin):
    done = subprocess.run([GRK_EVAL, "plugins", "--json", "--plugin-dir", os.path.dirname(plugin)],
                          capture_output=True, check=True)
    document = json.loads(done.stdout)
    return next(m for m in document["modules"] if m["file"] == plugin)


def host_run(plugin, component, sets):
    command = [GRK_EVAL, "run", "--plugin-dir", os.path.dirname(plugin), "--component", component]
    for key, value in sets.items():
        command += ["--set", "%s=%s" % (key, value)]
    done = subprocess.run(command, capture_output=True, check=False)
    document = json.loads(done.stdout) if done.stdout.strip() else None
    return done.returncode, document, done.stderr.decode("utf-8")


def echo_of(label, sdk="1.0.0"):
    return {"language": "C", "built_with_sdk": sdk, "params": {"label": label}}


class FrozenHeadersTest(unittest.TestCase):
    def test_the_first_releases_headers_are_unchanged(self):
        for name, digest in FROZEN.items():
            data = (HERE / "abi-1.0/grk" / name).read_bytes()
            self.assertEqual(hashlib.sha256(data).hexdigest(), digest,
                             "tests/abi_compat/abi-1.0/grk/%s is frozen; never edit it" % name)

    def test_the_frozen_copy_is_sdk_1_0_0(self):
        header = (HERE / "abi-1.0/grk/version.h").read_text()
        self.assertIn('#define GRK_SDK_VERSION_STRING "1.0.0"', header)


class FirstReleasePluginTest(unittest.TestCase):
    """A C plugin built against SDK 1.0.0 keeps working as the SDK grows."""

    plugin = os.environ["GRK_V1_0_PLUGIN"]

    def test_the_host_lists_it(self):
        module = plugins_json(self.plugin)
        self.assertEqual((module["status"], module["name"], module["sdk_version"], module["abi_version"]),
                         ("ok", "abi-v1-0", "1.0.0", 1))
        self.assertEqual([(c["name"], c["kind"]) for c in module["components"]],
                         [("c-echo", "statistic"), ("c-refuse", "dataset-adapter")])

    def test_the_host_runs_it(self):
        code, document, err = host_run(self.plugin, "c-echo", {"label": "caf\u00e9"})
        self.assertEqual(code, 0, err)
        self.assertEqual(document["steps"][0]["result"], echo_of("caf\u00e9"))
        code, document, err = host_run(self.plugin, "c-refuse", {})
        self.assertEqual(code, 3, err)
        self.assertEqual(document["steps"][0]["error"],
                         {"status": "invalid-data", "message": "refused by a C plugin"})

    def test_the_host_reads_no_validate_from_it(self):
        # SDK 1.0's grk_component ends at invoke: the host must not read a
        # pre-run check past it (docs/design.md §2.2). The label the current
        # build's check refuses runs here like any other.
        code, document, err = host_run(self.plugin, "c-echo", {"label": "refused-before-the-run"})
        self.assertEqual(code, 0, err)
        self.assertEqual(document["steps"][0]["result"], echo_of("refused-before-the-run"))

    def test_python_runs_it(self):
        module = grk_plugins.load(self.plugin)
        self.assertEqual((module.name, module.sdk_version), ("abi-v1-0", "1.0.0"))
        outcome = module.run("c-echo", {"label": "x"})
        self.assertEqual((outcome.result, outcome.summary), (echo_of("x"), "echoed by a C plugin"))
        with self.assertRaises(grk_plugins.PluginError) as caught:
            module.invoke("c-refuse", {})
        self.assertEqual((caught.exception.status, caught.exception.message), (2, "refused by a C plugin"))


class NewerMinorPluginTest(unittest.TestCase):
    """A plugin built with a newer SDK minor may call services this host
    lacks: refused, naming both versions and the fix."""

    plugin = os.environ["GRK_NEWER_MINOR_PLUGIN"]

    def setUp(self):
        major, minor, patch = current_sdk()
        self.host_sdk = "%d.%d.%d" % (major, minor, patch)
        self.plugin_sdk = "%d.%d.%d" % (major, minor + 1, patch)

    def test_the_host_refuses_it(self):
        module = plugins_json(self.plugin)
        self.assertEqual(module["status"], "incompatible-sdk")
        self.assertEqual(module["components"], [])
        self.assertEqual(module["reason"],
                         "built with grk SDK %s, newer than this host's (ABI 1, SDK %s); it may use host "
                         "services this host lacks. Upgrade grk-eval, or rebuild the plugin against SDK %s."
                         % (self.plugin_sdk, self.host_sdk, self.host_sdk))
        # Running it names the component as unavailable and points to `plugins`.
        code, _, err = host_run(self.plugin, "c-echo", {"label": "x"})
        self.assertEqual(code, 1, err)
        self.assertIn("'c-echo' is available", err)
        self.assertIn("1 plugin module could not be used; `grk-eval plugins` says why", err)

    def test_python_refuses_it_in_the_hosts_words(self):
        with self.assertRaises(grk_plugins.LoadError) as caught:
            grk_plugins.load(self.plugin)
        self.assertEqual(caught.exception.message,
                         "cannot use plugin module '%s': built with grk SDK %s, newer than this host's "
                         "(ABI 1, SDK %s); it may use host services this host lacks. Upgrade "
                         "grk-eval, or rebuild the plugin against SDK %s."
                         % (self.plugin, self.plugin_sdk, self.host_sdk, self.host_sdk))
        self.assertEqual(caught.exception.reason, plugins_json(self.plugin)["reason"])


class NextAbiPluginTest(unittest.TestCase):
    """A module for another ABI is told apart by its symbol's name."""

    plugin = os.environ["GRK_NEXT_ABI_PLUGIN"]

    def test_the_host_refuses_it(self):
        module = plugins_json(self.plugin)
        self.assertEqual(module["status"], "wrong-abi")
        self.assertIn("ABI 2", module["reason"])
        self.assertIn("ABI 1", module["reason"])

    def test_python_refuses_it_in_the_hosts_words(self):
        major, minor, patch = current_sdk()
        with self.assertRaises(grk_plugins.LoadError) as caught:
            grk_plugins.load(self.plugin)
        self.assertEqual(caught.exception.reason,
                         "built for grk ABI 2 (entry symbol grk_plugin_v2); this host supports ABI 1 "
                         "(SDK %d.%d.%d). Rebuild the plugin against grk SDK %d.x, or use a grk-eval of ABI 2."
                         % (major, minor, patch, major))
        self.assertEqual(caught.exception.reason, plugins_json(self.plugin)["reason"])


class GrownStructsTest(unittest.TestCase):
    """Structs that grew at the end: read up to what the reader knows, walked
    with the declared stride."""

    plugin = os.environ["GRK_GROWN_PLUGIN"]

    def test_the_host_walks_the_stride(self):
        module = plugins_json(self.plugin)
        self.assertEqual(module["status"], "ok", module.get("reason"))
        self.assertEqual([c["name"] for c in module["components"]], ["c-echo", "c-refuse"])
        code, document, err = host_run(self.plugin, "c-refuse", {})
        self.assertEqual(code, 3, err)
        self.assertEqual(document["steps"][0]["error"]["message"], "refused by a C plugin")

    def test_the_host_calls_its_validate_before_the_run(self):
        # Built with the current headers: its grk_component has validate, which
        # the host calls before any step (docs/design.md §4.8).
        code, document, err = host_run(self.plugin, "c-echo", {"label": "refused-before-the-run"})
        self.assertEqual((code, document), (1, None), err)
        self.assertEqual(err, "grk-eval run: --component c-echo [invalid-argument]: "
                              "label 'refused-before-the-run' is refused by validate\n")
        code, document, err = host_run(self.plugin, "c-echo", {"label": "fine"})
        self.assertEqual(code, 0, err)

    def test_python_walks_the_stride(self):
        module = grk_plugins.load(self.plugin)
        self.assertEqual([(c["name"], c["kind"]) for c in module.components],
                         [("c-echo", "statistic"), ("c-refuse", "dataset-adapter")])
        self.assertEqual(module.invoke("c-echo", {"label": "y"}),
                         echo_of("y", "%d.%d.%d" % current_sdk()))
        with self.assertRaises(grk_plugins.PluginError) as caught:
            module.invoke("c-refuse", {})
        self.assertEqual(caught.exception.message, "refused by a C plugin")


if __name__ == "__main__":
    unittest.main(verbosity=2)
