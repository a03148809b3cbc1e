// Cat Attack's cards and words: Mog cards drawn as small cards (suit colour, suit shape and value), what
// each action does in a sentence, which card an action plays, and the view's events worded with names.

import { h } from "../dom";
import type { AttackAction, AttackView, Card } from "../generated/attack";
import type { Action } from "../protocol";
import { svg } from "../dom";
import { language, message, N_, t, word } from "../i18n";
import { BOARD, birdShape, catShape, mouseShape, spaceWords } from "./attack-board";

export const ITEM_WORDS: Record<string, string> = {
  fish: t("fish"),
  milk: t("milk"),
  catfood: t("cat food"),
  vitamins: t("vitamins"),
  mouse: t("a mouse"),
  bird: t("a bird"),
};
const ITEM_GLYPH: Record<string, string> = { fish: "F", milk: "M", catfood: "C", vitamins: "V", mouse: "m", bird: "b" };

/** The card an action plays from the hand, or null (a move, a raid, an exchange, a Cat Fight...). */
export function cardOf(a: AttackAction): Card | null {
  if (a.kind === "cat_card") return `cat${a.count}` as Card;
  if (a.kind === "mouse_card") return `mouse${a.count}` as Card;
  if (a.kind === "bird_card") return `bird${a.count}` as Card;
  if (a.kind === "speedy" || a.kind === "attack" || a.kind === "burglar") return a.kind;
  if (a.kind === "fight_card") return a.card;
  return null;
}

/** The board space an action goes to, or null when it has none. */
export function spaceOf(a: AttackAction): string | null {
  if (a.kind === "cat_card" || a.kind === "mouse_card" || a.kind === "bird_card" || a.kind === "attack" || a.kind === "burglar" || a.kind === "move") return a.to;
  return null;
}

export function cardWords(card: string): string {
  const m = /^(cat|mouse|bird)(\d)$/.exec(card);
  if (m) return m[1] === "cat" ? t("Cat {n}", { n: m[2] }) : m[1] === "mouse" ? t("Mouse {n}", { n: m[2] }) : t("Bird {n}", { n: m[2] });
  return { speedy: t("Speedy Cat"), attack: t("Cat Attack"), burglar: t("Cat Burglar") }[card] ?? card;
}

function suitIcon(card: string): SVGElement {
  const suit = card.replace(/\d$/, "");
  const el = svg("svg", { viewBox: "-16 -16 32 32", class: "suit-icon", "aria-hidden": "true" });
  if (suit === "cat") el.append(catShape("#e69f00", ""));
  else if (suit === "mouse") el.append(mouseShape());
  else if (suit === "bird") el.append(birdShape());
  else el.append(svg("text", { x: 0, y: 7, class: "picture-glyph" }, card === "speedy" ? "»" : card === "attack" ? "✶" : "☾"));
  return el;
}

/** A Mog card as the page shows it: a button when it can be played now, a plain card otherwise. */
export function cardEl(card: string, opts: { legal?: boolean; selected?: boolean; hinted?: boolean; onclick?: () => void; hand?: boolean } = {}): HTMLElement {
  const suit = card.replace(/\d$/, "");
  const value = /\d$/.exec(card)?.[0] ?? "";
  const cls = `mog-card suit-${suit}${opts.legal ? " legal" : ""}${opts.selected ? " selected" : ""}${opts.hinted ? " hinted" : ""}`;
  // the card's name is the text it shows ("1 Bird"), so a screen reader and voice control say what is seen
  const body = [suitIcon(card), h("span", { class: "value" }, value || cardWords(card)), value ? " " : null, value ? h("span", { class: "suit-name" }, word(suit)) : null];
  const attrs = { class: cls, "data-card": card, "data-hand": opts.hand ? "mine" : null };
  return opts.onclick ? h("button", { ...attrs, type: "button", onclick: opts.onclick, "aria-pressed": opts.selected ? "true" : "false" }, body) : h("span", attrs, body);
}

