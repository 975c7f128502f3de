"""How a ruleset reaches the compiled kernel: its hooks declare a compiled family, and the declaration is tested.

A subclass of a project's hooks inherits their methods, not the claim that
compiled code plays them: it runs on the reference engine until it
declares a family itself; and a false declaration is caught by the
conformance kit's kernel-equality check.
"""

from __future__ import annotations

import dataclasses

import pytest

from wararchive import kernel
from wararchive.engine import ruleset
from wararchive.rulesets.spionaaz import SpionaazHooks
from wararchive.testing import check_kernel_equality, kernel as kernel_check

pytestmark = pytest.mark.skipif(kernel.numba_gap() is not None, reason=str(kernel.numba_gap()))


class SilentSpies(SpionaazHooks):
    """Spionaaž's hooks with spies that unmask no one (et-spionaaz's unmasking left out): other games than the kernel's."""

    def after_move(self, game, move, player: int) -> None:
        return None


class ClaimedSilentSpies(SilentSpies):
    kernel_mirror = "spz"  # a false claim: the compiled family unmasks


class DeclaredSpies(SpionaazHooks):
    """The same hooks under another name, declaring the family they truly are."""

    kernel_mirror = "spz"


def variant(hooks: type, **options) -> object:
    """Spionaaž with other hooks, under an id of its own (the kernel keeps its tables per id and options)."""
    rs = ruleset("spionaaz", **options)
    return dataclasses.replace(rs, id=f"spionaaz-{hooks.__name__.lower()}", hooks=hooks(rs.hooks.volcanoes))


@pytest.fixture
def registry(monkeypatch):
    """The check's ruleset look-up answering for the variants."""
    made = {}

    def look_up(rid: str, **options):
        return variant(made[rid], **options) if rid in made else ruleset(rid, **options)

    monkeypatch.setattr(kernel_check, "ruleset", look_up)

    def add(hooks: type) -> str:
        made[f"spionaaz-{hooks.__name__.lower()}"] = hooks
        return f"spionaaz-{hooks.__name__.lower()}"

    return add


def test_the_project_hooks_declare_their_compiled_families():
    assert kernel.gap(ruleset("spionaaz")) is None
    assert SpionaazHooks.__dict__["kernel_mirror"] == "spz"


def test_a_subclass_that_declares_nothing_runs_on_the_reference_engine_and_says_why():
    rs = variant(SilentSpies)
    why = kernel.gap(rs)
    assert why is not None and "SilentSpies: they declare no kernel_mirror of their own" in why
    assert kernel.choose("auto", rs) == ("reference", why)


def test_a_false_declaration_is_caught_game_by_game(registry):
    rid = registry(ClaimedSilentSpies)
    assert kernel.gap(variant(ClaimedSilentSpies)) is None  # the kernel takes the claim…
    with pytest.raises(AssertionError, match=rf"{rid} .* seed \d+"):  # …and the check refutes it, naming the game
        check_kernel_equality(rid)


def test_a_true_declaration_passes_the_check(registry):
    rid = registry(DeclaredSpies)
    assert check_kernel_equality(rid) is None


def test_a_ruleset_the_kernel_leaves_alone_returns_the_reason(registry):
    assert "declare no kernel_mirror of their own" in check_kernel_equality(registry(SilentSpies))


def test_chess_on_the_kernel_passes_the_check():
    """Compiled chess (kernel.play replays its moves on the reference engine) is checked move by move like the board games."""
    assert check_kernel_equality("chess", seeds=range(4), full_seeds=range(1)) is None
