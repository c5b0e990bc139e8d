#!/usr/bin/env python3
"""The HTML report in a real browser (docs/design.md §4.10).

For the fixed results documents in documents/ and a generated one of 50
systems x 5 metrics, `grk-eval report --format html` writes a page that
headless Chromium loads from disk. The DOM Chromium dumps must hold a forest
plot row for every comparison record of the document (found here by reading
the JSON, not by asking grk-eval) and a per-query plot for every record with
per-query deltas; the page must carry its Content-Security-Policy; and
Chromium's network log must show no request made by the page; and at a
1280-pixel window no table may be wider than its box (a measuring page of the
test's own frames the report). A control page that does fetch from the
network shows that the log check catches one.
Screenshots are kept in the build folder (tests/report_render/*.png).

Exits 77 (CTest's SKIP_RETURN_CODE for this test) when Chromium is absent.
"""
import html
import html.parser
import json
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile

SOURCE = pathlib.Path(os.environ["GRK_SOURCE_DIR"])
BUILD = pathlib.Path(os.environ["GRK_BINARY_DIR"])
GRK_EVAL = os.environ["GRK_EVAL"]
HERE = SOURCE / "tests" / "report_render"
OUT = BUILD / "tests" / "report_render"
POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:"

# Chromium's own services (updates, sync, accounts) are turned off where
# flags allow; what remains is told apart from the page's requests below.
QUIET = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run", "--no-default-browser-check",
         "--disable-default-apps", "--disable-extensions", "--disable-breakpad", "--hide-scrollbars"]

failures = []


def check(condition, message):
    if not condition:
        failures.append(message)


def chromium_binary():
    for name in ("chromium", "chromium-browser"):
        found = shutil.which(name)
        if found:
            return found
    return None


def chromium(browser, profile, args, page):
    """Runs Chromium on `page` with a private profile; returns stdout."""
    command = [browser, *QUIET, f"--user-data-dir={profile}", *args, page.as_uri()]
    done = subprocess.run(command, capture_output=True, text=True, timeout=90)
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} exited {done.returncode}: {done.stderr[-2000:]}")
    return done.stdout


def page_requests(net_log):
    """The URLs the page asked the network for: every request job the log
    shows except Chromium's own, whose initiator is 'not an origin'."""
    log = json.loads(net_log.read_text(encoding="utf-8"))
    start_job = log["constants"]["logEventTypes"]["URL_REQUEST_START_JOB"]
    jobs = [event.get("params", {}) for event in log["events"] if event["type"] == start_job]
    return sorted({job["url"] for job in jobs if "url" in job and job.get("initiator") != "not an origin"})


class Marks(html.parser.HTMLParser):
    """The plot marks, meta tags and script elements of a dumped DOM."""

    def __init__(self):
        super().__init__()
        self.forest_rows = []
        self.delta_plots = []
        self.effect_marks = 0
        self.policies = []
        self.scripts = 0

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        classes = (attributes.get("class") or "").split()
        key = (attributes.get("data-step"), attributes.get("data-baseline"), attributes.get("data-candidate"),
               attributes.get("data-metric"))
        if tag == "g" and "forest-row" in classes:
            self.forest_rows.append(key)
        if tag == "svg" and "delta-plot" in classes:
            self.delta_plots.append(key)
        if tag == "circle" and "effect-mark" in classes:
            self.effect_marks += 1
        if tag == "meta" and (attributes.get("http-equiv") or "").lower() == "content-security-policy":
            self.policies.append(attributes.get("content"))
        if tag == "script":
            self.scripts += 1


def comparison_records(document):
    """(step, baseline, candidate, metric, has per-query deltas) of every
    record: a result that is one, or the records of its "comparisons"."""
    records = []
    for step in document["steps"]:
        result = step.get("result")
        if not isinstance(result, dict):
            continue
        items = result["comparisons"] if isinstance(result.get("comparisons"), list) else [result]
        for item in items:
            if all(isinstance(item.get(k), str) for k in ("baseline", "candidate", "metric")) and "effect" in item:
                records.append(((step["id"], item["baseline"], item["candidate"], item["metric"]),
                                "per_query_deltas" in item))
    return records


def large_document():
    comparisons = []
    for system in range(50):
        for metric in ("ndcg_at_10", "mrr", "recall_at_1", "recall_at_5", "recall_at_10"):
            effect = (system - 25) / 100
            comparisons.append({"baseline": "bm25", "candidate": f"system-with-a-long-name-{system}", "metric": metric,
                                "test": "paired-bootstrap", "baseline_mean": 0.5, "candidate_mean": 0.5 + effect,
                                "effect": effect, "confidence_interval_low": effect - 0.1,
                                "confidence_interval_high": effect + 0.1, "p_value_two_sided": 0.01,
                                "p_value_adjusted": 0.04, "alpha": 0.05, "significant": system % 3 == 0})
    return {"steps": [{"id": "fifty-systems", "component": "compare-systems", "kind": "statistic", "status": "ok",
                       "result": {"test": "bootstrap", "correction": "holm", "alpha": 0.05,
                                  "comparisons": comparisons}}],
            "provenance": {"host_version": "1.0.0", "sdk_version": "1.0.0", "abi_version": 1, "inputs": []}}


