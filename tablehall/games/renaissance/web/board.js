// Masters of Renaissance: the marble market with the spare marble, the development card grid
// with pile counts, each player's faith track with favour tiles, depots, strongbox, card slots
// and active leaders, Lorenzo's cross in solo games.  Playing: click a market row's or column's
// arrow to take its marbles, a depot to place the incoming marble (or discard it), a top card
// of the grid to buy it and a slot to put it in; productions, leader actions, payments and the
// setup's choices are labelled buttons.  Cards and leaders say what they are when hovered.  The
// page composes actions; the rules judge them.
import { actionButtons, label } from "/static/actions.js";
import { el } from "/static/dom.js";

let data = null;  // words for cards and leaders (/api/geometry/renaissance)
const loading = fetch("/api/geometry/renaissance").then((r) => r.json()).then((d) => { data = d; });
const cardText = (id) => data?.cards[id] ?? `card ${id}`;
const leaderText = (id) => data?.leaders[id] ?? `leader ${id}`;

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
    node.addEventListener("click", () => ctx.act(action));
    return node;
  };
  const players = view.players;
  const height = 210 + players.length * 150;
  const svg = el("svg", { width: 760, height, "data-board": "renaissance" });
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
  // development cards: level 1 at the bottom, as on the table
  el("text", { x: 230, y: 18, "font-size": 13 }, svg, "development cards (top card, pile)");
  view.cards.forEach((row, level) => row.forEach((pile, colour) => {
    const x = 230 + colour * 90, y = 30 + (2 - level) * 42;
    const buy = find("buy", level + 1, COLOURS[colour]);
    const card = el("rect", { x, y, width: 84, height: 36, rx: 4, fill: pile.top ? COLUMN[colour] : "#ddd", opacity: .85,
                              stroke: buy ? "#0c0" : "#333", "stroke-width": buy ? 4 : 1, class: "dev-card",
                              "data-level": level + 1, "data-colour": COLOURS[colour] }, svg);
    if (pile.top) el("title", {}, card, cardText(pile.top));
    clickable(card, buy);
    // labels let clicks through to the card under them
    const ink = colour === 2 ? "#222" : "#fff";  // dark on the yellow cards
    el("text", { x: x + 6, y: y + 15, "font-size": 11, fill: ink, "pointer-events": "none" }, svg,
       pile.top ? `#${pile.top} (L${level + 1})` : "empty");
    el("text", { x: x + 6, y: y + 30, "font-size": 10, fill: ink, "pointer-events": "none" }, svg, `${pile.left} left`);
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
                      `slot ${k + 1}: ${slot.length ? "#" + slot[slot.length - 1] + (slot.length > 1 ? ` (+${slot.length - 1})` : "") : "-"}`);
      if (slot.length) el("title", {}, text, cardText(slot[slot.length - 1]));
      clickable(text, into);
    });
    const hand = Array.isArray(p.hand) ? (p.hand.length ? p.hand.map((l) => "#" + l).join(" ") : "none") : `${p.hand} hidden`;
    el("text", { x: 10, y: y + 112, "font-size": 11 }, svg,
       `active leaders: ${p.active.length ? p.active.map((l) => "#" + l).join(" ") : "none"}; in hand: ${hand}`);
  });
  root.replaceChildren(svg);
  if (view.task) {
    const task = document.createElement("p");
    task.id = "task";
    task.textContent = `to finish: ${taskText(view.task)}`;
    root.appendChild(task);
  }
  const mine = ctx.seat !== null && ctx.seat !== undefined ? players[ctx.seat] : null;
  if (mine && Array.isArray(mine.hand)) {
    const leaders = document.createElement("p");
    leaders.id = "leaders";
    leaders.textContent = "your leaders: " + ([...mine.hand, ...mine.active].map((l) => `#${l} (${leaderText(l)})`).join("; ") || "none");
    root.appendChild(leaders);
  }
  if (!legal.length) return;
  const onBoard = (a) => ["market", "buy", "slot"].includes(a[0]) || (a[0] === "place" && a[1] > 0);
  const buttons = actionButtons(legal, ctx.act, { filter: (a) => !onBoard(a) });
  buttons.id = "controls";
  for (const b of buttons.querySelectorAll("button.action")) {
    const action = legal.find((a) => label(a) === b.textContent);
    if (!action) continue;
    b.textContent = describe(action, mine);
    if (action[0] === "keep") b.title = `${leaderText(action[1])} | ${leaderText(action[2])}`;
    if (["activate", "discard"].includes(action[0])) b.title = leaderText(action[1]);
  }
  const hint = document.createElement("p");
  hint.className = "hint";
  hint.textContent = "green on the board: click an arrow to take a market row or column, a card to buy it, a depot or slot to put what you took there";
  root.append(hint, buttons);
}

function taskText(task) {
  const what = { market: "the market's marbles", buy: `buying card #${task.card}`, produce: "a production" }[task.kind] ?? task.kind;
  const parts = [`${what}: ${task.step}`];
  if (task.incoming?.length) parts.push(`still to place: ${task.incoming.join(", ")}`);
  if (task.pay && Object.keys(task.pay).length) parts.push(`to pay: ${Object.entries(task.pay).map(([r, n]) => `${n} ${r}`).join(", ")}`);
  if (task.pay_any) parts.push(`${task.pay_any} of any resource to pay`);
  return parts.join("; ");
}

function describe(a, me) {
  switch (a[0]) {
    case "keep": return `keep leaders #${a[1]} and #${a[2]}`;
    case "pick": return `take 1 ${a[1]}`;
    case "white": return a[1] ? `white marble: ${a[1]}` : "white marble: nothing";
    case "place": return a[1] === 0 ? "discard the marble (others gain faith)" : `place in depot ${a[1]}`;
    case "move": return `swap depots ${a[1]} and ${a[2]}`;
    case "pay": return `pay 1 ${a[2]} from the ${a[1]}`;
    case "output": return `produce 1 ${a[1]}`;
    case "produce": return a[1] === "base" ? "base production (2 of any -> 1 of any)" : a[1] === "slot" ? `produce with slot ${a[2]}` : `produce with leader #${a[2]}`;
    case "activate": return `activate leader #${a[1]}`;
    case "discard": return `discard leader #${a[1]} (1 faith)`;
    case "end": return "end the turn";
    default: return label(a);
  }
}
