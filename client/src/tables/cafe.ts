// Cat Cafe at the browser table: my sheet as the paper sheet looks, the dice to draft, marking by clicking
// a space then an item (its footprint cost shown before committing), the others' sheets at a glance, and
// the round's marks revealed together once everyone has chosen.

import { clear, h } from "../dom";
import { fresh, play } from "../motion";
import type { CafeAction, CafeView, Item } from "../generated/cafe";
import type { Action, GameResult, LogLine } from "../protocol";
import { message } from "../i18n";
import { CAFE } from "../text";
import { bonusRow, catsRow, footprintTrack, ITEMS, itemBadge, markCost, sheetGrid, type Sheet } from "./cafe-sheet";
import type { TableContext, TableModule } from "./types";

/** What the player has picked on the page and not yet sent: a space, then an item. */
const picked: { table: string; version: string; space: string | null; item: Item | null } = {
  table: "",
  version: "",
  space: null,
  item: null,
};

type Mark = Extract<CafeAction, { kind: "mark" }>;

function marks(legal: Action[]): Mark[] {
  return (legal as CafeAction[]).filter((a): a is Mark => a.kind === "mark");
}

function dieFace(n: number | null, cls = ""): HTMLElement {
  return h("span", { class: `die ${cls}`, "aria-label": n === null ? CAFE.noDie : CAFE.die(n) }, n === null ? "–" : String(n));
}

