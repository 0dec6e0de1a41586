// The map editor's page. It edits the map document itself (plain JSON, the format the engine
// loads), so what is drawn is what is saved, and undo is a copy of the document. The server
// lays out the grid (the kernel's numbering) and checks and writes the file. No build step.
"use strict";

const $ = (id) => document.getElementById(id);
const NS = "http://www.w3.org/2000/svg";
const PAGE_KEY = (document.querySelector('meta[name="wargame-page"]') || {}).content || "";
const PX_PER_UNIT = 50;  // a background image at scale 1: this many of its pixels per hex size
const E = {
  doc: null, geo: new Map(), orientation: "flat", palette: null, file: "",
  tool: null, brush: {}, undo: [], redo: [], dirty: false,
  stroke: null, pending: null, sel: null, linkFrom: null, drag: null, pan: null,
  vb: null, poly: new Map(), pointR: 0.6, back: null,
};
const HEX_TOOLS = [["terrain", "Terrain"], ["hexside", "Hexside"], ["line", "Road/rail"],
  ["place", "Place"], ["region", "Region"], ["offmap", "Off map"]];
const POINT_TOOLS = [["point", "Point"], ["link", "Link"], ["region", "Region"]];
const PALETTE_OF = { terrain: "terrain", hexside: "hexsides", line: "lines", point: "terrain", link: "links" };
const LINE_COLOURS = { road: "#8a5a2b", rail: "#222", railway: "#222", rollbahn: "#c0392b" };
const SIDE_COLOURS = { river: "#2f6fd6", "major-river": "#1a46a8", lake: "#5aa0e6", sea: "#2a5fa8" };

async function api(method, path, body) {
  const headers = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (method !== "GET") headers["X-Wargame-Page"] = PAGE_KEY;
  const r = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const data = await r.json().catch(() => null);
  if (!r.ok) {
    const err = new Error((data && data.error) || `${r.status} ${r.statusText}`);
    err.problems = (data && data.problems) || [];
    throw err;
  }
  return data;
}

function say(text, kind) {
  $("status").textContent = text;
  $("status").className = kind || "";
}

const isHex = () => E.doc.kind === "hex-map";
const svgEl = (tag, attrs, parent) => {
  const el = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs || {})) el.setAttribute(k, v);
  if (parent) parent.appendChild(el);
  return el;
};

// ------------------------------------------------------------------ document edits

function snapshot() {
  E.undo.push(JSON.stringify(E.doc));
  if (E.undo.length > 500) E.undo.shift();
  E.redo = [];
}

function changed() {
  E.dirty = true;
  draw();
}

function hexEntry(id, create) {
  E.doc.hexes = E.doc.hexes || {};
  if (!E.doc.hexes[id] && create) E.doc.hexes[id] = {};
  return E.doc.hexes[id];
}

function tidyHex(id) {
  const h = E.doc.hexes && E.doc.hexes[id];
  if (!h) return;
  if (h.attrs && Object.keys(h.attrs).length === 0) delete h.attrs;
  if (h.features && h.features.length === 0) delete h.features;
  if (Object.keys(h).length === 0) delete E.doc.hexes[id];
}

function paintTerrain(id, terrain) {
  const h = hexEntry(id, true);
  if (terrain === (E.doc.default_terrain || "clear")) delete h.terrain; else h.terrain = terrain;
  tidyHex(id);
}

function toggleSide(a, b, feature) {
  const pair = [a, b].sort();
  E.doc.hexsides = E.doc.hexsides || [];
  const i = E.doc.hexsides.findIndex((s) => [...s.hexes].sort().join() === pair.join());
  if (i < 0) { E.doc.hexsides.push({ hexes: pair, features: [feature] }); return; }
  const side = E.doc.hexsides[i];
  const f = side.features.indexOf(feature);
  if (f < 0) side.features.push(feature); else side.features.splice(f, 1);
  if (side.features.length === 0) E.doc.hexsides.splice(i, 1);
}

function regionKey() { return isHex() ? "hexes" : "points"; }

function setMember(list, id, on) {
  const i = list.indexOf(id);
  if (on && i < 0) list.push(id);
  if (!on && i >= 0) list.splice(i, 1);
}

