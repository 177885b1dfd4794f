// The generic board: the observer's view as readable text (games without a board of their own).
export function render(root, view, ctx) {
  let panel = root.querySelector(".panel");
  if (!panel) { panel = document.createElement("div"); panel.className = "panel"; root.replaceChildren(panel); }
  panel.textContent = JSON.stringify(view, null, 1);
}
