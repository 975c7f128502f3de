"""The replay data the site's viewer reads: what each view may see at every ply, the setups' events included, and how
a game's end is said. Short games on the reference engine (a ply limit stops them), so no kernel and no build."""

from __future__ import annotations

from wararchive.engine import REFEREE, ruleset
from wararchive.players import simulate_one
from wararchive.result_text import result_sentence
from wararchive.site.replay import _event, hides_ranks, replay_of


def test_frame_0_holds_the_setups_events_as_each_view_may_read_them():
    """The Finnish map game shows each side the other's gas command before the first move (ff.gas-seen): each side's
    frame 0 lists the one it was shown, the referee's both, through the engine's filter (never the raw events)."""
    rs = ruleset("finnish-front", ply_limit=4)
    data = replay_of(simulate_one(rs, 1))
    start = rs.new_game(seed=1)
    for viewer in (*rs.sides, REFEREE):
        expected = [_event(rs, e) for e in start.visible_events(viewer)]  # a new game's events are its setups'
        assert expected and data["events"][viewer][0] == expected, viewer
    shown = {viewer: {side for ev in data["events"][viewer][0] for _, side in ev["pieces"]} for viewer in (*rs.sides, REFEREE)}
    assert shown == {"blue": {"yellow"}, "yellow": {"blue"}, REFEREE: {"blue", "yellow"}}
    assert {ev["rule"] for ev in data["events"][REFEREE][0]} == {"ff.gas-seen"}


def test_the_end_event_says_unfinished_for_the_ply_limit_and_the_summary_has_a_verb():
    data = replay_of(simulate_one(ruleset("spionaaz", ply_limit=4), 1))
    (end,) = [ev for ev in data["events"][REFEREE][-1] if "winner" in ev]
    assert end["rule"] == "project.ply-limit" and end["winner"] is None and end["result"] == "unfinished"
    assert result_sentence(None, "project.ply-limit", 4) == "unfinished after 4 plies (the project's ply limit)"
    assert result_sentence("black", "chess.checkmate", 74) == "black wins after 74 plies"
    assert result_sentence(None, "chess.stalemate", 90) == "a draw after 90 plies"


def test_only_a_game_that_hides_ranks_says_so():
    assert hides_ranks(replay_of(simulate_one(ruleset("spionaaz", ply_limit=2), 1)))
    assert not hides_ranks(replay_of(simulate_one(ruleset("chess", ply_limit=2), 1)))
