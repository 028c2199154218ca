#!/usr/bin/env python3
"""Scripts/bench's browser part: the web reader measured in headless Chromium.

    web_bench.py --data DIR --slice DIR --queries FILE --pair FROM TO [--pair FROM TO ...]
                 [--loads N] [--runs R] [--calls N]

DIR is a build directory (the whole data); --slice another (Scripts/bench
builds `unitpack build --languages en`); FILE the search queries, one a
line (search_baselines.py's queries.txt, the ones SearchBench times). The
repository's root is served by Python's http.server on 127.0.0.1 (no
compression, as the files are), with the two builds at /_data/all/ and
/_data/en/, in Debian's headless Chromium driven by Selenium
(Scripts/lib/headless_chromium.py), the browser's cache disabled (each load
fetches everything, as a first visit). Prints `key value` lines:

  browser                    Chromium's version
  bytes_GROUP, gzip_GROUP    what Examples/web/index.html downloads, by group (the
                             Resource Timing API's encodedBodySize of each file, summed;
                             gzip: Python's gzip at level 9 of the same files):
                             page (index.html, style.css, app.mjs), module
                             (unitpack-reader.mjs), sqlite (sqlite3.mjs, sqlite3.wasm),
                             data_all / data_en (manifest.tsv and the two artifacts),
                             total_all / total_en (the four groups)
  first_answer_SET_ms        the median over N loads (data SET: all, en) of the time
                             from the navigation's start to the page's first answer
                             (the mark `unitpack:first-answer`: the data fetched, hashed
                             and opened, 1 mi in km computed, formatted and shown)
  first_answer_SET_range     the fastest and slowest of those loads (ms)
  search_us, search_default_budget_us, convert_us, format_us, search_queries
                             Readers/js/browser/bench.html's warm figures (see
                             bench.mjs): a search of a query (first 20, every
                             language; with every shard kept, and with the reader's
                             default budget), a conversion by name, a format in Russian

Exits 1 when a page fails or does not finish.
"""

import argparse
import gzip
import statistics
import sys
import time
import urllib.parse
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
sys.path.insert(0, str(ROOT / "Scripts/lib"))
from headless_chromium import StaticServer, browser_version, ensure_browser, ensure_selenium, print_console, start_chromium  # noqa: E402

PAGE = "Examples/web/index.html"
BENCH = "Readers/js/browser/bench.html"
GROUPS = {
    "page": ["Examples/web/index.html", "Examples/web/style.css", "Examples/web/app.mjs"],
    "module": ["Readers/js/unitpack-reader.mjs"],
    "sqlite": ["Readers/js/sqlite/sqlite3.mjs", "Readers/js/sqlite/sqlite3.wasm"],
}


