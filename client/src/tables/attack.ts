// Cat Attack at the browser table: Mog Land drawn from the view (attack-board.ts) with its pieces gliding
// as they move, my hand of Mog cards to play by clicking (a card, then a highlighted space), the die, the
// Curiosity card, every house's lives and larder, and what happened since my last move in sentences. An
// exchange's cards are shown only when this seat's own view names them (the server tells no one else).

import "./attack.css";
import { clear, h, keepScroll } from "../dom";
import type { AttackAction, AttackView } from "../generated/attack";
import { sentence, type Action, type GameResult, type Json, type LogLine } from "../protocol";
import { BOARD, drawBoard, HOUSE_COLOURS, type SpaceTarget } from "./attack-board";
import { cardEl, cardOf, cardWords, curiosityWords, describeAttack, itemBadge, ITEM_WORDS, spaceOf, withNames } from "./attack-cards";
import type { TableContext, TableModule } from "./types";

/** What this page has picked and not sent: a card, a space with several plays, an exchange's take. */
const picked: { stamp: string; card: string | null; space: string | null; take: string | null } = { stamp: "", card: null, space: null, take: null };
/** The newest event already shown (new ones animate once), and the last view drawn (for the end). */
const seen: { table: string; n: number } = { table: "", n: -1 };
let lastView: AttackView | null = null;

const same = (a: Action | null, b: Action): boolean => a !== null && JSON.stringify(a) === JSON.stringify(b);
type Event = AttackView["log"][number];
type Args = Record<string, Json>;

function newSpots(view: AttackView, table: string): { spots: { space: string; kind: string }[]; rolled: boolean } {
  const events = view.log;
  const top = events.length ? events[events.length - 1]!.n : seen.n;
  if (seen.table !== table) {
    Object.assign(seen, { table, n: top });
    return { spots: [], rolled: false };
  }
  const fresh = events.filter((e) => e.n > seen.n);
  seen.n = Math.max(seen.n, top);
  const spots: { space: string; kind: string }[] = [];
  let rolled = false;
  for (const e of fresh) {
    const a = e.args as Args;
    if (e.id === "attacked" && typeof a["at"] === "string") spots.push({ space: a["at"], kind: "attack" });
    if (e.id === "caught" && typeof a["at"] === "string") spots.push({ space: a["at"], kind: "catch" });
    if (e.id === "lives_lost" && typeof a["cat"] === "number") {
      const home = view.cats[a["cat"]]?.home;
      if (home) spots.push({ space: home, kind: "life" });
    }
    if (e.id === "car") for (const s of BOARD.streets.find((st) => st.name === a["street"])?.spaces ?? []) spots.push({ space: s, kind: "car" });
    if (e.id === "rolled") rolled = true;
  }
  return { spots, rolled };
}

