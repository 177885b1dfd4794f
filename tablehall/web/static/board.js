// Draws a game's observer view with the game's own board module (/boards/<game>.js: the one its
// GameSpec names, else the generic one).  Every module exports render(root, view, ctx).
const modules = {};

export async function rendererFor(game) {
  if (!modules[game]) {
    modules[game] = import(`/boards/${game}.js`).catch(() => import("/static/games/default.js"));
  }
  return (await modules[game]).render;
}

export async function wordsFor(game) {
  await rendererFor(game);
  return (await modules[game]).words;
}
