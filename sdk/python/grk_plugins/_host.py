"""grk-eval itself, for what only the host makes: the systems x measures table
of `grk-eval evaluate` and its renderings by `grk-eval report`, which
grk_plugins.compare returns (docs/behaviour/python-evaluators.md §4).

The host is found beside the plugins, as the evaluator is: <prefix>/bin/grk-eval
for each <prefix>/lib/grk/plugins folder that plugin_search_path() lists
(build/bin/grk-eval in a source checkout). It is opened once, checked on that
descriptor (a regular, executable file of this user or root that no one else
may write) and run from the same descriptor, so that the file checked is the
file run even in a folder another user can write."""

import os
import stat
import subprocess

from . import _default_plugin_dir, plugin_search_path


def executable_candidates():
    plugin_dirs = plugin_search_path() or [_default_plugin_dir()]
    prefixes = [os.path.dirname(os.path.dirname(os.path.dirname(folder))) for folder in plugin_dirs]
    return [os.path.join(prefix, "bin", "grk-eval") for prefix in prefixes]


def _refusal(status):
    if not stat.S_ISREG(status.st_mode):
        return "is not a regular file"
    if not status.st_mode & stat.S_IXUSR:
        return "is not executable"
    if status.st_uid not in (0, os.geteuid()):
        return "belongs to another user (uid %d)" % status.st_uid
    if status.st_mode & (stat.S_IWGRP | stat.S_IWOTH):
        return "may be written by other users (mode %o)" % stat.S_IMODE(status.st_mode)
    return None


def _open_checked():
    """A descriptor of the first candidate that exists, checked."""
    candidates = executable_candidates()
    for path in candidates:
        try:
            fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)  # a FIFO there cannot block
        except FileNotFoundError:
            continue
        refusal = _refusal(os.fstat(fd))
        if refusal is None:
            return fd
        os.close(fd)
        raise PermissionError("grk-eval at %s %s; it is not run" % (path, refusal))
    raise FileNotFoundError("grk_plugins.compare runs grk-eval, found beside the plugins: none at %s; build "
                            "grk-eval (./scripts/run-example) or install it to the prefix the plugins come from"
                            % " or ".join(candidates))


def run(arguments):
    """grk-eval's standard output for `arguments`; its failure raised with its
    own words: a usage or data error (exit 1 or 3) as ValueError, an
    unwritable result (exit 4) as OSError, anything else as RuntimeError."""
    fd = _open_checked()
    try:
        done = subprocess.run(["grk-eval"] + list(arguments), executable="/proc/self/fd/%d" % fd, pass_fds=(fd,),
                              stdin=subprocess.DEVNULL, capture_output=True, check=False)
    finally:
        os.close(fd)
    if done.returncode == 0:
        return done.stdout.decode("utf-8")
    message = done.stderr.decode("utf-8", "replace").strip()
    if done.returncode < 0:
        raise RuntimeError("grk-eval %s was ended by signal %d%s"
                           % (arguments[0], -done.returncode, ": " + message if message else ""))
    error = {1: ValueError, 3: ValueError, 4: OSError}.get(done.returncode, RuntimeError)
    raise error(message or "grk-eval %s exited with %d" % (arguments[0], done.returncode))
