#!/usr/bin/env python3
"""The web page (Examples/web) in a real browser: headless Chromium driven by Selenium.

    python3 Examples/web/test_page.py DATA_DIR [--screenshot PATH]

DATA_DIR is a build directory (`unitpack build --output DATA_DIR`). The test
serves the repository's root over HTTP (Python's http.server, on a free port
of 127.0.0.1, in this process) with two copies of the data beside it: the
build as it is, at /_test-data/good/, and the build with one byte of its
database flipped (its manifest kept) at /_test-data/damaged/. It opens
Examples/web/index.html?data=... for each and checks:

  - typing `kilom` (a keystroke at a time) lists results after every
    keystroke, and kilometer (`length/kilometer`) first;
  - 1 mile in km shows `1.60934 kilometers`;
  - in Russian, 5000 m in км shows `5 километров`, and `килом` finds
    the kilometer first;
  - with no target, the expected target is shown;
  - the usage selector lists the database's usages of the from-unit's
    category (length for cm, mass for kg), and 180 cm in region US shows
    `5.90551 feet`, then `5 feet 11 inches` with usage person-height (as
    `unitpack convert 180 cm --region US [--usage person-height]` answers);
  - the data version shown is the manifest's source-sha256;
  - the damaged copy shows the refusal (generation.digestMismatch: the
    SHA-256 check) and no answer.

It writes a screenshot of the page to PATH (default: web.png in a temporary
directory, printed), and to Examples/web/screenshot.png too when
UNITPACK_RECORD=1. Exits non-zero on any failure.

Needs: chromium and chromedriver (Debian's `chromium`, `chromium-driver`:
installed with apt when missing, through Scripts/lib/ensure-system-packages.sh)
and the PyPI package selenium (installed with pip when missing).
"""

import argparse
import os
import shutil
import sqlite3
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
sys.path.insert(0, str(ROOT / "Scripts/lib"))
from headless_chromium import (StaticServer, copy_generation, ensure_browser, ensure_selenium,  # noqa: E402
                               print_console, start_chromium)

PAGE = "Examples/web/index.html"


def manifest_value(directory: Path, key: str):
    for line in (directory / "manifest.tsv").read_text(encoding="utf-8").splitlines():
        fields = line.split("\t")
        if fields[0] == key:
            return fields[1:]
    return None


def category_usages(directory: Path, category: str):
    """The usages of `category`'s preference lists in the database (SQLite, read-only): default first, then sorted."""
    file = dict(line.split("\t")[1:3] for line in (directory / "manifest.tsv").read_text(encoding="utf-8").splitlines()
                if line.startswith("artifact\t"))["units.sqlite"]
    with sqlite3.connect(f"file:{directory / file}?mode=ro&immutable=1", uri=True) as db:
        usages = {row[0] for row in db.execute(
            "SELECT DISTINCT usage FROM clusters WHERE category = (SELECT id FROM categories WHERE key = ?)", (category,))}
    return sorted(usages, key=lambda u: (u != "default", u.encode("utf-8")))


