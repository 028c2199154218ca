"""Headless Chromium driven by Selenium, and a static file server beside it.

Shared by the tests and the benchmark that run the web reader in a real
browser: Examples/web/test_page.py (the page), Readers/js/check_vectors_browser.py
(the vector files) and Scripts/lib/web_bench.py (Scripts/bench's browser part).

    from headless_chromium import ensure_browser, ensure_selenium, StaticServer, start_chromium

Debian's `chromium` and `chromium-driver` (installed with apt when missing,
through Scripts/lib/ensure-system-packages.sh) and the PyPI package
`selenium` (installed with pip when Python cannot import it, at the version
these tests were written and run with). Selenium is given both paths, so
Selenium Manager downloads nothing. Standard library otherwise.
"""

import functools
import http.server
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
SELENIUM = "selenium==4.51.0"


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
        subprocess.run([sys.executable, "-m", "pip", "install", "-q", SELENIUM], check=True)


def copy_generation(source: Path, target: Path):
    """The manifest and the files it names (a generation, whole); returns {name: file}."""
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


class _Handler(http.server.SimpleHTTPRequestHandler):
    """The repository's root, and each mount's directory (its files by name, flat): plain static files."""

    mounts = {}
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm",
                      ".json": "application/json", ".tsv": "text/tab-separated-values",
                      ".sqlite": "application/octet-stream", ".pack": "application/octet-stream"}

    def translate_path(self, path):
        for prefix, directory in self.mounts.items():
            if path.startswith(prefix):
                rest = path[len(prefix):].split("?", 1)[0].split("#", 1)[0]
                return str(Path(directory) / Path(rest).name) if rest else str(directory)
        return super().translate_path(path)

    def log_message(self, format, *args):
        pass


class StaticServer:
    """Python's http.server on a free port of 127.0.0.1, in a thread: the
    repository's root, and `mounts` ({"/_test-data/good/": Path}) beside it.

        with StaticServer({"/_data/": dist}) as server:
            driver.get(server.base + "Examples/web/index.html?data=/_data/")
    """

    def __init__(self, mounts=None, root=ROOT):
        handler = type("Handler", (_Handler,), {"mounts": dict(mounts or {})})
        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(handler, directory=str(root)))
        self.base = f"http://127.0.0.1:{self.server.server_address[1]}/"

    def start(self):
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        return self

    def stop(self):
        self.server.shutdown()
        self.server.server_close()

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()


def start_chromium(window="1000,1150", language="en-US"):
    """A headless Chromium (Debian's) through its chromedriver; the browser's console is kept."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium")
    for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                 f"--window-size={window}", f"--lang={language}", "--no-first-run", "--disable-extensions"):
        options.add_argument(flag)
    options.add_experimental_option("prefs", {"intl.accept_languages": f"{language},{language.split('-')[0]}"})
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(options=options, service=Service(executable_path=shutil.which("chromedriver")))
    driver.set_page_load_timeout(30)
    return driver


def browser_version(driver):
    return driver.capabilities.get("browserVersion", "?")


def print_console(driver, prefix="   browser: "):
    for entry in driver.get_log("browser"):
        print(f"{prefix}{entry.get('level')} {entry.get('message')}", flush=True)
