"""The fuzz suite's bounds are real: runaway memory and time are stopped and reported."""

from __future__ import annotations

import time

import pytest

from tests.fuzz.bounds import bounded


def test_memory_past_the_budget_is_refused() -> None:
    def hog() -> int:
        return len(bytearray(2 * 1024 * 1024 * 1024))

    with pytest.raises(AssertionError, match="MemoryError"):
        bounded(hog, memory=256 * 1024 * 1024)


def test_time_past_the_timeout_is_stopped() -> None:
    started = time.monotonic()
    with pytest.raises(AssertionError, match="took more than 1 s"):
        bounded(lambda: time.sleep(60), timeout=1)
    assert time.monotonic() - started < 30


def test_a_result_comes_back() -> None:
    assert bounded(lambda: {"ok": [1, 2]}) == {"ok": [1, 2]}
