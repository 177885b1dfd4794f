// Catan: terrain hexes with number tokens and pips, harbours, roads, settlements and cities in
// seat colours, the robber, the dice, and each player's public panel.  When the seat is asked,
// the nodes, edges and hexes of its legal placements light up and a click plays them; every
// other legal action (roll, trades, cards, discards, end turn) is a button.
import { actionButtons } from "/static/actions.js";

const NS = "http://www.w3.org/2000/svg";
const R = 46;  // a hex's radius in pixels
const TERRAIN = { H: ["hills", "#c4653a"], M: ["mountains", "#8c8c8c"], P: ["pasture", "#9fd36a"],
                  F: ["fields", "#f0d04a"], FO: ["forest", "#3f8f3f"], D: ["desert", "#e6d3a3"] };
const HARBOUR = { HRB: "2:1 clay", HRO: "2:1 ore", HRW: "2:1 sheep", HRG: "2:1 wheat", HRL: "2:1 wood", HR: "3:1" };
const SEATS = ["#d63b2f", "#2f6fd6", "#f2f2f2", "#e8901b", "#2f9e44", "#8b5a2b"];
const PIPS = { 2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 8: 5, 9: 4, 10: 3, 11: 2, 12: 1 };
const ON_BOARD = new Set(["settlement", "city", "road", "robber"]);
let geometry = null, loading = null;

function el(name, attrs, parent, text) {
  const node = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  if (parent) parent.appendChild(node);
  return node;
}

function hexPoints(cx, cy) {
  const points = [];
  for (let k = 0; k < 6; k++) {
    const a = Math.PI / 180 * (60 * k - 90);
    points.push(`${cx + R * Math.cos(a)},${cy + R * Math.sin(a)}`);
  }
  return points.join(" ");
}

