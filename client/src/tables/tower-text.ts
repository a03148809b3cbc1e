// Every sentence of Cat and the Tower's table, in one place (as src/text.ts is for the frame): each an
// English msgid in t(...) with {named} fields, in the reader's language (`make messages` extracts them).
//
// Two things decide what a reader sees, independently:
// - the reader's language (i18n.ts) decides the sentences, the colours, "floor", "Goal card", "Black Cat";
// - the table's edition (cards.json's "editions") decides the names of its pieces, as its rulebook gives them:
//   the black cat (Toto / Neko), the cats (Feline Friend / Nakama) and the wall types (Bricks / Brique...).
// The French edition's names are never translated: an English reader at a French table reads "Place the
// Brique wall", "a yellow Nakama", "Neko". The English edition's names are translated where the catalogue
// has them, except the black cat's own name: a French reader at an English table reads "Toto", "Ami Félin",
// "mur Briques" (the words the server's log uses for the wall types, capitalised as names).

import { isMessage, message, N_, t, tn, word } from "../i18n";
import type { Message } from "../protocol";
import type { GoalCard } from "./tower-types";

export type Edition = "en" | "fr";

export interface EditionNames {
  edition: Edition;
  /** The cooperative game's black cat (the view's toto_name says the same). */
  toto: string;
  friend: string;
  friends: string;
  /** Each wall type's name, by the type's key (bricks, windows, arches, angels, pillars). */
  walls: Record<string, string>;
}

// translated for the reader: the English edition's names are English words
const EN: EditionNames = {
  edition: "en",
  toto: "Toto", // a name: never translated
  friend: t("Feline Friend"),
  friends: t("Feline Friends"),
  walls: { bricks: t("Bricks"), windows: t("Windows"), arches: t("Arches"), angels: t("Angels"), pillars: t("Pillars") },
};

// the French rulebook's own names (cat-and-the-tower.fr.txt, "Matériel"), whatever the reader's language
const FR: EditionNames = {
  edition: "fr",
  toto: "Neko",
  friend: "Nakama",
  friends: "Nakama",
  walls: { bricks: "Brique", windows: "Petite Fenêtre", arches: "Grande Fenêtre", angels: "Ange", pillars: "Colonne" },
};

export function namesOf(edition: string | undefined): EditionNames {
  return edition === "fr" ? FR : EN;
}

/** A cat colour in the reader's language (the server's words: "yellow", "blue", ...; "any" on a card). */
export function colourWord(colour: string): string {
  return colour === "any" ? t("any colour") : word(colour);
}

export function wallName(n: EditionNames, type: string): string {
  return n.walls[type] ?? word(type);
}

/** "yellow Feline Friend", "Nakama jaune": the colour in the reader's language, the cat in the edition's. */
export function friendOf(n: EditionNames, colour: string): string {
  return t("{colour} {friend}", { colour: colourWord(colour), friend: n.friend });
}

export function wallOf(n: EditionNames, type: string): string {
  return t("{wall} wall", { wall: wallName(n, type) });
}

export function floorOf(n: string): string {
  return t("floor {n}", { n });
}

/** A card side as the view gives it ("bricks + windows + floor", "yellow cat + pet"), in words. */
function sideText(side: string, n: EditionNames): string {
  return side
    .split(" + ")
    .map((part) => {
      const cat = /^(\w+) cat$/.exec(part);
      if (cat) return friendOf(n, cat[1]!);
      if (part === "floor") return t("floor");
      if (part === "pet") return t("pet");
      return wallName(n, part);
    })
    .join(" + ");
}

/** A goal card's condition in the reader's language with the edition's cat names (the view's text is the
 * edition's own language); a condition this table does not know keeps the view's text. */
function goalText(g: GoalCard, n: EditionNames): string {
  const names = { friend: n.friend, friends: n.friends };
  switch (g.condition) {
    case "same_colour_touching":
      return t("Two {friends} of the same colour are touching.", names);
    case "different_colours_touching":
      return t("Two {friends} of different colours are touching.", names);
    case "two_yellow_touching":
      return t("Two yellow {friends} are touching.", names);
    case "blue_on_blue":
      return t("A blue {friend} is on top of another blue one.", names);
    case "one_on_another":
      return t("A {friend} is on top of another.", names);
    case "touching_and_one_on_top":
      return t("Two {friends} are touching and a third is on top of one of them.", names);
    case "three_placed":
      return t("Three {friends} are placed (touching, stacked or not).", names);
    case "purple_orange_yellow":
      return t("A purple, an orange and a yellow {friend} are placed.", names);
    default:
      return g.text;
  }
}

