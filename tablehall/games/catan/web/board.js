// Catan: terrain hexes with number tokens and pips, harbours, roads, settlements and cities in
// seat colours, the robber, the dice drawn as dice, the build-cost card (the rules' own costs,
// from /api/faces/catan), and each player's public panel.  Every hex, corner and path the seat
// may use has a title for screen readers and is reached by Tab and played by Enter.  When the seat is asked,
// the nodes, edges and hexes of its legal placements light up and a click plays them; rolling,
// buying and playing development cards (and their choices), robbing, ending the turn are
// buttons; discarding on a 7 is a dialog choosing the cards; bank trades and offers to other
// players (and counter-offers) are composed in dialogs folded under "trade" until opened,
// answered with accept or reject.  The
// page only composes actions: the rules judge every one sent.
import { actionButtons } from "/static/actions.js";
import { button, el, html } from "/static/dom.js";
import { DRAWN, renderSea } from "/boards/catan/sea_board.js";

const R = 46;  // a hex's radius in pixels
const TERRAIN = { H: ["hills", "#c4653a", "clay"], M: ["mountains", "#8c8c8c", "ore"], P: ["pasture", "#9fd36a", "sheep"],
                  F: ["fields", "#f0d04a", "wheat"], FO: ["forest", "#3f8f3f", "wood"], D: ["desert", "#e6d3a3", null] };
const SEAT_WORDS = ["red", "blue", "white", "orange", "green", "brown"];
// where the game stands, for the panel (the view names the phase)
const PHASES = { START1A: "setup: first settlements", START1B: "setup: first roads", START2A: "setup: second settlements",
                 START2B: "setup: second roads", ROLL_OR_CARD: "before the roll", PLAY1: "building and trading",
                 PLACING_ROAD: "placing a road", PLACING_SETTLEMENT: "placing a settlement", PLACING_CITY: "placing a city",
                 PLACING_ROBBER: "moving the robber", PLACING_FREE_ROAD1: "placing free roads",
                 PLACING_FREE_ROAD2: "placing a free road", WAITING_FOR_DISCARDS: "discarding on a 7",
                 WAITING_FOR_ROB_CHOOSE_PLAYER: "choosing whom to rob", WAITING_FOR_DISCOVERY: "year of plenty",
                 WAITING_FOR_MONOPOLY: "monopoly", SPECIAL_BUILDING: "special building", OVER: "game over" };
const HARBOUR = { HRB: "2:1 clay", HRO: "2:1 ore", HRW: "2:1 sheep", HRG: "2:1 wheat", HRL: "2:1 wood", HR: "3:1" };
const SEATS = ["#d63b2f", "#2f6fd6", "#f2f2f2", "#e8901b", "#2f9e44", "#8b5a2b"];
const PIPS = { 2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 8: 5, 9: 4, 10: 3, 11: 2, 12: 1 };
const ON_BOARD = new Set(["settlement", "city", "road", "robber"]);
const RESOURCES = ["clay", "ore", "sheep", "wheat", "wood"];
const DEVS = ["knight", "road building", "year of plenty", "monopoly", "victory point"];
const COVERED = new Set([...ON_BOARD, "roll", "buy_dev", "cancel_build", "end_turn", "play_dev", "rob", "monopoly",
                         "pick_resources", "discard", "bank_trade", "accept", "reject", "withdraw", "offer"]);
let geometry = null, face = null, loading = null;

function hexPoints(cx, cy) {
  const points = [];
  for (let k = 0; k < 6; k++) {
    const a = Math.PI / 180 * (60 * k - 90);
    points.push(`${cx + R * Math.cos(a)},${cy + R * Math.sin(a)}`);
  }
  return points.join(" ");
}

