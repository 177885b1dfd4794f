// Catan on the sea board (JSettlers' large board): water, land, gold and fog hexes placed by their
// large-board coordinates, harbours, roads, ships, settlements and cities in seat colours, the
// robber and the pirate, and the scenarios' pieces (villages with their cloth, fortresses, the
// Forgotten Tribe's special edges, wonders in the side panel).  The view is the seat's or the
// observer's: fog hexes come as "fog", their contents unknown here as to the player.  When the
// seat is asked, its legal placements light up: roads in yellow, ships in cyan; a movable ship is
// ringed, a click on it shows where it may sail and a click there moves it.  The robber or the
// pirate, the gift harbours, are clicked on the board too; the rules judge every action sent.
import { button, el } from "/static/dom.js";

const R = 30;  // a hex's radius in pixels
const TERRAIN = { clay: "#c4653a", ore: "#8c8c8c", sheep: "#9fd36a", wheat: "#f0d04a", wood: "#3f8f3f",
                  desert: "#e6d3a3", gold: "#e3b505", fog: "#9a9a9a", water: "#5b9bd5" };
const HARBOUR = ["2:1 clay", "2:1 ore", "2:1 sheep", "2:1 wheat", "2:1 wood", "3:1"];
const SEATS = ["#d63b2f", "#2f6fd6", "#f2f2f2", "#e8901b", "#2f9e44", "#8b5a2b"];
const PIPS = { 2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 8: 5, 9: 4, 10: 3, 11: 2, 12: 1 };
const SPECIAL_EDGE = { 1: "SVP", 2: "card" };  // The Forgotten Tribe: what the first ship there takes
// what this board draws as places to click: the catan module's controls leave them out
export const DRAWN = new Set(["ship", "move_ship", "pirate", "bandit", "place_harbor"]);
const ui = { moving: null };  // the ship picked to move, kept across frames

// One sea frame's drawing tables, by the size the view names, indexed once.
function frameOf(seaFrames, board) {
  const geo = seaFrames[`${board.height}x${board.width}`];
  if (!geo.hexAt) {
    geo.hexAt = new Map(geo.hex_coords.map((c, h) => [c, h]));
    geo.edgeAt = new Map(geo.edge_coords.map((c, e) => [c, e]));
  }
  return geo;
}

// A band along an edge, short of its corners (a vertical line has no width to click on).
function band(a, b, half, attrs, parent) {
  const [dx, dy] = [b[0] - a[0], b[1] - a[1]];
  const length = Math.hypot(dx, dy), [nx, ny] = [-dy / length * half, dx / length * half];
  const [sx, sy] = [dx * .15, dy * .15];
  const points = [[a[0] + sx + nx, a[1] + sy + ny], [b[0] - sx + nx, b[1] - sy + ny],
                  [b[0] - sx - nx, b[1] - sy - ny], [a[0] + sx - nx, a[1] + sy - ny]];
  return el("polygon", { points: points.map((p) => p.join(",")).join(" "), ...attrs }, parent);
}

