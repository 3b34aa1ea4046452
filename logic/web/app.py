"""Owns the workbench's HTTP side: the Starlette application behind `ruling serve`.

Routes: `GET /` (the page) and `/static/*` (its assets, from inside the package);
`GET /api/casebook` and `GET /api/casebook/{path}` (the casebook's files, read only);
`POST /api/parse | case | resolve | check | ask | solve` (JSON in, the CLI's JSON out; see
`api.py`). Nothing changes state on GET, and nothing is written to disk.

Limits: a request body is JSON of at most `max_body` bytes (413 beyond, 415 when it is
not JSON, 400 when a field is wrong); solver calls run off the event loop, one symbolic
job at a time (Z3's context is shared), each under the library's own time limits capped
at `limit` seconds, and a check or ask stops at `limit` and reports `unknown`. Bad
rulesets, cases and observations answer 422 with the located error (file, line, column,
expected forms and the CLI's rendering). Hosts other than the loopback names are refused
unless the server was started for them (a DNS-rebinding guard), and a POST from another
origin is refused.
"""

from __future__ import annotations

import asyncio
import json
import math
import threading
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any, TypeVar

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from logic.commands.solve import Liars
from logic.lang.errors import RulingError
from logic.web import api

STATIC = Path(__file__).parent / "static"
LOOPBACK = ["127.0.0.1", "localhost", "::1", "[::1]"]
MAX_BODY = 512 * 1024  # bytes: a ruleset of a few thousand lines
LIMIT = 120.0  # seconds per solver request
LIARS = ("non-town", "all")
KINDS_OF_FILE = {".rules": "rules", ".case": "case", ".obs": "obs"}

T = TypeVar("T")

_HEADERS = [
    (
        b"content-security-policy",
        b"default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
        b"connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
    ),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"cache-control", b"no-store"),
]


class _SecurityHeaders:
    """Adds the page's content security policy (only its own assets: no CDN, no network)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message.setdefault("headers", [])
                message["headers"] = [*message["headers"], *_HEADERS]
            await send(message)

        await self.app(scope, receive, send_with_headers)


def find_casebook(given: str | Path | None = None) -> Path | None:
    """The folder of rulesets the page offers: `given`, else ./casebook, else the copy
    shipped in the package, else the source tree's."""
    if given is not None:
        return Path(given)
    here = Path(__file__).resolve().parent.parent
    for c in (Path.cwd() / "casebook", here / "casebook", here.parent / "casebook"):
        if c.is_dir():
            return c
    return None


def casebook_files(root: Path | None) -> dict[str, str]:
    """Relative path (posix) -> kind, for every ruleset, case and observations file."""
    if root is None or not root.is_dir():
        return {}
    out: dict[str, str] = {}
    for p in sorted(root.rglob("*")):
        kind = KINDS_OF_FILE.get(p.suffix)
        if kind and p.is_file():
            out[p.relative_to(root).as_posix()] = kind
    return out


class Busy(Exception):
    """Another symbolic job held the solver for the whole limit."""


class Workbench:
    """The state of one server: its limits, its casebook and the solver lock."""

    def __init__(
        self, casebook: Path | None, limit: float = LIMIT, max_body: int = MAX_BODY
    ) -> None:
        self.casebook = casebook
        self.limit = limit
        self.max_body = max_body
        self.z3 = threading.Lock()

    def exclusive(self, fn: Callable[[], T]) -> T:
        """Run `fn` holding the solver lock (waiting at most the request limit)."""
        if not self.z3.acquire(timeout=self.limit):
            raise Busy(f"the solver was busy with another request for {self.limit:g} s")
        try:
            return fn()
        finally:
            self.z3.release()

    # ---------------------------------------------------------------- request reading
    async def body(self, request: Request) -> dict[str, Any]:
        ctype = request.headers.get("content-type", "").split(";")[0].strip().lower()
        if ctype != "application/json":
            raise HTTPException(415, "send the request as application/json")
        origin = request.headers.get("origin")
        if origin is not None and origin.split("://", 1)[-1] != request.headers.get("host"):
            raise HTTPException(403, "requests from another origin are refused")
        length = request.headers.get("content-length")
        if length is not None and length.isdigit() and int(length) > self.max_body:
            raise HTTPException(413, f"the request is larger than {self.max_body} bytes")
        data = bytearray()
        async for chunk in request.stream():
            data += chunk
            if len(data) > self.max_body:
                raise HTTPException(413, f"the request is larger than {self.max_body} bytes")
        try:
            value = json.loads(data)
        except (ValueError, UnicodeDecodeError) as e:
            raise HTTPException(400, f"the request is not JSON: {e}") from None
        if not isinstance(value, dict):
            raise HTTPException(400, "the request must be a JSON object")
        return value

    def timeout(self, d: dict[str, Any], default: float) -> float:
        """A solver time limit from the request, capped at the server's limit."""
        t = d.get("timeout", default)
        if isinstance(t, bool) or not isinstance(t, (int, float)) or not math.isfinite(t) or t <= 0:
            raise HTTPException(400, "timeout must be a positive number of seconds")
        return float(min(t, self.limit))


