"""Read a YAML annotation file while remembering where every value came from.

Annotation files are edited by hand, so an error must point at a line. PyYAML
builds plain Python objects and forgets positions; here we compose the node
tree once, construct the data from it, and keep a map from each value's path
(``("passages", 3, "start")``) to its line. Duplicate keys, which PyYAML
silently resolves to the last one, are refused: nothing is dropped silently.
"""

from __future__ import annotations

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
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise CorpusError(name, None, "", f"not UTF-8 text ({exc.reason} at byte {exc.start})") from None
    loader = _Loader(text)
    try:
        node = loader.get_single_node()
        if node is None:
            raise CorpusError(name, 1, "", "the file is empty")
        lines: dict[Path_, int] = {}
        _index(node, (), lines, name)
        data = loader.construct_document(node)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else None
        raise CorpusError(name, line, "", f"YAML syntax: {exc.problem or exc.context}") from None
    finally:
        loader.dispose()
    return YamlFile(name, data, lines)


def _index(node: yaml.Node, path: Path_, lines: dict[Path_, int], name: str) -> None:
    lines[path] = node.start_mark.line + 1
    if isinstance(node, yaml.MappingNode):
        seen: dict[str, int] = {}
        for key_node, value_node in node.value:
            key = key_node.value
            line = key_node.start_mark.line + 1
            if key in seen:
                raise CorpusError(name, line, format_path((*path, key)), f"duplicate key (first at line {seen[key]})")
            seen[key] = line
            _index(value_node, (*path, key), lines, name)
            lines[(*path, key)] = line
    elif isinstance(node, yaml.SequenceNode):
        for i, item in enumerate(node.value):
            _index(item, (*path, i), lines, name)
