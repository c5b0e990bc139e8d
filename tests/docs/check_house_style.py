#!/usr/bin/env python3
"""Checks the rules of docs/design.md §7 that a script can see.

Usage:
    check_house_style.py REPO_ROOT      check every tracked C/C++ source of REPO_ROOT
    check_house_style.py --self-test    prove on a small temporary tree that the check can fail

Rules (docs/design.md §7.4, §7.7):
- every header (.h, .hpp) has an include guard `#ifndef X` / `#define X` before any other
  code, and none uses `#pragma once`;
- SDK headers are included as `<grk/...>`, never `"grk/..."`;
- every plugin folder (plugins/<name>/, sdk/examples/<name>/) holds CMakeLists.txt,
  README.md and src/module.cpp, and no C/C++ source outside src/.
The frozen ABI 1.0 copy (tests/abi_compat/abi-1.0/) is exempt: it is hashed byte for byte.
Prints `path:line: message` per problem; exit 1 when there is any.
"""
import pathlib
import re
import subprocess
import sys
import tempfile

SOURCE_SUFFIXES = {".h", ".hpp", ".c", ".cpp"}
EXEMPT = ("tests/abi_compat/abi-1.0/",)
PLUGIN_PARENTS = ("plugins", "sdk/examples")


def tracked_files(root):
    try:
        out = subprocess.run(["git", "-C", str(root), "ls-files", "--cached", "--others", "--exclude-standard"],
                             capture_output=True, text=True, check=True).stdout
        return sorted(p for p in out.splitlines() if (root / p).is_file())
    except (OSError, subprocess.CalledProcessError):
        return sorted(str(p.relative_to(root)) for p in root.rglob("*")
                      if p.is_file() and not any(part.startswith((".git", "build")) for part in p.relative_to(root).parts))


def header_problems(rel, text):
    lines = text.splitlines()
    for number, line in enumerate(lines, 1):
        if line.strip() == "#pragma once":
            yield number, "uses #pragma once; use an #ifndef include guard"
    # Block comments blanked (newlines kept, so line numbers hold), then line comments.
    bare = re.sub(r"/\*.*?\*/", lambda m: "\n" * m.group(0).count("\n"), text, flags=re.S)
    code = [(n, l.strip()) for n, l in enumerate(bare.splitlines(), 1)
            if l.strip() and not l.strip().startswith("//")]
    if len(code) < 2 or not code[0][1].startswith("#ifndef ") or \
            code[1][1] != "#define " + code[0][1][len("#ifndef "):].strip():
        yield (code[0][0] if code else 1), "has no include guard (#ifndef X / #define X first)"


def check(root):
    root = pathlib.Path(root)
    problems = []
    files = tracked_files(root)
    for rel in files:
        path = root / rel
        if path.suffix not in SOURCE_SUFFIXES or rel.startswith(EXEMPT):
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        for number, line in enumerate(text.splitlines(), 1):
            if re.match(r'\s*#\s*include\s+"grk/', line):
                problems.append(f'{rel}:{number}: includes an SDK header with quotes; write <grk/...>')
        if path.suffix in (".h", ".hpp"):
            problems += [f"{rel}:{n}: {m}" for n, m in header_problems(rel, text)]
    for parent in PLUGIN_PARENTS:
        folder = root / parent
        if not folder.is_dir():
            continue
        for plugin in sorted(p for p in folder.iterdir() if p.is_dir()):
            rel = f"{parent}/{plugin.name}"
            for needed in ("CMakeLists.txt", "README.md", "src/module.cpp"):
                if not (plugin / needed).is_file():
                    problems.append(f"{rel}: has no {needed} (docs/design.md §7.7)")
            for source in files:
                if source.startswith(rel + "/") and pathlib.Path(source).suffix in SOURCE_SUFFIXES \
                        and not source.startswith(rel + "/src/") and not source.startswith(rel + "/tests/"):
                    problems.append(f"{source}: a source outside {rel}/src/ (docs/design.md §7.7)")
    return problems


def self_test():
    with tempfile.TemporaryDirectory() as tmp:
        root = pathlib.Path(tmp)
        (root / "plugins/good/src").mkdir(parents=True)
        (root / "plugins/good/CMakeLists.txt").write_text("")
        (root / "plugins/good/README.md").write_text("")
        (root / "plugins/good/src/module.cpp").write_text('#include <grk/plugin.hpp>\n')
        (root / "plugins/good/src/ok.hpp").write_text("// why\n#ifndef OK_HPP\n#define OK_HPP\n#endif\n")
        (root / "plugins/flat").mkdir()
        (root / "plugins/flat/module.cpp").write_text('#include "grk/plugin.hpp"\n')
        (root / "plugins/flat/bad.hpp").write_text("#pragma once\nint x;\n")
        got = check(root)
        want = [
            'plugins/flat/module.cpp:1: includes an SDK header with quotes; write <grk/...>',
            'plugins/flat/bad.hpp:1: uses #pragma once; use an #ifndef include guard',
            'plugins/flat/bad.hpp:1: has no include guard (#ifndef X / #define X first)',
            'plugins/flat: has no CMakeLists.txt (docs/design.md §7.7)',
            'plugins/flat: has no README.md (docs/design.md §7.7)',
            'plugins/flat: has no src/module.cpp (docs/design.md §7.7)',
            'plugins/flat/bad.hpp: a source outside plugins/flat/src/ (docs/design.md §7.7)',
            'plugins/flat/module.cpp: a source outside plugins/flat/src/ (docs/design.md §7.7)',
        ]
        if sorted(got) != sorted(want):
            print("self-test failed; got:\n  " + "\n  ".join(got))
            return 1
    print(f"ok ({len(want)} problems of a bad tree reported exactly, none of the good one)")
    return 0


def main(argv):
    if argv[1:] == ["--self-test"]:
        return self_test()
    if len(argv) != 2:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    problems = check(argv[1])
    for problem in problems:
        print(problem)
    if problems:
        return 1
    print("check_house_style: no problems")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
