"""Read a YAML annotation file while remembering where every value came from.

Annotation files are edited by hand, so an error must point at a line. PyYAML
builds plain Python objects and forgets positions; here we compose the node
tree once, construct the data from it, and keep a map from each value's path
(``("passages", 3, "start")``) to its line. Duplicate keys, which PyYAML
silently resolves to the last one, are refused: nothing is dropped silently.

Before anything walks the tree, its size is bounded: YAML aliases let a
few lines name a billion values (the "billion laughs"), and deep nesting
exhausts Python's stack. The limits are far above any annotation file
(the largest has about 4,000 values, 4 levels deep).

Every string but a copy of a source (:data:`VERBATIM`) is the project's own
text (a translation, a note, a reason), and none may hold a control
character but line break and tab: a double-quoted
``"\\v"`` or ``"\\x01"`` would reach a terminal raw and a TEI file not at all.
The sources are another matter: they are byte-exact and never checked for it.
"""

from __future__ import annotations

import errno
import os
import re
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from ..errors import CorpusError

try:  # libyaml is several times faster; the pure-Python loader is the fallback.
    _Loader = yaml.CSafeLoader
except AttributeError:  # pragma: no cover - depends on how PyYAML was built
    _Loader = yaml.SafeLoader

Path_ = tuple[str | int, ...]

MAX_DEPTH = 32
MAX_VALUES = 200_000
_C_SAFE_DEPTH = 10_000

_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")
"""Unicode's control characters (category Cc) but tab and line break."""
VERBATIM = frozenset({"original"})
"""Fields that copy a source's text (a correction's ``original``, which the loader matches against it byte for
byte): they may hold whatever the source holds, control characters included."""


@dataclass
class YamlFile:
    """A parsed file: its data plus the line of every value in it."""

    path: str
    data: Any
    lines: dict[Path_, int]

    def line(self, path: Path_) -> int | None:
        """The line of ``path``, or of its nearest ancestor that has one."""
        while path:
            if path in self.lines:
                return self.lines[path]
            path = path[:-1]
        return self.lines.get((), 1)

    def error(self, path: Path_, problem: str) -> CorpusError:
        """An error naming this file, the line of ``path`` and the field."""
        return CorpusError(self.path, self.line(path), format_path(path), problem)


def format_path(path: Path_) -> str:
    """``("passages", 3, "start")`` -> ``passages[3].start``."""
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


def read_yaml(path: Path, display: str | None = None) -> YamlFile:
    """Parse ``path``; raise :class:`CorpusError` with a line on any problem."""
    name = display or str(path)
    try:
        text = read_regular_file(path).decode("utf-8")
    except UnicodeDecodeError as exc:
        raise CorpusError(name, None, "", f"not UTF-8 text ({exc.reason} at byte {exc.start})") from None
    except (OSError, ValueError) as exc:  # ValueError: a NUL byte in the name
        raise CorpusError(name, None, "", f"cannot be read: {getattr(exc, 'strerror', None) or exc}") from None
    _check_nesting(text, name)
    loader = _Loader(text)
    try:
        node = loader.get_single_node()
        if node is None:
            raise CorpusError(name, 1, "", "the file is empty")
        _measure(node, 1, {}, set(), name)
        lines: dict[Path_, int] = {}
        _index(node, (), lines, name, loader)
        data = loader.construct_document(node)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else None
        if "nesting depth" in str(exc.problem):  # PyYAML >= 6.0.3 stops deep nesting itself, before _measure can
            raise CorpusError(name, line, "", f"nested deeper than {MAX_DEPTH} levels") from None
        raise CorpusError(name, line, "", f"YAML syntax: {exc.problem or exc.context}") from None
    except yaml.YAMLError as exc:  # the reader's: a character YAML does not allow (a NUL byte), with its position
        position = getattr(exc, "position", None)
        line = text.count("\n", 0, position) + 1 if isinstance(position, int) else None
        raise CorpusError(name, line, "", f"YAML: {exc}".splitlines()[0]) from None
    finally:
        loader.dispose()
    return YamlFile(name, data, lines)


def read_regular_file(path: Path) -> bytes:
    """The bytes of ``path``, which must be a regular file: a pipe would block the reader, a directory fail it.

    The file is opened without blocking and checked once open, so a FIFO put
    in place of an annotation file is refused at once instead of hanging the load.
    """
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(errno.EINVAL, "not a regular file")
        with os.fdopen(fd, "rb", closefd=False) as fh:
            return fh.read()
    finally:
        os.close(fd)


def _check_nesting(text: str, name: str) -> None:
    """Refuse nesting deeper than ``MAX_DEPTH`` before composing: libyaml's composer recurses in C.

    The event stream is flat, so counting its open collections is safe at
    any depth, where composing 50,000 nested lists crashes the interpreter
    (20,000 compose fine). Every collection opens with one of ``[{-:?``, so
    their count bounds the depth: below ``_C_SAFE_DEPTH`` (every real file:
    the largest has about 3,000) the scan, which would add a third to the
    load time, is skipped and ``_measure`` bounds the depth after composing.
    """
    if sum(text.count(c) for c in "[{-:?") <= _C_SAFE_DEPTH:
        return
    depth = 0
    try:
        for event in yaml.parse(text, Loader=_Loader):
            if isinstance(event, yaml.CollectionStartEvent):
                depth += 1
                if depth > MAX_DEPTH:
                    raise CorpusError(name, event.start_mark.line + 1, "", f"nested deeper than {MAX_DEPTH} levels")
            elif isinstance(event, yaml.CollectionEndEvent):
                depth -= 1
    except yaml.YAMLError:
        return  # composing reports the error with its line


