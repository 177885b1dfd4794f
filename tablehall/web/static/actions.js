// The legal actions of a seat as buttons: every game is playable in the browser this way, and
// boards with their own controls use it for what they do not draw.
export function label(action) {
  const words = [];
  const walk = (part) => Array.isArray(part) ? part.forEach(walk) : words.push(part === null ? "-" : String(part));
  walk(action);
  return words.join(" ");
}

export function actionButtons(legal, act, { limit = 400, filter = () => true } = {}) {
  const box = document.createElement("div");
  box.className = "actions";
  const shown = legal.filter(filter);
  for (const action of shown.slice(0, limit)) {
    const button = document.createElement("button");
    button.className = "action";
    button.textContent = label(action);
    button.onclick = () => act(action);
    box.appendChild(button);
  }
  if (shown.length > limit) box.appendChild(document.createTextNode(` … and ${shown.length - limit} more`));
  return box;
}
