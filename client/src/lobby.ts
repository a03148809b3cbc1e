// The lobby: open a table (game, players, options, bots and their level, clock, spectators), share its
// invite links, see my tables and where it is my move, watch or replay a table, join with an invite.

import { clear, copyText, h } from "./dom";
import { api, type GameInfo, type Json, type Opened } from "./protocol";
import { forget, heldSeats, holdSeat, hostTable, hosted } from "./storage";
import { languageSwitch, message, t } from "./i18n";
import { T } from "./text";
import { quickPlay } from "./quickplay";
import { S } from "./social-text";
import { gameLine, gamesIntro } from "./games-intro";

const LEVELS = ["heuristic", "random", "mcts:easy", "mcts:medium", "mcts:hard"];
/** The tower's steadiness levels, steadiest first (games/tower/physics.py STEADINESS): each seat's hand. */
const HANDS = ["steady", "careful", "normal", "shaky", "wobbly"];
/** Games whose seats each choose a hand (the option seat_steadiness, one level a seat). */
const HANDED = new Set(["tower"]);
const titles = new Map<string, string>(); // game name -> its title, once the server has listed the games

/** A game's title in the reader's language (the server's, in English, for a game the client does not know). */
function titleOf(g: GameInfo): string {
  const own = T.gameTitle(g.name);
  return own === g.name ? g.title : own;
}

function inviteLink(code: string): string {
  return `${location.origin}/join/${code}`;
}

