// Dominion: every card drawn as a card (its name, cost, type colour and text, from the game's
// own data: /api/faces/dominion) in the supply, the trash, each player's play area and the
// seat's own hand; each player's victory points and cards; the seat's money.  Playing: click an
// action card in the hand (its choices, if any, in a dialog: cellar's discards, workshop's gain,
// remodel's and mine's trash and gain), click a green supply card to buy it (with several buys,
// into a basket whose running total refuses what the money cannot pay before anything is sent),
// answer a militia with the discard dialog or a moat.  The page composes actions; the rules judge
// them.

import { button, html } from "/static/dom.js";

let cards = null;  // by name: title, cost, types, text, coins, vp (cards.face_data)
const loading = fetch("/api/faces/dominion").then((r) => r.json())
  .then((data) => { cards = Object.fromEntries(data.cards.map((c) => [c.name, c])); });

const info = (name) => cards[name] ?? { name, title: name, cost: 0, types: [], text: "", coins: 0, vp: 0 };
const plural = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

// the printed frame's colour: by the card's first type (an Attack is an Action, a Reaction blue)
function typeClass(card) {
  const types = card.types;
  if (types.includes("Reaction")) return "type-reaction";
  if (types.includes("Curse")) return "type-curse";
  if (types.includes("Treasure")) return "type-treasure";
  if (types.includes("Victory")) return "type-victory";
  return "type-action";
}

// a card: a button where it can be clicked, else a plain box; `count` for a supply pile
function card(parent, name, { count, tag = "div", attrs = {}, onclick } = {}) {
  const c = info(name);
  const node = html(tag, { class: `dcard ${typeClass(c)}`, "data-card": name, title: `${c.title}: ${c.text}`,
                           ...(tag === "button" ? { type: "button" } : {}), ...attrs }, parent);
  const top = html("span", { class: "dcard-top" }, node);
  html("span", { class: "dcard-name" }, top, c.title);
  html("span", { class: "dcard-cost", "aria-label": `costs ${c.cost}` }, top, String(c.cost));
  html("span", { class: "dcard-types" }, node, c.types.join(" – "));
  html("span", { class: "dcard-text" }, node, c.text);
  if (count !== undefined) html("span", { class: "dcard-count" }, node, `${count} left`);
  if (onclick) node.onclick = onclick;
  return node;
}

function row(parent, title, names) {
  const box = html("div", { class: "dcard-row" }, parent);
  html("h3", {}, box, title);
  const list = html("div", { class: "dcards" }, box);
  names.forEach((name) => card(list, name));
  return box;
}

export function render(root, view, ctx) {
  if (!cards) { loading.then(() => render(root, view, ctx)); return; }
  ctx = { ...ctx, rerender: () => render(root, view, ctx) };
  const board = html("div", { class: "dominion", "data-board": "dominion", role: "region", "aria-label": "Dominion table" });
  const me = ctx.seat !== null && ctx.seat !== undefined ? view.players[ctx.seat] : null;
  const legal = me && Array.isArray(me.hand) ? (ctx.legal ?? []) : [];
  const buys = legal.filter((a) => a[0] === "buy" && a[1] && a[1].length);
  const buyable = new Set(buys.filter((a) => a[1].length === 1).map((a) => a[1][0]));
  // the supply, by cost within treasures, victory cards and the kingdom
  const supply = html("div", { class: "dcard-row supply" }, board);
  html("h3", {}, supply, "Supply");
  const piles = html("div", { class: "dcards" }, supply);
  for (const name of Object.keys(view.supply)) {
    const canBuy = buyable.has(name);
    card(piles, name, { count: view.supply[name], tag: canBuy ? "button" : "div",
                        attrs: { class: `dcard ${typeClass(info(name))} pile${canBuy ? " buyable" : ""}${view.supply[name] ? "" : " empty-pile"}` },
                        onclick: canBuy ? () => addToBasket(view, ctx, name, buys) : undefined });
  }
  players(board, view, ctx);
  if (view.trash.length) row(board, `Trash (${plural(view.trash.length, "card")})`, view.trash);
  html("p", { class: "turn-state" }, board,
       `${view.over ? "Game over: " + view.over + ". " : ""}${plural(view.actions, "action")}, ${plural(view.buys, "buy")}, `
       + `${view.extra_money} extra coin${view.extra_money === 1 ? "" : "s"} this turn.`);
  root.replaceChildren(board);
  if (!me || !Array.isArray(me.hand)) return;
  root.appendChild(handPanel(view, ctx, me, legal));
  if (!legal.length) { ui.choice = null; ui.basket = []; return; }
  root.appendChild(controls(view, ctx, me, legal));
}

