// Dominion: the supply with counts, the trash, each player's deck, discard and hand counts and
// cards in play; a seat's own hand; its legal actions as buttons.
import { actionButtons } from "/static/actions.js";

const NS = "http://www.w3.org/2000/svg";
const KIND = { copper: "#c87533", silver: "#aaa", gold: "#e3b505", estate: "#4a9b4a", duchy: "#3a8a3a",
               province: "#2a7a2a", curse: "#7a3ab0" };

function el(name, attrs, parent, text) {
  const node = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  if (parent) parent.appendChild(node);
  return node;
}

function tile(parent, x, y, name, count) {
  const g = el("g", { transform: `translate(${x},${y})`, "data-card": name }, parent);
  el("rect", { width: 104, height: 44, rx: 5, fill: KIND[name] ?? "#d9c9a3", stroke: "#555" }, g);
  el("text", { x: 6, y: 18, "font-size": 13, fill: "#111" }, g, name);
  if (count !== undefined) el("text", { x: 6, y: 36, "font-size": 12, fill: "#111" }, g, `${count} left`);
}

export function render(root, view, ctx) {
  const names = Object.keys(view.supply);
  const rows = Math.ceil(names.length / 6);
  const height = rows * 52 + 40 + view.players.length * 22 + 30;
  const svg = el("svg", { width: 680, height, "data-board": "dominion" });
  names.forEach((name, i) => tile(svg, (i % 6) * 112 + 4, Math.floor(i / 6) * 52 + 4, name, view.supply[name]));
  let y = rows * 52 + 24;
  el("text", { x: 4, y, "font-size": 13 }, svg, `trash: ${view.trash.length ? view.trash.join(", ") : "empty"}`);
  view.players.forEach((p, s) => {
    y += 22;
    const hand = Array.isArray(p.hand) ? p.hand.length : p.hand;
    const who = ctx.names[s] ?? `player ${s + 1}`;
    const line = `${s === view.current ? "▶ " : ""}${who}: hand ${hand}, deck ${p.deck}, discard ${p.discard}`
      + `${p.play.length ? ", in play: " + p.play.join(", ") : ""}${p.out ? " (" + p.out + ")" : ""}`;
    el("text", { x: 4, y, "font-size": 13, "data-player": s }, svg, line);
  });
  y += 26;
  el("text", { x: 4, y, "font-size": 13 }, svg,
     `actions ${view.actions}, buys ${view.buys}, extra money ${view.extra_money}${view.over ? " — game over: " + view.over : ""}`);
  root.replaceChildren(svg);
  const me = ctx.seat !== null && ctx.seat !== undefined ? view.players[ctx.seat] : null;
  if (me && Array.isArray(me.hand)) {
    const hand = document.createElement("p");
    hand.id = "hand";
    hand.textContent = `your hand: ${me.hand.join(", ") || "empty"}`;
    root.appendChild(hand);
  }
  if (ctx.legal) root.appendChild(actionButtons(ctx.legal, ctx.act));
}
