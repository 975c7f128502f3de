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
    p.add_argument("--port", type=int, default=8000, help="port for --serve (default 8000)")
    p.add_argument("--clean", action="store_true", help="rebuild everything instead of only what changed")
    p.add_argument(
        "--refresh-data",
        action="store_true",
        help="instead of building, rewrite the simulated games the pages show, shipped in wararchive/site/simulations.json "
        "(after changing a ruleset or the code that plays; the games not already cached are played)",
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


def site_cmd(args: argparse.Namespace) -> None:
    if args.refresh_data:
        if not paths.in_checkout():
            raise WararchiveError("--refresh-data rewrites the games the package ships: run it in a source checkout")
        from ..site.pages import ship_simulations  # imports the engine and the site: only for this

        print(f"wrote {ship_simulations(paths.CHECKOUT / 'docs' / '_build' / '.wararchive-cache')}")
        return
    if args.serve and not 1 <= args.port <= 65535:  # before the build, not after it
        raise WararchiveError(f"--port must be 1 to 65535, not {args.port}")
    out = build_site(clean=args.clean, folder=args.dir, studies=args.studies)
    print(f"site built in {out}")
    if args.serve:
        handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(out))
        try:
            server = http.server.ThreadingHTTPServer(("127.0.0.1", args.port), handler)
        except OSError as exc:  # e.g. the port is taken
            raise WararchiveError(f"cannot serve on port {args.port}: {exc.strerror}") from None
        with server as httpd:
            print(f"serving on http://127.0.0.1:{args.port}/ (Ctrl-C to stop)", flush=True)
            httpd.serve_forever()
