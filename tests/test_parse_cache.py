"""The parses kept between runs (logic/lang/parse_cache.py): a kept parse reads exactly
as a fresh one, a changed grammar never reads another grammar's file, and a cache that
cannot be read is ignored."""

from __future__ import annotations

from pathlib import Path

import pytest

from logic.lang import parse_cache


def test_a_kept_tree_comes_back_after_the_process_saves_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("RULING_CACHE_DIR", str(tmp_path))
    first = parse_cache.TreeCache("clause", "grammar one")
    first.put(("KILL", "kills", 0), "a tree")
    first.save()
    again = parse_cache.TreeCache("clause", "grammar one")
    assert again.get(("KILL", "kills", 0)) == "a tree"
    other = parse_cache.TreeCache("clause", "grammar two")  # another grammar: another file
    assert other.get(("KILL", "kills", 0)) is None


def test_a_broken_cache_file_is_ignored(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RULING_CACHE_DIR", str(tmp_path))
    cache = parse_cache.TreeCache("clause", "grammar")
    assert cache.path is not None
    cache.path.write_bytes(b"not a pickle")
    assert parse_cache.TreeCache("clause", "grammar").get("anything") is None


def test_off_keeps_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RULING_CACHE_DIR", "off")
    cache = parse_cache.TreeCache("clause", "grammar")
    cache.put("key", "tree")
    cache.save()
    assert cache.path is None and not list(tmp_path.iterdir())


def test_a_seed_reads_the_same_from_the_cache(tmp_path: Path) -> None:
    """The same ruleset read with every parse fresh and with every parse kept."""
    import subprocess
    import sys

    root = Path(__file__).resolve().parent.parent
    ruleset = root / "casebook" / "turtle-chat-mafia.rules"
    env = {"RULING_CACHE_DIR": str(tmp_path), "PATH": "", "PYTHONPATH": str(root)}
    outs = [
        subprocess.run(
            [sys.executable, "-m", "logic.cli", "parse", "--json", str(ruleset)],
            capture_output=True,
            text=True,
            env=env,
            check=True,
        ).stdout
        for _ in range(2)
    ]
    assert outs[0] == outs[1]
    assert any(tmp_path.glob("clause-*.pickle"))
