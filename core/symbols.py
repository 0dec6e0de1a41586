"""NATO unit symbols (APP-6 / MIL-STD-2525) for counters, drawn by milsymbol.

The shapes are milsymbol's, the maintained reference implementation of both standards
(JavaScript, MIT licence; its built file is vendored with its licence in ``web/static/`` so the
page can draw with it too). A title names the symbol of each unit type by its SIDC, the
standard's 20-digit code, in ``mechanic_options.render.symbols``. ``python -m wargame.symbols``
runs milsymbol under Node for every SIDC the installed titles name and stores its drawing in
``symbols.json`` as plain absolute paths (moves, lines, cubic curves), so a picture needs
neither Node nor an SVG path parser at run time and the PNG and SVG draw the same lines;
``--check`` says whether the stored file is what milsymbol draws today.

Coordinates are milsymbol's: a land unit's frame is the rectangle (25, 50)-(175, 150).
Colours are words, not values: ``frame`` (the frame's fill, the picture chooses it) and ``ink``
(lines and icon fills); any other fill is milsymbol's own ``#rrggbb``.
"""

from __future__ import annotations

import argparse
import json
import math
import re
import shutil
import subprocess
import sys
from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any

__all__ = ["CATALOGUE", "MILSYMBOL", "Part", "Symbol", "main", "symbol"]

CATALOGUE = Path(__file__).with_name("symbols.json")
MILSYMBOL = Path(__file__).parent / "web" / "static" / "milsymbol.js"

Part = dict[str, Any]
"""``{"d": [[op, x, y, ...], ...], "fill": ..., "stroke": ..., "width": w}`` with op one of
M, L, C, Z; or ``{"text": ..., "x", "y", "size", "anchor", "bold", "fill"}``."""

Symbol = dict[str, Any]
"""``{"frame": [x1, y1, x2, y2], "bbox": [x1, y1, x2, y2], "parts": [Part, ...]}``."""

_FRAME_FILL = "#fffffe"  # sentinels handed to milsymbol, read back as the words above
_ICON = "#000001"


@cache
def _catalogue() -> Mapping[str, Symbol]:
    if not CATALOGUE.exists():
        return {}
    return dict(json.loads(CATALOGUE.read_text(encoding="utf-8")).get("symbols", {}))


def symbol(sidc: str) -> Symbol | None:
    """The stored drawing of ``sidc``, or None when the catalogue lacks it."""
    return _catalogue().get(sidc)


# --------------------------------------------------------------------------- generating

_JS = """
const [path, fillColor, iconColor, ...sidcs] = process.argv.slice(1);
const ms = require(path);
const out = {};
for (const sidc of sidcs) {
  const s = new ms.Symbol(sidc, {size: 100, fillColor, iconColor});
  const meta = s.getMetadata();
  out[sidc] = {valid: s.isValid(), frame: meta.baseGeometry.bbox, draw: s.drawInstructions};
}
process.stdout.write(JSON.stringify(out));
"""


def title_sidcs(titles: Iterable[Any]) -> dict[str, list[str]]:
    """SIDC -> the title/unit-type pairs that name it, over the given titles."""
    found: dict[str, list[str]] = {}
    for title in titles:
        table = title.manifest.mechanic_options.get("render", {}).get("symbols") or {}
        for unit_type, sidc in sorted(table.items()):
            found.setdefault(str(sidc), []).append(f"{title.id}/{unit_type}")
    return found


def run_milsymbol(sidcs: Sequence[str]) -> dict[str, Any]:
    """milsymbol's draw instructions for each SIDC (needs ``node`` on the PATH)."""
    node = shutil.which("node")
    if node is None:
        raise RuntimeError("node is not installed: it runs milsymbol to draw the symbols")
    done = subprocess.run(
        [node, "-e", _JS, str(MILSYMBOL), _FRAME_FILL, _ICON, *sidcs],
        capture_output=True,
        text=True,
        check=True,
    )
    return dict(json.loads(done.stdout))


def catalogue_of(raw: Mapping[str, Any]) -> dict[str, Any]:
    """The stored form of milsymbol's answers: paths made absolute and flat."""
    symbols: dict[str, Symbol] = {}
    for sidc in sorted(raw):
        answer = raw[sidc]
        if not answer["valid"]:
            raise ValueError(f"milsymbol does not know the SIDC {sidc}")
        parts: list[Part] = []
        _flatten(answer["draw"], (1.0, 0.0, 0.0, 1.0, 0.0, 0.0), {}, parts)
        frame = answer["frame"]
        symbols[sidc] = {
            "frame": [frame["x1"], frame["y1"], frame["x2"], frame["y2"]],
            "bbox": _bbox(parts),
            "parts": parts,
        }
    return {
        "generator": f"milsymbol {_milsymbol_version()} via python -m wargame.symbols",
        "symbols": symbols,
    }


