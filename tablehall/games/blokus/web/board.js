// Blokus: the 20x20 board in the four colours (the last move marked), each colour's tray of the
// pieces it has left, drawn as shapes, and the points.  The pieces, their English names, the
// colours and which seat plays each come from the rules (/api/faces/blokus); every turned and
// flipped footprint from /api/geometry/blokus.
//
// Playing: pick a piece in the tray, turn it (the rotate and flip buttons, or r and f), and the
// piece follows the pointer (or the keyboard's cursor), drawn where it would land: green where
// the legal moves the seat was sent hold that placement, red where they do not.  A click places
// it; on a touch screen a tap shows it and a second tap on the same square (or "place") places
// it.  The page decides no rule: it only looks a placement up among the legal moves.
import { button, el, html } from "/static/dom.js";

const FILL = { BLUE: "#2f6fd6", YELLOW: "#e8c21b", RED: "#d63b2f", GREEN: "#2f9e44" };
const LETTERS = { B: "BLUE", Y: "YELLOW", R: "RED", G: "GREEN" };
const ROTATIONS = ["NONE", "RIGHT", "MIRROR", "LEFT"];  // clockwise quarter turns, the contest's names
const CELL = 24, MARGIN = 16;
let face = null, turns = null, loading = null;

function load() {
  loading ??= Promise.all([fetch("/api/faces/blokus").then((r) => r.json()),
                           fetch("/api/geometry/blokus").then((r) => r.json())])
    .then(([f, g]) => { face = f; turns = g.pieces; twins = twinTable(); });
  return loading;
}

const pieceOf = (name) => face.pieces.find((p) => p.name === name);
const colourOf = (name) => face.colors.find((c) => c.name === name);
const capital = (s) => s[0].toUpperCase() + s.slice(1);
const square = (x, y) => `${face.columns[x]}${y + 1}`;

// -- a piece's turns: its cells for a (rotation, flipped), and the one name for equal footprints

const turnKey = (rot, flip) => `${ROTATIONS[rot]}/${flip}`;
function cellsOf(piece, rot, flip) {
  return turns[piece][turnKey(rot, flip)];
}
// the first (rotation, flipped) with the same footprint: the legal moves name one of each;
// a table made once, when the footprints arrive: piece -> turn -> its first twin
let twins = null;
function twinTable() {
  const table = {};
  for (const [piece, byTurn] of Object.entries(turns)) {
    const first = {};
    table[piece] = {};
    for (const [turn, cells] of Object.entries(byTurn)) {
      const footprint = JSON.stringify([...cells].sort());
      first[footprint] ??= turn;
      table[piece][turn] = first[footprint];
    }
  }
  return table;
}
function canonical(piece, rot, flip) {
  return twins[piece][turnKey(rot, flip)];
}
// the cell of a footprint that sits under the pointer: the one nearest the piece's middle
function handle(cells) {
  const mx = cells.reduce((s, c) => s + c[0], 0) / cells.length;
  const my = cells.reduce((s, c) => s + c[1], 0) / cells.length;
  let best = cells[0];
  for (const c of cells) if (Math.hypot(c[0] - mx, c[1] - my) < Math.hypot(best[0] - mx, best[1] - my)) best = c;
  return best;
}

// -- drawing ------------------------------------------------------------------------------------

function pieceDrawing(cells, fill, size = 9) {
  const w = Math.max(...cells.map((c) => c[0])) + 1, h = Math.max(...cells.map((c) => c[1])) + 1;
  const svg = el("svg", { viewBox: `0 0 ${w * size} ${h * size}`, width: w * size, height: h * size,
                          "aria-hidden": "true", class: "piece-shape" });
  svg.style.background = "transparent";  // not the board's frame
  svg.style.border = "none";
  for (const [x, y] of cells) el("rect", { x: x * size, y: y * size, width: size - 1, height: size - 1, fill }, svg);
  return svg;
}

