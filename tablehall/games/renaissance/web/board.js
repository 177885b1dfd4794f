// Masters of Renaissance: the marble market with the spare marble (and what each colour
// gives), each player's faith track with favour tiles, depots, strongbox and card slots, Lorenzo's
// cross in solo games; the development card grid drawn as cards (level, colour, cost, production,
// points) and the leaders as cards (requirement, ability, points), all from the game's own data
// (/api/faces/renaissance).  Playing: click a market row's or column's arrow to take its
// marbles, a depot to place the incoming marble (or discard it), a top card of the grid to buy
// it and a slot to put it in; productions, leader actions, payments and the setup's choices are
// labelled buttons.  The page composes actions; the rules judge them.
import { actionButtons, label } from "/static/actions.js";
import { el, html } from "/static/dom.js";

let data = null;  // the face data: cards and leaders by id, marbles
const loading = fetch("/api/faces/renaissance").then((r) => r.json()).then((d) => {
  data = { cards: Object.fromEntries(d.development_cards.map((c) => [c.id, c])),
           leaders: Object.fromEntries(d.leaders.map((l) => [l.id, l])), marbles: d.marbles };
});
const cardOf = (id) => data.cards[id];
const leaderOf = (id) => data.leaders[id];
const plural = (n, one) => `${n} ${n === 1 ? one : one + "s"}`;
const leaderName = (id) => leaderOf(id)?.name ?? `leader ${id}`;

