// A replay that steps through a table's game, drawn by the game's own module: from my seat while the game
// runs (the server shows nothing I did not see), from any seat or a spectator's once it is over.

import { clear, h } from "./dom";
import { api, type Action, type LogLine, type StateMessage } from "./protocol";
import { seatsAt } from "./storage";
import { tableFor } from "./tables";
import { languageSwitch } from "./i18n";
import { T } from "./text";

export async function replayPage(root: HTMLElement, table: string, params: URLSearchParams): Promise<void> {
  const held = seatsAt(table)[0];
  const token = held?.token ?? null;
  let msg: StateMessage;
  try {
    msg = await api.state(table, token);
  } catch (err) {
    clear(root, h("main", { id: "main" }, h("p", { class: "notice" }, (err as Error).message), h("a", { href: "/" }, T.backToLobby)));
    return;
  }
  const module = tableFor(msg.game);
  const names = msg.seats.map((s) => s.name);
  const lastVersion = msg.version;
  let at = Math.min(lastVersion, Math.max(0, Number(params.get("at") ?? lastVersion) || 0));
  const who = h("select", { name: "as", "aria-label": T.asSeat });
  if (token) who.append(h("option", { value: "me" }, `${T.me} (${names[held!.seat] ?? ""})`));
  if (msg.over) {
    names.forEach((n, i) => who.append(h("option", { value: String(i) }, n)));
    who.append(h("option", { value: "spectator" }, T.spectator));
  } else if (!token) who.append(h("option", { value: "spectator" }, T.spectator));
  const board = h("section", { class: "board", "aria-label": msg.game });
  const counter = h("span", { class: "step", role: "status", "aria-live": "polite" });
  const slider = h("input", { type: "range", min: 0, max: lastVersion, value: at, "aria-label": T.replayTitle });
  const logBox = h("ul", { class: "log", tabindex: 0, "aria-label": T.logHeading });
  const notice = h("p", { class: "notice", role: "alert" }, msg.over ? "" : T.notYet);
  const log: LogLine[] = msg.log;

  async function show(): Promise<void> {
    slider.value = String(at);
    counter.textContent = T.step(at, lastVersion);
    root.dataset.at = String(at);
    try {
      const got = await api.replay(table, at, who.value || "spectator", token);
      clear(board);
      const seat = got.seat;
      module.render(board, {
        table,
        view: got.view,
        legal: [],
        seat,
        seats: msg.seats,
        names,
        over: msg.over && at === lastVersion,
        queued: null,
        hint: null,
        act: () => undefined,
        redraw: () => void show(),
        replay: { at: got.version, rests: got.rests ?? [], move: (got.move as Action | null | undefined) ?? null },
      });
      clear(logBox, log.filter((l) => l.version <= at).map((l) => h("li", {}, module.logLine(l, names, seat))).reverse());
    } catch (err) {
      notice.textContent = T.refused((err as Error).message);
    }
  }

  const step = (to: number) => () => {
    at = Math.min(lastVersion, Math.max(0, to));
    void show();
  };
  slider.addEventListener("input", () => step(Number(slider.value))());
  who.addEventListener("change", () => void show());
  clear(
    root,
    h("header", { class: "bar" }, h("a", { href: "/", class: "back" }, T.backToLobby), h("h1", {}, `${T.replayTitle}: ${T.gameTitle(msg.game)}`), h("span", { class: "table-id" }, table), languageSwitch()),
    h(
      "main",
      { id: "main", class: "table-page replay" },
      h(
        "div",
        { class: "play" },
        notice,
        h(
          "div",
          { class: "replay-controls" },
          h("button", { type: "button", onclick: () => step(0)() }, T.first),
          h("button", { type: "button", class: "prev", onclick: () => step(at - 1)() }, T.previous),
          slider,
          h("button", { type: "button", class: "next", onclick: () => step(at + 1)() }, T.next),
          h("button", { type: "button", onclick: () => step(lastVersion)() }, T.last),
          counter,
          h("label", { class: "field" }, h("span", {}, T.asSeat), who),
        ),
        board,
      ),
      h("aside", { class: "side" }, h("section", { class: "log-box" }, h("h2", {}, T.logHeading), logBox)),
    ),
  );
  document.addEventListener("keydown", (e) => {
    if (e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement) return;
    if (e.key === "ArrowLeft") step(at - 1)();
    if (e.key === "ArrowRight") step(at + 1)();
  });
  await show();
}
