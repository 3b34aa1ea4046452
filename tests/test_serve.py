"""`ruling serve`'s API: the same JSON as the CLI's `--json`, located errors as JSON, and
the limits (status codes, body size, per-request solver time, hosts and origins)."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
import warnings
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("httpx", reason="the API tests need httpx (pip install '.[test]')")

with warnings.catch_warnings():  # Starlette >= 1 prefers httpx2 for its test client
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient
from test_wheel import installed_venv, wheel  # noqa: F401  (fixtures: the wheel in a clean venv)

from logic.cli import main
from logic.lang.errors import RulingError
from logic.lang.rules import parse_ruleset
from logic.web.app import STATIC, allowed_hosts, create_app

ROOT = Path(__file__).parent.parent
CASEBOOK = ROOT / "casebook"
METADATA = CASEBOOK / "metadata-mafia.rules"
QUICKSTART = CASEBOOK / "metadata-mafia" / "quickstart.case"
NINE = CASEBOOK / "metadata-mafia" / "nine.obs"
BLOCKERS = ROOT / "tests" / "rulesets" / "blockers.rules"
RULING = "If two players target each other, all actions fail."


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app(CASEBOOK))


def cli_json(*argv: str) -> Any:
    out = io.StringIO()
    code = main([*argv, "--json"], stdout=out, stderr=io.StringIO())
    assert code in (0, 1), code
    return json.loads(out.getvalue())


def rel(p: Path) -> str:
    return p.relative_to(ROOT).as_posix()


# ----------------------------------------------------------------------------- the page


def test_the_page_and_its_assets_are_served_with_a_strict_policy(client: TestClient) -> None:
    r = client.get("/")
    assert r.status_code == 200
    assert "text/html" in r.headers["content-type"]
    csp = r.headers["content-security-policy"]
    assert "default-src 'self'" in csp and "connect-src 'self'" in csp
    for name in ("app.js", "app.css"):
        assert client.get(f"/static/{name}").status_code == 200
    assert client.get("/static/nope.js").status_code == 404


def test_no_asset_refers_to_the_network() -> None:
    for f in STATIC.iterdir():
        text = f.read_text(encoding="utf-8")
        assert not re.search(r"https?://|//cdn|@import", text), f.name


def test_casebook_files_are_listed_and_read_but_nothing_outside(client: TestClient) -> None:
    files = {f["path"]: f["kind"] for f in client.get("/api/casebook").json()["files"]}
    assert files["metadata-mafia.rules"] == "rules"
    assert files["metadata-mafia/quickstart.case"] == "case"
    assert files["metadata-mafia/nine.obs"] == "obs"
    r = client.get("/api/casebook/metadata-mafia/quickstart.case")
    assert r.status_code == 200 and r.json()["text"] == QUICKSTART.read_text(encoding="utf-8")
    for bad in ("../pyproject.toml", "..%2Fpyproject.toml", "/etc/passwd", "nope.rules"):
        assert client.get(f"/api/casebook/{bad}").status_code == 404, bad


# ----------------------------------------------------------------------------- status codes


def test_state_changing_routes_refuse_get(client: TestClient) -> None:
    for route in ("parse", "case", "resolve", "check", "ask", "solve", "draft"):
        assert client.get(f"/api/{route}").status_code == 405, route


def test_a_body_must_be_a_json_object_of_the_right_fields(client: TestClient) -> None:
    r = client.post("/api/parse", content=b"ruleset=x", headers={"content-type": "text/plain"})
    assert r.status_code == 415
    r = client.post("/api/parse", content=b"{nope", headers={"content-type": "application/json"})
    assert r.status_code == 400 and "not JSON" in r.json()["error"]["message"]
    assert client.post("/api/parse", json=["a list"]).status_code == 400
    assert client.post("/api/parse", json={"ruleset": 3}).status_code == 400
    rules = METADATA.read_text(encoding="utf-8")
    r = client.post("/api/check", json={"ruleset": rules, "players": 99})
    assert r.status_code == 400 and "players" in r.json()["error"]["message"]
    r = client.post("/api/resolve", json={"ruleset": rules, "scenario": "", "timeout": -1})
    assert r.status_code == 400 and "timeout" in r.json()["error"]["message"]
    r = client.post("/api/check", json={"ruleset": rules, "kinds": ["everything"]})
    assert r.status_code == 400


POST = """Town Roles
1) Doctor: Targets a player each night. That player cannot be killed that night.
The Doctor is everyone's friend, really.

