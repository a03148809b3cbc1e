// The frame every table shares: whose turn it is and what one may do, the board (drawn by the game's
// module), the players with their clocks, bots and connection, hint, undo, the log in sentences, the rules
// in short, and the end of the game with its score broken down.

import { Connection, type Status } from "./connection";
import { clear, h } from "./dom";
import { api, type Action, type LogLine, type StateMessage } from "./protocol";
import { holdSeat, hosted, isGuided, markGuided, seatsAt } from "./storage";
import { chatBox } from "./chat";
import { S } from "./social-text";
import { turnSignals, type TurnSignals } from "./turn";
import { inviteList } from "./lobby";
import { tableFor } from "./tables";
import type { TableContext, TableModule } from "./tables/types";
import { languageSwitch, message } from "./i18n";
import { T } from "./text";
import { rulesPictures } from "./rules-pictures";
import { G, Guide, ruleOf, whyOf } from "./guide";

export function clockText(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s >= 86400) return `${Math.floor(s / 86400)} d ${Math.floor((s % 86400) / 3600)} h`;
  if (s >= 3600) return `${Math.floor(s / 3600)} h ${String(Math.floor((s % 3600) / 60)).padStart(2, "0")} min`;
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

interface Frame {
  status: HTMLElement;
  notice: HTMLElement;
  board: HTMLElement;
  seats: HTMLElement;
  tools: HTMLElement;
  log: HTMLUListElement;
  end: HTMLElement;
  /** The rules in short: filled once the game's module has them (the tower's arrives a moment later). */
  rules: HTMLDetailsElement;
}

/** The header's way to the rules in short: opens them and moves the focus there, at every table. */
function rulesButton(): HTMLElement {
  return h(
    "button",
    {
      type: "button",
      class: "rules-link",
      "aria-controls": "rules",
      onclick: () => {
        const box = document.getElementById("rules") as HTMLDetailsElement | null;
        if (!box) return;
        box.open = true;
        box.scrollIntoView({ block: "nearest" });
        box.querySelector<HTMLElement>("summary")?.focus();
      },
    },
    T.rulesHeading,
  );
}

function layout(root: HTMLElement, title: string, table: string, fresh: boolean, social: HTMLElement[], guide: HTMLElement | null): Frame {
  const f: Frame = {
    status: h("p", { class: "status", role: "status", "aria-live": "polite" }, T.connecting),
    notice: h("p", { class: "notice", role: "alert", "aria-live": "assertive" }),
    board: h("section", { class: "board", "aria-label": title }),
    seats: h("ul", { class: "seats" }),
    tools: h("div", { class: "tools" }),
    // focusable, so the keyboard can scroll it (axe: scrollable-region-focusable)
    log: h("ul", { class: "log", "aria-live": "off", tabindex: 0, "aria-label": T.logHeading }),
    end: h("section", { class: "end", hidden: true, "aria-live": "polite" }),
    rules: h("details", { class: "rules", id: "rules", hidden: true }, h("summary", {}, T.rulesHeading)),
  };
  clear(
    root,
    h(
      "header",
      { class: "bar" },
      h("a", { href: "/", class: "back" }, T.backToLobby),
      h("h1", {}, title),
      h("span", { class: "table-id" }, table),
      rulesButton(),
      languageSwitch(),
    ),
    h(
      "main",
      { id: "main", class: "table-page" },
      h("div", { class: "play" }, h("h2", { class: "sr" }, T.playHeading), f.status, guide, f.tools, f.notice, f.end, f.board),
      h(
        "aside",
        { class: "side" },
        h("section", { class: "seats-box", "aria-label": T.seatsHeading }, h("h2", {}, T.seatsHeading), f.seats),
        invitesBox(table, fresh),
        social,
        h("section", { class: "log-box" }, h("h2", {}, T.logHeading), f.log),
        f.rules,
      ),
    ),
  );
  return f;
}

/** The invite links of a table this browser opened, to send from the table itself: "Open the table" comes
 * straight here. Open before the first move; folded once the game has begun. */
function invitesBox(table: string, open: boolean): HTMLElement | null {
  const mine = hosted().find((t) => t.table === table);
  if (!mine?.invites.length) return null;
  return h(
    "details",
    { class: "invites-box", open },
    h("summary", {}, T.invitesTitle),
    inviteList(mine.game, table, mine.invites),
  );
}

