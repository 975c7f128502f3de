"""What the plugin groups share: who a plugin is, which ids it may use, and how a broken one is reported.

Rulesets, players and texts join the archive through entry points
(``wararchive.rulesets``, ``wararchive.players``, ``wararchive.corpora``).
A plugin is another package's code, so its mistakes are not wararchive's:

* **Isolated.** A plugin that cannot be imported, whose ``build()`` raises or
  returns the wrong thing, or whose corpus fails validation, is skipped with
  one line on stderr, ``wararchive: warning: plugin 'foo' in
  wararchive.rulesets (package foo-rules 1.0) skipped: …``, printed once per
  process, and every other command and ruleset keeps working. Asking for that
  plugin by name is a :class:`PluginError` naming it and its package (the
  command line's one-line error, exit 2), never an internal error.
* **No silent replacement.** An id is registered once. The project's own
  entry points (modules in the ``wararchive`` package) keep their ids; between
  two plugins, the one whose package name sorts first keeps it; the other is
  skipped with a warning naming both packages.
* **Ids are plain.** Ruleset ids, player names, text ids, concept ids and the
  rule, piece and option ids of a plugin's ruleset match :data:`ID`
  (:data:`ID_RULE` in words): they become file names, URLs, HTML anchors and
  ``xml:id`` values, so a ``<``, a ``/`` or a space in one would break the
  site or the TEI export far from the plugin that caused it.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from importlib.metadata import EntryPoint
from typing import Any

from .errors import WararchiveError

ID = re.compile(r"[a-z0-9][a-z0-9._-]{0,63}")
ID_RULE = "a lower-case ASCII letter or digit, then up to 63 more of those or '.', '_', '-'"
OWN_PACKAGE = "wararchive"


def id_problem(value: object, what: str) -> str | None:
    """Why ``value`` cannot be an id (``what`` names it in the message, e.g. "ruleset id"), or None if it can."""
    if isinstance(value, str) and ID.fullmatch(value):
        return None
    return f"{what} {value!r} is not a valid id ({ID_RULE})"


def is_own(ep: EntryPoint) -> bool:
    """Whether the entry point is the project's own (its module is in the ``wararchive`` package)."""
    return ep.module == OWN_PACKAGE or ep.module.startswith(OWN_PACKAGE + ".")


def package(ep: EntryPoint) -> str:
    """The distribution that declares ``ep`` (``package foo-rules 1.0``), or its module where no distribution is known."""
    dist = getattr(ep, "dist", None)
    name = dist.name if dist is not None else None  # a dist-info without a Name reads as None
    return f"package {name} {dist.version}" if name else f"module {ep.module}"


def describe(ep: EntryPoint) -> str:
    """``plugin 'foo' in wararchive.rulesets (package foo-rules 1.0)``: what a user needs to find the culprit."""
    return f"plugin {ep.name!r} in {ep.group} ({package(ep)})"


class PluginError(WararchiveError):
    """A plugin cannot be used: the message names it, its package and why, on one line."""

    def __init__(self, plugin: EntryPoint | str, reason: str):
        self.plugin = plugin if isinstance(plugin, str) else describe(plugin)
        self.reason = " ".join(reason.split())  # one line, whatever the plugin's exception said
        super().__init__(self.plugin, self.reason)  # the args rebuild it: it crosses to and from worker processes

    def __str__(self) -> str:
        return f"{self.plugin}: {self.reason}"

    @property
    def warning(self) -> str:
        """The line printed when the plugin is skipped rather than asked for."""
        return f"{self.plugin} skipped: {self.reason}"


_warned: set[str] = set()


def warn(message: str) -> None:
    """Print ``wararchive: warning: <message>`` on stderr, once per process however often the registries are read."""
    if message not in _warned:
        _warned.add(message)
        print(f"wararchive: warning: {message}", file=sys.stderr)


@contextmanager
def blamed(ep: EntryPoint, doing: str) -> Iterator[None]:
    """Turn whatever the plugin's code raises while ``doing`` into a :class:`PluginError` naming it.

    A plugin author's mistake must read as theirs (exit 2, one line), not as
    wararchive's internal error; our own one-line errors (an unknown option,
    a citation of a missing passage) keep their text after the plugin's name.
    """
    try:
        yield
    except PluginError:
        raise
    except WararchiveError as exc:
        raise PluginError(ep, str(exc)) from exc
    except Exception as exc:
        raise PluginError(ep, f"{doing} raised {type(exc).__name__}: {exc}") from exc


def load(ep: EntryPoint) -> Any:
    """The object ``ep`` names, imported; a failing import is a :class:`PluginError`."""
    with blamed(ep, f"importing {ep.value}"):
        return ep.load()


@dataclass
class Registered:
    """One group's entry points after the id rules: those that keep their ids, and the refusals."""

    found: dict[str, EntryPoint] = field(default_factory=dict)  # id → entry point, in id order
    refused: dict[str, list[PluginError]] = field(default_factory=dict)  # id → why each claim to it was refused

    def warn_refused(self, ids: Iterable[str] | None = None) -> None:
        """Warn (once) of the refused claims, to all ids or to ``ids``."""
        for rid in self.refused if ids is None else ids:
            for error in self.refused.get(rid, ()):
                warn(error.warning)


def register(eps: Iterable[EntryPoint], taken: Mapping[str, str] | None = None) -> Registered:
    """Apply the id rules to a group's entry points; ``taken`` maps ids already in use (built in) to their owner.

    The project's own entry points come first, then the plugins by package
    name, so which claim keeps an id does not depend on the order of
    ``sys.path``.
    """
    taken = taken or {}
    out = Registered()
    for ep in sorted(eps, key=lambda ep: (not is_own(ep), package(ep), ep.value, ep.name)):
        problem = id_problem(ep.name, "id")
        if problem is None and ep.name in taken:
            problem = f"id {ep.name!r} is already {taken[ep.name]}"
        elif problem is None and ep.name in out.found:
            problem = f"id {ep.name!r} is already registered by {package(out.found[ep.name])}"
        if problem is None:
            out.found[ep.name] = ep
        else:
            out.refused.setdefault(ep.name, []).append(PluginError(ep, problem))
    out.found = dict(sorted(out.found.items()))
    return out
