"""Published studies are tamper-evident: a saved block or a published file that is not what was saved is refused.

A resumed ``publish-studies`` publishes its saved blocks without replaying
them, so a block edited, truncated, emptied or brought from another design
would otherwise become published data; the folder written carries the
SHA-256 of its files, so a table changed afterwards is refused too.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import shutil
from pathlib import Path

import pytest

from wararchive.cli.main import main
from wararchive.study import output, publish

ARGS = ["publish-studies", "--games", "3", "--ruleset", "chess", "--workers", "1", "--quiet"]
STUDY = ("chess", "end_conditions", "greedy-vs-greedy")
FIRST = "block-0000001-0000002.block"


def _publish(root, *extra: str) -> int:
    return main([*ARGS, "--out", str(root), *extra])


def _files(folder) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


@pytest.fixture(scope="module")
def published(tmp_path_factory):
    """An uninterrupted run (two blocks: seeds 1-2 and 3), and a block of another design's run."""
    mp = pytest.MonkeyPatch()
    mp.setattr(publish, "BLOCK", 2)
    root = tmp_path_factory.mktemp("published")
    assert _publish(root) == 0
    other = tmp_path_factory.mktemp("other")
    assert _publish(other, "--players", "random,greedy") == 0
    mp.undo()
    (foreign,) = other.glob(f"{publish.PARTIAL}/*/{FIRST}")
    return root, foreign


@pytest.fixture
def resumed(published, tmp_path, monkeypatch):
    """A copy of the run whose study must be made again from its saved blocks (its folder was removed)."""
    monkeypatch.setattr(publish, "BLOCK", 2)
    root = tmp_path / "studies"
    shutil.copytree(published[0], root)
    shutil.rmtree(root.joinpath(*STUDY))
    (block,) = root.glob(f"{publish.PARTIAL}/*/{FIRST}")
    return root, block


def _flipped(data: bytes) -> bytes:
    at = len(data) // 2  # in the gzipped games, past the first line
    return data[:at] + bytes([data[at] ^ 1]) + data[at + 1 :]


def _edited(data: bytes) -> bytes:
    """The games themselves changed (a game's length) and gzipped again: gzip's own CRC checks out."""
    head, _, body = data.partition(b"\n")
    games = json.loads(gzip.decompress(body))
    games["plies"][0] += 1
    return head + b"\n" + gzip.compress(json.dumps(games).encode(), mtime=0)


def _forged(data: bytes) -> bytes:
    """A first line that checks, over bytes that are not gzipped games: only someone who knew the format could write it."""
    bound = data.partition(b"\n")[0].rpartition(b" ")[0]
    body = b"not gzip"
    return bound + b" " + hashlib.sha256(bound + b"\n" + body).hexdigest().encode() + b"\n" + body


BAD = {
    "changed": (_flipped, "changed or been truncated"),
    "edited": (_edited, "changed or been truncated"),
    "truncated": (lambda data: data[: len(data) - 7], "changed or been truncated"),
    "empty": (lambda data: b"", "is empty"),
    "garbage": (lambda data: b"\x00\xff garbage \x13" * 40, "is not a block"),
    "older format": (lambda data: gzip.compress(b"[]", mtime=0), "is not a block"),
    "forged checksum": (_forged, "cannot be decoded"),
}


@pytest.mark.parametrize("case", list(BAD))
def test_a_bad_saved_block_is_refused_in_one_line_that_names_it(resumed, capsys, case):
    root, block = resumed
    spoil, problem = BAD[case]
    block.write_bytes(spoil(block.read_bytes()))
    assert _publish(root) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and err.startswith("wararchive: error: "), err
    assert f"saved block {block} " in err and problem in err and "--discard-bad-blocks" in err, err
    assert not root.joinpath(*STUDY).exists()  # nothing published from it


def test_a_block_of_another_design_or_other_seeds_is_refused(published, resumed, capsys):
    root, block = resumed
    shutil.copyfile(published[1], block)  # the same seeds, played random against greedy
    assert _publish(root) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and f"saved block {block} was saved for another design" in err, err
    shutil.copyfile(block.with_name("block-0000003-0000003.block"), block)  # this design's, but seed 3's
    assert _publish(root) == 2
    err = capsys.readouterr().err.strip()
    assert f"saved block {block} was saved for another design or other seeds" in err and "0000003-0000003" in err, err