function render(root: HTMLElement, ctx: TableContext): void {
  const view = ctx.view as CafeView;
  const legal = ctx.legal as CafeAction[];
  const stamp = `${ctx.table}/${view.round}/${view.phase}/${legal.length}`;
  if (picked.table !== ctx.table || picked.version !== stamp) Object.assign(picked, { table: ctx.table, version: stamp, space: null, item: null });
  const me = ctx.seat;
  const hint = ctx.hint as CafeAction | null;
  const hintSpace = hint?.kind === "mark" ? `${hint.tower}-${hint.floor}` : null;
  const own = me === null ? null : (view.sheets[me] ?? null);

  // the dice: the round's roll, the pool to draft from, the shared die. Once the draft is over the die left
  // in the pool is the shared die: shown once, as the shared die. Two dice of one value are two buttons
  // (either takes that value); the hint marks the first.
  const takes = legal.filter((a): a is Extract<CafeAction, { kind: "take" }> => a.kind === "take");
  const pool = view.shared === null ? view.pool : [];
  const dice = h(
    "section",
    { class: "dice-box", "aria-label": CAFE.diceLabel },
    h("h3", {}, me !== null && view.first_player === me ? CAFE.roundTitleYou(view.round) : CAFE.roundTitle(view.round, ctx.names[view.first_player] ?? "")),
    h(
      "div",
      { class: "dice" },
      h("span", { class: "label" }, CAFE.pool),
      pool.length
        ? pool.map((d, i) => {
            const hinted = hint?.kind === "take" && hint.die === d && pool.indexOf(d) === i;
            return takes.some((t) => t.die === d)
              ? h("button", { type: "button", class: `die legal${hinted ? " hinted" : ""}`, "aria-label": CAFE.takeDie(d), onclick: () => ctx.act({ kind: "take", die: d }) }, String(d))
              : dieFace(d);
          })
        : h("span", { class: "muted" }, CAFE.poolEmpty),
      h("span", { class: "label" }, CAFE.shared),
      dieFace(view.shared, "shared"),
      own ? [h("span", { class: "label" }, CAFE.yourDie), dieFace(own.die, "own")] : null,
    ),
    revealed(view, ctx.names),
  );

  const space = (key: string): [number, number] => key.split("-").map(Number) as [number, number];
  const ms = marks(legal);
  // Picking a space or an item changes the page in place (no redraw): the element clicked stays put.
  const itemsRow = h("div", { class: "items-box" });
  const confirmBox = h("div", { class: "confirm-box" });
  const play =
    me !== null && own
      ? {
          legal: new Set(ms.map((m) => `${m.tower}-${m.floor}`)),
          selected: picked.space,
          hinted: hintSpace,
          pending: own.pending && own.pending.kind === "mark" ? own.pending : ctx.queued?.kind === "mark" ? (ctx.queued as Mark) : null,
          pick: (tower: number, floor: number) => {
            picked.space = `${tower}-${floor}`;
            picked.item = null;
            for (const el of root.querySelectorAll<HTMLElement>(".sheet.mine button.space")) {
              const on = el.dataset.space === picked.space;
              el.classList.toggle("selected", on);
              el.setAttribute("aria-pressed", String(on));
            }
            fillItems();
            itemsRow.querySelector<HTMLElement>("button:not([disabled])")?.focus({ preventScroll: true });
          },
        }
      : null;

  // The items and the confirm button are always there in the marking phase (disabled until a space and an
  // item are picked): nothing moves under the pointer as the player picks.
  function fillItems(): void {
    const at = picked.space && own ? space(picked.space) : null;
    const here = at ? ms.filter((m) => m.tower === at[0] && m.floor === at[1]) : [];
    clear(
      itemsRow,
      h("p", {}, at ? CAFE.pickItem(at[0], at[1]) : CAFE.clickSpace),
      h(
        "div",
        { class: "items" },
        ITEMS.map((item) => {
          const ok = here.some((m) => m.item === item);
          const cost = at && own?.die && view.shared ? markCost(own.die, view.shared, at[1], item) : null;
          const hinted = at && hint?.kind === "mark" && hint.tower === at[0] && hint.floor === at[1] && hint.item === item;
          const pickItem = (event: Event): void => {
            picked.item = item;
            for (const el of itemsRow.querySelectorAll<HTMLElement>("button.item-choice")) {
              el.classList.toggle("selected", el === event.currentTarget);
            }
            fillConfirm();
            confirmBox.querySelector<HTMLElement>("button.confirm")?.focus({ preventScroll: true });
          };
          return h(
            "button",
            { type: "button", class: `item-choice${ok ? " legal" : ""}${picked.item === item ? " selected" : ""}${hinted ? " hinted" : ""}`, disabled: !ok, "data-item": item, onclick: pickItem },
            itemBadge(item),
            h("span", { class: "cost" }, cost === null ? "\u00a0" : ok ? CAFE.cost(cost) : CAFE.notNow(cost)),
          );
        }),
      ),
    );
    fillConfirm();
  }

  function fillConfirm(): void {
    const at = picked.space ? space(picked.space) : null;
    const item = picked.item;
    const ready = at !== null && item !== null && own !== null;
    const cost = ready ? markCost(own.die ?? 0, view.shared ?? 0, at[1], item) : 0;
    clear(
      confirmBox,
      h("p", { class: "confirm-line" }, ready ? CAFE.confirmText(CAFE.title[item], at[0], at[1], cost, own.footprints.available) : CAFE.confirmLater),
      h("button", { type: "button", class: "confirm primary", disabled: !ready, onclick: () => ready && ctx.act({ kind: "mark", tower: at[0], floor: at[1], item }) }, CAFE.confirm),
      h("button", { type: "button", class: "quiet", disabled: !ready, onclick: () => ((picked.space = null), (picked.item = null), ctx.redraw()) }, CAFE.cancel),
    );
  }

  // choosing: items for the space picked, the cost, then confirm; pass; the cat after a house
  const choose = h("section", { class: "choose", "aria-label": CAFE.chooseLabel });
  if (ms.length) {
    fillItems();
    choose.append(itemsRow, confirmBox);
  }
  if (legal.some((a) => a.kind === "pass")) {
    choose.append(h("button", { type: "button", class: `pass legal${hint?.kind === "pass" ? " hinted" : ""}`, onclick: () => ctx.act({ kind: "pass" }) }, CAFE.pass));
  }
  const cats = legal.filter((a): a is Extract<CafeAction, { kind: "cat" }> => a.kind === "cat");
  if (cats.length) {
    choose.append(
      h("p", {}, CAFE.chooseCat),
      h(
        "div",
        { class: "items" },
        cats.map((c) =>
          h("button", { type: "button", class: `cat-choice legal${hint?.kind === "cat" && hint.cat === c.cat ? " hinted" : ""}`, "data-cat": c.cat, onclick: () => ctx.act(c) }, itemBadge(c.cat), CAFE.catFor(CAFE.title[c.cat])),
        ),
      ),
    );
  }

  const sheetBox = (sheet: Sheet, i: number, big: boolean): HTMLElement =>
    h(
      "section",
      { class: `sheet${big ? " mine" : " other"}${view.to_play === i && !ctx.over ? " to-play" : ""}`, "data-seat": i },
      h(
        "h3",
        {},
        ctx.names[i] ?? `#${i}`,
        h("span", { class: "score" }, CAFE.score(view.scores[i] ?? 0)),
        view.phase !== "over" && view.shared !== null ? h("span", { class: `tag${sheet.chosen ? "" : " turn"}` }, sheet.chosen ? CAFE.hasChosen : CAFE.choosing) : null,
        sheet.die !== null && !(big && own) ? dieFace(sheet.die, "small") : null, // my die: shown once, under the dice
      ),
      sheetGrid(sheet, view.towers, big ? play : null, CAFE.sheetOf(ctx.names[i] ?? "")),
      bonusRow(sheet, view.towers),
      footprintTrack(sheet),
      catsRow(sheet),
      sheet.last ? h("p", { class: "last-line" }, CAFE.lastText(describeLast(sheet))) : null,
    );

  const mineIdx = me ?? 0;
  const others = view.sheets.map((s, i) => [s, i] as const).filter(([, i]) => i !== mineIdx);
  clear(
    root,
    h(
      "div",
      { class: "cafe" },
      dice,
      choose.childElementCount ? choose : null,
      view.sheets[mineIdx] ? sheetBox(view.sheets[mineIdx]!, mineIdx, me !== null) : null,
      others.length ? h("div", { class: "others" }, others.map(([s, i]) => sheetBox(s, i, false))) : null,
    ),
  );
  motion(root, ctx.table, view);
}

