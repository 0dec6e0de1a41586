// The page: a client of the wargame server like any other. It shows what the server sends for
// this seat (view, legal actions, log, map) and sends back actions in notation; it holds no
// rules. Plain JS, no build step.
"use strict";

const $ = (id) => document.getElementById(id);
const NS = "http://www.w3.org/2000/svg";
const RING_LIMIT = 150;  // more places than this are clickable but not ringed
const S = {
  titles: [], defaultTitle: null,
  match: null, token: null, host: null,
  state: null, legal: null, version: -1, logN: -1,
  svg: null, vb: null, full: null, mapKey: null, svgKey: null, centres: new Map(), locEl: new Map(),
  units: new Map(), at: new Map(), expanded: null, priced: new Map(),
  sel: null, selecting: null, targets: new Map(), attack: null, busy: false, ids: false,
  loaded: new Set(), every: null, idsChosen: false, logStick: true,
};
const COUNTER_PX = { hex: 48, network: 40 };  // a counter's width on screen at the opening zoom

// ------------------------------------------------------------------ server

const PAGE_KEY = (document.querySelector('meta[name="wargame-page"]') || {}).content || "";

// A body that is a string is sent as it is: JSON text the page must not re-encode (a save
// file's checksum covers its exact numbers, and JavaScript would write 8.0 as 8).
async function api(method, path, body, token, raw) {
  const headers = {};
  const seat = token || S.token;
  if (seat) headers["X-Seat"] = seat;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (method !== "GET") headers["X-Wargame-Page"] = PAGE_KEY;  // the server's key, in this page
  const r = await fetch(path, {
    method, headers, body: body === undefined || typeof body === "string" ? body : JSON.stringify(body),
  });
  const text = await r.text();
  let data = null;
  try { data = text ? JSON.parse(text) : null; } catch (e) { data = text; }
  if (!r.ok) throw new Error((data && data.error) || `${r.status} ${r.statusText}`);
  return raw ? text : data;
}

const matchPath = (rest) => `/api/matches/${encodeURIComponent(S.match)}/${rest}`;

function toast(text, info) {
  const t = $("toast");
  t.textContent = text;
  t.className = info ? "info" : "";
  t.hidden = false;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { t.hidden = true; }, info ? 2500 : 6000);
}

// "Starting the match...": shown from the request that makes a match until its map is drawn
function loading(text) {
  $("loading").hidden = !text;
  $("loading-text").textContent = text || "";
}

async function guard(work) {
  if (S.busy) return;
  S.busy = true;
  document.body.style.cursor = "progress";
  try { await work(); } catch (e) { toast(e.message); } finally {
    S.busy = false;
    document.body.style.cursor = "";
  }
}

// ------------------------------------------------------------------ names and text

function sideName(id) {
  const s = S.state && S.state.sides.find((x) => x.id === id);
  return s ? s.name : id;
}

function fmt(v) { return typeof v === "number" ? String(Math.round(v * 100) / 100) : String(v); }

function valuesText(u) {
  if (u.hidden) return "concealed";
  const vals = Object.entries(u.values || {}).map(([k, v]) => `${k} ${fmt(v)}`).join(", ");
  return (u.untried ? "untried" + (vals ? ", " : "") : "") + vals;
}

function unitText(u) {
  if (u.hidden) return `${sideName(u.side)} unit (concealed)`;
  const step = u.step ? `, step ${u.step}` : "";
  const marks = Object.values(u.markers || {}).map((m) => m.name).join(", ");
  return `${u.id} ${u.name || ""} (${valuesText(u)}${step})` + (marks ? ` [${marks}]` : "");
}

function el(tag, attrs, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "class") e.className = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v);
  }
  for (const c of children) if (c !== null && c !== undefined) e.append(c);
  return e;
}

// ------------------------------------------------------------------ joining and refreshing

function readHash() {
  const p = new URLSearchParams(location.hash.slice(1));
  return { m: p.get("m"), s: p.get("s"), h: p.get("h") };
}

function seatLink(token, withHost) {
  const p = new URLSearchParams({ m: S.match, s: token });
  if (withHost && S.host) p.set("h", S.host);
  return `${location.origin}/#${p.toString()}`;
}

async function join(m, s, h) {
  S.match = m; S.token = s; S.host = h || null;
  S.version = -1; S.logN = -1; S.sel = null; S.attack = null; S.mapKey = null; S.expanded = null;
  S.logStick = true;
  $("log").replaceChildren();
  history.replaceState(null, "", `#${new URLSearchParams(h ? { m, s, h } : { m, s })}`);
  $("play").hidden = false;
  if ($("loading").hidden) loading("Opening the match\u2026");
  try { await refresh(); } finally { loading(null); }
}

// The seat's state (given: the one an action's answer carries), then its legal actions: the
// map and the log show the new state before the choices for the next decision arrive.
async function refresh(given) {
  let st = given || await api("GET", matchPath(`state?since=${S.logN}`));
  if (st.match !== S.match || st.version < S.version) return;  // overtaken by a newer answer
  if (st.log_size - 1 < S.logN) {  // the log shrank: an undo or a load
    S.logN = -1;
    $("log").replaceChildren();
    st = await api("GET", matchPath("state?since=-1"));
  }
  S.state = st;
  S.version = st.version;
  S.units = new Map();
  S.at = new Map();
  for (const u of st.view.units) {
    if (u.id) S.units.set(u.id, u);
    if (!S.at.has(u.loc)) S.at.set(u.loc, []);
    S.at.get(u.loc).push(u);
  }
  if (S.expanded && (S.at.get(S.expanded) || []).length < 2) S.expanded = null;
  appendLog(st.log);
  renderBar();
  await loadMap();
  drawUnits();
  S.legal = null;
  renderPanels();
  decorate();
  if (st.yours) {
    // the first level: who may act (and the choices of verbs that list no actors); a unit's
    // own actions are asked for when it is selected
    const legal = await api("GET", matchPath("choices"));
    if (legal.version !== S.version) return;  // a newer state is on its way
    S.legal = legal;
    S.priced = new Map();
    S.loaded = new Set();
    S.every = null;
  }
  if (S.sel && !selectable(S.sel.units[0]).includes(S.sel.key)) S.sel = null;
  if (S.sel) await loadActor(S.sel.key);
  if (S.attack && !battleOptions(S.attack).length) S.attack = null;
  computeTargets();
  renderPanels();
  decorate();
}

// ``typed``: from the typed-action box, which says how a short notation was read ("move R09
// 0512" read as the full move on the cheapest path) or why it was refused (what was ambiguous)
async function act(text, typed = false) {
  await guard(async () => {
    let r;
    try { r = await api("POST", matchPath("actions"), { action: text, since: S.logN }); }
    catch (e) { if (typed) typedNote(e.message, "error"); throw e; }
    typedNote(typed ? (r.entries[0] || {}).read || "" : "", "read");  // a click clears it
    if (typed) $("typed-action").value = "";
    S.sel = null;
    S.attack = null;
    await refresh(r.state);
  });
}

function typedNote(text, kind) {
  const note = $("typed-note");
  note.textContent = text;
  note.className = kind;
  note.hidden = !text;
}

// ------------------------------------------------------------------ the bar

