// A live board: the game so far in words when the page opens, then the observer's view pushed
// over the game's WebSocket after every action, how many watch, and the summary at the end.
import { figureFor, rendererFor } from "/static/board.js";
import { chatBox } from "/static/chat.js";
import { appendMoves, showHistory } from "/static/log.js";
import { summary } from "/static/summary.js";

const root = document.getElementById("live");
const board = document.getElementById("board");
const log = document.getElementById("log");
const players = JSON.parse(root.dataset.players);

async function start() {
  const render = await rendererFor(root.dataset.game);
  const figure = await figureFor(root.dataset.game);
  const url = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws/games/${root.dataset.id}`;
  let done = false;  // the game is over, or no longer live: no more retries
  let socket = null;
  // the spectators' chat (apart from the players'), under a name the spectator picks
  const chat = chatBox(document.getElementById("chat"), "Spectators' chat", (text) => {
    if (!socket || socket.readyState !== WebSocket.OPEN) { chat.refused("not connected"); return false; }
    socket.send(JSON.stringify({ chat: text, name: localStorage.getItem("tablehall-name") || "spectator" }));
    return true;
  });
  let retries = 0;
  // a socket that closes before the game is over (the server restarting) is opened again, more
  // slowly each time, until the game answers: a restarted server plays it on
  const connect = () => {
    socket = new WebSocket(url);
    socket.onmessage = receive;
    socket.onopen = () => { retries = 0; };
    socket.onclose = () => {
      if (done) return;
      document.getElementById("status").textContent = root.dataset.actions === undefined ? "closed" : "reconnecting…";
      retries += 1;
      setTimeout(connect, Math.min(5000, 500 * retries));
    };
  };
  const receive = (message) => {
    const frame = JSON.parse(message.data);
    if (frame.type === "error") { done = true; document.getElementById("status").textContent = frame.message; return; }
    if (frame.type === "chat") { chat.add(frame.lines); return; }
    if (frame.type === "chat-refused") { chat.refused(frame.error); return; }
    const watching = frame.type === "spectators" ? frame.count : frame.spectators;
    if (watching !== undefined) {
      document.getElementById("spectators").textContent = `${watching} watching`;
      root.dataset.spectators = watching;
    }
    if (frame.type === "spectators") return;
    if (frame.type === "end") done = true;
    if (frame.history) showHistory(log, frame.history, figure);  // the first frame: the game so far
    else appendMoves(log, frame.moves, figure);
    // draw only the latest frame, once per screen refresh (a fast game sends bursts)
    if (pending === null) requestAnimationFrame(() => { const f = pending; pending = null; draw(f); });
    pending = frame;
  };
  let pending = null;
  const draw = (frame) => {
    render(board, frame.view, { seat: null, names: players, legal: null, act: () => {}, events: [], result: frame.result ?? null });
    document.getElementById("actions").textContent = frame.actions;
    root.dataset.actions = frame.actions;
    document.getElementById("status").textContent = frame.type === "end" ? "game over" : "live";
    if (frame.type === "end") {
      document.getElementById("result").replaceChildren(summary(frame.result, players, frame.record));
      root.dataset.over = "true";
    }
  };
  connect();
}

start();
