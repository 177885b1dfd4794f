// The game-over summary: each seat's rank and score (best first), why the game ended, and the
// link to its replay.  Used by the play, live and replay pages.
import { html } from "/static/dom.js";

const ENDED = { regular: "played to the end", aborted: "stopped before its end", turn_limit: "the turn limit was reached" };

export function summary(result, names, recordId) {
  const box = html("section", { id: "summary", class: "summary", "aria-label": "game over" });
  const line = html("p", { class: "over-line" }, box);
  html("strong", {}, line, "Game over.");
  if (!result) {
    line.append(" The game ended without a result.");
  } else {
    line.append(" " + result.seats.map((s) => `${names[s.seat] ?? "seat " + (s.seat + 1)}: rank ${s.rank}, score ${s.score}`).join("; "));
    html("p", { class: "end-cause" }, box, `Ended: ${ENDED[result.cause] ?? String(result.cause).replaceAll("_", " ")}.`);
    const table = html("table", { class: "ranks" }, box);
    const head = html("tr", {}, table);
    for (const title of ["rank", "player", "score", ""]) html("th", { scope: "col" }, head, title);
    for (const s of [...result.seats].sort((a, b) => a.rank - b.rank)) {
      const row = html("tr", { "data-seat": s.seat }, table);
      html("td", {}, row, String(s.rank));
      html("td", {}, row, names[s.seat] ?? `seat ${s.seat + 1}`);
      html("td", {}, row, String(s.score));
      html("td", { title: s.reason ?? "" }, row, s.cause ? String(s.cause).replaceAll("_", " ") : "");
    }
  }
  if (recordId) {
    const p = html("p", {}, box);
    html("a", { href: `/records/${recordId}`, id: "replay-link" }, p, "Replay this game");
  }
  return box;
}
