// The game's log: the events a page was sent (only those its seat, or an observer, may see),
// newest first, in plain words built from each event's kind and data.
const KEEP = 200;

function words(value) {
  if (Array.isArray(value)) return value.map(words).join(" ");
  if (value && typeof value === "object") return Object.entries(value).map(([k, v]) => `${k} ${words(v)}`).join(", ");
  return String(value);
}

export function describe(event, names) {
  const data = event.data || {};
  const who = typeof data.seat === "number" ? (names[data.seat] ?? `seat ${data.seat + 1}`) + " " : "";
  const rest = Object.entries(data)
    .filter(([k, v]) => k !== "seat" && k !== "supply" && v !== null && !(Array.isArray(v) && !v.length))
    .map(([k, v]) => `${k} ${words(v)}`).join(", ");
  return `${who}${event.kind}${rest ? ": " + rest : ""}`;
}

export function appendLog(list, events, names) {
  for (const event of events || []) {
    const item = document.createElement("li");
    item.className = `event event-${event.kind}`;
    item.textContent = describe(event, names);
    list.prepend(item);
  }
  while (list.children.length > KEEP) list.lastChild.remove();
}
