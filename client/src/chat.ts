// A table's chat (docs/PROTOCOL.md, "Chat"): what people type, drawn as text and never as HTML (h() and
// textContent make text nodes), the newest line last, each line once (lines are numbered by the server).

import { clear, h } from "./dom";
import type { ChatLine } from "./protocol";
import { S } from "./social-text";

export interface ChatBox {
  element: HTMLElement;
  /** Lines from the server (the history after hello, or a new line); a line already shown is skipped. */
  add(lines: ChatLine[], me: number | null): void;
  /** The answer to the line this page sent: cleared on success, the refusal shown otherwise. */
  answered(refusal: string | null): void;
}

export function chatBox(send: (text: string) => boolean): ChatBox {
  const shown = new Map<number, ChatLine>();
  const list = h("ol", { class: "chat-lines", "aria-live": "polite", "aria-label": S.chatHeading });
  const input = h("input", { name: "chat", maxlength: 500, autocomplete: "off", "aria-label": S.chatLabel, placeholder: S.chatLabel });
  const note = h("p", { class: "chat-note", role: "status" });
  let me: number | null = null;
  const form = h(
    "form",
    {
      class: "chat-form",
      onsubmit: (event: Event) => {
        event.preventDefault();
        const text = input.value.trim();
        if (!text) return;
        if (!send(text)) {
          note.textContent = S.chatOffline;
          return;
        }
        input.disabled = true;
      },
    },
    input,
    h("button", { type: "submit" }, S.chatSend),
  );
  const element = h("section", { class: "chat-box", "aria-label": S.chatHeading }, h("h2", {}, S.chatHeading), list, form, note);

  function draw(): void {
    const lines = [...shown.values()].sort((a, b) => a.n - b.n).slice(-100);
    clear(
      list,
      lines.length
        ? lines.map((l) => {
            const who = l.seat === null ? S.chatSpectator : l.seat === me ? `${l.name} (${S.chatYou})` : l.name;
            // the person's own words: a text node, whatever they look like
            return h("li", { "data-n": l.n, class: l.seat === me ? "mine" : "" }, h("strong", {}, `${who}: `), h("span", { class: "text" }, l.text));
          })
        : h("li", { class: "empty" }, S.chatEmpty),
    );
    list.scrollTop = list.scrollHeight;
  }
  draw();

  return {
    element,
    add(lines, seat) {
      me = seat;
      for (const l of lines) shown.set(l.n, l);
      draw();
    },
    answered(refusal) {
      input.disabled = false;
      if (refusal === null) {
        input.value = "";
        note.textContent = "";
      } else note.textContent = S.chatRefused(refusal);
      input.focus();
    },
  };
}