def test_page(browser, work, name, document_file):
    document = json.loads(document_file.read_text(encoding="utf-8"))
    page = OUT / f"{name}.html"
    subprocess.run([GRK_EVAL, "report", str(document_file), "--output", str(page)], check=True,
                   capture_output=True)
    net_log = work / f"{name}-net.json"
    dom = chromium(browser, work / f"{name}-profile", [f"--log-net-log={net_log}", "--dump-dom"], page)
    marks = Marks()
    marks.feed(dom)
    records = comparison_records(document)
    check(len(records) > 0, f"{name}: the document has no comparison records")
    for key, has_deltas in records:
        check(marks.forest_rows.count(key) == 1, f"{name}: no single forest plot row for {key}")
        check(not has_deltas or marks.delta_plots.count(key) == 1, f"{name}: no per-query plot for {key}")
    check(len(marks.forest_rows) == len(records), f"{name}: {len(marks.forest_rows)} rows for {len(records)} records")
    check(marks.effect_marks == len(records), f"{name}: {marks.effect_marks} effect marks for {len(records)} records")
    check(marks.policies == [POLICY], f"{name}: Content-Security-Policy {marks.policies}")
    check(marks.scripts == 0, f"{name}: {marks.scripts} script elements in the DOM")
    requested = page_requests(net_log)
    check(requested == [], f"{name}: the page requested {requested}")
    for width, suffix in ((1280, ""), (390, "-phone")):
        shot = OUT / f"{name}{suffix}.png"
        chromium(browser, work / f"{name}-profile", [f"--screenshot={shot}", f"--window-size={width},2400"], page)
        check(shot.is_file() and shot.stat().st_size > 0, f"{name}: no screenshot {shot}")
    wide = tables_too_wide(browser, work, name, page)
    check(wide == [], f"{name}: tables wider than a 1280-pixel window: {wide}")
    print(f"{name}: {len(records)} comparisons drawn, no request, every table within 1280 pixels; "
          f"screenshots {OUT / name}.png, {name}-phone.png")


# A page of our own (no policy) that frames the report and measures, at a
# 1280-pixel window, every table's scroll box: a table wider than its box
# does not fit. The report itself runs no script; this page reads its DOM,
# which Chromium allows between file pages with --allow-file-access-from-files.
MEASURE = """<!DOCTYPE html><html><body style="margin:0">
<iframe id="report" src="REPORT" style="width:1280px;height:2400px;border:0"></iframe><pre id="out">not measured</pre>
<script>
document.getElementById('report').addEventListener('load', function () {
  var wide = [];
  this.contentDocument.querySelectorAll('div.scroll').forEach(function (box) {
    if (box.querySelector('table') && box.scrollWidth > box.clientWidth + 1) {
      var head = box.querySelector('th');
      wide.push((head ? head.textContent : '?') + ' ' + box.scrollWidth + ' > ' + box.clientWidth);
    }
  });
  document.getElementById('out').textContent = 'too wide: ' + JSON.stringify(wide);
});
</script></body></html>"""


def tables_too_wide(browser, work, name, page):
    """The tables of `page` that overflow their box at 1280 pixels."""
    frame = page.parent / f"{name}-measure.html"
    frame.write_text(MEASURE.replace("REPORT", page.name), encoding="utf-8")
    dom = chromium(browser, work / f"{name}-measure-profile",
                   ["--allow-file-access-from-files", "--window-size=1280,2400", "--virtual-time-budget=10000",
                    "--dump-dom"], frame)
    start = dom.find("too wide: ")
    if start < 0:
        return ["the measuring page did not run"]
    return json.loads(html.unescape(dom[start + len("too wide: "):dom.index("</pre>", start)]))


def test_control(browser, work):
    """The network check finds a page's fetch, so its silence means something."""
    page = work / "control.html"
    page.write_text('<!DOCTYPE html><img src="http://grk-eval-control.invalid/x.png">', encoding="utf-8")
    net_log = work / "control-net.json"
    chromium(browser, work / "control-profile", [f"--log-net-log={net_log}", "--dump-dom"], page)
    check(page_requests(net_log) == ["http://grk-eval-control.invalid/x.png"],
          f"control page: the network log shows {page_requests(net_log)}")


def main():
    browser = chromium_binary()
    if browser is None:
        print("SKIPPED: chromium is not installed (Debian: apt-get install chromium; scripts/lib/prepare.sh does)")
        return 77
    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="grk-report-browser-") as temp:
        work = pathlib.Path(temp)
        test_control(browser, work)
        for name in ("compare-systems-per-query", "compare-tukey", "example", "hostile-names", "failed-step"):
            test_page(browser, work, name, HERE / "documents" / f"{name}.json")
        large = work / "fifty-systems.json"
        large.write_text(json.dumps(large_document(), indent=2), encoding="utf-8")
        test_page(browser, work, "fifty-systems", large)
    for failure in failures:
        print("FAILED:", failure)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