function players(board, view, ctx) {
  const box = html("div", { class: "dplayers" }, board);
  view.players.forEach((p, s) => {
    const who = ctx.names[s] ?? `player ${s + 1}`;
    const hand = Array.isArray(p.hand) ? p.hand.length : p.hand;
    const item = html("div", { class: `dplayer${s === view.current ? " current" : ""}`, "data-player": s }, box);
    html("strong", {}, item, `${s === view.current ? "▶ " : ""}${who}`);
    html("span", { class: "vp" }, item, ` ${plural(p.vp ?? 0, "victory point")}`);
    html("span", { class: "counts" }, item,
         ` · hand ${hand}, deck ${p.deck}, discard ${p.discard}${p.top_discard ? " (top: " + info(p.top_discard).title + ")" : ""}`
         + `${p.out ? " · out: " + p.out : ""}`);
    if (p.play.length) {
      const play = html("div", { class: "dcards in-play", "aria-label": `${who}: in play` }, item);
      p.play.forEach((name) => card(play, name));
    }
  });
}

// -- playing: the hand's cards, the supply's piles, and a dialog for every card's choices -----------

const ui = { basket: [], choice: null, refusal: "" };  // kept across frames

const money = (view, me) => me.hand.reduce((n, c) => n + (info(c).coins ?? 0), 0) + view.extra_money;
const sameCards = (a, b) => a.length === b.length && [...a].sort().join() === [...b].sort().join();

function addToBasket(view, ctx, name, buys) {
  if (view.buys <= 1) { ui.basket = []; ctx.act(["buy", [name]]); return; }
  const wanted = [...ui.basket, name];
  // the rules offered every affordable set of buys: a basket none of them matches is refused here
  if (!buys.some((a) => sameCards(a[1], wanted))) {
    const left = money(view, view.players[ctx.seat]) - ui.basket.reduce((n, c) => n + info(c).cost, 0);
    ui.refusal = wanted.length > view.buys
      ? `You have ${plural(view.buys, "buy")}: the basket is full.`
      : `${info(name).title} costs ${info(name).cost}: you have ${left} left.`;
  } else {
    ui.basket = wanted;
    ui.refusal = "";
  }
  ctx.rerender();
}

function handPanel(view, ctx, me, legal) {
  const box = html("div", { id: "hand", class: "hand dcard-row" });
  html("h3", {}, box, `Your hand: ${plural(money(view, me), "coin")} to spend`);
  const list = html("div", { class: "dcards" }, box);
  const playable = new Set(legal.filter((a) => a[0] === "play").map((a) => a[1]));
  me.hand.forEach((name, i) => {
    const can = playable.has(name);
    card(list, name, { tag: can ? "button" : "div", attrs: { class: `dcard ${typeClass(info(name))} hand-card${can ? " playable" : ""}`, "data-index": i },
                       onclick: can ? () => playCard(view, ctx, name, legal) : undefined });
  });
  if (!me.hand.length) html("span", { class: "empty" }, list, "empty");
  return box;
}

function playCard(view, ctx, name, legal) {
  const plays = legal.filter((a) => a[0] === "play" && a[1] === name);
  if (name === "cellar") ui.choice = { card: name, picked: [] };  // any cards of the hand may go
  else if (plays.length === 1 && !plays[0][2].length) { ui.choice = null; ctx.act(plays[0]); return; }
  else ui.choice = { card: name, picked: [] };
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
  const buying = legal.some((a) => a[0] === "buy");
  if (buying && view.buys > 1) {
    const total = ui.basket.reduce((n, c) => n + info(c).cost, 0);
    const basket = html("div", { id: "basket", class: "dialog", "aria-live": "polite" }, box);
    html("span", { id: "basket-total" }, basket,
         `To buy: ${ui.basket.map((c) => info(c).title).join(", ") || "nothing yet"} · ${total} of ${money(view, me)} coins, `
         + `${ui.basket.length} of ${plural(view.buys, "buy")} `);
    const go = button(basket, "buy them", { id: "buy" }, () => { const chosen = ui.basket; ui.basket = []; ui.refusal = ""; ctx.act(["buy", chosen]); });
    go.disabled = !ui.basket.length;
    button(basket, "clear", { id: "clear-basket" }, () => { ui.basket = []; ui.refusal = ""; ctx.rerender(); });
    if (ui.refusal) html("p", { class: "error", id: "basket-refusal", role: "alert" }, basket, ui.refusal);
  }
  if (buying) html("span", { class: "hint" }, box, "Tap a green supply card to buy it.");
  if (legal.some((a) => a[0] === "pass")) {
    button(box, "end the turn", { id: "pass", class: "action" }, () => { ui.basket = []; ui.refusal = ""; ctx.act(["pass"]); });
  }
  return box;
}