function boardSvg(view, previous) {
  const side = CELL * face.board_size;
  const svg = el("svg", { viewBox: `${-MARGIN} ${-MARGIN} ${side + MARGIN} ${side + MARGIN}`, width: "100%",
                          "data-board": "blokus", role: "img", "aria-labelledby": "blokus-title" });
  svg.style.touchAction = "manipulation";
  const placed = Object.fromEntries(Object.keys(FILL).map((c) => [c, 0]));
  view.board.forEach((row) => [...row].forEach((ch) => { if (LETTERS[ch.toUpperCase()]) placed[LETTERS[ch.toUpperCase()]] += 1; }));
  el("title", { id: "blokus-title" }, svg, `Blokus board, 20 by 20 squares; squares covered: `
     + Object.entries(placed).map(([c, n]) => `${colourOf(c).word} ${n}`).join(", "));
  face.columns.split("").forEach((letter, x) => el("text", { x: x * CELL + CELL / 2, y: -4, "text-anchor": "middle",
                                                             "font-size": 10, fill: "#666" }, svg, letter));
  for (let y = 0; y < face.board_size; y++) {
    el("text", { x: -3, y: y * CELL + CELL / 2 + 4, "text-anchor": "end", "font-size": 10, fill: "#666" }, svg, String(y + 1));
  }
  const grid = el("g", { class: "cells" }, svg);
  view.board.forEach((row, y) => [...row].forEach((ch, x) => {
    const colour = LETTERS[ch.toUpperCase()] ?? null;
    const changed = previous && previous[y][x] !== ch;
    el("rect", { x: x * CELL, y: y * CELL, width: CELL - 1, height: CELL - 1, "data-x": x, "data-y": y,
                 fill: colour ? FILL[colour] : "#f2f2f2", stroke: changed ? "#000" : "none",
                 "stroke-width": 2, class: changed ? "last-move" : "" }, grid);
  }));
  el("g", { class: "previews", "pointer-events": "none" }, svg);
  return svg;
}

function trays(view, ctx) {
  const box = html("div", { id: "trays" });
  box.style.display = "grid";
  box.style.gridTemplateColumns = "repeat(auto-fit, minmax(16em, 1fr))";
  box.style.gap = ".4em 1em";
  for (const colour of face.colors) {
    const left = view.undeployed?.[colour.name] ?? [];
    const out = !(view.valid_colors ?? []).includes(colour.name);
    const tray = html("section", { class: "tray", "data-color": colour.name, "aria-label": `${colour.word} pieces left` }, box);
    const who = ctx.names?.[colour.seat] ?? `seat ${colour.seat + 1}`;
    const heading = html("h3", {}, tray, `${capital(colour.word)} (${who}): ${left.length} piece${left.length === 1 ? "" : "s"} left, `
         + `${view.points?.[colour.name] ?? 0} points${colour.name === view.current_color ? " · to move" : ""}${out ? " · out" : ""}`);
    heading.style.fontSize = "1em";
    heading.style.margin = ".3em 0";
    const shapes = html("div", { class: "tray-pieces" }, tray);
    shapes.style.display = "flex";
    shapes.style.flexWrap = "wrap";
    shapes.style.gap = "4px";
    for (const name of left) {
      const piece = pieceOf(name);
      const figure = html("span", { class: "tray-piece", "data-piece": name, title: piece.english, role: "img",
                                    "aria-label": piece.english }, shapes);
      figure.appendChild(pieceDrawing(piece.cells, FILL[colour.name], 6));
    }
  }
  return box;
}

// -- playing ------------------------------------------------------------------------------------

