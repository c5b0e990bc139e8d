"""`pip install ./sdk/python` works offline (setuptools already installed,
--no-build-isolation, --no-index) and the package it installs finds the
plugins of the prefix it was given, <prefix>/lib/grk/plugins, with no
GRK_PLUGIN_PATH. Uses this interpreter, else Debian's /usr/bin/python3: the
first that has pip, setuptools and wheel (setuptools before 70.1 builds wheels
with it); skips (exit 77) when neither has (Debian: python3-pip,
python3-setuptools, python3-wheel).

Then grk_plugins.pytrec_eval: refused with an ImportError that names
<prefix>/lib/grk/python while the compiled evaluator is not there, and scoring
once it is (where the build made one).

Environment: GRK_SOURCE_DIR, GRK_BEIR_MODULE (a built plugin module to put in
the prefix), GRK_EVALUATOR_MODULE (the built _grk_measures, or empty)."""

import glob
import importlib.util
import os
import shutil
import subprocess
import sys
import tempfile

SOURCE = os.environ["GRK_SOURCE_DIR"]
MODULE = os.environ["GRK_BEIR_MODULE"]
EVALUATOR = os.environ.get("GRK_EVALUATOR_MODULE", "")


def skip(why):
    print("SKIPPED: " + why)
    sys.exit(77)


def missing(python):
    """The first of pip, setuptools and wheel that `python` cannot import, or None."""
    for name in ("pip", "setuptools", "wheel"):
        if python == sys.executable:
            if importlib.util.find_spec(name) is None:
                return name
        elif subprocess.run([python, "-c", "import " + name], capture_output=True).returncode != 0:
            return name
    return None


def main():
    python = None
    why = []
    for candidate in (sys.executable, "/usr/bin/python3"):
        if not os.path.exists(candidate):
            continue
        lacking = missing(candidate)
        if lacking is None:
            python = candidate
            break
        why.append("%s has no %s" % (candidate, lacking))
    if python is None:
        skip("; ".join(why) + " (Debian: apt-get install python3-pip python3-setuptools python3-wheel)")
    with tempfile.TemporaryDirectory(prefix="grk-pip-") as work:
        # A copy: building writes build/ and *.egg-info beside pyproject.toml.
        source = shutil.copytree(os.path.join(SOURCE, "sdk", "python"), os.path.join(work, "src"))
        prefix = os.path.join(work, "prefix")
        env = {k: v for k, v in os.environ.items() if not k.startswith(("GRK_PLUGIN_PATH", "PIP_", "PYTHONPATH"))}
        done = subprocess.run([python, "-m", "pip", "install", "--no-build-isolation", "--no-index",
                               "--no-deps", "--disable-pip-version-check", "--prefix", prefix, source],
                              capture_output=True, text=True, env=env)
        assert done.returncode == 0, done.stdout + done.stderr
        packages = glob.glob(os.path.join(prefix, "**", "grk_plugins", "__init__.py"), recursive=True)
        assert len(packages) == 1, packages
        site = os.path.dirname(os.path.dirname(packages[0]))
        assert os.path.basename(site) in ("site-packages", "dist-packages"), site
        assert glob.glob(os.path.join(site, "grk_plugins-*.dist-info")), os.listdir(site)
        assert os.path.isfile(os.path.join(site, "grk_plugins", "groundkit", "__init__.py"))
        # The prefix's plugin folder, where `cmake --install --prefix` puts them.
        plugins = os.path.join(prefix, "lib", "grk", "plugins")
        os.makedirs(plugins)
        shutil.copy2(MODULE, os.path.join(plugins, "beir.so"))
        script = ("import grk_plugins; path = grk_plugins.find_module('beir'); print(path); "
                  "print(grk_plugins.__version__); "
                  "print(', '.join(c['name'] for c in grk_plugins.load(path).components))")
        found = subprocess.run([python, "-c", script], capture_output=True, text=True,
                               env=dict(env, PYTHONPATH=site), cwd=work)
        assert found.returncode == 0, found.stderr
        lines = found.stdout.splitlines()
        assert lines[0] == os.path.join(plugins, "beir.so"), lines
        with open(os.path.join(SOURCE, "sdk", "include", "grk", "version.h"), encoding="utf-8") as header:
            assert '"%s"' % lines[1] in header.read(), lines[1]
        assert lines[2] == "beir", lines
        if EVALUATOR:
            check_evaluator(python, prefix, site, env, work)
    print("pip install: ok; find_module found the prefix's beir module" +
          ("; pytrec_eval its evaluator" if EVALUATOR else ""))


def check_evaluator(python, prefix, site, env, work):
    """pytrec_eval names the prefix's lib/grk/python until the evaluator is there, then scores."""
    script = ("from grk_plugins import pytrec_eval\n"
              "print(pytrec_eval.RelevanceEvaluator({'q': {'a': 1, 'b': 0}}, {'P.2'}).evaluate("
              "{'q': {'a': 1.0, 'b': 2.0}}))")
    folder = os.path.join(prefix, "lib", "grk", "python")
    refused = subprocess.run([python, "-c", script], capture_output=True, text=True,
                             env=dict(env, PYTHONPATH=site), cwd=work)
    assert refused.returncode == 1, refused.stdout + refused.stderr
    assert ("ImportError: grk_plugins.pytrec_eval and grk_plugins.ir_measures need grk-eval's compiled evaluator"
            in refused.stderr), refused.stderr
    assert "in %s, built for this Python" % folder in refused.stderr, refused.stderr
    os.makedirs(folder)
    shutil.copy2(EVALUATOR, os.path.join(folder, os.path.basename(EVALUATOR)))
    scored = subprocess.run([python, "-c", script], capture_output=True, text=True,
                            env=dict(env, PYTHONPATH=site), cwd=work)
    assert scored.returncode == 0, scored.stderr
    assert scored.stdout == "{'q': {'P_2': 0.5}}\n", scored.stdout
    # compare runs grk-eval, which this prefix lacks: the error says where it looked and what to do.
    script = "import grk_plugins\ngrk_plugins.compare({'q': {'a': 1}}, {'x': {'q': {'a': 1.0}}})\n"
    refused = subprocess.run([python, "-c", script], capture_output=True, text=True,
                             env=dict(env, PYTHONPATH=site), cwd=work)
    assert refused.returncode == 1, refused.stdout + refused.stderr
    assert ("FileNotFoundError: grk_plugins.compare runs grk-eval, found beside the plugins: none at %s; build "
            "grk-eval (./scripts/run-example) or install it to the prefix the plugins come from"
            % os.path.join(prefix, "bin", "grk-eval")) in refused.stderr, refused.stderr


if __name__ == "__main__":
    main()