Mafia Roles
Goon - No special powers.
"""


def test_draft_gives_the_clis_json_and_a_draft_that_parses(
    client: TestClient, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    r = client.post("/api/draft", json={"post": POST, "name": "post.txt"})
    assert r.status_code == 200
    got = r.json()
    monkeypatch.chdir(tmp_path)
    Path("post.txt").write_text(POST, encoding="utf-8")
    assert got == cli_json("draft", "post.txt")
    assert got["factions"] == {"Town": ["Doctor"], "Mafia": ["Goon"]}
    assert (got["read"], got["unread"]) == (3, 1)
    parse_ruleset(got["ruleset"], "draft.rules")


def test_draft_refuses_what_the_cli_refuses(client: TestClient) -> None:
    for post, message in (
        ("", "the post file is empty"),
        ("Town Roles\nDoctor: \x00", "binary file"),
    ):
        r = client.post("/api/draft", json={"post": post, "name": "post.txt"})
        assert r.status_code == 422 and message in r.json()["error"]["message"], post
    lone = b'{"post": "Town Roles\\n\\ud800"}'  # a lone surrogate: no UTF-8 text
    r = client.post("/api/draft", content=lone, headers={"content-type": "application/json"})
    assert r.status_code == 422 and "not UTF-8" in r.json()["error"]["message"]
    assert client.post("/api/draft", json={"post": 3}).status_code == 400


def test_a_body_over_the_size_limit_is_refused_with_413() -> None:
    small = TestClient(create_app(CASEBOOK, max_body=1000))
    ok = {"ruleset": "x" * 900}
    assert small.post("/api/parse", json=ok).status_code != 413
    r = small.post("/api/parse", json={"ruleset": "x" * 1000})
    assert r.status_code == 413 and "1000 bytes" in r.json()["error"]["message"]

    def chunks() -> Any:  # no content-length: the limit holds on the stream itself
        for _ in range(20):
            yield b" " * 100

    r = small.post("/api/parse", content=chunks(), headers={"content-type": "application/json"})
    assert r.status_code == 413


def test_other_hosts_and_origins_are_refused() -> None:
    guarded = TestClient(create_app(CASEBOOK, hosts=allowed_hosts("127.0.0.1")))
    assert guarded.get("/", headers={"host": "127.0.0.1:8765"}).status_code == 200
    assert guarded.get("/", headers={"host": "evil.example"}).status_code == 400
    assert allowed_hosts("0.0.0.0") == ["*"]
    client = TestClient(create_app(CASEBOOK))
    r = client.post(
        "/api/parse",
        json={"ruleset": ""},
        headers={"host": "127.0.0.1:8765", "origin": "http://evil.example"},
    )
    assert r.status_code == 403


# ----------------------------------------------------------------------------- parse


def test_parse_gives_each_sentence_its_meaning_and_line(client: TestClient) -> None:
    text = METADATA.read_text(encoding="utf-8")
    r = client.post("/api/parse", json={"ruleset": text, "name": "metadata-mafia.rules"})
    assert r.status_code == 200
    data = r.json()
    rs = parse_ruleset(text, "metadata-mafia.rules")
    assert [x["name"] for x in data["roles"]] == [x.name for x in rs.roles]
    lines = text.split("\n")
    cited = [m for m in data["meanings"] if m["line"] is not None]
    assert cited
    for role in rs.roles:  # each role's meaning points at the line that defines it
        line = role.why.loc.line
        assert any(m["line"] == line and m["text"].startswith(role.name) for m in cited)
        assert lines[line - 1].startswith(role.why.text.split(":")[0])


@pytest.mark.parametrize("rules", sorted(CASEBOOK.glob("*.rules")), ids=lambda p: p.stem)
def test_parse_answers_for_every_casebook_ruleset(client: TestClient, rules: Path) -> None:
    """Turtle's and DCTP's once answered HTTP 500 (their IR was not JSON): the page showed
    "error: HTTP 500" and kept the previous ruleset's meanings."""
    text = rules.read_text(encoding="utf-8")
    r = client.post("/api/parse", json={"ruleset": text, "name": str(rules)})
    assert r.status_code == 200, r.text
    data = r.json()
    assert data["name"] == parse_ruleset(text, rules.name).name
    assert data["ir"] == cli_json("parse", str(rules))  # the one JSON form of the IR