/** What just happened, shown (motion.ts): a new round's dice roll; the marks everyone chose, revealed
 * together, appear on every sheet at once. */
function motion(root: HTMLElement, table: string, view: CafeView): void {
  if (fresh(table, "roll", [String(view.round)]).size) {
    for (const die of root.querySelectorAll(".dice .die:not(.own)")) {
      play(die, [{ transform: "rotate(0) scale(0.6)" }, { transform: "rotate(540deg) scale(1.15)", offset: 0.7 }, { transform: "rotate(720deg) scale(1)" }], { duration: 650, easing: "ease-out" });
    }
  }
  const marks: string[] = [];
  view.sheets.forEach((sheet, seat) =>
    sheet.towers.forEach((floors, ti) => {
      for (const [f, item] of Object.entries(floors as Record<string, string | null>)) if (item) marks.push(`${seat}/${ti}/${f}`);
    }),
  );
  for (const key of fresh(table, "marks", marks)) {
    const [seat, ti, f] = key.split("/");
    const towerNo = view.towers[Number(ti)]?.tower;
    const item = root.querySelector(`.sheet[data-seat="${seat}"] [data-space="${towerNo}-${f}"] .item`);
    if (item) play(item, [{ transform: "scale(0.2)", opacity: 0 }, { transform: "scale(1.25)", opacity: 1, offset: 0.7 }, { transform: "scale(1)", opacity: 1 }], { duration: 500, easing: "ease-out" });
  }
}

/** The marks of the round just resolved, revealed together: one line per player. */
function revealed(view: CafeView, names: string[]): HTMLElement | null {
  const shown = view.sheets.map((s, i) => [s, i] as const).filter(([s]) => s.last);
  if (!shown.length || (view.round <= 1 && view.phase !== "over")) return null;
  return h(
    "details",
    { class: "revealed", open: true },
    h("summary", {}, CAFE.revealedTitle(view.phase === "over" ? view.round : view.round - 1)),
    h("ul", {}, shown.map(([s, i]) => h("li", {}, `${names[i] ?? i}: ${describeLast(s)}`))),
  );
}

function describeLast(sheet: Sheet): string {
  const last = sheet.last;
  if (!last) return "";
  if (last.kind === "mark") return CAFE.drew(CAFE.title[last.item], last.tower, last.floor, last.footprints);
  return CAFE.passed;
}

function prompt(ctx: TableContext): string | null {
  const view = ctx.view as CafeView;
  const legal = ctx.legal as CafeAction[];
  if (ctx.over) return null;
  if (legal.some((a) => a.kind === "take")) return CAFE.promptTake;
  if (legal.some((a) => a.kind === "cat")) return CAFE.promptCat;
  if (legal.some((a) => a.kind === "mark" || a.kind === "pass")) return CAFE.promptMark;
  if (view.phase === "draft" && view.to_play !== null) return CAFE.drafting(ctx.names[view.to_play] ?? "");
  const waiting = view.sheets.map((s, i) => [s, i] as const).filter(([s]) => !s.chosen).map(([, i]) => ctx.names[i] ?? "");
  return waiting.length ? CAFE.waitingFor(waiting) : null;
}

