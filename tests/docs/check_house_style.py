#!/usr/bin/env python3
"""Checks the rules of docs/design.md §7 that a script can see.

Usage:
    check_house_style.py REPO_ROOT      check every tracked C/C++ source of REPO_ROOT
    check_house_style.py --self-test    prove on a small temporary tree that the check can fail

Rules (docs/design.md §7.1, §7.4, §7.7):
- every header (.h, .hpp) has an include guard `#ifndef X` / `#define X` before any other
  code, and none uses `#pragma once`;
- SDK headers are included as `<grk/...>`, never `"grk/..."`;
- every plugin folder (plugins/<name>/, sdk/examples/<name>/) holds CMakeLists.txt,
  README.md and src/module.cpp, and no C/C++ source outside src/;
- in the libraries (host/src/, plugins/<name>/src/) every source sits in a folder of its
  concern (a plugin's src/module.cpp alone stays at the top), and no folder name is used by
  two libraries;
- a library's own headers are included by their path from its src/ (`"run/config.hpp"`),
  everywhere: a bare `"config.hpp"` names no folder;
- a library header's guard follows its path: `GRK_HOST_RUN_CONFIG_HPP` for
  host/src/run/config.hpp, `GRK_BEIR_READ_QRELS_READER_HPP` for a plugin's;
- the layers (LAYER_ORDER below): in the host and in each plugin, a folder includes nothing
  from the folders above it;
- the host includes of the SDK's grk/detail/ only the headers HOST_DETAIL names
  (docs/design.md §5.1 says why each);
- the SDK's core headers (sdk/include/grk/*.h, *.hpp) include none of its optional parts
  (grk/json/, grk/python/, grk/groundkit/, grk/output/, grk/eval/), except CORE_USING_OPTIONAL
  (docs/design.md §5.1 says why each).
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
# Each library's folders, lowest layer first (docs/design.md §7.1, docs/architecture.md §2):
# a folder includes nothing from a folder listed after it, nor from a peer in its own tuple;
# what a lower layer includes of a higher one would be a cycle in waiting.
LAYER_ORDER = {
    "host/src": ("support", "report", "modules", "run", "cli", "verbs"),
    "plugins/beir/src": ("source", "rules", "read", "policies", "write", "pipeline"),
    "plugins/measures/src": ("trec", "ranking", "scoring", "catalog", "evaluation", "printing", "statistic"),
    "plugins/significance/src": (("resampling", "inputs"), "methods", "results", "components"),
}


def layers():
    """A folder of a library -> the folders of the same library it must not include from."""
    found = {}
    for src, order in LAYER_ORDER.items():
        tiers = [(tier,) if isinstance(tier, str) else tier for tier in order]
        for i, tier in enumerate(tiers):
            above = tuple(folder for later in tiers[i + 1:] for folder in later)
            for folder in tier:
                found[f"{src}/{folder}"] = above + tuple(peer for peer in tier if peer != folder)
    return found


LAYERS = layers()

# The SDK's grk/detail/ headers the host may include, and nothing else of grk/detail/
# (docs/design.md §5.1): one SHA-256 for the host's provenance and the id encoding's digest
# names, and one spelling of a JSON value's kind for the messages the host and the SDK share.
HOST_DETAIL = ("grk/detail/sha256.hpp", "grk/detail/json_kind.hpp")


# The core headers that use an optional part (docs/design.md §5.1): the generated entry point,
# which reads the params and writes the result with the exact JSON reader and writer, and the
# parameter checks, which quote a refused value as Python's repr() does. A component's own
# headers (statistic.hpp, dataset_adapter.hpp, param.hpp, ...) pull in none.
CORE_USING_OPTIONAL = ("sdk/include/grk/plugin.hpp", "sdk/include/grk/param_checks.hpp")
OPTIONAL_PARTS = ("grk/json/", "grk/python/", "grk/groundkit/", "grk/output/", "grk/eval/")


def core_problems(rel, text):
    """A core SDK header, other than CORE_USING_OPTIONAL, including an optional part."""
    if not re.fullmatch(r"sdk/include/grk/[^/]+\.(h|hpp)", rel) or rel in CORE_USING_OPTIONAL:
        return
    for number, line in enumerate(text.splitlines(), 1):
        m = re.match(r'\s*#\s*include\s+<(grk/[^>]+)>', line)
        if m and m.group(1).startswith(OPTIONAL_PARTS):
            yield number, f"a core header includes <{m.group(1)}>, an optional part (docs/design.md §5.1)"


def detail_problems(rel, text):
    """A host source including a grk/detail/ header that HOST_DETAIL does not name."""
    if not rel.startswith("host/src/"):
        return
    for number, line in enumerate(text.splitlines(), 1):
        m = re.match(r'\s*#\s*include\s+<(grk/detail/[^>]+)>', line)
        if m and m.group(1) not in HOST_DETAIL:
            yield number, f"includes <{m.group(1)}>, which the host may not use (docs/design.md §5.1)"


# A plugin's logic library that links another's includes that library's headers
# by their path from its src/ too (docs/design.md §7.4): significance scores TREC
# runs with the measures plugin's code (runs_format trec_run), and the host reads
# report --metric in its measure language.
LINKED_SOURCES = {"plugins/significance/src": ("plugins/measures/src",), "host/src": ("plugins/measures/src",)}


def libraries(root):
    """The libraries' src/ folders and the prefix of their header guards."""
    found = []
    if (root / "host/src").is_dir():
        found.append(("host/src", "GRK_HOST_"))
    if (root / "plugins").is_dir():
        for plugin in sorted(p for p in (root / "plugins").iterdir() if (p / "src").is_dir()):
            found.append((f"plugins/{plugin.name}/src", f"GRK_{plugin.name.upper()}_"))
    return found