def _text(d: dict[str, Any], key: str, default: str | None = None) -> str:
    v = d.get(key, default)
    if not isinstance(v, str):
        raise HTTPException(400, f"{key} must be a string")
    return v


def _name(d: dict[str, Any], key: str, default: str) -> str:
    """A file name for messages and citations only (never opened)."""
    v = _text(d, key, default).strip() or default
    if len(v) > 200 or any(c in v for c in "\n\r\0"):
        raise HTTPException(400, f"{key} must be a short file name")
    return v


def _int(d: dict[str, Any], key: str, default: int, lo: int, hi: int) -> int:
    v = d.get(key, default)
    if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
        raise HTTPException(400, f"{key} must be a whole number from {lo} to {hi}")
    return v


def _choice(d: dict[str, Any], key: str, default: str, choices: tuple[str, ...]) -> str:
    v = d.get(key, default)
    if v not in choices:
        raise HTTPException(400, f"{key} must be one of {', '.join(choices)}")
    return str(v)


def _error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": {"message": message}}, status_code=status)


async def _ruling_error(request: Request, exc: Exception) -> Response:
    """A ruleset, case or observations that cannot be read: 422 with the located error."""
    assert isinstance(exc, RulingError)
    return JSONResponse({"error": api.error_json(exc)}, status_code=422)


async def _http_error(request: Request, exc: Exception) -> Response:
    """A request refused: its status and message as JSON."""
    assert isinstance(exc, HTTPException)
    return _error(exc.status_code, str(exc.detail))


async def _busy(request: Request, exc: Exception) -> Response:
    """The solver held by another request for the whole limit: 503."""
    return _error(503, str(exc))


async def _internal_error(request: Request, exc: Exception) -> Response:
    """A bug: 500 with its name and message."""
    # a bug: the page says so in words (Starlette's own answer is a bare "Internal
    # Server Error" page); the traceback is still logged by the server
    return _error(500, f"internal error (a bug in ruling): {type(exc).__name__}: {exc}")


