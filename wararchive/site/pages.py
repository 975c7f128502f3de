"""Write the generated pages (texts, games, comparisons, replays) before Sphinx reads.

Pages are rendered from jinja2 templates into ``docs/texts``, ``docs/games``
and ``docs/compare`` (not committed). A file is written only when its
content changed, so an incremental build re-reads only the pages whose
corpus or ruleset data changed.
"""

from __future__ import annotations

from pathlib import Path

import jinja2

from ..corpus import load
from ..engine import ruleset, rulesets
from ..fileio import atomic_write_text
from .compare import TOPICS
from .figures import board_figure
from .replay import illustrative

TEMPLATES = jinja2.Environment(
    loader=jinja2.PackageLoader("wararchive.site", "templates"),
    keep_trailing_newline=True,
    undefined=jinja2.StrictUndefined,
)
LANG_NAMES = {"et": "Estonian", "fi": "Finnish", "sv": "Swedish"}
GENERATED = ("texts", "games", "compare", "notebooks")
NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
INTROS = {
    "combat": "The rows below the first three are computed by asking each ruleset's combat table the same question.",
    "ranks": "Pieces are aligned by the concept they share (the top general, officers, the spy…).",
}


def write(path: Path, text: str, written: set[Path]) -> None:
    written.add(path)
    if not path.exists() or path.read_text(encoding="utf-8") != text:
        atomic_write_text(path, text)


def generate(srcdir: Path, cache_dir: Path) -> set[Path]:
    """Render every generated page; returns the paths written or kept."""
    c = load()
    written: set[Path] = set()
    games = [ruleset(r) for r in rulesets()]
    by_text = {t: [g for g in games if t in g.texts] for t in c.texts}
    parallel_of = {}
    for a in c.parallels.values():
        parallel_of[a.left] = parallel_of[a.right] = f"{a.alignment_id}-parallel"
        write(srcdir / "texts" / f"{a.alignment_id}-parallel.md", TEMPLATES.get_template("parallel.md.j2").render(a=a), written)
    for t in c.texts.values():
        other = next(
            (
                c.text(x).lang
                for a in c.parallels.values()
                for x in (a.left, a.right)
                if x != t.text_id and t.text_id in (a.left, a.right)
            ),
            "",
        )
        page = TEMPLATES.get_template("text.md.j2").render(
            t=t,
            lang_name=LANG_NAMES[t.lang],
            parallel=parallel_of.get(t.text_id),
            other_lang=LANG_NAMES.get(other, ""),
            games=by_text[t.text_id],
        )
        write(srcdir / "texts" / f"{t.text_id}.md", page, written)
    write(
        srcdir / "texts" / "index.md",
        TEMPLATES.get_template("texts-index.md.j2").render(texts=list(c.texts.values()), alignments=list(c.parallels.values())),
        written,
    )
    for rs in games:
        view = rs.new_game(seed=0).view("referee")
        img = srcdir / "games" / "_img" / f"{rs.id}-board.png"
        alt = board_figure(view, img, rs.title)
        written.add(img)
        chosen = illustrative(cache_dir, rs.id)
        write(
            srcdir / "games" / f"{rs.id}.md",
            TEMPLATES.get_template("game.md.j2").render(rs=rs, board_alt=alt, illustrative=chosen),
            written,
        )
        for i, g in enumerate(chosen, 1):
            page = TEMPLATES.get_template("replay.md.j2").render(rs=rs, seed=g["seed"], index=i)
            write(srcdir / "games" / f"{rs.id}-game-{g['seed']}.md", page, written)
    write(srcdir / "games" / "index.md", TEMPLATES.get_template("games-index.md.j2").render(games=games), written)
    for topic, title in TOPICS.items():
        page = TEMPLATES.get_template("compare.md.j2").render(topic=topic, title=title, intro=INTROS.get(topic, ""))
        write(srcdir / "compare" / f"{topic}.md", page, written)
    write(srcdir / "compare" / "index.md", TEMPLATES.get_template("compare-index.md.j2").render(topics=TOPICS), written)
    for nb in sorted(NOTEBOOKS.glob("*.ipynb")):  # the notebooks live at the top level; the site shows them
        write(srcdir / "notebooks" / nb.name, nb.read_text(encoding="utf-8"), written)
    _remove_stale(srcdir, written)
    return written


def _remove_stale(srcdir: Path, written: set[Path]) -> None:
    """A page for a game or text that no longer exists must not linger."""
    for folder in GENERATED:
        for path in (srcdir / folder).rglob("*"):
            if path.is_file() and path not in written and path.suffix in (".md", ".png", ".ipynb"):
                if path.name.endswith(("-results.png", "-lengths.png")):
                    continue  # written by the statistics directive while reading
                path.unlink()
