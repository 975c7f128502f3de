"""Published data read once per build (wararchive.site.memo): again only when a file it rests on changed."""

from __future__ import annotations

import os

from wararchive.site.memo import read_once


def test_a_value_is_read_once_and_again_when_a_file_changes_or_appears(tmp_path):
    summary, missing = tmp_path / "summary.json", tmp_path / "later.json"
    summary.write_text("1")
    reads = []

    def read() -> str:
        reads.append(1)
        return summary.read_text()

    name = f"test {tmp_path}"
    assert [read_once(name, [summary, missing], read) for _ in range(3)] == ["1"] * 3 and len(reads) == 1
    summary.write_text("2")
    os.utime(summary, ns=(1, 1))  # a changed time, however coarse the file system's clock
    assert read_once(name, [summary, missing], read) == "2" and len(reads) == 2
    missing.write_text("")  # a file that appears changes the stamp too
    assert read_once(name, [summary, missing], read) == "2" and len(reads) == 3
    assert read_once(f"other {tmp_path}", [summary], read) == "2" and len(reads) == 4  # each name its own value
