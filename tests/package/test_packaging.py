"""A normal install carries the archive: the wheel holds the corpus, and the command line works from it.

Builds the wheel (``pip wheel --no-deps --no-build-isolation``: offline,
with the hatchling the test extra installs), installs it without
dependencies into a fresh venv that borrows this venv's installed libraries
(a ``.pth`` line naming its site-packages, so nothing is downloaded), and
runs ``wararchive texts``, ``show``, ``rules`` and ``play`` from outside
the checkout, with ``WARARCHIVE_CORPUS`` unset.
"""

from __future__ import annotations

import os
import subprocess
import sys
import sysconfig
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

pytest.importorskip("hatchling")


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> tuple[Path, dict[str, str]]:
    """A fresh venv with the wheel installed: its bin directory and the environment to run it in."""
    tmp = tmp_path_factory.mktemp("wheel")
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q", "-w", str(tmp / "dist"), str(ROOT)],
        check=True,
        capture_output=True,
    )
    (wheel,) = (tmp / "dist").glob("wararchive-*.whl")
    env_dir = tmp / "venv"
    venv.create(env_dir, with_pip=False)
    python = env_dir / "bin" / "python"
    purelib = "import sysconfig; print(sysconfig.get_path('purelib'))"
    site = Path(subprocess.check_output([python, "-c", purelib], text=True).strip())
    # this venv's libraries (pandas, yaml…) without its editable wararchive, which a bare path line does not activate
    (site / "borrowed.pth").write_text(sysconfig.get_path("purelib") + "\n")
    subprocess.run(
        [sys.executable, "-m", "pip", "--python", str(python), "install", "--no-deps", "--no-index", "-q", str(wheel)],
        check=True,
        capture_output=True,
    )
    env = {k: v for k, v in os.environ.items() if k not in ("WARARCHIVE_CORPUS", "PYTHONPATH")}
    return env_dir / "bin", env


def run(installed, *args: str, cwd: Path) -> str:
    bin_dir, env = installed
    proc = subprocess.run([str(bin_dir / args[0]), *args[1:]], capture_output=True, text=True, env=env, cwd=cwd, check=False)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


def test_the_wheel_reads_its_own_corpus(installed, tmp_path):
    code = "import wararchive, wararchive.corpus as c; print(wararchive.__file__); print(c.default_root())"
    package, root = run(installed, "python", "-c", code, cwd=tmp_path).splitlines()
    venv_dir = installed[0].parent
    assert Path(package).is_relative_to(venv_dir) and Path(root).is_relative_to(venv_dir) and Path(root).name == "_corpus"


def test_the_command_line_works_from_the_wheel(installed, tmp_path):
    assert "et-spionaaz" in run(installed, "wararchive", "texts", cwd=tmp_path)
    assert "Spionaaž" in run(installed, "wararchive", "show", "et-spionaaz", cwd=tmp_path)
    rules = run(installed, "wararchive", "rules", "spionaaz", cwd=tmp_path)
    assert "spz.two-moves" in rules and "et-spionaaz:9" in rules and "the wararchive project" in rules
    played = run(installed, "wararchive", "play", "spionaaz", "--seed", "1", "-o", "ply_limit=6", cwd=tmp_path)
    assert "result: unfinished after 6 plies" in played  # stopped by the ply limit: no result, not a draw


def _package_files(installed) -> set[Path]:
    """Every file of the installed package but bytecode and numba's caches (which live beside the modules)."""
    (package,) = installed[0].parent.glob("lib/python*/site-packages/wararchive")
    return {p for p in package.rglob("*") if p.is_file() and "__pycache__" not in p.parts}


def publish_chess(installed, cwd: Path) -> None:
    """A small publication (chess: the reference engine, so no compile in the fresh venv) from the installed command."""
    run(installed, "wararchive", "publish-studies", "--ruleset", "chess", "--games", "3", "--workers", "1", "--quiet", cwd=cwd)


@pytest.mark.slow  # half a minute of publishing from the wheel: CI runs it (.ci/run), the README's command stays under 5 min
def test_publish_studies_writes_where_it_runs_never_into_the_package(installed, tmp_path):
    before = _package_files(installed)
    publish_chess(installed, tmp_path)
    assert (tmp_path / "studies" / "chess" / "end_conditions" / "greedy-vs-greedy" / "summary.json").is_file()
    assert _package_files(installed) == before


def test_refreshing_the_shipped_games_is_refused_outside_a_checkout(installed, tmp_path):
    bin_dir, env = installed
    proc = subprocess.run(
        [str(bin_dir / "wararchive"), "site", "--refresh-data"], capture_output=True, text=True, env=env, cwd=tmp_path
    )
    assert proc.returncode != 0 and proc.stderr.count("\n") == 1 and "run it in a source checkout" in proc.stderr


@pytest.mark.slow
def test_the_site_builds_from_the_wheel_in_the_users_folder(installed, tmp_path):
    """The sources are copied into ./wararchive-site, the HTML written there, the studies published beside it shown."""
    before = _package_files(installed)
    publish_chess(installed, tmp_path)
    assert "site built in" in run(installed, "wararchive", "site", cwd=tmp_path)
    html = tmp_path / "wararchive-site" / "docs" / "_build" / "html"
    assert "Sõjamäng" in (html / "index.html").read_text(encoding="utf-8")
    readings = (html / "readings" / "chess.html").read_text(encoding="utf-8")
    assert "Not yet published" not in readings and "end_conditions" in readings  # the study published in ./studies
    assert _package_files(installed) == before
