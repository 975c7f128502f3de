"""``wararchive site``: build the Sphinx site and, optionally, serve it locally."""

from __future__ import annotations

import argparse
import functools
import http.server
import subprocess
import sys
from pathlib import Path

from .. import paths
from ..corpus.citation import base_url, is_placeholder
from ..errors import WararchiveError
from .addresses import PORT_RANGE, PORTS

DEFAULT_PORT = 8000


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "site",
        help="build the website (and serve it with --serve)",
        description="Build the site with Sphinx into docs/_build/html; with --serve, serve it on localhost. From a source "
        "checkout the site is built in its docs/; an installed package copies the site's sources into --dir "
        f"(default ./{paths.DEFAULT_DIR}) and builds there.",
    )
    p.add_argument(
        "--dir",
        metavar="DIR",
        help=f"build in DIR: the sources are copied there, the HTML goes to DIR/docs/_build/html "
        f"(default: the checkout's docs/, or ./{paths.DEFAULT_DIR} for an installed package)",
    )
    p.add_argument(
        "--studies",
        metavar="DIR",
        help="the published studies the readings pages show (default: docs/studies in a checkout, "
        f"else ./{paths.STUDIES} if it exists, where an installed package's publish-studies writes)",
    )
    p.add_argument("--serve", action="store_true", help="serve the built site until interrupted")
    p.add_argument("--port", type=int, help=f"with --serve: the port, {PORT_RANGE} (default {DEFAULT_PORT})")
    p.add_argument("--clean", action="store_true", help="rebuild everything instead of only what changed")
    p.add_argument(
        "--refresh-data",
        action="store_true",
        help="instead of building, rewrite the simulated games the pages show, shipped in wararchive/site/simulations.json "
        "(after changing a ruleset or the code that plays; the games not already cached are played); alone",
    )
    p.set_defaults(run=site_cmd)


def build_site(clean: bool = False, folder: str | Path | None = None, studies: str | Path | None = None) -> Path:
    """Run sphinx-build with warnings as errors; returns the HTML directory.

    The doctrees (Sphinx's pickled pages, some 10 MB) go to ``docs/_build/doctrees``, beside the HTML
    and not inside it: the HTML folder is what gets published. Sphinx's ``.buildinfo`` waits there too
    between builds, and the pages' sources are not copied (:mod:`wararchive.site.publish`).
    """
    docs = paths.site_root(folder) / "docs"
    out = docs / "_build" / "html"
    url = base_url()
    if is_placeholder(url):  # a published site would cite, link and serve DTS under an address that is not its own
        print(
            f"wararchive: warning: the site's base URL is the placeholder {url}; set WARARCHIVE_BASE_URL to the address "
            "it will be published at (its Cite as lines, permalinks, citation files and DTS name it)",
            file=sys.stderr,
        )
    doctrees = docs / "_build" / "doctrees"
    cmd = [sys.executable, "-m", "sphinx", "-W", "--keep-going", "-n", "-q", "-b", "html", "-d", str(doctrees)]
    studies = studies or paths.default_studies(folder)
    if studies is not None:
        if not Path(studies).is_dir():
            raise WararchiveError(f"--studies {studies}: no such folder")
        cmd += ["-D", f"wararchive_studies={Path(studies).resolve()}"]
    cmd += [str(docs), str(out)]
    if clean:
        cmd.insert(3, "-E")
    if subprocess.run(cmd).returncode != 0:
        raise WararchiveError("the site did not build (see the Sphinx messages above)")
    return out


def _ignored(args: argparse.Namespace) -> str | None:
    """Why arguments given would be ignored (a build's with ``--refresh-data``, a server's without ``--serve``), or None.

    Each is refused before anything is built, not silently dropped after
    minutes of building.
    """
    if args.refresh_data:
        given = {"--dir": args.dir, "--studies": args.studies, "--serve": args.serve, "--port": args.port, "--clean": args.clean}
        flags = [flag for flag, value in given.items() if value not in (None, False)]
        return f"--refresh-data rewrites the shipped games and builds nothing: leave out {', '.join(flags)}" if flags else None
    if args.port is not None and not args.serve:
        return "--port is the port --serve serves on: give --serve, or leave --port out"
    return None


def site_cmd(args: argparse.Namespace) -> None:
    if args.port is not None and args.port not in PORTS:  # before the build, not after it
        raise WararchiveError(f"--port must be {PORT_RANGE}, not {args.port}")
    if why := _ignored(args):
        raise WararchiveError(why)
    port = DEFAULT_PORT if args.port is None else args.port
    if args.refresh_data:
        if not paths.in_checkout():
            raise WararchiveError("--refresh-data rewrites the games the package ships: run it in a source checkout")
        from ..site.pages import ship_simulations  # imports the engine and the site: only for this

        print(f"wrote {ship_simulations(paths.CHECKOUT / 'docs' / '_build' / '.wararchive-cache')}")
        return
    out = build_site(clean=args.clean, folder=args.dir, studies=args.studies)
    print(f"site built in {out}")
    if args.serve:
        handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(out))
        try:
            server = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
        except OSError as exc:  # e.g. the port is taken
            raise WararchiveError(f"cannot serve on port {port}: {exc.strerror}") from None
        with server as httpd:
            print(f"serving on http://127.0.0.1:{port}/ (Ctrl-C to stop)", flush=True)
            httpd.serve_forever()