def test_a_bug_answers_500_with_words_as_json(monkeypatch: pytest.MonkeyPatch) -> None:
    """An internal error is said in words, as JSON the page shows; not a bare error page."""
    from logic.web import api

    def broken(text: str, name: str) -> dict[str, Any]:
        raise TypeError("Object of type type is not JSON serializable")

    monkeypatch.setattr(api, "parse", broken)
    with TestClient(create_app(CASEBOOK), raise_server_exceptions=False) as c:
        r = c.post("/api/parse", json={"ruleset": "x", "name": "x.rules"})
    assert r.status_code == 500
    assert r.json() == {
        "error": {
            "message": "internal error (a bug in ruling): "
            "TypeError: Object of type type is not JSON serializable"
        }
    }


def test_a_bad_ruleset_gives_its_located_error_as_json(client: TestClient) -> None:
    text = METADATA.read_text(encoding="utf-8")
    bad = text.replace("Doctor: Targets a player", "Doctor: Targts a player", 1)
    with pytest.raises(RulingError) as e:
        parse_ruleset(bad, "mine.rules")
    for route, extra in (("parse", {}), ("resolve", {"scenario": "players: Ann is Doctor\n"})):
        r = client.post(f"/api/{route}", json={"ruleset": bad, "name": "mine.rules", **extra})
        assert r.status_code == 422
        err = r.json()["error"]
        assert e.value.loc is not None
        assert (err["file"], err["line"], err["column"]) == (
            "mine.rules",
            e.value.loc.line,
            e.value.loc.column,
        )
        assert bad.split("\n")[err["line"] - 1][err["column"] - 1 :].startswith("Targts")
        assert err["rendered"] == e.value.render()
        assert '"targets"' in err["expected"]


# ----------------------------------------------------------------------------- resolve


def test_resolve_gives_the_clis_json_and_checks_expectations(client: TestClient) -> None:
    want = cli_json("resolve", rel(METADATA), rel(QUICKSTART))
    r = client.post(
        "/api/resolve",
        json={
            "ruleset": METADATA.read_text(encoding="utf-8"),
            "name": rel(METADATA),
            "scenario": QUICKSTART.read_text(encoding="utf-8"),
            "scenario_name": rel(QUICKSTART),
        },
    )
    assert r.status_code == 200
    got = r.json()["results"]
    checks = [x.pop("expectations") for x in got]
    assert got == want
    assert checks[0] and all(c["passed"] for c in checks[0])


def test_case_text_is_read_by_the_library_for_the_night_form(client: TestClient) -> None:
    r = client.post("/api/case", json={"scenario": QUICKSTART.read_text(encoding="utf-8")})
    (case,) = r.json()["cases"]
    assert case["title"] == "A busy first night"
    assert {"actor": "Gus", "verb": "kills", "targets": ["Dee"], "ability": None} in case["phases"][
        0
    ]["lines"]
    r = client.post("/api/case", json={"scenario": "players: Ann is\n", "name": "x.case"})
    assert r.status_code == 422 and r.json()["error"]["line"] == 1