function playing(root, view, ctx, svg) {
  const legal = ctx.legal;
  const sets = legal.filter((a) => a[0] === "set");
  const pieces = [...new Set(sets.map((a) => a[2]))];
  const state = root._play ?? (root._play = { piece: null, rot: 0, flip: false, cursor: null, tapped: null });
  if (!pieces.includes(state.piece)) Object.assign(state, { piece: pieces[0] ?? null, rot: 0, flip: false });
  if (state.legal !== legal) {  // a new question: the piece starts in a turn that fits somewhere
    state.legal = legal;
    const fits = sets.filter((a) => a[2] === state.piece);
    const key = state.piece && canonical(state.piece, state.rot, state.flip);
    if (fits.length && !fits.some((a) => canonical(a[2], ROTATIONS.indexOf(a[3]), a[4]) === key)) {
      Object.assign(state, { rot: ROTATIONS.indexOf(fits[0][3]), flip: fits[0][4] });
    }
  }
  const colour = colourOf(view.current_color);
  const grid = svg.querySelector("g.cells"), previews = svg.querySelector("g.previews");
  const controls = html("div", { class: "blokus-controls", id: "blokus-controls" });

  // the legal placements of the chosen piece in its current turn, by the square under the pointer
  const cells = state.piece ? cellsOf(state.piece, state.rot, state.flip) : [];
  const [hx, hy] = cells.length ? handle(cells) : [0, 0];
  const key = state.piece ? canonical(state.piece, state.rot, state.flip) : null;
  const byAnchor = new Map();
  for (const a of sets) {
    if (a[2] === state.piece && canonical(a[2], ROTATIONS.indexOf(a[3]), a[4]) === key) byAnchor.set(`${a[5] + hx},${a[6] + hy}`, a);
  }
  const at = ([x, y]) => byAnchor.get(`${x},${y}`) ?? null;

  // the buttons first: the words below them change as the pointer moves, and must not move them
  const row = html("div", { class: "actions" }, controls);
  const info = html("p", { id: "orientation", "aria-live": "polite" }, controls);
  const place = button(null, "place", { id: "place", class: "action" }, () => { const a = state.cursor && at(state.cursor); if (a) ctx.act(a); });
  const show = (cursor) => {
    state.cursor = cursor;
    previews.replaceChildren();
    const action = cursor ? at(cursor) : null;
    if (cursor && state.piece) {
      for (const [dx, dy] of cells) {
        const px = cursor[0] - hx + dx, py = cursor[1] - hy + dy;
        if (px < 0 || py < 0 || px >= face.board_size || py >= face.board_size) continue;
        el("rect", { x: px * CELL + 3, y: py * CELL + 3, width: CELL - 7, height: CELL - 7, rx: 3, "data-x": px, "data-y": py,
                     fill: action ? "#35b535" : "#d33", opacity: .8, class: `preview ${action ? "preview-legal" : "preview-illegal"}` }, previews);
      }
      el("rect", { x: cursor[0] * CELL, y: cursor[1] * CELL, width: CELL - 1, height: CELL - 1, fill: "none", stroke: "#000",
                   "stroke-width": 2, class: "cursor" }, previews);
    }
    place.disabled = !action;
    const piece = state.piece ? pieceOf(state.piece).english : null;
    info.textContent = !piece ? `No piece of ${colour.word} fits anywhere: pass.`
      : `${capital(colour.word)} plays the ${piece}${state.flip ? ", flipped" : ""}${state.rot ? `, turned ${90 * state.rot}°` : ""}. `
        + (cursor ? `${square(...cursor)}: ${action ? "it fits here" : "it does not fit here"}.` : `${byAnchor.size} places it fits (marked).`);
  };

  for (const key of byAnchor.keys()) {
    const [x, y] = key.split(",").map(Number);
    const rect = grid.children[y * face.board_size + x];
    rect.classList.add("anchor");
    rect.setAttribute("fill", "#b8f0b8");
  }
  // one listener each for the whole board: the square is the target's
  const squareOf = (e) => e.target.dataset?.x === undefined ? null : [Number(e.target.dataset.x), Number(e.target.dataset.y)];
  grid.addEventListener("pointerover", (e) => { const cursor = squareOf(e); if (cursor && e.pointerType === "mouse") show(cursor); });
  grid.addEventListener("pointerdown", (e) => { state.touch = e.pointerType !== "mouse"; });
  grid.addEventListener("click", (e) => {
    const cursor = squareOf(e);
    if (!cursor) return;
    // a mouse places at once; a tap first shows the piece there, and a second tap places it
    const again = state.tapped && state.tapped[0] === cursor[0] && state.tapped[1] === cursor[1];
    show(cursor);
    if (state.touch && !again) { state.tapped = cursor; return; }
    state.tapped = null;
    const action = at(cursor);
    if (action) ctx.act(action);
  });
  svg.addEventListener("pointerleave", (e) => { if (e.pointerType === "mouse") show(null); });

  // the tray of the colour to move: its pieces that fit somewhere are buttons
  const pick = html("div", { class: "pieces", role: "group", "aria-label": `${colour.word} pieces to play` }, controls);
  pick.style.display = "flex";
  pick.style.flexWrap = "wrap";
  pick.style.gap = "4px";
  for (const name of view.undeployed?.[view.current_color] ?? []) {
    const piece = pieceOf(name);
    const b = button(pick, "", { class: "piece" + (name === state.piece ? " selected" : ""), "data-piece": name,
                                 "aria-label": piece.english, title: piece.english, "aria-pressed": String(name === state.piece) },
                     () => { Object.assign(state, { piece: name, rot: 0, flip: false }); render(root, view, ctx); });
    b.appendChild(pieceDrawing(piece.cells, pieces.includes(name) ? FILL[view.current_color] : "#bbb"));
    b.disabled = !pieces.includes(name);
  }
  const turn = (change) => { change(); render(root, view, ctx); };
  const rotate = () => turn(() => { state.rot = (state.rot + 1) % 4; });
  const flip = () => turn(() => { state.flip = !state.flip; });
  if (state.piece) {
    button(row, "rotate ↻ (r)", { id: "rotate", class: "action" }, rotate);
    button(row, "flip ⇋ (f)", { id: "flip", class: "action" }, flip);
    row.appendChild(place);
  }
  const skip = legal.find((a) => a[0] === "skip");
  if (skip) button(row, "pass", { id: "pass", class: "action" }, () => ctx.act(skip)).style.marginLeft = "1.5em";  // apart from "place"

  // the keyboard: the board takes the focus; arrows move the cursor, Enter places
  const area = root.querySelector("#blokus-area");
  area.tabIndex = 0;
  area.setAttribute("aria-label", "Board: arrow keys move the piece, Enter places it, r rotates, f flips");
  area.onkeydown = (e) => {
    const moves = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    if (moves[e.key]) {
      e.preventDefault();
      const [x, y] = state.cursor ?? [Math.floor(face.board_size / 2), Math.floor(face.board_size / 2)];
      const clamp = (v) => Math.max(0, Math.min(face.board_size - 1, v));
      show([clamp(x + moves[e.key][0]), clamp(y + moves[e.key][1])]);
    } else if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      const action = state.cursor && at(state.cursor);
      if (action) ctx.act(action);
    }
  };
  document.onkeydown = (e) => {
    if (!root.contains(document.activeElement) && document.activeElement !== document.body) return;
    if (!state.piece || e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.key === "r") { rotate(); root.querySelector("#blokus-area").focus(); }
    if (e.key === "f") { flip(); root.querySelector("#blokus-area").focus(); }
  };
  show(state.cursor);
  return controls;
}

