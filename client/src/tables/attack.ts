// Cat Attack at the browser table: Mog Land drawn from the view (attack-board.ts) with its pieces gliding
// as they move, my hand of Mog cards to play by clicking (a card, then a highlighted space), the die, the
// Curiosity card, every house's lives and larder, and what happened since my last move in sentences. An
// exchange's cards are shown only when this seat's own view names them (the server tells no one else).

import "./attack.css";
import { isMessage, language, t, tn, N_, word } from "../i18n";
import { clear, h } from "../dom";
import type { AttackAction, AttackView } from "../generated/attack";
import { sentence, type Action, type GameResult, type Json, type LogLine } from "../protocol";
import { BOARD, drawBoard, HOUSE_COLOURS, spaceWords, type SpaceTarget } from "./attack-board";
import { cardEl, cardOf, cardWords, curiosityWords, describeAttack, eventWords, itemBadge, ITEM_WORDS, spaceOf, withNames } from "./attack-cards";
import { yourLine } from "../text";
import { play } from "../motion";
import type { TableContext, TableModule } from "./types";

/** What this page has picked and not sent: a card, a space with several plays, an exchange's take. */
const picked: { stamp: string; card: string | null; space: string | null; take: string | null } = { stamp: "", card: null, space: null, take: null };
/** The newest event already shown (new ones animate once), and the last view drawn (for the end). */
const seen: { table: string; n: number } = { table: "", n: -1 };
let lastView: AttackView | null = null;

const same = (a: Action | null, b: Action): boolean => a !== null && JSON.stringify(a) === JSON.stringify(b);
type Event = AttackView["log"][number];
type Args = Record<string, Json>;

/** What the new events did: spaces to flash, whether the die was rolled, and the cards played (by which
 * cat, in order) since the last drawing. */
interface Fresh {
  spots: { space: string; kind: string }[];
  rolled: boolean;
  played: { cat: number; card: string }[];
}

function newSpots(view: AttackView, table: string): Fresh {
  const events = view.log;
  const top = events.length ? events[events.length - 1]!.n : seen.n;
  if (seen.table !== table) {
    Object.assign(seen, { table, n: top });
    return { spots: [], rolled: false, played: [] };
  }
  const fresh = events.filter((e) => e.n > seen.n);
  seen.n = Math.max(seen.n, top);
  const spots: { space: string; kind: string }[] = [];
  let rolled = false;
  const played: { cat: number; card: string }[] = [];
  for (const e of fresh) {
    const a = e.args as Args;
    if ((e.id === "card" || e.id === "fight_card") && typeof a["cat"] === "number" && typeof a["card"] === "string") played.push({ cat: a["cat"], card: a["card"] });
    if (e.id === "attacked" && typeof a["at"] === "string") spots.push({ space: a["at"], kind: "attack" });
    if (e.id === "caught" && typeof a["at"] === "string") spots.push({ space: a["at"], kind: "catch" });
    if (e.id === "lives_lost" && typeof a["cat"] === "number") {
      const home = view.cats[a["cat"]]?.home;
      if (home) spots.push({ space: home, kind: "life" });
    }
    if (e.id === "car") for (const s of BOARD.streets.find((st) => st.name === a["street"])?.spaces ?? []) spots.push({ space: s, kind: "car" });
    if (e.id === "rolled") rolled = true;
  }
  return { spots, rolled, played };
}

/** A card just played glides to the discard pile from where it was played: my hand, or the player's row
 * among the houses (none under reduced motion; the pile already shows the server's top card, see motion.ts). */
function glideToDiscard(root: HTMLElement, played: Fresh["played"], me: number | null, top: string | null): void {
  const last = played[played.length - 1];
  const card = root.querySelector<HTMLElement>(".discard-pile .mog-card");
  if (!last || !card || last.card !== top) return;
  const from = (last.cat === me ? root.querySelector(".hand-box .cards") : null) ?? root.querySelector(`.house-row[data-seat="${last.cat}"]`);
  if (!from) return;
  const a = from.getBoundingClientRect();
  const b = card.getBoundingClientRect();
  if (!b.width) return;
  const dx = a.left + a.width / 2 - (b.left + b.width / 2);
  const dy = a.top + a.height / 2 - (b.top + b.height / 2);
  play(card, [{ transform: `translate(${dx}px, ${dy}px) scale(0.85)`, opacity: 0.6 }, { transform: "none", opacity: 1 }], { duration: 350, easing: "ease-out" });
}

