"""The map editor's server: the page, the map it edits, the grid's geometry and the save.

Routes:

=======  ================  ============================================================
GET      /                 the editor page
GET      /api/map          ``{document, geometry, palette, file, exists}``
POST     /api/geometry     ``{document}`` -> the geometry of its grid (after a resize)
POST     /api/map          ``{document}`` -> saved (``{saved, file, title_problems}``), or
                           422 with ``{error, problems}`` and nothing written
=======  ================  ============================================================

It is ``wargame serve``'s server code: the same guard (Host, Origin and the page key on every
request that changes something), JSON bodies only, one-line 4xx errors. It writes files, so it
listens on this machine only.
"""

from __future__ import annotations

import secrets
from importlib.resources import files
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route

from wargame.editor import mapdoc
from wargame.errors import UsageError
from wargame.web.app import (
    LOOPBACK,
    Endpoint,
    Guard,
    _body,
    _Static,
    address,
    guarded,
    http_error,
    is_loopback,
    listen,
)
from wargame.web.games import WebError


def _document(body: Any) -> Any:
    if not isinstance(body, dict) or "document" not in body:
        raise WebError(400, 'the body is {"document": {...}}')
    return body["document"]


def create_app(
    folder: Path, document: dict[str, Any] | None = None, port: int | None = None
) -> Starlette:
    """The editor of ``folder/map.json``; ``document`` is the map to start from when the file
    does not exist yet (a new grid or network)."""
    folder = Path(folder)
    key = secrets.token_urlsafe(24)
    start = mapdoc.read(folder)
    exists = start is not None
    if start is None:
        start = (
            document if document is not None else mapdoc.new_document("hex", folder.name or "map")
        )

    async def index(request: Request) -> Response:
        page = files("wargame.editor").joinpath("static", "editor.html").read_text(encoding="utf-8")
        meta = f'<meta name="wargame-page" content="{key}">'
        return HTMLResponse(
            page.replace("<head>", "<head>\n" + meta, 1), headers={"Cache-Control": "no-store"}
        )

    async def get_map(request: Request) -> Response:
        doc = mapdoc.read(folder) or start
        return JSONResponse(
            {
                "document": doc,
                "geometry": mapdoc.geometry(doc),
                "palette": mapdoc.palette(folder, doc),
                "file": str(folder / "map.json"),
                "exists": (folder / "map.json").exists() or exists,
            }
        )

    async def post_geometry(request: Request) -> Response:
        doc = _document(await _body(request))
        if not isinstance(doc, dict):
            raise WebError(400, "the document is a JSON object")
        return JSONResponse(await run_in_threadpool(mapdoc.geometry, doc))

    async def post_map(request: Request) -> Response:
        doc = _document(await _body(request))
        found = await run_in_threadpool(mapdoc.save, folder, doc)
        if found:
            return JSONResponse(
                {
                    "error": f"not saved: {len(found)} problem(s); the file is unchanged",
                    "problems": [str(p) for p in found],
                },
                status_code=422,
            )
        return JSONResponse(
            {
                "saved": True,
                "file": str(folder / "map.json"),
                "title_problems": await run_in_threadpool(_title_problems, folder),
            }
        )

    def api(endpoint: Endpoint) -> Endpoint:
        return guarded(endpoint, bad_request=(mapdoc.EditorError,))

    routes: list[Route | Mount] = [
        Route("/", index, methods=["GET"]),
        Route("/api/map", api(get_map), methods=["GET"]),
        Route("/api/map", api(post_map), methods=["POST"]),
        Route("/api/geometry", api(post_geometry), methods=["POST"]),
        Mount("/static", _Static(packages=[("wargame.editor", "static")])),
    ]
    return Starlette(
        routes=routes,
        exception_handlers={HTTPException: http_error},
        middleware=[Middleware(Guard, key=key, names=LOOPBACK, port=port, any_ip=False)],
    )


def _title_problems(folder: Path) -> list[str]:
    """The whole title's cross-reference problems after a save, when the folder is a title's
    data (``title.json``): a set-up in a hex just taken off the map shows here at once."""
    if not (folder / "title.json").is_file():
        return []
    from wargame.validate import title_problems

    return [str(p) for p in title_problems(folder)]


def edit_map_command(args: Any, ctx: Any) -> int:
    """``wargame edit-map DATA_DIR``: called by :mod:`wargame.cli` with its parsed arguments."""
    folder = Path(args.folder).expanduser()
    if not folder.is_dir():
        raise UsageError(f"{folder}: folder not found (create it, or give a title's data folder)")
    try:
        current = mapdoc.read(folder)
        if current is not None and args.new:
            raise UsageError(
                f"{folder / 'map.json'} exists: --new starts a map only where there is none"
            )
        start = None
        if current is None:
            numbering = {"orientation": args.orientation} if args.orientation else {}
            start = mapdoc.new_document(
                args.new or "hex", args.id or folder.name, args.columns, args.rows, numbering
            )
    except mapdoc.EditorError as exc:
        raise UsageError(str(exc)) from None
    return serve(folder, start, args.host, args.port)


def serve(folder: Path, document: dict[str, Any] | None, host: str, port: int) -> int:
    """Serve the editor until interrupted; prints the address to open."""
    import uvicorn

    sock = listen(host, port)
    if not is_loopback(sock):
        sock.close()
        raise UsageError(
            f"--host {host}: the map editor writes files and listens on this machine only"
        )
    app = create_app(folder, document, port=sock.getsockname()[1])
    print(f"wargame: edit the map at {address(sock)}  (Ctrl-C stops the editor)", flush=True)
    print(f"wargame: saves to {folder / 'map.json'}", flush=True)
    uvicorn.Server(uvicorn.Config(app, log_level="warning")).run(sockets=[sock])
    return 0
