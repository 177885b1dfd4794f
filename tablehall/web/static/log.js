// The game's log: each step in words, as the server tells it (the game's own move text, for
// the page's seat or for observers: only what that viewer may see), newest first.  A board
// module may export figure(data) to draw a step's small figure (a Blokus piece) beside it.
const KEEP = 400;

function item(move, figure) {
  const li = document.createElement("li");
  li.className = "move";
  if (move.figure && figure) {
    const drawing = figure(move.figure);
    if (drawing) li.appendChild(drawing);
  }
  for (const line of move.lines) {
    const span = document.createElement("span");
    span.className = "line";
    span.textContent = line;
    li.appendChild(span);
  }
  return li;
}

// newest first: the moves of one frame, oldest of them at the bottom
export function appendMoves(list, moves, figure) {
  for (const move of moves || []) list.prepend(item(move, figure));
  while (list.children.length > KEEP) list.lastChild.remove();
}

// the whole game so far (a page opened or reloaded mid-game)
export function showHistory(list, moves, figure) {
  list.replaceChildren();
  appendMoves(list, moves.slice(-KEEP), figure);
}

export function moveItem(move, figure) {
  return item(move, figure);
}