function render(root: HTMLElement, ctx: TableContext): void {
  const view = ctx.view as AttackView;
  lastView = view;
  const legal = ctx.legal as AttackAction[];
  const me = ctx.seat;
  const name = (s: number) => ctx.names[s] ?? `cat ${s}`;
  const stamp = `${ctx.table}/${view.log.length ? view.log[view.log.length - 1]!.n : 0}/${view.phase}/${legal.length}`;
  if (picked.stamp !== stamp) Object.assign(picked, { stamp, card: null, space: null, take: null });
  const { spots, rolled } = newSpots(view, ctx.table);
  const hint = ctx.hint as AttackAction | null;

  // what the board highlights: the moves after a roll, or the picked card's spaces
  const aimed = legal.filter((a) => spaceOf(a) !== null && (a.kind === "move" || (picked.card !== null && cardOf(a) === picked.card)));
  const bySpace = new Map<string, AttackAction[]>();
  for (const a of aimed) bySpace.set(spaceOf(a)!, [...(bySpace.get(spaceOf(a)!) ?? []), a]);
  const targets: SpaceTarget[] = [...bySpace.entries()].map(([space, acts]) => ({
    space,
    label: acts.length === 1 ? describeAttack(acts[0]!, ctx.names) : `${space}: ${acts.length} ways to play here`,
    hinted: acts.some((a) => same(hint, a)),
    pick: () => {
      if (acts.length === 1) ctx.act(acts[0]!);
      else {
        picked.space = space;
        ctx.redraw();
        root.querySelector<HTMLElement>(".attack-choice button")?.focus();
      }
    },
  }));

  const button = (a: AttackAction, text = describeAttack(a, ctx.names)) =>
    h("button", { type: "button", class: `legal choice${same(hint, a) ? " hinted" : ""}`, onclick: () => ctx.act(a) }, text);
  const choice = h("section", { class: "attack-choice", "aria-label": "Your choice" });
  if (picked.space && bySpace.has(picked.space)) {
    choice.append(h("p", {}, `Several plays go to ${picked.space}: which one?`), ...bySpace.get(picked.space)!.map((a) => button(a)));
  } else if (picked.card) {
    const loose = legal.filter((a) => cardOf(a) === picked.card && spaceOf(a) === null);
    choice.append(h("p", {}, `${cardWords(picked.card)}: ${bySpace.size ? "click a highlighted space on the board" : "choose"}.`), ...loose.map((a) => button(a)));
  }
  if (picked.card || picked.space) choice.append(h("button", { type: "button", class: "quiet", onclick: () => ((picked.card = picked.space = null), ctx.redraw()) }, "Cancel"));
  // plays that are not a card of the hand: a Cat Fight, Six Cat, a raid's item
  const others = legal.filter((a) => a.kind === "fight" || a.kind === "six_cat" || a.kind === "raid");
  if (others.length && !picked.card && !picked.space) choice.append(h("p", {}, view.phase === "raid" ? "Choose what to take from the larder:" : "Or instead of a card:"), ...others.map((a) => button(a)));
  const swaps = legal.filter((a): a is Extract<AttackAction, { kind: "swap" }> => a.kind === "swap");
  if (swaps.length) {
    const takes = [...new Set(swaps.map((s) => s.take))];
    const other = view.swap ? name(view.swap.with) : "the other cat";
    choice.append(h("p", {}, picked.take ? `You take ${cardWords(picked.take)}: now give one of your cards.` : `The exchange: take one card from ${other}'s hand (only the two of you see it).`));
    if (!picked.take) {
      choice.append(h("div", { class: "cards" }, takes.map((c) => cardEl(c, { legal: true, hinted: hint?.kind === "swap" && hint.take === c, onclick: () => ((picked.take = c), ctx.redraw()) }))));
    } else {
      const gives = swaps.filter((s) => s.take === picked.take);
      choice.append(h("div", { class: "cards" }, gives.map((s) => cardEl(s.give, { legal: true, hinted: same(hint, s), onclick: () => ctx.act(s) }))), h("button", { type: "button", class: "quiet", onclick: () => ((picked.take = null), ctx.redraw()) }, "Back"));
    }
  }

  clear(
    root,
    h(
      "div",
      { class: "attack" },
      turnBox(view, ctx, rolled),
      choice.childElementCount ? choice : null,
      h("div", { class: "board-box" }, drawBoard(view, ctx.table, ctx.names, targets, spots)),
      me !== null && view.hand ? handBox(view, ctx, legal) : null,
      exchangeBox(view, ctx.names),
      housesBox(view, ctx),
      tableBox(view),
      eventsBox(view, ctx),
    ),
  );
  keepScroll(root, ctx.table, ".board-box");
}

function turnBox(view: AttackView, ctx: TableContext, rolled: boolean): HTMLElement {
  const name = (s: number) => ctx.names[s] ?? `cat ${s}`;
  const bits: (HTMLElement | string | null)[] = [];
  if (view.winners === null) bits.push(h("span", {}, `Round ${view.round + 1}: ${name(view.turn)}'s turn`));
  if (view.roll !== null)
    bits.push(h("span", { class: `die${rolled ? " rolling" : ""}`, role: "img", "aria-label": `the die shows ${view.roll}` }, String(view.roll)));
  if (view.fight) bits.push(h("span", { class: "tag fight" }, `Cat Fight: ${name(view.fight.attacker)} against ${name(view.fight.defender)} in ${view.fight.suit}s`));
  if (view.swap) bits.push(h("span", { class: "tag" }, `${name(view.swap.chooser)} chooses an exchange with ${name(view.swap.with)}`));
  if (view.raid !== null) bits.push(h("span", { class: "tag" }, `raiding house ${view.raid}'s larder`));
  if (view.extra_turns) bits.push(h("span", { class: "tag" }, `${view.extra_turns} extra go${view.extra_turns > 1 ? "es" : ""} to come`));
  if (view.cornered) bits.push(h("span", { class: "tag turn" }, `${name(view.cornered.cat)} was cornered (${view.cornered.by.join(", ")})`));
  return h("section", { class: "attack-turn", "aria-label": "The turn" }, bits);
}