class Failures:
    def __init__(self):
        self.count = 0

    def check(self, ok, what, detail=""):
        if ok:
            print(f"ok: {what}", flush=True)
        else:
            self.count += 1
            print(f"FAIL: {what}{': ' + detail if detail else ''}", flush=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("data", type=Path, help="a build directory (manifest.tsv and its files)")
    parser.add_argument("--screenshot", type=Path, help="where to write the screenshot (PNG)")
    args = parser.parse_args()
    started = time.monotonic()

    ensure_browser()
    ensure_selenium()
    from selenium.common.exceptions import TimeoutException
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select, WebDriverWait

    work = Path(tempfile.mkdtemp(prefix="unitpack-web-"))
    server = driver = None
    failures = Failures()
    try:
        good, damaged = work / "good", work / "damaged"
        copy_generation(args.data, good)
        artifacts = copy_generation(args.data, damaged)
        database = damaged / artifacts["units.sqlite"]
        data = bytearray(database.read_bytes())
        data[len(data) // 2] ^= 0x01  # one bit in the middle of the database; the manifest kept
        database.write_bytes(data)

        server = StaticServer({"/_test-data/good/": good, "/_test-data/damaged/": damaged}).start()
        base = server.base

        driver = start_chromium()
        wait = WebDriverWait(driver, 30)
        el = lambda id: driver.find_element(By.ID, id)  # noqa: E731

        def settled(what):
            try:
                wait.until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-state") != "loading")
            except TimeoutException:
                failures.check(False, what, "the page did not finish loading in 30 s")
            return driver.find_element(By.TAG_NAME, "body").get_attribute("data-state")

        def answer_becomes(expected, what):
            try:
                wait.until(lambda d: d.find_element(By.CSS_SELECTOR, "#answer .value").text == expected
                           if d.find_elements(By.CSS_SELECTOR, "#answer .value") else False)
                failures.check(True, what)
            except TimeoutException:
                shown = el("answer").text or "(no answer)"
                problem = el("problem").text
                failures.check(False, what, f"shows {shown!r}{' / ' + problem if problem else ''}")

        def type_into(id, text):
            field = el(id)
            field.clear()
            field.send_keys(text)

        def search_as_you_type(text, first, what):
            field = el("search")
            field.clear()
            typed = ""
            each = True
            for key in text:
                field.send_keys(key)
                typed += key
                try:
                    wait.until(lambda d: d.find_element(By.ID, "results").get_attribute("data-query") == typed
                               and d.find_elements(By.CSS_SELECTOR, "#results li"))
                except TimeoutException:
                    each = False
            failures.check(each, f"results listed after every keystroke of {text!r}")
            items = driver.find_elements(By.CSS_SELECTOR, "#results li")
            got = items[0].get_attribute("data-unit") if items else None
            failures.check(got == first, what, f"first is {got!r}; listed: {[i.text for i in items[:5]]}")

        # ---- the good data
        t0 = time.monotonic()
        driver.get(f"{base}{PAGE}?data=/_test-data/good/")
        state = settled("the page opens the data")
        failures.check(state == "ready", "the page opens the data",
                       f"state {state}: {el('refusal-code').text} {el('refusal-message').text}")
        print(f"   opened in {time.monotonic() - t0:.2f} s", flush=True)
        if state == "ready":
            source = (manifest_value(good, "source-sha256") or [None])[0]
            version = el("data-version")
            failures.check(source is not None and source[:16] in version.text and version.get_attribute("title") == source,
                           "the data version shown is the manifest's source-sha256", version.text)
            languages = [o.get_attribute("value") for o in Select(el("language")).options]
            failures.check(manifest_value(good, "languages") == languages,
                           "the language selector lists the generation's languages", " ".join(languages))

            search_as_you_type("kilom", "length/kilometer", "typing 'kilom' lists kilometer first")
            type_into("value", "1")
            type_into("from", "mi")
            type_into("to", "km")
            answer_becomes("1.60934 kilometers", "1 mile in km shows '1.60934 kilometers'")

            shot = args.screenshot or Path(tempfile.gettempdir()) / "unitpack-web.png"
            shot.parent.mkdir(parents=True, exist_ok=True)
            driver.save_screenshot(str(shot))
            print(f"   screenshot: {shot}", flush=True)
            if os.environ.get("UNITPACK_RECORD") == "1":
                shutil.copyfile(shot, HERE / "screenshot.png")
                print(f"   recorded: {HERE / 'screenshot.png'}", flush=True)

            Select(el("language")).select_by_value("ru")
            search_as_you_type("килом", "length/kilometer", "in Russian, typing 'килом' lists kilometer first")
            type_into("value", "5000")
            type_into("from", "m")
            type_into("to", "км")
            answer_becomes("5 километров", "in Russian, 5000 m in км shows '5 километров'")

            el("to").clear()
            el("to").send_keys(" ")  # an input event with an empty target
            el("to").clear()
            type_into("value", "100")
            type_into("from", "km")
            try:
                wait.until(lambda d: d.find_element(By.ID, "answer").get_attribute("data-kind") == "expected")
                failures.check(bool(el("answer").text.strip()), "with no target, the expected target is shown",
                               el("answer").text)
                print(f"   100 km, no target: {el('answer').text!r}", flush=True)
            except TimeoutException:
                failures.check(False, "with no target, the expected target is shown",
                               f"{el('answer').text!r} {el('problem').text!r}")

            # The usage selector: the database's usages for the from-unit's category, and the
            # expected target following the one chosen. `unitpack convert 180 cm --region US`
            # answers "5.90551 feet"; with `--usage person-height`, "5 feet 11 inches".
            Select(el("language")).select_by_value("en")
            type_into("value", "180")
            type_into("region", "US")
            type_into("from", "cm")
            wanted = category_usages(good, "length")
            try:
                wait.until(lambda d: d.find_element(By.ID, "usage").get_attribute("data-unit") == "cm")
            except TimeoutException:
                pass
            listed = [o.get_attribute("value") for o in Select(el("usage")).options]
            failures.check(listed == [""] + wanted and "person-height" in wanted,
                           "the usage selector lists the database's usages of the from-unit's category (length)",
                           f"listed {listed}, the database's {wanted}")
            answer_becomes("5.90551 feet", "180 cm, region US, no usage: '5.90551 feet' (as `unitpack convert` answers)")
            Select(el("usage")).select_by_value("person-height")
            answer_becomes("5 feet 11 inches", "180 cm, region US, usage person-height: '5 feet 11 inches' (as `unitpack convert` answers)")
            failures.check("usage person-height" in el("answer").text, "the note names the usage chosen", el("answer").text)
            type_into("from", "kg")
            try:
                wait.until(lambda d: d.find_element(By.ID, "usage").get_attribute("data-unit") == "kg")
            except TimeoutException:
                pass
            listed = [o.get_attribute("value") for o in Select(el("usage")).options]
            failures.check(listed == [""] + category_usages(good, "mass") and Select(el("usage")).first_selected_option.get_attribute("value") == "",
                           "another category's unit lists its own usages, and a usage it lacks is no longer chosen", f"listed {listed}")

        # ---- the damaged database
        driver.get(f"{base}{PAGE}?data=/_test-data/damaged/")
        state = settled("the page refuses the damaged data")
        code = el("refusal-code").text
        failures.check(state == "refused" and el("refusal").is_displayed() and code == "generation.digestMismatch",
                       "a damaged database shows the refusal (generation.digestMismatch)",
                       f"state {state}, code {code!r}")
        print(f"   refusal: {code}: {el('refusal-message').text}", flush=True)
        failures.check(not el("converter").is_displayed() and el("answer").text == ""
                       and not driver.find_elements(By.CSS_SELECTOR, "#answer .value, #results li"),
                       "and no answer", el("answer").text)
        if args.screenshot:
            refused = args.screenshot.with_name(args.screenshot.stem + "-refused.png")
            driver.save_screenshot(str(refused))

        if failures.count:
            print_console(driver)
    finally:
        if driver is not None:
            driver.quit()
        if server is not None:
            server.stop()
        shutil.rmtree(work, ignore_errors=True)

    print(f"{'FAILED' if failures.count else 'ok'}: the page in headless Chromium "
          f"({failures.count} failure{'s' if failures.count != 1 else ''}, {time.monotonic() - started:.1f} s)", flush=True)
    return 1 if failures.count else 0


if __name__ == "__main__":
    sys.exit(main())
