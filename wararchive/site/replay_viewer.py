"""The ``wa-replay`` directive: a replay viewer and the rules its game shows.

Kept apart from :mod:`.replay`, which records the games: the simulation
cache is keyed by the code that makes the data, not by the markup around it.
"""

from __future__ import annotations

import io
import json
from collections import Counter

from docutils import nodes
from sphinx.util.docutils import SphinxDirective

from ..engine import ruleset
from ..result_text import result_sentence
from .cache import site_cache_dir
from .escape import script_json
from .html import el
from .inputs import depends_on
from .refs import rule_link
from .replay import game_record, game_replay, hides_ranks
from .tables import badge, citations


class Replay(SphinxDirective):
    """``{wa-replay} RULESET SEED``: a replay viewer for one simulated game."""

    required_arguments = 2

    def run(self) -> list[nodes.Node]:
        rid, seed = self.arguments[0], int(self.arguments[1])
        cache_dir = site_cache_dir(self.config, self.env.srcdir)
        data = game_replay(cache_dir, rid, seed)
        record = json.loads(game_record(cache_dir, rid, seed))
        san = san_moves(record)
        if san is not None:
            if len(san) != len(data["moves"]["referee"]):
                plies = len(data["moves"]["referee"])
                raise self.error(f"{rid} seed {seed}: the record's PGN has {len(san)} moves, the replay {plies}")
            data = {**data, "san": san}
        data = {**data, "hidden_ranks": hides_ranks(data)}  # the legend's "?" only where a view hides a rank
        rs = ruleset(rid)
        depends_on(self.env, "ruleset", rid)
        fired = Counter(e["rule"] for frame in data["events"]["referee"] for e in frame)
        shows = el("ul", class_="wa-shows")
        for rule_id, n in sorted(fired.items(), key=lambda kv: kv[0]):
            r = rs.rule(rule_id)
            first = next(i for i, frame in enumerate(data["events"]["referee"]) if any(e["rule"] == rule_id for e in frame))
            shows += el(
                "li",
                badge(r.certainty, rs.responsible),
                " ",
                rule_link(rid, rule_id),
                f" — {r.summary} ",
                el("span", f"(first at ply {first}; {n}×) ", class_="wa-muted"),
                *citations(r.cites, wording=False, responsible=rs.responsible),
            )
        uid = f"replay-{rid}-{seed}"
        payload = script_json(data)
        viewer = el(
            "div",
            class_="wa-replay",
            id=uid,
            tabindex="0",
            data_rules_page=f"{rid}.html",
            aria_label="game replay; use the arrow keys",
        )
        viewer += nodes.raw("", f'<script type="application/json" class="wa-replay-data">{payload}</script>', format="html")
        r = data["result"]
        summary = el(
            "p",
            f"{rs.title}, seed {seed}: {data['players'][0]} ({rs.sides[0]}) against {data['players'][1]} ({rs.sides[1]}); "
            f"{result_sentence(r['winner'], r['reason'], r['ply'])} — {r['summary']}",
            class_="wa-replay-summary",
        )
        return [summary, viewer, el("h2", "Rules this game shows"), shows]


def san_moves(record: dict) -> list[str] | None:
    """A chess game's moves in standard algebraic notation (``Nc3``, not ``b1c3``), from its record's PGN; else None.

    python-chess reads the PGN and writes each move as a chess reader expects it.
    """
    if "pgn" not in record:
        return None
    import chess.pgn

    game = chess.pgn.read_game(io.StringIO(record["pgn"]))
    board = game.board()
    out = []
    for move in game.mainline_moves():
        out.append(board.san(move))
        board.push(move)
    return out
