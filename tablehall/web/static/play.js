// A person's seat: the seat's own view over its WebSocket, the legal actions when it is asked
// (or may act unasked, like answering a trade offer), and what the person picks sent back.  The
// token is in the URL's fragment (never sent to the server in a request line) or kept in
// localStorage, so a closed tab can rejoin its seat.  A game with open seats shows who it waits
// for and how their clients connect until the last one sits down.  When the seat is asked, the
// time it has left is counted down (the server's clock decides; this only shows it).  A second
// tab that takes the seat greys this one out, with a button to take the seat back.  At the end:
// the summary, and a rematch (the same seats, a new seed).
import { figureFor, rendererFor } from "/static/board.js";
import { chatBox } from "/static/chat.js";
import { addCopyButtons } from "/static/copy.js";
import { csrfHeader } from "/static/csrf.js";
import { button, html } from "/static/dom.js";
import { appendMoves, showHistory } from "/static/log.js";
import { showRatingChanges } from "/static/ratings.js";
import { summary } from "/static/summary.js";

const root = document.getElementById("play");
const board = document.getElementById("board");
let players = JSON.parse(root.dataset.players);
const seat = Number(new URLSearchParams(location.search).get("seat"));
const stored = JSON.parse(localStorage.getItem(`tablehall-seat-${root.dataset.id}`) || "null");
const token = location.hash.slice(1) || (stored && stored.seat === seat ? stored.token : "");
if (location.hash) localStorage.setItem(`tablehall-seat-${root.dataset.id}`, JSON.stringify({ seat, token }));
const status = (text) => { document.getElementById("status").textContent = text; };

