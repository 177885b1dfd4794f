// Dominion: the supply with counts, the trash, each player's deck, discard and hand counts and
// cards in play; a seat's own hand.  Playing: click an action card in the hand (its choices, if
// any, in a dialog: cellar's discards, workshop's gain, remodel's and mine's trash and gain),
// click green supply cards to buy (several when there are several buys), answer a militia with
// the discard dialog or a moat.  The page composes actions; the rules judge them.

import { button, el, html } from "/static/dom.js";

const KIND = { copper: "#c87533", silver: "#aaa", gold: "#e3b505", estate: "#4a9b4a", duchy: "#3a8a3a",
               province: "#2a7a2a", curse: "#7a3ab0" };

function tile(parent, x, y, name, count) {
  const g = el("g", { transform: `translate(${x},${y})`, "data-card": name }, parent);
  el("rect", { width: 104, height: 44, rx: 5, fill: KIND[name] ?? "#d9c9a3", stroke: "#555" }, g);
  el("text", { x: 6, y: 18, "font-size": 13, fill: "#111" }, g, name);
  if (count !== undefined) el("text", { x: 6, y: 36, "font-size": 12, fill: "#111" }, g, `${count} left`);
}

export function render(root, view, ctx) {
  ctx = { ...ctx, rerender: () => render(root, view, ctx) };
  const names = Object.keys(view.supply);
  const rows = Math.ceil(names.length / 6);
  const height = rows * 52 + 40 + view.players.length * 22 + 30;
  const svg = el("svg", { width: 680, height, "data-board": "dominion" });
  names.forEach((name, i) => tile(svg, (i % 6) * 112 + 4, Math.floor(i / 6) * 52 + 4, name, view.supply[name]));
  let y = rows * 52 + 24;
  el("text", { x: 4, y, "font-size": 13 }, svg, `trash: ${view.trash.length ? view.trash.join(", ") : "empty"}`);
  view.players.forEach((p, s) => {
    y += 22;
    const hand = Array.isArray(p.hand) ? p.hand.length : p.hand;
    const who = ctx.names[s] ?? `player ${s + 1}`;
    const line = `${s === view.current ? "▶ " : ""}${who}: hand ${hand}, deck ${p.deck}, discard ${p.discard}`
      + `${p.play.length ? ", in play: " + p.play.join(", ") : ""}${p.out ? " (" + p.out + ")" : ""}`;
    el("text", { x: 4, y, "font-size": 13, "data-player": s }, svg, line);
  });
  y += 26;
  el("text", { x: 4, y, "font-size": 13 }, svg,
     `actions ${view.actions}, buys ${view.buys}, extra money ${view.extra_money}${view.over ? " — game over: " + view.over : ""}`);
  root.replaceChildren(svg);
  const me = ctx.seat !== null && ctx.seat !== undefined ? view.players[ctx.seat] : null;
  if (!me || !Array.isArray(me.hand)) return;
  const legal = ctx.legal ?? [];
  const buys = legal.filter((a) => a[0] === "buy");
  if (buys.length) markBuyable(svg, view, ctx, buys);
  root.appendChild(handPanel(view, ctx, me, legal));
  if (!legal.length) { ui.choice = null; return; }
  root.appendChild(controls(view, ctx, me, legal));
}

// -- playing: the hand's cards, the supply's tiles, and a dialog for every card's choices ------------

const MONEY = { copper: 1, silver: 2, gold: 3 };
const ui = { basket: [], choice: null };  // kept across frames: cards to buy, a card's choices in progress

function markBuyable(svg, view, ctx, buys) {
  const single = new Set(buys.filter((a) => a[1] && a[1].length === 1).map((a) => a[1][0]));
  for (const tile of svg.querySelectorAll("g[data-card]")) {
    const card = tile.dataset.card;
    if (!single.has(card)) continue;
    tile.classList.add("buyable");
    tile.querySelector("rect").setAttribute("stroke", "#0a0");
    tile.querySelector("rect").setAttribute("stroke-width", 4);
    tile.style.cursor = "pointer";
    tile.addEventListener("click", () => {
      if (view.buys <= 1) { ui.basket = []; ctx.act(["buy", [card]]); return; }
      ui.basket = [...ui.basket, card].slice(-view.buys);  // several buys: collect, then buy them together
      ctx.rerender();
    });
  }
}

function handPanel(view, ctx, me, legal) {
  const box = html("div", { id: "hand", class: "hand" });
  const money = me.hand.reduce((n, c) => n + (MONEY[c] ?? 0), 0) + view.extra_money;
  html("span", {}, box, `your hand (${money} money): `);
  const playable = new Set(legal.filter((a) => a[0] === "play").map((a) => a[1]));
  me.hand.forEach((card, i) => {
    const b = button(box, card, { class: `hand-card${playable.has(card) ? " playable" : ""}`, "data-card": card, "data-index": i },
                     () => playable.has(card) && playCard(view, ctx, card, legal));
    b.disabled = !playable.has(card);
  });
  if (!me.hand.length) html("span", {}, box, "empty");
  return box;
}

function playCard(view, ctx, card, legal) {
  const plays = legal.filter((a) => a[0] === "play" && a[1] === card);
  if (card === "cellar") ui.choice = { card, picked: [] };  // any cards of the hand may go
  else if (plays.length === 1 && !plays[0][2].length) { ui.choice = null; ctx.act(plays[0]); return; }
  else ui.choice = { card, picked: [] };
  ctx.rerender();
}

