// Catan on the sea board (JSettlers' large board): water, land, gold and fog hexes placed by their
// large-board coordinates, harbours, roads, ships, settlements and cities in seat colours, the
// robber and the pirate, and the scenarios' pieces (villages with their cloth, fortresses, the
// Forgotten Tribe's special edges).  The view is the seat's or the observer's: fog hexes come as
// "fog", their contents unknown here as to the player.  Every hex, path, ship and piece has a
// title; the seat's legal places light up (roads yellow, ships cyan), are reached by Tab and
// played by Enter or a click; a movable ship is ringed, choosing it shows where it may sail.
// Beside the board the catan module's own panel, dice, cost card and trade panel are used; this
// module adds the scenario's lines to the panel and its actions as buttons in words.  Every word
// about the game (phases, scenario and wonder names, the actions) is the game's face data.
import { button, el, html } from "/static/dom.js";

const R = 30;  // a hex's radius in pixels
const TERRAIN = { clay: "#c4653a", ore: "#8c8c8c", sheep: "#9fd36a", wheat: "#f0d04a", wood: "#3f8f3f",
                  desert: "#e6d3a3", gold: "#e3b505", fog: "#9a9a9a", water: "#5b9bd5" };
const PIPS = { 2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 8: 5, 9: 4, 10: 3, 11: 2, 12: 1 };
// what this module draws or labels itself: the catan module's generic buttons leave them out
export const DRAWN = new Set(["ship", "move_ship", "pirate", "bandit", "place_harbor", "rob_cloth", "pick_free",
                              "play_harbor", "attack_fortress", "wonder"]);
const ui = { moving: null, chosen: false };  // the ship picked to move, kept across frames

