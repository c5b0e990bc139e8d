#!/usr/bin/env python3
"""Checks the repository's citations of its own specification (docs/).

Usage:
    check_citations.py REPO_ROOT      check every tracked text file of REPO_ROOT
    check_citations.py --self-test    prove on a small temporary tree that the check can fail

Python 3.11, standard library only.

Which files: `git ls-files --cached --others --exclude-standard` when REPO_ROOT is a git
work tree (so files not yet committed are checked too; listed files that no longer exist
are skipped), else every file under REPO_ROOT except .git/, build*/ and __pycache__/.
Binary files (a NUL byte in the first 8 KiB) are skipped, and so is this folder,
tests/docs/, whose self-test fixtures hold deliberately bad citations.

1. Citations. Grammar (the same text is in docs/README.md):

    citation := PATH [SEP ref {LISTSEP ref}]
    PATH     := "docs/" name ".md"       (not preceded by a letter, digit, "_", ".", "/" or "-")
    ref      := "§" sec ["-§" sec] [SEP items]
    sec      := N | N "." M
    items    := ("step" | "steps" | "case" | "cases") SEP range {LISTSEP range}
    range    := K | K "-" L
    LISTSEP  := "," SEP | SEP "and" SEP
    SEP      := spaces, or a line break followed by an optional comment leader
                (//, ///, #, *, /*, --) and spaces

   For each citation: the file must exist; each section N or N.M must have a Markdown
   heading numbered so (`## N. Title`, `### N.M Title`; outside code fences); for a range
   §A-§B both ends must exist and, when both are whole numbers (or share their prefix),
   every number between them. Steps and cases: the section's text, up to the next
   heading of the same or a higher level, must hold a numbered list item `K.` at the start
   of a line (after indentation), or a heading `Step K` / `Case K`, for every K cited.
   A PATH without "§" is checked for existence only.

2. Documents outside the repository. Fails on `reference N` (either case of the initial
   R; also `reference section N`), and on the file names in OUTSIDE_NAMES below, except in
   EXEMPT_FROM_OUTSIDE_RULE: docs/README.md (its provenance paragraph names the former
   notes) and the frozen ABI 1.0 headers (hashed byte for byte by tests/abi_compat; they
   predate docs/).

Each problem is printed as `path:line: message`; the exit code is 1 if there is any, else
0 after a one-line count. Exit code 2 is a usage error.
"""

import os
import pathlib
import re
import subprocess
import sys
import tempfile

SEP = r"(?:[ \t]+|[ \t]*\r?\n[ \t]*(?:(?:/{2,3}!?|#+|\*(?!/)|/\*+|--)[ \t]*)?)"
LISTSEP = r"(?:," + SEP + r"|" + SEP + r"and" + SEP + r")"

PATH_RE = re.compile(r"(?<![\w./-])docs/[A-Za-z0-9_][A-Za-z0-9_./-]*\.md")
FIRST_REF_RE = re.compile(SEP + r"(?=§)")
SECTION_RE = re.compile(r"§(\d+(?:\.\d+)?)")
RANGE_END_RE = re.compile(r"-§(\d+(?:\.\d+)?)")
ITEMS_RE = re.compile(SEP + r"(steps?|cases?)" + SEP + r"(\d+)(?:-(\d+))?\b")
MORE_ITEMS_RE = re.compile(LISTSEP + r"(\d+)(?:-(\d+))?\b")
MORE_REFS_RE = re.compile(LISTSEP + r"(?=§)")

# The former external notes; only their names are needed to refuse them.
OUTSIDE_NAMES = [
    r"DESIGN\.md",
    r"plugin-architecture\.md",
    r"groundkit-reference\.md",
    r"ir-eval-anchors\.md",
    r"statistics\.md",
]
OUTSIDE_RES = [
    (re.compile(r"\b[Rr]eference" + SEP + r"(?:sections?" + SEP + r")?\d"),
     "cites the external reference notes; cite docs/ instead (docs/README.md)"),
] + [(re.compile(name), "names a document outside the repository; cite docs/ instead")
     for name in OUTSIDE_NAMES]

EXEMPT_FROM_OUTSIDE_RULE = ("docs/README.md", "tests/abi_compat/abi-1.0/")
SKIPPED_PATHS = ("tests/docs/",)
SKIPPED_DIRS = {".git", "__pycache__"}

HEADING_RE = re.compile(r"^(#{1,6})[ \t]+(\d+(?:\.\d+)*)\.?(?=[ \t]|$)")
ITEM_HEADING_RE = re.compile(r"^(#{1,6})[ \t]+(?:step|case)[ \t]+(\d+)\b", re.IGNORECASE)
LIST_ITEM_RE = re.compile(r"^[ \t]*(\d+)\.[ \t]")
FENCE_RE = re.compile(r"^[ \t]*(```|~~~)")


