"""Site build times from a fresh clone: the first build, a rebuild with nothing changed, a rebuild after one edit.

Run: ``python benchmarks/site_build.py [--runs N]`` with the ``.[site]``
dependencies installed (no numba: the README's site install). Each run
checks the working tree out afresh into a temporary folder (the files git
tracks or would track: no simulation cache, no generated page, no
``__pycache__``, as a newcomer's clone) and builds it with the README's
command path, ``wararchive site``, importing the checkout's own code. It then
edits one translation (fi:22) and rebuilds, and checks that no page still
holds the old wording.

CPU time is that of the build and every process it waited for (user +
system, ``getrusage(RUSAGE_CHILDREN)``), so it does not depend on how many
cores were free, while the wall time does: the load averages before each
build are printed with it. The reference is a bare one-page Sphinx project
built in the same run: the ratio says what the archive adds to Sphinx's own
start-up. Goals (issue 34): first build under 60 s wall on an idle 2-core
machine, rebuild after one edit under 5 s.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
EDIT = ("corpus/texts/fi-japanilainen-sotapeli.yaml", "whom the spy in turn knocks out.", "whom the spy in its turn defeats.")


@dataclass
class Timing:
    wall: float
    cpu: float
    load: tuple[float, float, float]  # the 1-, 5- and 15-minute load averages before the build

    def __str__(self) -> str:
        return f"{self.wall:6.1f} s wall {self.cpu:6.1f} CPU-s  (load {' '.join(f'{x:.1f}' for x in self.load)})"


def _cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def timed(cmd: list[str], cwd: Path, env: dict[str, str]) -> Timing:
    load, cpu, start = os.getloadavg(), _cpu(), time.perf_counter()
    subprocess.run(cmd, cwd=cwd, env=env, check=True, stdout=subprocess.DEVNULL)
    return Timing(time.perf_counter() - start, _cpu() - cpu, load)


def fresh_checkout(dest: Path) -> Path:
    """The working tree as a clone of it would have it (uncommitted edits included): git's files, nothing ignored."""
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], cwd=ROOT, check=True, capture_output=True
    ).stdout.decode()
    for name in filter(None, listed.split("\0")):
        if (ROOT / name).is_file():  # a file deleted but not yet staged is listed too
            (dest / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, dest / name)
    return dest


def bare_sphinx(tmp: Path, env: dict[str, str]) -> Timing:
    """A one-page MyST project on the same theme: Sphinx's own start-up and write, the floor of any build."""
    bare = tmp / "bare"
    bare.mkdir()
    (bare / "conf.py").write_text('project = "bare"\nextensions = ["myst_parser"]\nhtml_theme = "furo"\n')
    (bare / "index.md").write_text("# Bare\n\nOne page.\n")
    return timed([sys.executable, "-m", "sphinx", "-q", "-b", "html", str(bare), str(tmp / "bare-out")], tmp, env)


def one_run(tmp: Path) -> dict[str, Timing]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("WARARCHIVE_")}
    out = {"bare Sphinx project": bare_sphinx(tmp, env)}
    clone = fresh_checkout(tmp / "clone")
    env["PYTHONPATH"] = str(clone)  # the clone's code, as `pip install -e` of the clone would import it
    site = [sys.executable, "-m", "wararchive.cli.main", "site"]
    out["first build, fresh clone"] = timed(site, clone, env)
    out["rebuild, nothing changed"] = timed(site, clone, env)
    path, old, new = EDIT
    text = (clone / path).read_text(encoding="utf-8")
    assert old in text, f"the benchmark's edit no longer applies: pick another sentence of {path}"
    (clone / path).write_text(text.replace(old, new), encoding="utf-8")
    out["rebuild after editing one passage"] = timed(site, clone, env)
    html = clone / "docs" / "_build" / "html"
    stale = [p.relative_to(html) for p in html.rglob("*.html") if old in p.read_text(encoding="utf-8")]
    assert not stale, f"pages still showing the old wording: {stale}"
    assert new in (html / "texts" / "fi-japanilainen-sotapeli.html").read_text(encoding="utf-8")
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=1, help="fresh clones to build (default 1)")
    runs = parser.parse_args().runs
    results: list[dict[str, Timing]] = []
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as tmp:
            results.append(one_run(Path(tmp)))
    print(
        f"machine: {os.cpu_count()} cores, {runs} run(s); CPU time counts every process of a build, wall time depends on the load"
    )
    for name in results[0]:
        for i, r in enumerate(results):
            t, ref = r[name], r["bare Sphinx project"]
            print(f"{name:36} run {i + 1}: {t}  ({t.wall / ref.wall:5.1f}x wall, {t.cpu / ref.cpu:5.1f}x CPU of bare)")
        if runs > 1:
            walls = [r[name].wall for r in results]
            print(f"{name:36} median {statistics.median(walls):6.1f} s wall")


if __name__ == "__main__":
    main()