# ----------------------------------------------------------------------------- check, ask


def ndjson(text: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in text.splitlines() if line]


def test_check_streams_progress_then_the_clis_findings(client: TestClient) -> None:
    want = cli_json("check", rel(BLOCKERS))
    r = client.post(
        "/api/check",
        json={"ruleset": BLOCKERS.read_text(encoding="utf-8"), "name": rel(BLOCKERS)},
    )
    assert r.status_code == 200 and r.headers["content-type"].startswith("application/x-ndjson")
    msgs = ndjson(r.text)
    assert any("progress" in m for m in msgs[:-1])
    got = msgs[-1]["result"]
    assert set(got) == set(want)

    # Z3's models (so the witnesses and the cores shown) depend on what the process asked
    # before; the findings' kinds, summaries and roles do not
    def key(rep: dict[str, Any]) -> list[tuple[str, str, list[str]]]:
        return [(f["kind"], f["summary"], f["roles"]) for f in rep["findings"]]

    assert key(got) == key(want) and key(got)
    assert all(f["witness"] and f["sentences"] for f in got["findings"])


def test_check_stops_at_the_request_limit_and_says_unknown() -> None:
    hasty = TestClient(create_app(CASEBOOK, limit=0.05))
    r = hasty.post(
        "/api/check",
        json={"ruleset": METADATA.read_text(encoding="utf-8"), "name": "m.rules"},
    )
    result = ndjson(r.text)[-1]["result"]
    assert any("limit of 0.05 s" in u for u in result["unknown"])


def test_a_bad_ruleset_for_check_is_a_422_before_streaming(client: TestClient) -> None:
    r = client.post("/api/check", json={"ruleset": "Nonsense here\n", "name": "n.rules"})
    assert r.status_code == 422 and r.json()["error"]["line"] == 1


def test_ask_gives_the_clis_verdict(client: TestClient) -> None:
    want = cli_json("ask", rel(BLOCKERS), RULING)
    r = client.post(
        "/api/ask",
        json={
            "ruleset": BLOCKERS.read_text(encoding="utf-8"),
            "name": rel(BLOCKERS),
            "ruling": RULING,
        },
    )
    assert r.status_code == 200
    got = r.json()
    assert set(got) == set(want)
    assert got["verdict"] == want["verdict"]
    assert bool(got["witness"]) == bool(want["witness"])
    r = client.post(
        "/api/ask",
        json={"ruleset": BLOCKERS.read_text(encoding="utf-8"), "ruling": "If two players dance."},
    )
    assert r.status_code == 422 and r.json()["error"]["file"] == "<ruling>"


# ----------------------------------------------------------------------------- solve


def test_solve_counts_as_the_cli_does(client: TestClient) -> None:
    want = cli_json("solve", rel(METADATA), rel(NINE))
    r = client.post(
        "/api/solve",
        json={
            "ruleset": METADATA.read_text(encoding="utf-8"),
            "name": rel(METADATA),
            "observations": NINE.read_text(encoding="utf-8"),
            "observations_name": rel(NINE),
        },
    )
    assert r.status_code == 200
    got = r.json()
    assert got["status"] == want["status"] == "sat"
    for key in ("worlds", "setups", "roles", "factions", "certain"):
        assert got[key] == want[key], key
    assert got["players"] == list(want["roles"])