function setRegion(name, id, on) {
  E.doc.regions = E.doc.regions || {};
  const key = regionKey();
  const region = E.doc.regions[name] || (E.doc.regions[name] = { [key]: [] });
  region[key] = region[key] || [];
  setMember(region[key], id, on);
  if (region[key].length === 0 && Object.keys(region).length === 1) delete E.doc.regions[name];
}

function setOffMap(id, off) {
  E.doc.exclude = E.doc.exclude || [];
  setMember(E.doc.exclude, id, off);
  if (E.doc.exclude.length === 0) delete E.doc.exclude;
}

function renamePoint(old, id) {
  const pts = E.doc.points;
  pts[id] = pts[old];
  delete pts[old];
  for (const link of E.doc.links) link.points = link.points.map((p) => (p === old ? id : p));
  for (const r of Object.values(E.doc.regions || {})) if (r.points) r.points = r.points.map((p) => (p === old ? id : p));
}

function deletePoint(id) {
  delete E.doc.points[id];
  E.doc.links = E.doc.links.filter((l) => !l.points.includes(id));
  for (const name of Object.keys(E.doc.regions || {})) setRegion(name, id, false);
}

function toggleLink(a, b, cls) {
  const pair = [a, b].sort().join();
  const i = E.doc.links.findIndex((l) => [...l.points].sort().join() === pair);
  if (i < 0) E.doc.links.push({ points: [a, b], class: cls });
  else if ((E.doc.links[i].class || "major") !== cls) E.doc.links[i].class = cls;
  else E.doc.links.splice(i, 1);
}

// ------------------------------------------------------------------ geometry

function corners(x, y) {
  const start = E.orientation === "flat" ? 0 : 30;
  const out = [];
  for (let k = 0; k < 6; k++) {
    const a = (Math.PI / 180) * (start + 60 * k);
    out.push(`${(x + Math.cos(a)).toFixed(3)},${(y + Math.sin(a)).toFixed(3)}`);
  }
  return out.join(" ");
}

function sideSegment(a, b) {
  const A = E.geo.get(a), B = E.geo.get(b);
  const mx = (A.x + B.x) / 2, my = (A.y + B.y) / 2;
  const d = Math.hypot(B.x - A.x, B.y - A.y);
  const px = -(B.y - A.y) / d * 0.5, py = (B.x - A.x) / d * 0.5;
  return [mx + px, my + py, mx - px, my - py];
}

// The neighbour whose direction from the hex's centre is nearest the pointer's.
function nearestSide(id, x, y) {
  const h = E.geo.get(id);
  let best = null, bestDot = -Infinity;
  const len = Math.hypot(x - h.x, y - h.y) || 1;
  for (const n of h.n) {
    const o = E.geo.get(n);
    const d = Math.hypot(o.x - h.x, o.y - h.y);
    const dot = ((x - h.x) * (o.x - h.x) + (y - h.y) * (o.y - h.y)) / (len * d);
    if (dot > bestDot) { bestDot = dot; best = n; }
  }
  return best;
}

function mapPoint(evt) {
  const svg = $("map");
  const pt = svg.createSVGPoint();
  pt.x = evt.clientX; pt.y = evt.clientY;
  const p = pt.matrixTransform(svg.getScreenCTM().inverse());
  return [p.x, p.y];
}

function fitView() {
  let xs, ys;
  if (isHex()) {
    xs = [...E.geo.values()].map((h) => h.x); ys = [...E.geo.values()].map((h) => h.y);
  } else {
    const pts = Object.values(E.doc.points).map((p) => p.xy);
    xs = pts.map((p) => p[0]); ys = pts.map((p) => p[1]);
    if (!xs.length) { xs = [0, 40]; ys = [0, 30]; }
  }
  const pad = isHex() ? 1.2 : 3;
  const x0 = Math.min(...xs) - pad, y0 = Math.min(...ys) - pad;
  E.vb = [x0, y0, Math.max(...xs) + pad - x0, Math.max(...ys) + pad - y0];
  $("map").setAttribute("viewBox", E.vb.join(" "));
}

