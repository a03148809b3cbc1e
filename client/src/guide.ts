// A guided first game (issue #32): "Learn by playing" in the lobby's "The games" opens a short game with a
// fixed deal (the table is opened with `guided: true`: the server deals it from the game's fixed seed) and a
// friendly setup against the heuristic bot; on each of the person's turns the table asks the server's
// hint (POST /api/tables/{id}/hint: the heuristic bot in the person's seat, from that seat's view only) and
// this module points at the element to click next for that move: an arrow over it, a stronger outline, and
// one short sentence saying why, with the rulebook's own sentence for that kind of move (ruleOf). The
// person may ignore it and play anything legal.

import { h } from "./dom";
import { language, t } from "./i18n";
import { api, type Action } from "./protocol";
import { holdSeat, markGuided } from "./storage";
import { T } from "./text";

/** The guided game's setup per game: short, with the simpler rules where a game has them. */
export const GUIDED: Record<string, { options: Record<string, string | number | boolean>; players: number }> = {
  cafe: { players: 2, options: { max_rounds: 3 } },
  washi: { players: 2, options: { map: "standard" } },
  attack: { players: 2, options: { younger: true, time_limit: 3, lives: 3 } },
  tower: { players: 2, options: { mode: "coop", steadiness: "steady", turn_limit: 6 } },
};

export const GUIDE_BOT = "heuristic";

export const G = {
  learn: t("Learn by playing"),
  learnLabel: (game: string) => t("Learn by playing: {game}, a short guided game against a bot", { game }),
  badge: t("Guided game"),
  intro: t("A guided first game: on your turn an arrow points at a good move and says why. Click it, or play anything you like."),
  says: (move: string, why: string) => t("Suggested: {move}. {why}", { move, why }),
  thinking: t("The guide is thinking…"),
  bot: t("Guide bot"),
};

/** Open the guided table: me in seat 0, the heuristic bot in seat 1; then go to it with ?guide. */
export async function startGuided(game: string, name: string): Promise<void> {
  const setup = GUIDED[game];
  if (!setup) throw new Error(`no guided game for ${game}`);
  const seats = [{ name: name || T.defaultName(0) }, ...Array.from({ length: setup.players - 1 }, () => ({ name: G.bot, bot: GUIDE_BOT }))];
  const made = await api.open({ game, players: setup.players, options: setup.options, seats, spectators: "off", open: false, on_timeout: "wait", guided: true });
  const code = made.invites["0"];
  if (!code) throw new Error("the table gave no invite for seat 0");
  const joined = await api.join(code);
  holdSeat({ table: made.table, seat: 0, token: joined.token, game, name: seats[0]!.name });
  markGuided(made.table);
  location.assign(`/t/${made.table}?seat=0&guide`);
}

/** One short sentence on why the move is good, by game and kind of move. */
export function whyOf(game: string, action: Action): string {
  const kind = String(action.kind);
  const reasons: Record<string, Record<string, string>> = {
    cafe: {
      take: t("The die you take sets which floor you may draw on, and the one left over is shared with everyone."),
      mark: t("This toy on this floor scores well with what your sheet already has."),
      pass: t("No space is worth its cost now: passing keeps your footprints for later."),
      cat: t("A cat house scores its cat's favourite toy: this one is the best match for your sheet."),
    },
    washi: {
      cat: t("A cat starting here has a short way to the fish and back home."),
      fish: t("A fish here is easy for your cats to reach and hard for the others."),
      move: t("Drawing the line this way brings your cat closer to its fish or its home."),
      jump: t("A special move gets your cat out of a tight spot: use it when lines block the way."),
      pop: t("A special move gets your cat out of a tight spot: use it when lines block the way."),
    },
    attack: {
      move: t("This space brings your cat closer to food or home."),
      cat_card: t("Moving your cat here gets it closer to something to catch."),
      mouse_card: t("Moving this creature sets up a catch for you, or spoils one for the other cat."),
      bird_card: t("Moving this creature sets up a catch for you, or spoils one for the other cat."),
      speedy: t("Speedy Cat rolls the die three more times: more chances to catch food."),
      attack: t("Attacking costs the other cat a life, and lives count at the end."),
      fight: t("A fight you are likely to win costs the other cat a life."),
      fight_card: t("This card is your strongest in the fight."),
      raid: t("Taking food from the larder fills yours: food counts at the end."),
      burglar: t("The Cat Burglar takes food without catching it: food counts at the end."),
      six_cat: t("Six cards of one suit: the other cat's house loses something from its larder."),
      swap: t("This exchange gives you a card you can use and takes away one you cannot."),
    },
    tower: {
      choose: t("This card's piece is the easiest to place safely now."),
      wall: t("The aim is set for you: walls near the edges, well apart, hold the next floor steady."),
      floor: t("The aim is set for you: a floor centred on its walls holds the next storey."),
      cat: t("The aim is set for you: a friend on this spot sits steady and does not tip the tower."),
      pet: t("The numbers are set for you: a gentle pet keeps the tower standing."),
      goal: t("Reaching a goal takes the cat up the tower: that is how you win."),
      move: t("This move takes a cat higher up the tower."),
      toto: t("This spot is steady, near the middle of the floor."),
      refresh: t("A fresh Goal Card may be one the tower can meet sooner."),
      skip: t("Nothing here helps now: skipping keeps the tower safe."),
    },
  };
  return reasons[game]?.[kind] ?? t("This is the move the bot would make in your place.");
}