def gzip_size(path: Path):
    return len(gzip.compress(path.read_bytes(), compresslevel=9, mtime=0))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, required=True)
    parser.add_argument("--slice", type=Path, required=True)
    parser.add_argument("--queries", type=Path, required=True)
    parser.add_argument("--pair", nargs=2, action="append", required=True, metavar=("FROM", "TO"))
    parser.add_argument("--loads", type=int, default=5)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--calls", type=int, default=10000)
    args = parser.parse_args()
    ensure_browser()
    ensure_selenium()
    from selenium.common.exceptions import TimeoutException
    from selenium.webdriver.support.ui import WebDriverWait

    mounts = {"/_data/all/": args.data.resolve(), "/_data/en/": args.slice.resolve(), "/_queries/": args.queries.resolve().parent}
    out = {}
    driver = None
    with StaticServer(mounts) as server:
        try:
            driver = start_chromium()
            driver.execute_cdp_cmd("Network.enable", {})
            driver.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": True})
            out["browser"] = f"Chromium {browser_version(driver)}"

            def local(url):
                path = urllib.parse.urlparse(url).path
                for prefix, directory in mounts.items():
                    if path.startswith(prefix):
                        return prefix, directory / Path(path[len(prefix):]).name
                return None, ROOT / path.lstrip("/")

            for name in ("all", "en"):
                times, resources = [], None
                for _ in range(args.loads):
                    driver.get("about:blank")
                    driver.get(f"{server.base}{PAGE}?data=/_data/{name}/")
                    try:
                        WebDriverWait(driver, 60).until(lambda d: d.execute_script("return document.body.dataset.state") != "loading")
                    except TimeoutException:
                        print_console(driver)
                        sys.exit(f"web_bench: the page did not finish loading the data '{name}' in 60 s")
                    state = driver.execute_script("return document.body.dataset.state")
                    mark = driver.execute_script(
                        "const m = performance.getEntriesByName('unitpack:first-answer'); return m.length ? m[0].startTime : null")
                    answer = driver.execute_script("return document.querySelector('#answer .value')?.textContent ?? null")
                    if state != "ready" or mark is None or not answer:
                        print_console(driver)
                        sys.exit(f"web_bench: the page on '{name}': state {state}, answer {answer!r}")
                    times.append(mark)
                    resources = driver.execute_script(
                        "return [performance.getEntriesByType('navigation')[0], ...performance.getEntriesByType('resource')]"
                        ".map(e => [e.name, e.encodedBodySize])")
                # Bytes, by group, from the last load's Resource Timing (every file fetched: the cache is off).
                fetched = {}
                for url, size in resources:
                    prefix, path = local(url)
                    key = f"data_{name}" if prefix == f"/_data/{name}/" else next(
                        (g for g, files in GROUPS.items() if path.relative_to(ROOT).as_posix() in files), None) \
                        if path.is_relative_to(ROOT) else None
                    if key is None:
                        sys.exit(f"web_bench: the page fetched {url}, which no group holds")
                    if not path.is_file() or path.stat().st_size != size:
                        sys.exit(f"web_bench: {url}: {size} bytes fetched, {path} differs")
                    fetched.setdefault(key, []).append(path)
                for group in [*GROUPS, f"data_{name}"]:
                    files = fetched.get(group, [])
                    if group in GROUPS and sorted(p.relative_to(ROOT).as_posix() for p in files) != sorted(GROUPS[group]):
                        sys.exit(f"web_bench: the page fetched {files} for {group}, not {GROUPS[group]}")
                    out[f"bytes_{group}"] = sum(p.stat().st_size for p in files)
                    out[f"gzip_{group}"] = sum(gzip_size(p) for p in files)
                if len(fetched[f"data_{name}"]) != 3:
                    sys.exit(f"web_bench: the data '{name}': fetched {fetched[f'data_{name}']}, not the manifest and its two files")
                out[f"first_answer_{name}_ms"] = f"{statistics.median(times):.0f}"
                out[f"first_answer_{name}_range"] = f"{min(times):.0f}–{max(times):.0f}"
            for name in ("all", "en"):
                for kind in ("bytes", "gzip"):
                    out[f"{kind}_total_{name}"] = sum(out[f"{kind}_{g}"] for g in [*GROUPS, f"data_{name}"])

            pairs = ";".join(f"{a},{b}" for a, b in args.pair)
            query = urllib.parse.urlencode({"data": "/_data/all/", "queries": f"/_queries/{args.queries.name}",
                                            "pairs": pairs, "runs": args.runs, "calls": args.calls})
            started = time.monotonic()
            driver.get(f"{server.base}{BENCH}?{query}")
            try:
                # The page is busy between its pauses: a poll it cannot answer in time is not the end.
                WebDriverWait(driver, 900, poll_frequency=1, ignored_exceptions=[TimeoutException]).until(lambda d: d.execute_script("return document.body.dataset.state") != "running")
            except TimeoutException:
                sys.exit("web_bench: bench.html did not finish in 900 s")
            result = driver.execute_script("return window.benchResult")
            if driver.execute_script("return document.body.dataset.state") != "done":
                print_console(driver)
                sys.exit(f"web_bench: bench.html failed: {result.get('error')}")
            print(f"web_bench: bench.html took {time.monotonic() - started:.1f} s", file=sys.stderr)
            out["search_us"] = f"{result['searchUs']:.2f}"
            out["search_default_budget_us"] = f"{result['searchDefaultBudgetUs']:.2f}"
            out["search_queries"] = result["searchQueries"]
            out["convert_us"] = f"{result['convertUs']:.2f}"
            out["format_us"] = "-" if result["formatUs"] is None else f"{result['formatUs']:.2f}"
        finally:
            if driver is not None:
                driver.quit()
    for key, value in out.items():
        print(key, value, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