function pointRadius() {
  const lengths = E.doc.links.map((l) => {
    const [a, b] = l.points.map((p) => E.doc.points[p]);
    return a && b ? Math.hypot(a.xy[0] - b.xy[0], a.xy[1] - b.xy[1]) : 0;
  }).filter((d) => d > 0).sort((a, b) => a - b);
  return lengths.length ? lengths[Math.floor(lengths.length / 2)] * 0.12 : 0.6;
}

// ------------------------------------------------------------------ drawing

function draw() {
  const svg = $("map");
  svg.replaceChildren();
  const back = svgEl("g", { id: "back" }, svg);
  if (E.back) {
    svgEl("image", {
      href: E.back.href, x: E.back.x, y: E.back.y, opacity: E.back.opacity,
      width: E.back.w * E.back.scale / PX_PER_UNIT, height: E.back.h * E.back.scale / PX_PER_UNIT,
      preserveAspectRatio: "none", "pointer-events": "none",
    }, back);
  }
  if (isHex()) drawHexes(svg); else drawPoints(svg);
  $("undo").disabled = E.undo.length === 0;
  $("redo").disabled = E.redo.length === 0;
  document.title = `${E.dirty ? "* " : ""}wargame: map editor`;
  listLines();
}

function drawHexes(svg) {
  const colours = E.palette.colours;
  const off = new Set(E.doc.exclude || []);
  const hexes = E.doc.hexes || {};
  const gHex = svgEl("g", { id: "hexes", "fill-opacity": E.back ? 0.45 : 1 }, svg);
  E.poly.clear();
  for (const [id, h] of E.geo) {
    const terrain = (hexes[id] && hexes[id].terrain) || E.doc.default_terrain || "clear";
    const p = svgEl("polygon", {
      points: corners(h.x, h.y), class: `hex${off.has(id) ? " off" : ""}${E.sel === id ? " sel" : ""}`,
      fill: colours[terrain] || "#ccc", "data-id": id, "data-terrain": terrain,
    }, gHex);
    E.poly.set(id, p);
    svgEl("text", { x: h.x, y: h.y - 0.55, class: "hexid" }, gHex).textContent = id;
  }
  const region = $("regionName").value.trim();
  const members = region && E.doc.regions && E.doc.regions[region] ? E.doc.regions[region].hexes || [] : [];
  if (E.tool === "region") {
    for (const id of members) if (E.geo.has(id)) {
      const h = E.geo.get(id);
      svgEl("circle", { cx: h.x, cy: h.y, r: 0.35, class: "region", "data-region": id }, svg);
    }
  }
  for (const side of E.doc.hexsides || []) {
    const [a, b] = side.hexes;
    if (!E.geo.has(a) || !E.geo.has(b)) continue;
    const [x1, y1, x2, y2] = sideSegment(a, b);
    side.features.forEach((f, k) => svgEl("line", {
      x1, y1, x2, y2, class: "side", "data-side": `${a}-${b}`, "data-feature": f,
      stroke: SIDE_COLOURS[f] || "#7a3fa0", "stroke-width": 0.16 - 0.05 * k,
    }, svg));
  }
  const lines = [...(E.doc.lines || [])];
  if (E.pending) lines.push(E.pending);
  for (const line of lines) {
    const pts = line.hexes.filter((id) => E.geo.has(id)).map((id) => `${E.geo.get(id).x},${E.geo.get(id).y}`);
    svgEl("polyline", {
      points: pts.join(" "), class: "line", "data-kind": line.kind,
      stroke: LINE_COLOURS[line.kind] || "#6b4f2a", "stroke-width": line.kind.startsWith("rail") ? 0.1 : 0.16,
      "stroke-dasharray": line === E.pending ? "0.2 0.12" : "none",
    }, svg);
  }
  for (const [id, h] of Object.entries(hexes)) {
    if (!E.geo.has(id)) continue;
    const g = E.geo.get(id);
    if (h.name) svgEl("text", { x: g.x, y: g.y + 0.62, class: "name" }, svg).textContent = h.name;
    const vp = h.attrs && h.attrs.vp;
    if (vp) svgEl("text", { x: g.x, y: g.y + 0.12, class: "vp" }, svg).textContent = `${vp} VP`;
  }
}