function render(root: HTMLElement, ctx: TableContext): void {
  const view = ctx.view as AttackView;
  lastView = view;
  const legal = ctx.legal as AttackAction[];
  const me = ctx.seat;
  const name = (s: number) => ctx.names[s] ?? t("cat {n}", { n: s + 1 });
  const stamp = `${ctx.table}/${view.log.length ? view.log[view.log.length - 1]!.n : 0}/${view.phase}/${legal.length}`;
  if (picked.stamp !== stamp) Object.assign(picked, { stamp, card: null, space: null, take: null });
  const { spots, rolled, played } = newSpots(view, ctx.table);
  const hint = ctx.hint as AttackAction | null;

  // what the board highlights: the moves after a roll, or the picked card's spaces
  const aimed = legal.filter((a) => spaceOf(a) !== null && (a.kind === "move" || (picked.card !== null && cardOf(a) === picked.card)));
  const bySpace = new Map<string, AttackAction[]>();
  for (const a of aimed) bySpace.set(spaceOf(a)!, [...(bySpace.get(spaceOf(a)!) ?? []), a]);
  const targets: SpaceTarget[] = [...bySpace.entries()].map(([space, acts]) => ({
    space,
    label: acts.length === 1 ? describeAttack(acts[0]!, ctx.names) : t("{space}: {n} ways to play here", { space, n: acts.length }),
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
  const choice = h("section", { class: "attack-choice", "aria-label": t("Your choice") });
  if (picked.space && bySpace.has(picked.space)) {
    choice.append(h("p", {}, t("Several plays go to {space}: which one?", { space: picked.space })), ...bySpace.get(picked.space)!.map((a) => button(a)));
  } else if (picked.card) {
    const loose = legal.filter((a) => cardOf(a) === picked.card && spaceOf(a) === null);
    choice.append(h("p", {}, bySpace.size ? t("{card}: click a highlighted space on the board.", { card: cardWords(picked.card) }) : t("{card}: choose.", { card: cardWords(picked.card) })), ...loose.map((a) => button(a)));
  }
  if (picked.card || picked.space) choice.append(h("button", { type: "button", class: "quiet", onclick: () => ((picked.card = picked.space = null), ctx.redraw()) }, t("Cancel")));
  // plays that are not a card of the hand: a Cat Fight, Six Cat, a raid's item
  const others = legal.filter((a) => a.kind === "fight" || a.kind === "six_cat" || a.kind === "raid");
  if (others.length && !picked.card && !picked.space) choice.append(h("p", {}, view.phase === "raid" ? t("Choose what to take from the larder:") : t("Or instead of a card:")), ...others.map((a) => button(a)));
  const swaps = legal.filter((a): a is Extract<AttackAction, { kind: "swap" }> => a.kind === "swap");
  if (swaps.length) {
    const takes = [...new Set(swaps.map((s) => s.take))];
    const other = view.swap ? name(view.swap.with) : t("the other cat");
    choice.append(h("p", {}, picked.take ? t("You take {card}: now give one of your cards.", { card: cardWords(picked.take) }) : t("The exchange: take one card from {name}'s hand (only the two of you see it).", { name: other })));
    if (!picked.take) {
      choice.append(h("div", { class: "cards" }, takes.map((c) => cardEl(c, { legal: true, hinted: hint?.kind === "swap" && hint.take === c, onclick: () => ((picked.take = c), ctx.redraw()) }))));
    } else {
      const gives = swaps.filter((s) => s.take === picked.take);
      choice.append(h("div", { class: "cards" }, gives.map((s) => cardEl(s.give, { legal: true, hinted: same(hint, s), onclick: () => ctx.act(s) }))), h("button", { type: "button", class: "quiet", onclick: () => ((picked.take = null), ctx.redraw()) }, t("Back")));
    }
  }

  clear(
    root,
    h(
      "div",
      { class: "attack" },
      turnBox(view, ctx, rolled),
      choice.childElementCount ? choice : null,
      // the hand right under the turn and the choice, the board under it (pick a card, then a space)
      me !== null && view.hand ? handBox(view, ctx, legal) : null,
      h("div", { class: "board-box" }, drawBoard(view, ctx.table, ctx.names, targets, spots)),
      exchangeBox(view, ctx.names),
      housesBox(view, ctx),
      tableBox(view),
      eventsBox(view, ctx),
    ),
  );
  glideToDiscard(root, played, me, view.discard_top);
}

function turnBox(view: AttackView, ctx: TableContext, rolled: boolean): HTMLElement {
  const name = (s: number) => ctx.names[s] ?? t("cat {n}", { n: s + 1 });
  const bits: (HTMLElement | string | null)[] = [];
  if (view.winners === null)
    bits.push(h("span", {}, view.turn === ctx.seat ? t("Round {round}: your turn", { round: view.round + 1 }) : t("Round {round}: {name}'s turn", { round: view.round + 1, name: name(view.turn) })));
  if (view.roll !== null)
    bits.push(h("span", { class: `die${rolled ? " rolling" : ""}`, role: "img", "aria-label": t("the die shows {n}", { n: view.roll }) }, String(view.roll)));
  // the discard pile's top card, face up for all: where a card played lands (and glides to). Its card is no
  // [data-card] (those are cards of a hand, which a spectator never sees)
  const top = view.discard_top ? cardEl(view.discard_top) : null;
  top?.removeAttribute("data-card");
  bits.push(h("span", { class: "discard-pile", "data-top": view.discard_top ?? "", "data-count": view.discard }, h("span", { class: "muted" }, t("Discard pile:")), top ?? h("span", { class: "muted" }, t("empty"))));
  if (view.fight) bits.push(h("span", { class: "tag fight" }, t("Cat Fight: {attacker} against {defender} in {suit}", { attacker: name(view.fight.attacker), defender: name(view.fight.defender), suit: word(view.fight.suit) })));
  if (view.swap) bits.push(h("span", { class: "tag" }, t("{name} chooses an exchange with {other}", { name: name(view.swap.chooser), other: name(view.swap.with) })));
  if (view.raid !== null) bits.push(h("span", { class: "tag" }, t("raiding house {house}'s larder", { house: view.raid + 1 })));
  if (view.extra_turns) bits.push(h("span", { class: "tag" }, tn(view.extra_turns, N_("{n} extra go to come"), N_("{n} extra goes to come"))));
  if (view.cornered) bits.push(h("span", { class: "tag turn" }, t("{name} was cornered ({by})", { name: name(view.cornered.cat), by: view.cornered.by.join(", ") })));
  return h("section", { class: "attack-turn", "aria-label": t("The turn") }, bits);
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
    { class: "hand-box", "aria-label": t("Your hand") },
    h("h3", {}, tn(hand.length, N_("Your hand ({n} Mog card)"), N_("Your hand ({n} Mog cards)"))),
    h(
      "div",
      { class: "cards hand" },
      hand.map((card) =>
        playable.has(card)
          ? cardEl(card, { legal: true, hand: true, selected: picked.card === card, hinted: hint !== null && cardOf(hint) === card, onclick: click(card) })
          : cardEl(card, { hand: true }),
      ),
    ),
    seenCards.map(([seat, cards]) => h("p", { class: "muted" }, t("You know {name} holds: {cards}", { name: ctx.names[Number(seat)] ?? t("cat {n}", { n: Number(seat) + 1 }), cards: cards.map(cardWords).join(", ") }))),
  );
}

/** The last exchange's cards, from this seat's own events: present only for the two cats in it. */
function exchangeBox(view: AttackView, names: string[]): HTMLElement | null {
  const ex = [...view.log].reverse().find((e) => e.id === "exchange_cards");
  if (!ex) return null;
  return h("section", { class: "exchange-cards", "aria-label": t("The exchange (only its two players see this)") }, h("strong", {}, t("Exchange (seen only by its two players): ")), eventWords(ex, names));
}

function housesBox(view: AttackView, ctx: TableContext): HTMLElement {
  const houses = new Map(view.houses.map((x) => [x.house, x]));
  return h(
    "section",
    { class: "houses-box", "aria-label": t("The cats: lives and larders") },
    h("h3", {}, t("Cats, lives and larders")),
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
          h("strong", {}, ctx.names[cat.seat] ?? t("cat {n}", { n: cat.seat + 1 })),
          h("span", { class: "muted" }, view.teams ? t("house {house}, team {team}", { house: cat.house + 1, team: cat.team + 1 }) : t("house {house}", { house: cat.house + 1 })),
          h("span", { class: "lives", "aria-label": tn(lives, N_("{n} life"), N_("{n} lives")) }, h("span", { "aria-hidden": "true" }, "♥".repeat(Math.min(lives, 9))), ` ${lives}`),
          h("span", { class: "larder" }, (house?.larder ?? []).length ? (house?.larder ?? []).map(itemBadge) : h("span", { class: "muted" }, t("empty larder"))),
          h("span", { class: "muted" }, `${tn(cat.cards, N_("{n} card"), N_("{n} cards"))} · ${cat.retired ? t("retired") : cat.done ? t("home with six foods") : t("on {space}", { space: cat.at ? spaceWords(cat.at) : "?" })}`),
        );
      }),
    ),
  );
}