/** The events that name a seat ("seat {seat} takes ..."), told with the seat's name (the others) or as "you"
 * (the reader's own seat), never as a seat's number. */
const SEAT_EVENTS: Record<string, { you: string; name: string }> = {
  "seat {seat} takes {card}: {first} + {second} + floor": {
    you: N_("You take {card}: {first} + {second} + floor"),
    name: N_("{name} takes {card}: {first} + {second} + floor"),
  },
  "seat {seat} takes {card}: {colour} cat": { you: N_("You take {card}: {colour} cat"), name: N_("{name} takes {card}: {colour} cat") },
  "seat {seat} takes {card}: {colour} cat + pet": { you: N_("You take {card}: {colour} cat + pet"), name: N_("{name} takes {card}: {colour} cat + pet") },
  "seat {seat} takes {card}: any cat": { you: N_("You take {card}: any cat"), name: N_("{name} takes {card}: any cat") },
  "seat {seat} takes {card}: any cat + pet": { you: N_("You take {card}: any cat + pet"), name: N_("{name} takes {card}: any cat + pet") },
  "seat {seat} places {piece}": { you: N_("You place {piece}"), name: N_("{name} places {piece}") },
  "seat {seat} pets {cat}": { you: N_("You pet {cat}"), name: N_("{name} pets {cat}") },
  "seat {seat} moves {cat} up to floor {floor}": { you: N_("You move {cat} up to floor {floor}"), name: N_("{name} moves {cat} up to floor {floor}") },
  "{piece} falls: seat {seat} places him back on {floor}": {
    you: N_("{piece} falls: you place him back on {floor}"),
    name: N_("{piece} falls: {name} places him back on {floor}"),
  },
  "no room for {piece} on floor {floor}: seat {seat} places him on floor {lower}": {
    you: N_("No room for {piece} on floor {floor}: you place him on floor {lower}"),
    name: N_("No room for {piece} on floor {floor}: {name} places him on floor {lower}"),
  },
  "seat {seat} completes {goal}: {cat} climbs to floor {floor}": {
    you: N_("You complete {goal}: {cat} climbs to floor {floor}"),
    name: N_("{name} completes {goal}: {cat} climbs to floor {floor}"),
  },
  "seat {seat} refreshes a goal": { you: N_("You refresh a goal"), name: N_("{name} refreshes a goal") },
  "the tower collapses ({why}); seat {seat} toppled it": {
    you: N_("the tower collapses ({why}); you toppled it"),
    name: N_("the tower collapses ({why}); {name} toppled it"),
  },
};

/** Whose table an event is told at: the seats' names, and the reader's own seat (null: a spectator). */
export interface EventSeats {
  names: string[];
  me?: number | null | undefined;
}

/** An event of the view (a message: the server's English template and its arguments, games/tower/events.py)
 * in the reader's language, the edition's names kept: wall types as the edition names them, the black cat's
 * name as it is (the server gives the edition's), an argument that is a message of its own told the same way;
 * a seat it names is told by its name, or as "you" (``seats``: without them, the seat's number). */
function eventText(event: Message, n: EditionNames, seats?: EventSeats): string {
  const seat = event.args["seat"];
  const forms = SEAT_EVENTS[event.msgid];
  if (seats && forms && typeof seat === "number") {
    const mine = seats.me !== null && seats.me !== undefined && seat === seats.me;
    const name = seats.names[seat] ?? t("Player {n}", { n: seat + 1 });
    event = { msgid: mine ? forms.you : forms.name, args: { ...event.args, name } };
  }
  return message(event, (key, value) => {
    if (key === "name") return String(value); // a player's name, as they wrote it
    if (isMessage(value)) return eventText(value, n, seats);
    if (key === "first" || key === "second") return wallName(n, String(value));
    if (key === "colour") return colourWord(String(value));
    if (key === "toto") return String(value);
    if (Array.isArray(value) && value.every((v) => typeof v === "string" && pieceWord(v, n))) return value.map((v) => pieceWord(String(v), n)).join(", ");
    if (typeof value === "string") return pieceWord(value, n);
    return null;
  });
}

/** A piece's id in an event (W-bricks-1, C-yellow-2, F3, B-red) by the edition's name, or null (not an id). */
export function pieceWord(id: string, n: EditionNames): string | null {
  let m = /^W-(\w+)-\d+$/.exec(id);
  if (m) return wallOf(n, m[1]!);
  m = /^C-(\w+)-\d+$/.exec(id);
  if (m) return friendOf(n, m[1]!);
  m = /^F(\d+)$/.exec(id);
  if (m) return floorOf(m[1]!);
  m = /^B-(\w+)$/.exec(id);
  if (m) return t("Black Cat ({colour})", { colour: colourWord(m[1]!) });
  return null;
}

