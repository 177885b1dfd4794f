// Draws a game's observer view with the game's own board module (/boards/<game>.js: the one its
// GameSpec names, else the plain board).  Every module exports render(root, view, ctx), and may
// export figure(data): a small drawing of a move's figure for the log (see log.js).
const modules = {};

function moduleFor(game) {
  if (!modules[game]) {
    modules[game] = import(`/boards/${game}.js`).catch(() => import("/static/plain_board.js"));
  }
  return modules[game];
}

// an SVG drawn at a fixed size gets a viewBox, so that CSS can scale it to the page's width
function fit(root) {
  for (const svg of root.querySelectorAll("svg[width][height]:not([viewBox])")) {
    svg.setAttribute("viewBox", `0 0 ${svg.getAttribute("width")} ${svg.getAttribute("height")}`);
  }
}

// boards that draw later (after loading their data) are fitted when they do
const fitted = new WeakSet();

export async function rendererFor(game) {
  const render = (await moduleFor(game)).render;
  return (root, view, ctx) => {
    render(root, view, ctx);
    fit(root);
    if (!fitted.has(root)) {
      fitted.add(root);
      new MutationObserver(() => fit(root)).observe(root, { childList: true });
    }
  };
}

export async function figureFor(game) {
  return (await moduleFor(game)).figure ?? null;
}
