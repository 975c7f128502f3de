"""The corpus loader under hostile files: refused with file and line, in bounded time and memory.

Annotation files are edited by hand and may come from anyone; a YAML alias
bomb, absurd nesting, a source that is not UTF-8 or a ``file:`` that
climbs out of the corpus must each end in one :class:`CorpusError`.
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import threading
from pathlib import Path

import pytest
from fuzzing import EXAMPLES
from hypothesis import given, settings, strategies as st

from wararchive import corpus
from wararchive.corpus.yamlfile import MAX_DEPTH, MAX_VALUES, read_yaml
from wararchive.errors import CorpusError

REAL = Path(__file__).resolve().parents[2] / "corpus"
SOURCE = "003_c46d4b46d94f614d.txt"


def _bomb(levels: int) -> str:
    """Ten times more values per level through aliases: 10**levels values from a few lines."""
    lines = ["l0: &l0 [x, x, x, x, x, x, x, x, x, x]"]
    lines += [f"l{i}: &l{i} [{', '.join([f'*l{i - 1}'] * 10)}]" for i in range(1, levels)]
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (_bomb(9), f"expands to more than {MAX_VALUES:,} values"),
        ("[" * 5_000 + "]" * 5_000, f"nested deeper than {MAX_DEPTH} levels"),
        ("[" * 200_000 + "]" * 200_000, f"nested deeper than {MAX_DEPTH} levels"),  # crashes libyaml's composer
        ("- " * 60_000 + "x", f"nested deeper than {MAX_DEPTH} levels"),
        ("a: &a {b: *a}", "an alias refers to a value that contains it"),
        ("? [a]\n: b", "a key must be a plain value"),
        ("x: {{a: 1}: b}", "x: a key must be a plain value"),
        ("a: &a " + "[" * 20 + "1" + "]" * 20 + "\nb: " + "[" * 16 + "*a" + "]" * 16, "levels (through aliases)"),
    ],
)
def test_yaml_bombs_and_deep_nesting_are_refused(tmp_path, text, message):
    path = tmp_path / "t.yaml"
    path.write_text(text)
    with pytest.raises(CorpusError, match=re.escape(message)):
        read_yaml(path)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("a: 1\ndate: 1935-02-30\n", "t.yaml:2: date: cannot read '1935-02-30' as a date: day is out of range for month"),
        ("a: 1\nn: " + "1" * 4_400 + "\n", "t.yaml:2: n: cannot read '111"),
        ("a: 1\nb: !!bool maybe\n", "t.yaml:2: b: cannot read 'maybe' as true or false"),
        ("a: 1\n!!bool maybe: 1\n", "t.yaml:2: cannot read 'maybe' as true or false"),
        ("a: [1, !!float x]\n", "t.yaml:1: a[1]: cannot read 'x' as a number"),
        ("a: 1\nb: x\x00y\n", "t.yaml:2: YAML: unacceptable character #x0000"),
    ],
)
def test_values_yaml_cannot_read_are_refused_with_line_and_field(tmp_path, text, message):
    """PyYAML raises a bare ValueError or KeyError for these, without a position: they were internal errors."""
    path = tmp_path / "t.yaml"
    path.write_text(text)
    with pytest.raises(CorpusError) as exc:
        read_yaml(path)
    assert str(exc.value).startswith(str(tmp_path / message)), str(exc.value)


def test_aliases_within_the_bounds_still_load(tmp_path):
    path = tmp_path / "t.yaml"
    path.write_text(_bomb(4))  # 10,000 values
    assert len(read_yaml(path).data["l3"]) == 10


@settings(max_examples=EXAMPLES * 3, deadline=None)
@given(
    st.lists(
        st.sampled_from(
            [
                *"[]{}-:?&*!|>'\"#, \nab01\x00²",
                "!!bool ",
                "!!int ",
                "!!float ",
                "!!timestamp ",
                "maybe",
                "1935-02-30",
                "9" * 4_400,
            ]
        ),
        max_size=40,
    ).map("".join)
)
def test_any_yaml_text_loads_or_is_refused_with_a_line(tmp_path_factory, text):
    path = tmp_path_factory.mktemp("y") / "t.yaml"
    path.write_text(text, encoding="utf-8")
    try:
        read_yaml(path)
    except CorpusError as exc:
        assert str(exc).startswith(str(path))


@pytest.fixture
def copy(tmp_path) -> Path:
    root = tmp_path / "corpus"
    shutil.copytree(REAL, root)
    return root


def _load_error(root: Path) -> str:
    with pytest.raises(CorpusError) as exc:
        corpus.load(root)
    return str(exc.value)


def test_an_impossible_date_in_a_text_file_names_file_line_and_field(copy):
    path = copy / "texts" / "et-spionaaz.yaml"
    text = path.read_text(encoding="utf-8")
    line = next(i for i, row in enumerate(text.splitlines(), 1) if row.startswith("date:"))
    path.write_text(re.sub(r"(?m)^date:.*$", "date: 1935-02-30", text), encoding="utf-8")
    assert _load_error(copy).startswith(f"corpus/texts/et-spionaaz.yaml:{line}: date: cannot read '1935-02-30' as a date")


@pytest.mark.parametrize("kind", ["directory", "fifo"])
def test_an_annotation_file_that_is_not_a_regular_file_is_refused_at_once(copy, kind):
    """A directory named x.yaml failed the load as an internal error; a FIFO blocked it forever."""
    path = copy / "texts" / "x.yaml"
    path.mkdir() if kind == "directory" else os.mkfifo(path)
    errors: list[str] = []
    loader = threading.Thread(target=lambda: errors.append(_load_error(copy)), daemon=True)  # a hang must not hold the suite
    loader.start()
    loader.join(timeout=60)
    assert errors == ["corpus/texts/x.yaml: cannot be read: not a regular file"]


def test_an_alias_bomb_in_a_text_file_names_the_file(copy):
    path = copy / "texts" / "et-spionaaz.yaml"
    path.write_text(path.read_text(encoding="utf-8") + _bomb(9).replace("l", "bomb_"), encoding="utf-8")
    assert _load_error(copy).startswith("corpus/texts/et-spionaaz.yaml:")


def test_a_source_outside_the_corpus_is_refused(copy):
    sources = copy / "sources.yaml"
    sources.write_text(sources.read_text(encoding="utf-8").replace(f"file: {SOURCE}", "file: ../../escape.txt"))
    (copy.parent / "escape.txt").write_text("x")  # exists, so only the place is wrong
    msg = _load_error(copy)
    assert msg.startswith("corpus/sources.yaml:") and "'../../escape.txt' is outside the corpus's sources/ directory" in msg


def test_a_source_that_is_not_utf8_is_refused_though_its_checksum_matches(copy):
    src = copy / "sources" / SOURCE
    old = hashlib.sha256(src.read_bytes()).hexdigest()
    data = src.read_text(encoding="utf-8").encode("latin-1", errors="replace")
    src.write_bytes(data)
    sources = copy / "sources.yaml"
    sources.write_text(sources.read_text(encoding="utf-8").replace(old, hashlib.sha256(data).hexdigest()))
    msg = _load_error(copy)
    assert msg.startswith("corpus/sources.yaml:") and f"file: {SOURCE} is not UTF-8 text" in msg
