// Cat Attack's cards and words: Mog cards drawn as small cards (suit colour, suit shape and value), what
// each action does in a sentence, which card an action plays, and the view's events worded with names.

import { h } from "../dom";
import type { AttackAction, AttackView, Card } from "../generated/attack";
import type { Action } from "../protocol";
import { svg } from "../dom";
import { BOARD, birdShape, catShape, mouseShape, spaceWords } from "./attack-board";

export const ITEM_WORDS: Record<string, string> = { fish: "fish", milk: "milk", catfood: "cat food", vitamins: "vitamins", mouse: "a mouse", bird: "a bird" };
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
  if (m) return `${m[1] === "cat" ? "Cat" : m[1] === "mouse" ? "Mouse" : "Bird"} ${m[2]}`;
  return { speedy: "Speedy Cat", attack: "Cat Attack", burglar: "Cat Burglar" }[card] ?? card;
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
  const body = [suitIcon(card), h("span", { class: "value" }, value || cardWords(card)), value ? h("span", { class: "suit-name" }, suit) : null];
  const attrs = { class: cls, "data-card": card, "data-hand": opts.hand ? "mine" : null, "aria-label": cardWords(card) };
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
      return a.to ? `Cat ${a.count}: move your cat to ${to(a.to)}` : `Cat ${a.count}: you are cornered (lose lives and go home)`;
    case "mouse_card":
    case "bird_card": {
      const kind = a.kind === "mouse_card" ? "mouse" : "bird";
      if (!a.to) return `${cardWords(`${kind}${a.count}`)}: play it without moving a ${kind}`;
      const from = String(a.from ?? "");
      const src = from.startsWith("larder") ? `house ${from.slice(6)}'s larder` : from === "mh" ? "the mouse-hole" : from === "bh" ? "the bird-house" : from;
      return `${cardWords(`${kind}${a.count}`)}: a ${kind} from ${src} to ${to(a.to)}`;
    }
    case "speedy":
      return "Speedy Cat: roll three more times";
    case "attack":
      return a.to ? `Cat Attack: jump on ${to(a.to)}` : "Cat Attack: play it with no target";
    case "burglar":
      return a.to ? `Cat Burglar: ${to(a.to)}${a.item ? `, taking ${ITEM_WORDS[a.item] ?? a.item}` : ""}` : "Cat Burglar: play it with no target";
    case "six_cat":
      return `Six Cat: six ${a.suit} cards, house ${a.house} loses its ${a.suit}`;
    case "fight":
      return `Start a Cat Fight with ${names[a.opponent] ?? `cat ${a.opponent}`} in ${a.suit}s`;
    case "fight_card":
      return `Put down ${cardWords(a.card)}`;
    case "move":
      return `Move to ${to(a.to)}`;
    case "raid":
      return `Raid: take ${ITEM_WORDS[a.item] ?? a.item}`;
    case "swap":
      return `Take ${cardWords(a.take)} and give ${cardWords(a.give)}`;
  }
  return JSON.stringify(a);
}

/** "Cat 2" in the game's own sentences becomes the player's name. */
export function withNames(text: string, names: string[]): string {
  return text
    .replace(/\b[Cc]at (\d)\b(?!\s*card)/g, (whole, n: string) => names[Number(n)] ?? whole)
    .replace(/\b(cat|mouse|bird)([1-6])\b/g, (_, suit: string, n: string) => cardWords(`${suit}${n}`))
    .replace(/\b(plays|puts down|takes|gives) (speedy|attack|burglar)\b/g, (_, verb: string, card: string) => `${verb} ${cardWords(card)}`);
}

export const CURIOSITY: Record<string, (view: AttackView) => string> = {
  another: () => "play another Mog card",
  extra: () => "an extra go",
  shuffle: () => "the Curiosity cards are shuffled",
};
export function curiosityWords(last: string | null, view: AttackView): string {
  if (!last) return "none drawn yet";
  const shop = /^shop(\d)$/.exec(last);
  if (shop) return `the ${BOARD.shops[Number(shop[1])]?.name ?? "shop"} opens or closes (now ${view.shops[Number(shop[1])]?.open ? "open" : "closed"})`;
  const car = /^car(\d)$/.exec(last);
  if (car) return `the car drives to the ${BOARD.streets[Number(car[1])]?.name ?? ""} street`;
  return CURIOSITY[last]?.(view) ?? last;
}