class MarkdownDoc:
    """The numbered headings of one Markdown file and the list items under each."""

    def __init__(self, text):
        self.sections = {}  # "7" / "15.4" -> set of item numbers in that section's text
        lines = text.splitlines()
        headings = []  # (line index, level, number or None, item number or None)
        in_fence = False
        for index, line in enumerate(lines):
            if FENCE_RE.match(line):
                in_fence = not in_fence
                continue
            if in_fence or not line.startswith("#"):
                continue
            level = len(line) - len(line.lstrip("#"))
            numbered = HEADING_RE.match(line)
            item = ITEM_HEADING_RE.match(line)
            headings.append((index, level, numbered.group(2) if numbered else None,
                             int(item.group(2)) if item else None))
        for position, (index, level, number, _) in enumerate(headings):
            if number is None:
                continue
            end = len(lines)
            items = set()
            for later_index, later_level, _, later_item in headings[position + 1:]:
                if later_level <= level:
                    end = later_index
                    break
                if later_item is not None:
                    items.add(later_item)
            in_fence = False
            for line in lines[index + 1:end]:
                if FENCE_RE.match(line):
                    in_fence = not in_fence
                    continue
                match = LIST_ITEM_RE.match(line)
                if match and not in_fence:
                    items.add(int(match.group(1)))
            self.sections.setdefault(number, items)


def section_range_problems(doc, first, last):
    """The sections of §first-§last that the document lacks."""
    missing = [s for s in dict.fromkeys((first, last)) if s not in doc.sections]
    if missing:
        return missing
    a, b = first.split("."), last.split(".")
    if len(a) == len(b) and a[:-1] == b[:-1]:
        prefix = ".".join(a[:-1])
        for n in range(int(a[-1]), int(b[-1]) + 1):
            number = (prefix + "." if prefix else "") + str(n)
            if number not in doc.sections:
                missing.append(number)
    return missing


class Checker:
    def __init__(self, root):
        self.root = pathlib.Path(root)
        self.docs = {}
        self.problems = []
        self.citations = 0
        self.files = 0

    def doc(self, relative):
        if relative not in self.docs:
            path = self.root / relative
            self.docs[relative] = (MarkdownDoc(path.read_text(encoding="utf-8", errors="replace"))
                                   if path.is_file() else None)
        return self.docs[relative]

    def report(self, path, line, message):
        self.problems.append((path, line, message))

    def check_text(self, path, text):
        self.files += 1
        line_of = LineIndex(text)
        for match in PATH_RE.finditer(text):
            self.check_citation(path, text, match, line_of)
        if not path.startswith(EXEMPT_FROM_OUTSIDE_RULE):
            for pattern, message in OUTSIDE_RES:
                for found in pattern.finditer(text):
                    snippet = " ".join(found.group(0).split())
                    self.report(path, line_of(found.start()), "'%s' %s" % (snippet, message))

    def check_citation(self, path, text, match, line_of):
        target = match.group(0)
        line = line_of(match.start())
        self.citations += 1
        doc = self.doc(target)
        if doc is None:
            self.report(path, line, "%s does not exist" % target)
            return
        start = FIRST_REF_RE.match(text, match.end())
        if not start:
            return
        pos = start.end()
        while True:
            section = SECTION_RE.match(text, pos)
            if not section:
                return
            pos = section.end()
            first = last = section.group(1)
            ranged = RANGE_END_RE.match(text, pos)
            if ranged:
                last = ranged.group(1)
                pos = ranged.end()
            missing = section_range_problems(doc, first, last)
            for number in missing:
                self.report(path, line, "%s has no section §%s" % (target, number))
            items = ITEMS_RE.match(text, pos)
            if items:
                pos = items.end()
                kind = items.group(1).rstrip("s")
                ranges = [(items.group(2), items.group(3))]
                while True:
                    more = MORE_ITEMS_RE.match(text, pos)
                    if not more:
                        break
                    ranges.append((more.group(1), more.group(2)))
                    pos = more.end()
                if first != last:
                    self.report(path, line, "%s: a %s cannot be cited in a range of sections"
                                % (target, kind))
                elif not missing:
                    held = doc.sections[first]
                    for low, high in ranges:
                        for k in range(int(low), int(high or low) + 1):
                            if k not in held:
                                self.report(path, line, "%s §%s has no %s %d" % (target, first, kind, k))
            more_refs = MORE_REFS_RE.match(text, pos)
            if not more_refs:
                return
            pos = more_refs.end()

    def run(self):
        for relative in list_files(self.root):
            if relative.startswith(SKIPPED_PATHS):
                continue
            path = self.root / relative
            try:
                data = path.read_bytes()
            except OSError:
                continue
            if b"\0" in data[:8192]:
                continue
            self.check_text(relative, data.decode("utf-8", errors="replace"))
        return self.problems


