"""The web server: a JSON API over :mod:`wargame.web.games` and the page that plays through it.

Starlette (ASGI) served by uvicorn, bound to this machine by default. A seat proves itself with
its token in the ``X-Seat`` header (never in the address, so it stays out of logs and history).
Only the page this server served may drive it (:class:`Guard`): Host and Origin name the address
served (421/403), bodies are ``application/json`` (415), and every request that changes something
carries the page key (403). Every refusal is a 4xx with ``{"error": "..."}`` and leaves the match
as it was: unknown match 404, wrong token 403, malformed body 400, not your decision 409,
illegal action 422 with the kernel's reason. Matches live in a database (:mod:`.store`).

Routes (``{m}`` is a match id):

=======  ==============================  ==================================================
GET      /                               the page
GET      /api/titles                     titles, their sides and scenarios
POST     /api/matches                    ``{title, scenario, seed, options, mode, seats}`` or
                                         ``{save, mode, seats}`` -> match id, seat tokens
GET      /api/matches/{m}/state          the seat's view, its log (``?since=N``), undo status
GET      /api/matches/{m}/version        a number that changes with every change (polling)
GET      /api/matches/{m}/legal          the seat's legal actions, grouped, attacks with odds
                                         (overruns' odds pending: ask ``preview``)
GET      /api/matches/{m}/choices        the same by level, what the page asks at each decision:
                                         who may act (movers without destinations) and the
                                         other verbs' actions; ``?actor=ID[,ID]``: that unit's
                                         or stack's actions only (its moves, overruns...)
POST     /api/matches/{m}/actions        ``{action, since}`` -> the log entries it caused; with
                                         ``since`` also the seat's new state (log from there);
                                         short notations read as ``wargame act`` reads them
                                         (the first entry's ``read`` says how; logged in full)
POST     /api/matches/{m}/preview        ``{action}`` -> the odds of an attack or overrun, or
                                         of a title's own battle (DC ``fight POINT``: fire)
POST     /api/matches/{m}/undo           take back the seat's last action
GET      /api/matches/{m}/save           the save file
POST     /api/matches/{m}/load           a save file replaces the game (same sides; hot-seat
                                         and solo only)
DELETE   /api/matches/{m}                end the match: deleted from the server (hot-seat and
                                         solo any time; two seats once the game is over)
GET      /api/matches/{m}/map.svg        the map as the seat sees it (``?ids=1``: hex ids;
                                         ``?layer=map``: without what changes in play)
=======  ==============================  ==================================================
"""

from __future__ import annotations

import ipaddress
import socket
import sys
from collections.abc import Awaitable, Callable
from importlib.resources import files
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import Headers
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Receive, Scope, Send

from wargame import safejson
from wargame.errors import UsageError
from wargame.plugins import Registry
from wargame.web.games import Game, Hub, WebError, _same
from wargame.web.store import Store, default_path

TOKEN_HEADER = "x-seat"
PAGE_HEADER = "x-wargame-page"
"""The page's key (a secret of the server, written into the page it serves): required on
every request that changes something."""
LOOPBACK = ("127.0.0.1", "localhost", "::1")
MAX_BODY = 32 * 1024 * 1024
"""Bytes a request body may have: a long game's save file is a few megabytes."""

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8765

Endpoint = Callable[[Request], Awaitable[Response]]


class _Static(StaticFiles):
    """The page's scripts and styles, revalidated on every load: a server upgraded under an
    open page must not leave it running yesterday's script."""

    def file_response(self, *args: Any, **kwargs: Any) -> Response:
        response = super().file_response(*args, **kwargs)
        response.headers["Cache-Control"] = "no-cache"
        return response


def _error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


def guarded(endpoint: Endpoint, bad_request: tuple[type[Exception], ...] = ()) -> Endpoint:
    """The endpoint, answering a :class:`WebError` with its status, and any of the
    ``bad_request`` exceptions with 400, as a one-line JSON error (never a 500 with a
    traceback): every API route of ``wargame serve`` and of the map editor goes through it."""

    async def call(request: Request) -> Response:
        try:
            return await endpoint(request)
        except WebError as exc:
            return _error(exc.status, exc.message)
        except bad_request as exc:
            return _error(400, str(exc))

    return call


async def http_error(request: Request, exc: Exception) -> Response:
    """Starlette's own HTTP errors (404, 405) as the same one-line JSON error."""
    assert isinstance(exc, HTTPException)
    return _error(exc.status_code, str(exc.detail))