export function render(root, view, ctx) {
  if (!geometry) {
    loading ??= fetch("/api/geometry/catan").then((r) => r.json()).then((g) => { geometry = g; });
    loading.then(() => render(root, view, ctx));
    return;
  }
  // the 5-6 player board (view.frame "six") is larger: its own geometry and a larger picture
  const six = view.frame === "six";
  const geo = six ? geometry.six : geometry;
  const [dx, dy, wide, high] = six ? [6.2, 6.6, 11.4, 13.2] : [5.2, 5, 10.4, 10];
  const px = ([x, y]) => [x * R + dx * R, y * R + dy * R];
  const [tiles, harbourText] = view.board.split("|").map((s) => s.trim());
  const svg = el("svg", { width: wide * R + 300, height: high * R, "data-board": "catan" });
  const board = el("g", {}, svg);
  tiles.split(/\s+/).forEach((token, h) => {
    const [, code, number] = token.match(/^([A-Z]+?)(\d*)$/);
    const [cx, cy] = px(geo.hexes[h]);
    const [name, colour] = TERRAIN[code] ?? ["?", "#ccc"];
    el("polygon", { points: hexPoints(cx, cy), fill: colour, stroke: "#6b5", "stroke-width": 2, "data-hex": h,
                    class: "hex" }, board).appendChild(el("title", {}, null, name));
    if (number) {
      el("circle", { cx, cy, r: 15, fill: "#fffbe8", stroke: "#333" }, board);
      el("text", { x: cx, y: cy + 4, "text-anchor": "middle", "font-size": 14, "font-weight": "bold",
                   fill: number === "6" || number === "8" ? "#c00" : "#111" }, board, number);
      el("text", { x: cx, y: cy + 13, "text-anchor": "middle", "font-size": 8 }, board, "•".repeat(PIPS[number] ?? 0));
    }
    if (h === view.robber) el("circle", { cx: cx - 22, cy, r: 9, fill: "#222", class: "robber" }, board);
  });
  for (const token of (harbourText || "").split(/\s+/).filter(Boolean)) {
    const [code, edge] = token.split("@");
    const sea = geo.sea[edge];
    if (!sea) continue;
    const [a, b] = geo.edges[Number(edge)].map((n) => px(geo.nodes[n]));
    const [sx, sy] = px(sea);
    el("polygon", { points: `${a[0]},${a[1]} ${b[0]},${b[1]} ${sx},${sy}`, fill: "#7ab8e8", opacity: .6 }, board);
    el("text", { x: sx, y: sy + 4, "text-anchor": "middle", "font-size": 10 }, board, HARBOUR[code] ?? code);
  }
  for (const [edge, seat] of view.roads) {
    const [a, b] = geo.edges[edge].map((n) => px(geo.nodes[n]));
    el("line", { x1: a[0], y1: a[1], x2: b[0], y2: b[1], stroke: SEATS[seat], "stroke-width": 7, "stroke-linecap": "round",
                 class: "road" }, board);
  }
  for (const [node, seat, level] of view.buildings) {
    const [x, y] = px(geo.nodes[node]);
    const size = level === 2 ? 11 : 8;
    el(level === 2 ? "rect" : "circle", level === 2
      ? { x: x - size, y: y - size, width: 2 * size, height: 2 * size, fill: SEATS[seat], stroke: "#000", class: "city" }
      : { cx: x, cy: y, r: size, fill: SEATS[seat], stroke: "#000", class: "settlement" }, board);
  }
  // the public panel: dice and every player's open counts
  const side = el("g", { transform: `translate(${wide * R + 10}, 20)` }, svg);
  el("text", { x: 0, y: 0, "font-size": 14, id: "dice" }, side,
     view.dice && view.dice[0] ? `dice ${view.dice[0]} + ${view.dice[1]} = ${view.dice[0] + view.dice[1]}` : "no roll yet");
  el("text", { x: 0, y: 20, "font-size": 12 }, side, `phase ${view.phase}, round ${view.round}`);
  view.players.forEach((p, s) => {
    const y = 50 + s * 62;
    el("rect", { x: 0, y: y - 11, width: 12, height: 12, fill: SEATS[s], stroke: "#000" }, side);
    el("text", { x: 18, y, "font-size": 13, "font-weight": s === view.current ? "bold" : "normal" }, side,
       `${ctx.names[s] ?? "seat " + (s + 1)}: ${p.vp} VP${p.out ? " (out)" : ""}`);
    el("text", { x: 18, y: y + 16, "font-size": 11 }, side,
       `${p.resources} cards, ${p.dev_cards} dev cards, ${p.knights} knights`);
    el("text", { x: 18, y: y + 31, "font-size": 11 }, side,
       `road ${p.road_length}${view.longest_road === s ? " (longest)" : ""}${view.largest_army === s ? ", largest army" : ""}`);
  });
  root.replaceChildren(svg);
  const me = ctx.seat !== null && ctx.seat !== undefined ? view.players[ctx.seat] : null;
  if (me && Array.isArray(me.hand)) {
    const hand = document.createElement("p");
    hand.id = "hand";
    const names = ["clay", "ore", "sheep", "wheat", "wood"];
    hand.textContent = "your hand: " + me.hand.map((n, r) => `${n} ${names[r]}`).join(", ");
    root.appendChild(hand);
  }
  if (!ctx.legal) return;
  // legal placements on the board, clickable
  for (const action of ctx.legal) {
    const [kind, where] = action;
    if (!ON_BOARD.has(kind) || action.length !== 2) continue;
    if (kind === "road") {
      const [a, b] = geo.edges[where].map((n) => px(geo.nodes[n]));
      el("line", { x1: a[0], y1: a[1], x2: b[0], y2: b[1], stroke: "#ff0", "stroke-width": 9, opacity: .8,
                   class: "legal legal-road", "data-edge": where }, board).addEventListener("click", () => ctx.act(action));
    } else if (kind === "robber") {
      const [cx, cy] = px(geo.hexes[where]);
      el("circle", { cx, cy, r: 20, fill: "#ff0", opacity: .6, class: "legal legal-robber", "data-hex": where }, board)
        .addEventListener("click", () => ctx.act(action));
    } else {
      const [x, y] = px(geo.nodes[where]);
      el("circle", { cx: x, cy: y, r: 9, fill: "#ff0", stroke: "#000", opacity: .85, class: `legal legal-${kind}`,
                     "data-node": where }, board).addEventListener("click", () => ctx.act(action));
    }
  }
  root.appendChild(actionButtons(ctx.legal, ctx.act, { filter: (a) => !(ON_BOARD.has(a[0]) && a.length === 2) }));
}
