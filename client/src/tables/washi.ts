// Tokyo Washi at the browser table: the map in colour (washi-map.ts), each player's strip and cats beside
// it, and play by clicking a highlighted space: a fish or a cat in the setup, the space a line goes to,
// where a jump lands or the sewer a pop comes out of. Several moves to one space offer a small choice.

import "./washi.css";
import { clear, h } from "../dom";
import type { WashiAction, WashiView } from "../generated/washi";
import { sentence, type Action, type GameResult, type LogLine } from "../protocol";
import { N_, t, word } from "../i18n";
import { yourLine } from "../text";
import type { TableContext, TableModule } from "./types";
import { cellIndex, cellName, charAt, cellWords, drawMap, PATTERNS, PEN, type Target } from "./washi-map";

/** The space picked on the page when several moves go there (not sent yet). */
const picked: { stamp: string; cell: number | null } = { stamp: "", cell: null };

const STEP: Record<string, [number, number]> = { north: [-1, 0], east: [0, 1], south: [1, 0], west: [0, -1] };

/** Where an action puts the line's end: its cell, or -1 when it cannot be placed on the map. */
export function targetOf(view: WashiView, seat: number, a: WashiAction): number {
  const w = view.width;
  if (a.kind === "fish" || a.kind === "cat") return cellIndex(a.at, w, view.height);
  if (a.kind === "move") return cellIndex(a.to, w, view.height);
  const cat = view.players[seat]?.cats[a.cat - 1];
  if (a.kind === "pop") {
    // the cat comes out of the matching sewer on the same row
    const entry = cellIndex(a.at, w, view.height);
    if (entry < 0) return -1;
    const row = Math.floor(entry / w);
    const ch = charAt(view, entry);
    for (let c = 0; c < w; c++) if (row * w + c !== entry && charAt(view, row * w + c) === ch) return row * w + c;
    return -1;
  }
  // a jump lands on the first space after the run of lines it passes over
  const from = cat?.at ? cellIndex(cat.at, w, view.height) : -1;
  const [dr, dc] = STEP[a.direction] ?? [0, 0];
  if (from < 0) return -1;
  let [r, c] = [Math.floor(from / w) + dr, (from % w) + dc];
  while (r >= 0 && r < view.height && c >= 0 && c < w) {
    if ((view.lines[r * w + c] ?? -1) < 0) return r * w + c;
    [r, c] = [r + dr, c + dc];
  }
  return -1;
}

export function describeWashi(action: Action): string {
  const a = action as WashiAction;
  if (a.kind === "fish") return t("draw a fish at {at}", { at: a.at });
  if (a.kind === "cat") return t("draw a cat at {at}", { at: a.at });
  if (a.kind === "move") return t("move cat {cat}'s line to {to}", { cat: a.cat, to: a.to });
  if (a.kind === "jump") return t("super cat jump: cat {cat} jumps {direction} (a special move)", { cat: a.cat, direction: word(a.direction) });
  return t("super sewer popper: cat {cat} dives into the sewer at {at} (a special move)", { cat: a.cat, at: a.at });
}

/** The strips' edges and the pens' colours, words the catalogue translates where they are shown. */
export const WASHI_WORDS = [
  ...[N_("top"), N_("bottom"), N_("left"), N_("right")],
  ...[N_("red"), N_("blue"), N_("green"), N_("yellow"), N_("magenta"), N_("cyan")],
  ...[N_("orange"), N_("purple"), N_("pink"), N_("brown"), N_("grey"), N_("white")],
];

const same = (a: Action | null, b: Action): boolean => a !== null && JSON.stringify(a) === JSON.stringify(b);