// One sea frame's drawing tables, by the size the view names, indexed once.
function frameOf(seaFrames, board) {
  const geo = seaFrames[`${board.height}x${board.width}`];
  if (!geo.hexAt) {
    geo.hexAt = new Map(geo.hex_coords.map((c, h) => [c, h]));
    geo.edgeAt = new Map(geo.edge_coords.map((c, e) => [c, e]));
    geo.nodeHexes = geo.nodes.map(() => []);
    geo.hex_nodes.forEach((nodes, h) => nodes.forEach((n) => geo.nodeHexes[n].push(h)));
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

const titled = (node, words) => { node.appendChild(el("title", {}, null, words)); return node; };
const fill = (template, values) => template.replace(/\{(\w+)\}/g, (_, key) => values[key] ?? "");

// The sea board drawn for the catan module's face: {svg, width, placeLegal, panel, buttons}.
// `parts`: the catan module's face data, `playable` (a legal place for mouse and keyboard),
// `owner` (a seat's piece in words), seat colours and the resource vector in words.
export function drawSea(view, ctx, seaFrames, parts) {
  const { face, playable, owner, SEATS, cards } = parts;
  const board = view.board, sea = view.sea;
  const geo = frameOf(seaFrames, board);
  const px = ([x, y]) => [x * R + R, y * R + R];
  const ends = (edge) => geo.edges[edge].map((n) => px(geo.nodes[n]));
  const wide = (board.width / 2 + 1.5) * Math.sqrt(3) * R, high = (board.height * 0.75 + 2) * R;
  const svg = el("svg", { viewBox: `0 0 ${wide} ${high}`, width: "100%", "data-board": "catan-sea",
                          "data-layout": board.layout, role: "group", "aria-label": "Catan sea board" });
  const g = el("g", {}, svg);
  const terrain = geo.hexes.map(() => ["water", 0]);
  for (const [coord, name, number] of board.hexes) terrain[geo.hexAt.get(coord)] = [name, number];
  // places in words: a hex by its number and resource, a corner or path by the hexes around it
  const hexName = (h) => {
    const [name, number] = terrain[h];
    return name === "water" ? "the sea" : name === "fog" ? "a fog hex" : number ? `${number}-${name}` : name;
  };
  const around = (hexes) => {
    const land = [...new Set(hexes)].map(hexName).filter((w) => w !== "the sea");
    return land.length ? `beside ${land.join(", ")}` : "out at sea";
  };
  const nodeWords = (n) => around(geo.nodeHexes[n]);
  const edgeWords = (e) => {  // a path between two water hexes by the land at its ends
    const [a, b] = geo.edges[e];
    const words = around(geo.nodeHexes[a].filter((h) => geo.nodeHexes[b].includes(h)));
    const ends = around([...geo.nodeHexes[a], ...geo.nodeHexes[b]]);
    return words === "out at sea" && ends !== words ? ends.replace(/^beside/, "off") : words;
  };
  terrain.forEach(([name, number], h) => {
    const [cx, cy] = px(geo.hexes[h]);
    const words = name === "water" ? "the sea" : name === "fog" ? "a fog hex: not yet explored"
      : number ? `${name}, number ${number}` : name;
    const here = [h === view.robber ? "the robber is here" : null, h === sea.pirate ? "the pirate is here" : null];
    titled(el("polygon", { points: geo.hex_nodes[h].map((n) => px(geo.nodes[n]).join(",")).join(" "),
                           fill: TERRAIN[name] ?? "#ccc", stroke: name === "water" ? "#4a86bd" : "#6b5", "stroke-width": 1.5,
                           class: `hex ${name}`, "data-hex": h, "data-terrain": name }, g),
           [words, ...here.filter(Boolean)].join(", "));
    if (name === "fog") el("text", { x: cx, y: cy + 6, "text-anchor": "middle", "font-size": 18, fill: "#eee", "aria-hidden": "true" }, g, "?");
    if (number) {
      el("circle", { cx, cy, r: 12, fill: "#fffbe8", stroke: "#333" }, g);
      el("text", { x: cx, y: cy + 4, "text-anchor": "middle", "font-size": 12, "font-weight": "bold", "aria-hidden": "true",
                   fill: number === 6 || number === 8 ? "#c00" : "#111" }, g, String(number));
      el("text", { x: cx, y: cy + 11, "text-anchor": "middle", "font-size": 6, "aria-hidden": "true" }, g, "•".repeat(PIPS[number] ?? 0));
    }
  });
  for (const [coord, kind] of board.harbors) {
    const edge = geo.edgeAt.get(coord);
    const [a, b] = ends(edge);
    const [mx, my] = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
    const words = face.harbors[kind] ?? String(kind);
    titled(el("rect", { x: mx - 17, y: my - 7, width: 34, height: 13, rx: 4, fill: "#fff", stroke: "#246", class: "harbor",
                        opacity: .9, "data-edge": edge }, g), `${words} harbour ${edgeWords(edge)}`);
    el("text", { x: mx, y: my + 3, "text-anchor": "middle", "font-size": 8, fill: "#111", "aria-hidden": "true" }, g, words);
  }
  for (const [edge, kind] of sea.special_edges ?? []) {
    const [a, b] = ends(edge);
    titled(el("line", { x1: a[0], y1: a[1], x2: b[0], y2: b[1], stroke: "#ffd700", "stroke-width": 5, "stroke-dasharray": "3 3",
                        class: "special-edge", "data-edge": edge }, g),
           `a place of the forgotten tribe ${edgeWords(edge)}: the first ship here takes ${face.special_edges[kind]}`);
  }
  const ships = new Map(sea.ships.map(([edge, seat]) => [edge, seat]));
  for (const [edge, seat] of view.roads) {
    const [a, b] = ends(edge);
    if (ships.has(edge)) {  // a hull: a band in the seat's colour with a dark rim
      titled(band(a, b, 4.5, { fill: SEATS[seat], stroke: "#0b2545", "stroke-width": 2, class: "ship", "data-edge": edge,
                               "data-seat": seat }, g), `${owner(ctx, seat)} ship ${edgeWords(edge)}`);
      continue;
    }
    el("line", { x1: a[0], y1: a[1], x2: b[0], y2: b[1], stroke: "#222", "stroke-width": 8, "stroke-linecap": "round" }, g);
    titled(el("line", { x1: a[0], y1: a[1], x2: b[0], y2: b[1], stroke: SEATS[seat], "stroke-width": 5, "stroke-linecap": "round",
                        class: "road", "data-edge": edge, "data-seat": seat }, g), `${owner(ctx, seat)} road ${edgeWords(edge)}`);
  }
  for (const [node, cloth, traders] of sea.cloth?.villages ?? []) {
    const [x, y] = px(geo.nodes[node]);
    const with_ = traders.map((s) => ctx.names[s] ?? `seat ${s + 1}`);
    titled(el("rect", { x: x - 7, y: y - 7, width: 14, height: 14, fill: "#a0522d", stroke: "#000", class: "village",
                        "data-node": node, "data-cloth": cloth }, g),
           `a village ${nodeWords(node)}: ${cloth} cloth left, trading with ${with_.join(", ") || "nobody yet"}`);
    el("text", { x, y: y + 3, "text-anchor": "middle", "font-size": 8, fill: "#fff", "aria-hidden": "true" }, g, String(cloth));
  }
  for (const [node, seat, strength] of sea.fortresses ?? []) {
    const [x, y] = px(geo.nodes[node]);
    titled(el("rect", { x: x - 8, y: y - 11, width: 16, height: 18, fill: "#555", stroke: SEATS[seat], "stroke-width": 3,
                        class: "fortress", "data-node": node, "data-strength": strength }, g),
           `${owner(ctx, seat)} fortress, held by the pirates, ${nodeWords(node)}: strength ${strength}`);
    el("text", { x, y: y + 3, "text-anchor": "middle", "font-size": 9, fill: "#fff", "aria-hidden": "true" }, g, String(strength));
  }
  for (const [node, seat, level] of view.buildings) {
    const [x, y] = px(geo.nodes[node]);
    titled(el(level === 2 ? "rect" : "circle", level === 2
      ? { x: x - 9, y: y - 9, width: 18, height: 18, fill: SEATS[seat], stroke: "#000", class: "city", "data-node": node }
      : { cx: x, cy: y, r: 7, fill: SEATS[seat], stroke: "#000", class: "settlement", "data-node": node }, g),
    `${owner(ctx, seat)} ${level === 2 ? "city" : "settlement"} ${nodeWords(node)}`);
  }
  if (view.robber >= 0) {
    const [cx, cy] = px(geo.hexes[view.robber]);
    titled(el("circle", { cx: cx - 16, cy, r: 8, fill: "#222", class: "robber", "data-hex": view.robber }, g),
           `the robber, on ${hexName(view.robber)}`);
  }
  if (sea.pirate >= 0) {  // the pirate ship (or, in Pirate Islands, the pirate fleet)
    const [cx, cy] = px(geo.hexes[sea.pirate]);
    const pirate = el("g", { class: "pirate-ship" }, g);
    titled(el("polygon", { points: `${cx - 12},${cy + 2} ${cx + 12},${cy + 2} ${cx + 7},${cy + 10} ${cx - 7},${cy + 10}`,
                           fill: "#111", class: "pirate", "data-hex": sea.pirate }, pirate),
           sea.fortresses ? "the pirate fleet" : "the pirate");
    el("polygon", { points: `${cx},${cy - 14} ${cx},${cy} ${cx + 10},${cy - 4}`, fill: "#111" }, pirate);
  }
  const words = face.sea_actions;
  return {
    svg, width: wide,
    placeLegal: () => legalOnBoard(g, ctx, { px, ends, geo, words, playable, hexName, nodeWords, edgeWords }),
    panel: (side) => scenarioLines(side, view, face),
    playerLine: (s) => playerLine(s, view, face),
    buttons: (box) => scenarioButtons(box, view, ctx, { words, face, cards, nodeWords }),
  };
}

// -- beside the board ---------------------------------------------------------------------------

function scenarioLines(side, view, face) {
  html("p", { id: "scenario" }, side, face.scenarios[view.sea.scenario]?.name ?? "Sea board");
}

function playerLine(s, view, face) {
  const sea = view.sea, extra = [];
  if (sea.svp[s]) extra.push(`${sea.svp[s]} of the points special victory point${sea.svp[s] === 1 ? "" : "s"}`);
  extra.push(`${sea.ships_left[s]} ship${sea.ships_left[s] === 1 ? "" : "s"} left`);
  if (sea.cloth) extra.push(`${sea.cloth.players[s]} cloth`);
  if (sea.warships) extra.push(`${sea.warships[s]} warship${sea.warships[s] === 1 ? "" : "s"}`);
  const held = (sea.wonders ?? []).find(([owner]) => owner === s);
  if (held) extra.push(`the ${face.wonders.names[held[2]] ?? held[2]}, level ${held[1]} of ${face.wonders.levels}`);
  return extra.join(", ");
}

// the scenario's choices, as buttons in words
function scenarioButtons(box, view, ctx, { words, face, cards, nodeWords }) {
  const sea = view.sea;
  for (const action of ctx.legal) {
    const [kind, arg] = action;
    let text = null, attrs = {};
    if (kind === "bandit") [text, attrs] = [words.bandit[arg], { id: `bandit-${arg === 1 ? "pirate" : "robber"}` }];
    else if (kind === "rob_cloth") [text, attrs] = [words.rob_cloth[arg], { "data-cloth": arg }];
    else if (kind === "pick_free") [text, attrs] = [fill(words.pick_free, { cards: cards(arg) }), { "data-counts": arg.join(",") }];
    else if (kind === "play_harbor") text = fill(words.play_harbor, { harbor: `${face.harbors[arg]} harbour` });
    else if (kind === "attack_fortress") {
      const fortress = (sea.fortresses ?? []).find(([, seat]) => seat === ctx.seat);
      text = fill(words.attack_fortress, { where: fortress ? nodeWords(fortress[0]) : "" }).trim();
    } else if (kind === "wonder") {
      const [owner, level, id] = sea.wonders[arg];
      const values = { wonder: face.wonders.names[id] ?? id, level: level + 1, levels: face.wonders.levels };
      text = fill(owner === ctx.seat ? words.wonder_level : words.wonder_start, values);
      attrs = { "data-wonder": arg };
    }
    if (text !== null) button(box, text, { class: `action ${kind.replaceAll("_", "-")}`, ...attrs }, () => ctx.act(action));
  }
}

// -- the seat's legal places on the board ----------------------------------------------------------

function legalOnBoard(g, ctx, { px, ends, geo, words, playable, hexName, nodeWords, edgeWords }) {
  const moves = ctx.legal.filter((a) => a[0] === "move_ship");
  if (ui.moving !== null && !moves.some((a) => a[1] === ui.moving)) ui.moving = null;
  for (const action of ctx.legal) {
    const [kind, where] = action;
    if (kind === "road" || kind === "ship" || kind === "place_harbor") {
      const [a, b] = ends(where);
      const colour = { road: "#ff0", ship: "#0ff", place_harbor: "#fff" }[kind];
      const text = kind === "road" ? `build a road ${edgeWords(where)}` : fill(words[kind], { where: edgeWords(where) });
      playable(band(a, b, 4, { fill: colour, stroke: "#000", opacity: .85, class: `legal legal-${kind.replace("_", "-")}`,
                               "data-edge": where }, g), text, action, ctx);
    } else if (kind === "settlement" || kind === "city") {
      const [x, y] = px(geo.nodes[where]);
      playable(el("circle", { cx: x, cy: y, r: 8, fill: "#ff0", stroke: "#000", opacity: .85, class: `legal legal-${kind}`,
                              "data-node": where }, g), `build a ${kind} ${nodeWords(where)}`, action, ctx);
    } else if (kind === "robber" || kind === "pirate") {
      const [cx, cy] = px(geo.hexes[where]);
      const text = kind === "robber" ? `move the robber to ${hexName(where)}` : fill(words.pirate, { hex: hexName(where) });
      playable(el("circle", { cx, cy, r: 14, fill: kind === "robber" ? "#ff0" : "#222", opacity: .55, class: `legal legal-${kind}`,
                              "data-hex": where }, g), text, action, ctx);
    }
  }
  // moving a ship: its source first, then where it sails
  const choose = (source) => { ui.moving = ui.moving === source ? null : source; ui.chosen = true; ctx.rerender(); };
  for (const source of new Set(moves.map((a) => a[1]))) {
    const [a, b] = ends(source);
    const ring = band(a, b, 7, { fill: "rgba(255,255,255,.05)", stroke: ui.moving === source ? "#f0f" : "#fff", "stroke-width": 2.5,
                                 class: "movable-ship", "data-edge": source }, g);
    playable(ring, fill(words.move_ship, { where: edgeWords(source) }), null, ctx, () => choose(source));
  }
  for (const action of moves.filter((a) => a[1] === ui.moving)) {
    const [a, b] = ends(action[2]);
    playable(band(a, b, 4, { fill: "#f0f", stroke: "#000", opacity: .8, class: "legal legal-move", "data-edge": action[2] }, g),
             fill(words.sail_to, { where: edgeWords(action[2]) }), action, ctx, () => { ui.moving = null; ctx.act(action); });
  }
  if (ui.chosen && ui.moving !== null) g.querySelector(".legal-move")?.focus();  // the keyboard goes on to the targets
  ui.chosen = false;
}
