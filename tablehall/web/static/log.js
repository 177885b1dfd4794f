// The game's log: the events a page was sent (only those its seat, or an observer, may see),
// newest first, in plain words built from each event's kind and data.
const KEEP = 200;

function plainWords(value) {
  if (Array.isArray(value)) return value.map(plainWords).join(" ");
  if (value && typeof value === "object") return Object.entries(value).map(([k, v]) => `${k} ${plainWords(v)}`).join(", ");
  return String(value);
}

// a game module may export `words(key, value, names)`: its own phrasing of a value, or undefined
export function describe(event, names, gameWords = () => undefined) {
  const words = (k, v) => gameWords(k, v, names) ?? plainWords(v);
  const data = event.data || {};
  const who = typeof data.seat === "number" ? (names[data.seat] ?? `seat ${data.seat + 1}`) + " " : "";
  const rest = Object.entries(data)
    .filter(([k, v]) => k !== "seat" && k !== "supply" && v !== null && !(Array.isArray(v) && !v.length))
    .map(([k, v]) => `${k} ${words(k, v)}`).join(", ");
  return `${who}${event.kind}${rest ? ": " + rest : ""}`;
}

export function appendLog(list, events, names, gameWords) {
  for (const event of events || []) {
    const item = document.createElement("li");
    item.className = `event event-${event.kind}`;
    item.textContent = describe(event, names, gameWords);
    list.prepend(item);
  }
  while (list.children.length > KEEP) list.lastChild.remove();
}