def test_suggest_ranks_as_the_cli_does(client: TestClient) -> None:
    ann = CASEBOOK / "metadata-mafia" / "ann.obs"
    want = cli_json("solve", rel(METADATA), rel(ann), "--suggest")
    r = client.post(
        "/api/solve",
        json={
            "ruleset": METADATA.read_text(encoding="utf-8"),
            "observations": ann.read_text(encoding="utf-8"),
            "suggest": True,
        },
    )
    got = r.json()["suggest"]

    def ranked(tips: list[dict[str, Any]]) -> list[tuple[str, float, list[str]]]:
        return [
            (t["target"], t["gain_bits"], sorted(json.dumps(o) for o in t["outcomes"]))
            for t in tips
        ]

    assert got and ranked(got) == ranked(want["suggest"])


def test_a_solver_timeout_gives_unknown(client: TestClient) -> None:
    r = client.post(
        "/api/solve",
        json={
            "ruleset": METADATA.read_text(encoding="utf-8"),
            "observations": NINE.read_text(encoding="utf-8"),
            "timeout": 0.001,
        },
    )
    assert r.status_code == 200
    got = r.json()
    assert got["status"] == "unknown" and got["worlds"] is None and "timed out" in got["unknown"]


def test_the_server_caps_a_requested_time_limit() -> None:
    capped = TestClient(create_app(CASEBOOK, limit=0.001))
    r = capped.post(
        "/api/solve",
        json={
            "ruleset": METADATA.read_text(encoding="utf-8"),
            "observations": NINE.read_text(encoding="utf-8"),
            "timeout": 1000,
        },
    )
    assert r.json()["status"] == "unknown"


def test_bad_observations_give_their_located_error(client: TestClient) -> None:
    obs = NINE.read_text(encoding="utf-8").replace("I am Ann, Parity Cop", "I am Zed, Parity Cop")
    r = client.post(
        "/api/solve",
        json={"ruleset": METADATA.read_text(encoding="utf-8"), "observations": obs},
    )
    assert r.status_code == 422
    err = r.json()["error"]
    assert err["file"] == "<obs>" and obs.split("\n")[err["line"] - 1].strip().startswith(
        "I am Zed"
    )


# ----------------------------------------------------------------------------- the command


def test_serve_listens_on_loopback_unless_told_otherwise() -> None:
    from logic.cli import build_parser

    args = build_parser().parse_args(["serve"])
    assert (args.host, args.port) == ("127.0.0.1", 8765)
    assert main(["serve", "--limit", "0"], stderr=io.StringIO()) == 2


def test_a_port_in_use_is_exit_code_2() -> None:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        port = s.getsockname()[1]
        out = io.StringIO()
        assert main(["serve", "--port", str(port)], stdout=out, stderr=io.StringIO()) == 2
    assert f"could not listen on 127.0.0.1:{port}" in out.getvalue()


def test_the_cli_does_not_load_the_web_stack_until_serve() -> None:
    code = "import sys, logic.cli; print(any(m.startswith(('starlette', 'uvicorn')) for m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


# ----------------------------------------------------------------------------- the wheel


@pytest.mark.slow
def test_the_installed_wheel_serves_the_page_its_assets_and_casebook(
    installed_venv: Path,  # noqa: F811  (the fixture imported from test_wheel)
    tmp_path: Path,
) -> None:
    """`pip install .` then `ruling serve`, from a folder without a casebook: the page,
    its assets and the casebook shipped in the wheel."""
    import socket
    import time
    import urllib.request

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    ruling = installed_venv / "bin" / "ruling"
    proc = subprocess.Popen(
        [str(ruling), "serve", "--port", str(port)],
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    url = f"http://127.0.0.1:{port}"

    def get(path: str) -> tuple[int, bytes]:
        with urllib.request.urlopen(url + path, timeout=5) as r:
            return r.status, r.read()

    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                status, body = get("/")
                break
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    raise
                time.sleep(0.2)
        assert status == 200 and b"/static/app.js" in body
        assert get("/static/app.js")[0] == 200 and get("/static/app.css")[0] == 200
        files = json.loads(get("/api/casebook")[1])["files"]
        assert {"path": "metadata-mafia.rules", "kind": "rules"} in files
    finally:
        proc.terminate()
        proc.wait(10)
