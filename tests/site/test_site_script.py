"""The replay viewer's script says what the engine decided: a game the project's ply limit stopped is unfinished, not
drawn. The outcome comes in the replay data (``result``, from :func:`wararchive.engine.outcome`); the script only words
it."""

from __future__ import annotations

import json
import re
import shutil
import subprocess

import pytest

from wararchive.site import STATIC


@pytest.mark.skipif(shutil.which("node") is None, reason="needs Node.js to run the page's script")
def test_an_end_with_no_winner_is_unfinished_at_the_ply_limit_and_a_draw_only_by_a_rule():
    script = (STATIC / "wararchive.js").read_text(encoding="utf-8")
    helper = re.search(r"function winnerText\(ev\) \{.*?\n\}", script, re.S)
    assert helper, "wararchive.js no longer words a game's end in winnerText()"
    ends = [{"winner": None, "result": "unfinished"}, {"winner": None, "result": "draw"}, {"winner": "black", "result": "black"}]
    run = f"{helper.group(0)}\nconsole.log(JSON.stringify({json.dumps(ends)}.map(winnerText)));"
    said = json.loads(subprocess.run(["node", "-e", run], capture_output=True, text=True, check=True).stdout)
    assert said == ["none (unfinished: the project's ply limit)", "none (a draw by the rules)", "black"]
    assert "(draw)" not in script  # the former wording, which called every end with no winner a draw
