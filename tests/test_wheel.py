"""Packaging test: build the wheel, install it into a clean venv, run the CLI outside the checkout.

This catches what the in-tree test run cannot: ``python -m pytest`` from the repo root imports
``logic`` from the source tree, so a wheel missing the grammar files (or a CLI that only finds
them relative to the checkout) would otherwise go unnoticed.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import zipfile
from collections.abc import Sequence
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

REPO_ROOT = Path(__file__).resolve().parents[1]
CASEBOOK_FILE = REPO_ROOT / "casebook" / "metadata-mafia.rules"
TIMEOUT = 300  # seconds, per subprocess

_ANSI = re.compile(r"\x1b\[[0-9;?]*[ -/]*[@-~]")

# Variables that would let the child see the checkout, another environment or a forced terminal.
_DROP_ENV = {
    "VIRTUAL_ENV",
    "PIP_USER",
    "PIP_TARGET",
    "PIP_PREFIX",
    "FORCE_COLOR",
    "CLICOLOR_FORCE",
    "TTY_COMPATIBLE",
    "TTY_INTERACTIVE",
}


def _text(data: str | bytes | None) -> str:
    if data is None:
        return ""
    if isinstance(data, bytes):
        return data.decode("utf-8", errors="replace")
    return data


def _base_env() -> dict[str, str]:
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in _DROP_ENV and not k.startswith("PYTHON")  # PYTHONPATH, PYTHONHOME, ...
    }
    env.update(
        PYTHONIOENCODING="utf-8",
        PIP_DISABLE_PIP_VERSION_CHECK="1",
        PIP_NO_INPUT="1",
        NO_COLOR="1",
        COLUMNS="200",
    )
    return env


def _bin_dir(venv_dir: Path) -> Path:
    return venv_dir / ("Scripts" if os.name == "nt" else "bin")


def _exe(venv_dir: Path, name: str) -> Path:
    return _bin_dir(venv_dir) / (f"{name}.exe" if os.name == "nt" else name)


def _venv_env(venv_dir: Path) -> dict[str, str]:
    env = _base_env()
    env["PATH"] = os.pathsep.join([str(_bin_dir(venv_dir)), env.get("PATH", "")])
    return env


def _run(
    cmd: Sequence[str | Path], *, cwd: Path, env: dict[str, str], what: str, check: bool = True
) -> subprocess.CompletedProcess[str]:
    argv = [str(c) for c in cmd]
    try:
        proc = subprocess.run(
            argv,
            cwd=cwd,
            env=env,
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            encoding="utf-8",
            errors="replace",
            timeout=TIMEOUT,
            check=False,
        )
    except subprocess.TimeoutExpired as exc:
        pytest.fail(
            f"{what} timed out after {TIMEOUT}s\ncommand: {argv}\ncwd: {cwd}\n"
            f"--- stdout ---\n{_text(exc.stdout)}\n--- stderr ---\n{_text(exc.stderr)}"
        )
    if check and proc.returncode != 0:
        pytest.fail(
            f"{what} failed with exit code {proc.returncode}\ncommand: {argv}\ncwd: {cwd}\n"
            f"--- stdout ---\n{proc.stdout}\n--- stderr ---\n{proc.stderr}"
        )
    return proc


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    outdir = tmp_path_factory.mktemp("dist")
    _run(
        [sys.executable, "-m", "build", "--wheel", "--outdir", outdir, REPO_ROOT],
        cwd=REPO_ROOT,
        env=_base_env(),
        what="building the wheel",
    )
    wheels = sorted(outdir.glob("*.whl"))
    assert len(wheels) == 1, f"expected exactly one wheel in {outdir}, found {wheels}"
    return wheels[0]


@pytest.fixture(scope="module")
def installed_venv(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    base = tmp_path_factory.mktemp("wheel-venv")
    venv_dir = base / "venv"
    _run(
        [sys.executable, "-m", "venv", venv_dir],
        cwd=base,
        env=_base_env(),
        what="creating a clean venv",
    )
    python = _exe(venv_dir, "python")
    env = _venv_env(venv_dir)
    _run(
        [python, "-m", "pip", "install", "--progress-bar", "off", wheel],
        cwd=base,
        env=env,
        what=f"installing {wheel.name} into the clean venv",
    )
    # The installed package, not the checkout, must be what gets imported.
    proc = _run(
        [python, "-c", "import logic; print(logic.__file__)"],
        cwd=base,
        env=env,
        what="importing the installed package",
    )
    location = Path(proc.stdout.strip()).resolve()
    assert location.is_relative_to(venv_dir.resolve()), (
        f"`import logic` resolved to {location}, not inside the clean venv {venv_dir}"
    )
    return venv_dir


def test_wheel_ships_grammar(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as zf:
        names = zf.namelist()
    grammars = [n for n in names if n.startswith("logic/grammar/") and n.endswith(".lark")]
    listing = "\n".join(sorted(names))
    assert grammars, f"{wheel.name} has no logic/grammar/*.lark files; it contains:\n{listing}"
    assert "logic/cli.py" in names, f"{wheel.name} has no logic/cli.py; it contains:\n{listing}"


def test_installed_cli_parses_casebook_outside_checkout(
    installed_venv: Path, tmp_path: Path
) -> None:
    assert CASEBOOK_FILE.is_file(), f"missing casebook file {CASEBOOK_FILE}"
    workdir = tmp_path / "outside"
    workdir.mkdir()
    assert not workdir.resolve().is_relative_to(REPO_ROOT), (
        f"tmp dir {workdir} is inside the checkout {REPO_ROOT}; run pytest with a --basetemp "
        "outside the repository"
    )
    rules = workdir / CASEBOOK_FILE.name
    shutil.copyfile(CASEBOOK_FILE, rules)

    ruling = _exe(installed_venv, "ruling")
    assert ruling.is_file(), f"console script {ruling} was not installed"
    proc = _run(
        [ruling, "parse", rules],
        cwd=workdir,
        env=_venv_env(installed_venv),
        what="installed `ruling parse`",
        check=False,
    )
    assert proc.returncode == 0, (
        f"`ruling parse {rules}` exited {proc.returncode}\n"
        f"--- stdout ---\n{proc.stdout}\n--- stderr ---\n{proc.stderr}"
    )
    stdout = _ANSI.sub("", proc.stdout)
    assert "Parity Cop" in stdout, (
        f"'Parity Cop' not in output of `ruling parse {rules}`\n"
        f"--- stdout ---\n{proc.stdout}\n--- stderr ---\n{proc.stderr}"
    )