function renderBar() {
  const st = S.state, v = st.view, d = v.decision;
  $("bar-title").textContent = st.title.name;
  $("bar-title").title = `${st.title.scenario_name} (${st.title.id}), match ${st.match}`;
  // the turn, its date and weather; the title's own lines (charts, points saved, the battle
  // in progress, who is out of supply) as `wargame status` prints them, for this seat
  $("bar-turn").textContent = st.status.turn.join(" \u00b7 ");
  const notes = $("status-notes");
  notes.replaceChildren(...st.status.notes.map((line) => el("li", {}, line)));
  $("panel-status").hidden = st.status.notes.length === 0;
  $("bar-phase").textContent = st.status.phase || v.phase || "";
  $("bar-phase").title = v.phase || "";  // the phase's id, as actions and the log name it
  const chip = $("bar-decision");
  chip.classList.remove("yours", "waiting");
  if (v.outcome) {
    const w = v.outcome.winner ? `${sideName(v.outcome.winner)} wins` : "no winner";
    chip.textContent = `Game over: ${w} (${v.outcome.level || ""}) ${v.outcome.text || ""}`;
  } else if (d) {
    chip.textContent = st.yours ? `Your decision: ${sideName(d.side)} ${d.kind}` : `Waiting for ${sideName(d.side)}: ${d.kind}`;
    chip.classList.add(st.yours ? "yours" : "waiting");
  }
  const vp = v.vp || {};
  $("bar-vp").textContent = "VP " + st.sides.map((s) => `${s.name} ${fmt(vp[s.id] || 0)}`).join(" \u00b7 ");
  const undo = $("btn-undo");
  undo.disabled = Boolean(st.undo);
  undo.title = st.undo || "take back your last action";
  // why Undo is greyed, on the page (a tooltip is easy to miss): not at the start of a game
  const why = $("undo-why");
  why.hidden = !st.undo || st.undo === "nothing to undo";
  why.textContent = why.hidden ? "" : `Undo is off: ${st.undo}.`;
}

// ------------------------------------------------------------------ the log

function appendLog(entries) {
  const log = $("log");
  const fresh = entries.filter((e) => e.n > S.logN);  // a second answer for the same entries adds none
  for (const e of fresh) {
    const li = el("li", { class: "entry" });
    if (e.n === 0) li.append(el("div", { class: "head" }, "Set-up"));
    else {
      li.append(el("div", { class: "head" }, `${e.n}. `,
        el("span", { class: "side" }, sideName(e.side)), e.by === "bot" ? " (bot)" : "",
        `: ${e.action}`));
    }
    for (const ev of e.events) {
      const text = ev.kind === "roll" ? `\u2684 ${ev.text}` : ev.text;
      li.append(el("div", { class: `ev ${ev.kind}` }, text,
        ev.rule ? el("span", { class: "rule" }, ` (${ev.rule})`) : null));
    }
    log.append(li);
    S.logN = Math.max(S.logN, e.n);
  }
  // the newest entry in view, and kept there while the panels above grow (keepLogDown)
  if (fresh.length) {
    S.logStick = true;
    log.scrollTop = log.scrollHeight;
  }
}

// The log stays scrolled to its newest entry when its box shrinks (the decision panel above
// grows after an attack), unless the reader has scrolled up to read older entries.
function keepLogDown() {
  const log = $("log");
  log.addEventListener("scroll", () => {
    S.logStick = log.scrollTop + log.clientHeight >= log.scrollHeight - 8;
  });
  const down = () => { if (S.logStick) log.scrollTop = log.scrollHeight; };
  new ResizeObserver(down).observe(log);
  new MutationObserver(down).observe(log, { childList: true });
}

// ------------------------------------------------------------------ the map

// The static map (terrain, hexsides, names), fetched once per match; what changes in play is
// drawn on it from the view (drawUnits).
async function loadMap() {
  if (!S.idsChosen) S.ids = S.state.title.topology !== "network";  // hex numbers, as printed maps
  $("show-ids").checked = S.ids;
  const want = `${S.match}/${S.state.title.id}/${S.ids}`;
  if (S.svgKey === want && S.svg) return;
  const r = await fetch(matchPath(`map.svg?layer=map${S.ids ? "&ids=1" : ""}`), { headers: { "X-Seat": S.token } });
  if (!r.ok) throw new Error(`map: ${r.status}`);
  const doc = new DOMParser().parseFromString(await r.text(), "image/svg+xml");
  const svg = document.importNode(doc.documentElement, true);
  const box = svg.viewBox.baseVal;
  const full = { x: box.x, y: box.y, w: box.width, h: box.height };
  svg.removeAttribute("width");
  svg.removeAttribute("height");
  $("map").replaceChildren(svg);
  S.svg = svg;
  S.svgKey = want;
  S.full = full;
  S.locEl = new Map();
  S.centres = new Map();
  for (const e of svg.querySelectorAll(".hex[data-loc], .point[data-loc], .box[data-loc]")) {
    if (!S.locEl.has(e.dataset.loc)) S.locEl.set(e.dataset.loc, e);
  }
  const key = `${S.match}/${S.state.title.id}`;
  if (S.mapKey !== key || !S.vb) { S.vb = openingView(full); S.mapKey = key; }
  applyVB();
  const reach = svgEl("g", { id: "reach", "pointer-events": "none" });  // under hexsides and roads
  const hexes = svg.querySelector("g.hexes");
  if (hexes) hexes.after(reach); else svg.prepend(reach);
  svg.append(svgEl("g", { id: "paths", "pointer-events": "none" }));
  svg.append(svgEl("g", { id: "units" }));
  svg.append(svgEl("g", { id: "ov", "pointer-events": "none" }));
}

// The first view of a match: counters readable (COUNTER_PX wide) and hex numbers with them,
// where most of the seat's own units are (or, none on the map yet, anyone's), the screen filled with map; a map small enough
// to show whole at that size is shown whole.
function openingView(full) {
  const box = $("map").getBoundingClientRect();
  if (!box.width || !box.height) return { ...full };
  const px = COUNTER_PX[S.state.title.topology] || COUNTER_PX.hex;
  if (Math.min(box.width / full.w, box.height / full.h) >= px) return { ...full };
  const w = Math.min(full.w, box.width / px), h = Math.min(full.h, box.height / px);
  const placed = S.state.view.units.filter((u) => S.locEl.has(u.loc) && !String(u.loc).startsWith("box:"));
  const own = placed.filter((u) => u.side === S.state.seat.as);
  const mine = [...new Set((own.length ? own : placed).map((u) => u.loc))].map(centre).filter(Boolean);
  // the view's shape is the screen's, so no margin shows beside the map
  const vw = h < box.height / px ? h * box.width / box.height : w;
  const vh = h < box.height / px ? h : w * box.height / box.width;
  // the window that holds most of the places they stand in, centred on what it holds
  let best = { n: -1, x: full.x + full.w / 2, y: full.y + full.h / 2 };
  for (const c of mine) {
    const near = mine.filter((o) => Math.abs(o.x - c.x) < vw / 2 && Math.abs(o.y - c.y) < vh / 2);
    if (near.length > best.n) {
      best = { n: near.length, x: near.reduce((t, o) => t + o.x, 0) / near.length, y: near.reduce((t, o) => t + o.y, 0) / near.length };
    }
  }
  const cx = best.x, cy = best.y;
  const within = (v, lo, span, size) => Math.max(lo, Math.min(v, lo + span - size));
  return { x: within(cx - vw / 2, full.x, full.w, vw), y: within(cy - vh / 2, full.y, full.h, vh), w: vw, h: vh };
}

function centre(loc) {
  let c = S.centres.get(loc);
  if (!c) {
    const e = S.locEl.get(loc);
    if (!e) return null;
    const b = e.getBBox();
    c = { x: b.x + b.width / 2, y: b.y + b.height / 2 };
    S.centres.set(loc, c);
  }
  return c;
}