const MARBLE = { white: "#fafafa", blue: "#3a7bd5", grey: "#8c8c8c", yellow: "#f0c419", purple: "#8e44ad", red: "#d63b2f" };
const COLUMN = ["#2f9e44", "#2f6fd6", "#e8c21b", "#8e44ad"];  // green, blue, yellow, purple cards
const COLOURS = ["green", "blue", "yellow", "purple"];
const REPORTS = [[5, 8], [12, 16], [19, 24]];

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
  if (!data) { loading.then(() => render(root, view, ctx)); return; }
  const legal = ctx.legal ?? [];
  const find = (...action) => legal.find((a) => JSON.stringify(a) === JSON.stringify(action));
  const clickable = (node, action) => {
    if (!action) return node;
    node.classList.add("legal");
    node.style.cursor = "pointer";
    // reachable by keyboard too: a focusable button in the drawing, Enter or Space acts
    node.setAttribute("tabindex", "0");
    node.setAttribute("role", "button");
    node.setAttribute("aria-label", describe(action));
    node.addEventListener("click", () => ctx.act(action));
    node.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") { event.preventDefault(); ctx.act(action); }
    });
    return node;
  };
  const players = view.players;
  const height = 210 + players.length * 150;
  const svg = el("svg", { width: 760, height, viewBox: `0 0 760 ${height}`, "data-board": "renaissance",
                          role: "group", "aria-label": "market, faith tracks and players' boards" });
  // market
  el("text", { x: 10, y: 18, "font-size": 13 }, svg, "marble market");
  view.market.grid.forEach((row, r) => row.forEach((marble, c) => {
    el("circle", { cx: 24 + c * 30, cy: 40 + r * 30, r: 12, fill: MARBLE[marble] ?? "#ccc", stroke: "#333" }, svg);
  }));
  view.market.grid.forEach((_, r) => clickable(el("text", { x: 24 + view.market.grid[0].length * 30 - 8, y: 45 + r * 30,
    "font-size": 16, class: "market-row", "data-row": r + 1, fill: find("market", "row", r + 1) ? "#0a0" : "#bbb" }, svg, "◀"),
    find("market", "row", r + 1)));
  view.market.grid[0].forEach((_, c) => clickable(el("text", { x: 18 + c * 30, y: 40 + view.market.grid.length * 30 + 4,
    "font-size": 16, class: "market-column", "data-column": c + 1, fill: find("market", "column", c + 1) ? "#0a0" : "#bbb" }, svg, "▲"),
    find("market", "column", c + 1)));
  el("circle", { cx: 150, cy: 25, r: 12, fill: MARBLE[view.market.spare] ?? "#ccc", stroke: "#333", class: "spare" }, svg);
  el("text", { x: 166, y: 29, "font-size": 11 }, svg, "spare");
  // what each marble gives, beside the market
  data.marbles.forEach((m, i) => {
    el("circle", { cx: 236, cy: 14 + i * 22, r: 8, fill: MARBLE[m.marble] ?? "#ccc", stroke: "#333" }, svg);
    el("text", { x: 250, y: 18 + i * 22, "font-size": 11 }, svg, `${m.marble}: ${m.gives ?? "nothing (or a leader's)"}`);
  });
  if (view.lorenzo) {
    el("text", { x: 480, y: 40, "font-size": 12 }, svg, `Lorenzo: cross ${view.lorenzo.black_cross}`);
    el("text", { x: 480, y: 56, "font-size": 11 }, svg, `${plural(view.lorenzo.tokens_left, "token")} left`);
  }
  players.forEach((p, s) => {
    const y = 180 + s * 150;
    const who = ctx.names[s] ?? `player ${s + 1}`;
    el("text", { x: 10, y, "font-size": 13, "font-weight": s === view.current ? "bold" : "normal" }, svg,
       `${who}: ${plural(p.points, "point")}${p.out ? " (" + p.out + ")" : ""}`);
    faithTrack(svg, 10, y + 18, p, s === 0 && view.lorenzo ? view.lorenzo.black_cross : undefined);
    [...p.warehouse, ...p.extra].forEach(([r, n], i) => {
      const place = s === ctx.seat ? find("place", i + 1) : undefined;
      const depot = el("text", { x: 10 + i * 125, y: y + 64, "font-size": 11, class: "depot", "data-depot": i + 1,
                                 fill: place ? "#0a0" : "#111", "font-weight": place ? "bold" : "normal" }, svg,
                       `${i < p.warehouse.length ? "depot" : "extra"} ${i + 1}: ${n ? n + " " + r : "-"}`);
      clickable(depot, place);
    });
    el("text", { x: 10, y: y + 80, "font-size": 11 }, svg, `strongbox: ${bundle(p.strongbox)}`);
    p.slots.forEach((slot, k) => {
      const into = s === ctx.seat ? find("slot", k + 1) : undefined;
      const text = el("text", { x: 10 + k * 150, y: y + 96, "font-size": 11, class: "slot", "data-slot": k + 1,
                                fill: into ? "#0a0" : "#111", "font-weight": into ? "bold" : "normal" }, svg,
                      `slot ${k + 1}: ${slot.length ? cardLine(slot[slot.length - 1]) + (slot.length > 1 ? ` (+${slot.length - 1})` : "") : "-"}`);
      clickable(text, into);
    });
    const hand = Array.isArray(p.hand) ? (p.hand.length ? p.hand.map(leaderName).join(", ") : "none") : `${p.hand} hidden`;
    el("text", { x: 10, y: y + 112, "font-size": 11 }, svg,
       `active leaders: ${p.active.length ? p.active.map(leaderName).join(", ") : "none"}; in hand: ${hand}`);
  });
  root.replaceChildren(svg);
  root.appendChild(grid(view, find, ctx));
  if (view.task) {
    const task = document.createElement("p");
    task.id = "task";
    task.textContent = `to finish: ${taskText(view.task)}`;
    root.appendChild(task);
  }
  const mine = ctx.seat !== null && ctx.seat !== undefined ? players[ctx.seat] : null;
  root.appendChild(leaderPanel(view, mine, ctx));
  if (!legal.length) return;
  const onBoard = (a) => ["market", "buy", "slot"].includes(a[0]) || (a[0] === "place" && a[1] > 0);
  const buttons = actionButtons(legal, ctx.act, { filter: (a) => !onBoard(a) });
  buttons.id = "controls";
  for (const b of buttons.querySelectorAll("button.action")) {
    const action = legal.find((a) => label(a) === b.textContent);
    if (!action) continue;
    b.dataset.action = JSON.stringify(action);
    b.textContent = describe(action, mine);
    if (action[0] === "keep") b.title = `${leaderOf(action[1])?.ability} | ${leaderOf(action[2])?.ability}`;
    if (["activate", "discard"].includes(action[0])) b.title = leaderOf(action[1])?.ability ?? "";
  }
  const hint = document.createElement("p");
  hint.className = "hint";
  hint.textContent = "Green: tap an arrow to take a market row or column, a card to buy it, a depot or slot to put what you took there.";
  root.append(hint, buttons);
}

function taskText(task) {
  const what = { market: "the market's marbles", buy: `buying ${task.card ? cardLine(task.card) : "a card"}`, produce: "a production" }[task.kind] ?? task.kind;
  const parts = [`${what}: ${task.step}`];
  if (task.incoming?.length) parts.push(`still to place: ${task.incoming.join(", ")}`);
  if (task.pay && Object.keys(task.pay).length) parts.push(`to pay: ${Object.entries(task.pay).map(([r, n]) => `${n} ${r}`).join(", ")}`);
  if (task.pay_any) parts.push(`${task.pay_any} of any resource to pay`);
  return parts.join("; ");
}

