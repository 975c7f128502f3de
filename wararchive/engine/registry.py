"""Which rulesets exist and how to build one.

Rulesets are plugins found through the ``wararchive.rulesets`` entry-point
group (declared in ``pyproject.toml``): the entry's name is the ruleset id,
its value the module whose ``build(options)`` makes the ruleset. The engine
names no ruleset, so a sixth rulebook, in this package or another, is data
plus one module and one line of packaging (see ``docs/adding-a-rulebook.md``).

Modules are imported on demand, so ``wararchive rules chess`` does not
build the war games. A plugin is isolated (:mod:`wararchive.plugins`): one
whose id is invalid or taken, or whose module or ``build()`` fails, is left
out of :func:`rulesets` with one warning, and asking for it by id is one
error naming it and its package.
"""

from __future__ import annotations

from functools import lru_cache
from importlib import import_module
from importlib.metadata import EntryPoint, entry_points
from pathlib import Path
from typing import Any

from .. import corpus, plugins
from ..errors import UnknownIdError, WararchiveError
from .ruleset import Ruleset

GROUP = "wararchive.rulesets"
OWN_PACKAGE = "wararchive.rulesets"  # the project's own rulesets live here; any other module is a plugin's


class CitationError(WararchiveError):
    """A ruleset cites a passage the archive does not have."""


@lru_cache(maxsize=1)
def _entry_points() -> plugins.Registered:
    """The group's entry points after the id rules (:func:`wararchive.plugins.register`), in id order."""
    found = plugins.register(entry_points(group=GROUP))
    if not found.found:
        raise WararchiveError(f"no rulesets in the {GROUP!r} entry-point group: (re)install wararchive (pip install -e .)")
    return found


def rulesets() -> list[str]:
    """The ids of every usable registered ruleset.

    A plugin's ruleset is built here (with its defaults; cached), so that one
    which cannot be built is left out with one warning instead of breaking
    every command that goes through all rulesets (``rulesets``, the exports,
    the site). The project's own are listed unbuilt: ``wararchive rules chess``
    does not build the war games.
    """
    registered = _entry_points()
    registered.warn_refused()
    usable = []
    for rid, ep in registered.found.items():
        if not plugins.is_own(ep):
            try:
                ruleset(rid)
            except plugins.PluginError as exc:
                plugins.warn(exc.warning)
                continue
        usable.append(rid)
    return usable


def own_rulesets() -> list[str]:
    """The ids of the project's own rulesets (those in :mod:`wararchive.rulesets`), without any plugin's."""
    return [
        rid for rid, ep in _entry_points().found.items() if ep.module == OWN_PACKAGE or ep.module.startswith(OWN_PACKAGE + ".")
    ]


def _entry_point(ruleset_id: str) -> EntryPoint:
    """The entry point of ``ruleset_id``; an id whose only claims were refused is that refusal, naming the plugin."""
    registered = _entry_points()
    if ruleset_id in registered.found:
        registered.warn_refused([ruleset_id])  # a plugin's claim to a built-in id is said whenever the id is used
        return registered.found[ruleset_id]
    if ruleset_id in registered.refused:
        raise registered.refused[ruleset_id][0]
    raise UnknownIdError("ruleset", ruleset_id, rulesets())


def source_files(ruleset_id: str) -> list[Path]:
    """The Python files of the module that builds ``ruleset_id`` (every file of it, when it is a package)."""
    module = import_module(_entry_point(ruleset_id).module)
    path = Path(module.__file__ or "")
    return sorted(path.parent.rglob("*.py")) if path.name == "__init__.py" else [path]


def ruleset(ruleset_id: str, **options: Any) -> Ruleset:
    """Build ruleset ``ruleset_id`` with ``options`` over its defaults.

    Unknown ids, option names and option values are refused with the valid
    choices; a plugin that cannot build is a :class:`~wararchive.plugins.PluginError`
    naming it and its package. Rulesets are cached per option set: they are immutable data.
    """
    _entry_point(ruleset_id)
    # The key carries each value's type: 100.0 == 100 and 1 == True in Python, and without the
    # type a cached ruleset would answer for a value its option validation refuses.
    key = tuple(sorted((name, type(value), value) for name, value in options.items()))
    try:
        hash(key)
    except TypeError:  # a list or a dict: no option takes one; building uncached refuses it by name
        return _make(ruleset_id, options)
    return _build(ruleset_id, key)


# Large enough for every reading of every ruleset a publication plays (97 readings): at 64, a worker passing
# from study to study rebuilt rulesets it had dropped. Bounded, as a long session may try many options.
@lru_cache(maxsize=256)
def _build(ruleset_id: str, options: tuple[tuple[str, type, Any], ...]) -> Ruleset:
    return _make(ruleset_id, {name: value for name, _, value in options})


def _make(ruleset_id: str, options: dict[str, Any]) -> Ruleset:
    ep = _entry_points().found[ruleset_id]
    if plugins.is_own(ep):  # the project's own: a failure is a bug of ours, and must surface as one
        return _checked(ep.load().build(options), ruleset_id)
    with plugins.blamed(ep, "build()"):
        return _checked(plugins.load(ep).build(options), ruleset_id)


def _checked(rs: object, ruleset_id: str) -> Ruleset:
    """``rs`` if it is a ruleset of that id whose ids are plain and whose citations all exist; else an error naming the fault."""
    if not isinstance(rs, Ruleset):
        raise WararchiveError(f"build() returned {type(rs).__name__}, not a Ruleset")
    if rs.id != ruleset_id:  # a plugin registered under another name than it builds: refuse, or records would lie
        raise WararchiveError(f"entry point {ruleset_id!r} of {GROUP!r} builds ruleset {rs.id!r}")
    named = [("rule id", r.id) for r in rs.rules] + [("piece id", p.id) for p in rs.piece_types]
    for what, value in [*named, *(("option", name) for name in rs.declared)]:
        problem = plugins.id_problem(value, f"ruleset {rs.id}: {what}")
        if problem:
            raise WararchiveError(problem)
    check_citations(rs)
    return rs


def check_citations(rs: Ruleset) -> None:
    """Refuse a ruleset that cites a passage the archive does not have, naming the ruleset, the rule and the passage.

    Checked when a ruleset is built (once per option set: rulesets are
    cached), so no command, export or page can show a citation that leads
    nowhere.
    """
    archive = corpus.load()
    for kind, owner, cites in rs.citations():
        for pid in cites:
            if not archive.has_passage(pid):
                raise CitationError(f"ruleset {rs.id}: {kind} {owner} cites passage {pid}, which is not in the corpus")