class _Endpoints:
    """The application's request handlers, over one server's `Workbench`."""

    def __init__(self, wb: Workbench) -> None:
        self.wb = wb

    async def index(self, request: Request) -> Response:
        """The page."""
        return FileResponse(STATIC / "index.html", media_type="text/html")

    async def casebook_list(self, request: Request) -> Response:
        """The casebook's folder name and its files, each with its kind."""
        wb = self.wb
        files = casebook_files(wb.casebook)
        return JSONResponse(
            {
                "root": wb.casebook.name if wb.casebook else None,
                "files": [{"path": p, "kind": k} for p, k in files.items()],
            }
        )

    async def casebook_file(self, request: Request) -> Response:
        """One file of the casebook (404 unless the casebook lists it)."""
        wb = self.wb
        path = request.path_params["path"]
        if wb.casebook is None or path not in casebook_files(wb.casebook):
            return _error(404, f"no casebook file {path!r}")
        text = (wb.casebook / path).read_text(encoding="utf-8")
        return JSONResponse({"path": path, "name": Path(path).name, "text": text})

    async def parse(self, request: Request) -> Response:
        """A ruleset parsed."""
        d = await self.wb.body(request)
        text, name = _text(d, "ruleset"), _name(d, "name", "<ruleset>")
        return JSONResponse(await run_in_threadpool(api.parse, text, name))

    async def draft(self, request: Request) -> Response:
        """A post drafted into a ruleset."""
        wb = self.wb
        d = await wb.body(request)
        text, name = _text(d, "post"), _name(d, "name", "<post>")
        return JSONResponse(await run_in_threadpool(api.draft, text, name, wb.limit))

    async def case(self, request: Request) -> Response:
        """The cases of a case file."""
        d = await self.wb.body(request)
        text, name = _text(d, "scenario"), _name(d, "name", "<case>")
        return JSONResponse({"cases": await run_in_threadpool(api.cases, text, name)})

    async def resolve(self, request: Request) -> Response:
        """Every outcome of each case of a scenario under a ruleset."""
        wb = self.wb
        d = await wb.body(request)
        args = (
            _text(d, "ruleset"),
            _name(d, "name", "<ruleset>"),
            _text(d, "scenario"),
            _name(d, "scenario_name", "<case>"),
            _choice(d, "framework", "tiers", ("tiers", "nar")),
            wb.timeout(d, 10.0),
        )
        return JSONResponse({"results": await run_in_threadpool(api.resolve_cases, *args)})

    def check_args(self, d: dict[str, Any]) -> dict[str, Any]:
        """A check's options from the request (400 when one is wrong)."""
        wb = self.wb
        kinds = d.get("kinds", list(api.CHECK_KINDS))
        if not isinstance(kinds, list) or not kinds or any(k not in api.CHECK_KINDS for k in kinds):
            raise HTTPException(400, f"kinds must be a list of: {', '.join(api.CHECK_KINDS)}")
        return {
            "framework": _choice(d, "framework", "tiers", ("tiers", "nar")),
            "players": _int(d, "players", 5, 2, api.MAX_PLAYERS),
            "paradox_players": _int(d, "paradox_players", 4, 2, api.MAX_PLAYERS),
            "nights": _int(d, "nights", 1, 1, 3),
            "kinds": tuple(kinds),
            "timeout": wb.timeout(d, 10.0),
            "limit": wb.limit,
        }

    async def check(self, request: Request) -> Response:
        """Streams NDJSON: `{"progress": ...}` lines, then `{"result": ...}` (or `error`)."""
        wb = self.wb
        d = await wb.body(request)
        text, name = _text(d, "ruleset"), _name(d, "name", "<ruleset>")
        args = self.check_args(d)
        await run_in_threadpool(api.load, text, name, args["framework"])  # 422 before streaming
        loop = asyncio.get_running_loop()
        queue: asyncio.Queue[str] = asyncio.Queue()
        gone = threading.Event()

        def progress(msg: str) -> None:
            loop.call_soon_threadsafe(queue.put_nowait, msg)

        def work() -> dict[str, Any]:
            progress("waiting for the solver")
            return wb.exclusive(
                lambda: api.check(text, name, progress=progress, cancelled=gone.is_set, **args)
            )

        async def lines() -> AsyncIterator[str]:
            job = asyncio.ensure_future(run_in_threadpool(work))
            try:
                while True:
                    get = asyncio.ensure_future(queue.get())
                    done, _ = await asyncio.wait({job, get}, return_when=asyncio.FIRST_COMPLETED)
                    if get in done:
                        yield json.dumps({"progress": get.result()}) + "\n"
                        continue
                    get.cancel()
                    break
                try:
                    yield json.dumps({"result": job.result()}) + "\n"
                except RulingError as e:
                    yield json.dumps({"error": api.error_json(e)}) + "\n"
                except Busy as e:
                    yield json.dumps({"error": {"message": str(e)}}) + "\n"
                except Exception as e:  # the stream has begun: say so rather than cut it
                    yield json.dumps({"error": {"message": f"internal error: {e!r}"}}) + "\n"
            finally:
                gone.set()

        return StreamingResponse(lines(), media_type="application/x-ndjson")

    async def ask(self, request: Request) -> Response:
        """Whether a proposed ruling is entailed by the rules, contradicted or open."""
        wb = self.wb
        d = await wb.body(request)
        text, name, ruling = _text(d, "ruleset"), _name(d, "name", "<ruleset>"), _text(d, "ruling")
        players, timeout = _int(d, "players", 5, 2, api.MAX_PLAYERS), wb.timeout(d, 10.0)
        ambiguity = bool(d.get("ambiguity", True))
        gone = threading.Event()
        try:
            return JSONResponse(
                await run_in_threadpool(
                    wb.exclusive,
                    lambda: api.ask(
                        text,
                        name,
                        ruling,
                        players=players,
                        timeout=timeout,
                        ambiguity=ambiguity,
                        limit=wb.limit,
                        cancelled=gone.is_set,
                    ),
                )
            )
        finally:
            gone.set()

    async def solve(self, request: Request) -> Response:
        """The worlds consistent with a player's observations."""
        wb = self.wb
        d = await wb.body(request)
        rules, name = _text(d, "ruleset"), _name(d, "name", "<ruleset>")
        obs, obs_name = _text(d, "observations"), _name(d, "observations_name", "<obs>")
        liars: Liars = "all" if _choice(d, "liars", "non-town", LIARS) == "all" else "non-town"
        want_suggest = bool(d.get("suggest", False))
        draws = None if d.get("sample") is None else _int(d, "sample", 1, 1, 100_000)
        seed = _int(d, "seed", 0, 0, 2**31)
        timeout = wb.timeout(d, wb.limit)
        return JSONResponse(
            await run_in_threadpool(
                wb.exclusive,
                lambda: api.solve_observations(
                    rules,
                    name,
                    obs,
                    obs_name,
                    liars=liars,
                    want_suggest=want_suggest,
                    draws=draws,
                    seed=seed,
                    timeout=timeout,
                ),
            )
        )


