"""The LaTeX reports compile as the README says: each golden .tex \\input into a
plain `article` whose preamble has only \\usepackage{booktabs}, with pdflatex.
The paper tables (`grk-eval report --format latex`) must not run past
\\textwidth: no "Overfull \\hbox" in the log, except hostile-names, whose names
are made long on purpose; the --full forms must compile. Page 1 of each paper
table is rendered with pdftoppm to build/tests/report_render/latex-NAME.png,
to be looked at. Exits 77 (skipped) where pdflatex or pdftoppm is absent: the
project's scripts install texlive-latex-recommended and poppler-utils.
"""
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile

SOURCE = pathlib.Path(os.environ["GRK_SOURCE_DIR"])
OUT = pathlib.Path(os.environ["GRK_BINARY_DIR"]) / "tests" / "report_render"
GOLDEN = SOURCE / "tests" / "report_render" / "golden"
MAY_OVERFLOW = {"hostile-names"}  # names made long and unbreakable on purpose

PREAMBLE = "\\documentclass{article}\n\\usepackage{booktabs}\n\\begin{document}\n\\input{table}\n\\end{document}\n"


def compile_table(tex, work):
    (work / "table.tex").write_bytes(tex.read_bytes())
    (work / "paper.tex").write_text(PREAMBLE)
    done = subprocess.run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error", "paper.tex"], cwd=work,
                          capture_output=True, check=False)
    log = (work / "paper.log").read_text(encoding="latin-1") if (work / "paper.log").exists() else ""
    return done.returncode, log


def main():
    missing = [tool for tool in ("pdflatex", "pdftoppm") if shutil.which(tool) is None]
    if missing:
        print("skipped: %s not installed (the scripts install texlive-latex-recommended and poppler-utils)"
              % " and ".join(missing))
        return 77
    OUT.mkdir(parents=True, exist_ok=True)
    failures = []
    tables = sorted(GOLDEN.glob("*.tex"))
    for tex in tables:
        name = tex.stem
        with tempfile.TemporaryDirectory() as tmp:
            work = pathlib.Path(tmp)
            code, log = compile_table(tex, work)
            errors = [line for line in log.splitlines() if line.startswith("!")]
            overfull = re.findall(r"Overfull \\hbox \(([0-9.]+)pt too wide\)", log)
            paper = not name.endswith("-full")
            if code != 0 or errors:
                failures.append("%s: pdflatex failed (%d): %s" % (tex.name, code, "; ".join(errors) or log[-400:]))
                continue
            if paper and overfull and name not in MAY_OVERFLOW:
                failures.append("%s: %d line(s) past \\textwidth (%spt)" % (tex.name, len(overfull), ", ".join(overfull)))
                continue
            if paper:
                subprocess.run(["pdftoppm", "-png", "-r", "110", "-f", "1", "-l", "1", "-singlefile",
                                str(work / "paper.pdf"), str(OUT / ("latex-" + name))], check=True)
            allowed = " (%d overfull line(s), allowed here)" % len(overfull) if overfull else ""
            print("ok   %s%s" % (tex.name, allowed))
    for failure in failures:
        print("FAIL " + failure)
    print("%d passed, %d failed" % (len(tables) - len(failures), len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