const feel = (push: number): string =>
  push <= 3 ? t("a feather") : push <= 10 ? t("a light touch") : push <= 15 ? t("firm") : t("a shove");

/** The aim's numbers, one sentence per kind of placement (a cat says its floor, a wall its fold). */
function aimNumbers(kind: string, a: { floor: number; on: string; x: number; y: number; yaw: number; fold: number }): string {
  if (kind === "cat")
    return a.on
      ? t("floor {floor} on {on}, x {x}, y {y}, turned {yaw}°", a)
      : t("floor {floor}, x {x}, y {y}, turned {yaw}°", a);
  if (kind === "wall") return t("x {x}, y {y}, turned {yaw}°, fold {fold}°", a);
  return t("x {x}, y {y}, turned {yaw}°", a);
}

export const TT = {
  // the side panels
  actionHeading: (deck: number) => t("Action cards ({deck} in the deck)", { deck }),
  sideText,
  goalText,
  goalsHeading: (coop: boolean) => (coop ? t("Goal cards") : t("My Goal cards")),
  goalsLabel: t("Goals"),
  cardsLabel: t("Action cards"),
  goalItem: (text: string, floors: number) => tn(floors, N_("{text} (up to {n} floor)"), N_("{text} (up to {n} floors)"), { text }),
  climbButton: (who: string, n: number) => t("{who} up {n}", { who, n }),
  myBlackCat: t("My Black Cat"),
  hiddenGoals: (name: string, count: number) =>
    tn(count, N_("{name}: {n} Goal card, hidden"), N_("{name}: {n} Goal cards, hidden"), { name }),
  refresh: (card: number) => t("Discard Goal card {card} and draw", { card }),
  totoLine: (name: string, level: number, target: number, goal: number) =>
    t("{name} is on floor {level} and aims at floor {target} (goal: {goal}).", { name, level, target, goal }),
  blackLine: (name: string, level: number | null) =>
    level === null ? t("{name}'s Black Cat: waiting outside", { name }) : t("{name}'s Black Cat: floor {level}", { name, level }),
  blackCat: (colour: string) => t("Black Cat ({colour})", { colour }),
  topLine: (top: string, level: number, walls: number) =>
    t("Top floor: {top} (level {level}). Walls fallen: {walls}.", { top, level, walls }),
  stockLine: (floors: number, walls: string, cats: string) => t("Stock: {floors} floors; walls {walls}; cats {cats}.", { floors, walls, cats }),
  // placing
  placingLabel: t("Placing"),
  wallTypeLabel: t("Wall type"),
  colourLabel: t("Colour"),
  placeHeading: (what: string) => t("Place the {what}", { what }),
  helpCat: t("Point at any standing floor (or a cat on it); click to hold, click again to place."),
  helpPiece: t("Point at the top floor; click to hold, click again to place. Q/E turn."),
  helpToto: (floor: string) => t("Point at floor {floor}; click to hold, click again to place. Q/E turn.", { floor }),
  placeToto: (toto: string) => t("Place {toto}", { toto }),
  keysHelp: t("Keyboard: the arrow keys move the piece, Q/E turn it, Enter places it."),
  sceneLabel: t("The tower (arrow keys move the piece being placed)"),
  turnLeft: t("Turn left (Q)"),
  turnRight: t("Turn right (E)"),
  fold: t("Fold"),
  place: t("Place"),
  aimNumbers,
  aimNotYet: (aim: string) => t("{aim} (point at the tower)", { aim }),
  aimHeld: (aim: string) => t("{aim} (held: click again or Place)", { aim }),
  // petting
  petLabel: t("Pet"),
  petHeading: (cat: string) => t("Pet the {cat}", { cat }),
  petHelp: t(
    "Press on the cat where you want to touch it and drag away from the press: the longer the drag, the harder the touch. Let go to pet; Escape cancels. Or set the numbers and press Pet.",
  ),
  petAngle: t("From (°)"),
  petHeight: t("Height (cm)"),
  petPush: t("Push"),
  petButton: t("Pet"),
  petDrag: (push: number) => t("push {push}: {feel}", { push, feel: feel(push) }),
  petNumbers: (angle: number, height: number, push: number) =>
    t("from {angle}°, {height} cm up, push {push} g cm/s: {feel}", { angle, height, push, feel: feel(push) }),
  // the scene's tools
  topView: t("Top view"),
  view3d: t("3D view"),
  zoomIn: t("Zoom in"),
  zoomOut: t("Zoom out"),
  lookTop: t("Look at the top"),
  cutAway: t("Cut away above the goal floor"),
  wholeTower: t("Show the whole tower"),
  goalTag: t("★ goal floor"),
  // what happened, as it happens: the box beside the scene, the notes over it
  eventsHeading: t("What happened"),
  wallsFallen: (n: number, limit: number) => t("Walls fallen: {n} of {limit}", { n, limit }),
  counting: (n: number) => t("Counting to five: {n}", { n }),
  again: (what: string, why: string) => t("{why}. Place the {what} again with the pointer.", { what, why }),
  movesLabel: t("Moves"),
  // the prompt
  promptPlace: (what: string) => t("Place the {what} with the pointer.", { what }),
  promptToto: (toto: string) => t("Place {toto} with the pointer.", { toto }),
  promptPet: (cat: string) => t("Pet the {cat}: press on it in the scene and drag (how far: how hard).", { cat }),
  promptChoose: t("Choose an Action card."),
  promptGoal: t("Complete a Goal card, or skip."),
  // moves in words (the hint, the buttons)
  chooseCard: (card: number, side: string) =>
    side ? t("take Action card {card} ({side} side)", { card, side: word(side) }) : t("take Action card {card}", { card }),
  wallMove: (wall: string, x: number, y: number, yaw: number, fold: number) =>
    t("stand a {wall} at ({x}, {y}), turned {yaw}°, folded {fold}°", { wall, x, y, yaw, fold }),
  floorMove: (x: number, y: number, yaw: number) => t("lay the next floor at ({x}, {y}), turned {yaw}°", { x, y, yaw }),
  catMove: (cat: string, floor: number, on: string) =>
    on ? t("stand a {cat} on floor {floor} on {on}", { cat, floor, on }) : t("stand a {cat} on floor {floor}", { cat, floor }),
  petMove: (angle: number, height: number, push: number) =>
    t("pet the cat from {angle}° at {height} cm, push {push}", { angle, height, push }),
  moveMove: (cat: string, floor: number) => t("move {cat} up to floor {floor}", { cat, floor }),
  totoMove: (toto: string, x: number, y: number) => t("place {toto} at ({x}, {y})", { toto, x, y }),
  goalMove: (card: number, floors: number) => t("complete Goal card {card} and climb {floors}", { card, floors }),
  refreshMove: (card: number) => t("discard Goal card {card} and draw another", { card }),
  skip: t("skip"),
  // the end
  endHeading: t("The end"),
  nobodyWon: t("Nobody won."),
  everyoneWon: (players: string[]) => t("{players} won together.", { players: players.join(", ") }),
  ending: (outcome: string, n: EditionNames): string => {
    switch (outcome) {
      case "victory":
        return t("The team won: {toto} reached the goal floor.", { toto: n.toto });
      case "defeat":
        return t("The team lost: the tower collapsed.");
      case "collapse":
        return t("The tower collapsed.");
      case "top":
        return t("Every floor is up.");
      case "no action":
        return t("The team lost: no Action card could be carried out.");
      case "turn limit":
        return t("The team lost: the turn limit was reached.");
      default:
        return `${outcome}.`;
    }
  },
  endDetails: (n: EditionNames, best: number, floors: number, walls: number, turns: number) =>
    t("{toto} ended on floor {best}; floors standing: {floors}; walls fallen: {walls}; turns: {turns}.", {
      toto: n.toto,
      best,
      floors,
      walls,
      turns,
    }),
  event: eventText,
  lastEvent: (text: string) => t("Last: {text}.", { text }),
  // follows the frame's "{name} won" / "... share the win", as Cat Cafe's "with the most points"
  why: (n: EditionNames) => t("by helping {toto} reach the goal floor together", { toto: n.toto }),
  // the rules in short
  rules: (n: EditionNames) => [
    t(
      "Build the tower together: take a face-up Action card and place its pieces: two walls then a floor on them, or a {friend} (then perhaps pet it).",
      { friend: n.friend },
    ),
    t("Walls stand on the top floor, folded as you like; a {friend} may stand on any standing floor, or on another one there.", {
      friend: n.friend,
    }),
    t("A Goal card met on the floor above {toto} lets {toto} climb. Five fallen walls and the tower is lost.", { toto: n.toto }),
  ],
};
