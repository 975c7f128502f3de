"""The hooks' contract with the engine: changes only through the cited mutation API, per-game state per game.

A ruleset changes a game only through the board game's mutation API
(``reveal``, ``freeze``, ``relocate``…, each naming its rule), so every
change is cited in the record: :func:`check_no_direct_writes` scans a
ruleset's source for writes to engine state, naming file and line. A
cached ruleset (hence its one hooks object) plays any number of games at
once, each as it plays alone: :func:`check_interleaved_games`.
"""

from __future__ import annotations

import ast

from ..engine import ruleset
from ..engine.registry import source_files
from ..players import make_player, simulate_one

MUTATING_METHODS = frozenset(
    {"add", "discard", "update", "difference_update", "intersection_update", "symmetric_difference_update"}
    | {"append", "extend", "insert", "pop", "popitem", "remove", "clear", "setdefault", "sort", "reverse"}
    | {"__setitem__", "__delitem__"}
)


def _rooted_at_game(node: ast.expr, aliases: set[str]) -> bool:
    """Is ``node`` ``game.<attr>…`` (an engine attribute, or something inside one), or a local alias of one?"""
    depth = 0
    while isinstance(node, ast.Attribute | ast.Subscript):
        node, depth = node.value, depth + 1
    if not isinstance(node, ast.Name):
        return False
    return (node.id == "game" and depth >= 1) or node.id in aliases


def _aliases(func: ast.AST) -> set[str]:
    """Local names bound to an engine attribute (``kind, uid = game.kind, game.uid``) in one function."""
    out: set[str] = set()
    for node in ast.walk(func):
        if isinstance(node, ast.Assign):
            values = node.value.elts if isinstance(node.value, ast.Tuple) else [node.value]
            targets = [t for tgt in node.targets for t in (tgt.elts if isinstance(tgt, ast.Tuple) else [tgt])]
            for target, value in zip(targets, values, strict=False):
                if isinstance(target, ast.Name) and _rooted_at_game(value, set()):
                    out.add(target.id)
    return out


def direct_writes(source: str, filename: str) -> list[str]:
    """``file:line: what`` for every write to engine state in ``source``: assignment, ``del`` or a mutating call."""
    found = []
    tree = ast.parse(source, filename)
    for func in [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)] or [tree]:
        aliases = _aliases(func)
        for node in ast.walk(func):
            targets: list[ast.expr] = []
            if isinstance(node, ast.Assign):
                targets = [t for tgt in node.targets for t in (tgt.elts if isinstance(tgt, ast.Tuple) else [tgt])]
            elif isinstance(node, ast.AugAssign | ast.AnnAssign):
                targets = [node.target]
            elif isinstance(node, ast.Delete):
                targets = node.targets
            elif (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr in MUTATING_METHODS
                and _rooted_at_game(node.func.value, aliases)
            ):
                found.append(f"{filename}:{node.lineno}: {ast.unparse(node.func)}(…) mutates engine state")
            for target in targets:
                if isinstance(target, ast.Attribute | ast.Subscript) and _rooted_at_game(target, aliases):
                    found.append(f"{filename}:{node.lineno}: writes {ast.unparse(target)}")
    return sorted(set(found))


def check_interleaved_games(ruleset_id: str, seeds: tuple[int, int] = (1, 2)) -> None:
    """Two games of one cached ruleset, ply by ply in turn, give exactly the records each gives alone.

    Per-game state on the shared hooks object (or shared between games
    through it) would make one game's moves change the other's.
    """
    rs = ruleset(ruleset_id, ply_limit=300)
    kinds = ("greedy", "random")
    alone = [simulate_one(rs, seed, kinds).record() for seed in seeds]
    games = [rs.new_game(seed=seed) for seed in seeds]
    players = [
        tuple(make_player(k, f"{rs.id}:{seed}:player:{side}") for k, side in zip(kinds, rs.sides, strict=True)) for seed in seeds
    ]
    while any(g.result is None for g in games):
        for g, pl in zip(games, players, strict=True):
            if g.result is None:
                g.play(pl[g.to_move].choose(g))
    assert [g.record() for g in games] == alone, f"{ruleset_id}: games interleaved on one ruleset play otherwise than alone"
    states = [getattr(g, "hook_state", None) for g in games]
    assert states[0] is not states[1] or states[0] is None, f"{ruleset_id}: two games share one hook state"


def check_no_direct_writes(ruleset_id: str) -> None:
    """No file of the ruleset's module writes engine state: one line per write found, ``file:line: what``."""
    found = []
    for path in source_files(ruleset_id):
        found += direct_writes(path.read_text(encoding="utf-8"), str(path))
    assert not found, "\n".join(found)