function drawPoints(svg) {
  E.pointR = pointRadius();
  const r = E.pointR;
  for (const link of E.doc.links) {
    const [a, b] = link.points.map((p) => E.doc.points[p]);
    if (!a || !b) continue;
    svgEl("line", {
      x1: a.xy[0], y1: a.xy[1], x2: b.xy[0], y2: b.xy[1], class: `link ${link.class || "major"}`,
      "stroke-width": r * 0.25, "data-link": link.points.join("-"),
    }, svg);
  }
  const region = $("regionName").value.trim();
  const members = new Set(region && E.doc.regions && E.doc.regions[region] ? E.doc.regions[region].points || [] : []);
  for (const [id, p] of Object.entries(E.doc.points)) {
    const terrain = p.terrain || "clear";
    const sel = E.sel === id || E.linkFrom === id;
    svgEl("circle", {
      cx: p.xy[0], cy: p.xy[1], r, class: `point${sel ? " sel" : ""}`, "data-id": id,
      fill: E.palette.colours[terrain] || "#ccc", "stroke-width": r * 0.15,
    }, svg);
    if (E.tool === "region" && members.has(id)) {
      svgEl("circle", { cx: p.xy[0], cy: p.xy[1], r: r * 0.55, class: "region", "data-region": id }, svg);
    }
    const label = svgEl("text", { x: p.xy[0], y: p.xy[1] + r * 2.2, class: "name" }, svg);
    label.style.fontSize = `${r * 1.1}px`;
    label.textContent = p.name || id;
  }
}

function listLines() {
  const ol = $("lineList");
  ol.replaceChildren();
  (E.doc.lines || []).forEach((line, i) => {
    const li = document.createElement("li");
    li.textContent = `${line.kind}${line.name ? ` "${line.name}"` : ""}: ${line.hexes[0]} to ${line.hexes[line.hexes.length - 1]} (${line.hexes.length} hexes)`;
    const del = document.createElement("button");
    del.type = "button"; del.textContent = "delete";
    del.onclick = () => { snapshot(); E.doc.lines.splice(i, 1); changed(); };
    li.appendChild(del);
    ol.appendChild(li);
  });
}

// ------------------------------------------------------------------ tools and panels

function setTool(tool) {
  finishLine();
  E.tool = tool; E.sel = null; E.linkFrom = null;
  for (const input of document.querySelectorAll('#toolList input')) input.checked = input.value === tool;
  const key = PALETTE_OF[tool];
  $("paletteBox").hidden = !key;
  $("regionBox").hidden = tool !== "region";
  $("lineBox").hidden = tool !== "line";
  $("placeBox").hidden = true;
  if (key) fillPalette(key);
  draw();
}

function fillPalette(key) {
  const box = $("palette");
  box.replaceChildren();
  $("paletteTitle").textContent = { terrain: "Terrain", hexsides: "Hexside feature", lines: "Kind of line", links: "Kind of link" }[key];
  const chosen = E.brush[key] || E.palette[key][0];
  for (const name of E.palette[key]) {
    const label = document.createElement("label");
    const input = document.createElement("input");
    input.type = "radio"; input.name = "brush"; input.value = name; input.checked = name === chosen;
    input.onchange = () => { E.brush[key] = name; };
    label.appendChild(input);
    if (key === "terrain") {
      const sw = document.createElement("span");
      sw.className = "swatch"; sw.style.background = E.palette.colours[name] || "#ccc";
      label.appendChild(sw);
    }
    label.appendChild(document.createTextNode(name));
    box.appendChild(label);
  }
  E.brush[key] = chosen;
}