def _json_type(request: Request) -> None:
    """Refuse a body that is not declared JSON (415): a cross-site form or ``text/plain``
    request needs no preflight, and a body read whatever its type would let any page post."""
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "application/json":
        raise WebError(415, "a request body is JSON, sent with Content-Type: application/json")


async def _body(request: Request) -> Any:
    """The request's JSON body within :mod:`wargame.safejson`'s limits, or a 4xx that says what
    is wrong with it."""
    _json_type(request)
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > MAX_BODY:
        raise WebError(413, f"request body larger than {MAX_BODY} bytes")
    chunks = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BODY:
            raise WebError(413, f"request body larger than {MAX_BODY} bytes")
        chunks.append(chunk)
    raw = b"".join(chunks)
    if not raw.strip():
        raise WebError(400, "the request needs a JSON body")
    try:
        return safejson.loads(raw, max_bytes=MAX_BODY)
    except safejson.JsonLimitError as exc:
        raise WebError(413 if exc.too_large else 400, f"the body: {exc}") from None


def _action_text(body: Any) -> Any:
    if not isinstance(body, dict):
        raise WebError(400, 'the body is a JSON object: {"action": "..."}')
    return body.get("action")


def _since_in(body: Any) -> int | None:
    """The optional ``since`` of an action's body: the last log entry the seat has."""
    since = body.get("since") if isinstance(body, dict) else None
    if since is not None and (isinstance(since, bool) or not isinstance(since, int)):
        raise WebError(400, f"since is a log entry number, not {since!r}")
    return since


def _since(request: Request) -> int:
    text = request.query_params.get("since", "-1")
    try:
        return int(text)
    except ValueError:
        raise WebError(400, f"since is a log entry number, not {text!r}") from None


def _host_name(host: str) -> tuple[str, int | None]:
    """A Host header's name and port ("[::1]:8765" -> ("::1", 8765))."""
    if host.startswith("["):
        name, _, rest = host[1:].partition("]")
        port_text = rest[1:] if rest.startswith(":") else ""
    else:
        name, _, port_text = host.partition(":")
    port = int(port_text) if port_text.isdigit() and len(port_text) <= 5 else None
    return name.lower(), port


class Guard:
    """Only the page this server served may drive it (issue 17).

    - The Host header must name the address served (a loopback name, or with ``--allow-remote``
      an IP address of this machine): a page on a domain rebound to 127.0.0.1 sends its own
      name and is refused (421).
    - A request from a browser page must come from that same address (Origin, and
      Sec-Fetch-Site not "cross-site"): 403.
    - A request that changes anything carries the page key (``X-Wargame-Page``): 403.
    The JSON content type of bodies is checked where a body is read (415).
    """

    def __init__(self, app: ASGIApp, key: str, names: Any, port: int | None, any_ip: bool) -> None:
        self.app, self.key, self.port, self.any_ip = app, key, port, any_ip
        self.names = frozenset(str(n).lower() for n in names)

    def host_ok(self, host: str) -> bool:
        name, port = _host_name(host)
        if self.port is not None and port != self.port:
            return False
        if name in self.names:
            return True
        if not self.any_ip:
            return False
        try:
            ipaddress.ip_address(name)
        except ValueError:
            return False
        return True

    def refusal(self, method: str, path: str, headers: Headers) -> tuple[int, str] | None:
        host = headers.get("host", "")
        if not self.host_ok(host):
            return 421, (
                f"this server answers to its own address only, not Host {host[:100]!r} "
                "(a page on another site may not use it)"
            )
        origin = headers.get("origin")
        if origin is not None and origin != f"http://{host}":
            return 403, f"a request from another site ({origin[:100]}) is refused"
        if headers.get("sec-fetch-site") == "cross-site":
            return 403, "a request from another site is refused"
        changes = method not in ("GET", "HEAD") and path.startswith("/api/")
        if changes and not _same(self.key, headers.get(PAGE_HEADER)):
            return 403, (
                "only this server's page may change a match: the page key is missing or "
                "wrong (reload the page)"
            )
        return None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            why = self.refusal(scope["method"], scope["path"], Headers(scope=scope))
            if why is not None:
                await _error(*why)(scope, receive, send)
                return
        await self.app(scope, receive, send)