function describe(action: Action): string {
  const a = action as CafeAction;
  if (a.kind === "take") return CAFE.take(a.die);
  if (a.kind === "mark") return CAFE.markWords(CAFE.title[a.item], a.tower, a.floor);
  if (a.kind === "cat") return CAFE.catFor(CAFE.title[a.cat]);
  return CAFE.pass;
}

/** The server's message of a move (its msgid and args), told in the Cafe's own past-tense sentences. */
function logLine(line: LogLine, names: string[], me?: number | null): string {
  const who = line.seat === null ? "" : (names[line.seat] ?? `#${line.seat}`);
  const msg = line.msg;
  if (!msg) return who ? `${who}: ${line.text}` : line.text;
  const a = msg.args;
  const item = (v: unknown): string => (ITEMS.includes(v as Item) ? CAFE.title[v as Item] : String(v));
  if (me !== null && me !== undefined && line.seat === me) {
    // my own moves, told to me
    switch (msg.msgid) {
      case "takes the die showing {die}":
        return CAFE.youTook(Number(a["die"]));
      case "draws a {item} on tower {tower}, floor {floor}":
        return CAFE.youMarked(item(a["item"]), Number(a["tower"]), Number(a["floor"]));
      case "draws a {item} on tower {tower}, floor {floor} and scores the {cat} cat":
        return CAFE.youMarkedCat(item(a["item"]), Number(a["tower"]), Number(a["floor"]), item(a["cat"]));
      case "scores the {cat} cat":
        return CAFE.youCat(item(a["cat"]));
      case "passes":
        return CAFE.youPassed;
      case "has chosen (revealed when everyone has)":
        return CAFE.youChose;
    }
  }
  switch (msg.msgid) {
    case "takes the die showing {die}":
      return CAFE.logTake(who, Number(a["die"]));
    case "draws a {item} on tower {tower}, floor {floor}":
      return CAFE.logMark(who, item(a["item"]), Number(a["tower"]), Number(a["floor"]));
    case "draws a {item} on tower {tower}, floor {floor} and scores the {cat} cat":
      return CAFE.logMarkCat(who, item(a["item"]), Number(a["tower"]), Number(a["floor"]), item(a["cat"]));
    case "scores the {cat} cat":
      return CAFE.logCat(who, item(a["cat"]));
    case "passes":
      return CAFE.logPass(who);
    case "has chosen (revealed when everyone has)":
      return CAFE.logChosen(who);
  }
  return `${who ? `${who} ` : ""}${message(msg)}.`;
}

function breakdown(result: GameResult, names: string[]): HTMLElement | null {
  const rows = (result.details["breakdown"] ?? null) as Record<string, unknown>[] | null;
  if (!Array.isArray(rows)) return null;
  const keys: [string, string][] = [
    ["house", CAFE.title.house],
    ["yarn", CAFE.title.yarn],
    ["butterfly", CAFE.title.butterfly],
    ["bowl", CAFE.title.bowl],
    ["cushion", CAFE.title.cushion],
    ["mouse", CAFE.title.mouse],
    ["towers", CAFE.towersBonus],
    ["total", CAFE.total],
  ];
  return h(
    "table",
    { class: "score breakdown" },
    h("caption", {}, CAFE.breakdownCaption),
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, ""), names.map((n) => h("th", { scope: "col" }, n)))),
    h(
      "tbody",
      {},
      keys.map(([k, label]) =>
        h("tr", { class: k === "total" ? "total" : "" }, h("th", { scope: "row" }, label), rows.map((r) => h("td", {}, String(r[k] ?? 0)))),
      ),
    ),
  );
}

function why(result: GameResult, _names: string[], view: unknown): string | null {
  const v = view as CafeView;
  const rounds = result.details["rounds"];
  const best = Math.max(...(result.scores ?? []));
  if (v.players === 1) return CAFE.whySolo(best, v.options.solo_target);
  const n = typeof rounds === "number" ? rounds : null;
  return CAFE.why(best, n, n !== null && n >= v.options.max_rounds);
}

export const cafeTable: TableModule = {
  game: "cafe",
  render,
  prompt,
  logLine,
  describe,
  rules: CAFE.rules,
  breakdown,
  why,
};
