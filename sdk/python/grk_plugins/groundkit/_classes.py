"""Which classes the drop-in raises and returns: groundkit's own when
groundkit is importable, so `except EvalError` and isinstance checks in
existing code keep working, else this package's copies (_models.py).

Each name is looked up on its own, where groundkit defines it; a name
groundkit lacks (an older or partial install) falls back to the copy.
"""

import functools
import importlib

from . import _models


# Once per process: a failed import searches sys.path again on every try.
@functools.lru_cache(maxsize=None)
def _groundkit_attribute(module_name, name):
    try:
        module = importlib.import_module(module_name)
    except ImportError:
        return None
    return getattr(module, name, None)


class _OwnGroundkitError(Exception):
    """Base exception for all groundkit errors (groundkit.errors.GroundkitError)."""


class _OwnEvalError(_OwnGroundkitError):
    """Error loading, validating, or resolving the golden eval corpus."""


_OwnGroundkitError.__name__ = _OwnGroundkitError.__qualname__ = "GroundkitError"
_OwnEvalError.__name__ = _OwnEvalError.__qualname__ = "EvalError"

GroundkitError = _groundkit_attribute("groundkit.errors", "GroundkitError") or _OwnGroundkitError
EvalError = _groundkit_attribute("groundkit.errors", "EvalError") or _OwnEvalError

_PLACES = {
    "BootstrapResult": "groundkit.evals.significance",
    "EvalReport": "groundkit.evals.schema",
    "RunMetadata": "groundkit.evals.schema",
    "RunConfig": "groundkit.evals.schema",
    "MetricSet": "groundkit.evals.schema",
    "StageResult": "groundkit.evals.schema",
    "QueryResult": "groundkit.evals.schema",
    "QueryMetrics": "groundkit.evals.schema",
    "GoldSpanResult": "groundkit.evals.schema",
    "RetrievedHit": "groundkit.evals.schema",
    "SynthesisReport": "groundkit.evals.schema",
    "EmbeddingIdentity": "groundkit.contracts",
    "Judgment": "groundkit.evals.corpus",
    "GoldSpan": "groundkit.evals.corpus",
    "BeirAdaptationReport": "groundkit.evals.beir",
}


def model_class(name):
    """groundkit's model `name`, or this package's copy of it."""
    return _groundkit_attribute(_PLACES[name], name) or getattr(_models, name)


def uses_groundkit(name):
    """Whether `name` (a model, or "EvalError") is groundkit's own class."""
    if name in ("EvalError", "GroundkitError"):
        return _groundkit_attribute("groundkit.errors", name) is not None
    return _groundkit_attribute(_PLACES[name], name) is not None
