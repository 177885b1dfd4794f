// A table's chat box: the room's lines (put in as text, never as HTML) and a form to write one.
// The page gives `send(text)`, which goes over its WebSocket; the server checks and fans out.
import { html } from "/static/dom.js";

export function chatBox(root, title, send) {
  root.replaceChildren();
  html("h2", {}, root, title);
  const list = html("ol", { id: "chat-lines", "aria-live": "polite" }, root);
  const form = html("form", { id: "chat-form" }, root);
  html("label", { for: "chat-text", class: "visually-hidden" }, form, "Message");
  const input = html("input", { id: "chat-text", maxlength: "300", autocomplete: "off", placeholder: "Say something…" }, form);
  html("button", { type: "submit", id: "chat-send" }, form, "Send");
  const error = html("p", { id: "chat-error", class: "error", role: "alert" }, root);
  form.onsubmit = (event) => {
    event.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    error.textContent = "";
    if (send(text)) input.value = "";
  };
  return {
    add(lines) {
      for (const line of lines) {
        const item = html("li", {}, list);
        html("span", { class: "from" }, item, line.name);
        item.append(line.text);
      }
      list.scrollTop = list.scrollHeight;
    },
    refused(message) { error.textContent = message; },
  };
}
