"""The interpreter a DataFrame test runs in: this one when it has pandas,
else Debian's python3 where that has it (python3-pandas), else None."""
import os
import subprocess
import sys


def python_with_pandas():
    for python in (sys.executable, "/usr/bin/python3"):
        if os.path.exists(python) and \
                subprocess.run([python, "-c", "import pandas"], capture_output=True).returncode == 0:
            return python
    return None
