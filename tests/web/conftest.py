"""A real server and a real browser for the web pages.

The app runs in a thread (Werkzeug's server, on a free port) with a temporary
SQLite database and an organiser token; the browser is Debian's headless Chromium
driven by Playwright (never `playwright install`: nothing is downloaded here).
"""
import os
import shutil
import threading
from pathlib import Path

import pytest
from werkzeug.serving import make_server

CHROMIUM = os.environ.get("REFEREE_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]


@pytest.fixture(scope="session")
def server(tmp_path_factory):
    """{url, token}: the service with the web pages, on a fresh database."""
    from referee.api import create_app

    database = tmp_path_factory.mktemp("web-db") / "referee.db"
    from referee.store.testing import migrated

    app = create_app({"DATABASE_URL": migrated(f"sqlite:///{database}"), "TESTING": True,
                      "RATE_LIMITS": "off"})
    token = app.extensions["referee"].store.create_token("web-tests")
    http = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=http.serve_forever, daemon=True)
    thread.start()
    yield {"url": f"http://127.0.0.1:{http.server_port}", "token": token, "app": app}
    http.shutdown()
    thread.join(timeout=5)


@pytest.fixture(scope="session")
def browser():
    if not (shutil.which(CHROMIUM) or Path(CHROMIUM).is_file()):
        pytest.fail(f"Chromium not found at {CHROMIUM}: the browser tests need Debian's "
                    "`chromium` package (run scripts/system-deps.sh)", pytrace=False)
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.fail("Playwright for Python is missing: pip install -e '.[test]'", pytrace=False)
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser):
    """A fresh browser tab that fails the test on any script error in the page."""
    # bypass_csp: Playwright's wait_for_function evaluates its predicate from a string,
    # which the pages' policy (no 'unsafe-eval') refuses. test_security_headers.py
    # checks the policy in contexts of its own, without this.
    context = browser.new_context(viewport={"width": 1280, "height": 900}, bypass_csp=True)
    tab = context.new_page()
    errors = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    tab.set_default_timeout(15_000)
    yield tab
    context.close()
    assert not errors, f"script errors in the page: {errors}"


@pytest.fixture
def use_locales():
    """Points this process's catalogs at another directory for one test (what an app
    configured with LOCALES_DIR does); the directory in use before comes back after."""
    from referee.text.catalogs import forget_loaded_catalogs, use_locales_dir

    previous = []

    def use(path):
        previous.append(use_locales_dir(path))
        forget_loaded_catalogs()

    yield use
    if previous:
        use_locales_dir(previous[0])
        forget_loaded_catalogs()
