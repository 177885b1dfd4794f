// A person's seat: the seat's own view over its WebSocket, the legal actions when it is asked,
// and what the person picks sent back.  The token is in the URL's fragment (never sent to the
// server in a request line) or kept in localStorage, so a closed tab can rejoin its seat.
import { rendererFor } from "/static/board.js";

const root = document.getElementById("play");
const board = document.getElementById("board");
const players = JSON.parse(root.dataset.players);
const seat = Number(new URLSearchParams(location.search).get("seat"));
const stored = JSON.parse(localStorage.getItem(`tablehall-seat-${root.dataset.id}`) || "null");
const token = location.hash.slice(1) || (stored && stored.seat === seat ? stored.token : "");

async function start() {
  const render = await rendererFor(root.dataset.game);
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${location.host}/ws/games/${root.dataset.id}/seats/${seat}?token=${encodeURIComponent(token)}`);
  const act = (action) => { document.getElementById("message").textContent = ""; socket.send(JSON.stringify({ action })); };
  let last = null;
  socket.onmessage = (message) => {
    const frame = JSON.parse(message.data);
    if (frame.type === "error" || frame.type === "replaced") {
      document.getElementById("status").textContent = frame.message || "this seat was taken over by another tab";
      return;
    }
    if (frame.type === "refused") document.getElementById("message").textContent = `refused: ${frame.error}`;
    if (!frame.view) return;
    render(board, frame.view, { seat, names: players, legal: frame.legal, act, events: [], result: frame.result ?? null,
                                previous: last });
    last = frame.view;
    root.dataset.actions = frame.actions;
    const turn = frame.legal ? "your move" : (frame.result ? "game over" : "waiting for the others");
    document.getElementById("status").textContent = `${players[seat]} (seat ${seat + 1}): ${turn}`;
    root.dataset.asked = frame.legal ? "true" : "false";
    if (frame.result) {
      const ranks = frame.result.seats.map((s) => `${players[s.seat]}: rank ${s.rank}, score ${s.score}`).join("; ");
      document.getElementById("result").textContent = `Game over. ${ranks}`;
      root.dataset.over = "true";
    }
  };
}

start();