function applyVB() {
  const v = S.vb;
  S.svg.setAttribute("viewBox", `${v.x} ${v.y} ${v.w} ${v.h}`);
}

function zoom(k, cx, cy) {
  const v = S.vb, f = S.full;
  const w = Math.min(Math.max(v.w * k, f.w / 60), f.w * 2);
  k = w / v.w;
  const p = cx === undefined ? { x: v.x + v.w / 2, y: v.y + v.h / 2 } : toSvg(cx, cy);
  v.x = p.x - (p.x - v.x) * k;
  v.y = p.y - (p.y - v.y) * k;
  v.w *= k;
  v.h *= k;
  applyVB();
}

function toSvg(cx, cy) {
  const pt = S.svg.createSVGPoint();
  pt.x = cx;
  pt.y = cy;
  return pt.matrixTransform(S.svg.getScreenCTM().inverse());
}

function pick(cx, cy) {
  let unit = null, loc = null, badge = null;
  for (const e of document.elementsFromPoint(cx, cy)) {
    if (!e.dataset) continue;
    if (!unit && !loc && e.dataset.badge) badge = e.dataset.badge;
    if (!unit && e.dataset.unit) unit = e.dataset.unit;
    if (!loc && e.dataset.loc) loc = e.dataset.loc;
  }
  if (unit && S.units.has(unit)) loc = S.units.get(unit).loc;
  return { unit, loc, badge };
}

function setupMap() {
  const map = $("map");
  let drag = null;
  map.addEventListener("wheel", (e) => {
    if (!S.svg) return;
    e.preventDefault();
    zoom(Math.exp(e.deltaY * 0.0015), e.clientX, e.clientY);
  }, { passive: false });
  map.addEventListener("pointerdown", (e) => {
    if (!S.svg || e.button !== 0) return;
    drag = { x: e.clientX, y: e.clientY, vb: { ...S.vb }, moved: false, scale: 1 / S.svg.getScreenCTM().a };
    map.setPointerCapture(e.pointerId);
  });
  map.addEventListener("pointermove", (e) => {
    if (drag) {
      const dx = e.clientX - drag.x, dy = e.clientY - drag.y;
      if (!drag.moved && Math.hypot(dx, dy) > 4) { drag.moved = true; map.classList.add("dragging"); }
      if (drag.moved) {
        S.vb.x = drag.vb.x - dx * drag.scale;
        S.vb.y = drag.vb.y - dy * drag.scale;
        applyVB();
      }
      return;
    }
    hover(e.clientX, e.clientY);
  });
  map.addEventListener("pointerup", (e) => {
    const was = drag;
    drag = null;
    map.classList.remove("dragging");
    if (was && !was.moved) {
      const { unit, loc, badge } = pick(e.clientX, e.clientY);
      if (badge) expand(badge);
      else if (loc) clickAt(loc, unit);
    }
  });
  map.addEventListener("pointerleave", () => { $("hover").hidden = true; });
  for (const b of document.querySelectorAll("#zoom [data-zoom]")) {
    b.addEventListener("click", () => {
      if (!S.svg) return;
      if (b.dataset.zoom === "fit") { S.vb = { ...S.full }; applyVB(); } else zoom(b.dataset.zoom === "in" ? 0.7 : 1.4);
    });
  }
  $("show-ids").addEventListener("change", (e) => { S.ids = e.target.checked; S.idsChosen = true; guard(refresh); });
}

let hoverFrame = 0;
function hover(cx, cy) {
  cancelAnimationFrame(hoverFrame);
  hoverFrame = requestAnimationFrame(() => {
    const { loc } = pick(cx, cy);
    const box = $("hover");
    if (!loc) { box.hidden = true; drawPath(null); return; }
    const all = (S.at.get(loc) || []).map(unitText);
    const here = all.length > 6 ? [...all.slice(0, 5), `\u2026 and ${all.length - 5} more units`] : all;
    const lines = [loc, ...here];
    const opts = S.sel ? S.targets.get(loc)
      : placeChoices().filter((c) => choiceLoc(c) === loc).map((c) => ({ action: c.action, label: c.action }));
    if (opts && opts.length) {
      const move = opts.find((o) => o.path);
      drawPath(move ? move.path : null);
      lines.push(...opts.map((o) => (o.cost !== undefined && o.cost !== null ? `${o.label}: ${fmt(o.cost)} MP` : o.label)));
    } else drawPath(null);
    box.replaceChildren(...lines.map((t, i) => el("div", i ? {} : { style: "font-weight:bold" }, t)));
    box.hidden = false;
  });
}

// ------------------------------------------------------------------ overlays