// the seat's clock: seconds left when the frame came, counted down until the next frame
let deadline = null;
function showClock() {
  const clock = document.getElementById("clock");
  if (deadline === null) { clock.textContent = ""; return; }
  const left = Math.max(0, Math.ceil((deadline - performance.now()) / 1000));
  clock.textContent = `time left for this move: ${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
  clock.className = left <= 30 ? "error" : "";
}
setInterval(showClock, 500);

function showTable(table) {
  const box = document.getElementById("waiting");
  box.replaceChildren();
  if (!table) return;
  const list = document.createElement("ul");
  for (const s of table.seats) {
    const item = document.createElement("li");
    item.className = s.waiting ? "seat-waiting" : "seat-taken";
    const who = s.waiting ? `open${s.held_for ? " for " + s.held_for : ""}` : (s.taken_by || s.name);
    item.textContent = `seat ${s.seat + 1}: ${who} `;
    if (s.waiting && s.connect) {
      const code = document.createElement("code");
      code.className = "copy";
      code.textContent = s.connect;
      item.appendChild(code);
    }
    list.appendChild(item);
  }
  box.appendChild(list);
  if (table.seats.some((s) => s.waiting && s.connect && s.connect.includes("COOKIE"))) {
    html("p", { class: "note", id: "cookie-hint" }, box, "COOKIE is the robot cookie: the robot_cookie of the "
         + "server's [jsettlers] settings (its operator hands it out; unset, the server makes one at start and logs it once).");
  }
  addCopyButtons(box);
}

async function start() {
  const render = await rendererFor(root.dataset.game);
  const figure = await figureFor(root.dataset.game);
  const log = document.getElementById("log");
  // the players' chat (people seated in the browser; bots are never sent it)
  const chat = chatBox(document.getElementById("chat"), "Players' chat", (text) => {
    if (!socket || socket.readyState !== WebSocket.OPEN) { chat.refused("not connected"); return false; }
    socket.send(JSON.stringify({ chat: text }));
    return true;
  });
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const url = `${scheme}://${location.host}/ws/games/${root.dataset.id}/seats/${seat}?token=${encodeURIComponent(token)}`;
  let socket = null;
  let done = false;  // the game is over, or the seat is not (or no longer) this page's: no more retries
  let retries = 0;
  const act = (action) => { document.getElementById("message").textContent = ""; socket.send(JSON.stringify({ action })); };
  let last = null;
  // a socket that closes before the game is over (the server restarting) is opened again, more
  // slowly each time, until the seat answers: a restarted server plays the game on
  const connect = () => {
    socket = new WebSocket(url);
    socket.onmessage = receive;
    socket.onopen = () => { retries = 0; };
    socket.onclose = () => {
      if (done) return;
      status("connection lost: reconnecting…");
      retries += 1;
      setTimeout(connect, Math.min(5000, 500 * retries));
    };
  };
  const receive = (message) => {
    const frame = JSON.parse(message.data);
    if (frame.type === "error") {
      done = true;
      status(frame.message);
      return;
    }
    if (frame.type === "replaced") { done = true; replaced(); return; }
    if (frame.type === "chat") { chat.add(frame.lines); return; }
    if (frame.type === "chat-refused") { chat.refused(frame.error); return; }
    if (frame.type === "end") { done = true; showRatingChanges(frame.record, document.getElementById("result")); }
    if (frame.type === "waiting") {
      const open = frame.table ? frame.table.waiting : 0;
      status(frame.table && frame.table.status === "cancelled" ? "the game was cancelled"
             : `waiting for ${open} client${open === 1 ? "" : "s"} to take the open seats`);
      root.dataset.waiting = "true";
      showTable(frame.table);
      return;
    }
    if (root.dataset.waiting) { delete root.dataset.waiting; showTable(null); }
    deadline = frame.clock === null || frame.clock === undefined || frame.type === "end"
      ? null : performance.now() + frame.clock * 1000;
    showClock();
    if (frame.names) players = frame.names;
    if (frame.type === "refused") document.getElementById("message").textContent = `refused: ${frame.error}`;
    else if (frame.actions !== undefined && String(frame.actions) !== root.dataset.actions) {
      document.getElementById("message").textContent = "";  // the game moved on: an old refusal is stale
    }
    if (!frame.view) return;
    if (frame.history) showHistory(log, frame.history, figure);  // the first frame: the game so far
    else appendMoves(log, frame.moves, figure);
    // frames can come in bursts (bots answer at once): draw only the latest, once per screen refresh
    if (pending === null) requestAnimationFrame(() => { const f = pending; pending = null; draw(f); });
    pending = frame;
  };
  let pending = null;
  const draw = (frame) => {
    window.tablehall = { frame, act };  // for tests that pick among the legal actions the seat was sent
    render(board, frame.view, { seat, names: players, legal: frame.legal, asked: frame.asked, act, events: [],
                                result: frame.result ?? null, previous: last });
    window.tablehall.drawnAt = performance.now();  // when the board was last redrawn (the web bench)
    last = frame.view;
    root.dataset.actions = frame.actions;
    const turn = frame.result ? "game over"
      : frame.stand_in ? "a bot plays your seat now (no answer in time, or you left)"
      : frame.asked ? "your move" : "waiting for the others";
    status(`${players[seat]} (seat ${seat + 1}): ${turn}`);
    root.dataset.asked = frame.asked ? "true" : "false";
    root.dataset.unprompted = frame.unprompted ? "true" : "false";
    if (frame.result && !root.dataset.over) {
      const box = summary(frame.result, players, frame.type === "end" ? frame.record : null);
      box.appendChild(rematchButton());
      document.getElementById("result").replaceChildren(box);
      root.dataset.over = "true";
    } else if (frame.type === "end" && frame.record && !document.getElementById("replay-link")) {
      const p = html("p", {}, document.getElementById("summary") ?? document.getElementById("result"));
      html("a", { href: `/records/${frame.record}`, id: "replay-link" }, p, "Replay this game");
    }
  };
  // another tab holds the seat now: this one is greyed out until the person takes it back
  const replaced = () => {
    deadline = null;
    showClock();
    root.classList.add("replaced");
    status("this seat is played in another tab or window now");
    const box = document.getElementById("taken");
    box.hidden = false;
    box.replaceChildren();
    html("span", {}, box, "You opened this seat somewhere else. ");
    button(box, "Take the seat back here", { id: "take-back" }, () => {
      root.classList.remove("replaced");
      box.hidden = true;
      done = false;
      connect();
    });
  };
  connect();
}

// the same seats again with a new seed; the page goes to this seat in the new game
function rematchButton() {
  const box = html("p", { class: "rematch" });
  const go = button(box, "Rematch", { id: "rematch" }, async () => {
    go.disabled = true;
    const response = await fetch(`/api/games/${root.dataset.id}/rematch`, {
      method: "POST", headers: { "content-type": "application/json", ...csrfHeader() },
      body: JSON.stringify({ seat, token }) });
    let data = null;
    try { data = await response.json(); } catch { data = { detail: `the server answered ${response.status}` }; }
    if (!response.ok) { go.disabled = false; html("span", { class: "error", role: "alert" }, box, ` ${data.detail}`); return; }
    const mine = data.seats.find((s) => s.seat === seat) ?? data.seats[0];
    localStorage.setItem(`tablehall-seat-${data.id}`, JSON.stringify(mine));
    const others = data.seats.filter((s) => s !== mine);
    if (!others.length) { location.href = mine.play; return; }
    const list = html("ul", { id: "rematch-people" }, box);
    for (const s of others) {
      const item = html("li", {}, list, `seat ${s.seat + 1}: `);
      html("code", { class: "copy" }, item, new URL(s.play, location.href).href);
    }
    addCopyButtons(list);
    html("a", { href: mine.play, id: "rematch-seat" }, box, "Go to your seat in the rematch");
  });
  return box;
}

start();
