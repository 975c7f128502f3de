"""Site build times: from clean, and after editing one passage.

Run: ``python benchmarks/site_build.py``. Works on copies (``docs/`` and
``corpus/`` in a temporary folder, an empty simulation cache), so the
checkout is not touched. The reference is a bare one-page Sphinx project
built in the same run: the ratio says what the archive adds to Sphinx's own
start-up. Goals: clean build under 60 s, rebuild after one edit under 5 s.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def sphinx(src: Path, out: Path, env: dict[str, str], *extra: str) -> float:
    start = time.perf_counter()
    cmd = [sys.executable, "-m", "sphinx", "-W", "--keep-going", "-n", "-q", "-b", "html", *extra, str(src), str(out)]
    subprocess.run(cmd, check=True, env=env)
    return time.perf_counter() - start


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        bare = tmp / "bare"
        bare.mkdir()
        (bare / "conf.py").write_text('project = "bare"\nhtml_theme = "furo"\n')
        (bare / "index.md").write_text("# Bare\n\nOne page.\n")
        (bare / "index.rst").unlink(missing_ok=True)
        env = dict(os.environ)
        ref = sphinx(bare, tmp / "bare-out", env, "-C", "-D", "extensions=myst_parser", "-D", "html_theme=furo")

        shutil.copytree(ROOT / "corpus", tmp / "corpus")
        generated = shutil.ignore_patterns("_build", "texts", "games", "compare", "notebooks")
        shutil.copytree(ROOT / "docs", tmp / "docs", ignore=generated)
        env["WARARCHIVE_CORPUS"] = str(tmp / "corpus")
        out = tmp / "docs" / "_build" / "html"
        clean = sphinx(tmp / "docs", out, env)
        warm = sphinx(tmp / "docs", out, env)

        text = tmp / "corpus" / "texts" / "et-spionaaz.yaml"
        body = text.read_text(encoding="utf-8")
        edited_body = body.replace("There are, however, certain differences", "There are, however, some differences", 1)
        text.write_text(edited_body, encoding="utf-8")
        edited = sphinx(tmp / "docs", out, env)
        assert "some differences" in (out / "texts" / "et-spionaaz.html").read_text(encoding="utf-8")

    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} at the end (other work skews the times)")
    print(f"reference: bare one-page Sphinx build      {ref:6.1f} s")
    print(f"full site build from clean (goal < 60 s)    {clean:6.1f} s  ({clean / ref:.1f}x reference)")
    print(f"rebuild, nothing changed                    {warm:6.1f} s  ({warm / ref:.1f}x reference)")
    print(f"rebuild after editing one passage (< 5 s)   {edited:6.1f} s  ({edited / ref:.1f}x reference)")


if __name__ == "__main__":
    main()