function render(root: HTMLElement, ctx: TableContext): void {
  const view = ctx.view as WashiView;
  const legal = ctx.legal as WashiAction[];
  const me = ctx.seat;
  const stamp = `${ctx.table}/${view.moves_played}/${legal.length}`;
  if (picked.stamp !== stamp) Object.assign(picked, { stamp, cell: null });

  const byCell = new Map<number, WashiAction[]>();
  const loose: WashiAction[] = [];
  for (const a of legal) {
    const t = me === null ? -1 : targetOf(view, me, a);
    if (t < 0) loose.push(a);
    else byCell.set(t, [...(byCell.get(t) ?? []), a]);
  }
  const targets: Target[] = [...byCell.entries()].map(([cell, acts]) => ({
    cell,
    label: acts.length === 1 ? `${describeWashi(acts[0]!)} (${cellWords(charAt(view, cell))})` : t("{cell}: {n} moves go here", { cell: cellName(cell, view.width), n: acts.length }),
    hinted: acts.some((a) => same(ctx.hint, a)),
    selected: picked.cell === cell,
    pick: () => {
      if (acts.length === 1) ctx.act(acts[0]!);
      else {
        picked.cell = cell;
        ctx.redraw();
        root.querySelector<HTMLElement>(".washi-choice button")?.focus();
      }
    },
  }));

  const choice =
    picked.cell !== null && byCell.has(picked.cell)
      ? h(
          "section",
          { class: "washi-choice", "aria-label": t("Choose the move") },
          h("p", {}, t("Several moves go to {cell}: which one?", { cell: cellName(picked.cell, view.width) })),
          byCell.get(picked.cell)!.map((a) => h("button", { type: "button", class: `legal${same(ctx.hint, a) ? " hinted" : ""}`, onclick: () => ctx.act(a) }, describeWashi(a))),
          h("button", { type: "button", class: "quiet", onclick: () => ((picked.cell = null), ctx.redraw()) }, t("Cancel")),
        )
      : null;

  const specials = legal.filter((a) => a.kind === "jump" || a.kind === "pop");
  const extra = [...new Set([...specials, ...loose])];
  const specialBox = extra.length
    ? h(
        "section",
        { class: "washi-specials", "aria-label": t("Special moves") },
        h("h3", {}, t("Special moves ({n} left)", { n: view.players[me ?? 0]?.specials_left ?? 0 })),
        extra.map((a) => h("button", { type: "button", class: `legal special${same(ctx.hint, a) ? " hinted" : ""}`, onclick: () => ctx.act(a) }, describeWashi(a))),
      )
    : null;

  clear(
    root,
    h(
      "div",
      { class: "washi" },
      choice,
      specialBox, // above the map: the prompt points at them, and a tall map would push them off the screen
      h("div", { class: "map-box" }, drawMap(view, ctx.names, targets, t("The map: {title}", { title: view.map.title }), ctx.table)),
      h("ul", { class: "washi-players", "aria-label": t("The players' strips") }, view.players.map((pl, seat) => playerRow(view, ctx, pl, seat))),
      legend(view),
    ),
  );
}

type Player = WashiView["players"][number];

function swatch(pl: Player, seat: number): SVGElement {
  const el = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  el.setAttribute("viewBox", "0 0 40 12");
  el.setAttribute("class", "swatch");
  el.setAttribute("aria-hidden", "true");
  el.innerHTML = `<line x1="2" y1="6" x2="38" y2="6" stroke="${PEN[pl.colour] ?? "#999"}" stroke-width="9" stroke-linecap="round"/><line x1="2" y1="6" x2="38" y2="6" class="pen-mark" stroke-dasharray="${PATTERNS[seat % PATTERNS.length] ?? ""}"/>`;
  return el;
}

function playerRow(view: WashiView, ctx: TableContext, pl: Player, seat: number): HTMLElement {
  const cats = pl.cats.map((c, k) =>
    c.at === null
      ? t("cat {n} not drawn", { n: k + 1 })
      : c.home
        ? t("cat {n} at {at}, home with its fish ✓", { n: k + 1, at: c.at })
        : c.fish
          ? t("cat {n} at {at}, carrying a fish", { n: k + 1, at: c.at })
          : t("cat {n} at {at}", { n: k + 1, at: c.at }),
  );
  const turn = view.to_play === seat && !ctx.over;
  return h(
    "li",
    { class: `washi-player${turn ? " to-play" : ""}${pl.in_game ? "" : " trapped"}`, "data-seat": seat },
    swatch(pl, seat),
    h("strong", {}, ctx.names[seat] ?? `#${seat + 1}`),
    seat === ctx.seat ? h("span", { class: "tag" }, t("you")) : null,
    turn ? h("span", { class: "tag turn" }, t("to play")) : null,
    h("span", { class: "muted" }, t("{colour}, {edge} edge", { colour: word(pl.colour), edge: word(pl.edge) })),
    h("span", { class: "specials", title: t("special moves left") }, t("specials {marks}", { marks: `${"■".repeat(2 - pl.specials_left)}${"□".repeat(pl.specials_left)}` })),
    h("span", {}, t("fish {n}/2", { n: pl.fish_crossed_off })),
    h("span", { class: "cats-line" }, cats.join("; ")),
    pl.in_game ? null : h("span", { class: "tag trapped" }, t("trapped: out")),
  );
}