function addPaletteName() {
  const key = PALETTE_OF[E.tool];
  const name = $("newName").value.trim();
  if (!key || !name) return;
  if (!/^[A-Za-z0-9][A-Za-z0-9_.:/+\-]*$/.test(name)) { say(`"${name}" is not a name (letters, digits and _.:/+-)`, "bad"); return; }
  if (!E.palette[key].includes(name)) E.palette[key].push(name);
  if (key === "terrain" && !E.palette.colours[name]) E.palette.colours[name] = "#c8b8a0";
  E.brush[key] = name;
  $("newName").value = "";
  fillPalette(key);
  if (!E.palette.chart) return;
  say(`"${name}" is not in terrain.json yet: add it there too, or the title will not load`, "bad");
}

function showPlace(id) {
  E.sel = id;
  const box = $("placeBox");
  box.hidden = false;
  const entry = isHex() ? (E.doc.hexes || {})[id] || {} : E.doc.points[id];
  $("placeId").textContent = id;
  $("pointIdRow").hidden = isHex();
  $("placeDelete").hidden = isHex();
  $("placeNewId").value = id;
  $("placeName").value = entry.name || "";
  $("placeVp").value = entry.attrs && entry.attrs.vp !== undefined ? entry.attrs.vp : "";
  const sel = $("placeTerrain");
  sel.replaceChildren();
  for (const t of E.palette.terrain) {
    const o = document.createElement("option");
    o.value = t; o.textContent = t;
    sel.appendChild(o);
  }
  sel.value = entry.terrain || E.doc.default_terrain || "clear";
  $("placeFeatures").value = (entry.features || []).join(", ");
  draw();
}

function applyPlace() {
  const id = E.sel;
  if (!id) return;
  snapshot();
  let target = id;
  if (!isHex()) {
    const newId = $("placeNewId").value.trim();
    if (newId !== id) {
      if (!/^[A-Za-z0-9][A-Za-z0-9_.:/+\-]*$/.test(newId) || E.doc.points[newId]) {
        E.undo.pop();
        say(`"${newId}" is not a free point id`, "bad");
        return;
      }
      renamePoint(id, newId);
      target = newId;
    }
  }
  const entry = isHex() ? hexEntry(target, true) : E.doc.points[target];
  const name = $("placeName").value.trim();
  if (name) entry.name = name; else if (isHex()) delete entry.name; else entry.name = target;
  const vp = $("placeVp").value.trim();
  entry.attrs = entry.attrs || {};
  if (vp !== "" && Number(vp) > 0) entry.attrs.vp = Number(vp); else delete entry.attrs.vp;
  const features = $("placeFeatures").value.split(",").map((f) => f.trim()).filter(Boolean);
  if (features.length) entry.features = features; else delete entry.features;
  if (isHex()) { paintTerrain(target, $("placeTerrain").value); tidyHex(target); }
  else {
    entry.terrain = $("placeTerrain").value;
    if (Object.keys(entry.attrs).length === 0) delete entry.attrs;
  }
  E.sel = target;
  $("placeId").textContent = target;
  changed();
  say(`${target} set`, "good");
}

function finishLine() {
  if (!E.pending) return;
  if (E.pending.hexes.length >= 2) {
    snapshot();
    const name = $("lineName").value.trim();
    if (name) E.pending.name = name;
    E.doc.lines = E.doc.lines || [];
    E.doc.lines.push(E.pending);
    E.dirty = true;
    say(`${E.pending.kind} of ${E.pending.hexes.length} hexes added`, "good");
  }
  E.pending = null;
  draw();
}

function lineClick(id) {
  if (!E.pending) { E.pending = { kind: E.brush.lines, hexes: [id] }; draw(); return; }
  const last = E.pending.hexes[E.pending.hexes.length - 1];
  if (id === last) { finishLine(); return; }
  if (!E.geo.get(last).n.includes(id)) { say(`${id} is not next to ${last}: a line runs through adjacent hexes`, "bad"); return; }
  E.pending.hexes.push(id);
  draw();
}

// ------------------------------------------------------------------ the pointer

function targetId(evt) {
  const el = evt.target.closest && evt.target.closest("[data-id]");
  return el ? el.getAttribute("data-id") : null;
}

function down(evt) {
  if (evt.button === 2 || evt.shiftKey || evt.button === 1) {
    E.pan = { x: evt.clientX, y: evt.clientY, vb: [...E.vb] };
    return;
  }
  const id = targetId(evt);
  const [x, y] = mapPoint(evt);
  if (isHex()) hexDown(id, x, y); else pointDown(id, x, y);
}