function controls(view, ctx, me, legal) {
  const box = html("div", { id: "controls", class: "actions" });
  const attacked = legal.some((a) => a[0] === "discard" || a[0] === "react");
  if (attacked) {
    box.appendChild(attackDialog(view, ctx, me, legal));
    return box;
  }
  if (ui.choice && !legal.some((a) => a[0] === "play" && a[1] === ui.choice.card)) ui.choice = null;
  if (ui.choice) box.appendChild(choiceDialog(view, ctx, me, legal));
  if (ui.basket.length) {
    const basket = html("div", { id: "basket", class: "dialog" }, box, `to buy: ${ui.basket.join(", ")} `);
    button(basket, "buy them", { id: "buy" }, () => { const cards = ui.basket; ui.basket = []; ctx.act(["buy", cards]); });
    button(basket, "clear", { id: "clear-basket" }, () => { ui.basket = []; ctx.rerender(); });
  }
  if (legal.some((a) => a[0] === "buy")) html("span", { class: "hint" }, box, "click a green supply card to buy it");
  if (legal.some((a) => a[0] === "pass")) button(box, "end the turn", { id: "pass", class: "action" }, () => { ui.basket = []; ctx.act(["pass"]); });
  return box;
}

function pickFromHand(parent, me, count, picked, allowed, onchange) {
  me.hand.forEach((card, i) => {
    if (allowed && !allowed(card, i)) return;
    const b = button(parent, card, { class: `choose-card${picked.includes(i) ? " selected" : ""}`, "data-card": card, "data-index": i },
                     () => onchange(picked.includes(i) ? picked.filter((k) => k !== i) : (picked.length < count ? [...picked, i] : picked)));
  });
}

function choiceDialog(view, ctx, me, legal) {
  const { card } = ui.choice;
  const plays = legal.filter((a) => a[0] === "play" && a[1] === card);
  const box = html("div", { id: "choice-dialog", class: "dialog", "data-card": card });
  const cancel = () => { ui.choice = null; ctx.rerender(); };
  if (card === "cellar") {
    html("p", {}, box, "Cellar: choose the cards to discard (you draw as many)");
    const own = me.hand.indexOf("cellar");
    pickFromHand(box, me, me.hand.length, ui.choice.picked, (c, i) => i !== own, (picked) => { ui.choice.picked = picked; ctx.rerender(); });
    html("br", {}, box);
    button(box, `play cellar, discard ${ui.choice.picked.length}`, { id: "confirm-choice" },
           () => { const cards = ui.choice.picked.map((i) => me.hand[i]); ui.choice = null; ctx.act(["play", "cellar", cards]); });
  } else if (card === "workshop") {
    html("p", {}, box, "Workshop: gain a card costing up to 4");
    for (const play of plays) button(box, play[2][0] ?? "nothing", { class: "gain", "data-card": play[2][0] ?? "" }, () => { ui.choice = null; ctx.act(play); });
  } else if (card === "remodel" || card === "mine") {
    const trash = ui.choice.trash;
    if (trash === undefined) {
      html("p", {}, box, card === "mine" ? "Mine: trash a treasure from your hand" : "Remodel: trash a card from your hand");
      for (const t of [...new Set(plays.map((a) => a[2][0]))]) {
        if (t === undefined) button(box, "nothing to trash: play it anyway", { class: "trash" }, () => { ui.choice = null; ctx.act(plays[0]); });
        else button(box, t, { class: "trash", "data-card": t }, () => { ui.choice.trash = t; ctx.rerender(); });
      }
    } else {
      html("p", {}, box, `${card === "mine" ? "Mine" : "Remodel"}: trash ${trash} and gain`);
      for (const play of plays.filter((a) => a[2][0] === trash)) {
        button(box, play[2][1] ?? "nothing (no card costs so little)", { class: "gain", "data-card": play[2][1] ?? "" },
               () => { ui.choice = null; ctx.act(play); });
      }
    }
  } else {
    for (const play of plays) button(box, `play ${card}`, { class: "confirm" }, () => { ui.choice = null; ctx.act(play); });
  }
  button(box, "cancel", { class: "cancel" }, cancel);
  return box;
}

function attackDialog(view, ctx, me, legal) {
  const discards = legal.filter((a) => a[0] === "discard");
  const need = discards.length ? discards[0][1].length : 0;
  if (!ui.choice || ui.choice.card !== "attack") ui.choice = { card: "attack", picked: [] };
  const box = html("div", { id: "attack-dialog", class: "dialog" });
  html("p", {}, box, `Militia: discard ${need} cards down to 3 (${ui.choice.picked.length} chosen)`);
  pickFromHand(box, me, need, ui.choice.picked, null, (picked) => { ui.choice.picked = picked; ctx.rerender(); });
  html("br", {}, box);
  const go = button(box, `discard ${need}`, { id: "discard" },
                    () => { const cards = ui.choice.picked.map((i) => me.hand[i]); ui.choice = null; ctx.act(["discard", cards]); });
  go.disabled = ui.choice.picked.length !== need;
  const moat = legal.find((a) => a[0] === "react");
  if (moat) button(box, "reveal moat", { id: "reveal-moat" }, () => { ui.choice = null; ctx.act(moat); });
  return box;
}