/** The kinds of move whose French quotation is the French rulebook's own sentence (only the tower's rulebook
 * is in French, and it has no sentence for skipping the goal step); any other French quotation is our
 * translation of the English rulebook, and says so. */
const RULEBOOK_IN_FRENCH: Record<string, string[]> = { tower: ["choose", "wall", "floor", "cat", "pet", "goal", "move", "toto"] };

/** The rulebook's own sentence governing a kind of move (English: the English rulebook's words; French: the
 * French rulebook's where there is one, else our translation, labelled as such), as «Rule: "..."»; "" for a
 * kind without one. */
export function ruleOf(game: string, action: Action): string {
  const kind = String(action.kind);
  const quotes: Record<string, Record<string, string>> = {
    cafe: {
      take: t("Each player takes one die, and the die not chosen is used by all players."),
      mark: t("Players use one die's value to choose a spot on a cat tower column."),
      pass: t("You can pass your turn to circle three footprints on the track at the right."),
      cat: t("Immediately score 2 points for each item on your sheet matching the chosen cat's favourite item."),
    },
    washi: {
      cat: t("Continue in the same way, drawing two cats each, one at a time on each side of the map."),
      fish: t("Each player draws one fish at a time until both players have drawn four fish each."),
      move: t("Draw a line extending from the furthest point of your cat’s line into an adjacent space that does not contain an opponent’s cat line."),
      jump: t("If you are adjacent to a space with your own movement color line, from either of your cats, you can make a super cat jump!"),
      pop: t("If you use a special move, you can choose to enter into an adjacent sewer, and exit out of the matching color sewer along the same horizontal row."),
    },
    attack: {
      move: t("Roll the die to move your cat."),
      cat_card: t("Play a Cat card to move your cat the number of spaces shown on the card."),
      mouse_card: t("Play a Mouse card to move one of the mice the number of spaces shown on the card."),
      bird_card: t("Play a Bird card to move one of the birds the number of spaces shown on the card."),
      speedy: t("Play a Speedy Cat card to whizz around the place: roll the die three times and move your cat after each throw."),
      attack: t("Play a Cat Attack card to surprise the enemy: jump on a cat, bird or mouse that is no more than six spaces away."),
      burglar: t("Play a Cat Burglar card to bend the shopping and raiding rules!"),
      fight: t("If you want to attack a cat but don't have a Cat Attack card or the right value Cat card to land on a cat, you can have a Cat Fight."),
      fight_card: t("The fight continues with play-taking turns until one cat can no longer play a card of the attacking suit."),
      raid: t("You can steal from other cats if they're not on their Home space or in their garden."),
      six_cat: t("If you have six bird or six mouse cards in your hand, you can make one of these creatures vanish from an opponent's larder."),
      swap: t("Help yourself to a card of your choice and swap it with one of your own that you don't want."),
    },
    tower: {
      choose: t("Choose one of the two face up Action Cards."),
      wall: t("Wall Tiles must be placed standing vertically from the top-most floor."),
      floor: t("Floor Tiles must be placed onto the top-most wall tiles."),
      cat: t("Feline Friends can be placed anywhere on a floor of your choice, even on top of another Feline Friend!"),
      pet: t("To successfully fulfill this Action, a player must slightly touch the appropriate Feline Friend Piece(s) with their finger."),
      goal: t("After completing a Goal Card, move Toto up the Tower equal to or less than the number of floors shown at the bottom of the Goal Card."),
      move: t("If the active player's Black Cat is on the same floor as at least one Feline Friend, they may move one of the Feline Friends to any subsequent floor above their Black Cat."),
      toto: t("Toto and Feline Friends must be placed standing up."),
      refresh: t("Refresh a Goal Card: The player discards the Goal Card they just completed, face-up, and draws a new one from the Goal Card Deck."),
      skip: t("If a player currently cannot meet the requirements of either Goal Card, this step is skipped."),
    },
  };
  const quote = quotes[game]?.[kind];
  if (!quote) return "";
  if (language() === "fr" && !RULEBOOK_IN_FRENCH[game]?.includes(kind)) return t('Rule (our translation): "{quote}"', { quote });
  return t('Rule: "{quote}"', { quote });
}