def _milsymbol_version() -> str:
    head = MILSYMBOL.read_text(encoding="utf-8")
    found = re.search(r'version="([0-9.]+)"', head)
    return found.group(1) if found else "?"


Affine = tuple[float, float, float, float, float, float]  # x' = a x + c y + e, y' = b x + d y + f


def _then(outer: Affine, inner: Affine) -> Affine:
    a, b, c, d, e, f = outer
    a2, b2, c2, d2, e2, f2 = inner
    return (
        a * a2 + c * b2,
        b * a2 + d * b2,
        a * c2 + c * d2,
        b * c2 + d * d2,
        a * e2 + c * f2 + e,
        b * e2 + d * f2 + f,
    )


def _apply(m: Affine, x: float, y: float) -> tuple[float, float]:
    return (m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5])


def _colour(value: Any) -> str | None:
    if value in (None, False, "none", ""):
        return None
    text = str(value).strip().lower()
    if text == _FRAME_FILL:
        return "frame"
    if text in (_ICON, "black", "#000", "#000000"):
        return "ink"
    rgb = re.fullmatch(r"rgb\((\d+),\s*(\d+),\s*(\d+)\)", text)
    if rgb:
        return "#" + "".join(f"{int(v):02x}" for v in rgb.groups())
    if re.fullmatch(r"#[0-9a-f]{6}", text):
        return text
    if text == "white":
        return "#ffffff"
    raise ValueError(f"a colour milsymbol drew that is not understood: {value!r}")


def _flatten(items: Any, m: Affine, inherited: Mapping[str, Any], out: list[Part]) -> None:
    """Walk milsymbol's draw instructions: nested lists and transforms become flat parts."""
    if isinstance(items, list):
        for item in items:
            _flatten(item, m, inherited, out)
        return
    if not isinstance(items, Mapping):
        return
    style = dict(inherited)
    for key in ("fill", "stroke", "strokewidth", "fontweight"):
        if key in items:
            style[key] = items[key]
    kind = items.get("type")
    scale = math.sqrt(abs(m[0] * m[3] - m[1] * m[2]))
    if kind == "translate":
        _flatten(items.get("draw"), _then(m, (1, 0, 0, 1, items["x"], items["y"])), style, out)
    elif kind == "scale":
        f = float(items["factor"])
        _flatten(items.get("draw"), _then(m, (f, 0, 0, f, 0, 0)), style, out)
    elif kind == "rotate":
        t = math.radians(float(items["degree"]))
        x, y = float(items["x"]), float(items["y"])
        cos, sin = math.cos(t), math.sin(t)
        rot = (cos, sin, -sin, cos, x - cos * x + sin * y, y - sin * x - cos * y)
        _flatten(items.get("draw"), _then(m, rot), style, out)
    elif kind == "path":
        commands = [
            [op, *(v for p in pts for v in _apply(m, *p))] for op, pts in parse_path(items["d"])
        ]
        out.append(_styled({"d": commands}, style, scale))
    elif kind == "circle":
        cx, cy, r = float(items["cx"]), float(items["cy"]), float(items["r"])
        commands = [
            [op, *(v for p in pts for v in _apply(m, *p))] for op, pts in _circle(cx, cy, r)
        ]
        out.append(_styled({"d": commands}, style, scale))
    elif kind == "text":
        x, y = _apply(m, float(items["x"]), float(items["y"]))
        part: Part = {
            "text": str(items["text"]),
            "x": round(x, 3),
            "y": round(y, 3),
            "size": round(float(items.get("fontsize", 30)) * scale, 3),
            "anchor": str(items.get("textanchor", "middle")),
            "bold": str(style.get("fontweight", "")) == "bold",
            "fill": _colour(style.get("fill", "black")) or "ink",
        }
        out.append(part)
    elif kind is not None:
        raise ValueError(f"a milsymbol drawing instruction this module cannot store: {kind}")


def _styled(part: Part, style: Mapping[str, Any], scale: float) -> Part:
    part["fill"] = _colour(style.get("fill"))
    part["stroke"] = _colour(style.get("stroke", "black"))
    part["width"] = round(float(style.get("strokewidth", 4)) * scale, 3)
    for command in part["d"]:
        command[1:] = [round(v, 3) for v in command[1:]]
    return part