function hexDown(id, x, y) {
  if (!id) return;
  if (E.tool === "line") { lineClick(id); return; }
  if (E.tool === "place") { showPlace(id); return; }
  snapshot();
  if (E.tool === "terrain") { E.stroke = { kind: "terrain" }; paintTerrain(id, E.brush.terrain); }
  else if (E.tool === "hexside") {
    const other = nearestSide(id, x, y);
    if (other) toggleSide(id, other, E.brush.hexsides); else { E.undo.pop(); return; }
  } else if (E.tool === "region") {
    const name = $("regionName").value.trim();
    if (!name) { E.undo.pop(); say("name the region first (e.g. setup:north)", "bad"); return; }
    const r = E.doc.regions && E.doc.regions[name];
    const on = !(r && (r.hexes || []).includes(id));
    E.stroke = { kind: "region", on, name };
    setRegion(name, id, on);
  } else if (E.tool === "offmap") {
    const on = !(E.doc.exclude || []).includes(id);
    E.stroke = { kind: "offmap", on };
    setOffMap(id, on);
  }
  changed();
}

function pointDown(id, x, y) {
  if (E.tool === "point") {
    snapshot();
    if (id) { E.drag = { id }; showPlace(id); return; }
    let n = Object.keys(E.doc.points).length + 1;
    while (E.doc.points[`p${n}`]) n++;
    const pid = `p${n}`;
    E.doc.points[pid] = { name: pid, xy: [Number(x.toFixed(2)), Number(y.toFixed(2))], terrain: E.brush.terrain };
    changed();
    showPlace(pid);
  } else if (E.tool === "link" && id) {
    if (!E.linkFrom) { E.linkFrom = id; draw(); say(`link from ${id}: click the other point`); return; }
    if (E.linkFrom !== id) { snapshot(); toggleLink(E.linkFrom, id, E.brush.links); E.dirty = true; }
    E.linkFrom = null;
    draw();
  } else if (E.tool === "region" && id) {
    const name = $("regionName").value.trim();
    if (!name) { say("name the region first (e.g. setup:north)", "bad"); return; }
    snapshot();
    const r = E.doc.regions && E.doc.regions[name];
    setRegion(name, id, !(r && (r.points || []).includes(id)));
    changed();
  }
}

function move(evt) {
  if (E.pan) {
    const s = E.vb[2] / $("map").clientWidth;
    E.vb[0] = E.pan.vb[0] - (evt.clientX - E.pan.x) * s;
    E.vb[1] = E.pan.vb[1] - (evt.clientY - E.pan.y) * s;
    $("map").setAttribute("viewBox", E.vb.join(" "));
    return;
  }
  const id = targetId(evt);
  hover(id);
  if (E.drag) {
    const [x, y] = mapPoint(evt);
    E.doc.points[E.drag.id].xy = [Number(x.toFixed(2)), Number(y.toFixed(2))];
    E.drag.moved = true;
    draw();
    return;
  }
  if (!E.stroke || !id) return;
  const s = E.stroke;
  if (s.kind === "terrain") paintTerrain(id, E.brush.terrain);
  else if (s.kind === "region") setRegion(s.name, id, s.on);
  else if (s.kind === "offmap") setOffMap(id, s.on);
  changed();
}

function up() {
  if (E.drag) {
    if (E.drag.moved) E.dirty = true; else E.undo.pop();
    E.drag = null;
    draw();
  }
  if (E.stroke && E.undo.length && E.undo[E.undo.length - 1] === JSON.stringify(E.doc)) E.undo.pop();
  E.stroke = null; E.pan = null;
  draw();
}

function hover(id) {
  if (!id) { $("hover").textContent = ""; return; }
  const e = isHex() ? (E.doc.hexes || {})[id] || {} : E.doc.points[id] || {};
  const terrain = e.terrain || (isHex() ? E.doc.default_terrain || "clear" : "clear");
  $("hover").textContent = `${id}${e.name ? ` ${e.name}` : ""}: ${terrain}${e.attrs && e.attrs.vp ? `, ${e.attrs.vp} VP` : ""}`;
}

