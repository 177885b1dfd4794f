// The new-game form: the game, each seat chosen from a menu (you, another person, a built-in
// bot, a seat for a protocol client), the game's options; then POST /api/games/new (once: the
// button stays off while it is on its way) and go to the seat, or show the API's error.
import { addCopyButtons } from "/static/copy.js";
import { csrfHeader } from "/static/csrf.js";
import { html } from "/static/dom.js";

const form = document.getElementById("new-game");
const choices = JSON.parse(form.dataset.choices);
const $ = (id) => document.getElementById(id);
const game = $("game"), count = $("seat-count"), seatsText = $("seats"), list = $("seat-list");
const start = $("start"), error = $("error");

function kinds(g) {
  return [["me", "you"], ["person", "another person (a link to send)"],
          ...choices[g].bots.map((b) => [b, `bot: ${b}`]), ["open", "open seat (a protocol client)"]];
}

function defaultSeats(g, n) {
  const bot = choices[g].bots.includes("strong") ? "strong" : choices[g].bots[0];
  return ["me", ...Array(n - 1).fill(bot)];
}

// the menus from the seats' text (the one source: both stay in step)
function drawMenus() {
  const seats = seatsText.value.split(",").map((s) => s.trim()).filter(Boolean);
  if (choices[game.value].counts.includes(seats.length)) count.value = String(seats.length);
  list.replaceChildren();
  seats.forEach((seat, i) => {
    const item = html("li", {}, list);
    const label = html("label", { for: `seat-${i}` }, item, `Seat ${i + 1} `);
    const menu = html("select", { id: `seat-${i}`, class: "seat-kind" }, label);
    const known = kinds(game.value);
    if (!known.some(([k]) => k === seat)) known.push([seat, seat]);  // open:NAME and the like, as typed
    for (const [value, words] of known) html("option", { value }, menu, words);
    menu.value = seat;
    menu.onchange = () => {
      seats[i] = menu.value;
      seatsText.value = seats.join(",");
    };
  });
}

function drawOptions() {
  const box = $("option-fields");
  box.replaceChildren();
  const options = choices[game.value].options;
  if (!options.length) html("p", {}, box, "This game has no options.");
  for (const option of options) {
    const row = html("p", {}, box);
    const label = html("label", {}, row, `${option.name.replaceAll("_", " ")} `);
    const attrs = { class: "game-option", "data-name": option.name };
    let input;
    if (typeof option.default === "boolean") {
      input = html("select", attrs, label);
      for (const v of ["true", "false"]) html("option", { value: v }, input, v);
      input.value = String(option.default);
    } else {
      input = html("input", { ...attrs, type: typeof option.default === "number" ? "number" : "text",
                              value: String(option.default) }, label);
    }
    if (option.help) html("small", {}, row, ` ${option.help}`);
  }
}

function chooseGame() {
  const c = choices[game.value];
  count.replaceChildren(...c.counts.map((n) => html("option", { value: String(n) }, null, String(n))));
  count.value = String(c.default_count);
  $("bots").textContent = c.bots.join(", ");
  seatsText.value = defaultSeats(game.value, c.default_count).join(",");
  drawMenus();
  drawOptions();
}

count.onchange = () => {
  const seats = seatsText.value.split(",").map((s) => s.trim()).filter(Boolean);
  const n = Number(count.value);
  const more = defaultSeats(game.value, n).slice(1);
  seatsText.value = [...seats, ...more].slice(0, n).join(",");
  drawMenus();
};
game.onchange = chooseGame;
seatsText.oninput = drawMenus;
chooseGame();

const preset = new URLSearchParams(location.search);  // e.g. /new?game=catan&seats=strong,random,random&pace=0.5
if (preset.get("game") && choices[preset.get("game")]) { game.value = preset.get("game"); chooseGame(); }
if (preset.get("seats")) { seatsText.value = preset.get("seats"); drawMenus(); }
if (preset.get("pace")) $("pace").value = preset.get("pace");

// only the options changed from the game's defaults are sent (some fix chance: practice only)
function changedOptions() {
  const out = {};
  for (const option of choices[game.value].options) {
    const input = form.querySelector(`.game-option[data-name="${option.name}"]`);
    const value = typeof option.default === "boolean" ? input.value === "true"
      : typeof option.default === "number" ? Number(input.value) : input.value;
    if (value !== option.default) out[option.name] = value;
  }
  return out;
}

// the API's error, whatever the answer holds (a proxy's page is not JSON)
async function detailOf(response) {
  try { return (await response.json()).detail ?? `refused (${response.status})`; }
  catch { return `the server answered ${response.status} ${response.statusText}`; }
}

form.onsubmit = async (event) => {
  event.preventDefault();
  if (start.disabled) return;
  start.disabled = true;
  form.setAttribute("aria-busy", "true");
  error.textContent = "";
  const body = { game: game.value, name: $("name").value, pace: Number($("pace").value) || 0,
                 options: changedOptions(), rated: $("rated")?.checked ?? false,
                 seats: seatsText.value.split(",").map((s) => s.trim()).filter(Boolean) };
  let response;
  try {
    response = await fetch("/api/games/new", { method: "POST", body: JSON.stringify(body),
                                               headers: { "content-type": "application/json", ...csrfHeader() } });
  } catch {
    response = null;
  }
  if (!response || !response.ok) {
    error.textContent = response ? await detailOf(response) : "the server cannot be reached";
    start.disabled = false;
    form.removeAttribute("aria-busy");
    return;
  }
  const data = await response.json();
  form.dataset.started = data.id;
  localStorage.setItem("tablehall-name", body.name);
  if (!data.seats.length) { location.href = `/games/${data.id}`; return; }  // bots only: watch them
  const mine = data.seats[0];
  localStorage.setItem(`tablehall-seat-${data.id}`, JSON.stringify(mine));
  if (data.seats.length === 1) { location.href = mine.play; return; }
  // other people in the browser: each needs the address of their own seat (its token inside)
  const people = $("people");
  for (const seat of data.seats.slice(1)) {
    const item = html("li", {}, people, `seat ${seat.seat + 1}: `);
    html("code", { class: "copy" }, item, new URL(seat.play, location.href).href);
  }
  addCopyButtons(people);
  $("my-seat").href = mine.play;
  $("invite").hidden = false;
};
