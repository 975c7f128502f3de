"""Site build times: from clean, with nothing changed, and after editing one passage; wall and CPU time.

Run: ``python benchmarks/site_build.py``. Works on copies (``docs/`` and
``corpus/`` in a temporary folder, an empty simulation cache), so the
checkout is not touched. Each build is one ``sphinx-build`` process; its CPU
time is that of the process and every worker it waited for (user + system,
from ``getrusage(RUSAGE_CHILDREN)``), so it does not depend on how many cores
were free, while the wall time does: the load average before and after each
build is printed with it. The reference is a bare one-page Sphinx project
built in the same run: the ratio says what the archive adds to Sphinx's own
start-up. Goals (issue 21): clean build under 60 CPU-s, rebuild after one
edit under 5 s.
"""

from __future__ import annotations

import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


@dataclass
class Timing:
    wall: float
    cpu: float
    load: tuple[float, float]  # one-minute load average before and after

    def __str__(self) -> str:
        return f"{self.wall:6.1f} s wall {self.cpu:6.1f} CPU-s  (load {self.load[0]:.1f} → {self.load[1]:.1f})"


def _cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def sphinx(src: Path, out: Path, env: dict[str, str], *extra: str) -> Timing:
    load, cpu, start = os.getloadavg()[0], _cpu(), time.perf_counter()
    doctrees = out.parent / "doctrees"  # beside the HTML, as `wararchive site` keeps them
    cmd = [sys.executable, "-m", "sphinx", "-W", "--keep-going", "-n", "-q", "-b", "html", "-d", str(doctrees), *extra]
    subprocess.run([*cmd, str(src), str(out)], check=True, env=env)
    return Timing(time.perf_counter() - start, _cpu() - cpu, (load, os.getloadavg()[0]))


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        bare = tmp / "bare"
        bare.mkdir()
        (bare / "conf.py").write_text('project = "bare"\nhtml_theme = "furo"\n')
        (bare / "index.md").write_text("# Bare\n\nOne page.\n")
        env = dict(os.environ)
        ref = sphinx(bare, tmp / "bare-out" / "html", env, "-C", "-D", "extensions=myst_parser", "-D", "html_theme=furo")

        shutil.copytree(ROOT / "corpus", tmp / "corpus")
        generated = shutil.ignore_patterns("_build", "texts", "games", "compare", "notebooks", "downloads", "readings")
        shutil.copytree(ROOT / "docs", tmp / "docs", ignore=generated)
        env["WARARCHIVE_CORPUS"] = str(tmp / "corpus")
        out = tmp / "docs" / "_build" / "html"
        clean = sphinx(tmp / "docs", out, env)
        warm = sphinx(tmp / "docs", out, env)

        text = tmp / "corpus" / "texts" / "et-spionaaz.yaml"
        body = text.read_text(encoding="utf-8")
        edited_body = body.replace("There are, however, certain differences", "There are, however, some differences", 1)
        assert edited_body != body, "the benchmark's edit no longer applies: pick another sentence of et-spionaaz"
        text.write_text(edited_body, encoding="utf-8")
        edited = sphinx(tmp / "docs", out, env)
        assert "some differences" in (out / "texts" / "et-spionaaz.html").read_text(encoding="utf-8")

    print(f"machine: {os.cpu_count()} cores; CPU time counts every process of a build, wall time depends on the load")
    print(f"reference: bare one-page Sphinx build      {ref}")
    print(f"full site build from clean (goal < 60 CPU-s) {clean}  ({clean.cpu / ref.cpu:.1f}x reference CPU)")
    print(f"rebuild, nothing changed                    {warm}  ({warm.cpu / ref.cpu:.1f}x reference CPU)")
    print(f"rebuild after editing one passage (< 5 s)   {edited}  ({edited.cpu / ref.cpu:.1f}x reference CPU)")


if __name__ == "__main__":
    main()
