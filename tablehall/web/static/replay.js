// The replay viewer: every observer view of a record, stepped with buttons, slider and keys,
// each move in words (the game's move text); the last step is drawn with the game's result.
// Stepping keeps the board in view (on a phone the move list is below it).
import { figureFor, rendererFor } from "/static/board.js";
import { moveItem } from "/static/log.js";

const root = document.getElementById("replay");
const board = document.getElementById("board");
const slider = document.getElementById("slider");
const moves = document.getElementById("moves");
const position = document.getElementById("position");
let steps = [], at = 0, render, players = [], result = null;

function show(index) {
  at = Math.max(0, Math.min(steps.length - 1, index));
  slider.value = at;
  const step = steps[at];
  render(board, step.view, { seat: null, names: players, legal: null, act: () => {}, events: [],
                             previous: at > 0 ? steps[at - 1].view : null,
                             result: at === steps.length - 1 ? result : null });
  position.textContent = `${at} / ${steps.length - 1}`;
  moves.querySelectorAll("li").forEach((li, i) => li.classList.toggle("current", i + 1 === at));
  const current = moves.children[at - 1];
  // scroll the list itself, never the page: the board stays where the person looks
  if (current) moves.scrollTop = current.offsetTop - moves.offsetTop - moves.clientHeight / 2;
  document.getElementById("result").textContent = at === steps.length - 1 ? root.dataset.resultText : "";
}

async function start() {
  // the steps and the board's module load side by side
  const game = root.dataset.game;
  const [response, renderer, figure] = await Promise.all([
    fetch(`/api/records/${root.dataset.record}/replay`), rendererFor(game), figureFor(game)]);
  const data = await response.json();
  if (!response.ok) { board.textContent = data.detail || "this record cannot be replayed"; return; }
  steps = data.steps; players = data.players;
  render = renderer;
  result = data.result;
  root.dataset.resultText = result ? `Result (${result.cause}): ` + result.seats.map((s) =>
    `${players[s.seat]} rank ${s.rank}, score ${s.score}${s.cause ? " (" + s.cause + ")" : ""}`).join("; ") : "no result";
  slider.max = steps.length - 1;
  steps.slice(1).forEach((step, i) => {
    const text = step.text.lines.length ? step.text : { lines: [`${players[step.seat] ?? "—"}: ${JSON.stringify(step.action)}`] };
    const li = moveItem(text, figure);
    li.tabIndex = -1;
    li.addEventListener("click", () => show(i + 1));
    moves.appendChild(li);
  });
  document.getElementById("first").onclick = () => show(0);
  document.getElementById("prev").onclick = () => show(at - 1);
  document.getElementById("next").onclick = () => show(at + 1);
  document.getElementById("last").onclick = () => show(steps.length - 1);
  slider.oninput = () => show(Number(slider.value));
  document.addEventListener("keydown", (e) => {
    const to = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: steps.length - 1 }[e.key];
    if (to !== undefined) { e.preventDefault(); show(to); }
  });
  show(0);
  root.dataset.ready = "true";
}

start();
