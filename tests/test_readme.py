"""The README's quick start stays true: its commands are the ones CI and users run."""

from __future__ import annotations

import io
import re
import shlex
from pathlib import Path

from logic.cli import main

ROOT = Path(__file__).parent.parent
README = (ROOT / "README.md").read_text()


def quick_start() -> list[str]:
    block = re.search(r"## Quick start\n\n```sh\n(.*?)```", README, re.S)
    assert block, "the README has no quick-start block"
    return [line for line in block.group(1).splitlines() if line.strip()]


def test_quick_start_is_two_commands_install_then_tests() -> None:
    install, tests = quick_start()
    assert install.startswith("pip install ") and "&& ruling " in install
    assert tests == "python -m pytest"
    assert "python -m pytest" in (ROOT / ".ci" / "run").read_text()


def test_quick_start_main_job_runs_and_explains() -> None:
    install, _ = quick_start()
    argv = shlex.split(install.split("&&", 1)[1])[1:]  # drop the program name
    out = io.StringIO()
    argv = [str(ROOT / a) if (ROOT / a).exists() else a for a in argv]
    assert main(argv, stdout=out, stderr=io.StringIO()) == 0
    text = out.getvalue()
    assert "verdict: determined" in text
    assert "Cid dies" in text
    assert "because casebook/" in text or "because " in text
