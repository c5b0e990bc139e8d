"""SIGINT and SIGTERM during `grk-eval run` (docs/design.md §4.17), sent at
random moments of a BEIR adaptation and of a multi-step run, in process and
under --isolate, once or twice: afterwards no staging folder, the destination
as it was (or, when the step had finished, complete), a valid results document
whose steps are ok, then at most one interrupted, then pending, and the process
ended by the signal (a shell shows 130 / 143).

Environment (tests/interrupts/CMakeLists.txt): GRK_EVAL, GRK_PLUGINS (the
shipped plugins' folder), GRK_FIXTURES (the faults fixture's folder).
GRK_INTERRUPT_SEED replays the random moments of a failed run."""

import json
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


def signal_word(number):
    return {signal.SIGINT: "SIGINT", signal.SIGTERM: "SIGTERM"}[number]


class Scratch:
    """A temporary folder with the dataset, made once for the whole file."""
    root = None
    source = None


def setUpModule():
    if not support.GRK_EVAL or not os.path.exists(support.GRK_EVAL):
        return
    Scratch.root = tempfile.TemporaryDirectory(prefix="grk-interrupts-")
    Scratch.source = support.write_dataset(pathlib.Path(Scratch.root.name) / "source")
    support.log("random moments from GRK_INTERRUPT_SEED=%d" % support.SEED)


def tearDownModule():
    if Scratch.root is not None:
        Scratch.root.cleanup()