export function itemBadge(item: string): HTMLElement {
  return h("span", { class: `larder-item larder-${item}`, title: ITEM_WORDS[item] ?? item }, h("span", { "aria-hidden": "true", class: "glyph" }, ITEM_GLYPH[item] ?? "?"), h("span", { class: "word" }, ITEM_WORDS[item] ?? item));
}

/** An action in words, for a button or the hint. */
export function describeAttack(action: Action, names: string[]): string {
  const a = action as AttackAction;
  const to = (s: string | null) => (s ? spaceWords(s) : "");
  switch (a.kind) {
    case "cat_card":
      return a.to ? t("Cat {n}: move your cat to {to}", { n: a.count, to: to(a.to) }) : t("Cat {n}: you are cornered (lose lives and go home)", { n: a.count });
    case "mouse_card":
    case "bird_card": {
      const kind = a.kind === "mouse_card" ? "mouse" : "bird";
      const card = cardWords(`${kind}${a.count}`);
      if (!a.to) return kind === "mouse" ? t("{card}: play it without moving a mouse", { card }) : t("{card}: play it without moving a bird", { card });
      const from = String(a.from ?? "");
      const src = spaceWords(from);
      return kind === "mouse" ? t("{card}: a mouse from {from} to {to}", { card, from: src, to: to(a.to) }) : t("{card}: a bird from {from} to {to}", { card, from: src, to: to(a.to) });
    }
    case "speedy":
      return t("Speedy Cat: roll three more times");
    case "attack":
      return a.to ? t("Cat Attack: jump on {to}", { to: to(a.to) }) : t("Cat Attack: play it with no target");
    case "burglar":
      if (!a.to) return t("Cat Burglar: play it with no target");
      return a.item ? t("Cat Burglar: {to}, taking {item}", { to: to(a.to), item: ITEM_WORDS[a.item] ?? a.item }) : t("Cat Burglar: {to}", { to: to(a.to) });
    case "six_cat":
      return t("Six Cat: six cards of the {suit} suit, house {house} loses its {item}", { suit: word(a.suit), house: a.house + 1, item: ITEM_WORDS[a.suit] ?? a.suit });
    case "fight":
      return t("Start a Cat Fight with {name} in the {suit} suit", { name: names[a.opponent] ?? t("cat {n}", { n: a.opponent + 1 }), suit: word(a.suit) });
    case "fight_card":
      return t("Put down {card}", { card: cardWords(a.card) });
    case "move":
      return t("Move to {to}", { to: to(a.to) });
    case "raid":
      return t("Raid: take {item}", { item: ITEM_WORDS[a.item] ?? a.item });
    case "swap":
      return t("Take {take} and give {give}", { take: cardWords(a.take), give: cardWords(a.give) });
  }
  return JSON.stringify(a);
}

/** "Cat 2" in the game's own sentences becomes the player's name. */
export function withNames(text: string, names: string[]): string {
  return text
    // a seat is "cat 2" in a sentence, "Cat 2" only at its start: "Cat 3" in the middle is a card
    .replace(/(^|[.:;]\s+)Cat (\d)\b|\bcat (\d)\b(?!\s*card)/g, (whole, lead: string | undefined, a?: string, b?: string) => {
      const name = names[Number(a ?? b)];
      return name === undefined ? whole : `${lead ?? ""}${name}`;
    })
    .replace(/\b(cat|mouse|bird)([1-6])\b/g, (_, suit: string, n: string) => cardWords(`${suit}${n}`))
    .replace(/\b(plays|puts down|takes|gives) (speedy|attack|burglar)\b/g, (_, verb: string, card: string) => `${verb} ${cardWords(card)}`);
}