function tableBox(view: AttackView): HTMLElement {
  const cur = view.curiosity;
  // worded apart: Babel does not extract a t() inside another t()'s arguments
  const top = view.discard_top ? t(" (top: {card})", { card: cardWords(view.discard_top) }) : "";
  const car = view.car ? t("{street} street", { street: word(view.car) }) : t("car park");
  return h(
    "section",
    { class: "table-box", "aria-label": t("Shops, decks and the Curiosity card") },
    h("div", { class: "curiosity-card", "data-last": cur.last ?? "" }, h("span", { class: "q" }, "?"), h("span", {}, h("strong", {}, t("Curiosity card: ")), curiosityWords(cur.last, view))),
    // "fish ×3": the stock counted without a plural to agree ("3 poisson" was French's)
    h("p", { class: "shops-line" }, view.shops.map((s) => h("span", { class: `shop-tag${s.open ? "" : " closed"}` }, `${word(s.name)}: ${ITEM_WORDS[s.item] ?? s.item} ×${s.stock}${s.open ? "" : t(" (closed)")}`))),
    h(
      "p",
      { class: "muted" },
      t("Mog deck {deck}, discard {discard}{top}; Curiosity deck {curiosity}. Mice: {mice} in the hole; birds: {birds} in the bird-house; the car: {car}.", {
        deck: view.deck,
        discard: view.discard,
        top,
        curiosity: cur.cards,
        mice: view.mice_in_hole,
        birds: view.birds_in_house,
        car,
      }),
    ),
  );
}

