"""Ctrl-C during a call of the Python binding (docs/design.md §5.5): the call
is asked to stop through the host table's `cancelled` (SDK 1.2), returns, and
only then KeyboardInterrupt is raised; nothing is half-written. SIGINT comes at
a random moment of a BEIR adaptation called from Python's main thread, from
another thread (the main thread waiting in join()), and through the groundkit
drop-in (grk_plugins.groundkit.adapt_beir_dataset, when pydantic 2 is there).

Environment: GRK_PYTHON_DIR (sdk/python), GRK_PLUGINS (the shipped plugins'
folder), GRK_EVAL (only to know that the build is there)."""

import os
import pathlib
import signal
import subprocess
import sys
import tempfile
import time
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import interrupt_support as support  # noqa: E402

PYTHON_DIR = os.environ.get("GRK_PYTHON_DIR", "")

# The child: loads the beir module, says "ready", makes one call as asked and
# prints what it saw: "KeyboardInterrupt" or "finished", per thread.
CHILD = r'''
import os, sys, threading
sys.path.insert(0, os.environ["GRK_PYTHON_DIR"])
import grk_plugins
how, source, output = sys.argv[1:4]
if how == "dropin":
    from grk_plugins.groundkit import adapt_beir_dataset
    def call():
        adapt_beir_dataset(source, output)
else:
    module = grk_plugins.load(grk_plugins.find_module("beir"))
    def call():
        module.invoke("beir", {"source_dir": source, "output_dir": output})
def attempt():
    try:
        call()
        return "finished"
    except KeyboardInterrupt:
        return "KeyboardInterrupt"
print("ready", flush=True)
if how in ("main", "dropin"):
    print("main", attempt(), flush=True)
else:
    seen = {}
    done = threading.Event()
    def work():
        seen["worker"] = attempt()
        done.set()
    worker = threading.Thread(target=work)
    worker.start()
    try:
        worker.join()
        main = "joined"
    except KeyboardInterrupt:
        main = "KeyboardInterrupt"
    # Not join() again: CPython 3.11's join() interrupted by KeyboardInterrupt
    # may report the thread gone while it still runs.
    while not done.wait(0.05):
        pass
    print("main", main, "worker", seen["worker"], flush=True)
'''


class PythonInterruptsTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.root = None
        if not support.GRK_EVAL or not os.path.exists(support.GRK_EVAL):
            return
        cls.root = tempfile.TemporaryDirectory(prefix="grk-py-interrupts-")
        cls.source = support.write_dataset(pathlib.Path(cls.root.name) / "source")
        support.log("random moments from GRK_INTERRUPT_SEED=%d" % support.SEED)

    @classmethod
    def tearDownClass(cls):
        if cls.root is not None:
            cls.root.cleanup()

    def setUp(self):
        support.skip_unless_built(self)

    def call_interrupted(self, how, delay=None):
        """One call, SIGINT at a random moment (or after `delay` seconds);
        returns the child's words and the destination."""
        work = pathlib.Path(tempfile.mkdtemp(prefix="case-", dir=self.root.name))
        output = work / "out"
        env = dict(os.environ, GRK_PYTHON_DIR=PYTHON_DIR, GRK_PLUGIN_PATH=support.PLUGINS)
        child = subprocess.Popen([sys.executable, "-c", CHILD, how, str(self.source), str(output)],
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, text=True)
        self.assertEqual(child.stdout.readline(), "ready\n")
        delay = support.RNG.uniform(0.02, 1.2) if delay is None else delay
        time.sleep(delay)
        child.send_signal(signal.SIGINT)
        out, err = child.communicate(timeout=120)
        support.log("%s: SIGINT after %.2f s: %s" % (how, delay, out.strip()))
        self.assertEqual(child.returncode, 0, err)
        self.assertEqual(support.staging_left(work), [], err)
        return out.split(), output, err

    def assert_whole_or_absent(self, seen, output, err):
        """Never half-written. KeyboardInterrupt with a whole output is the
        signal that came after the last poll (the call had finished)."""
        self.assertIn(seen, ("KeyboardInterrupt", "finished"), err)
        if seen == "finished" or output.exists():
            self.assertEqual(len(list((output / "corpus").iterdir())), 120000, err)
            self.assertTrue((output / "judgments.jsonl").is_file())

    def assert_cancelled(self, seen, output, err):
        """Well inside the adaptation: the call stopped, and wrote nothing."""
        self.assertEqual(seen, "KeyboardInterrupt", err)
        self.assertFalse(output.exists(), err)

    def test_ctrl_c_during_a_call_from_the_main_thread(self):
        words, output, err = self.call_interrupted("main", delay=0.3)
        self.assert_cancelled(words[1], output, err)
        for _ in range(3):
            words, output, err = self.call_interrupted("main")
            self.assertEqual(words[0], "main", err)
            self.assert_whole_or_absent(words[1], output, err)
            self.assertNotIn("Exception ignored", err)

    def test_ctrl_c_during_a_call_from_another_thread(self):
        words, output, err = self.call_interrupted("thread", delay=0.3)
        self.assertEqual(words[1], "KeyboardInterrupt", err)
        self.assert_cancelled(words[3], output, err)
        for _ in range(3):
            words, output, err = self.call_interrupted("thread")
            self.assertEqual(words[0::2], ["main", "worker"], err)
            main, worker = words[1], words[3]
            # The main thread is told, as without the binding; the worker's
            # call stops and raises once it has returned.
            if worker == "KeyboardInterrupt":
                self.assertEqual(main, "KeyboardInterrupt", err)
            self.assertIn(main, ("KeyboardInterrupt", "joined"), err)
            self.assert_whole_or_absent(worker, output, err)

    def test_ctrl_c_during_a_drop_in_call(self):
        try:
            import pydantic  # noqa: F401
        except ImportError:
            self.skipTest("pydantic 2 is not installed; the drop-in needs it")
        words, output, err = self.call_interrupted("dropin", delay=0.3)
        self.assert_cancelled(words[1], output, err)
        for _ in range(2):
            words, output, err = self.call_interrupted("dropin")
            self.assertEqual(words[0], "main", err)
            self.assert_whole_or_absent(words[1], output, err)


if __name__ == "__main__":
    unittest.main(verbosity=2)
