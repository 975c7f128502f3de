"""The replay viewer in a real browser, checked against the games the engine plays again.

These tests play the site's illustrative games again (``ismcts`` on the compiled kernel), so they run
after the kernel's first compile (``kernel``; ``tests/kernel_warmup.py``), apart from ``test_site.py``,
whose build of the site comes early in the run.
"""

from __future__ import annotations

import pytest

from wararchive import engine
from wararchive.players import simulate_one
from wararchive.site.replay import KINDS as replay_kinds

pytestmark = pytest.mark.kernel  # plays on the compiled kernel: run after its first compile (tests/kernel_warmup.py)


def board_state(pg) -> dict[str, tuple[str, str]]:
    return pg.evaluate(
        """() => Object.fromEntries([...document.querySelectorAll('.wa-replay g[data-piece]')]
             .map(g => [g.dataset.square, [g.dataset.side, g.dataset.piece]]))"""
    )


def first_game(site) -> tuple[str, dict]:
    """The site's first Spionaaž game page, and its game played again by the site's players (its record)."""
    rid = "spionaaz"
    replay_page = sorted((site / "games").glob(f"{rid}-game-*.html"))[0]
    seed = int(replay_page.stem.rsplit("-", 1)[1])
    return replay_page.name, simulate_one(engine.ruleset(rid), seed, replay_kinds).record()


def test_replay_viewer_steps_and_hides_ranks(browser, server, site):
    name, record = first_game(site)
    pg = browser.new_page(viewport={"width": 1100, "height": 900})
    pg.goto(f"{server}/games/{name}")
    viewer = pg.locator(".wa-replay")
    assert viewer.get_attribute("data-ply") == "0"
    start = board_state(pg)
    pg.click(".wa-replay .wa-next")
    pg.click(".wa-replay .wa-next")
    assert viewer.get_attribute("data-ply") == "2"
    assert board_state(pg) != start
    viewer.focus()
    pg.keyboard.press("ArrowRight")
    assert viewer.get_attribute("data-ply") == "3"
    pg.keyboard.press("ArrowLeft")
    pg.keyboard.press("End")
    last = int(viewer.get_attribute("data-ply"))
    assert last > 3

    # As south saw it: no north rank unless the engine's own view of south shows it.
    pg.select_option(".wa-perspective", "south")
    for ply in (3, last // 2, last):
        pg.locator(".wa-slider").fill(str(ply))
        shown = board_state(pg)
        view = engine.replay(record, upto=ply).view("south")
        for square, (side, piece) in shown.items():
            truth = view.piece_at(square)
            assert truth is not None and truth["side"] == side
            assert piece == (truth["piece"] or "hidden"), (ply, square)
        assert any(piece == "hidden" for side, piece in shown.values() if side == "north")
    pg.select_option(".wa-perspective", "referee")
    assert all(piece != "hidden" for _, piece in board_state(pg).values())
    # the rule that fired links to its passage
    assert pg.locator(".wa-events a.wa-passage-link, .wa-events a.wa-rule-link").count() > 0
    pg.close()


def test_replay_moves_mark_captures_and_name_no_rank(browser, server, site):
    """A ply at which a piece left the board is written FROMxTO, as the engine's own log of removals has it; a quiet one
    FROM-TO; the marker is all that is added, as the side saw the move."""
    name, record = first_game(site)
    removals = {r["ply"] for r in engine.replay(record).view("south").removed}
    pg = browser.new_page(viewport={"width": 1100, "height": 900})
    pg.goto(f"{server}/games/{name}#ply=0&view=south")
    moves = pg.evaluate("JSON.parse(document.querySelector('.wa-replay-data').textContent).moves.south")
    buttons = pg.locator(".wa-movelist button").evaluate_all("bs => bs.map(b => [b.textContent, 'capture' in b.dataset])")
    assert len(buttons) == len(moves) and removals and len(removals) < len(moves)
    for ply, ((text, capture), seen) in enumerate(zip(buttons, moves, strict=True), 1):
        assert capture == (ply in removals), ply
        assert text == (seen.replace("-", "x", 1) if capture else seen), (ply, text, seen)
    pg.click(f".wa-movelist button[data-ply='{min(removals)}']")
    assert "x" in pg.locator(".wa-ply").text_content()
    pg.close()
