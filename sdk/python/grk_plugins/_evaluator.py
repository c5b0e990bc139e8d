"""The compiled evaluator, _grk_measures (plugins/measures/src/python/), that
grk_plugins.pytrec_eval and grk_plugins.ir_measures call: trec_eval's measures over Python dicts, in
process. It is built with grk-eval and lies beside its plugins, in
<prefix>/lib/grk/python (build/lib/grk/python in a source checkout), for the
Python it was built against."""

import importlib.machinery
import importlib.util
import os

from . import _default_plugin_dir, plugin_search_path

MODULE = "_grk_measures"


def evaluator_dirs():
    """lib/grk/python beside each plugin folder find_module searches (a
    GRK_PLUGIN_PATH entry first, then this package's own prefix), so that the
    evaluator comes from the build or prefix the plugins come from."""
    plugin_dirs = plugin_search_path() or [_default_plugin_dir()]
    return [os.path.join(os.path.dirname(folder), "python") for folder in plugin_dirs]


def load():
    """The extension module; ImportError saying where it was looked for and
    how to build it when no file there suits this Python."""
    folders = evaluator_dirs()
    for folder in folders:
        for suffix in importlib.machinery.EXTENSION_SUFFIXES:
            path = os.path.join(folder, MODULE + suffix)
            if os.path.isfile(path):
                spec = importlib.util.spec_from_file_location(MODULE, path)
                module = importlib.util.module_from_spec(spec)
                spec.loader.exec_module(module)
                return module
    raise ImportError(
        "grk_plugins.pytrec_eval and grk_plugins.ir_measures need grk-eval's compiled evaluator, %s%s, "
        "in %s, built for this "
        "Python (%s): build grk-eval where Python's headers are (Debian's python3-dev; "
        "./scripts/run-example installs it and builds), then `cmake --install build --prefix` the "
        "prefix this package finds its plugins in"
        % (MODULE, importlib.machinery.EXTENSION_SUFFIXES[0], " or ".join(folders),
           importlib.machinery.EXTENSION_SUFFIXES[0].strip(".")), name=MODULE)
