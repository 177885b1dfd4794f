// A live board: the observer's view pushed over the game's WebSocket after every action.
import { rendererFor, wordsFor } from "/static/board.js";
import { appendLog } from "/static/log.js";

const root = document.getElementById("live");
const board = document.getElementById("board");
const players = JSON.parse(root.dataset.players);

async function start() {
  const render = await rendererFor(root.dataset.game);
  const words = await wordsFor(root.dataset.game);
  const url = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws/games/${root.dataset.id}`;
  let done = false;  // the game is over, or no longer live: no more retries
  let retries = 0;
  // a socket that closes before the game is over (the server restarting) is opened again, more
  // slowly each time, until the game answers: a restarted server plays it on
  const connect = () => {
    const socket = new WebSocket(url);
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
    if (frame.type === "end") done = true;
    appendLog(document.getElementById("log"), frame.events, players, words);
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
      document.getElementById("result").innerHTML = `Game over. <a href="/records/${frame.record}">Replay it</a>.`;
    }
  };
  connect();
}

start();