function handBox(view: AttackView, ctx: TableContext, legal: AttackAction[]): HTMLElement {
  const hint = ctx.hint as AttackAction | null;
  const hand = view.hand ?? [];
  const playable = new Set(legal.map(cardOf).filter((c): c is NonNullable<typeof c> => c !== null));
  const click = (card: string) => () => {
    const acts = legal.filter((a) => cardOf(a) === card);
    // a card with one harmless play is played at once; anything else (a cornered cat's card too) asks first
    if (acts.length === 1 && (acts[0]!.kind === "speedy" || acts[0]!.kind === "fight_card")) ctx.act(acts[0]!);
    else {
      picked.card = picked.card === card ? null : card;
      picked.space = null;
      ctx.redraw();
    }
  };
  const seenCards = Object.entries(view.seen ?? {});
  return h(
    "section",
    { class: "hand-box", "aria-label": "Your hand" },
    h("h3", {}, `Your hand (${hand.length} Mog cards)`),
    h(
      "div",
      { class: "cards hand" },
      hand.map((card) =>
        playable.has(card)
          ? cardEl(card, { legal: true, hand: true, selected: picked.card === card, hinted: hint !== null && cardOf(hint) === card, onclick: click(card) })
          : cardEl(card, { hand: true }),
      ),
    ),
    seenCards.map(([seat, cards]) => h("p", { class: "muted" }, `You know ${ctx.names[Number(seat)] ?? `cat ${seat}`} holds: ${cards.map(cardWords).join(", ")}`)),
  );
}

/** The last exchange's cards, from this seat's own events: present only for the two cats in it. */
function exchangeBox(view: AttackView, names: string[]): HTMLElement | null {
  const ex = [...view.log].reverse().find((e) => e.id === "exchange_cards");
  if (!ex) return null;
  return h("section", { class: "exchange-cards", "aria-label": "The exchange (only its two players see this)" }, h("strong", {}, "Exchange (seen only by its two players): "), withNames(ex.text, names));
}

function housesBox(view: AttackView, ctx: TableContext): HTMLElement {
  const houses = new Map(view.houses.map((x) => [x.house, x]));
  return h(
    "section",
    { class: "houses-box", "aria-label": "The cats: lives and larders" },
    h("h3", {}, "Cats, lives and larders"),
    h(
      "ul",
      { class: "houses" },
      view.cats.map((cat) => {
        const house = houses.get(cat.house);
        const lives = house?.lives ?? 0;
        return h(
          "li",
          { class: `house-row${view.to_act === cat.seat ? " to-act" : ""}${cat.retired ? " retired" : ""}`, "data-seat": cat.seat, style: `--house: ${HOUSE_COLOURS[cat.house] ?? "#999"}` },
          h("span", { class: "house-chip", "aria-hidden": "true" }, String(cat.seat + 1)),
          h("strong", {}, ctx.names[cat.seat] ?? `cat ${cat.seat}`),
          h("span", { class: "muted" }, `house ${cat.house}${view.teams ? `, team ${cat.team}` : ""}`),
          h("span", { class: "lives", "aria-label": `${lives} lives` }, h("span", { "aria-hidden": "true" }, "♥".repeat(Math.min(lives, 9))), ` ${lives}`),
          h("span", { class: "larder" }, (house?.larder ?? []).length ? (house?.larder ?? []).map(itemBadge) : h("span", { class: "muted" }, "empty larder")),
          h("span", { class: "muted" }, `${cat.cards} cards · ${cat.retired ? "retired" : cat.done ? "home with six foods" : `on ${cat.at ?? "?"}`}`),
        );
      }),
    ),
  );
}

function tableBox(view: AttackView): HTMLElement {
  const cur = view.curiosity;
  return h(
    "section",
    { class: "table-box", "aria-label": "Shops, decks and the Curiosity card" },
    h("div", { class: "curiosity-card", "data-last": cur.last ?? "" }, h("span", { class: "q" }, "?"), h("span", {}, h("strong", {}, "Curiosity card: "), curiosityWords(cur.last, view))),
    h("p", { class: "shops-line" }, view.shops.map((s) => h("span", { class: `shop-tag${s.open ? "" : " closed"}` }, `${s.name}: ${s.stock} ${ITEM_WORDS[s.item] ?? s.item}${s.open ? "" : " (closed)"}`))),
    h(
      "p",
      { class: "muted" },
      `Mog deck ${view.deck}, discard ${view.discard}${view.discard_top ? ` (top: ${cardWords(view.discard_top)})` : ""}; Curiosity deck ${cur.cards}. Mice: ${view.mice_in_hole} in the hole; birds: ${view.birds_in_house} in the bird-house; the car: ${view.car ? `${view.car} street` : "car park"}.`,
    ),
  );
}

function eventsBox(view: AttackView, ctx: TableContext): HTMLElement | null {
  if (!view.log.length) return null;
  return h(
    "section",
    { class: "events", "aria-label": "What happened" },
    h("h3", {}, ctx.seat === null ? "The last move" : "Since your last move"),
    h("ol", {}, view.log.map((e: Event) => h("li", { "data-event": e.id }, withNames(e.text, ctx.names)))),
  );
}

