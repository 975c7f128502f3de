"""The test suite's warm-up of the kernel (tests/kernel_warmup.py): a warm-up that never finishes hangs nothing."""

from __future__ import annotations

import os
import time

import kernel_warmup
import pytest


class Plays:
    """A test marked ``kernel`` (all :func:`kernel_warmup.wait` asks of it)."""

    def get_closest_marker(self, name: str):
        return pytest.mark.kernel if name == "kernel" else None


def test_a_warm_up_that_never_finishes_is_waited_for_once_a_worker(monkeypatch, tmp_path):
    monkeypatch.setattr(kernel_warmup, "PATIENCE", 0.3)
    monkeypatch.setenv(kernel_warmup.ENV, str(tmp_path))  # no part ever says it is done there

    started = time.monotonic()
    kernel_warmup.wait(Plays())
    assert time.monotonic() - started >= 0.3 and kernel_warmup.ENV not in os.environ
    started = time.monotonic()
    kernel_warmup.wait(Plays())  # the worker's next kernel test compiles for itself at once
    assert time.monotonic() - started < 0.1


def test_a_finished_warm_up_is_not_waited_for(monkeypatch, tmp_path):
    monkeypatch.setenv(kernel_warmup.ENV, str(tmp_path))
    for part in kernel_warmup.PARTS:
        (tmp_path / f"{part}.done").write_text("done\n")

    started = time.monotonic()
    kernel_warmup.wait(Plays())
    assert time.monotonic() - started < 0.1 and os.environ[kernel_warmup.ENV] == str(tmp_path)