// `parts`: the catan module's hand, offers and controls panels, shared by both boards.
export function renderSea(root, view, ctx, seaFrames, parts) {
  const board = view.board, sea = view.sea;
  const geo = frameOf(seaFrames, board);
  const px = ([x, y]) => [x * R + R, y * R + R];
  const ends = (edge) => geo.edges[edge].map((n) => px(geo.nodes[n]));
  const wide = (board.width / 2 + 1.5) * Math.sqrt(3) * R, high = (board.height * 0.75 + 2) * R;
  const svg = el("svg", { width: wide + 300, height: Math.max(high, 120 + view.players.length * 80),
                          "data-board": "catan-sea", "data-layout": board.layout });
  const g = el("g", {}, svg);
  const terrain = geo.hexes.map(() => ["water", 0]);
  for (const [coord, name, number] of board.hexes) terrain[geo.hexAt.get(coord)] = [name, number];
  terrain.forEach(([name, number], h) => {
    const [cx, cy] = px(geo.hexes[h]);
    el("polygon", { points: geo.hex_nodes[h].map((n) => px(geo.nodes[n]).join(",")).join(" "), fill: TERRAIN[name] ?? "#ccc", stroke: name === "water" ? "#4a86bd" : "#6b5",
                    "stroke-width": 1.5, class: `hex ${name}`, "data-hex": h, "data-terrain": name }, g)
      .appendChild(el("title", {}, null, name));
    if (name === "fog") el("text", { x: cx, y: cy + 6, "text-anchor": "middle", "font-size": 18, fill: "#eee" }, g, "?");
    if (number) {
      el("circle", { cx, cy, r: 12, fill: "#fffbe8", stroke: "#333" }, g);
      el("text", { x: cx, y: cy + 4, "text-anchor": "middle", "font-size": 12, "font-weight": "bold",
                   fill: number === 6 || number === 8 ? "#c00" : "#111" }, g, String(number));
      el("text", { x: cx, y: cy + 11, "text-anchor": "middle", "font-size": 6 }, g, "•".repeat(PIPS[number] ?? 0));
    }
  });
  for (const [coord, kind] of board.harbors) {
    const [a, b] = ends(geo.edgeAt.get(coord));
    const [mx, my] = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
    el("rect", { x: mx - 17, y: my - 7, width: 34, height: 13, rx: 4, fill: "#fff", stroke: "#246", class: "harbor",
                 opacity: .9 }, g);
    el("text", { x: mx, y: my + 3, "text-anchor": "middle", "font-size": 8 }, g, HARBOUR[kind] ?? String(kind));
  }
  for (const [edge, kind] of sea.special_edges ?? []) {
    const [a, b] = ends(edge);
    el("line", { x1: a[0], y1: a[1], x2: b[0], y2: b[1], stroke: "#ffd700", "stroke-width": 5, "stroke-dasharray": "3 3",
                 class: "special-edge", "data-edge": edge }, g).appendChild(el("title", {}, null, SPECIAL_EDGE[kind] ?? "special"));
  }
  const ships = new Map(sea.ships.map(([edge, seat]) => [edge, seat]));
  for (const [edge, seat] of view.roads) {
    const [a, b] = ends(edge);
    if (ships.has(edge)) {  // a hull: a band in the seat's colour with a dark rim
      band(a, b, 4.5, { fill: SEATS[seat], stroke: "#0b2545", "stroke-width": 2, class: "ship", "data-edge": edge,
                        "data-seat": seat }, g);
      continue;
    }
    el("line", { x1: a[0], y1: a[1], x2: b[0], y2: b[1], stroke: "#222", "stroke-width": 8, "stroke-linecap": "round" }, g);
    el("line", { x1: a[0], y1: a[1], x2: b[0], y2: b[1], stroke: SEATS[seat], "stroke-width": 5, "stroke-linecap": "round",
                 class: "road", "data-edge": edge, "data-seat": seat }, g);
  }
  for (const [node, cloth, traders] of sea.cloth?.villages ?? []) {
    const [x, y] = px(geo.nodes[node]);
    el("rect", { x: x - 7, y: y - 7, width: 14, height: 14, fill: "#a0522d", stroke: "#000", class: "village",
                 "data-node": node, "data-cloth": cloth }, g)
      .appendChild(el("title", {}, null, `village: ${cloth} cloth, trading with ${traders.length}`));
    el("text", { x, y: y + 3, "text-anchor": "middle", "font-size": 8, fill: "#fff" }, g, String(cloth));
  }
  for (const [node, seat, strength] of sea.fortresses ?? []) {
    const [x, y] = px(geo.nodes[node]);
    el("rect", { x: x - 8, y: y - 11, width: 16, height: 18, fill: "#555", stroke: SEATS[seat], "stroke-width": 3,
                 class: "fortress", "data-node": node, "data-strength": strength }, g);
    el("text", { x, y: y + 3, "text-anchor": "middle", "font-size": 9, fill: "#fff" }, g, String(strength));
  }
  for (const [node, seat, level] of view.buildings) {
    const [x, y] = px(geo.nodes[node]);
    el(level === 2 ? "rect" : "circle", level === 2
      ? { x: x - 9, y: y - 9, width: 18, height: 18, fill: SEATS[seat], stroke: "#000", class: "city", "data-node": node }
      : { cx: x, cy: y, r: 7, fill: SEATS[seat], stroke: "#000", class: "settlement", "data-node": node }, g);
  }
  if (view.robber >= 0) {
    const [cx, cy] = px(geo.hexes[view.robber]);
    el("circle", { cx: cx - 16, cy, r: 8, fill: "#222", class: "robber", "data-hex": view.robber }, g);
  }
  if (sea.pirate >= 0) {  // the pirate ship (or, in Pirate Islands, the pirate fleet)
    const [cx, cy] = px(geo.hexes[sea.pirate]);
    el("polygon", { points: `${cx - 12},${cy + 2} ${cx + 12},${cy + 2} ${cx + 7},${cy + 10} ${cx - 7},${cy + 10}`,
                    fill: "#111", class: "pirate", "data-hex": sea.pirate }, g);
    el("polygon", { points: `${cx},${cy - 14} ${cx},${cy} ${cx + 10},${cy - 4}`, fill: "#111" }, g);
  }
  sidePanel(el("g", { transform: `translate(${wide + 10}, 20)` }, svg), view, ctx);
  root.replaceChildren(svg);
  const mine = ctx.seat !== null && ctx.seat !== undefined ? view.players[ctx.seat] : null;
  if (mine && Array.isArray(mine.hand)) root.appendChild(parts.handPanel(mine));
  root.appendChild(parts.offersPanel(view, ctx));
  if (!ctx.legal) return;
  legalOnBoard(g, ctx, px, ends, geo);
  const box = parts.controls(view, ctx, mine);
  bandButtons(box, ctx);
  root.appendChild(box);
}

