"""`python3 -m grk_plugins MODULE.so [COMPONENT [PARAMS_JSON]]`, and the same
with the package folder as the script (`python3 .../grk_plugins ...`): see the
package's docstring."""
import os
import sys

if __package__ in (None, ""):
    # Run as a folder: Python put the folder itself first on sys.path, the
    # package is importable from its parent.
    sys.path[0] = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

from grk_plugins import main  # noqa: E402

sys.exit(main(sys.argv))
