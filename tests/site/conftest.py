"""The built site and a browser on it, shared by the tests of ``tests/site`` (one build a test run)."""

from __future__ import annotations

import fcntl
import os
import shutil
import socket
import sys
import threading
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from sphinx.cmd.build import build_main

DOCS = Path(__file__).resolve().parents[2] / "docs"
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.fixture(scope="session")
def site(tmp_path_factory, worker_id: str) -> Path:
    """The site, built once per test run: the first worker to ask builds it, the others wait for it and share it.

    The suite gives each worker whole files (``--dist loadfile``): ``test_site.py``
    builds it early, while the kernel's first compile goes on, and
    ``test_site_replays.py``, whose tests play on the kernel, reads it late,
    perhaps on the other worker. Two builds of ``docs/`` at once would write
    the same generated pages, so the build is shared through the run's
    common temporary folder, under a lock.
    """
    shared = tmp_path_factory.getbasetemp() if worker_id == "master" else tmp_path_factory.getbasetemp().parent
    out, done = shared / "site" / "html", shared / "site" / "built"
    with open(shared / "site.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes, whether the build passed or not
        if not done.exists():
            cache = DOCS / "_build" / ".wararchive-cache"
            doctrees = out.parent / "doctrees"  # beside the HTML, as `wararchive site` keeps them: never published
            args = ["-W", "--keep-going", "-n", "-q", "-b", "html", "-d", str(doctrees), "-D", f"wararchive_cache={cache}"]
            code = build_main([*args, str(DOCS), str(out)])
            assert code == 0, "sphinx-build -W -n failed (see the warnings above)"
            done.touch()
    return out


@pytest.fixture(scope="session")
def server(site):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    httpd = QuietServer(("127.0.0.1", port), partial(QuietHandler, directory=str(site)))
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{port}"
    httpd.shutdown()
    assert not httpd.failures, httpd.failures  # a request the site could not answer, other than a browser hanging up


class QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, *args) -> None:
        pass


class QuietServer(ThreadingHTTPServer):
    """Keeps what goes wrong instead of printing it: its threads outlive the browser test that made the request, and a
    traceback printed to ``sys.stderr`` then lands in whatever a later test in the same worker is capturing there (a
    CLI refusal test, which asserts its one line, failed so). A browser hanging up mid-answer is no failure."""

    failures: list[str]

    def server_activate(self) -> None:
        self.failures = []
        super().server_activate()

    def handle_error(self, request, client_address) -> None:
        error = sys.exc_info()[1]
        if not isinstance(error, ConnectionError):
            self.failures.append(f"{client_address}: {error!r}")


@pytest.fixture(scope="session")
def browser():
    if not CHROMIUM:
        if os.environ.get("CI") == "true":
            pytest.fail("CI=true but chromium is not installed: .ci/run must install it")
        pytest.skip("chromium is not installed (apt-get install chromium); CI installs it")
    from playwright.sync_api import sync_playwright

    args = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
            "--disable-component-update", "--disable-sync"]  # fmt: skip
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=args)
        yield b
        b.close()