function pickFromHand(parent, me, count, picked, allowed, onchange) {
  const list = html("div", { class: "dcards" }, parent);
  me.hand.forEach((name, i) => {
    if (allowed && !allowed(name, i)) return;
    card(list, name, { tag: "button", attrs: { class: `dcard ${typeClass(info(name))} choose-card${picked.includes(i) ? " selected" : ""}`,
                                               "data-index": i, "aria-pressed": String(picked.includes(i)) },
                       onclick: () => onchange(picked.includes(i) ? picked.filter((k) => k !== i) : (picked.length < count ? [...picked, i] : picked)) });
  });
}

function gainButtons(box, plays, pick, act) {
  const list = html("div", { class: "dcards" }, box);
  for (const play of plays) {
    const name = pick(play);
    const choose = () => { ui.choice = null; act(play); };
    if (name) card(list, name, { tag: "button", attrs: { class: `dcard ${typeClass(info(name))} gain` }, onclick: choose });
    else button(list, "nothing (no card costs so little)", { class: "gain", "data-card": "" }, choose);
  }
}

function choiceDialog(view, ctx, me, legal) {
  const { card: name } = ui.choice;
  const plays = legal.filter((a) => a[0] === "play" && a[1] === name);
  const box = html("div", { id: "choice-dialog", class: "dialog", "data-card": name, role: "dialog", "aria-label": info(name).title });
  const cancel = () => { ui.choice = null; ctx.rerender(); };
  if (name === "cellar") {
    html("p", {}, box, "Cellar: choose the cards to discard (you draw as many)");
    const own = me.hand.indexOf("cellar");
    pickFromHand(box, me, me.hand.length, ui.choice.picked, (c, i) => i !== own, (picked) => { ui.choice.picked = picked; ctx.rerender(); });
    button(box, `play Cellar, discard ${plural(ui.choice.picked.length, "card")}`, { id: "confirm-choice" },
           () => { const chosen = ui.choice.picked.map((i) => me.hand[i]); ui.choice = null; ctx.act(["play", "cellar", chosen]); });
  } else if (name === "workshop") {
    html("p", {}, box, "Workshop: gain a card costing up to 4");
    gainButtons(box, plays, (play) => play[2][0], ctx.act);
  } else if (name === "remodel" || name === "mine") {
    const trash = ui.choice.trash;
    if (trash === undefined) {
      html("p", {}, box, name === "mine" ? "Mine: trash a treasure from your hand" : "Remodel: trash a card from your hand");
      const list = html("div", { class: "dcards" }, box);
      for (const t of [...new Set(plays.map((a) => a[2][0]))]) {
        if (t === undefined) button(list, "nothing to trash: play it anyway", { class: "trash" }, () => { ui.choice = null; ctx.act(plays[0]); });
        else card(list, t, { tag: "button", attrs: { class: `dcard ${typeClass(info(t))} trash` }, onclick: () => { ui.choice.trash = t; ctx.rerender(); } });
      }
    } else {
      html("p", {}, box, `${info(name).title}: trash ${info(trash).title} and gain`);
      gainButtons(box, plays.filter((a) => a[2][0] === trash), (play) => play[2][1], ctx.act);
    }
  } else {
    for (const play of plays) button(box, `play ${info(name).title}`, { class: "confirm" }, () => { ui.choice = null; ctx.act(play); });
  }
  button(box, "cancel", { class: "cancel" }, cancel);
  return box;
}

function attackDialog(view, ctx, me, legal) {
  const discards = legal.filter((a) => a[0] === "discard");
  const need = discards.length ? discards[0][1].length : 0;
  if (!ui.choice || ui.choice.card !== "attack") ui.choice = { card: "attack", picked: [] };
  const box = html("div", { id: "attack-dialog", class: "dialog", role: "dialog", "aria-label": "Militia" });
  html("p", {}, box, `Militia: discard ${plural(need, "card")} down to 3 (${ui.choice.picked.length} chosen)`);
  pickFromHand(box, me, need, ui.choice.picked, null, (picked) => { ui.choice.picked = picked; ctx.rerender(); });
  const go = button(box, `discard ${need}`, { id: "discard" },
                    () => { const chosen = ui.choice.picked.map((i) => me.hand[i]); ui.choice = null; ctx.act(["discard", chosen]); });
  go.disabled = ui.choice.picked.length !== need;
  const moat = legal.find((a) => a[0] === "react");
  if (moat) button(box, "reveal Moat", { id: "reveal-moat" }, () => { ui.choice = null; ctx.act(moat); });
  return box;
}