def create_app(
    registry: Registry,
    default_title: str | None = None,
    *,
    store: Store | None = None,
    names: Any = LOOPBACK,
    port: int | None = None,
    any_ip: bool = False,
) -> Starlette:
    """The ASGI application serving every title of ``registry``, its matches in ``store`` (by
    default a database in memory), answering to Host ``names`` (and ``port``; with ``any_ip``
    also to any IP address)."""
    store = store if store is not None else Store(":memory:")
    hub = Hub(registry, default_title, store=store)
    key = store.secret()
    store.purge()

    def game_of(request: Request) -> Game:
        return hub.get(request.path_params["match"])

    def token(request: Request) -> str | None:
        return request.headers.get(TOKEN_HEADER)

    async def index(request: Request) -> Response:
        page = files("wargame.web").joinpath("static", "index.html").read_text(encoding="utf-8")
        meta = f'<meta name="wargame-page" content="{key}">'
        page = page.replace("<head>", "<head>\n" + meta, 1)
        return HTMLResponse(page, headers={"Cache-Control": "no-store"})

    async def titles(request: Request) -> Response:
        return JSONResponse(hub.titles())

    async def create(request: Request) -> Response:
        body = await _body(request)
        game = await run_in_threadpool(hub.create, body)
        return JSONResponse(
            {
                "match": game.id,
                "mode": game.mode,
                "seats": game.seat_links(),
                "version": game.version,
            },
            status_code=201,
        )

    async def state(request: Request) -> Response:
        game = game_of(request)
        seat = game.seat(token(request))
        since = _since(request)
        return JSONResponse(await run_in_threadpool(game.state, seat, since))

    async def version(request: Request) -> Response:
        game = game_of(request)
        game.seat(token(request))
        return JSONResponse({"version": game.version})

    async def legal(request: Request) -> Response:
        game = game_of(request)
        seat = game.seat(token(request))
        return JSONResponse(await run_in_threadpool(game.legal, seat))

    async def choices(request: Request) -> Response:
        game = game_of(request)
        seat = game.seat(token(request))
        actor = request.query_params.get("actor")
        if actor is not None and (
            not actor or len(actor) > 1000 or any(c.isspace() for c in actor)
        ):
            raise WebError(400, "actor is a unit id or ids joined by commas, no spaces")
        return JSONResponse(await run_in_threadpool(game.levels, seat, actor))

    async def act(request: Request) -> Response:
        game = game_of(request)
        seat = game.seat(token(request))
        body = await _body(request)
        text, since = _action_text(body), _since_in(body)

        def act_and_look() -> dict[str, Any]:
            with game.lock:  # the state right after this action, whatever comes next
                out: dict[str, Any] = {"entries": game.act(seat, text), "version": game.version}
                if since is not None:
                    out["state"] = game.state(seat, since)
                return out

        return JSONResponse(await run_in_threadpool(act_and_look))

    async def preview(request: Request) -> Response:
        game = game_of(request)
        seat = game.seat(token(request))
        text = _action_text(await _body(request))
        return JSONResponse(await run_in_threadpool(game.preview, seat, text))

    async def undo(request: Request) -> Response:
        game = game_of(request)
        seat = game.seat(token(request))
        undone = await run_in_threadpool(game.undo, seat)
        return JSONResponse({"undone": undone, "version": game.version})

    async def save(request: Request) -> Response:
        game = game_of(request)
        body = await run_in_threadpool(game.save, token(request))
        name = f"{body['title']}-{body['seed']}.save.json"
        return JSONResponse(body, headers={"Content-Disposition": f'attachment; filename="{name}"'})

    async def load(request: Request) -> Response:
        game = game_of(request)
        game.seat(token(request))
        game.require_all(token(request))  # before reading a body it may not send
        body = await _body(request)
        await run_in_threadpool(game.load, token(request), body, registry)
        return JSONResponse({"version": game.version, "log_size": len(game.log)})

    async def end(request: Request) -> Response:
        await run_in_threadpool(hub.end, request.path_params["match"], token(request))
        return JSONResponse({"ended": request.path_params["match"]})

    async def map_svg(request: Request) -> Response:
        game = game_of(request)
        seat = game.seat(token(request))
        ids = request.query_params.get("ids") in ("1", "true", "yes")
        layer = request.query_params.get("layer", "all")
        if layer not in ("all", "map"):
            raise WebError(400, f"layer is 'all' or 'map', not {layer!r}")
        draw = game.static_map if layer == "map" else game.svg
        text = await run_in_threadpool(draw, seat, ids)
        return Response(text, media_type="image/svg+xml", headers={"Cache-Control": "no-store"})

    api = [
        ("/api/titles", titles, ["GET"]),
        ("/api/matches", create, ["POST"]),
        ("/api/matches/{match}/state", state, ["GET"]),
        ("/api/matches/{match}/version", version, ["GET"]),
        ("/api/matches/{match}/legal", legal, ["GET"]),
        ("/api/matches/{match}/choices", choices, ["GET"]),
        ("/api/matches/{match}/actions", act, ["POST"]),
        ("/api/matches/{match}/preview", preview, ["POST"]),
        ("/api/matches/{match}/undo", undo, ["POST"]),
        ("/api/matches/{match}/save", save, ["GET"]),
        ("/api/matches/{match}/load", load, ["POST"]),
        ("/api/matches/{match}/map.svg", map_svg, ["GET"]),
        ("/api/matches/{match}", end, ["DELETE"]),
    ]
    routes: list[Route | Mount] = [Route("/", index, methods=["GET"])]
    routes += [Route(path, guarded(fn), methods=methods) for path, fn, methods in api]
    routes.append(Mount("/static", _Static(packages=[("wargame.web", "static")]), name="static"))

    async def server_error(request: Request, exc: Exception) -> Response:
        return _error(500, f"internal error (a bug, please report it): {type(exc).__name__}: {exc}")

    app = Starlette(
        routes=routes,
        exception_handlers={HTTPException: http_error, Exception: server_error},
        middleware=[Middleware(Guard, key=key, names=names, port=port, any_ip=any_ip)],
    )
    app.state.hub = hub
    app.state.key = key
    return app