function prompt(ctx: TableContext): string | null {
  const view = ctx.view as AttackView;
  const legal = ctx.legal as AttackAction[];
  const name = (s: number | null) => (s === null ? "" : (ctx.names[s] ?? `cat ${s}`));
  if (ctx.over) return null;
  if (legal.length) {
    if (view.phase === "move") return `You rolled ${view.roll ?? "?"}: click a highlighted space to move your cat there.`;
    if (view.phase === "raid") return "Raid: choose the item to take from the larder.";
    if (view.phase === "swap") return "Choose the exchange: a card to take, then a card to give.";
    if (view.phase === "fight") return `Cat Fight: put down a ${view.fight?.suit ?? ""} card from your hand.`;
    return "Your turn: click a card in your hand (highlighted), then where it goes on the board.";
  }
  if (view.phase === "swap" && view.swap) return `${name(view.swap.chooser)} is choosing an exchange with ${name(view.swap.with)}.`;
  if (view.phase === "fight" && view.fight) return `Cat Fight: ${name(view.to_act)} is putting down a card.`;
  if (view.phase === "move") return `${name(view.to_act)} rolled ${view.roll ?? "?"} and is moving.`;
  return `${name(view.to_act)} is playing a card.`;
}

function logLine(line: LogLine, names: string[]): string {
  const who = line.seat === null ? "" : (names[line.seat] ?? `cat ${line.seat}`);
  const said = sentence(line, (key, v) =>
    key === "item" || key === "suit" ? (ITEM_WORDS[String(v)] ?? String(v)) : String(v),
  );
  return `${who ? `${who} ` : ""}${withNames(said, names)}.`;
}

const REASONS: Record<string, string> = {
  "six foods and home": "with six different foods in the larder, home first by the die",
  "last cat standing": "as the last cat standing (every other cat lost its lives)",
  "no cat left": "— no cat is left with a life",
  "no cat left to play": "— no cat is left to play",
  "time limit": "when the rounds ran out, with the most lives plus food",
};

function why(result: GameResult): string | null {
  const reason = String(result.details["reason"] ?? "");
  const rounds = typeof result.details["rounds"] === "number" ? ` after ${result.details["rounds"]} rounds` : "";
  return `${REASONS[reason] ?? reason}${rounds}`;
}

function breakdown(result: GameResult, names: string[]): HTMLElement | null {
  const view = lastView;
  const houses = new Map((view?.houses ?? []).map((x) => [x.house, x]));
  const cats = view?.cats ?? [];
  const cell = (i: number, f: (house: AttackView["houses"][number] | undefined, retired: boolean) => string) => {
    const cat = cats[i];
    return h("td", {}, f(cat ? houses.get(cat.house) : undefined, cat?.retired ?? false));
  };
  return h(
    "table",
    { class: "score breakdown" },
    h("caption", {}, "Lives and food"),
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, ""), names.map((n) => h("th", { scope: "col" }, n)))),
    h(
      "tbody",
      {},
      h("tr", {}, h("th", { scope: "row" }, "lives"), names.map((_, i) => cell(i, (x, retired) => (retired ? "out" : String(x?.lives ?? "?"))))),
      h("tr", {}, h("th", { scope: "row" }, "food in the larder"), names.map((_, i) => cell(i, (x) => `${x?.larder.length ?? 0}${x?.larder.length ? ` (${x.larder.map((it) => ITEM_WORDS[it] ?? it).join(", ")})` : ""}`))),
      h("tr", { class: "total" }, h("th", { scope: "row" }, "lives + food"), names.map((_, i) => h("td", {}, String(result.scores[i] ?? "")))),
    ),
  );
}

export const attackTable: TableModule = {
  game: "attack",
  render,
  prompt,
  logLine,
  describe: (action, names) => describeAttack(action, names),
  rules: [
    "Each cat lives in a house with nine lives and a larder. On your turn play one Mog card: a Cat card moves your cat exactly that many spaces (no back-tracking), a Mouse or Bird card moves a mouse or a bird, Speedy Cat rolls the die three more times, Cat Attack jumps on a cat or creature up to six spaces away, Cat Burglar raids a shop or a house. Then roll the die and move.",
    "Land on a mouse or a bird to catch it, on a shop's garden to take its food (if it is open), on another cat to attack it (it loses a life and goes home, and you take a card from its hand in exchange for one of yours, shown only to the two of you).",
    "Curiosity spaces draw a Curiosity card: a shop opens or closes, the car drives to another street (every cat in it loses a life), play another card, or take an extra go. A cat with nowhere to go is cornered and loses lives.",
    "The first cat home by the die with six different foods in its larder wins; so does the last cat with lives. With a time limit, the most lives plus food wins.",
  ],
  why,
  breakdown,
};