def _bbox(parts: Sequence[Part]) -> list[float]:
    xs: list[float] = []
    ys: list[float] = []
    for part in parts:
        if "d" in part:
            pad = (part["width"] / 2) if part.get("stroke") else 0.0
            for command in part["d"]:
                xs.extend(v + s for v in command[1::2] for s in (-pad, pad))
                ys.extend(v + s for v in command[2::2] for s in (-pad, pad))
        else:
            w = 0.6 * part["size"] * len(part["text"])
            xs.extend((part["x"] - w / 2, part["x"] + w / 2))
            ys.extend((part["y"] - part["size"] / 2, part["y"] + part["size"] / 2))
    return [round(min(xs), 3), round(min(ys), 3), round(max(xs), 3), round(max(ys), 3)]


# --------------------------------------------------------------------------- SVG path data

_TOKEN = re.compile(r"[MmLlHhVvCcSsQqTtAaZz]|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_ARITY = {"M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4, "T": 2, "A": 7, "Z": 0}
Point = tuple[float, float]


def parse_path(d: str) -> list[tuple[str, list[Point]]]:
    """SVG path data as absolute M, L, C and Z commands (arcs and quadratics become cubics)."""
    tokens = _TOKEN.findall(d)
    out: list[tuple[str, list[Point]]] = []
    i = 0
    cmd = ""
    x = y = sx = sy = 0.0
    last_ctrl: Point | None = None
    while i < len(tokens):
        if tokens[i].isalpha():
            cmd = tokens[i]
            i += 1
            if cmd in "Zz":
                out.append(("Z", []))
                x, y = sx, sy
                last_ctrl = None
                continue
        n = _ARITY[cmd.upper()]
        args = [float(v) for v in tokens[i : i + n]]
        if len(args) < n:
            raise ValueError(f"path data ends in the middle of {cmd!r}: {d!r}")
        i += n
        rel = cmd.islower()
        up = cmd.upper()
        ctrl: Point | None = None
        if up == "M":
            x, y = (x + args[0], y + args[1]) if rel else (args[0], args[1])
            sx, sy = x, y
            out.append(("M", [(x, y)]))
            cmd = "l" if rel else "L"  # further pairs after a move are lines
        elif up in ("L", "H", "V"):
            if up == "H":
                x = x + args[0] if rel else args[0]
            elif up == "V":
                y = y + args[0] if rel else args[0]
            else:
                x, y = (x + args[0], y + args[1]) if rel else (args[0], args[1])
            out.append(("L", [(x, y)]))
        elif up in ("C", "S"):
            pts = [
                (args[k] + (x if rel else 0), args[k + 1] + (y if rel else 0))
                for k in range(0, n, 2)
            ]
            if up == "S":
                first = (2 * x - last_ctrl[0], 2 * y - last_ctrl[1]) if last_ctrl else (x, y)
                pts = [first, *pts]
            out.append(("C", pts))
            ctrl = pts[1]
            x, y = pts[2]
        elif up in ("Q", "T"):
            pts = [
                (args[k] + (x if rel else 0), args[k + 1] + (y if rel else 0))
                for k in range(0, n, 2)
            ]
            if up == "T":
                q = (2 * x - last_ctrl[0], 2 * y - last_ctrl[1]) if last_ctrl else (x, y)
                end = pts[0]
            else:
                q, end = pts
            c1 = (x + 2 / 3 * (q[0] - x), y + 2 / 3 * (q[1] - y))
            c2 = (end[0] + 2 / 3 * (q[0] - end[0]), end[1] + 2 / 3 * (q[1] - end[1]))
            out.append(("C", [c1, c2, end]))
            ctrl = q
            x, y = end
        else:  # A
            rx, ry, angle, large, sweep, ex, ey = args
            if rel:
                ex, ey = x + ex, y + ey
            for curve in _arc(x, y, rx, ry, angle, bool(large), bool(sweep), ex, ey):
                out.append(("C", curve))
            x, y = ex, ey
        last_ctrl = ctrl
    return out