def create_app(
    casebook: str | Path | None = None,
    *,
    limit: float = LIMIT,
    max_body: int = MAX_BODY,
    hosts: list[str] | None = None,
) -> Starlette:
    """The application. `hosts` are the Host names it answers (None: any, for tests)."""
    wb = Workbench(find_casebook(casebook), limit, max_body)
    e = _Endpoints(wb)
    middleware = [Middleware(_SecurityHeaders)]
    if hosts is not None:
        middleware.insert(0, Middleware(TrustedHostMiddleware, allowed_hosts=hosts))
    return Starlette(
        routes=[
            Route("/", e.index, methods=["GET"]),
            Mount("/static", StaticFiles(directory=STATIC), name="static"),
            Route("/api/casebook", e.casebook_list, methods=["GET"]),
            Route("/api/casebook/{path:path}", e.casebook_file, methods=["GET"]),
            Route("/api/parse", e.parse, methods=["POST"]),
            Route("/api/draft", e.draft, methods=["POST"]),
            Route("/api/case", e.case, methods=["POST"]),
            Route("/api/resolve", e.resolve, methods=["POST"]),
            Route("/api/check", e.check, methods=["POST"]),
            Route("/api/ask", e.ask, methods=["POST"]),
            Route("/api/solve", e.solve, methods=["POST"]),
        ],
        middleware=middleware,
        exception_handlers={
            RulingError: _ruling_error,
            HTTPException: _http_error,
            Busy: _busy,
            Exception: _internal_error,
        },
    )


def allowed_hosts(host: str) -> list[str]:
    """The Host names to answer: loopback names, and `host` itself when given (any name
    when it is a wildcard address, as the machine's names are not known)."""
    if host in ("0.0.0.0", "::", ""):
        return ["*"]
    return [*LOOPBACK, host]


def serve(
    host: str, port: int, open_browser: bool, casebook: str | None, limit: float, out: Any
) -> int:
    """`ruling serve`: run the app with uvicorn until interrupted."""
    import webbrowser

    import uvicorn

    app = create_app(casebook, limit=limit, hosts=allowed_hosts(host))
    shown = f"[{host}]" if ":" in host else host
    url = f"http://{shown}:{port}/"
    print(f"ruling workbench on {url}  (Ctrl-C to stop)", file=out, flush=True)
    if host not in LOOPBACK:
        print(
            f"warning: listening on {host}: anyone who can reach this address can run the "
            "solvers on this machine",
            file=out,
            flush=True,
        )
    if open_browser:
        threading.Timer(1.0, webbrowser.open, (url,)).start()
    try:
        uvicorn.run(app, host=host, port=port, log_level="warning", access_log=False)
    except SystemExit as e:  # uvicorn exits when it cannot bind (the reason is logged)
        print(f"ruling serve: could not listen on {host}:{port} ({e.code})", file=out, flush=True)
        return 2
    return 0