function eventsBox(view: AttackView, ctx: TableContext): HTMLElement | null {
  if (!view.log.length) return null;
  return h(
    "section",
    { class: "events", "aria-label": t("What happened") },
    h("h3", {}, ctx.seat === null ? t("The last move") : t("Since your last move")),
    h("ol", {}, view.log.map((e: Event) => h("li", { "data-event": e.id }, eventWords(e, ctx.names, ctx.seat)))),
  );
}

function prompt(ctx: TableContext): string | null {
  const view = ctx.view as AttackView;
  const legal = ctx.legal as AttackAction[];
  const name = (s: number | null) => (s === null ? "" : (ctx.names[s] ?? t("cat {n}", { n: s + 1 })));
  if (ctx.over) return null;
  if (legal.length) {
    if (view.phase === "move") return t("You rolled {n}: click a highlighted space to move your cat there.", { n: view.roll ?? "?" });
    if (view.phase === "raid") return t("Raid: choose the item to take from the larder.");
    if (view.phase === "swap") return t("Choose the exchange: a card to take, then a card to give.");
    if (view.phase === "fight") return t("Cat Fight: put down a card of the {suit} suit from your hand.", { suit: word(view.fight?.suit ?? "") });
    return t("Your turn: click a card in your hand (highlighted), then where it goes on the board.");
  }
  if (view.phase === "swap" && view.swap) return t("{name} is choosing an exchange with {other}.", { name: name(view.swap.chooser), other: name(view.swap.with) });
  if (view.phase === "fight" && view.fight) return t("Cat Fight: {name} is putting down a card.", { name: name(view.to_act) });
  if (view.phase === "move") return t("{name} rolled {n} and is moving.", { name: name(view.to_act), n: view.roll ?? "?" });
  return t("{name} is playing a card.", { name: name(view.to_act) });
}

