"""Extracts the code samples of sdk/README.md so the suite can build and run them.

A fenced block opened with ```cpp compile:<file>.cpp becomes <out>/cpp/<file>.cpp,
one opened with ```c compile:<file>.c becomes <out>/c/<file>.c, and one opened
with ```python run becomes <out>/python/sample_<n>.py. Other blocks are prose.
Usage: extract_guide_samples.py README OUT_DIR
"""

import pathlib
import re
import sys

FENCE = re.compile(r"^( *)```(\S*)(?: +(\S+))?\s*$")


def blocks(text):
    """(info, argument, code) for every fenced block, dedented by its fence."""
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        opened = FENCE.match(lines[i])
        if not opened or not opened.group(2):
            i += 1
            continue
        indent, info, argument = len(opened.group(1)), opened.group(2), opened.group(3) or ""
        body = []
        i += 1
        while i < len(lines) and lines[i].strip() != "```":
            body.append(lines[i][indent:])
            i += 1
        i += 1
        yield info, argument, "\n".join(body) + "\n"


def main(readme, out):
    out = pathlib.Path(out)
    for sub in ("cpp", "c", "python"):
        (out / sub).mkdir(parents=True, exist_ok=True)
        for old in (out / sub).iterdir():
            old.unlink()
    count = {"cpp": 0, "c": 0, "python": 0}
    for info, argument, code in blocks(pathlib.Path(readme).read_text(encoding="utf-8")):
        if info == "cpp" and argument.startswith("compile:"):
            name = argument[len("compile:"):]
            if not re.fullmatch(r"[a-z0-9_]+\.cpp", name):
                sys.exit("bad sample file name %r" % name)
            (out / "cpp" / name).write_text(code, encoding="utf-8")
            count["cpp"] += 1
        elif info == "c" and argument.startswith("compile:"):
            name = argument[len("compile:"):]
            if not re.fullmatch(r"[a-z0-9_]+\.c", name):
                sys.exit("bad sample file name %r" % name)
            (out / "c" / name).write_text(code, encoding="utf-8")
            count["c"] += 1
        elif info == "python" and argument == "run":
            count["python"] += 1
            (out / "python" / ("sample_%d.py" % count["python"])).write_text(code, encoding="utf-8")
    if 0 in count.values():
        sys.exit("no samples found in %s: %r" % (readme, count))
    print("extracted %d C++, %d C and %d Python samples" % (count["cpp"], count["c"], count["python"]))


if __name__ == "__main__":
    main(*sys.argv[1:])
