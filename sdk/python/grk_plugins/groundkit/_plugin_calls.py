"""The shipped plugin modules, found and loaded once per process, and one
call into a component with its failure raised as groundkit raises it."""

import threading

import grk_plugins

from ._classes import EvalError

_modules = {}
_lock = threading.Lock()


def module(name):
    """The module `name` (significance, beir), found as grk-eval finds it
    (grk_plugins.find_module) and loaded on first use."""
    with _lock:
        if name not in _modules:
            _modules[name] = grk_plugins.load(grk_plugins.find_module(name))
        return _modules[name]


def _quiet(_level, _message):
    """groundkit's functions print nothing; neither does the drop-in."""


def call(module_name, component, params):
    """The component's result dict. A failure of the call raises EvalError
    with the component's message, which is groundkit's for the same input;
    a module that cannot be found or loaded raises grk_plugins.LoadError."""
    try:
        return module(module_name).invoke(component, params, log=_quiet)
    except grk_plugins.LoadError:
        raise
    except grk_plugins.PluginError as error:
        raise EvalError(error.message) from None