export function tablePage(root: HTMLElement, table: string, params: URLSearchParams): void {
  const held = seatsAt(table);
  const wanted = params.get("seat");
  const mine = params.has("watch") ? undefined : (held.find((s) => String(s.seat) === wanted) ?? held[0]);
  const token = mine?.token ?? null;
  let module: TableModule | null = null;
  let frame: Frame | null = null;
  let last: StateMessage | null = null;
  let log: LogLine[] = [];
  let hint: Action | null = null;
  let connected = new Set<number>();
  let offset = 0; // the server's clock less ours, in seconds
  let sending = 0; // moves sent and not yet acknowledged: the page offers nothing more until they are
  let linkUp = false; // this page's own connection (the presence poll may lag behind it)
  let signals: TurnSignals | null = null;
  const chat = chatBox((text) => conn.chat(text));
  // a guided game (the lobby's "Learn by playing"): the hint asked at each turn, pointed at on the board
  const guide = (params.has("guide") || isGuided(table)) && token ? new Guide() : null;
  let guideKey = "";

  const ctx = (msg: StateMessage): TableContext => ({
    table,
    view: msg.view,
    legal: sending ? [] : msg.legal,
    seat: msg.seat,
    seats: msg.seats,
    names: msg.seats.map((s) => s.name),
    over: msg.over,
    queued: msg.queued,
    hint,
    act: (action) => {
      hint = null;
      sending += 1;
      conn.act(action);
      draw();
    },
    redraw: () => draw(),
  });

  /** Whether the keyboard was on the board: a move redraws the board, and the focus must not fall back to
   * the top of the page (a keyboard player would Tab through the whole page again after every move). */
  let keysOnBoard = false;

  function focusBefore(board: HTMLElement): Element | null {
    const active = document.activeElement;
    if (active && active !== board && board.contains(active)) {
      keysOnBoard = true;
      return active;
    }
    if (active && active !== document.body) keysOnBoard = false; // the player went elsewhere on the page
    return null;
  }

  /** After a redraw: the same element if it was kept (the tower's scene), else its namesake (the same
   * space, cell, card or die), else the first thing to play; only while the focus was on the board. */
  function focusAfter(board: HTMLElement, was: Element | null): void {
    const active = document.activeElement;
    if (!keysOnBoard || (active && active !== document.body && active !== board)) return;
    let next: Element | null = was?.isConnected ? was : null;
    for (const key of ["data-space", "data-cell", "data-card", "data-die", "data-side"]) {
      const value = was?.getAttribute(key);
      if (next || !value) continue;
      next = board.querySelector(`[${key}="${CSS.escape(value)}"][tabindex], button[${key}="${CSS.escape(value)}"]`);
    }
    next ??= board.querySelector(".legal:not([disabled]), button:not([disabled]), [tabindex='0']");
    (next as HTMLElement | SVGElement | null)?.focus({ preventScroll: true });
  }

  function say(text: string): void {
    if (frame) frame.notice.textContent = text;
  }

  function draw(): void {
    if (!last) return;
    const msg = last;
    if (!module || !frame) {
      module = tableFor(msg.game);
      signals = turnSignals(T.gameTitle(msg.game), say);
      const social = [chat.element, msg.seat !== null ? signals.element : null].filter((e): e is HTMLElement => e !== null);
      frame = layout(root, T.gameTitle(msg.game), table, msg.version === 0 && !msg.over, social, guide?.box ?? null);
    }
    signals?.update(!msg.over && msg.seat !== null && msg.legal.length > 0);
    const c = ctx(msg);
    root.dataset.version = String(msg.version);
    root.dataset.draws = String(Number(root.dataset.draws ?? 0) + 1);
    root.dataset.over = String(msg.over);
    root.dataset.legal = String(c.legal.length);
    root.dataset.busy = String(sending);
    frame.status.textContent = sending ? T.sending : statusLine(msg, module, c);
    if (frame.rules.hidden && module.rules.length) {
      const pictures = rulesPictures(module.game);
      if (pictures) frame.rules.append(pictures);
      frame.rules.append(...module.rules.map((p) => h("p", {}, p)));
      frame.rules.hidden = false;
    }
    const again = focusBefore(frame.board);
    clear(frame.board);
    module.render(frame.board, c);
    focusAfter(frame.board, again);
    drawSeats(frame.seats, msg);
    drawTools(frame.tools, msg);
    const lines = log.map((l) => h("li", { "data-version": l.version }, module!.logLine(l, c.names, msg.seat)));
    clear(frame.log, lines.reverse()); // the newest first
    drawEnd(frame.end, msg, module, c.names);
    if (msg.over) frame.end.append(againBox(msg));
    if (guide) {
      const mine = !msg.over && !sending && msg.legal.length > 0;
      guide.point(frame.board, mine && hint !== null);
      // said at each draw: the tower's module (and so its words for the move) may arrive after the hint
      guide.say(!mine ? "" : hint ? G.says(module.describe(hint, c.names), whyOf(msg.game, hint)) : G.thinking, mine && hint ? ruleOf(msg.game, hint) : "");
      root.dataset.guide = mine && hint !== null ? "pointing" : "idle";
      if (mine) void guideTurn(msg);
    }
  }

  /** A guided game: the hint for this turn, asked once per position the seat has to play. */
  async function guideTurn(msg: StateMessage): Promise<void> {
    const key = `${msg.version}/${msg.legal.length}`;
    if (!guide || !token || key === guideKey) return;
    guideKey = key;
    try {
      const got = await api.hint(table, token);
      const now = last ? `${last.version}/${last.legal.length}` : "";
      if (now !== key || !got.action || !module) return; // the table moved on meanwhile: the next state asks again
      hint = got.action;
      draw();
    } catch (err) {
      guideKey = "";
      say(T.refused((err as Error).message));
    }
  }

  /** "Play again" at the end: the same seats at a new table, each person's own seat by their own token;
   * once someone has started it (the state's ``next``), the others join it the same way. */
  function againBox(msg: StateMessage): HTMLElement {
    const next = msg.next ?? null;
    if (msg.seat === null || !token) {
      return h("p", { class: "again" }, next ? h("a", { class: "button", href: `/t/${next}?watch` }, S.watchNext) : null);
    }
    const button = h("button", { type: "button", class: "primary play-again" }, next ? S.joinNext : S.playAgain);
    button.addEventListener("click", async () => {
      button.disabled = true;
      try {
        const got = await api.again(table, token);
        holdSeat({ table: got.table, seat: got.seat, token: got.token, game: msg.game, name: msg.seats[got.seat]?.name ?? "" });
        if (guide) markGuided(got.table); // another guided game: the guide goes on pointing
        location.assign(`/t/${got.table}?seat=${got.seat}${guide ? "&guide" : ""}`);
      } catch (err) {
        button.disabled = false;
        say(T.refused((err as Error).message));
      }
    });
    return h("p", { class: "again" }, next ? h("span", {}, `${S.nextOpened} `) : null, button);
  }

  function statusLine(msg: StateMessage, mod: TableModule, c: TableContext): string {
    if (msg.over) return T.gameOver;
    const lead = msg.seat === null ? `${T.spectating} ` : "";
    if (msg.legal.length) return lead + (mod.prompt(c) ?? T.yourTurn);
    if (msg.queued) return lead + T.queued;
    if (msg.to_play !== null && msg.to_play !== undefined && msg.to_play === msg.seat) return mod.prompt(c) ?? T.yourTurn;
    if (msg.to_play !== null && msg.to_play !== undefined) {
      const who = msg.seats[msg.to_play]?.name ?? String(msg.to_play);
      return lead + (mod.prompt(c) ?? T.turnOf(who));
    }
    return lead + (mod.prompt(c) ?? T.nothingToDo);
  }

  function drawSeats(ul: HTMLElement, msg: StateMessage): void {
    const now = Date.now() / 1000 + offset;
    clear(
      ul,
      msg.seats.map((s) => {
        const online = s.bot !== null || connected.has(s.seat) || (linkUp && s.seat === msg.seat);
        const toPlay = !msg.over && msg.to_play === s.seat;
        let clock: string | null = null;
        if (!msg.over && s.overdue) clock = T.overdue;
        else if (!msg.over && s.deadline !== null && toPlay) clock = T.clockDeadline(clockText(s.deadline - now));
        else if (!msg.over && s.bank !== null) clock = T.clockLeft(clockText(s.bank));
        return h(
          "li",
          { class: `seat${toPlay ? " to-play" : ""}${s.seat === msg.seat ? " me" : ""}`, "data-seat": s.seat },
          h("span", { class: `dot ${online ? "on" : "off"}`, title: online ? T.online : T.offline }, online ? "●" : "○"),
          h("span", { class: "sr" }, online ? T.online : T.offline),
          h("strong", {}, s.name),
          s.seat === msg.seat ? h("span", { class: "tag" }, T.me) : null,
          s.bot ? h("span", { class: "tag bot" }, T.botLabel(s.bot)) : null,
          s.autopilot ? h("span", { class: "tag bot" }, T.autopilot) : null,
          toPlay ? h("span", { class: "tag turn" }, "▶") : null,
          clock ? h("span", { class: "clock" }, clock) : null,
        );
      }),
    );
  }

  function drawTools(box: HTMLElement, msg: StateMessage): void {
    if (msg.seat === null || msg.over) {
      clear(box, msg.over ? h("a", { class: "button", href: `/replay/${table}` }, T.replayThisGame) : null);
      return;
    }
    const mineAuto = msg.seats[msg.seat]?.autopilot;
    clear(
      box,
      h("button", { type: "button", onclick: askHint, disabled: !msg.legal.length }, T.hint),
      // offered only when the server would take the move back (its own last move, drawing and revealing nothing)
      msg.may_undo && !sending ? h("button", { type: "button", class: "undo", onclick: () => conn.undo() }, T.undo) : null,
      mineAuto ? h("button", { type: "button", onclick: () => conn.reclaim() }, T.reclaim) : null,
      h("a", { class: "button quiet", href: `/replay/${table}` }, T.replay),
    );
  }

  async function askHint(): Promise<void> {
    if (!token || !last) return;
    try {
      const got = await api.hint(table, token);
      hint = got.action;
      draw();
      say(got.action && module ? T.hintIs(module.describe(got.action, last.seats.map((s) => s.name))) : T.noHint);
    } catch (err) {
      say(T.refused((err as Error).message));
    }
  }

  const conn = new Connection(table, token, {
    state(msg, full) {
      last = msg;
      log = full;
      offset = msg.now - Date.now() / 1000;
      if (msg.reset) hint = null;
      draw();
      if (Date.now() - polled > 2000) void poll(); // who is connected, refreshed as the game moves
    },
    error(msg) {
      if (msg.id && sending) {
        sending -= 1;
        draw();
      }
      if (!frame) {
        clear(root, h("main", { id: "main" }, h("p", { class: "notice" }, msg.reason), h("a", { href: "/" }, T.backToLobby)));
        return;
      }
      root.dataset.refusals = String(Number(root.dataset.refusals ?? 0) + 1);
      say(T.refused(msg.reason));
    },
    ack(msg) {
      if (sending) sending -= 1;
      draw();
      if (frame) frame.notice.textContent = msg.queued ? T.queued : "";
    },
    notice(msg) {
      say(message(msg.msg));
    },
    chat(msg) {
      chat.add(msg.lines, last?.seat ?? null);
    },
    chatAnswer(msg) {
      chat.answered(msg.type === "error" ? msg.reason : null);
    },
    status(s: Status) {
      document.body.dataset.connection = s;
      linkUp = s === "open";
      if (frame && s === "lost") frame.status.textContent = T.reconnecting;
    },
  });
  conn.open();

  let polled = 0;
  async function poll(): Promise<void> {
    polled = Date.now();
    try {
      connected = new Set((await api.presence(table, token)).connected);
      if (frame && last) drawSeats(frame.seats, last);
    } catch {
      /* the next poll will tell */
    }
  }
  void poll();
  setInterval(poll, 5000);
  setInterval(() => frame && last && !last.over && drawSeats(frame.seats, last), 1000);
}

function drawEnd(box: HTMLElement, msg: StateMessage, module: TableModule, names: string[]): void {
  if (!msg.over || !msg.result) {
    box.hidden = true;
    return;
  }
  const r = msg.result;
  const best = Math.max(...(r.scores ?? []));
  box.hidden = false;
  clear(
    box,
    h("h2", {}, T.resultHeading),
    h(
      "p",
      { class: "winners" },
      r.winners.length
        ? `${T.winners(r.winners.map((w) => names[w] ?? String(w)))} ${module.why?.(r, names, msg.view) ?? T.mostPoints(best)}.`
        : T.nobodyWon,
    ),
    module.breakdown(r, names) ??
      h(
        "table",
        { class: "score" },
        h("tbody", {}, names.map((n, i) => h("tr", {}, h("th", { scope: "row" }, n), h("td", {}, r.scores?.[i] ?? "")))),
      ),
  );
}