def _arc(
    x1: float,
    y1: float,
    rx: float,
    ry: float,
    angle: float,
    large: bool,
    sweep: bool,
    x2: float,
    y2: float,
) -> list[list[Point]]:
    """An SVG elliptical arc as cubic curves (the centre parametrisation of SVG 1.1, F.6.5)."""
    if (x1, y1) == (x2, y2):
        return []
    if rx == 0 or ry == 0:
        return [[(x1, y1), (x2, y2), (x2, y2)]]
    rx, ry = abs(rx), abs(ry)
    phi = math.radians(angle)
    cos, sin = math.cos(phi), math.sin(phi)
    dx, dy = (x1 - x2) / 2, (y1 - y2) / 2
    xp, yp = cos * dx + sin * dy, -sin * dx + cos * dy
    grow = xp * xp / (rx * rx) + yp * yp / (ry * ry)
    if grow > 1:
        rx, ry = rx * math.sqrt(grow), ry * math.sqrt(grow)
    num = rx * rx * ry * ry - rx * rx * yp * yp - ry * ry * xp * xp
    den = rx * rx * yp * yp + ry * ry * xp * xp
    k = math.sqrt(max(0.0, num / den)) * (-1 if large == sweep else 1)
    cxp, cyp = k * rx * yp / ry, -k * ry * xp / rx
    cx = cos * cxp - sin * cyp + (x1 + x2) / 2
    cy = sin * cxp + cos * cyp + (y1 + y2) / 2

    def ang(ux: float, uy: float, vx: float, vy: float) -> float:
        return math.atan2(ux * vy - uy * vx, ux * vx + uy * vy)

    t1 = ang(1, 0, (xp - cxp) / rx, (yp - cyp) / ry)
    dt = ang((xp - cxp) / rx, (yp - cyp) / ry, (-xp - cxp) / rx, (-yp - cyp) / ry)
    if not sweep and dt > 0:
        dt -= 2 * math.pi
    elif sweep and dt < 0:
        dt += 2 * math.pi
    pieces = max(1, math.ceil(abs(dt) / (math.pi / 2)))
    step = dt / pieces
    alpha = 4 / 3 * math.tan(step / 4)

    def point(t: float) -> Point:
        px, py = rx * math.cos(t), ry * math.sin(t)
        return (cx + cos * px - sin * py, cy + sin * px + cos * py)

    def deriv(t: float) -> Point:
        px, py = -rx * math.sin(t), ry * math.cos(t)
        return (cos * px - sin * py, sin * px + cos * py)

    curves = []
    for n in range(pieces):
        a, b = t1 + n * step, t1 + (n + 1) * step
        p0, p3 = point(a), point(b)
        d0, d3 = deriv(a), deriv(b)
        curves.append(
            [
                (p0[0] + alpha * d0[0], p0[1] + alpha * d0[1]),
                (p3[0] - alpha * d3[0], p3[1] - alpha * d3[1]),
                p3,
            ]
        )
    curves[-1][2] = (x2, y2)
    return curves


def _circle(cx: float, cy: float, r: float) -> list[tuple[str, list[Point]]]:
    k = 0.5522847498 * r
    return [
        ("M", [(cx + r, cy)]),
        ("C", [(cx + r, cy + k), (cx + k, cy + r), (cx, cy + r)]),
        ("C", [(cx - k, cy + r), (cx - r, cy + k), (cx - r, cy)]),
        ("C", [(cx - r, cy - k), (cx - k, cy - r), (cx, cy - r)]),
        ("C", [(cx + k, cy - r), (cx + r, cy - k), (cx + r, cy)]),
        ("Z", []),
    ]


# --------------------------------------------------------------------------- command line


def _text(doc: Mapping[str, Any]) -> str:
    return json.dumps(doc, indent=1, sort_keys=True) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m wargame.symbols",
        description="store milsymbol's drawing of every SIDC the installed titles name",
    )
    parser.add_argument("--check", action="store_true", help="compare with the stored file")
    args = parser.parse_args(argv)
    from wargame.plugins import discover

    registry = discover(owner_dir=None)
    titles = list(registry.titles.values())
    wanted = title_sidcs(titles)
    doc = catalogue_of(run_milsymbol(sorted(wanted)))
    text = _text(doc)
    if args.check:
        stored = CATALOGUE.read_text(encoding="utf-8") if CATALOGUE.exists() else ""
        if stored != text:
            print(
                f"{CATALOGUE.name} is out of date: run python -m wargame.symbols", file=sys.stderr
            )
            return 1
        print(f"{CATALOGUE.name}: {len(wanted)} symbols, as milsymbol draws them")
        return 0
    CATALOGUE.write_text(text, encoding="utf-8")
    print(f"wrote {CATALOGUE} ({len(wanted)} symbols)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
