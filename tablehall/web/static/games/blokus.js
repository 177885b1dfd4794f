// Blokus: the 20x20 board in the four colours, the last move marked, pieces left and points.
const COLOURS = { BLUE: "#2f6fd6", YELLOW: "#e8c21b", RED: "#d63b2f", GREEN: "#2f9e44" };
const LETTERS = { B: "BLUE", Y: "YELLOW", R: "RED", G: "GREEN" };
const CELL = 24, SIZE = 20, NS = "http://www.w3.org/2000/svg";

function el(name, attrs, parent) {
  const node = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (parent) parent.appendChild(node);
  return node;
}

function colourAt(ch) {
  return LETTERS[ch.toUpperCase()] ?? null;
}

export function render(root, view, ctx) {
  const previous = ctx.previous ? ctx.previous.board : root._board;  // marks what the last move placed
  const svg = el("svg", { width: CELL * SIZE + 260, height: CELL * SIZE, "data-board": "blokus" });
  const grid = el("g", {}, svg);
  view.board.forEach((row, y) => [...row].forEach((ch, x) => {
    const colour = colourAt(ch);
    const changed = previous && previous[y][x] !== ch;
    el("rect", { x: x * CELL, y: y * CELL, width: CELL - 1, height: CELL - 1,
                 fill: colour ? COLOURS[colour] : "#f2f2f2", stroke: changed ? "#000" : "none",
                 "stroke-width": changed ? 2 : 0, class: changed ? "last-move" : "" }, grid);
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
}