function wheel(evt) {
  evt.preventDefault();
  const [x, y] = mapPoint(evt);
  const k = evt.deltaY > 0 ? 1.15 : 1 / 1.15;
  E.vb = [x - (x - E.vb[0]) * k, y - (y - E.vb[1]) * k, E.vb[2] * k, E.vb[3] * k];
  $("map").setAttribute("viewBox", E.vb.join(" "));
}

// ------------------------------------------------------------------ undo, grid, save

function undo() {
  finishLine();
  if (!E.undo.length) return;
  E.redo.push(JSON.stringify(E.doc));
  E.doc = JSON.parse(E.undo.pop());
  afterRestore();
}

function redo() {
  if (!E.redo.length) return;
  E.undo.push(JSON.stringify(E.doc));
  E.doc = JSON.parse(E.redo.pop());
  afterRestore();
}

async function afterRestore() {
  E.dirty = true;
  if (isHex()) {
    const g = $("gridColumns");
    if (Number(g.value) !== E.doc.columns || Number($("gridRows").value) !== E.doc.rows ||
        $("gridOrientation").value !== ((E.doc.numbering || {}).orientation || "flat")) {
      await loadGeometry();
      showGrid();
      fitView();
    }
  }
  if (E.sel && !(isHex() ? E.geo.has(E.sel) : E.doc.points[E.sel])) E.sel = null;
  draw();
}

async function loadGeometry() {
  const geo = await api("POST", "/api/geometry", { document: E.doc });
  E.orientation = geo.orientation;
  E.geo = new Map(geo.hexes.map((h) => [h.id, h]));
}

function showGrid() {
  $("gridBox").hidden = !isHex();
  if (!isHex()) return;
  const nb = E.doc.numbering || {};
  $("gridColumns").value = E.doc.columns || "";
  $("gridRows").value = E.doc.rows || "";
  $("gridOrientation").value = nb.orientation || "flat";
  $("gridShifted").value = nb.shifted || "even";
  $("gridOrder").value = nb.order || "column-first";
}

// Hexes, hexsides, lines and regions outside a smaller grid are dropped (Undo brings them back).
function pruneOutside() {
  let n = 0;
  const inside = (id) => E.geo.has(id) || id.startsWith("box:");
  for (const id of Object.keys(E.doc.hexes || {})) if (!inside(id)) { delete E.doc.hexes[id]; n++; }
  const sides = (E.doc.hexsides || []).filter((s) => s.hexes.every(inside));
  n += (E.doc.hexsides || []).length - sides.length;
  E.doc.hexsides = sides;
  const lines = (E.doc.lines || []).filter((l) => l.hexes.every(inside));
  n += (E.doc.lines || []).length - lines.length;
  E.doc.lines = lines;
  for (const r of Object.values(E.doc.regions || {})) if (r.hexes) {
    const kept = r.hexes.filter(inside);
    n += r.hexes.length - kept.length;
    r.hexes = kept;
  }
  if (E.doc.exclude) E.doc.exclude = E.doc.exclude.filter(inside);
  return n;
}

async function applyGrid() {
  const before = JSON.stringify(E.doc);
  const doc = JSON.parse(before);
  doc.columns = Number($("gridColumns").value);
  doc.rows = Number($("gridRows").value);
  delete doc.rows_by_column;
  doc.numbering = Object.assign({}, doc.numbering || {}, {
    orientation: $("gridOrientation").value, shifted: $("gridShifted").value, order: $("gridOrder").value,
  });
  try {
    const geo = await api("POST", "/api/geometry", { document: doc });
    E.undo.push(before); E.redo = [];
    E.doc = doc;
    E.orientation = geo.orientation;
    E.geo = new Map(geo.hexes.map((h) => [h.id, h]));
    const dropped = pruneOutside();
    E.dirty = true;
    fitView();
    draw();
    say(`grid ${doc.columns} x ${doc.rows}${dropped ? `; ${dropped} entries outside it removed (Undo brings them back)` : ""}`, "good");
  } catch (e) { say(e.message, "bad"); }
}