function logLine(line: LogLine, names: string[], me?: number | null): string {
  const who = line.seat === null ? "" : (names[line.seat] ?? t("cat {n}", { n: line.seat + 1 }));
  // English words the items its own way and names cats through withNames; another language takes the
  // catalogue's words, and the players' names for the seats a message mentions; cards by their names
  // everywhere ("Speedy Cat", never the card's id "speedy")
  const english = language() === "en";
  // a place or a card the server words itself ({msgid, args}) is rendered as it is; a house counts from 1
  const say = (key: string, v: unknown): string | null =>
    isMessage(v)
      ? null
      : key === "card" || key === "take" || key === "give"
        ? cardWords(String(v))
        : key === "house" && typeof v === "number"
          ? String(v + 1)
          : english
            ? key === "item"
              ? (ITEM_WORDS[String(v)] ?? String(v))
              : key === "suit"
                ? null
                : String(v)
            : (key === "opponent" || key === "other") && typeof v === "number"
              ? (names[v] ?? String(v))
              : null;
  const yours = yourLine(line, me, say);
  if (yours) return withNames(yours, names);
  return `${who ? `${who} ` : ""}${withNames(sentence(line, say), names)}.`;
}

const REASONS: Record<string, string> = {
  "six foods and home": N_("with six different foods in the larder, home first by the die"),
  "last cat standing": N_("as the last cat standing (every other cat lost its lives)"),
  "no cat left": N_("— no cat is left with a life"),
  "no cat left to play": N_("— no cat is left to play"),
  "time limit": N_("when the rounds ran out, with the most lives plus food"),
};

function why(result: GameResult): string | null {
  const reason = String(result.details["reason"] ?? "");
  const rounds = typeof result.details["rounds"] === "number" ? t(" after {n} rounds", { n: result.details["rounds"] }) : "";
  return `${REASONS[reason] ? t(REASONS[reason]) : reason}${rounds}`;
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
    h("caption", {}, t("Lives and food")),
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, ""), names.map((n) => h("th", { scope: "col" }, n)))),
    h(
      "tbody",
      {},
      h("tr", {}, h("th", { scope: "row" }, t("lives")), names.map((_, i) => cell(i, (x, retired) => (retired ? t("out") : String(x?.lives ?? "?"))))),
      h("tr", {}, h("th", { scope: "row" }, t("food in the larder")), names.map((_, i) => cell(i, (x) => `${x?.larder.length ?? 0}${x?.larder.length ? ` (${x.larder.map((it) => ITEM_WORDS[it] ?? it).join(", ")})` : ""}`))),
      h("tr", { class: "total" }, h("th", { scope: "row" }, t("lives + food")), names.map((_, i) => h("td", {}, String(result.scores?.[i] ?? "")))),
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
    t("Each cat lives in a house with nine lives and a larder. On your turn play one Mog card: a Cat card moves your cat exactly that many spaces (no back-tracking), a Mouse or Bird card moves a mouse or a bird, Speedy Cat rolls the die three more times, Cat Attack jumps on a cat or creature up to six spaces away, Cat Burglar raids a shop or a house. Then roll the die and move."),
    t("Land on a mouse or a bird to catch it, on a shop's garden to take its food (if it is open), on another cat to attack it (it loses a life and goes home, and you take a card from its hand in exchange for one of yours, shown only to the two of you)."),
    t("Curiosity spaces draw a Curiosity card: a shop opens or closes, the car drives to another street (every cat in it loses a life), play another card, or take an extra go. A cat with nowhere to go is cornered and loses lives."),
    t("The first cat home by the die with six different foods in its larder wins; so does the last cat with lives. With a time limit, the most lives plus food wins."),
  ],
  why,
  breakdown,
};
