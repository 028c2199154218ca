#!/usr/bin/env python3
"""The vector files checked against the web reader inside headless Chromium.

    python3 Readers/js/check_vectors_browser.py DATA_DIR VECTORS_DIR [--only KIND,...]

The same checks as `node Readers/js/check-vectors.mjs DATA_DIR VECTORS_DIR`
(Readers/js/vector-checks.mjs, shared), run by the browser: this script
serves the repository's root over HTTP (Python's http.server on a free port
of 127.0.0.1, in a thread) with DATA_DIR at /_data/ and VECTORS_DIR at
/_vectors/, opens Readers/js/browser/check-vectors.html?data=/_data/&vectors=/_vectors/
in Debian's headless Chromium (Selenium, Scripts/lib/headless_chromium.py),
waits for the page to finish and prints its report: per vector file the
cases checked and the disagreements (the first 40 and the count), and what
is not checked (phrases: the header only; corrections of the forgiving
search), as in Node. It also requires every vector file to be reported with
all its cases either checked or counted as not checked.

Exits 1 on any disagreement (the browser's console is printed then), 2 when
the data or the vectors cannot be read, 3 when the page does not finish in
120 s, 64 on a usage error.
"""

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
sys.path.insert(0, str(ROOT / "Scripts/lib"))
from headless_chromium import (StaticServer, browser_version, ensure_browser, ensure_selenium,  # noqa: E402
                               print_console, start_chromium)

PAGE = "Readers/js/browser/check-vectors.html"
KINDS = ["conversions", "plurals", "formatting", "search", "targets", "phrases"]
TIMEOUT = 120


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("data", type=Path, help="a build directory (manifest.tsv and its files)")
    parser.add_argument("vectors", type=Path, help="the directory `unitpack vectors --output` wrote")
    parser.add_argument("--only", help="check only these kinds (comma-separated); the others are counted as not checked")
    args = parser.parse_args()
    only = args.only.split(",") if args.only else KINDS
    if any(kind not in KINDS for kind in only):
        print(f"unknown kind in --only; the kinds: {', '.join(KINDS)}", file=sys.stderr)
        return 64
    for directory in (args.data, args.vectors):
        if not directory.is_dir():
            print(f"error: {directory} is not a directory", file=sys.stderr)
            return 2
    started = time.monotonic()
    ensure_browser()
    ensure_selenium()
    from selenium.common.exceptions import TimeoutException
    from selenium.webdriver.support.ui import WebDriverWait

    driver = None
    with StaticServer({"/_data/": args.data.resolve(), "/_vectors/": args.vectors.resolve()}) as server:
        try:
            driver = start_chromium()
            query = "data=/_data/&vectors=/_vectors/" + (f"&only={args.only}" if args.only else "")
            driver.get(f"{server.base}{PAGE}?{query}")
            try:
                WebDriverWait(driver, TIMEOUT).until(
                    lambda d: d.execute_script("return document.body && document.body.dataset.state") == "done")
            except TimeoutException:
                print(f"error: the page did not finish in {TIMEOUT} s", file=sys.stderr)
                print_console(driver)
                return 3
            result = driver.execute_script("return window.vectorResult")
            for line in result["lines"]:
                print(line["text"], file=sys.stderr if line["stream"] == "err" else sys.stdout, flush=True)
            status = result["status"]
            # Every file reported, each case checked or counted as not checked: nothing skipped silently.
            files = {f["kind"]: f for f in result.get("files") or []}
            if status in (0, 1):
                for kind in KINDS:
                    report = files.get(kind)
                    if report is None:
                        print(f"FAIL: {kind}.json was not reported", file=sys.stderr)
                        status = 1
                    elif report["checked"] < report["cases"] and not report["notChecked"]:
                        print(f"FAIL: {kind}.json: {report['cases'] - report['checked']} cases neither checked "
                              "nor counted as not checked", file=sys.stderr)
                        status = 1
            if status != 0:
                print_console(driver)
            checked = sum(f["checked"] for f in files.values())
            print(f"{'ok' if status == 0 else 'FAILED'}: the vector files in headless Chromium {browser_version(driver)}: "
                  f"{checked} cases checked, {result.get('disagreements', '?')} disagree "
                  f"({time.monotonic() - started:.1f} s)", flush=True)
            return status
        finally:
            if driver is not None:
                driver.quit()


if __name__ == "__main__":
    sys.exit(main())