class RunInterruptsTest(unittest.TestCase):
    def setUp(self):
        support.skip_unless_built(self)
        self.work = pathlib.Path(tempfile.mkdtemp(prefix="case-", dir=Scratch.root.name))

    def config(self, steps, isolate=False):
        path = self.work / "run.json"
        document = {"steps": steps}
        if isolate:
            document["isolate"] = True
        path.write_text(json.dumps(document))
        return path

    def command(self, config, *extra):
        return [support.GRK_EVAL, "run", str(config), "-o", str(self.work / "results.json"),
                "--plugin-dir", support.PLUGINS, "--plugin-dir", support.FIXTURES, *extra]

    def beir_step(self, name="ds"):
        return {"id": name, "adapter": "beir",
                "params": {"source_dir": str(Scratch.source), "output_dir": str(self.work / "out" / name)}}

    def check_after(self, returncode, stderr, sent, before, destinations):
        """What must hold after any interrupted run; returns the statuses."""
        self.assertEqual(support.staging_left(self.work), [], stderr)
        results = self.work / "results.json"
        if returncode == 0:
            statuses = [s["status"] for s in json.loads(results.read_text())["steps"]]
            self.assertEqual(set(statuses), {"ok"}, stderr)
            return statuses
        self.assertIn(-returncode, sent, stderr)
        if not results.exists():
            # Killed before the first write (planning): nothing ran, nothing written.
            self.assertNotIn("[1/", stderr)
            for name, state in before.items():
                self.assertEqual(support.tree(destinations[name]), state, name)
            return []
        document = json.loads(results.read_text())  # valid JSON, written whole
        steps = document["steps"]
        statuses = [s["status"] for s in steps]
        # ok..., then at most one interrupted, then pending...
        ok = 0
        while ok < len(statuses) and statuses[ok] == "ok":
            ok += 1
        rest = statuses[ok:]
        if rest and rest[0] == "interrupted":
            rest = rest[1:]
        self.assertEqual(set(rest) - {"pending"}, set(), statuses)
        self.assertIn("interrupted by " + signal_word(-returncode), stderr)
        for step in steps:
            name = step["id"]
            if name not in destinations:
                continue
            if step["status"] == "ok":
                self.assertTrue((destinations[name] / "judgments.jsonl").is_file(), name)
                self.assertEqual(len(list((destinations[name] / "corpus").iterdir())), 120000, name)
            else:
                self.assertEqual(support.tree(destinations[name]), before[name], name)
            if step["status"] == "interrupted":
                self.assertIn("error", step)
                self.assertIn("during step '%s'" % name, stderr)
        return statuses

    def interrupt_adaptation(self, isolate, twice):
        step = self.beir_step()
        destination = self.work / "out" / "ds"
        before = {"ds": support.tree(destination)}
        number = support.RNG.choice([signal.SIGINT, signal.SIGTERM])
        delay = support.RNG.uniform(0.05, 1.5)
        signals = (number, signal.SIGINT) if twice else (number,)
        code, _, err = support.run_interrupted(self.command(self.config([step], isolate)), delay, signals)
        support.log("adaptation isolate=%s twice=%s %s after %.2f s: exit %s" %
                    (isolate, twice, signal_word(number), delay, code))
        return self.check_after(code, err, {number, signal.SIGINT} if twice else {number}, before,
                                {"ds": destination})

    def test_a_beir_adaptation_interrupted_at_random_moments(self):
        seen = []
        for _ in range(4):
            self.work = pathlib.Path(tempfile.mkdtemp(prefix="case-", dir=Scratch.root.name))
            seen += self.interrupt_adaptation(isolate=False, twice=False)
        support.log("statuses seen:", seen)

    def test_an_isolated_beir_adaptation_interrupted_at_random_moments(self):
        for _ in range(3):
            self.work = pathlib.Path(tempfile.mkdtemp(prefix="case-", dir=Scratch.root.name))
            self.interrupt_adaptation(isolate=True, twice=False)

    def test_a_second_signal_during_cleanup_still_cleans_up(self):
        for isolate in (False, True, False, True):
            self.work = pathlib.Path(tempfile.mkdtemp(prefix="case-", dir=Scratch.root.name))
            self.interrupt_adaptation(isolate=isolate, twice=True)

    def test_an_existing_destination_is_left_as_it_was(self):
        destination = self.work / "out" / "ds"
        (destination / "corpus").mkdir(parents=True)
        (destination / "judgments.jsonl").write_text('{"old": true}\n')
        before = {"ds": support.tree(destination)}
        code, _, err = support.run_interrupted(self.command(self.config([self.beir_step()])), 0.6)
        self.check_after(code, err, {signal.SIGINT}, before, {"ds": destination})

    def test_a_multi_step_run_interrupted_at_random_moments(self):
        for isolate in (False, True):
            self.work = pathlib.Path(tempfile.mkdtemp(prefix="case-", dir=Scratch.root.name))
            steps = [{"id": "nap-1", "statistic": "fault-sleep", "params": {"milliseconds": 300}},
                     self.beir_step("first"),
                     {"id": "nap-2", "statistic": "fault-sleep", "params": {"milliseconds": 300}},
                     self.beir_step("second")]
            destinations = {n: self.work / "out" / n for n in ("first", "second")}
            before = {n: support.tree(d) for n, d in destinations.items()}
            number = support.RNG.choice([signal.SIGINT, signal.SIGTERM])
            delay = support.RNG.uniform(0.1, 3.0)
            code, _, err = support.run_interrupted(self.command(self.config(steps, isolate)), delay, (number,))
            statuses = self.check_after(code, err, {number}, before, destinations)
            support.log("multi-step isolate=%s %s after %.2f s: %s" % (isolate, signal_word(number), delay, statuses))

    def test_a_step_that_never_polls_finishes_and_keeps_its_result(self):
        # fault-sleep does not poll the cancellation check, as a module of
        # SDK 1.0 or 1.1 cannot: it finishes, and the run stops after it. The
        # signal comes 1.5 s in, well inside the nap: under the sanitizers on a
        # busy machine, starting grk-eval and probing its plugins took more
        # than the 0.7 s this test once allowed, and the signal came first.
        steps = [{"id": "nap", "statistic": "fault-sleep", "params": {"milliseconds": 4000}},
                 {"id": "after", "statistic": "fault-sleep", "params": {"milliseconds": 1}}]
        code, _, err = support.run_interrupted(self.command(self.config(steps)), 1.5)
        self.assertEqual(code, -signal.SIGINT, err)
        document = json.loads((self.work / "results.json").read_text())
        self.assertEqual([s["status"] for s in document["steps"]], ["ok", "pending"], err)
        self.assertEqual(document["steps"][0]["result"], {"slept": 4000})
        self.assertIn("grk-eval run: interrupted by SIGINT; step 'nap' had finished (ok), the steps after it were not run",
                      err)

    def test_a_shell_sees_130_and_143(self):
        steps = [{"id": "nap", "statistic": "fault-sleep", "params": {"milliseconds": 3000}}]
        config = self.config(steps)
        for number, shown in ((signal.SIGINT, 130), (signal.SIGTERM, 143)):
            shell = subprocess.Popen(["sh", "-c", '"$@"; echo "exit=$?" >&2', "sh", *self.command(config)],
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE)
            child = None
            for _ in range(200):
                children = pathlib.Path("/proc/%d/task/%d/children" % (shell.pid, shell.pid))
                pids = children.read_text().split() if children.exists() else []
                if pids:
                    child = int(pids[0])
                    break
                time.sleep(0.01)
            self.assertIsNotNone(child)
            time.sleep(0.5)
            os.kill(child, number)
            _, err = shell.communicate(timeout=60)
            self.assertIn("exit=%d" % shown, err.decode())


if __name__ == "__main__":
    unittest.main(verbosity=2)