/** The table id in a pasted link (…/t/ID, …/replay/ID) or the id itself. */
export function tableIdOf(text: string): string {
  const m = text.trim().match(/\/(?:t|replay)\/([^/?#\s]+)/);
  return m ? m[1]! : text.trim();
}

function copyButton(text: string): HTMLButtonElement {
  const b = h("button", { type: "button", class: "copy" }, T.copy);
  b.addEventListener("click", async () => {
    await copyText(text);
    b.textContent = T.copied;
    setTimeout(() => (b.textContent = T.copy), 1500);
  });
  return b;
}

export function inviteList(game: string, table: string, invites: { seat: number; name: string; code: string }[]): HTMLElement {
  return h(
    "ul",
    { class: "invites", "data-table": table, "data-game": game },
    invites.map((i) =>
      h(
        "li",
        {},
        h("span", {}, T.inviteFor(i.name, i.seat)),
        h("input", { class: "link", readonly: true, value: inviteLink(i.code), "aria-label": T.inviteFor(i.name, i.seat), "data-seat": i.seat }),
        copyButton(inviteLink(i.code)),
      ),
    ),
  );
}

function field(label: string, control: HTMLElement): HTMLElement {
  return h("label", { class: "field" }, h("span", {}, label), control);
}

function select(name: string, choices: Record<string, string>, value: string): HTMLSelectElement {
  const s = h("select", { name }, Object.entries(choices).map(([v, text]) => h("option", { value: v }, text)));
  s.value = value;
  return s;
}

function openForm(games: GameInfo[], done: (opened: Opened, body: OpenBody) => void): HTMLFormElement {
  const gameSel = select("game", Object.fromEntries(games.map((g) => [g.name, titleOf(g)])), games.find((g) => g.name === "cafe")?.name ?? games[0]!.name);
  const players = h("input", { name: "players", type: "number", min: 1, max: 6, value: 3 });
  const seatsBox = h("div", { class: "seat-rows" });
  const optionsBox = h("div", { class: "options" });
  const spectators = select("spectators", T.spectatorChoices, "public");
  const clockSel = select("clock", T.clockChoices, "none");
  const bank = h("input", { name: "bank", type: "number", min: 1, value: 10 });
  const increment = h("input", { name: "increment", type: "number", min: 0, value: 10 });
  const days = h("input", { name: "days", type: "number", min: 1, value: 2 });
  const onTimeout = select("on_timeout", T.timeoutChoices, "wait");
  const openSeats = h("input", { type: "checkbox", name: "open" });
  const fillAfter = h("input", { name: "fill_after", type: "number", min: 0, max: 3600, value: 60 });
  const fillBox = field(S.fillAfter, fillAfter);
  fillBox.hidden = true; // only for a table open to strangers
  openSeats.addEventListener("change", () => (fillBox.hidden = !openSeats.checked));
  const clockBox = h("div", { class: "clock-fields" });
  const error = h("p", { class: "notice", role: "alert" });
  const game = (): GameInfo => games.find((g) => g.name === gameSel.value)!;
  // the chosen game in a line, under the choice (the lobby's "The games" shows them all with a picture)
  const gameLineEl = h("p", { class: "game-line muted", "aria-live": "polite" }, gameLine(gameSel.value));
  gameSel.addEventListener("change", () => (gameLineEl.textContent = gameLine(gameSel.value)));

  function drawSeats(): void {
    const g = game();
    players.min = String(g.players[0]);
    players.max = String(g.players[1]);
    const n = Math.min(g.players[1], Math.max(g.players[0], Number(players.value) || g.players[0]));
    players.value = String(n);
    const old = [...seatsBox.querySelectorAll<HTMLElement>(".seat-row")].map((r) => ({
      name: r.querySelector("input")!.value,
      kind: r.querySelector<HTMLSelectElement>("select.kind")!.value,
      hand: r.querySelector<HTMLSelectElement>("select.hand")?.value,
    }));
    const handed = HANDED.has(g.name);
    clear(
      seatsBox,
      Array.from({ length: n }, (_, i) => {
        const kinds: Record<string, string> = { person: i === 0 ? T.you : T.person };
        for (const level of LEVELS) kinds[level] = T.botLevels[level] ?? level;
        const kind = select(`kind${i}`, kinds, old[i]?.kind ?? (i === 0 ? "person" : "heuristic"));
        kind.classList.add("kind");
        kind.setAttribute("aria-label", T.seatKind(i));
        // a seat's own hand, the table's steadiness until this seat chooses another (bots too)
        const hand = handed ? select(`hand${i}`, Object.fromEntries(HANDS.map((l) => [l, T.hand(l)])), old[i]?.hand ?? tableHand()) : null;
        hand?.classList.add("hand");
        hand?.setAttribute("aria-label", T.seatHand(i));
        const fallback = (): string => (kind.value === "person" ? T.defaultName(i) : T.botName(i));
        const name = h("input", { name: `name${i}`, value: old[i]?.name ?? fallback(), maxlength: 64, "aria-label": T.seatName(i) });
        kind.addEventListener("change", () => {
          if ([T.defaultName(i), T.botName(i)].includes(name.value.trim())) name.value = fallback();
        });
        return h("div", { class: "seat-row", "data-seat": i }, h("span", { class: "seat-no" }, `${i + 1}`), name, kind, hand);
      }),
    );
  }

  /** The steadiness the options give the whole table (a seat's hand unless it chooses its own). */
  function tableHand(): string {
    const given = optionsBox.querySelector<HTMLInputElement>("input[name=opt-steadiness]")?.value.trim() ?? "";
    return HANDS.includes(given) ? given : "careful";
  }

  function drawOptions(): void {
    clear(
      optionsBox,
      game().options.map((o) => {
        const input =
          typeof o.default === "boolean"
            ? h("input", { type: "checkbox", name: `opt-${o.name}`, checked: o.default })
            : h("input", { name: `opt-${o.name}`, value: String(o.default) });
        input.dataset.kind = typeof o.default;
        // the help is a msgid of the server's catalogue, the allowed values a message
        const help = t(o.help);
        return h("label", { class: "field", title: help }, h("span", {}, o.name), input, h("small", {}, `${help} (${message(o.allowed_msg)})`));
      }),
    );
  }

  function drawClock(): void {
    const mode = clockSel.value;
    clear(
      clockBox,
      mode === "live" ? [field(T.bankMinutes, bank), field(T.incrementSeconds, increment)] : null,
      mode === "async" ? field(T.daysPerMove, days) : null,
      mode !== "none" ? field(T.onTimeout, onTimeout) : null,
    );
  }

  gameSel.addEventListener("change", () => {
    drawOptions(); // first: a seat's hand starts as the table's steadiness
    for (const hand of seatsBox.querySelectorAll("select.hand")) hand.remove();
    drawSeats();
  });
  players.addEventListener("change", drawSeats);
  clockSel.addEventListener("change", drawClock);
  // the table's steadiness changed: the seats that kept the old one follow it
  let lastHand = "";
  optionsBox.addEventListener("focusin", () => (lastHand = tableHand()));
  optionsBox.addEventListener("change", () => {
    for (const hand of seatsBox.querySelectorAll<HTMLSelectElement>("select.hand")) if (hand.value === lastHand) hand.value = tableHand();
    lastHand = tableHand();
  });
  drawOptions();
  drawSeats();
  drawClock();

  const form = h(
    "form",
    { class: "open-form", "aria-label": T.openTitle },
    h("div", { class: "row" }, field(T.game, gameSel), field(T.players, players)),
    gameLineEl,
    h("fieldset", {}, h("legend", {}, T.seatsTitle), seatsBox),
    h("details", {}, h("summary", {}, T.options), optionsBox),
    h("div", { class: "row" }, field(T.spectators, spectators), field(T.clock, clockSel)),
    clockBox,
    h("div", { class: "row" }, h("label", { class: "field check" }, openSeats, h("span", {}, S.openToStrangers)), fillBox),
    error,
    h("button", { type: "submit", class: "primary" }, T.openButton),
  );
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const options: Record<string, Json> = {};
    for (const input of optionsBox.querySelectorAll<HTMLInputElement>("input")) {
      const name = input.name.slice(4);
      const kind = input.dataset.kind;
      options[name] = kind === "boolean" ? input.checked : kind === "number" ? Number(input.value) : input.value;
    }
    const hands = [...seatsBox.querySelectorAll<HTMLSelectElement>("select.hand")].map((s) => s.value);
    if (hands.some((hand) => hand !== tableHand())) options["seat_steadiness"] = hands.join(",");
    const seats = [...seatsBox.querySelectorAll<HTMLElement>(".seat-row")].map((r, i) => {
      const kind = r.querySelector<HTMLSelectElement>("select.kind")!.value;
      const name = r.querySelector("input")!.value.trim() || (kind === "person" ? T.defaultName(i) : T.botName(i));
      return kind === "person" ? { name } : { name, bot: kind };
    });
    const clock: Record<string, Json> | null =
      clockSel.value === "live"
        ? { mode: "live", bank: Number(bank.value) * 60, increment: Number(increment.value) }
        : clockSel.value === "async"
          ? { mode: "async", days: Number(days.value) }
          : null;
    const body: OpenBody = {
      game: gameSel.value,
      players: seats.length,
      options,
      seats,
      spectators: spectators.value,
      clock,
      on_timeout: clock ? onTimeout.value : "wait",
      open: openSeats.checked,
      fill_after: openSeats.checked ? Number(fillAfter.value) : null,
    };
    try {
      error.textContent = "";
      done(await api.open(body), body);
    } catch (err) {
      error.textContent = T.refused((err as Error).message);
    }
  });
  return form;
}

interface OpenBody {
  game: string;
  players: number;
  options: Record<string, Json>;
  seats: { name: string; bot?: string }[];
  spectators: string;
  clock: Record<string, Json> | null;
  on_timeout: string;
  open: boolean;
  fill_after: number | null;
}

async function opened(result: HTMLElement, made: Opened, body: OpenBody): Promise<void> {
  const invites = Object.entries(made.invites).map(([seat, code]) => ({
    seat: Number(seat),
    name: body.seats[Number(seat)]?.name ?? "",
    code,
  }));
  // The first person's seat is the one opening the table: take it now; the others' links are to share.
  const first = invites.find((i) => i.seat === 0);
  if (first) {
    const joined = await api.join(first.code);
    holdSeat({ table: made.table, seat: 0, token: joined.token, game: body.game, name: first.name });
  }
  const others = invites.filter((i) => i.seat !== 0);
  hostTable({ table: made.table, game: body.game, host: made.host, invites: others });
  // straight to the table (the others' invite links are shown there, and under my tables here)
  const where = first ? `/t/${made.table}` : `/t/${made.table}?watch`;
  clear(result, h("p", {}, T.opened), h("a", { class: "button primary", href: where, id: "go-to-table" }, T.goToTable));
  result.hidden = false;
  location.assign(where);
}

async function myTables(box: HTMLElement): Promise<void> {
  const seats = heldSeats();
  const hostedTables = hosted();
  if (!seats.length && !hostedTables.length) {
    clear(box, h("p", {}, T.noTables));
    return;
  }
  let status = new Map<string, { over: boolean; your_move: boolean }>();
  try {
    const found = await api.myTables(seats.map((s) => s.token));
    status = new Map(found.map((t) => [`${t.table}/${t.seat}`, t]));
  } catch {
    /* shown without their status */
  }
  const rows = seats.map((s) => {
    const st = status.get(`${s.table}/${s.seat}`);
    const host = hostedTables.find((t) => t.table === s.table);
    const badge = !st ? "" : st.over ? T.finished : st.your_move ? T.yourMove : T.waiting;
    return h(
      "li",
      { class: `my-table${st?.your_move && !st.over ? " your-move" : ""}`, "data-table": s.table },
      h("strong", {}, titles.get(s.game) ?? s.game),
      h("span", {}, ` ${s.table} · ${s.name} (${T.seatLabel(s.seat)}) `),
      badge ? h("span", { class: `tag${st?.your_move ? " turn" : ""}` }, badge) : null,
      h("a", { class: "button", href: `/t/${s.table}?seat=${s.seat}` }, st?.over ? T.watch : T.play),
      h("a", { class: "button quiet", href: `/replay/${s.table}` }, T.replay),
      host?.invites.length ? h("details", {}, h("summary", {}, T.invites), inviteList(s.game, s.table, host.invites)) : null,
      h(
        "button",
        {
          type: "button",
          class: "quiet",
          onclick: () => {
            forget(s.table);
            void myTables(box);
          },
        },
        T.forget,
      ),
    );
  });
  // tables I opened without a seat of my own (bots only, or every seat given away): watch and share them
  const hostedOnly = hostedTables
    .filter((t) => !seats.some((s) => s.table === t.table))
    .map((t) =>
      h(
        "li",
        { class: "my-table", "data-table": t.table },
        h("strong", {}, titles.get(t.game) ?? t.game),
        h("span", {}, ` ${t.table} `),
        h("a", { class: "button", href: `/t/${t.table}?watch` }, T.watch),
        h("a", { class: "button quiet", href: `/replay/${t.table}` }, T.replay),
        t.invites.length ? h("details", {}, h("summary", {}, T.invites), inviteList(t.game, t.table, t.invites)) : null,
        h("button", { type: "button", class: "quiet", onclick: () => (forget(t.table), void myTables(box)) }, T.forget),
      ),
    );
  clear(box, h("ul", { class: "my-tables" }, rows, hostedOnly));
}

export async function lobbyPage(root: HTMLElement): Promise<void> {
  const result = h("section", { class: "opened", hidden: true, "aria-live": "polite" });
  const mine = h("div", {});
  const formBox = h("div", {}, T.loading);
  const introBox = h("div", {}, T.loading);
  const quickBox = h("div", {}, T.loading);
  const watchInput = h("input", { name: "watch", "aria-label": T.tableIdOrLink, placeholder: T.tableIdOrLink });
  const inviteInput = h("input", { name: "invite", "aria-label": T.inviteLinkOrCode, placeholder: T.inviteLinkOrCode });
  clear(
    root,
    h("header", { class: "bar" }, h("h1", {}, T.appName), h("span", { class: "tagline" }, T.tagline), languageSwitch()),
    h(
      "main",
      { id: "main", class: "lobby" },
      h("section", { class: "card games-card", "aria-labelledby": "games-title" }, h("h2", { id: "games-title" }, T.gamesTitle), introBox),
      h("section", { class: "card open-card" }, h("h2", {}, T.openTitle), formBox, result),
      h("section", { class: "card" }, h("h2", {}, S.quickTitle), quickBox),
      h("section", { class: "card" }, h("h2", {}, T.myTables), mine),
      h(
        "section",
        { class: "card" },
        h("h2", {}, T.watchTitle),
        h(
          "form",
          { class: "row", onsubmit: (e: Event) => e.preventDefault() },
          watchInput,
          h("button", { type: "button", onclick: () => watchInput.value.trim() && location.assign(`/t/${tableIdOf(watchInput.value)}?watch`) }, T.watch),
          h("button", { type: "button", onclick: () => watchInput.value.trim() && location.assign(`/replay/${tableIdOf(watchInput.value)}`) }, T.replay),
        ),
        h("h2", {}, T.joinTitle),
        h(
          "form",
          {
            class: "row",
            onsubmit: (e: Event) => {
              e.preventDefault();
              const code = inviteInput.value.trim().split("/join/").pop()!;
              if (code) location.assign(`/join/${code}`);
            },
          },
          inviteInput,
          h("button", { type: "submit" }, T.join),
        ),
      ),
    ),
  );
  void myTables(mine);
  setInterval(() => void myTables(mine), 10000);
  try {
    const games = await api.games();
    for (const g of games) titles.set(g.name, titleOf(g));
    void myTables(mine);
    clear(quickBox, quickPlay(games, titleOf));
    clear(introBox, gamesIntro(games, (name) => titles.get(name) ?? name));
    clear(formBox, openForm(games, (made, body) => void opened(result, made, body).then(() => myTables(mine))));
  } catch (err) {
    clear(formBox, h("p", { class: "notice" }, T.refused((err as Error).message)));
  }
}

export async function joinPage(root: HTMLElement, code: string): Promise<void> {
  clear(root, h("main", { id: "main" }, h("p", {}, T.joining)));
  try {
    const joined = await api.join(code);
    const state = await api.state(joined.table, joined.token);
    const name = state.seats[joined.seat]?.name ?? "";
    holdSeat({ table: joined.table, seat: joined.seat, token: joined.token, game: state.game, name });
    // replace: the invite code leaves the address bar and the history
    location.replace(`/t/${joined.table}?seat=${joined.seat}`);
  } catch (err) {
    clear(root, h("main", { id: "main" }, h("p", { class: "notice" }, T.refused((err as Error).message)), h("a", { href: "/" }, T.backToLobby)));
  }
}