function legend(view: WashiView): HTMLElement {
  const chars = new Set(view.map.grid.join(""));
  const items: string[] = [t("street"), t("fish: its owner's colour (crossed by a line once picked up)"), t("a line: its owner's colour and pattern, ● its start, the cat's head its end")];
  if (chars.has("#")) items.push(t("torii: shrine, never entered or jumped"));
  if (chars.has("o")) items.push(t("grate: storm drain"));
  if (chars.has("%")) items.push(t("tree: forest"));
  if ([...chars].some((c) => c >= "a" && c <= "z" && c !== "o")) items.push(t("ringed letter: a sewer, paired with the same letter on its row"));
  if ([...chars].some((c) => c >= "A" && c <= "Z")) items.push(t("grey block: a building; black edges are barriers, gaps its doors"));
  return h("details", { class: "washi-legend" }, h("summary", {}, t("What the map shows")), h("ul", {}, items.map((item) => h("li", {}, item))));
}

function prompt(ctx: TableContext): string | null {
  const view = ctx.view as WashiView;
  const legal = ctx.legal as WashiAction[];
  if (ctx.over) return null;
  const name = (s: number | null) => (s === null ? "" : (ctx.names[s] ?? `#${s + 1}`));
  if (legal.length) {
    if (view.phase === "fish") return t("Setup: click a highlighted space to draw a fish (two on your own row, two on the far row).");
    if (view.phase === "cats") return t("Setup: click a highlighted space of your home row to draw a cat.");
    const sp = view.players[ctx.seat ?? 0]?.specials_left ?? 0;
    return sp
      ? t("Your turn: click a highlighted space to extend a cat's line (pick up a fish on the far row, bring it home); jumps and sewer pops are listed above the map ({n} left).", { n: sp })
      : t("Your turn: click a highlighted space to extend a cat's line (pick up a fish on the far row, bring it home).");
  }
  const who = name(view.to_play);
  if (view.phase === "fish") return t("{name} is drawing a fish.", { name: who });
  if (view.phase === "cats") return t("{name} is drawing a cat.", { name: who });
  return t("{name} is moving a cat.", { name: who });
}

function logLine(line: LogLine, names: string[], me?: number | null): string {
  const yours = yourLine(line, me);
  if (yours) return yours;
  const who = line.seat === null ? "" : (names[line.seat] ?? `#${line.seat + 1}`);
  return `${who ? `${who} ` : ""}${sentence(line)}.`;
}

function why(result: GameResult, names: string[]): string | null {
  const trapped = (result.details["trapped"] ?? []) as number[];
  const w = result.winners[0];
  if (w === undefined) return "";
  if ((result.scores?.[w] ?? 0) >= 2) return t("with both cats home, each carrying a fish");
  const out = trapped.map((s) => names[s] ?? `#${s + 1}`).join(", ");
  const others = t("everyone else"); // apart: Babel does not extract a t() inside another's arguments
  return t("as the last player not trapped ({names}: no way left to a fish and home)", { names: out || others });
}

function breakdown(result: GameResult, names: string[]): HTMLElement | null {
  const trapped = (result.details["trapped"] ?? []) as number[];
  const fish = (result.details["fish_picked_up"] ?? []) as number[];
  const row = (label: string, cells: (string | number)[], cls = "") =>
    h("tr", { class: cls }, h("th", { scope: "row" }, label), cells.map((c) => h("td", {}, String(c))));
  return h(
    "table",
    { class: "score breakdown" },
    h("caption", {}, t("Cats home, fish and traps")),
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, ""), names.map((n) => h("th", { scope: "col" }, n)))),
    h(
      "tbody",
      {},
      row(t("fish picked up"), names.map((_, i) => fish[i] ?? 0)),
      row(t("trapped"), names.map((_, i) => (trapped.includes(i) ? t("out (trapped as number {n})", { n: trapped.indexOf(i) + 1 }) : t("no")))),
      row(t("cats home with a fish"), names.map((_, i) => result.scores?.[i] ?? 0), "total"),
    ),
  );
}

export const washiTable: TableModule = {
  game: "washi",
  render,
  prompt,
  logLine,
  describe: (action) => describeWashi(action),
  rules: [
    t("Each player has a grey strip along one edge of the map and a pen. In the setup, everyone draws four fish, two on their own row and two on the far row, then two cats on their own row, with at least two spaces between any two drawings."),
    t("On your turn, extend one of your cats' lines by one space up, down, left or right, onto a space with no line. Buildings are entered only through their doors; shrines never."),
    t("Reach the far row, pick up a fish of any colour there (one per cat), then bring that cat back to its starting row. The first to bring both cats home, each with a fish, wins; a player with no way left is trapped and out, and the last one not trapped wins."),
    t("Twice a game you may make a special move instead: the super cat jump over a straight run of lines (over another colour: the super amazing cat jump), or the super sewer popper, diving into a sewer and out of its pair."),
  ],
  why,
  breakdown,
};