async function save() {
  finishLine();
  $("problems").replaceChildren();
  say("saving...");
  try {
    const out = await api("POST", "/api/map", { document: E.doc });
    E.dirty = false;
    draw();
    say(`saved ${out.file}`, "good");
    for (const p of out.title_problems) addProblem(`title: ${p}`);
  } catch (e) {
    say(e.message, "bad");
    for (const p of e.problems || []) addProblem(p);
  }
}

function addProblem(text) {
  const li = document.createElement("li");
  li.textContent = text;
  $("problems").appendChild(li);
}

function loadBackground(file) {
  const reader = new FileReader();
  reader.onload = () => {
    const img = new Image();
    img.onload = () => {
      E.back = { href: reader.result, w: img.naturalWidth, h: img.naturalHeight, ...backSettings() };
      draw();
    };
    img.src = reader.result;
  };
  reader.readAsDataURL(file);
}

function backSettings() {
  return {
    opacity: Number($("backOpacity").value), scale: Number($("backScale").value) || 1,
    x: Number($("backX").value) || 0, y: Number($("backY").value) || 0,
  };
}

// ------------------------------------------------------------------ start

async function start() {
  const data = await api("GET", "/api/map");
  E.doc = data.document; E.palette = data.palette; E.file = data.file;
  E.orientation = data.geometry.orientation;
  E.geo = new Map(data.geometry.hexes.map((h) => [h.id, h]));
  if (!isHex()) { E.doc.points = E.doc.points || {}; E.doc.links = E.doc.links || []; }
  $("file").textContent = `${data.exists ? "" : "new: "}${data.file}`;
  const list = $("toolList");
  for (const [tool, label] of isHex() ? HEX_TOOLS : POINT_TOOLS) {
    const l = document.createElement("label");
    const i = document.createElement("input");
    i.type = "radio"; i.name = "tool"; i.value = tool; i.onchange = () => setTool(tool);
    l.appendChild(i); l.appendChild(document.createTextNode(label));
    list.appendChild(l);
  }
  for (const name of Object.keys(E.doc.regions || {})) {
    const o = document.createElement("option"); o.value = name; $("regionList").appendChild(o);
  }
  showGrid();
  fitView();
  setTool(isHex() ? "terrain" : "point");
  say(data.exists ? "loaded" : "a new map: Save writes it");
}

const svg = $("map");
svg.addEventListener("mousedown", down);
svg.addEventListener("mousemove", move);
window.addEventListener("mouseup", up);
svg.addEventListener("wheel", wheel, { passive: false });
svg.addEventListener("contextmenu", (e) => e.preventDefault());
$("undo").onclick = undo;
$("redo").onclick = redo;
$("save").onclick = save;
$("addName").onclick = addPaletteName;
$("placeApply").onclick = applyPlace;
$("placeDelete").onclick = () => {
  if (!E.sel || isHex()) return;
  snapshot(); deletePoint(E.sel); E.sel = null; $("placeBox").hidden = true; changed();
};
$("gridApply").onclick = applyGrid;
$("regionName").oninput = () => draw();
$("backFile").onchange = (e) => { if (e.target.files[0]) loadBackground(e.target.files[0]); };
for (const id of ["backOpacity", "backScale", "backX", "backY"]) {
  $(id).oninput = () => { if (E.back) { Object.assign(E.back, backSettings()); draw(); } };
}
window.addEventListener("keydown", (e) => {
  if (e.target.tagName === "INPUT" && e.key !== "Enter") return;
  if ((e.ctrlKey || e.metaKey) && e.key === "z") { e.preventDefault(); undo(); }
  else if ((e.ctrlKey || e.metaKey) && e.key === "y") { e.preventDefault(); redo(); }
  else if ((e.ctrlKey || e.metaKey) && e.key === "s") { e.preventDefault(); save(); }
  else if (e.key === "Enter" || e.key === "Escape") finishLine();
});
window.addEventListener("beforeunload", (e) => { if (E.dirty) { e.preventDefault(); e.returnValue = ""; } });
start().catch((e) => say(e.message, "bad"));
