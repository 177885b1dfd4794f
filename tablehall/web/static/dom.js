// Building a board's elements, for board modules: each is made with its attributes and, when
// given, its text, and appended to `parent` when there is one.
const SVG = "http://www.w3.org/2000/svg";

function fill(node, attrs, parent, text) {
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  if (parent) parent.appendChild(node);
  return node;
}

// An SVG element.
export function el(name, attrs, parent, text) {
  return fill(document.createElementNS(SVG, name), attrs, parent, text);
}

// An HTML element.
export function html(name, attrs = {}, parent = null, text = undefined) {
  return fill(document.createElement(name), attrs, parent, text);
}

export function button(parent, text, attrs, onclick) {
  const b = html("button", { type: "button", ...attrs }, parent, text);
  b.onclick = onclick;
  return b;
}
