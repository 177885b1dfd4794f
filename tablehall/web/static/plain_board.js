// The plain board, for a game without a board module of its own (`GameSpec.web_board`): its
// view as readable text, and the legal actions as buttons when asked.
import { actionButtons } from "/static/actions.js";

export function render(root, view, ctx) {
  const panel = document.createElement("div");
  panel.className = "panel";
  panel.textContent = JSON.stringify(view, null, 1);
  root.replaceChildren(panel);
  if (ctx.legal) root.prepend(actionButtons(ctx.legal, ctx.act));
}