def library_problems(root, files):
    problems = []
    libs = libraries(root)
    headers = {}  # bare name -> the path a library's header is included by
    owner = {}    # top folder -> the library that has it
    for src, _ in libs:
        for rel in files:
            if not rel.startswith(src + "/"):
                continue
            inner = rel[len(src) + 1:]
            if "/" not in inner:
                if pathlib.Path(rel).suffix in SOURCE_SUFFIXES and not (src.startswith("plugins/") and inner == "module.cpp"):
                    problems.append(f"{rel}: a source at the top of {src}/; put it in the folder of its concern (docs/design.md §7.1)")
                continue
            top = inner.split("/", 1)[0]
            if owner.setdefault(top, src) != src:
                problems.append(f"{src}/{top}: folder name also used by {owner[top]}/ (docs/design.md §7.1)")
                owner[top] = src  # once per pair
            if pathlib.Path(rel).suffix in (".h", ".hpp"):
                headers.setdefault(pathlib.Path(rel).name, inner)
    include = re.compile(r'\s*#\s*include\s+"([^"]+)"')
    for rel in files:
        if pathlib.Path(rel).suffix not in SOURCE_SUFFIXES or rel.startswith(EXEMPT):
            continue
        lib = next(((src, prefix) for src, prefix in libs if rel.startswith(src + "/")), None)
        text = (root / rel).read_text(encoding="utf-8", errors="replace")
        for number, line in enumerate(text.splitlines(), 1):
            m = include.match(line)
            if not m or m.group(1).startswith("grk/"):
                continue
            name = m.group(1)
            if lib:
                if not any((root / src / name).is_file() for src in (lib[0],) + LINKED_SOURCES.get(lib[0], ())):
                    problems.append(f'{rel}:{number}: includes "{name}", which is no path from {lib[0]}/ (docs/design.md §7.4)')
                    continue
                folder = "/".join(rel.split("/")[:len(lib[0].split("/")) + 1])
                if "/" in name and name.split("/", 1)[0] in LAYERS.get(folder, ()):
                    problems.append(f'{rel}:{number}: {folder}/ includes "{name}" of a higher layer (docs/design.md §7.1)')
            elif "/" not in name and name in headers and not (root / rel).with_name(name).is_file():
                problems.append(f'{rel}:{number}: includes "{name}" without its path; write "{headers[name]}" (docs/design.md §7.4)')
        if lib and pathlib.Path(rel).suffix in (".h", ".hpp"):
            inner = rel[len(lib[0]) + 1:]
            want = lib[1] + re.sub(r"[^A-Za-z0-9]", "_", inner).upper()
            guard = re.search(r"^\s*#ifndef\s+(\S+)", text, flags=re.M)
            if guard and guard.group(1) != want:
                number = text[:guard.start(1)].count("\n") + 1
                problems.append(f"{rel}:{number}: include guard {guard.group(1)}; its path calls for {want} (docs/design.md §7.4)")
    return problems


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
        problems += [f"{rel}:{n}: {m}" for n, m in detail_problems(rel, text)]
        problems += [f"{rel}:{n}: {m}" for n, m in core_problems(rel, text)]
    problems += library_problems(root, files)
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
        (root / "plugins/good/src/core").mkdir()
        (root / "plugins/good/src/core/ok.hpp").write_text("// why\n#ifndef GRK_GOOD_CORE_OK_HPP\n#define GRK_GOOD_CORE_OK_HPP\n#endif\n")
        (root / "plugins/flat").mkdir()
        (root / "plugins/flat/module.cpp").write_text('#include "grk/plugin.hpp"\n')
        (root / "plugins/flat/bad.hpp").write_text("#pragma once\nint x;\n")
        (root / "plugins/good/src/read").mkdir()
        (root / "plugins/good/src/read/rows.hpp").write_text("#ifndef GRK_GOOD_ROWS_HPP\n#define GRK_GOOD_ROWS_HPP\n#endif\n")
        (root / "plugins/good/src/read/rows.cpp").write_text('#include "rows.hpp"\n#include "read/rows.hpp"\n')
        (root / "plugins/good/src/loose.cpp").write_text("")
        (root / "host/src/report").mkdir(parents=True)
        (root / "host/src/run").mkdir()
        (root / "host/src/read").mkdir()
        (root / "host/src/read/x.hpp").write_text("#ifndef GRK_HOST_READ_X_HPP\n#define GRK_HOST_READ_X_HPP\n#endif\n")
        (root / "host/src/run/plan.hpp").write_text("#ifndef GRK_HOST_RUN_PLAN_HPP\n#define GRK_HOST_RUN_PLAN_HPP\n#endif\n")
        (root / "host/src/report/model.cpp").write_text('#include "run/plan.hpp"\n#include <grk/detail/sha256.hpp>\n'
                                                        '#include <grk/detail/report_lax.hpp>\n')
        (root / "host/src/cli").mkdir()
        (root / "host/src/cli/options.hpp").write_text("#ifndef GRK_HOST_CLI_OPTIONS_HPP\n#define GRK_HOST_CLI_OPTIONS_HPP\n#endif\n")
        (root / "host/src/run/plan.cpp").write_text('#include "run/plan.hpp"\n#include "cli/options.hpp"\n')
        (root / "sdk/include/grk").mkdir(parents=True)
        (root / "sdk/include/grk/plugin.hpp").write_text("#ifndef GRK_PLUGIN_HPP\n#define GRK_PLUGIN_HPP\n"
                                                         "#include <grk/json/reader.hpp>\n#endif\n")
        (root / "sdk/include/grk/param.hpp").write_text("#ifndef GRK_PARAM_HPP\n#define GRK_PARAM_HPP\n"
                                                        "#include <grk/python/repr.hpp>\n#endif\n")
        (root / "sdk/include/grk/statistic.hpp").write_text("#ifndef GRK_STATISTIC_HPP\n#define GRK_STATISTIC_HPP\n"
                                                            "#include <grk/eval/score_file.hpp>\n#endif\n")
        for folder in ("scoring", "catalog"):
            (root / "plugins/measures/src" / folder).mkdir(parents=True)
        for needed in ("CMakeLists.txt", "README.md", "src/module.cpp"):
            (root / "plugins/measures" / needed).write_text("")
        (root / "plugins/measures/src/catalog/names.hpp").write_text(
            "#ifndef GRK_MEASURES_CATALOG_NAMES_HPP\n#define GRK_MEASURES_CATALOG_NAMES_HPP\n#endif\n")
        (root / "plugins/measures/src/catalog/names.cpp").write_text('#include "catalog/names.hpp"\n')
        (root / "plugins/measures/src/scoring/gains.cpp").write_text('#include "catalog/names.hpp"\n')
        (root / "tests/x").mkdir(parents=True)
        (root / "tests/x/x_test.cpp").write_text('#include "plan.hpp"\n')
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
            'plugins/good/src/loose.cpp: a source at the top of plugins/good/src/; put it in the folder of its concern (docs/design.md §7.1)',
            'plugins/good/src/read: folder name also used by host/src/ (docs/design.md §7.1)',
            'plugins/good/src/read/rows.cpp:1: includes "rows.hpp", which is no path from plugins/good/src/ (docs/design.md §7.4)',
            'plugins/good/src/read/rows.hpp:1: include guard GRK_GOOD_ROWS_HPP; its path calls for GRK_GOOD_READ_ROWS_HPP (docs/design.md §7.4)',
            'host/src/report/model.cpp:1: host/src/report/ includes "run/plan.hpp" of a higher layer (docs/design.md §7.1)',
            'host/src/report/model.cpp:3: includes <grk/detail/report_lax.hpp>, which the host may not use (docs/design.md §5.1)',
            'host/src/run/plan.cpp:2: host/src/run/ includes "cli/options.hpp" of a higher layer (docs/design.md §7.1)',
            'plugins/measures/src/scoring/gains.cpp:1: plugins/measures/src/scoring/ includes "catalog/names.hpp" of a higher layer (docs/design.md §7.1)',
            'sdk/include/grk/param.hpp:3: a core header includes <grk/python/repr.hpp>, an optional part (docs/design.md §5.1)',
            'sdk/include/grk/statistic.hpp:3: a core header includes <grk/eval/score_file.hpp>, an optional part (docs/design.md §5.1)',
            'tests/x/x_test.cpp:1: includes "plan.hpp" without its path; write "run/plan.hpp" (docs/design.md §7.4)',
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
