"""``strong``'s settings per game: a ruleset's tuning in place of the defaults, checked, and forced by a tuning run."""

from __future__ import annotations

import dataclasses

import pytest

from wararchive.engine import ruleset
from wararchive.errors import WararchiveError
from wararchive.players import make_player, strong
from wararchive.rulesets import sojamang_1935


def test_a_ruleset_without_tuning_plays_the_defaults():
    s = strong.Settings.of(ruleset("spionaaz"))
    assert (s.danger, s.contact, s.siege_depth) == (strong.DANGER, strong.CONTACT, strong.SIEGE_DEPTH)


def test_sojamang_plays_its_own_tuning_and_the_defaults_for_the_rest():
    s = strong.Settings.of(ruleset("sojamang-1935"))
    assert sojamang_1935.STRONG  # the Benchmarks page's confirmed setting
    for name, value in sojamang_1935.STRONG.items():
        assert getattr(s, name.lower()) == value
    assert s.contact == strong.CONTACT and s.guard == strong.GUARD
    player = make_player("strong", 1)
    assert player.settings(ruleset("sojamang-1935").new_game(seed=1)) == s


@pytest.mark.parametrize(
    ("tuning", "message"),
    [
        ({"DANGR": 9.0}, "tuning\\['strong'\\] names no setting of strong: 'DANGR'"),
        ({"DANGER_DEPTH": 2.5}, "tuning\\['strong'\\]\\['DANGER_DEPTH'\\] = 2.5: a whole number is needed"),
        ({"DANGER": "high"}, "= 'high': a number is needed"),
        ({"DANGER": True}, "= True: a number is needed"),
    ],
)
def test_a_tuning_that_names_no_setting_or_the_wrong_kind_is_refused_in_one_line(tuning, message):
    rs = dataclasses.replace(ruleset("spionaaz"), tuning={"strong": tuning})
    with pytest.raises(WararchiveError, match=f"^spionaaz: .*{message}"):
        strong.Settings.of(rs)


def test_a_tuning_run_forces_its_value_over_the_rulesets(monkeypatch):
    monkeypatch.setattr(strong, "FORCED", {"DANGER": 12.0})
    assert strong.Settings.of(ruleset("sojamang-1935")).danger == 12.0


def test_the_compiled_judging_reads_the_same_settings():
    s = strong.Settings.of(ruleset("sojamang-1935"))
    floats, ints = s.compiled()
    assert floats[:6] == (s.win, s.info, s.hide, s.threat, s.progress, s.danger)
    assert ints == (s.max_turn_plies, s.danger_depth, s.siege_depth)


def test_the_cells_in_contact_follow_the_settings_of_the_game_played():
    """A player carried into a game whose ruleset sets another ``CONTACT`` measures contact with that one."""
    game = ruleset("spionaaz").new_game(seed=1)
    player = make_player("strong", 1)
    assert player._near(game, 2) == strong._within(game, 2)
    assert player._near(game, 3) == strong._within(game, 3) != strong._within(game, 2)