class LineIndex:
    """1-based line number of an offset."""

    def __init__(self, text):
        self.starts = [0] + [m.end() for m in re.finditer(r"\n", text)]

    def __call__(self, offset):
        low, high = 0, len(self.starts)
        while high - low > 1:
            middle = (low + high) // 2
            if self.starts[middle] <= offset:
                low = middle
            else:
                high = middle
        return low + 1


def list_files(root):
    root = pathlib.Path(root)
    try:
        top = subprocess.run(["git", "-C", str(root), "rev-parse", "--show-toplevel"],
                             capture_output=True, text=True, check=True).stdout.strip()
        is_checkout = pathlib.Path(top).resolve() == root.resolve()
    except (OSError, subprocess.CalledProcessError):
        is_checkout = False
    if is_checkout:
        listed = subprocess.run(
            ["git", "-C", str(root), "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
            capture_output=True, check=True).stdout.decode("utf-8", errors="replace")
        names = sorted(set(name for name in listed.split("\0") if name))
        return [name for name in names if (root / name).is_file()]
    found = []
    for directory, subdirs, files in os.walk(root):
        relative_dir = pathlib.Path(directory).relative_to(root)
        subdirs[:] = sorted(d for d in subdirs if d not in SKIPPED_DIRS
                            and not (relative_dir == pathlib.Path(".") and d.startswith("build")))
        for name in sorted(files):
            found.append((relative_dir / name).as_posix())
    return found


def check(root, out=sys.stdout):
    checker = Checker(root)
    problems = checker.run()
    for path, line, message in sorted(problems):
        print("%s:%d: %s" % (path, line, message), file=out)
    if problems:
        print("check_citations: %d problem(s) in %d citation(s) of %d file(s)"
              % (len(problems), checker.citations, checker.files), file=out)
    else:
        print("check_citations: %d citation(s) in %d file(s) checked, no problems"
              % (checker.citations, checker.files), file=out)
    return checker, problems


SELF_TEST_DOC = """# A spec

## 1. First

1. one
2. two
   - nested bullet
3. three

### 1.1 Sub

```
4. not an item: inside a code fence
## 9. not a heading: inside a code fence
```

## 2. Second

### Step 1

### Step 2

## 3. Third
"""

SELF_TEST_SOURCE = """// good: docs/spec.md §1 step 2 and docs/spec.md §1.1
// good: docs/spec.md §1 steps 1-3, docs/spec.md §1-§3, docs/spec.md §2 steps 1-2
// good: docs/spec.md §1, §2 and §3; docs/spec.md §1 steps
// 2-3 (wrapped)
// bad: docs/spec.md §4
// bad: docs/spec.md §1 step 4
// bad: docs/missing.md §1
// bad: see reference 3.7 for this
// fine: sdk/docs/other.md is not ours; docs/spec.md alone is fine
"""

SELF_TEST_EXPECTED = [
    ("src/a.cpp", 5, "docs/spec.md has no section §4"),
    ("src/a.cpp", 6, "docs/spec.md §1 has no step 4"),
    ("src/a.cpp", 7, "docs/missing.md does not exist"),
    ("src/a.cpp", 8, "'reference 3' cites the external reference notes; cite docs/ instead "
                     "(docs/README.md)"),
]


def self_test():
    with tempfile.TemporaryDirectory() as temp:
        root = pathlib.Path(temp)
        (root / "docs").mkdir()
        (root / "src").mkdir()
        (root / "docs" / "spec.md").write_text(SELF_TEST_DOC, encoding="utf-8")
        (root / "src" / "a.cpp").write_text(SELF_TEST_SOURCE, encoding="utf-8")
        # The exempt README may name the former notes; nothing else may.
        (root / "docs" / "README.md").write_text(
            "Written from DESIGN.md and reference 3.7; see docs/spec.md §2.\n", encoding="utf-8")
        with open(os.devnull, "w", encoding="utf-8") as quiet:
            checker, problems = check(root, quiet)
    if sorted(problems) != SELF_TEST_EXPECTED:
        print("check_citations --self-test: FAILED", file=sys.stderr)
        print("expected:", *SELF_TEST_EXPECTED, sep="\n  ", file=sys.stderr)
        print("got:", *sorted(problems), sep="\n  ", file=sys.stderr)
        return 1
    print("check_citations --self-test: ok (%d citations, the %d bad ones reported exactly)"
          % (checker.citations, len(SELF_TEST_EXPECTED)))
    return 0


def main(argv):
    if argv[1:] == ["--self-test"]:
        return self_test()
    if len(argv) != 2 or argv[1].startswith("-"):
        print("usage: check_citations.py REPO_ROOT | --self-test", file=sys.stderr)
        return 2
    if not pathlib.Path(argv[1]).is_dir():
        print("check_citations.py: %s is not a folder" % argv[1], file=sys.stderr)
        return 2
    _, problems = check(argv[1])
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