function describe(a, me) {
  switch (a[0]) {
    case "keep": return `keep ${leaderName(a[1])} and ${leaderName(a[2])}`;
    case "pick": return `take 1 ${a[1]}`;
    case "white": return a[1] ? `white marble: ${a[1]}` : "white marble: nothing";
    case "place": return a[1] === 0 ? "discard the marble (others gain faith)" : `place in depot ${a[1]}`;
    case "market": return `take the market's ${a[1]} ${a[2]}`;
    case "buy": return `buy the level ${a[1]} ${a[2]} card`;
    case "slot": return `put the card in slot ${a[1]}`;
    case "move": return `swap depots ${a[1]} and ${a[2]}`;
    case "pay": return `pay 1 ${a[2]} from the ${a[1]}`;
    case "output": return `produce 1 ${a[1]}`;
    case "produce": return a[1] === "base" ? "base production (2 of any -> 1 of any)" : a[1] === "slot" ? `produce with slot ${a[2]}` : `produce with ${leaderName(a[2])}`;
    case "activate": return `activate ${leaderName(a[1])}`;
    case "discard": return `discard ${leaderName(a[1])} (1 faith)`;
    case "end": return "end the turn";
    default: return label(a);
  }
}

// -- cards and leaders as cards ------------------------------------------------------------------

const counts = (bundle) => Object.entries(bundle || {}).filter(([, n]) => n).map(([r, n]) => `${n} ${r}`).join(", ") || "nothing";
const cardLine = (id) => { const c = cardOf(id); return c ? `L${c.level} ${c.color} (${c.points} pt)` : `card ${id}`; };

// a development card: level and colour, cost, production (input -> output), points
function devCard(parent, id, attrs = {}, onclick = null) {
  const c = cardOf(id);
  const node = html(onclick ? "button" : "div", { class: `rcard dev-card colour-${c.color}`, "data-card": id,
                                                  ...(onclick ? { type: "button" } : {}), ...attrs }, parent);
  const top = html("span", { class: "rcard-top" }, node);
  html("span", {}, top, `Level ${c.level} ${c.color}`);
  html("span", { class: "rcard-points", "aria-label": `${c.points} victory points` }, top, `${c.points}★`);
  html("span", { class: "rcard-cost" }, node, `cost: ${counts(c.cost)}`);
  html("span", { class: "rcard-production" }, node, `${counts(c.input)} → ${counts(c.output)}`);
  if (onclick) node.onclick = onclick;
  return node;
}

// the grid of development cards: level 3 on top, as on the table; a buyable top card is a button
function grid(view, find, ctx) {
  const box = html("section", { class: "rgrid", "aria-label": "development cards" });
  html("h3", {}, box, "Development cards");
  const table = html("div", { class: "rgrid-cells" }, box);
  for (let level = 2; level >= 0; level--) {
    view.cards[level].forEach((pile, colour) => {
      const cell = html("div", { class: "rgrid-cell" }, table);
      const buy = find("buy", level + 1, COLOURS[colour]);
      const attrs = { "data-level": level + 1, "data-colour": COLOURS[colour], class: `rcard dev-card colour-${COLOURS[colour]}${buy ? " legal" : ""}` };
      if (pile.top) devCard(cell, pile.top, attrs, buy ? () => ctx.act(buy) : null);
      else html("div", { ...attrs, class: `${attrs.class} empty` }, cell, `Level ${level + 1} ${COLOURS[colour]}: none left`);
      html("span", { class: "pile" }, cell, `${pile.left} left`);
    });
  }
  return box;
}

// a leader: name, requirement, ability, points
function leaderCard(parent, id, state) {
  const l = leaderOf(id);
  const node = html("div", { class: `rcard leader ${state}`, "data-leader": id }, parent);
  const top = html("span", { class: "rcard-top" }, node);
  html("span", {}, top, l.name);
  html("span", { class: "rcard-points", "aria-label": `${l.points} victory points` }, top, `${l.points}★`);
  html("span", { class: "rcard-cost" }, node, `needs: ${l.requirement}`);
  html("span", { class: "rcard-production" }, node, l.ability);
  html("span", { class: "pile" }, node, state);
  return node;
}

// the seat's own leaders (dealt, in hand, active) and every player's active ones
function leaderPanel(view, mine, ctx) {
  const box = html("section", { id: "leaders", class: "rleaders", "aria-label": "leaders" });
  html("h3", {}, box, "Leaders");
  const list = html("div", { class: "rcards" }, box);
  if (mine && Array.isArray(mine.dealt)) mine.dealt.forEach((id) => leaderCard(list, id, "dealt: keep two"));
  if (mine && Array.isArray(mine.hand)) mine.hand.forEach((id) => leaderCard(list, id, "in your hand"));
  view.players.forEach((p, s) => p.active.forEach((id) => leaderCard(list, id, `active: ${ctx.names[s] ?? "seat " + (s + 1)}`)));
  if (!list.children.length) html("p", { class: "note" }, list, "No leader shown yet.");
  return box;
}
