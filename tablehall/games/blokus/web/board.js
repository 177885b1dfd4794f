// Blokus: the 20x20 board in the four colours, the last move marked, pieces left and points.
import { el } from "/static/dom.js";

const COLOURS = { BLUE: "#2f6fd6", YELLOW: "#e8c21b", RED: "#d63b2f", GREEN: "#2f9e44" };
const LETTERS = { B: "BLUE", Y: "YELLOW", R: "RED", G: "GREEN" };
const CELL = 24, SIZE = 20;

function colourAt(ch) {
  return LETTERS[ch.toUpperCase()] ?? null;
}

// Playing: pick a piece, turn it (r: rotate, f: flip), and the cells where it may be placed
// (its anchor, as the contest gives a move's x and y) light up; hovering a cell previews the
// piece there, green where the rules list that placement and red where they do not; click to
// place, or pass.  The piece shapes come from the server (/api/geometry/blokus).
let shapes = null;
fetch("/api/geometry/blokus").then((r) => r.json()).then((g) => { shapes = g.pieces; });

function preview(grid, cells, x, y, legal) {
  for (const old of grid.querySelectorAll(".preview")) old.remove();
  for (const [dx, dy] of cells) {
    const px = x + dx, py = y + dy;
    if (px >= SIZE || py >= SIZE) continue;
    el("rect", { x: px * CELL + 3, y: py * CELL + 3, width: CELL - 7, height: CELL - 7, rx: 3,
                 fill: legal ? "#35b535" : "#d33", opacity: .75, class: `preview ${legal ? "preview-legal" : "preview-illegal"}`,
                 "pointer-events": "none" }, grid);
  }
}
function orientations(legal, piece) {
  const seen = new Map();
  for (const a of legal) if (a[0] === "set" && a[2] === piece) seen.set(`${a[3]}/${a[4]}`, [a[3], a[4]]);
  return [...seen.values()];
}

function playing(root, view, ctx, grid) {
  const legal = ctx.legal;
  const pieces = [...new Set(legal.filter((a) => a[0] === "set").map((a) => a[2]))];
  const state = root._play ?? (root._play = { piece: null, orient: 0 });
  if (!pieces.includes(state.piece)) { state.piece = pieces[0] ?? null; state.orient = 0; }
  const turns = state.piece ? orientations(legal, state.piece) : [];
  state.orient = turns.length ? state.orient % turns.length : 0;
  const [rotation, flipped] = turns[state.orient] ?? [null, null];
  const cells = (shapes && state.piece) ? shapes[state.piece][`${rotation}/${flipped}`] ?? [] : [];
  for (const rect of [...grid.querySelectorAll("rect[data-x]")]) {
    const x = Number(rect.dataset.x), y = Number(rect.dataset.y);
    const action = legal.find((a) => a[0] === "set" && a[2] === state.piece && a[3] === rotation
                                  && a[4] === flipped && a[5] === x && a[6] === y);
    rect.addEventListener("mouseenter", () => preview(grid, cells, x, y, Boolean(action)));
    if (action) {
      rect.classList.add("anchor");
      rect.setAttribute("fill", "#b8f0b8");
      rect.addEventListener("click", () => ctx.act(action));
    }
  }
  grid.addEventListener("mouseleave", () => preview(grid, [], 0, 0, false));
  const controls = document.createElement("div");
  controls.className = "blokus-controls";
  const info = document.createElement("p");
  info.id = "orientation";
  info.textContent = state.piece ? `${view.current_color.toLowerCase()} plays ${state.piece}, ${rotation}${flipped ? ", flipped" : ""} `
    + "(r: rotate, f: flip; green cells: where it fits)" : "no piece fits: pass";
  controls.appendChild(info);
  for (const piece of pieces) {
    const button = document.createElement("button");
    button.className = "piece" + (piece === state.piece ? " selected" : "");
    button.dataset.piece = piece;
    button.textContent = piece;
    button.onclick = () => { state.piece = piece; state.orient = 0; render(root, view, ctx); };
    controls.appendChild(button);
  }
  const skip = legal.find((a) => a[0] === "skip");
  if (skip) {
    const pass = document.createElement("button");
    pass.id = "pass";
    pass.textContent = "pass";
    pass.onclick = () => ctx.act(skip);
    controls.appendChild(pass);
  }
  document.onkeydown = (e) => {
    if (!root._play || !ctx.legal) return;
    if (e.key === "r") { state.orient += 1; render(root, view, ctx); }
    if (e.key === "f") {
      const flippedTwin = turns.findIndex((t) => t[0] === rotation && t[1] !== flipped);
      state.orient = flippedTwin >= 0 ? flippedTwin : state.orient + 1;
      render(root, view, ctx);
    }
  };
  root.appendChild(controls);
}

export function render(root, view, ctx) {
  const previous = ctx.previous ? ctx.previous.board : root._board;  // marks what the last move placed
  const svg = el("svg", { width: CELL * SIZE + 260, height: CELL * SIZE, "data-board": "blokus" });
  const grid = el("g", {}, svg);
  view.board.forEach((row, y) => [...row].forEach((ch, x) => {
    const colour = colourAt(ch);
    const changed = previous && previous[y][x] !== ch;
    el("rect", { x: x * CELL, y: y * CELL, width: CELL - 1, height: CELL - 1, "data-x": x, "data-y": y,
                 fill: colour ? COLOURS[colour] : "#f2f2f2", stroke: changed ? "#000" : "none",
                 "stroke-width": 2, class: changed ? "last-move" : "" }, grid);
  }));
  const side = el("g", { transform: `translate(${CELL * SIZE + 12}, 10)` }, svg);
  let y = 0;
  for (const colour of Object.keys(COLOURS)) {
    const left = (view.undeployed?.[colour] ?? []).length;
    const active = (view.valid_colors ?? []).includes(colour);
    el("rect", { x: 0, y, width: 14, height: 14, fill: COLOURS[colour], opacity: active ? 1 : .35 }, side);
    const text = el("text", { x: 20, y: y + 12, "font-size": 13 }, side);
    text.textContent = `${colour.toLowerCase()}: ${left} pieces left${colour === view.current_color ? " (to move)" : ""}`;
    y += 22;
  }
  const round = el("text", { x: 0, y: y + 14, "font-size": 13 }, side);
  round.textContent = `round ${view.round}, turn ${view.turn}`;
  for (const [i, colour] of Object.keys(COLOURS).entries()) {
    const pts = el("text", { x: 0, y: y + 36 + 18 * i, "font-size": 13 }, side);
    pts.textContent = `${colour.toLowerCase()}: ${view.points?.[colour] ?? 0} points`;
  }
  if (view.team_points) {
    const teams = el("text", { x: 0, y: y + 36 + 18 * 4, "font-size": 13 }, side);
    teams.textContent = `teams: ${view.team_points[0]} – ${view.team_points[1]}`;
  }
  root.replaceChildren(svg);
  root._board = view.board;
  if (ctx.legal) playing(root, view, ctx, grid);
}