def test_discarding_replays_only_the_bad_block_and_publishes_what_an_uninterrupted_run_did(
    published, resumed, capsys, monkeypatch
):
    root, block = resumed
    block.write_bytes(_flipped(block.read_bytes()))
    played = []
    real = publish.play_seeds
    monkeypatch.setattr(publish, "play_seeds", lambda job: played.extend(job[3]) or real(job))
    assert _publish(root, "--discard-bad-blocks") == 0
    assert f"discarded {block}" in capsys.readouterr().err
    assert sorted(set(played)) == [1, 2]  # seed 3's block was good: kept
    assert _files(root.joinpath(*STUDY)) == _files(published[0].joinpath(*STUDY))


def test_an_untouched_resume_publishes_byte_identical_files(published, resumed, monkeypatch):
    root, _ = resumed
    monkeypatch.setattr(publish, "play_seeds", lambda job: pytest.fail(f"played again: {job}"))
    assert _publish(root) == 0
    assert _files(root.joinpath(*STUDY)) == _files(published[0].joinpath(*STUDY))


def test_a_published_folder_lists_the_hash_of_every_file(published):
    folder = published[0].joinpath(*STUDY)
    meta = json.loads((folder / output.META_FILE).read_text())
    files = meta[output.CONTENT]["files"]
    assert set(files) == set(_files(folder)) - {output.META_FILE} and publish.SUMMARY in files
    assert all(hashlib.sha256((folder / n).read_bytes()).hexdigest() == h for n, h in files.items())
    tables, loaded = output.load(folder)
    assert loaded == meta and "games" in tables and "pieces" not in tables


def _edit_meta(change):
    def edit(folder) -> None:
        meta = json.loads((folder / output.META_FILE).read_text())
        change(meta)
        (folder / output.META_FILE).write_text(json.dumps(meta))

    return edit


def _edit_file(name: str):
    def edit(folder) -> None:
        (folder / name).write_bytes(_flipped((folder / name).read_bytes()))

    return edit


TAMPERED = {
    "a table": (_edit_file("games.parquet"), "games.parquet: changed since it was saved"),
    "the summary": (_edit_file(publish.SUMMARY), f"{publish.SUMMARY}: changed since it was saved"),
    "the metadata": (_edit_meta(lambda m: m["design"].update(games=30)), f"{output.META_FILE}: changed since it was saved"),
    "a missing table": (lambda f: (f / "pairs.parquet").unlink(), "pairs.parquet: No such file"),
    "no hash": (_edit_meta(lambda m: m.pop(output.CONTENT)), "no content hash"),  # as an older version saved it
    "not json": (lambda f: (f / output.META_FILE).write_text("{"), "not a study's metadata"),
}


@pytest.mark.parametrize("case", list(TAMPERED))
def test_a_published_folder_that_is_not_what_was_saved_is_refused_and_republished(published, tmp_path, monkeypatch, case):
    monkeypatch.setattr(publish, "BLOCK", 2)
    root = tmp_path / "studies"
    shutil.copytree(published[0], root)
    folder = root.joinpath(*STUDY)
    tamper, message = TAMPERED[case]
    tamper(folder)
    with pytest.raises(output.ContentError) as refused:
        output.load(folder)
    assert message in str(refused.value) and len(str(refused.value).splitlines()) == 1, refused.value
    monkeypatch.setattr(publish, "play_seeds", lambda job: pytest.fail(f"played again: {job}"))
    assert _publish(root) == 0  # not current: made again from the saved blocks
    assert _files(folder) == _files(published[0].joinpath(*STUDY))


def test_the_site_refuses_a_summary_changed_since_it_was_published(published, tmp_path):
    from wararchive.site import readings
    from wararchive.site.studies import STUDIES as STUDIES_DIR

    shutil.copytree(published[0], tmp_path / STUDIES_DIR)
    assert [s["meta"]["design"]["players"] for s in readings.published(tmp_path / STUDIES_DIR, "chess", "end_conditions")] == [
        ["greedy", "greedy"]
    ]
    summary = tmp_path / STUDIES_DIR / Path(*STUDY) / publish.SUMMARY
    summary.write_text(summary.read_text().replace('"games": 3', '"games": 4', 1))
    with pytest.raises(output.ContentError, match=f"{summary}: changed since it was saved"):
        readings.published(tmp_path / STUDIES_DIR, "chess", "end_conditions")
