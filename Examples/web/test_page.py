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
import functools
import http.server
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
PAGE = "Examples/web/index.html"


def ensure_browser():
    if shutil.which("chromium") and shutil.which("chromedriver"):
        return
    print("== installing chromium and chromium-driver (apt)", flush=True)
    started = time.monotonic()
    subprocess.run(["bash", "-c", 'source "$1" && ensure_system_packages chromium chromium-driver', "bash",
                    str(ROOT / "Scripts/lib/ensure-system-packages.sh")], check=True)
    print(f"   installed in {time.monotonic() - started:.1f} s", flush=True)


def ensure_selenium():
    try:
        import selenium  # noqa: F401
    except ImportError:
        print("== installing selenium (pip)", flush=True)
        # Pinned: the version this test was written and run with.
        subprocess.run([sys.executable, "-m", "pip", "install", "-q", "selenium==4.51.0"], check=True)


def copy_generation(source: Path, target: Path):
    """The manifest and the files it names (a generation, whole)."""
    target.mkdir(parents=True)
    manifest = source / "manifest.tsv"
    shutil.copyfile(manifest, target / "manifest.tsv")
    names = {}
    for line in manifest.read_text(encoding="utf-8").splitlines():
        fields = line.split("\t")
        if fields[0] == "artifact":
            names[fields[1]] = fields[2]
            shutil.copyfile(source / fields[2], target / fields[2])
    return names


def manifest_value(directory: Path, key: str):
    for line in (directory / "manifest.tsv").read_text(encoding="utf-8").splitlines():
        fields = line.split("\t")
        if fields[0] == key:
            return fields[1:]
    return None


class Handler(http.server.SimpleHTTPRequestHandler):
    """The repository's root, and /_test-data/NAME/ from the test's copies: plain static files."""

    mounts = {}
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm",
                      ".tsv": "text/tab-separated-values", ".sqlite": "application/octet-stream",
                      ".pack": "application/octet-stream"}

    def translate_path(self, path):
        for prefix, directory in self.mounts.items():
            if path.startswith(prefix):
                rest = path[len(prefix):].split("?", 1)[0].split("#", 1)[0]
                return str(Path(directory) / Path(rest).name) if rest else str(directory)
        return super().translate_path(path)

    def log_message(self, format, *args):
        pass


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
    from selenium import webdriver
    from selenium.common.exceptions import TimeoutException
    from selenium.webdriver.chrome.service import Service
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

        Handler.mounts = {"/_test-data/good/": good, "/_test-data/damaged/": damaged}
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=str(ROOT)))
        threading.Thread(target=server.serve_forever, daemon=True).start()
        base = f"http://127.0.0.1:{server.server_address[1]}/"

        options = webdriver.ChromeOptions()
        options.binary_location = shutil.which("chromium")
        for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     "--window-size=1000,1150", "--lang=en-US", "--no-first-run", "--disable-extensions"):
            options.add_argument(flag)
        options.add_experimental_option("prefs", {"intl.accept_languages": "en-US,en"})
        options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
        driver = webdriver.Chrome(options=options, service=Service(executable_path=shutil.which("chromedriver")))
        driver.set_page_load_timeout(30)
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
            for entry in driver.get_log("browser"):
                print(f"   browser: {entry.get('level')} {entry.get('message')}", flush=True)
    finally:
        if driver is not None:
            driver.quit()
        if server is not None:
            server.shutdown()
            server.server_close()
        shutil.rmtree(work, ignore_errors=True)

    print(f"{'FAILED' if failures.count else 'ok'}: the page in headless Chromium "
          f"({failures.count} failure{'s' if failures.count != 1 else ''}, {time.monotonic() - started:.1f} s)", flush=True)
    return 1 if failures.count else 0


if __name__ == "__main__":
    sys.exit(main())
