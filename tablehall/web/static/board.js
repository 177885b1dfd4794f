// Draws a game's observer view with the game's own module (games/<game>.js) when there is
// one, else with the generic module.  Every module exports render(root, view, ctx).
const modules = {};

export async function rendererFor(game) {
  if (!modules[game]) {
    modules[game] = import(`/static/games/${game}.js`).catch(() => import("/static/games/default.js"));
  }
  return (await modules[game]).render;
}

export async function wordsFor(game) {
  await rendererFor(game);
  return (await modules[game]).words;
}