/** The events whose subject is a cat (``{cat}``), as its own player reads them; the others name the cat. */
const YOUR_EVENTS: Record<string, string> = {
  "Cat {cat} rolls highest and goes first.": N_("You roll highest and go first."),
  "Round {round}: cat {cat}'s turn.": N_("Round {round}: your turn."),
  "Round {round}: cat {cat} takes an extra go.": N_("Round {round}: you take an extra go."),
  "Cat {cat} plays {card}.": N_("You play {card}."),
  "Cat {cat} draws {cards}.": N_("You draw {cards}."),
  "Cat {cat} rolls {roll}.": N_("You roll {roll}."),
  "Cat {cat} moves to {to}.": N_("You move to {to}."),
  "Cat {cat} jumps to {to}.": N_("You jump to {to}."),
  "Cat {cat} attacks cat {victim} on {at}.": N_("You attack {victim} on {at}."),
  "Cat {cat} catches a mouse on {at}.": N_("You catch a mouse on {at}."),
  "Cat {cat} catches a bird on {at}.": N_("You catch a bird on {at}."),
  "Cat {cat} takes {item} from the {shop}.": N_("You take {item} from the {shop}."),
  "Cat {cat} draws a Curiosity card.": N_("You draw a Curiosity card."),
  "Cat {cat} will roll three more times.": N_("You will roll three more times."),
  "Cat {cat} takes {take} from cat {other} and gives {give}.": N_("You take {take} from {other} and give {give}."),
};

/** The arguments of an event that name seats, and those that name Mog cards. */
const SEAT_ARGS = new Set(["cat", "victim", "other", "winners"]);
const CARD_ARGS = new Set(["card", "cards", "take", "give"]);
const PLACE_ARGS = new Set(["to", "at", "src"]);

/** An event of the view (a message: the server's English template and its arguments) in the reader's
 * language, the cats called by their players' names. English keeps the server's own sentence with the
 * names put in (withNames); another language fills its template with names and card words. */
export function eventWords(event: { msgid: string; args: Record<string, unknown> }, names: string[], me: number | null = null): string {
  const each = (value: unknown, f: (v: unknown) => string): string => (Array.isArray(value) ? value.map(f).join(", ") : f(value));
  const seat = (v: unknown): string => names[Number(v)] ?? String(v);
  const yours = me !== null && event.args["cat"] === me ? YOUR_EVENTS[event.msgid] : undefined;
  // places in the log's words (never the board's ids), houses counted from 1
  const where = (key: string, value: unknown): string | null =>
    PLACE_ARGS.has(key) && typeof value === "string" ? spaceWords(value) : key === "house" && typeof value === "number" ? String(value + 1) : null;
  if (yours) {
    // the reader's own cat, told to them ("Round 2: your turn.", never "Me's turn")
    return message({ msgid: yours, args: event.args }, (key, value) =>
      SEAT_ARGS.has(key) ? each(value, seat) : CARD_ARGS.has(key) ? each(value, (v) => cardWords(String(v))) : where(key, value),
    );
  }
  if (language() === "en") {
    // "cats 1, 3 win": several winners are named here, a lone cat by withNames ("cat 1 wins")
    const many = (key: string, value: unknown) => (key === "winners" && Array.isArray(value) && value.length > 1 ? each(value, seat) : where(key, value));
    return withNames(message(event, many), names);
  }
  return message(event, (key, value) =>
    SEAT_ARGS.has(key) ? each(value, seat) : CARD_ARGS.has(key) ? each(value, (v) => cardWords(String(v))) : where(key, value),
  );
}

export const CURIOSITY: Record<string, (view: AttackView) => string> = {
  another: () => t("play another Mog card"),
  extra: () => t("an extra go"),
  shuffle: () => t("the Curiosity cards are shuffled"),
};
export function curiosityWords(last: string | null, view: AttackView): string {
  if (!last) return t("none drawn yet");
  const shop = /^shop(\d)$/.exec(last);
  if (shop) {
    const args = { shop: word(BOARD.shops[Number(shop[1])]?.name ?? "") };
    return view.shops[Number(shop[1])]?.open ? t("the {shop} opens or closes (now open)", args) : t("the {shop} opens or closes (now closed)", args);
  }
  const car = /^car(\d)$/.exec(last);
  if (car) return t("the car drives to the {street} street", { street: word(BOARD.streets[Number(car[1])]?.name ?? "") });
  return CURIOSITY[last]?.(view) ?? last;
}