function sidePanel(side, view, ctx) {
  const sea = view.sea;
  el("text", { x: 0, y: 0, "font-size": 14, id: "dice" }, side,
     view.dice && view.dice[0] ? `dice ${view.dice[0]} + ${view.dice[1]} = ${view.dice[0] + view.dice[1]}` : "no roll yet");
  el("text", { x: 0, y: 20, "font-size": 12 }, side, `phase ${view.phase}, round ${view.round}`);
  el("text", { x: 0, y: 36, "font-size": 12, id: "scenario" }, side, `${view.board.layout}${sea.scenario ? "" : " (plain sea board)"}`);
  view.players.forEach((p, s) => {
    const y = 64 + s * 76;
    el("rect", { x: 0, y: y - 11, width: 12, height: 12, fill: SEATS[s], stroke: "#000" }, side);
    el("text", { x: 18, y, "font-size": 13, "font-weight": s === view.current ? "bold" : "normal" }, side,
       `${ctx.names[s] ?? "seat " + (s + 1)}: ${p.vp} VP${sea.svp[s] ? ` (${sea.svp[s]} SVP)` : ""}${p.out ? " (out)" : ""}`);
    el("text", { x: 18, y: y + 16, "font-size": 11 }, side,
       `${p.resources} cards, ${p.dev_cards} dev cards, ${p.knights} knights`);
    el("text", { x: 18, y: y + 31, "font-size": 11 }, side,
       `route ${p.road_length}${view.longest_road === s ? " (longest)" : ""}, ships left ${sea.ships_left[s]}`);
    const extra = [];
    if (sea.cloth) extra.push(`${sea.cloth.players[s]} cloth`);
    if (sea.warships) extra.push(`${sea.warships[s]} warships`);
    if (sea.wonders) {
      const held = sea.wonders.findIndex(([owner]) => owner === s);
      if (held >= 0) extra.push(`wonder ${held + 1} level ${sea.wonders[held][1]}`);
    }
    if (extra.length) el("text", { x: 18, y: y + 46, "font-size": 11, class: "scenario-counts" }, side, extra.join(", "));
  });
}

function legalOnBoard(g, ctx, px, ends, geo) {
  const moves = ctx.legal.filter((a) => a[0] === "move_ship");
  if (ui.moving !== null && !moves.some((a) => a[1] === ui.moving)) ui.moving = null;
  for (const action of ctx.legal) {
    const [kind, where] = action;
    const go = () => ctx.act(action);
    if (kind === "road" || kind === "ship" || kind === "place_harbor") {
      const [a, b] = ends(where);
      const fill = { road: "#ff0", ship: "#0ff", place_harbor: "#fff" }[kind];
      band(a, b, 4, { fill, stroke: "#000", opacity: .85, class: `legal legal-${kind.replace("_", "-")}`,
                      "data-edge": where }, g).addEventListener("click", go);
    } else if (kind === "settlement" || kind === "city") {
      const [x, y] = px(geo.nodes[where]);
      el("circle", { cx: x, cy: y, r: 8, fill: "#ff0", stroke: "#000", opacity: .85, class: `legal legal-${kind}`,
                     "data-node": where }, g).addEventListener("click", go);
    } else if (kind === "robber" || kind === "pirate") {
      const [cx, cy] = px(geo.hexes[where]);
      el("circle", { cx, cy, r: 14, fill: kind === "robber" ? "#ff0" : "#222", opacity: .55, class: `legal legal-${kind}`,
                     "data-hex": where }, g).addEventListener("click", go);
    }
  }
  // moving a ship: its source first, then where it sails
  for (const source of new Set(moves.map((a) => a[1]))) {
    const [a, b] = ends(source);
    band(a, b, 7, { fill: "rgba(255,255,255,.05)", stroke: ui.moving === source ? "#f0f" : "#fff", "stroke-width": 2.5,
                    class: "movable-ship", "data-edge": source }, g)
      .addEventListener("click", () => { ui.moving = ui.moving === source ? null : source; ctx.rerender(); });
  }
  for (const action of moves.filter((a) => a[1] === ui.moving)) {
    const [a, b] = ends(action[2]);
    band(a, b, 4, { fill: "#f0f", stroke: "#000", opacity: .8, class: "legal legal-move", "data-edge": action[2] }, g)
      .addEventListener("click", () => { ui.moving = null; ctx.act(action); });
  }
}

// the robber-or-pirate choice after a 7 or a knight
function bandButtons(box, ctx) {
  for (const action of ctx.legal.filter((a) => a[0] === "bandit")) {
    const which = action[1] === 1 ? "pirate" : "robber";
    button(box, `move the ${which}`, { id: `bandit-${which}`, class: "action bandit" }, () => ctx.act(action));
  }
}