/** The element to click next for the hinted move: the first hinted thing not already picked, else (the
 * person has picked the hinted choices so far) the button that confirms them. */
export function guideTarget(board: HTMLElement): HTMLElement | SVGElement | null {
  const next = [...board.querySelectorAll<HTMLElement | SVGElement>(".hinted")].find(
    (el) => !el.classList.contains("selected") && !(el as HTMLButtonElement).disabled && el.getClientRects().length > 0,
  );
  if (next) return next;
  if (board.querySelector(".hinted.selected")) return board.querySelector<HTMLElement>("button.confirm:not([disabled])");
  return null;
}

/** The pointer: an arrow over the element to click (kept in place as the page scrolls or changes), the
 * element's outline, and the sentence in the guide's box. */
export class Guide {
  readonly box: HTMLElement;
  private readonly arrow: HTMLElement;
  private target: Element | null = null;
  private observer: MutationObserver | null = null;
  private queued = false;

  constructor() {
    this.box = h(
      "section",
      { class: "guide", "aria-label": G.badge },
      h("p", { class: "guide-intro" }, h("strong", {}, `${G.badge}. `), G.intro),
      h("div", { "aria-live": "polite" }, h("p", { class: "guide-says" }), h("p", { class: "guide-rule" })),
    );
    this.arrow = h("div", { class: "guide-arrow", "aria-hidden": "true", hidden: true }, "▼");
    document.body.append(this.arrow);
    addEventListener("resize", () => this.place());
    addEventListener("scroll", () => this.place(), { passive: true });
  }

  /** Say the sentence and the rulebook's sentence under it (empty: nothing to say now). */
  say(text: string, rule = ""): void {
    for (const [selector, words] of [[".guide-says", text], [".guide-rule", rule]] as const) {
      const p = this.box.querySelector(selector);
      if (p && p.textContent !== words) p.textContent = words; // unchanged: not read out again
    }
  }

  /** Point at the next thing to click on the board (none: the arrow goes); watch the board for in-place
   * changes (a picked space shows its items without a redraw). */
  point(board: HTMLElement, active: boolean): void {
    if (!this.observer) {
      this.observer = new MutationObserver(() => this.later(board));
      this.observer.observe(board, { subtree: true, childList: true, attributes: true, attributeFilter: ["class", "disabled"] });
    }
    this.active = active;
    this.find(board);
  }

  private active = false;

  private later(board: HTMLElement): void {
    if (this.queued) return;
    this.queued = true;
    requestAnimationFrame(() => {
      this.queued = false;
      this.find(board);
    });
  }

  private find(board: HTMLElement): void {
    const next = this.active ? guideTarget(board) : null;
    if (next !== this.target) {
      this.target?.classList.remove("guide-target");
      this.target?.removeAttribute("data-guide");
      this.target = next;
      if (next && !next.classList.contains("guide-target")) next.classList.add("guide-target");
      next?.setAttribute("data-guide", "next");
    }
    this.place();
  }

  private place(): void {
    const el = this.target;
    if (!el || !el.isConnected) {
      this.arrow.hidden = true;
      return;
    }
    const r = el.getBoundingClientRect();
    this.arrow.hidden = false;
    this.arrow.style.left = `${r.left + r.width / 2 + scrollX}px`;
    this.arrow.style.top = `${r.top + scrollY}px`;
  }
}
