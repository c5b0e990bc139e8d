"""Ctrl-C during a plugin call (docs/design.md §5.5): the call is asked to
stop through the host table's `cancelled` (SDK 1.2), and KeyboardInterrupt is
raised once it has returned, so a component is never cut off halfway through a
write.

Python runs signal handlers in the main thread only, between bytecodes: while
the main thread is inside a foreign call, the handler waits for the call's
next callback or its return. The handler installed here therefore only marks
the calls in flight; Module.run raises KeyboardInterrupt after the call.
A call made from another thread is marked the same way, and the handler that
was there before (Python's, which raises KeyboardInterrupt in the main thread)
still runs, so the main thread stops too.

The handler can be installed only from the main thread: on load() and on every
call made there. A process whose main thread never loads nor calls keeps
Python's own handling (the call runs to its end)."""

import signal
import threading

_in_flight = set()    # the _Call objects of the calls running now, any thread
_installed = None     # our handler, once installed
_previous = None      # the handler ours replaced, which it passes signals on to


def _on_sigint(signum, frame):
    calls = list(_in_flight)
    for call in calls:
        call.cancelled = True
    main_call = any(call.thread is threading.main_thread() for call in calls)
    if main_call:
        return  # raised by Module.run once the call returned
    if callable(_previous):
        _previous(signum, frame)
    else:
        raise KeyboardInterrupt


def install():
    """Puts our handler in front of the current one; only in the main thread,
    and only over a Python-level handler (SIG_IGN and SIG_DFL are the
    program's choice and are kept)."""
    global _installed, _previous
    if threading.current_thread() is not threading.main_thread():
        return
    current = signal.getsignal(signal.SIGINT)
    if current is _installed and _installed is not None:
        return
    if not callable(current):
        return
    _previous = current
    _installed = _on_sigint
    signal.signal(signal.SIGINT, _on_sigint)


class InFlight:
    """`with InFlight(call):` while the foreign call runs."""

    def __init__(self, call):
        self.call = call
        call.cancelled = False
        call.thread = threading.current_thread()

    def __enter__(self):
        install()
        _in_flight.add(self.call)
        return self.call

    def __exit__(self, *exc):
        _in_flight.discard(self.call)
        return False