def _measure(node: yaml.Node, depth: int, seen: dict[int, tuple[int, int]], open_: set[int], name: str) -> tuple[int, int]:
    """(values, levels) of ``node`` with every alias expanded; too many or too deep is refused.

    Each node is measured once (``seen``), so a bomb is caught in time
    linear in the file, not in its expansion; ``open_`` holds the nodes
    being measured, so an alias inside its own anchor is caught too.
    """
    line = node.start_mark.line + 1
    if id(node) in open_:
        raise CorpusError(name, line, "", "an alias refers to a value that contains it")
    if id(node) not in seen:
        if depth > MAX_DEPTH:
            raise CorpusError(name, line, "", f"nested deeper than {MAX_DEPTH} levels")
        open_.add(id(node))
        values, levels = 1, 0
        for child in _children(node):
            v, lv = _measure(child, depth + 1, seen, open_, name)
            values, levels = values + v, max(levels, lv)
            if values > MAX_VALUES:
                raise CorpusError(name, line, "", f"expands to more than {MAX_VALUES:,} values (through aliases?)")
        open_.discard(id(node))
        seen[id(node)] = (values, levels + 1)
    values, levels = seen[id(node)]
    if depth - 1 + levels > MAX_DEPTH:  # an aliased subtree, deep in itself, met again deeper down
        raise CorpusError(name, line, "", f"nested deeper than {MAX_DEPTH} levels (through aliases)")
    return values, levels


def _children(node: yaml.Node) -> list[yaml.Node]:
    if isinstance(node, yaml.MappingNode):
        return [n for pair in node.value for n in pair]
    if isinstance(node, yaml.SequenceNode):
        return list(node.value)
    return []


_SCALAR_KINDS = {
    "tag:yaml.org,2002:int": "an integer",
    "tag:yaml.org,2002:float": "a number",
    "tag:yaml.org,2002:bool": "true or false",
    "tag:yaml.org,2002:timestamp": "a date",
    "tag:yaml.org,2002:binary": "base64 data",
}


def _index(node: yaml.Node, path: Path_, lines: dict[Path_, int], name: str, loader: Any) -> None:
    """Record every value's line; construct each scalar here, so a value YAML cannot read is named with its line.

    ``1935-02-30`` (a date that does not exist), ``!!bool maybe``, an
    integer of more digits than Python converts: PyYAML raises a bare
    ``ValueError`` or ``KeyError`` for them, with no position. The loader
    keeps what it constructs, so the document is not constructed twice.
    """
    lines[path] = node.start_mark.line + 1
    if isinstance(node, yaml.ScalarNode):
        _check_text(_construct(node, loader, name, lines[path], path), name, lines[path], path)
    if isinstance(node, yaml.MappingNode):
        seen: dict[str, int] = {}
        for key_node, value_node in node.value:
            key = key_node.value
            line = key_node.start_mark.line + 1
            if not isinstance(key_node, yaml.ScalarNode):
                raise CorpusError(name, line, format_path(path), "a key must be a plain value, not a list or a mapping")
            _construct(key_node, loader, name, line, path)
            if key in seen:
                raise CorpusError(name, line, format_path((*path, key)), f"duplicate key (first at line {seen[key]})")
            seen[key] = line
            _index(value_node, (*path, key), lines, name, loader)
            lines[(*path, key)] = line
    elif isinstance(node, yaml.SequenceNode):
        for i, item in enumerate(node.value):
            _index(item, (*path, i), lines, name, loader)


def _construct(node: yaml.ScalarNode, loader: Any, name: str, line: int, path: Path_) -> Any:
    """Construct one scalar; whatever its constructor raises means a value it cannot read, named with its line."""
    try:
        return loader.construct_object(node)
    except yaml.MarkedYAMLError:
        raise
    except Exception as exc:
        what = _SCALAR_KINDS.get(node.tag, node.tag)
        value = node.value if len(node.value) <= 40 else node.value[:37] + "..."
        reason = str(exc).split(";")[0] if str(exc) and not isinstance(exc, KeyError) else "not a value of this kind"
        raise CorpusError(name, line, format_path(path), f"cannot read {value!r} as {what}: {reason}") from None


def _check_text(value: Any, name: str, line: int, path: Path_) -> None:
    """Refuse a control character in a string the project wrote (not in a :data:`VERBATIM` copy of a source)."""
    control = _CONTROL.search(value) if isinstance(value, str) and not (path and path[-1] in VERBATIM) else None
    if control:
        char = control.group()
        problem = f"control character U+{ord(char):04X} ({char!r}) at character {control.start()}; only line breaks and tabs"
        raise CorpusError(name, line, format_path(path), problem + " may stand in an annotation")
