// Nim's board for the web hall: each pile a row of stones.  The module its GameSpec names
// (web_board); the hall serves it at /boards/nim.js.
export function render(root, view, ctx) {
  const board = document.createElement("div");
  board.dataset.board = "nim";
  view.piles.forEach((stones, pile) => {
    const row = document.createElement("p");
    row.dataset.pile = pile;
    row.dataset.stones = stones;
    row.textContent = `pile ${pile}: ${"●".repeat(stones) || "—"}`;
    board.appendChild(row);
  });
  const status = document.createElement("p");
  status.textContent = view.winner === null ? `${ctx.names[view.to_move] ?? "seat " + view.to_move} to move`
                                            : `${ctx.names[view.winner] ?? "seat " + view.winner} took the last stone`;
  board.appendChild(status);
  root.replaceChildren(board);
}
