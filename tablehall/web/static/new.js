// The new-game form: seats and bots per game, then POST /api/games/new and go to the seat.
import { addCopyButtons } from "/static/copy.js";
const form = document.getElementById("new-game");
const bots = JSON.parse(form.dataset.bots), counts = JSON.parse(form.dataset.counts);
const game = document.getElementById("game");
const defaults = { blokus: "me,strong", catan: "me,strong,strong,strong", dominion: "me,bigmoney", renaissance: "me,greedy" };
function describe() {
  document.getElementById("bots").textContent = bots[game.value].join(", ");
  document.getElementById("counts").textContent = counts[game.value].join(" or ");
  document.getElementById("seats").value = defaults[game.value] ?? "me";
}
game.onchange = describe; describe();
const preset = new URLSearchParams(location.search);  // e.g. /new?game=catan&seats=strong,random,random&pace=0.5
if (preset.get("game")) { game.value = preset.get("game"); describe(); }
if (preset.get("seats")) document.getElementById("seats").value = preset.get("seats");
if (preset.get("pace")) document.getElementById("pace").value = preset.get("pace");
form.onsubmit = async (event) => {
  event.preventDefault();
  const body = { game: game.value, name: document.getElementById("name").value,
                 pace: Number(document.getElementById("pace").value) || 0,
                 rated: document.getElementById("rated")?.checked ?? false,
                 seats: document.getElementById("seats").value.split(",").map((s) => s.trim()).filter(Boolean) };
  // a logged-in person's requests carry the page's CSRF token (docs/security.md)
  const csrf = document.querySelector("meta[name=csrf-token]")?.content ?? "";
  const response = await fetch("/api/games/new", { method: "POST", body: JSON.stringify(body),
                                                   headers: { "X-CSRF-Token": csrf } });
  const data = await response.json();
  if (!response.ok) { document.getElementById("error").textContent = data.detail; return; }
  if (!data.seats.length) { location.href = `/games/${data.id}`; return; }  // bots only: watch them
  const mine = data.seats[0];
  localStorage.setItem(`tablehall-seat-${data.id}`, JSON.stringify(mine));
  if (data.seats.length === 1) { location.href = mine.play; return; }
  // other people in the browser: each needs the address of their own seat (its token inside)
  const list = document.getElementById("people");
  for (const seat of data.seats.slice(1)) {
    const item = document.createElement("li");
    const code = document.createElement("code");
    code.className = "copy";
    code.textContent = new URL(seat.play, location.href).href;
    item.append(`seat ${seat.seat + 1}: `, code);
    list.appendChild(item);
  }
  addCopyButtons(list);
  document.getElementById("my-seat").href = mine.play;
  document.getElementById("invite").hidden = false;
};
