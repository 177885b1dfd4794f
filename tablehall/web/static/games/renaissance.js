// Masters of Renaissance: the marble market with the spare marble, the development card grid
// with pile counts, each player's faith track with favour tiles, depots, strongbox, card slots
// and active leaders, Lorenzo's cross in solo games; the seat's legal actions as buttons.
import { actionButtons } from "/static/actions.js";

const NS = "http://www.w3.org/2000/svg";
const MARBLE = { white: "#fafafa", blue: "#3a7bd5", grey: "#8c8c8c", yellow: "#f0c419", purple: "#8e44ad", red: "#d63b2f" };
const COLUMN = ["#2f9e44", "#2f6fd6", "#e8c21b", "#8e44ad"];  // green, blue, yellow, purple cards
const REPORTS = [[5, 8], [12, 16], [19, 24]];

function el(name, attrs, parent, text) {
  const node = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  if (parent) parent.appendChild(node);
  return node;
}

function bundle(counts) {
  return Object.entries(counts || {}).filter(([, n]) => n).map(([r, n]) => `${n} ${r}`).join(", ") || "empty";
}

function faithTrack(svg, x, y, player, cross) {
  for (let i = 0; i <= 24; i++) {
    const inReport = REPORTS.find(([a, b]) => i >= a && i <= b);
    el("rect", { x: x + i * 18, y, width: 17, height: 17, fill: inReport ? "#f6e3a1" : "#eee", stroke: "#999" }, svg);
    if (i % 4 === 0) el("text", { x: x + i * 18 + 2, y: y + 28, "font-size": 9 }, svg, String(i));
  }
  el("circle", { cx: x + player.faith * 18 + 8.5, cy: y + 8.5, r: 6, fill: "#c0392b", class: "faith-marker" }, svg);
  if (cross !== undefined && cross !== null) {
    el("text", { x: x + cross * 18 + 3, y: y + 13, "font-size": 13, fill: "#000", class: "black-cross" }, svg, "✝");
  }
  player.tiles.forEach((tile, k) => {
    const label = tile === 1 ? "favour ✓" : tile === -1 ? "favour ✗" : "favour";
    el("text", { x: x + REPORTS[k][1] * 18 - 30, y: y - 4, "font-size": 10 }, svg, label);
  });
}

export function render(root, view, ctx) {
  const players = view.players;
  const height = 210 + players.length * 150;
  const svg = el("svg", { width: 760, height, "data-board": "renaissance" });
  // market
  el("text", { x: 10, y: 18, "font-size": 13 }, svg, "marble market");
  view.market.grid.forEach((row, r) => row.forEach((marble, c) => {
    el("circle", { cx: 24 + c * 30, cy: 40 + r * 30, r: 12, fill: MARBLE[marble] ?? "#ccc", stroke: "#333" }, svg);
  }));
  el("circle", { cx: 150, cy: 25, r: 12, fill: MARBLE[view.market.spare] ?? "#ccc", stroke: "#333", class: "spare" }, svg);
  el("text", { x: 166, y: 29, "font-size": 11 }, svg, "spare");
  // development cards: level 1 at the bottom, as on the table
  el("text", { x: 230, y: 18, "font-size": 13 }, svg, "development cards (top card, pile)");
  view.cards.forEach((row, level) => row.forEach((pile, colour) => {
    const x = 230 + colour * 90, y = 30 + (2 - level) * 42;
    el("rect", { x, y, width: 84, height: 36, rx: 4, fill: pile.top ? COLUMN[colour] : "#ddd", opacity: .85, stroke: "#333" }, svg);
    el("text", { x: x + 6, y: y + 15, "font-size": 11, fill: "#fff" }, svg, pile.top ? `#${pile.top} (L${level + 1})` : "empty");
    el("text", { x: x + 6, y: y + 30, "font-size": 10, fill: "#fff" }, svg, `${pile.left} left`);
  }));
  if (view.lorenzo) {
    el("text", { x: 600, y: 40, "font-size": 12 }, svg, `Lorenzo: cross ${view.lorenzo.black_cross}`);
    el("text", { x: 600, y: 56, "font-size": 11 }, svg, `${view.lorenzo.tokens_left} tokens left`);
  }
  players.forEach((p, s) => {
    const y = 180 + s * 150;
    const who = ctx.names[s] ?? `player ${s + 1}`;
    el("text", { x: 10, y, "font-size": 13, "font-weight": s === view.current ? "bold" : "normal" }, svg,
       `${who}: ${p.points} points${p.out ? " (" + p.out + ")" : ""}`);
    faithTrack(svg, 10, y + 18, p, s === 0 && view.lorenzo ? view.lorenzo.black_cross : undefined);
    const depots = p.warehouse.map(([r, n], i) => `${i + 1}: ${n ? n + " " + r : "-"}`).join("   ");
    el("text", { x: 10, y: y + 64, "font-size": 11 }, svg, `depots ${depots}${p.extra.length ? "   extra " + JSON.stringify(p.extra) : ""}`);
    el("text", { x: 10, y: y + 80, "font-size": 11 }, svg, `strongbox: ${bundle(p.strongbox)}`);
    el("text", { x: 10, y: y + 96, "font-size": 11 }, svg,
       `slots: ${p.slots.map((slot) => slot.length ? "#" + slot[slot.length - 1] + (slot.length > 1 ? ` (+${slot.length - 1})` : "") : "-").join("  ")}`);
    const hand = Array.isArray(p.hand) ? (p.hand.length ? p.hand.map((l) => "#" + l).join(" ") : "none") : `${p.hand} hidden`;
    el("text", { x: 10, y: y + 112, "font-size": 11 }, svg,
       `active leaders: ${p.active.length ? p.active.map((l) => "#" + l).join(" ") : "none"}; in hand: ${hand}`);
  });
  root.replaceChildren(svg);
  if (view.task) {
    const task = document.createElement("p");
    task.id = "task";
    task.textContent = `to finish: ${JSON.stringify(view.task)}`;
    root.appendChild(task);
  }
  if (ctx.legal) root.appendChild(actionButtons(ctx.legal, ctx.act));
}