function svgEl(tag, attrs, text) {
  const e = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

function ring(g, loc, colour, label, width) {
  const c = centre(loc);
  if (!c) return;
  g.append(svgEl("circle", {
    cx: c.x, cy: c.y, r: 0.62, fill: colour, "fill-opacity": 0.22, stroke: colour, "stroke-width": width || 0.08,
  }));
  if (label !== undefined && label !== null && label !== "") {
    g.append(svgEl("text", {
      x: c.x, y: c.y - 0.72, "font-size": 0.36, "text-anchor": "middle", "font-weight": "bold",
      fill: colour, stroke: "#fff", "stroke-width": 0.08, "paint-order": "stroke",
    }, String(label)));
  }
}

// a place the selected units may move to: the hex tinted, its cost in the middle (a ring on a
// point-to-point map, whose places are dots)
function tint(g, loc, colour, label) {
  const e = S.locEl.get(loc), c = centre(loc);
  if (!c) return;
  if (!e || !e.classList.contains("hex")) { ring(g, loc, colour, label); return; }
  S.svg.querySelector("#reach").append(svgEl("polygon", {
    points: e.getAttribute("points"), fill: colour, "fill-opacity": 0.3, stroke: colour, "stroke-width": 0.04,
    class: "reach",
  }));
  if (label !== undefined && label !== null && label !== "") {
    // mid-hex, clear of names below and city symbols; above a stack standing there
    const y = S.at.has(loc) ? c.y - 0.66 : c.y - 0.15;
    g.append(svgEl("text", {
      x: c.x, y, "font-size": 0.34, "text-anchor": "middle", "dominant-baseline": "central",
      "font-weight": "bold", fill: "#1b5e20", stroke: "#fff", "stroke-width": 0.08, "paint-order": "stroke",
    }, String(label)));
  }
}

// a path under the counters (the mover's own values stay readable), above the map
function drawPath(locs) {
  if (!S.svg) return;
  const ov = S.svg.querySelector("#paths");
  let g = ov && ov.querySelector("#path");
  if (g) g.remove();
  if (!locs || locs.length < 2 || !ov) return;
  const pts = locs.map(centre).filter(Boolean).map((c) => `${c.x},${c.y}`).join(" ");
  g = svgEl("g", { id: "path" });
  g.append(svgEl("polyline", {
    points: pts, fill: "none", stroke: "#ff00aa", "stroke-width": 0.14, "stroke-linejoin": "round",
    "stroke-linecap": "round", "stroke-dasharray": "0.3 0.15",
  }));
  ov.append(g);
}

// ------------------------------------------------------------------ counters, control, markers

// a colour part way to another ("#rrggbb"), as wargame.render tints a symbol's frame
function mix(a, b, t) {
  const rgb = (c) => [1, 3, 5].map((i) => parseInt(c.slice(i, i + 2), 16));
  const [p, q] = [rgb(a), rgb(b)];
  if (p.some(Number.isNaN) || q.some(Number.isNaN)) return a;
  return "#" + p.map((v, i) => Math.round(v + (q[i] - v) * t).toString(16).padStart(2, "0")).join("");
}

const fitSize = (text, size, width) => Math.min(size, width / (0.62 * Math.max(text.length, 1)));

function counterEl(u, x, y, size, colour) {
  const g = svgEl("g", { class: "unit" });
  if (u.hidden) {
    const r = svgEl("rect", {
      x: x - size / 2, y: y - size / 2, width: size, height: size, fill: colour, stroke: "#222", "stroke-width": 0.04,
      class: "counter hidden", "data-side": u.side,
    });
    r.append(svgEl("title", {}, `${sideName(u.side)} unit (concealed)`));
    g.append(r, svgEl("text", {
      x, y, "font-size": 0.55, "font-weight": "bold", "text-anchor": "middle", "dominant-baseline": "central",
    }, "?"));
    return g;
  }
  const values = (S.state.counters || {})[u.id] ?? "";
  const r = svgEl("rect", {
    x: x - size / 2, y: y - size / 2, width: size, height: size, fill: colour, stroke: "#222", "stroke-width": 0.04,
    class: "counter", "data-unit": u.id, "data-side": u.side,
  });
  r.append(svgEl("title", {}, `${u.name || u.id} (${u.id}) ${values}`));
  g.append(r);
  if (u.step) {  // a reduced unit: a white band along the bottom, as on a flipped counter
    g.append(svgEl("rect", {
      x: x - size * 0.48, y: y + size * 0.36, width: size * 0.96, height: size * 0.12, fill: "#fff", class: "reduced",
    }));
  }
  const w = size * 0.92;
  const symbol = u.type && S.svg.querySelector(`defs [id="symbol-${CSS.escape(u.type)}"]`);
  // as wargame.render draws a counter: with a NATO symbol, designation above it, values below
  const at = symbol
    ? { id: [y - size * 0.37, fitSize(u.id, 0.16, w)], values: [y + size * 0.3, fitSize(values, 0.27, size * 0.7)],
      marks: [x + size * 0.46, y + size * 0.3, 0.15, "end"] }
    : { id: [y - size * 0.28, fitSize(u.id, 0.2, w)], values: [y + size * 0.12, fitSize(values, 0.32, w)],
      marks: [x, y + size * 0.38, 0.2, "middle"] };
  if (symbol) {
    g.append(svgEl("use", {
      href: `#${symbol.id}`, transform: `translate(${x} ${y - size * 0.05}) scale(${size})`,
      color: mix(colour, "#ffffff", 0.55), class: "unit-symbol", "data-type": u.type,
    }));
  }
  g.append(svgEl("text", {
    x, y: at.id[0], "font-size": at.id[1], "text-anchor": "middle", "dominant-baseline": "central",
    class: "counter-id",
  }, u.id));
  g.append(svgEl("text", {
    x, y: at.values[0], "font-size": at.values[1], "font-weight": "bold", "text-anchor": "middle",
    "dominant-baseline": "central", class: "counter-values",
  }, values));
  const marks = Object.values(u.markers || {}).map((m) => m.mark).join("");
  if (marks) {  // declared unit markers (wargame.markers): Disrupted, out of supply...
    const m = svgEl("text", {
      x: at.marks[0], y: at.marks[1], "font-size": at.marks[2], "font-weight": "bold", "text-anchor": at.marks[3],
      "dominant-baseline": "central", class: "counter-marks",
    }, marks);
    m.append(svgEl("title", {}, Object.values(u.markers).map((x) => x.name).join(", ")));
    g.append(m);
  }
  return g;
}

// Counters from the view as wargame.render draws them: a stack is a short diagonal pile with a
// count badge; an expanded stack (click it) lays its units out side by side.
function drawUnits() {
  const layer = S.svg && S.svg.querySelector("#units");
  if (!layer) return;
  const hexes = S.state.title.topology !== "network";
  const colours = S.state.title.colors || {};
  const size = hexes ? 1 : 0.9, step = 0.08;
  const out = [];
  let open = null;
  // each stack as the server orders it (the strongest on top, as wargame.render draws it)
  const stacks = new Map(), all = S.state.view.units, info = S.state.stacks || {};
  for (const [loc, st] of Object.entries(info)) {
    if (S.locEl.has(loc)) stacks.set(loc, st.order.map((i) => all[i]));
  }
  for (const [loc, units] of stacks) {
    const c = centre(loc);
    if (!c) continue;
    let cx = c.x, cy = c.y;
    if (loc.startsWith("box:")) cy += 0.15; else if (hexes) cy -= 0.08; else cx += 0.95;
    const n = units.length, shown = Math.min(n, 4) - 1;
    const g = svgEl("g", { class: "stack" });
    if (S.expanded === loc && n > 1) {
      const cols = Math.min(n, 6), gap = size * 1.08, rows = Math.ceil(n / cols);
      g.append(svgEl("rect", {
        x: cx - (cols * gap) / 2 - 0.1, y: cy - size / 2 - 0.1, width: cols * gap + 0.2, height: rows * gap + 0.2,
        fill: "#fff", "fill-opacity": 0.9, stroke: "#ff00aa", "stroke-width": 0.05, rx: 0.12, class: "stack-open",
        "data-loc": loc,
      }));
      units.forEach((u, i) => {
        const row = Math.floor(i / cols), inRow = Math.min(n - row * cols, cols);
        const x = cx + ((i % cols) - (inRow - 1) / 2) * gap, y = cy + row * gap;
        g.append(counterEl(u, x, y, size, colours[u.side] || "#ccc"));
      });
      open = g;
      continue;
    }
    units.forEach((u, level) => {
      const k = Math.min(level, shown) - shown / 2;
      g.append(counterEl(u, cx + step * k, cy - step * k, size, colours[u.side] || "#ccc"));
    });
    if (n > 1) {  // the count and the strength this side can see: "3\u00b712+?"
      const top = Math.min(n - 1, shown) - shown / 2;
      const text = (info[loc] && info[loc].badge) || String(n);
      const w = Math.max(0.36, 0.2 * 0.6 * text.length + 0.12);
      const bx = cx + step * top + size / 2 - w / 2 + 0.18, by = cy - step * top - size / 2;
      const badge = svgEl("rect", {
        x: bx - w / 2, y: by - 0.15, width: w, height: 0.3, rx: 0.06, fill: "#fff", stroke: "#222",
        "stroke-width": 0.04, class: "stack-count", "data-loc": loc, "data-badge": loc,
      });
      badge.append(svgEl("title", {}, `${(info[loc] && info[loc].tip) || `${n} units`}: click to spread them out`));
      g.append(badge, svgEl("text", {
        x: bx, y: by, "font-size": 0.2, "font-weight": "bold", "text-anchor": "middle", "dominant-baseline": "central",
        class: "stack-text",
      }, text));
    }
    out.push(g);
  }
  const control = S.state.view.control || {};
  for (const loc of Object.keys(control).sort()) {
    const c = S.locEl.has(loc) && !loc.startsWith("box:") ? centre(loc) : null;
    if (!c) continue;
    const r = svgEl("rect", {
      x: c.x + (hexes ? 0.62 : -0.45) - 0.1, y: c.y + 0.2, width: 0.2, height: 0.2,
      fill: colours[control[loc]] || "#ccc", stroke: "#222", "stroke-width": 0.04, class: "control", "data-loc": loc,
    });
    r.append(svgEl("title", {}, `${sideName(control[loc])} control`));
    out.unshift(r);
  }
  const markers = S.state.view.markers || {}, perLoc = new Map();
  for (const key of Object.keys(markers).sort()) {
    const m = markers[key];
    const loc = m && (m.loc || m.at || m.hex);
    const c = typeof loc === "string" && S.locEl.has(loc) ? centre(loc) : null;
    if (!c) continue;
    const kind = String(m.type || m.kind || key), n = perLoc.get(loc) || 0;
    perLoc.set(loc, n + 1);
    const mx = hexes ? c.x - 0.55 + 0.3 * n : c.x - 0.5 - 0.3 * n, my = hexes ? c.y + 0.42 : c.y + 0.35;
    const dot = svgEl("circle", {
      cx: mx, cy: my, r: 0.17, fill: (m.side && colours[m.side]) || "#ffd54a", stroke: "#222", "stroke-width": 0.03,
      class: "marker", "data-marker": key,
    });
    dot.append(svgEl("title", {}, markerTip(kind, m)));
    // a value the seat may see (a revealed marker's, or its own face-down one's) is the label
    const label = m.value !== undefined && m.value !== null ? String(m.value) : kind.slice(0, 1).toUpperCase();
    out.push(dot, svgEl("text", {
      x: mx, y: my, "font-size": 0.22, "font-weight": "bold", "text-anchor": "middle", "dominant-baseline": "central",
      class: "marker-label", "data-marker": key,
    }, label));
  }
  if (open) out.push(open);
  layer.replaceChildren(...out);
}

function markerTip(kind, m) {
  const words = [kind.replace(/-/g, " ") + (m.number !== undefined ? ` ${m.number}` : "")];
  if (m.side) words.push(`(${sideName(m.side)})`);
  if (m.value !== undefined && m.value !== null) {
    words.push(`: ${m.value}` + (m.face_down ? " (face down: the other side sees no value)" : ""));
  }
  return words.join(" ").replace(" :", ":");
}

function expand(loc) {
  S.expanded = S.expanded === loc ? null : loc;
  drawUnits();
  decorate();
}

function decorate() {
  if (!S.svg) return;
  const ov = S.svg.querySelector("#ov");
  ov.replaceChildren();
  S.svg.querySelector("#reach").replaceChildren();
  for (const r of S.svg.querySelectorAll(".counter.sel, .counter.mover")) r.classList.remove("sel", "mover");
  const L = S.legal;
  if (!L) return;
  for (const [uid] of S.units) {
    if (selectable(uid).length) {
      const r = S.svg.querySelector(`.counter[data-unit="${CSS.escape(uid)}"]`);
      if (r) r.classList.add("mover");
    }
  }
  if (S.sel) {
    for (const uid of S.sel.units) {
      const r = S.svg.querySelector(`.counter[data-unit="${CSS.escape(uid)}"]`);
      if (r) r.classList.add("sel");
    }
    for (const [loc, opts] of S.targets) {
      const move = opts.find((o) => o.cost !== undefined && o.cost !== null);
      const over = opts.find((o) => o.overrun);
      const column = over && (priced(over.option).column ?? "\u2026");
      if (over) ring(ov, loc, "#c62828", column, isActive("overruns", loc) ? 0.2 : 0.08);
      else if (move) tint(ov, loc, "#2e8b57", fmt(move.cost));
      else ring(ov, loc, "#2e6cc2", "");
    }
  }
  const places = placeChoices();
  if (!S.sel && places.length <= RING_LIMIT) {
    for (const c of places) ring(ov, choiceLoc(c), "#2e6cc2", "");
  }
  for (const [key, t] of Object.entries(L.attacks)) {
    const best = t.options[0];
    const active = isActive("attacks", key);
    for (const loc of t.targets) ring(ov, loc, "#c62828", best ? best.column : "", active ? 0.2 : 0.08);
    if (active) {
      const from = new Set();
      for (const o of t.options) for (const a of o.attackers) { const u = S.units.get(a); if (u) from.add(u.loc); }
      for (const loc of from) ring(ov, loc, "#ef6c00");
    }
  }
  if (S.attack && S.attack.kind === "overruns") {  // the launch locations
    if (!S.sel) ring(ov, S.attack.key, "#c62828", "", 0.2);
    for (const loc of new Set(battleOptions(S.attack).map((o) => o.via[o.via.length - 1]))) ring(ov, loc, "#ef6c00");
  }
}

const isActive = (kind, key) => Boolean(S.attack && S.attack.kind === kind && S.attack.key === key);

// The options of an attack or overrun panel: {kind: "attacks" | "overruns", key: target,
// units: the selected units (only their overruns) or null}.
function battleOptions(a) {
  const t = a && S.legal && S.legal[a.kind] && S.legal[a.kind][a.key];
  if (!t) return [];
  if (!a.units) return t.options;
  const want = [...a.units].sort().join(",");
  return t.options.filter((o) => [...o.attackers].sort().join(",") === want);
}

// ------------------------------------------------------------------ selection

function choiceLoc(c) {
  if (!c.locs.length) return null;
  return c.action.split(/\s+/).includes("with") ? c.locs[0] : c.locs[c.locs.length - 1];
}

// choices that name places but no unit (a marker's hex): made by clicking the place
function placeChoices() {
  return S.legal ? S.legal.choices.filter((c) => !c.units.length && c.locs.length) : [];
}

function selectable(uid) {
  const L = S.legal;
  if (!L) return [];
  const keys = Object.keys(L.moves).filter((k) => L.moves[k].units.includes(uid));
  for (const k of Object.keys(L.actors || {})) {  // who may act through other verbs (rail...)
    if (k.split(",").includes(uid) && !keys.includes(k) && !S.loaded.has(k)) keys.push(k);
  }
  keys.sort((a, b) => a.split(",").length - b.split(",").length);
  for (const t of Object.values(L.overruns || {})) {
    for (const o of t.options) {
      const k = o.attackers.join(",");
      if (o.attackers.includes(uid) && !keys.includes(k)) keys.push(k);
    }
  }
  if (!keys.includes(uid) && L.choices.some((c) => c.units.includes(uid) && c.locs.length)) keys.unshift(uid);
  return keys;
}

function computeTargets() {
  S.targets = new Map();
  const L = S.legal;
  if (!L || !S.sel) return;
  const add = (loc, o) => { if (!S.targets.has(loc)) S.targets.set(loc, []); S.targets.get(loc).push(o); };
  const group = L.moves[S.sel.key];
  if (group && group.destinations) {
    for (const [loc, d] of Object.entries(group.destinations)) {
      add(loc, { action: d.action, cost: d.cost, path: d.path, label: `move to ${loc}` });
    }
  }
  for (const c of L.choices) {
    if (!c.units.some((u) => S.sel.units.includes(u))) continue;
    const loc = choiceLoc(c);
    if (loc) add(loc, { action: c.action, label: c.action, locs: c.locs });
  }
  const first = [];
  for (const target of Object.keys(L.overruns || {})) {
    const opts = battleOptions({ kind: "overruns", key: target, units: S.sel.units });
    if (opts.length) {
      const o = opts[0];
      first.push(o);
      add(target, { overrun: true, option: o, action: o.action, label: "overrun: click for the odds", path: [...o.via, target] });
    }
  }
  price(first);
}

// Odds the legal actions leave pending (an overrun's: pricing one moves its units first), asked
// for when they are shown; forgotten with every new list of legal actions.
function priced(o) {
  return (o.pending && S.priced.get(o.action)) || o;
}

async function price(options) {
  const want = options.filter((o) => o.pending && !S.priced.has(o.action));
  if (!want.length) return;
  for (const o of want) S.priced.set(o.action, null);  // asked: not again
  const legal = S.legal;
  const found = await Promise.all(want.map((o) => api("POST", matchPath("preview"), { action: o.action }).catch(() => null)));
  if (legal !== S.legal) return;
  want.forEach((o, i) => { if (found[i]) S.priced.set(o.action, found[i]); });
  renderAttack();
  decorate();
}

// A click that comes while a selected unit's actions load waits for them (clickAt): else its
// destinations are not known yet and the click would drop the selection.
async function select(key) {
  S.sel = key ? { key, units: key.split(",") } : null;
  S.attack = null;
  const load = key ? loadActor(key) : null;
  S.selecting = load;
  if (load) await load;
  if (S.selecting === load) S.selecting = null;
  computeTargets();
  renderPanels();
  decorate();
}

// One actor's actions (a unit's or a stack's destinations with costs and paths, its overruns,
// its other choices), asked for once per decision and merged into S.legal.
async function loadActor(key) {
  const L = S.legal;
  if (!L || !L.lazy || S.loaded.has(key)) return;
  S.loaded.add(key);
  let got;
  try {
    got = await api("GET", matchPath(`choices?actor=${encodeURIComponent(key)}`));
  } catch (e) {
    S.loaded.delete(key);
    toast(e.message);
    return;
  }
  if (L !== S.legal || got.version !== S.version) return;
  for (const [k, g] of Object.entries(got.moves)) L.moves[k] = g;
  if (L.moves[key] && L.moves[key].destinations === null) delete L.moves[key];  // none after all
  for (const [target, t] of Object.entries(got.overruns)) {
    const have = L.overruns[target] || (L.overruns[target] = { targets: t.targets, options: [] });
    const seen = new Set(have.options.map((o) => o.action));
    for (const o of t.options) if (!seen.has(o.action)) have.options.push(o);
  }
  const seen = new Set(L.choices.map((c) => c.action));
  for (const c of got.choices) if (!seen.has(c.action)) L.choices.push(c);
}

function clickAt(loc, uid) {
  if (S.busy) return;
  if (S.selecting) { S.selecting.then(() => clickAt(loc, uid)); return; }
  if (S.expanded && loc !== S.expanded) { S.expanded = null; drawUnits(); decorate(); }
  const many = (S.at.get(loc) || []).length > 1 && S.expanded !== loc;
  if (!S.legal) {
    if (many) { expand(loc); return; }
    if (S.state && !S.state.yours) toast("not your decision now", true);
    return;
  }
  if (S.sel) {
    const opts = S.targets.get(loc);
    if (opts && !(uid && S.sel.units.includes(uid))) {
      if (opts.some((o) => o.overrun)) { openAttack({ kind: "overruns", key: loc, units: S.sel.units }); return; }
      if (opts.length === 1) { act(opts[0].action); return; }
      showOptions(loc, opts);
      return;
    }
    if (uid && S.sel.units.includes(uid)) {
      const keys = selectable(uid);
      const next = keys[(keys.indexOf(S.sel.key) + 1) % keys.length];
      select(next === S.sel.key ? null : next);
      return;
    }
  }
  const key = Object.keys(S.legal.attacks).find((k) => S.legal.attacks[k].targets.includes(loc));
  if (key) { openAttack({ kind: "attacks", key, units: null }); return; }
  if ((S.legal.overruns || {})[loc]) { openAttack({ kind: "overruns", key: loc, units: null }); return; }
  const here = placeChoices().filter((c) => choiceLoc(c) === loc);
  if (here.length === 1) { act(here[0].action); return; }
  if (here.length > 1) {
    select(null);
    $("panel-select").hidden = false;
    $("select-text").textContent = "";
    showOptions(loc, here.map((c) => ({ action: c.action, locs: c.locs })));
    return;
  }
  const candidates = uid ? [uid] : (S.at.get(loc) || []).map((u) => u.id).filter(Boolean);
  for (const id of candidates) {
    const keys = selectable(id);
    if (keys.length) { select(keys[0]); return; }
  }
  if (many) { expand(loc); return; }
  select(null);
}

function showOptions(loc, opts) {
  const box = $("select-choices");
  box.replaceChildren(el("div", {}, `At ${loc}:`), ...opts.map((o) => choiceButton(o.action, o.locs || o.path)));
}

function choiceButton(action, locs) {
  const b = el("button", { type: "button", class: action === "end" ? "end" : "" }, action);
  b.addEventListener("click", () => act(action));
  if (locs && locs.length) {
    b.addEventListener("mouseenter", () => drawPath(locs.length > 1 ? locs : [locs[0], locs[0]]));
    b.addEventListener("mouseleave", () => drawPath(null));
  }
  return b;
}

// a choice that fights a battle its title prices (Dark Crusade's "fight POINT": each side's
// fire, how it is made and the hits of every roll, DC 13.B.2) with an odds button beside it
function pricedChoice(c) {
  const out = el("div", { class: "choice-odds" });
  const q = el("button", { type: "button", class: "odds-button", title: "the battle's fire or odds, before it is fought" }, "odds");
  q.addEventListener("click", () => guard(async () => {
    out.replaceChildren(...oddsBlock(await api("POST", matchPath("preview"), { action: c.action })));
  }));
  return el("span", { class: "priced-choice" }, choiceButton(c.action, c.locs), q, out);
}

// ------------------------------------------------------------------ panels

function renderPanels() {
  const st = S.state, L = S.legal, d = st.view.decision;
  const text = $("decision-text");
  const glob = $("global-choices");
  glob.replaceChildren();
  if (st.view.outcome) {
    text.replaceChildren(el("div", {}, `Game over. ${st.view.outcome.text || ""}`));
    if (st.seed !== null && st.seed !== undefined) {  // revealed by the server at the end
      text.append(el("div", { id: "seed-reveal" }, "The dice came from seed ", el("b", {}, String(st.seed)),
        ": Save downloads the game, and ", el("code", {}, "wargame replay FILE --verify"),
        " replays every roll from that seed and checks it."));
    }
  }
  else if (!d) text.textContent = "";
  else if (!L && st.yours) text.textContent = `${sideName(d.side)}: ${d.prompt || d.kind} (loading the choices\u2026)`;
  else if (!L) text.textContent = `Waiting for ${sideName(d.side)}: ${d.prompt || d.kind}.`;
  else {
    const n = L.count;
    text.replaceChildren(
      el("div", {}, el("b", {}, `${sideName(d.side)}: ${d.prompt || d.kind}`)),
      el("div", {}, hint(L)),
    );
    const few = L.choices.length <= 24;
    for (const c of L.choices) {
      if (few || (!c.units.length && !c.locs.length)) glob.append(c.priced ? pricedChoice(c) : choiceButton(c.action, c.locs));
    }
    const none = L.lazy
      ? !Object.keys(L.actors || {}).length && !L.choices.length && !Object.keys(L.attacks).length
      : !n;
    if (none) text.append(el("div", { class: "error" }, "no legal action: report this"));
  }
  // selection
  const sp = $("panel-select");
  sp.hidden = !S.sel;
  if (S.sel) {
    const units = S.sel.units.map((u) => S.units.get(u)).filter(Boolean);
    const group = L && L.moves[S.sel.key];
    const parts = [el("div", {}, units.map(unitText).join("; "))];
    if (units.length) parts.push(el("div", {}, `at ${units[0].loc}`));
    if (group && group.destinations) {
      const n = `${Object.keys(group.destinations).length} destinations`;
      parts.push(el("div", {}, group.left === null ? n : `${fmt(group.left)} MP left, ${n}`));
    }
    const keys = selectable(S.sel.units[0]);
    if (keys.length > 1) {
      parts.push(el("div", {}, ...keys.map((k) => {
        const b = el("button", { type: "button" }, k.includes(",") ? `stack of ${k.split(",").length}` : k);
        b.disabled = k === S.sel.key;
        b.addEventListener("click", () => select(k));
        return b;
      })));
    }
    $("select-text").replaceChildren(...parts);
    const others = L ? L.choices.filter((c) => c.units.some((u) => S.sel.units.includes(u))) : [];
    $("select-choices").replaceChildren(...others.slice(0, 60).map((c) => choiceButton(c.action, c.locs)));
  }
  renderAttack();
  // every choice, and a typed action
  const more = $("panel-more");
  more.hidden = !L;
  if (L) {
    const n = S.every ? S.every.count : L.count;
    $("more-summary").textContent = n === null ? "All choices" : `All choices (${n})`;
    renderMore();
  }
}

function hint(L) {
  const parts = [];
  const movers = Object.keys(L.moves).length;
  const hexes = S.state.title.topology !== "network";
  if (movers) parts.push(`click a unit with a green edge, then a ${hexes ? "tinted hex" : "ringed place"} to move there`);
  if (Object.keys(L.attacks).length) parts.push("click a red-ringed enemy to see the odds and attack");
  if (Object.keys(L.overruns || {}).length) parts.push("a unit that may overrun rings its targets in red: click one for the odds");
  const picks = L.choices.filter((c) => c.units.length).length;
  if (picks && !movers) parts.push("click a unit to see its choices");
  const places = placeChoices();
  if (places.length) {
    const verbs = [...new Set(places.map((c) => c.verb))].join(", ");
    parts.push(`click a ${places.length <= RING_LIMIT ? "ringed " : ""}place to ${verbs} there`);
  }
  return parts.join("; ");
}

function allActions() {
  const L = S.every || S.legal;
  const out = [];
  for (const g of Object.values(L.moves)) for (const d of Object.values(g.destinations || {})) out.push({ action: d.action, locs: d.path });
  for (const t of Object.values(L.attacks)) for (const o of t.options) out.push({ action: o.action, locs: o.targets });
  for (const t of Object.values(L.overruns || {})) for (const o of t.options) out.push({ action: o.action, locs: [...o.via, ...o.targets] });
  for (const c of L.choices) out.push({ action: c.action, locs: c.locs });
  return out;
}

// Every legal action at once, asked for only when the list is opened.
async function loadEvery() {
  const L = S.legal;
  if (!L || !L.lazy || S.every) return;
  const got = await api("GET", matchPath("legal"));
  if (L !== S.legal || got.version !== S.version) return;
  S.every = got;
  renderPanels();
}

function renderMore() {
  const det = $("more");
  if (!det.open) { $("more-list").replaceChildren(); return; }
  if (S.legal && S.legal.lazy && !S.every) guard(loadEvery);
  const q = $("more-filter").value.trim().toLowerCase();
  const items = allActions().filter((a) => !q || a.action.toLowerCase().includes(q));
  const shown = items.slice(0, 200).map((a) => choiceButton(a.action, a.locs));
  if (items.length > 200) shown.push(el("div", {}, `\u2026 ${items.length - 200} more: filter to narrow`));
  $("more-list").replaceChildren(...shown);
}

function openAttack(a) {
  S.attack = a;
  if (!a.units) S.sel = null;
  computeTargets();
  renderPanels();
  decorate();
}

function oddsBlock(o) {
  const known = o.known;
  const head = el("div", {},
    el("span", { class: `odds${known ? "" : " unknown"}` }, o.column ?? "\u2026"),
    o.summary ? el("span", {}, o.summary) : null);
  const lines = el("ul", { class: "explain" }, ...o.explanation.map((t) => el("li", {}, t)));
  const parts = [head, lines];
  const rolls = Object.keys(o.results || {});
  if (rolls.length) {
    const names = o.codes || {};
    parts.push(el("table", { class: "results" },
      el("tr", {}, el("th", {}, o.dice || "roll"), ...rolls.map((r) => el("th", {}, r))),
      el("tr", {}, el("th", {}, "result"), ...rolls.map((r) => el("td", { title: names[o.results[r]] || "" }, o.results[r])))));
  }
  const sp = o.spread;  // untried units: the odds over the faces they may show, never the face
  if (sp) {
    const pct = (m) => Object.entries(m).map(([k, p]) => `${k} ${Math.round(p * 100)}%`).join(", ");
    parts.push(el("div", { class: "spread" },
      el("div", {}, `over the ${sp.faces} faces left${sp.exact ? "" : " (seeded draws)"}: `, el("b", {}, pct(sp.columns))),
      el("div", {}, `results: ${pct(sp.results)}`)));
  } else if (o.spread_pending) {
    const out = el("div", {});
    const b = el("button", { type: "button" }, "Odds over the faces left");
    b.addEventListener("click", () => guard(async () => {
      out.replaceChildren(...oddsBlock(await api("POST", matchPath("preview"), { action: o.action })));
      b.remove();
    }));
    parts.push(b, out);
  }
  return parts;
}

const OPTION_LIMIT = 40;  // more options than this: select a unit to narrow an overrun's

function renderAttack() {
  const panel = $("panel-attack");
  const a = S.attack;
  const opts = battleOptions(a).map(priced);
  price(opts.slice(0, OPTION_LIMIT));
  panel.hidden = !opts.length;
  if (!opts.length) return;
  const overrun = a.kind === "overruns";
  $("attack-kind").textContent = overrun ? "Overrun" : "Attack";
  $("attack-target").textContent = S.legal[a.kind][a.key].targets.join(", ");
  const defenders = opts[0].defenders;
  const rows = [el("div", {}, "Defending: " + defenders.map((id) => {
    const u = S.units.get(id);
    return u ? unitText(u) : id;
  }).join("; "))];
  for (const o of opts.slice(0, OPTION_LIMIT)) {
    const b = el("button", { type: "button", class: "primary" }, overrun ? "Overrun" : "Attack");
    b.addEventListener("click", () => act(o.action));
    const via = overrun ? [" via ", o.via.length > 1 ? `${o.via[0]} \u2192 ${o.via[o.via.length - 1]}` : `${o.via[0]} (no move)`] : [];
    const row = el("div", { class: "option" },
      el("div", {}, el("b", {}, "with "), o.attackers.join(", "), ...via, " ", b), ...oddsBlock(o));
    if (overrun) {
      row.addEventListener("mouseenter", () => drawPath([...o.via, a.key]));
      row.addEventListener("mouseleave", () => drawPath(null));
    }
    rows.push(row);
  }
  if (opts.length > OPTION_LIMIT) rows.push(el("div", {}, `\u2026 ${opts.length - OPTION_LIMIT} more: select a unit first`));
  $("attack-options").replaceChildren(...rows);
  // a custom choice of attackers, checked and priced by the server
  const all = [];
  if (!overrun) for (const o of opts) for (const u of o.attackers) if (!all.includes(u)) all.push(u);
  const boxes = all.map((u) => el("label", {}, el("input", { type: "checkbox", value: u, checked: "" }), ` ${u}`));
  const out = el("div", {});
  const chosen = () => boxes.map((l) => l.firstChild).filter((i) => i.checked).map((i) => i.value);
  const text = () => `attack ${a.key} with ${chosen().join(",")}`;
  const odds = el("button", { type: "button" }, "Odds");
  odds.addEventListener("click", () => guard(async () => {
    out.replaceChildren(...oddsBlock(await api("POST", matchPath("preview"), { action: text() })));
  }));
  const go = el("button", { type: "button" }, "Attack with these");
  go.addEventListener("click", () => act(text()));
  $("attack-custom").replaceChildren(all.length > 1
    ? el("details", {}, el("summary", {}, "Choose attackers"), el("div", { class: "attackers" }, ...boxes), odds, " ", go, out)
    : "");
}

// ------------------------------------------------------------------ new game, seats, save

async function loadTitles() {
  const data = await api("GET", "/api/titles");
  S.titles = data.titles;
  S.defaultTitle = data.default;
  const sel = $("start-title");
  sel.replaceChildren(...S.titles.map((t) => el("option", { value: t.id }, t.name)));
  if (S.defaultTitle) sel.value = S.defaultTitle;
  fillScenarios();
}

function fillScenarios() {
  const t = S.titles.find((x) => x.id === $("start-title").value);
  if (!t) return;
  const sc = $("start-scenario");
  sc.replaceChildren(...t.scenarios.map((s) => el("option", { value: s.id }, `${s.name} (turns ${s.first_turn}-${s.last_turn})`)));
  if (t.default_scenario) sc.value = t.default_scenario;
  $("start-sides").replaceChildren(...t.sides.map((s, i) => el("label", {},
    el("span", { style: "min-width:12em" }, s.name),
    el("select", { "data-side": s.id },
      el("option", { value: "human" }, "human"),
      el("option", i === 0 ? { value: "bot" } : { value: "bot", selected: "" }, "bot (random)")))));
}

function startChoices() {
  const seats = {};
  for (const s of document.querySelectorAll("#start-sides select")) seats[s.dataset.side] = s.value;
  const mode = document.querySelector("input[name=mode]:checked").value;
  return { mode, seats };
}

async function started(res, mode) {
  sessionStorage.setItem(`links:${res.match}`, JSON.stringify(res.seats));
  $("start").close();
  await join(res.match, res.seats[0].token, res.host);
  if (mode === "seats" && res.seats.length > 1) openLinks();
}

async function startGame(ev) {
  ev.preventDefault();
  $("start-error").textContent = "";
  const { mode, seats } = startChoices();
  const body = { title: $("start-title").value, scenario: $("start-scenario").value, mode, seats };
  const seed = $("start-seed").value.trim();
  if (seed) body.seed = Number(seed);
  S.busy = true;  // no poll's refresh beside the first one
  $("start").close();
  loading("Starting the match\u2026");
  try {
    S.token = null;
    await started(await api("POST", "/api/matches", body), mode);
  } catch (e) {
    $("start-error").textContent = e.message;
    if (!$("start").open) $("start").showModal();
  } finally {
    S.busy = false;
    loading(null);
  }
}

// A save file: its text as it is, and what the page reads from it
async function readFile(input) {
  const file = input.files[0];
  input.value = "";
  if (!file) return null;
  const text = await file.text();
  try { return { text, save: JSON.parse(text) }; } catch (e) { throw new Error(`${file.name}: not a save file (${e.message})`); }
}

function openLinks() {
  const mine = S.token;
  const stored = JSON.parse(sessionStorage.getItem(`links:${S.match}`) || "null")
    || [{ sides: S.state ? S.state.seat.sides : [], token: mine }];
  $("links-list").replaceChildren(...stored.map((s) => {
    const link = seatLink(s.token, s.token === mine);
    const input = el("input", { type: "text", readonly: "", value: link });
    const copy = el("button", { type: "button" }, "Copy");
    copy.addEventListener("click", async () => {
      input.select();
      try { await navigator.clipboard.writeText(link); toast("link copied", true); } catch (e) { document.execCommand("copy"); }
    });
    const who = s.sides.map(sideName).join(" + ") + (s.token === mine ? " (this browser)" : "");
    return el("div", { class: "link" }, el("b", {}, who), input, copy);
  }));
  $("links").showModal();
}

async function download() {
  const text = await api("GET", matchPath("save"), undefined, S.host || S.token, true);
  const body = JSON.parse(text);
  const blob = new Blob([text], { type: "application/json" });
  const a = el("a", { href: URL.createObjectURL(blob), download: `${body.title}-${body.seed}.save.json` });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

function setupControls() {
  $("start-title").addEventListener("change", fillScenarios);
  $("start-form").addEventListener("submit", startGame);
  $("start-load").addEventListener("change", (e) => guard(async () => {
    $("start-error").textContent = "";
    try {
      const file = await readFile(e.target);
      if (!file) return;
      const { mode, seats } = startChoices();
      const t = S.titles.find((x) => x.id === (file.save && file.save.title));
      const known = t ? Object.fromEntries(t.sides.map((s) => [s.id, seats[s.id] || "human"])) : undefined;
      S.token = null;
      const body = `{"save": ${file.text}, "mode": ${JSON.stringify(mode)}, "seats": ${JSON.stringify(known || null)}}`;
      loading("Starting the match from the save\u2026");
      await started(await api("POST", "/api/matches", body), mode);
    } catch (err) { $("start-error").textContent = err.message; } finally { loading(null); }
  }));
  $("btn-new").addEventListener("click", () => { $("start-error").textContent = ""; $("start").showModal(); });
  $("btn-links").addEventListener("click", () => { if (S.match) openLinks(); });
  $("btn-undo").addEventListener("click", () => guard(async () => {
    const r = await api("POST", matchPath("undo"));
    toast(`taken back: ${r.undone.join("; ")}`, true);
    S.sel = null;
    S.attack = null;
    await refresh();
  }));
  $("btn-save").addEventListener("click", () => guard(download));
  $("load-file").addEventListener("change", (e) => guard(async () => {
    const file = await readFile(e.target);
    if (!file) return;
    await api("POST", matchPath("load"), file.text, S.host || S.token);
    toast("save loaded", true);
    await refresh();
  }));
  $("more").addEventListener("toggle", renderMore);
  $("more-filter").addEventListener("input", renderMore);
  $("typed").addEventListener("submit", (e) => {
    e.preventDefault();
    const text = $("typed-action").value.trim();
    if (text) act(text, true);
  });
  document.addEventListener("keydown", (e) => {
    if (e.key === "Escape" && !document.querySelector("dialog[open]")) { S.attack = null; select(null); }
  });
  window.addEventListener("hashchange", () => {
    const h = readHash();
    if (h.m && h.s && (h.m !== S.match || h.s !== S.token)) guard(() => join(h.m, h.s, h.h));
  });
}

// another seat's moves (or a bot's) arrive by polling a version number
async function poll() {
  if (S.match && !S.busy && !document.hidden) {
    try {
      const v = await api("GET", matchPath("version"));
      if (v.version > S.version) await guard(refresh);  // an older answer: our own action overtook it
    } catch (e) { /* the next poll tries again */ }
  }
  setTimeout(poll, 1500);
}

async function boot() {
  setupMap();
  setupControls();
  keepLogDown();
  try { await loadTitles(); } catch (e) { toast(e.message); }
  const h = readHash();
  if (h.m && h.s) await guard(() => join(h.m, h.s, h.h));
  else $("start").showModal();
  poll();
}

boot();