// the log: resource vectors in words ("3 ore"), production gains per player
export function words(key, value, names) {
  const isVector = (v) => Array.isArray(v) && v.length === 5 && v.every((n) => typeof n === "number");
  if (isVector(value)) return cards(value);
  if (Array.isArray(value) && value.length && value.every(isVector)) {  // one vector per player
    const per = value.map((got, s) => got.some((n) => n) ? `${names[s] ?? "seat " + (s + 1)} ${cards(got)}` : null);
    return per.filter(Boolean).join("; ") || "nothing";
  }
  if (key === "amounts" || key === "totals") return value.map((n, s) => `${names[s] ?? s + 1} ${n}`).join(", ");
  return undefined;
}

export function render(root, view, ctx) {
  ctx = { ...ctx, root, rerender: () => render(root, view, ctx) };
  if (!geometry) {
    loading ??= Promise.all([fetch("/api/geometry/catan").then((r) => r.json()), fetch("/api/faces/catan").then((r) => r.json())])
      .then(([g, f]) => { geometry = g; face = f; });
    loading.then(() => render(root, view, ctx));
    return;
  }
  if (view.sea) return renderSea(root, view, ctx, geometry.sea, { handPanel, offersPanel, controls });
  // the 5-6 player board (view.frame "six") is larger: its own geometry and a larger picture
  const six = view.frame === "six";
  const geo = six ? geometry.six : geometry;
  const [dx, dy, wide, high] = six ? [6.2, 6.6, 11.4, 13.2] : [5.2, 5, 10.4, 10];
  const px = ([x, y]) => [x * R + dx * R, y * R + dy * R];
  const [tiles, harbourText] = view.board.split("|").map((s) => s.trim());
  const svg = el("svg", { viewBox: `0 0 ${wide * R + 40} ${high * R}`, width: "100%", "data-board": "catan",
                          role: "group", "aria-label": "Catan board" });
  const board = el("g", {}, svg);
  const hexNames = [];
  tiles.split(/\s+/).forEach((token, h) => {
    const [, code, number] = token.match(/^([A-Z]+?)(\d*)$/);
    const [name, , resource] = TERRAIN[code] ?? ["?", "#ccc", null];
    hexNames.push(resource ? `${number}-${resource}` : name);
  });
  // a corner or path in words: the hexes around it ("beside 6-wheat, 8-wood")
  const around = (points) => {
    const near = geo.hexes.map((c, h) => points.every(([x, y]) => Math.hypot(c[0] - x, c[1] - y) < 1.05) ? hexNames[h] : null);
    return `beside ${near.filter(Boolean).join(", ") || "the sea"}`;
  };
  const nodeWords = (n) => around([geo.nodes[n]]);
  const edgeWords = (e) => around(geo.edges[e].map((n) => geo.nodes[n]));
  tiles.split(/\s+/).forEach((token, h) => {
    const [, code, number] = token.match(/^([A-Z]+?)(\d*)$/);
    const [cx, cy] = px(geo.hexes[h]);
    const [name, colour, resource] = TERRAIN[code] ?? ["?", "#ccc", null];
    const title = resource ? `${name} (${resource}), number ${number}` : name;
    el("polygon", { points: hexPoints(cx, cy), fill: colour, stroke: "#6b5", "stroke-width": 2, "data-hex": h,
                    class: "hex" }, board).appendChild(el("title", {}, null, title + (h === view.robber ? ", the robber is here" : "")));
    if (number) {
      el("circle", { cx, cy, r: 15, fill: "#fffbe8", stroke: "#333" }, board);
      el("text", { x: cx, y: cy + 4, "text-anchor": "middle", "font-size": 14, "font-weight": "bold",
                   fill: number === "6" || number === "8" ? "#c00" : "#111" }, board, number);
      el("text", { x: cx, y: cy + 13, "text-anchor": "middle", "font-size": 8 }, board, "•".repeat(PIPS[number] ?? 0));
    }
    if (h === view.robber) {
      el("circle", { cx: cx - 22, cy, r: 9, fill: "#222", class: "robber" }, board).appendChild(el("title", {}, null, "the robber"));
    }
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
    el("line", { x1: a[0], y1: a[1], x2: b[0], y2: b[1], stroke: "#222", "stroke-width": 9, "stroke-linecap": "round" }, board);
    el("line", { x1: a[0], y1: a[1], x2: b[0], y2: b[1], stroke: SEATS[seat], "stroke-width": 6, "stroke-linecap": "round",
                 class: "road", "data-edge": edge, "data-seat": seat }, board)
      .appendChild(el("title", {}, null, `${owner(ctx, seat)} road ${edgeWords(edge)}`));
  }
  for (const [node, seat, level] of view.buildings) {
    const [x, y] = px(geo.nodes[node]);
    const size = level === 2 ? 11 : 8;
    el(level === 2 ? "rect" : "circle", level === 2
      ? { x: x - size, y: y - size, width: 2 * size, height: 2 * size, fill: SEATS[seat], stroke: "#000", class: "city" }
      : { cx: x, cy: y, r: size, fill: SEATS[seat], stroke: "#000", class: "settlement" }, board)
      .appendChild(el("title", {}, null, `${owner(ctx, seat)} ${level === 2 ? "city" : "settlement"} ${nodeWords(node)}`));
  }
  const table = html("div", { class: "catan-table" });
  table.style.display = "flex";
  table.style.flexWrap = "wrap";
  table.style.gap = ".5em 1.2em";
  table.style.alignItems = "flex-start";
  const boardBox = html("div", { class: "catan-board" }, table);
  boardBox.style.width = `min(${wide * R + 40}px, calc(100vw - 3em))`;  // not following the words beside it
  boardBox.style.flex = "none";
  boardBox.appendChild(svg);
  table.appendChild(sidePanel(view, ctx));
  root.replaceChildren(table);
  const mine = ctx.seat !== null && ctx.seat !== undefined ? view.players[ctx.seat] : null;
  if (mine && Array.isArray(mine.hand)) root.appendChild(handPanel(mine));
  root.appendChild(offersPanel(view, ctx));
  if (ctx.legal) play(view, ctx, { root, board, geo, px, hexNames, nodeWords, edgeWords, mine });
  root.appendChild(costCard());
}

// the seat's legal placements on the board, and its controls below it
function play(view, ctx, { root, board, geo, px, hexNames, nodeWords, edgeWords, mine }) {
  // legal placements on the board, clickable
  for (const action of ctx.legal) {
    const [kind, where] = action;
    if (!ON_BOARD.has(kind) || action.length !== 2) continue;
    if (kind === "road") {  // a band, not a line: a vertical line has no width to click on
      const [a, b] = geo.edges[where].map((n) => px(geo.nodes[n]));
      const [dx, dy] = [b[0] - a[0], b[1] - a[1]];
      const length = Math.hypot(dx, dy), [nx, ny] = [-dy / length * 5, dx / length * 5];
      const [sx, sy] = [dx * .15, dy * .15];  // leave the corners free for settlements
      const points = [[a[0] + sx + nx, a[1] + sy + ny], [b[0] - sx + nx, b[1] - sy + ny],
                      [b[0] - sx - nx, b[1] - sy - ny], [a[0] + sx - nx, a[1] + sy - ny]];
      playable(el("polygon", { points: points.map((p) => p.join(",")).join(" "), fill: "#ff0", stroke: "#000", opacity: .85,
                               class: "legal legal-road", "data-edge": where }, board), `build a road ${edgeWords(where)}`, action, ctx);
    } else if (kind === "robber") {
      const [cx, cy] = px(geo.hexes[where]);
      playable(el("circle", { cx, cy, r: 20, fill: "#ff0", opacity: .6, class: "legal legal-robber", "data-hex": where }, board),
               `move the robber to the ${hexNames[where]} hex`, action, ctx);
    } else {
      const [x, y] = px(geo.nodes[where]);
      playable(el("circle", { cx: x, cy: y, r: 9, fill: "#ff0", stroke: "#000", opacity: .85, class: `legal legal-${kind}`,
                              "data-node": where }, board), `build a ${kind} ${nodeWords(where)}`, action, ctx);
    }
  }
  root.appendChild(controls(view, ctx, mine));
}

// a legal place on the board: a button for the keyboard and screen readers too
function playable(node, words, action, ctx) {
  for (const [k, v] of Object.entries({ role: "button", tabindex: 0, "aria-label": words })) node.setAttribute(k, v);
  node.appendChild(el("title", {}, null, words));
  node.addEventListener("click", () => ctx.act(action));
  node.addEventListener("keydown", (e) => {
    if (e.key === "Enter" || e.key === " ") { e.preventDefault(); ctx.act(action); }
  });
  return node;
}

const owner = (ctx, seat) => `${ctx.names[seat] ?? "seat " + (seat + 1)}'s (${SEAT_WORDS[seat]})`;

// -- beside the board: the dice, the players, the build-cost card -------------------------------

const PIPS_AT = { 1: [[1, 1]], 2: [[0, 0], [2, 2]], 3: [[0, 0], [1, 1], [2, 2]], 4: [[0, 0], [2, 0], [0, 2], [2, 2]],
                  5: [[0, 0], [2, 0], [1, 1], [0, 2], [2, 2]], 6: [[0, 0], [2, 0], [0, 1], [2, 1], [0, 2], [2, 2]] };

function dice(values) {
  const rolled = values && values[0];
  const words = rolled ? `dice: ${values[0]} and ${values[1]}, ${values[0] + values[1]}` : "no roll yet this turn";
  const svg = el("svg", { viewBox: "0 0 84 38", width: 84, height: 38, id: "dice", role: "img", "aria-label": words,
                          "data-total": rolled ? values[0] + values[1] : "" });
  svg.style.background = "transparent";
  svg.style.border = "none";
  el("title", {}, svg, words);
  (rolled ? values : [0, 0]).forEach((n, k) => {
    const x = 2 + k * 44;
    el("rect", { x, y: 2, width: 34, height: 34, rx: 6, fill: rolled ? (k ? "#f6e27a" : "#fff") : "#ddd", stroke: "#333",
                 "stroke-width": 1.5, class: "die", "data-value": n }, svg);
    for (const [i, j] of PIPS_AT[n] ?? []) el("circle", { cx: x + 8 + i * 9, cy: 10 + j * 9, r: 3.2, fill: "#222" }, svg);
  });
  return svg;
}

function sidePanel(view, ctx) {
  const side = html("div", { id: "catan-side", class: "catan-side" });
  side.style.flex = "1 1 14em";  // beside the board where there is room, else below it
  const top = html("div", {}, side);
  top.style.display = "flex";
  top.style.gap = ".6em";
  top.style.alignItems = "center";
  top.appendChild(dice(view.dice));
  const total = view.dice && view.dice[0] ? view.dice[0] + view.dice[1] : null;
  html("span", { id: "dice-words" }, top, total ? `rolled ${total}` : "no roll yet");
  html("p", { id: "phase" }, side, `Round ${view.round}: ${ctx.names[view.current] ?? "seat " + (view.current + 1)}'s turn, `
       + `${PHASES[view.phase] ?? view.phase.toLowerCase().replaceAll("_", " ")}`);
  const list = html("ul", { class: "catan-players" }, side);
  list.style.listStyle = "none";
  list.style.paddingLeft = "0";
  view.players.forEach((p, s) => {
    const item = html("li", { "data-seat": s }, list);
    const swatch = html("span", { "aria-hidden": "true" }, item, "■ ");
    swatch.style.color = SEATS[s];
    swatch.style.textShadow = "0 0 1px #000";
    const name = html(s === view.current ? "strong" : "span", {}, item,
                      `${ctx.names[s] ?? "seat " + (s + 1)} (${SEAT_WORDS[s]}): ${p.vp} point${p.vp === 1 ? "" : "s"}${p.out ? " (out)" : ""}`);
    if (s === view.current) name.setAttribute("aria-current", "true");
    const honours = [view.longest_road === s ? "longest road" : null, view.largest_army === s ? "largest army" : null].filter(Boolean);
    html("div", { class: "note" }, item, `${plural(p.resources, "card")}, ${plural(p.dev_cards, "development card")}, `
         + `${plural(p.knights, "knight")} played, road ${p.road_length}${honours.length ? " · " + honours.join(", ") : ""}`);
  });
  return side;
}

const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;

function costCard() {
  const card = html("details", { id: "cost-card", class: "cost-card", open: "" });
  html("summary", {}, card, "Building costs");
  const table = html("table", {}, card);
  for (const row of face.costs) {
    const tr = html("tr", { "data-build": row.build }, table);
    html("th", { scope: "row" }, tr, row.build);
    const cost = html("td", {}, tr);
    cost.style.display = "flex";
    cost.style.flexWrap = "wrap";
    cost.style.gap = "3px";
    for (const [resource, n] of Object.entries(row.cost)) {
      html("span", { class: `card res-${resource}` }, cost, `${n} ${resource}`).style.whiteSpace = "nowrap";
    }
    html("td", {}, tr, row.points === null ? "a card" : `${plural(row.points, "point")}${row.note ? ` (${row.note})` : ""}`);
  }
  return card;
}

// -- the seat's own cards and the open offers ---------------------------------------------------

function cards(vec) {
  const parts = vec.map((n, r) => n ? `${n} ${RESOURCES[r]}` : null).filter(Boolean);
  return parts.length ? parts.join(", ") : "nothing";
}

function handPanel(me) {
  const box = html("div", { id: "hand", class: "hand" });
  html("span", {}, box, "your hand: ");
  me.hand.forEach((n, r) => html("span", { class: `card res-${RESOURCES[r]}`, "data-resource": r, "data-count": n },
                                 box, `${RESOURCES[r]} ${n}`));
  const devs = [];
  (me.dev_hand ?? []).forEach((n, k) => { if (n) devs.push(`${n} ${DEVS[k]}`); });
  (me.dev_new ?? []).forEach((n, k) => { if (n) devs.push(`${n} ${DEVS[k]} (new)`); });
  html("span", { id: "dev-cards" }, box, ` · development cards: ${devs.join(", ") || "none"}`);
  if (me.ratios) html("span", { id: "ratios" }, box, ` · bank ratios ${me.ratios.map((n, r) => `${n}:1 ${RESOURCES[r]}`).join(", ")}`);
  return box;
}

function offersPanel(view, ctx) {
  const box = html("div", { id: "offers" });
  // answers are offered wherever the seat may act now; the rules judge them (an offer one cannot
  // pay for is refused with the reason)
  const may = ctx.legal !== null && ctx.legal !== undefined && view.phase === "PLAY1";
  (view.offers ?? []).forEach((offer, s) => {
    if (!offer) return;
    const line = html("p", { class: "offer", "data-from": s }, box,
      `${ctx.names[s] ?? "seat " + (s + 1)} offers ${cards(offer.give)} for ${cards(offer.get)} to `
      + offer.to.map((t) => ctx.names[t] ?? `seat ${t + 1}`).join(", ") + " ");
    if (s === ctx.seat && may) button(line, "withdraw", { id: "withdraw" }, () => ctx.act(["withdraw"]));
    if (s !== ctx.seat && offer.to.includes(ctx.seat) && may && !offer.answered.includes(ctx.seat)) {
      button(line, "accept", { class: "accept" }, () => ctx.act(["accept", s]));
      button(line, "reject", { class: "reject" }, () => ctx.act(["reject"]));
      if (mayOffer(view, ctx)) {
        button(line, "counter", { class: "counter" }, () => {
          ui.offer = { give: [...offer.get], get: [...offer.give], to: [s] };
          ui.tradeOpen = true;
          ctx.rerender();
          document.getElementById("offer-dialog")?.scrollIntoView();
        });
      }
    }
  });
  return box;
}

// -- controls: buttons, the discard dialog, trades ----------------------------------------------

const ui = { discard: null, offer: null, bank: null, pick: [], tradeOpen: false };  // dialog state kept across frames

function mayOffer(view, ctx) {
  return view.phase === "PLAY1" && Boolean(ctx.unprompted || ctx.asked);
}

function controls(view, ctx, me) {
  const box = html("div", { id: "controls", class: "actions" });
  const legal = ctx.legal;
  const kinds = new Set(legal.map((a) => a[0]));
  const simple = { roll: ["roll the dice", "roll"], buy_dev: ["buy a development card", "buy-dev"],
                   cancel_build: ["cancel", "cancel-build"], end_turn: ["end turn", "end-turn"] };
  for (const [kind, [text, id]] of Object.entries(simple)) {
    if (kinds.has(kind)) button(box, text, { id, class: "action" }, () => ctx.act([kind]));
  }
  for (const action of legal.filter((a) => a[0] === "play_dev")) {
    button(box, `play ${DEVS[action[1]]}`, { class: "action play-dev", "data-card": action[1] }, () => ctx.act(action));
  }
  for (const action of legal.filter((a) => a[0] === "rob")) {
    button(box, `rob ${ctx.names[action[1]] ?? "seat " + (action[1] + 1)}`, { class: "action rob", "data-victim": action[1] },
           () => ctx.act(action));
  }
  for (const action of legal.filter((a) => a[0] === "monopoly")) {
    button(box, `monopoly on ${RESOURCES[action[1]]}`, { class: "action monopoly", "data-resource": action[1] },
           () => ctx.act(action));
  }
  if (kinds.has("pick_resources")) box.appendChild(pickDialog(view, ctx));
  if (kinds.has("discard")) box.appendChild(discardDialog(view, ctx, me));
  else ui.discard = null;
  // trading, folded until opened (and kept open across frames once opened)
  const bank = kinds.has("bank_trade"), offers = Boolean(me && mayOffer(view, ctx));
  if (bank || offers) {
    const trade = html("details", { id: "trade", class: "trade" }, box);
    trade.open = ui.tradeOpen;
    trade.addEventListener("toggle", () => { ui.tradeOpen = trade.open; });
    trade.style.width = "100%";
    html("summary", {}, trade, bank && offers ? "Trade with the bank or the players" : bank ? "Trade with the bank" : "Trade with the players");
    if (bank) trade.appendChild(bankDialog(ctx, me));
    if (offers) trade.appendChild(offerDialog(view, ctx, me));
  }
  if (!offers) ui.offer = null;
  // anything this page has no control for still gets a button (the rules may grow)
  box.appendChild(actionButtons(legal, ctx.act, { filter: (a) => !COVERED.has(a[0]) && !DRAWN.has(a[0]) }));
  return box;
}

function pickDialog(view, ctx) {
  const box = html("div", { id: "pick-dialog", class: "dialog" });
  html("p", {}, box, `Year of plenty: take two resources from the bank (${ui.pick.map((r) => RESOURCES[r]).join(" + ") || "choose"})`);
  RESOURCES.forEach((name, r) => button(box, name, { class: "pick", "data-resource": r }, () => {
    ui.pick = [...ui.pick, r].slice(-2);
    if (ui.pick.length === 2) {
      const [a, b] = [...ui.pick].sort((x, y) => x - y);
      ui.pick = [];
      ctx.act(["pick_resources", a, b]);
    } else ctx.rerender();
  }));
  return box;
}

function counter(parent, name, value, max, onchange, cls) {
  const row = html("span", { class: `counter ${cls}`, "data-resource": name });
  html("span", { class: "name" }, row, `${name} `);
  button(row, "−", { class: "less", "aria-label": `one ${name} less` }, () => value > 0 && onchange(value - 1));
  html("span", { class: "value" }, row, String(value));
  button(row, "+", { class: "more", "aria-label": `one ${name} more` }, () => value < max && onchange(value + 1));
  parent.appendChild(row);
}

function discardDialog(view, ctx, me) {
  const need = view.discards?.[ctx.seat] ?? 0;
  if (!ui.discard || ui.discard.need !== need) ui.discard = { need, counts: [0, 0, 0, 0, 0] };
  const counts = ui.discard.counts;
  const chosen = counts.reduce((a, b) => a + b, 0);
  const box = html("div", { id: "discard-dialog", class: "dialog" });
  html("p", {}, box, `A 7 was rolled: discard ${need} cards (${chosen} chosen)`);
  RESOURCES.forEach((name, r) => counter(box, name, counts[r], me.hand[r], (n) => {
    if (n > counts[r] && chosen >= need) return;
    counts[r] = n;
    ctx.rerender();
  }, `discard-${name}`));
  const go = button(box, `discard ${need}`, { id: "discard" }, () => ctx.act(["discard", [...counts]]));
  go.disabled = chosen !== need;
  return box;
}

function bankDialog(ctx, me) {
  const lots = ctx.legal.filter((a) => a[0] === "bank_trade");
  const gives = [...new Set(lots.map((a) => a[1].findIndex((n) => n > 0)))];
  const state = ui.bank && gives.includes(ui.bank.give) ? ui.bank : (ui.bank = { give: gives[0], get: null });
  const box = html("div", { id: "bank-dialog", class: "dialog" });
  html("span", {}, box, "Trade with the bank: give ");
  for (const r of gives) {
    const ratio = lots.find((a) => a[1][r] > 0)[1][r];
    button(box, `${ratio} ${RESOURCES[r]}`, { class: `bank-give${r === state.give ? " selected" : ""}`, "data-resource": r },
           () => { state.give = r; ctx.rerender(); });
  }
  html("span", {}, box, " for 1 ");
  for (const action of lots.filter((a) => a[1][state.give] > 0)) {
    const r = action[2].findIndex((n) => n > 0);
    button(box, RESOURCES[r], { class: "bank-get", "data-resource": r }, () => ctx.act(action));
  }
  return box;
}

function offerDialog(view, ctx, me) {
  const others = view.players.map((_, s) => s).filter((s) => s !== ctx.seat && !view.players[s].out);
  const myTurn = view.current === ctx.seat;
  if (!ui.offer) ui.offer = { give: [0, 0, 0, 0, 0], get: [0, 0, 0, 0, 0], to: myTurn ? others : [view.current] };
  const offer = ui.offer;
  if (!myTurn) offer.to = [view.current];  // outside one's turn, offers go to the player whose turn it is
  const box = html("div", { id: "offer-dialog", class: "dialog" });
  html("p", {}, box, myTurn ? "Offer a trade to other players:" : `Offer a trade to ${ctx.names[view.current]}:`);
  const give = html("div", { class: "give" }, box, "give ");
  RESOURCES.forEach((name, r) => counter(give, name, offer.give[r], me.hand[r], (n) => { offer.give[r] = n; ctx.rerender(); }, `give-${name}`));
  const get = html("div", { class: "get" }, box, "for ");
  RESOURCES.forEach((name, r) => counter(get, name, offer.get[r], 19, (n) => { offer.get[r] = n; ctx.rerender(); }, `get-${name}`));
  if (myTurn) {
    const to = html("div", { class: "to" }, box, "to ");
    for (const s of others) {
      const label = html("label", {}, to);
      const check = html("input", { type: "checkbox", class: "offer-to", "data-seat": s }, label);
      check.checked = offer.to.includes(s);
      check.onchange = () => { offer.to = check.checked ? [...offer.to, s] : offer.to.filter((t) => t !== s); };
      label.append(` ${ctx.names[s] ?? "seat " + (s + 1)} `);
    }
  }
  button(box, "make the offer", { id: "make-offer" }, () => {
    const sent = ["offer", [...offer.give], [...offer.get], [...offer.to].sort((a, b) => a - b)];
    ui.offer = null;
    ctx.act(sent);
  });
  return box;
}