# --------------------------------------------------------------------------- serving


def listen(host: str, port: int) -> socket.socket:
    """A listening socket, so a taken port is a one-line error and port 0 gets a free one."""
    try:
        family, kind, proto, _name, address = socket.getaddrinfo(
            host, port, type=socket.SOCK_STREAM
        )[0]
        sock = socket.socket(family, kind, proto)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(128)
    except OSError as exc:
        raise UsageError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
    return sock


def address(sock: socket.socket) -> str:
    host, port = sock.getsockname()[:2]
    return address_of(host, port)


def address_of(host: str, port: int) -> str:
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}/"


def serve_command(args: Any, ctx: Any) -> int:
    """``wargame serve``: called by :mod:`wargame.cli` with its parsed arguments and context.
    The page offers ``--title`` first, else the demo's title (Panzergruppe Guderian)."""
    from wargame.cli import default_demo_title

    title = ctx.title(args.title) if args.title else default_demo_title(ctx.registry)
    db = Path(args.db).expanduser() if getattr(args, "db", None) else default_path()
    remote = bool(getattr(args, "allow_remote", False))
    return serve(ctx.registry, args.host, args.port, title.id, db=db, allow_remote=remote)


def is_loopback(sock: socket.socket) -> bool:
    return ipaddress.ip_address(sock.getsockname()[0].split("%")[0]).is_loopback


def _outward_ip() -> str:
    """This machine's address on its network (the route out; no packet is sent)."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed anywhere real
        return str(probe.getsockname()[0])
    except OSError:
        return socket.gethostbyname(socket.gethostname())
    finally:
        probe.close()


def serve(
    registry: Registry,
    host: str = DEFAULT_HOST,
    port: int = DEFAULT_PORT,
    title: str | None = None,
    db: Path | str | None = None,
    allow_remote: bool = False,
) -> int:
    """Serve the page and the API until interrupted; prints the address to open. A host
    beyond this machine is refused unless ``allow_remote``, then served with a warning."""
    import uvicorn

    sock = listen(host, port)
    bound, served_port = sock.getsockname()[:2]
    if not is_loopback(sock) and not allow_remote:
        sock.close()
        raise UsageError(
            f"--host {host} listens beyond this machine (plain HTTP: anyone on the network "
            "could create matches and read what is sent); add --allow-remote to do it anyway"
        )
    names = set(LOOPBACK)
    shown = address(sock)
    unspecified = ipaddress.ip_address(bound.split("%")[0]).is_unspecified
    if not is_loopback(sock):
        names |= {bound, socket.gethostname()}
        if unspecified:
            shown = address_of(_outward_ip(), served_port)
    store = Store(db if db is not None else default_path())
    app = create_app(
        registry, title, store=store, names=names, port=served_port, any_ip=unspecified
    )
    print(f"wargame: play at {shown}  (Ctrl-C stops the server)", flush=True)
    print(f"wargame: matches are kept in {store.path}", flush=True)
    if not is_loopback(sock):
        print(
            f"wargame: WARNING: listening on {bound} port {served_port}, beyond this machine, "
            "over plain HTTP: anyone on the network can open the page, create matches and read "
            "or alter what is sent; anyone with a seat link can play that seat",
            file=sys.stderr,
            flush=True,
        )
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning"))
    try:
        server.run(sockets=[sock])
    finally:
        store.close()
    return 0