export function render(root, view, ctx) {
  if (!face) {
    load().then(() => render(root, view, ctx));
    return;
  }
  const previous = ctx.previous ? ctx.previous.board : root._board;  // marks what the last move placed
  // a redraw keeps the keyboard where it was (the board, or a button of the same id)
  const focused = root.contains(document.activeElement) ? document.activeElement.id : "";
  const parts = [];
  if (typeof ctx.seat === "number") {
    const mine = face.colors.filter((c) => c.seat === ctx.seat).map((c) => c.word);
    const current = colourOf(view.current_color);
    parts.push(html("p", { id: "your-colours", class: "your-colours" }, null,
      `You play ${mine.join(" and ")}. ${view.valid_colors?.length ? `${capital(current.word)} to move` : "The game is over"}.`));
  }
  // a set width: the board's size must not follow the words beside it (a hover changes them)
  const area = html("div", { id: "blokus-area" });
  area.style.width = "min(600px, calc(100vw - 3em))";
  const svg = boardSvg(view, previous);
  area.appendChild(svg);
  parts.push(area);
  const score = [`round ${view.round}`];
  if (view.team_points) score.push(`teams ${view.team_points[0]} – ${view.team_points[1]} points`);
  root.replaceChildren(...parts);
  if (ctx.legal) root.appendChild(playing(root, view, ctx, svg));
  else document.onkeydown = null;
  html("p", { id: "blokus-score" }, root, score.join(" · "));
  // the trays change only when a piece is placed: drawn again only then
  const shown = JSON.stringify([view.undeployed, view.points, view.valid_colors, view.current_color, ctx.names]);
  if (root._trays?.shown !== shown) root._trays = { shown, node: trays(view, ctx) };
  root.appendChild(root._trays.node);
  root._board = view.board;
  if (focused) root.querySelector(`#${focused}`)?.focus();
}
