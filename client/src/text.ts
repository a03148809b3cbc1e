// Every sentence the client shows a person, in one place: each an English msgid in t(...), translated from
// the gettext catalogue (i18n.ts; `make messages` extracts them). Functions build the sentences that carry
// names or numbers, with {named} fields, so that a translation may put them in its own order.

import { N_, message, t, tn } from "./i18n";
import type { LogLine } from "./protocol";

/** The bot kinds a table names, as a player reads them (a searcher's own budget, mcts:iters=N, stays as it is). */
const BOT_KINDS: Record<string, string> = {
  random: N_("random"),
  heuristic: N_("heuristic"),
  "mcts:easy": N_("search, easy"),
  "mcts:medium": N_("search, medium"),
  "mcts:hard": N_("search, hard"),
};

/** The tower's steadiness levels as a seat's hand reads in the lobby. */
const HAND_WORDS: Record<string, string> = {
  steady: N_("hand: steady"),
  careful: N_("hand: careful"),
  normal: N_("hand: normal"),
  shaky: N_("hand: shaky"),
  wobbly: N_("hand: wobbly"),
};

export const T = {
  appName: "cattable",
  tagline: t("Cat board games at one table: friends, bots and spectators."),
  skip: t("Skip to the content"),
  loading: t("Loading…"),
  backToLobby: t("← Lobby"),
  copy: t("Copy"),
  copied: t("Copied"),
  close: t("Close"),

  // the lobby
  openTitle: t("Open a table"),
  gamesTitle: t("The games"),
  game: t("Game"),
  players: t("Players"),
  seatsTitle: t("Seats"),
  you: t("You"),
  person: t("a person (invite link)"),
  bot: t("bot"),
  botLevels: {
    random: t("bot: random"),
    heuristic: t("bot: heuristic (greedy)"),
    "mcts:easy": t("bot: search, easy"),
    "mcts:medium": t("bot: search, medium"),
    "mcts:hard": t("bot: search, hard"),
  } as Record<string, string>,
  seatName: (i: number) => t("Seat {n} name", { n: i + 1 }),
  seatHand: (i: number) => t("Seat {n} hand", { n: i + 1 }),
  playHeading: t("The game"),
  seatKind: (i: number) => t("Seat {n}: who plays", { n: i + 1 }),
  hand: (level: string) => (HAND_WORDS[level] ? t(HAND_WORDS[level]) : level),
  // "Player 1" even for the person opening the table: a name is read by everyone at the table, and each
  // reader's own seat is told to them as "you" (yourLine below), never as a name like "Me"
  defaultName: (i: number) => t("Player {n}", { n: i + 1 }),
  botName: (i: number) => t("Bot {n}", { n: i + 1 }),
  options: t("Options"),
  spectators: t("Spectators"),
  spectatorChoices: {
    public: t("welcome at any time"),
    after: t("only once the game is over"),
    off: t("not admitted"),
  } as Record<string, string>,
  clock: t("Clock"),
  clockChoices: {
    none: t("no clock"),
    live: t("live: a time bank"),
    async: t("asynchronous: days per move"),
  } as Record<string, string>,
  bankMinutes: t("Time bank (minutes)"),
  incrementSeconds: t("Increment per move (seconds)"),
  daysPerMove: t("Days per move"),
  onTimeout: t("When a clock runs out"),
  timeoutChoices: {
    wait: t("wait for the player"),
    "autopilot:heuristic": t("a bot plays until the player is back"),
  } as Record<string, string>,
  openButton: t("Open the table"),
  opened: t("Table opened"),
  invitesTitle: t("Invite links: send each person their seat's link"),
  inviteFor: (name: string, seat: number) => t("{name} (seat {n})", { name, n: seat + 1 }),
  goToTable: t("Go to the table"),
  myTables: t("My tables"),
  noTables: t("No tables yet: open one above, or open an invite link."),
  yourMove: t("your move"),
  waiting: t("waiting for others"),
  finished: t("finished"),
  play: t("Play"),
  watch: t("Watch"),
  replay: t("Replay"),
  invites: t("Invites"),
  forget: t("Forget"),
  watchTitle: t("Watch or replay a table"),
  tableIdOrLink: t("Table id or link"),
  joinTitle: t("Join with an invite"),
  inviteLinkOrCode: t("Invite link or code"),
  join: t("Join"),
  joining: t("Joining the table…"),
  seatLabel: (seat: number) => t("seat {n}", { n: seat + 1 }),

  // the table frame
  connecting: t("Connecting…"),
  connected: t("Connected"),
  reconnecting: t("Connection lost: reconnecting…"),
  spectating: t("You are watching (a spectator sees no secret)."),
  replaying: t("Replay"),
  yourTurn: t("Your turn"),
  sending: t("Sending your move…"),
  turnOf: (name: string) => t("{name} to play", { name }),
  chooseAtOnce: t("Everyone chooses at once"),
  gameOver: t("The game is over"),
  resultHeading: t("Result"),
  gameTitle: (game: string) =>
    ({ cafe: t("Cat Cafe"), washi: t("Tokyo Washi Game: Cat"), attack: t("Cat Attack"), tower: t("Cat and the Tower") })[game] ?? game,
  nothingToDo: t("Nothing to do for now: waiting for the others."),
  hint: t("Hint"),
  hintIs: (text: string) => t("Hint: {text} (highlighted)", { text }),
  noHint: t("No hint: you have nothing to do now."),
  undo: t("Undo my last move"),
  reclaim: t("Take my seat back"),
  autopilot: t("autopilot"),
  // a bot's kind after its name: the server names it as a seat asks for it (heuristic, mcts:easy...)
  botLabel: (kind: string) => t("bot ({kind})", { kind: BOT_KINDS[kind] ? t(BOT_KINDS[kind]) : kind }),
  online: t("online"),
  offline: t("offline"),
  seatsHeading: t("Players"),
  logHeading: t("Game log"),
  rulesHeading: t("Rules in short"),
  clockLeft: (text: string) => t("{time} left", { time: text }),
  clockDeadline: (text: string) => t("due in {time}", { time: text }),
  overdue: t("time ran out: waiting"),
  refused: (reason: string) => t("Refused: {reason}", { reason }),
  queued: t("Your choice is stored; it is played when your turn comes."),
  winners: (names: string[]) =>
    names.length === 1
      ? t("{name} won", { name: names[0] })
      : t("{names} and {last} share the win", { names: names.slice(0, -1).join(", "), last: names[names.length - 1] }),
  mostPoints: (points: number) => t("with the most points ({points})", { points }),
  nobodyWon: t("Nobody won this time."),
  scoreHeading: t("The score"),
  total: t("Total"),
  replayThisGame: t("Replay this game"),
  replayTitle: t("Replay"),
  step: (at: number, last: number) => t("Move {at} of {last}", { at, last }),
  first: t("⇤ Start"),
  previous: t("◀ Back"),
  next: t("Forward ▶"),
  last: t("End ⇥"),
  asSeat: t("Seen by"),
  spectator: t("a spectator"),
  me: t("me"),
  notYet: t("You can replay this table from your own seat while it runs; every seat once it is over."),
  noSuchTable: t("There is no such table here (or it does not admit spectators)."),
  unknownGame: (game: string) => t("No table drawing for {game} yet: the moves are listed as text.", { game }),
  legalMoves: t("Your moves"),
  genericView: t("The position (as the server sends it)"),
};

export type Text = typeof T;

/** The server's announcement of a move (each game's messages.py ANNOUNCEMENTS) as the seat that made it
 * reads it: "You move to f3." where the others read "Alice moves to f3." (a name reads as a third person,
 * the lobby's old default "Me" above all: "Me moves"). */
const YOUR_MOVES: Record<string, string> = {
  // Cat Attack
  "moves to {to}": N_("You move to {to}."),
  "plays a cat card of {count} to {to}": N_("You play a cat card of {count} to {to}."),
  "plays a mouse card of {count}: a mouse from {from} to {to}": N_("You play a mouse card of {count}: a mouse from {from} to {to}."),
  "plays a bird card of {count}: a bird from {from} to {to}": N_("You play a bird card of {count}: a bird from {from} to {to}."),
  "starts a Cat Fight against cat {opponent} with {suit} cards": N_("You start a Cat Fight against cat {opponent} with {suit} cards."),
  "puts down {card} in the Cat Fight": N_("You put down {card} in the Cat Fight."),
  "takes {take} and gives {give}": N_("You take {take} and give {give}."),
  "attacks at {to}": N_("You attack at {to}."),
  "sends the Cat Burglar to {to}": N_("You send the Cat Burglar to {to}."),
  "sends the Cat Burglar to {to} for the {item}": N_("You send the Cat Burglar to {to} for the {item}."),
  "plays Speedy Cat": N_("You play Speedy Cat."),
  "raids the larder and takes {item}": N_("You raid the larder and take {item}."),
  "plays Six Cat with six {suit} cards against house {house}": N_("You play Six Cat with six {suit} cards against house {house}."),
  "exchanges a card with cat {other}": N_("You exchange a card with cat {other}."),
  "plays a cat card of {count} and is cornered": N_("You play a cat card of {count} and are cornered."),
  "plays a mouse card of {count} without moving a mouse": N_("You play a mouse card of {count} without moving a mouse."),
  "plays a bird card of {count} without moving a bird": N_("You play a bird card of {count} without moving a bird."),
  "plays Cat Attack without a target": N_("You play Cat Attack without a target."),
  "plays Cat Burglar without a target": N_("You play Cat Burglar without a target."),
  // Tokyo Washi
  "places a fish at {at}": N_("You place a fish at {at}."),
  "places a cat at {at}": N_("You place a cat at {at}."),
  "moves cat {cat} to {to}": N_("You move cat {cat} to {to}."),
  "jumps cat {cat} to the {direction}": N_("You jump cat {cat} to the {direction}."),
  "pops cat {cat} out of the sewer at {at}": N_("You pop cat {cat} out of the sewer at {at}."),
  // Cat and the Tower
  "takes Action card {card}": N_("You take Action card {card}."),
  "takes Action card {card}, {side} side": N_("You take Action card {card}, {side} side."),
  "stands a wall ({type}) at ({x}, {y}), turned {yaw} degrees, folded {fold} degrees": N_(
    "You stand a wall ({type}) at ({x}, {y}), turned {yaw} degrees, folded {fold} degrees.",
  ),
  "lays a floor at ({x}, {y}), turned {yaw} degrees": N_("You lay a floor at ({x}, {y}), turned {yaw} degrees."),
  "stands a {colour} cat on floor {floor} at ({x}, {y})": N_("You stand a {colour} cat on floor {floor} at ({x}, {y})."),
  "pets the cat": N_("You pet the cat."),
  "moves cat {cat} up to floor {floor}": N_("You move cat {cat} up to floor {floor}."),
  "completes Goal card {card} and climbs {floors} floors": N_("You complete Goal card {card} and climb {floors} floors."),
  "discards Goal card {card} and draws another": N_("You discard Goal card {card} and draw another."),
  "places the black cat at ({x}, {y}), turned {yaw} degrees": N_("You place the black cat at ({x}, {y}), turned {yaw} degrees."),
  "completes Goal card {card} and climbs 1 floor": N_("You complete Goal card {card} and climb 1 floor."),
  passes: N_("You pass."),
};

/** A log line told to the reader when the move was their own (``me``, the seat this page plays), or null:
 * then the table says it with the mover's name. ``say`` words a field as the table's own lines do. */
export function yourLine(line: LogLine, me: number | null | undefined, say?: (key: string, value: unknown) => string | null): string | null {
  const yours = me !== null && me !== undefined && line.seat === me && line.msg ? YOUR_MOVES[line.msg.msgid] : undefined;
  return yours && line.msg ? message({ msgid: yours, args: line.msg.args }, say) : null;
}

// Cat Cafe
type CafeItem = "house" | "yarn" | "butterfly" | "bowl" | "cushion" | "mouse";
const footprints = (n: number) => tn(n, N_("{n} footprint"), N_("{n} footprints"));

export const CAFE = {
  title: {
    house: t("cat house"),
    yarn: t("ball of yarn"),
    butterfly: t("butterfly toy"),
    bowl: t("food bowl"),
    cushion: t("cushion"),
    mouse: t("mouse toy"),
  } as Record<CafeItem, string>,
  short: { house: t("house"), yarn: t("yarn"), butterfly: t("butterfly"), bowl: t("bowl"), cushion: t("cushion"), mouse: t("mouse") } as Record<
    CafeItem,
    string
  >,
  glyph: { house: "⌂", yarn: "◍", butterfly: "⋈", bowl: "◡", cushion: "▭", mouse: "ᴥ" } as Record<CafeItem, string>,
  post: t("scratching post"),
  empty: t("empty"),
  pendingItem: (item: string) => t("{item}, your choice, revealed when everyone has chosen", { item }),
  space: (tower: number, floor: number, what: string) => t("Tower {tower}, floor {floor}: {what}", { tower, floor, what }),
  footprints: (n: number) => t("Footprints: {n} to spend", { n }),
  track: (circled: number, used: number, available: number) =>
    t("Footprint track: {circled} circled, {used} used, {available} to spend", { circled, used, available }),
  catsLabel: t("The cats and their points"),
  catLoves: (item: string) => t("the cat who loves the {item}", { item }),
  points: (n: number) => t("{n} pts", { n }),
  bonusTitle: (tower: number, first: number, other: number) =>
    t("Tower {tower}: {first} points to the first to complete it with one of their own cat houses, {other} otherwise", { tower, first, other }),
  diceLabel: t("The dice"),
  roundTitle: (round: number, first: string) => t("Round {round} ({name} drafts first)", { round, name: first }),
  roundTitleYou: (round: number) => t("Round {round} (you draft first)", { round }),
  pool: t("To draft:"),
  poolEmpty: t("all drafted"),
  shared: t("Shared die:"),
  yourDie: t("Your die:"),
  die: (n: number) => t("a die showing {n}", { n }),
  noDie: t("no die"),
  takeDie: (n: number) => t("Take the die showing {n}", { n }),
  chooseLabel: t("Your choice"),
  pickItem: (tower: number, floor: number) => t("Tower {tower}, floor {floor}: which item? (its footprint cost beside it)", { tower, floor }),
  cost: (n: number) => (n === 0 ? t("free") : footprints(n)),
  notNow: (n: number) => t("{cost}: not now", { cost: footprints(n) }),
  clickSpace: t("Click a highlighted space on your sheet (or reach it with Tab and press Enter), then an item."),
  confirmLater: t("Pick a space and an item: the footprints it costs are shown here before you confirm."),
  confirmText: (item: string, tower: number, floor: number, cost: number, available: number) =>
    t("Draw a {item} in tower {tower} on floor {floor}: it costs {cost} (you have {available}).", { item, tower, floor, cost: footprints(cost), available }),
  confirm: t("Confirm the mark"),
  cancel: t("Cancel"),
  pass: t("Pass: mark nothing and circle three footprints"),
  chooseCat: t("You drew a cat house: choose the cat who moves in (it scores for its favourite item)."),
  catFor: (item: string) => t("the cat who loves the {item}", { item }),
  score: (n: number) => t("{n} pts", { n }),
  hasChosen: t("has chosen"),
  choosing: t("choosing"),
  sheetOf: (name: string) => t("{name}'s sheet", { name }),
  lastText: (what: string) => t("Last round: {what}", { what }),
  revealedTitle: (round: number) => t("Round {round}: the marks, revealed together", { round }),
  drew: (item: string, tower: number, floor: number, cost: number) =>
    t("drew a {item} in tower {tower} on floor {floor} ({cost})", { item, tower, floor, cost: footprints(cost) }),
  passed: t("passed (three footprints circled)"),
  promptTake: t("Your turn: take a die from the pool (the one left over is shared by everyone)."),
  promptMark: t(
    "Mark: click a highlighted space, then an item (its footprint cost is shown), then confirm; or pass. Everyone chooses at once; the marks are revealed together.",
  ),
  promptCat: t("Choose the cat for your new cat house."),
  drafting: (name: string) => t("{name} is drafting a die.", { name }),
  waitingFor: (names: string[]) => t("Waiting for {names} to choose (the marks are revealed together).", { names: names.join(", ") }),
  take: (n: number) => t("take the die showing {n}", { n }),
  markWords: (item: string, tower: number, floor: number) => t("draw a {item} in tower {tower} on floor {floor}", { item, tower, floor }),
  logTake: (who: string, n: number) => t("{name} took a {n}.", { name: who, n }),
  logMark: (who: string, item: string, tower: number, floor: number) =>
    t("{name} drew a {item} in tower {tower} on floor {floor}.", { name: who, item, tower, floor }),
  logMarkCat: (who: string, item: string, tower: number, floor: number, cat: string) =>
    t("{name} drew a {item} in tower {tower} on floor {floor} and chose the cat who loves the {cat}.", { name: who, item, tower, floor, cat }),
  logCat: (who: string, item: string) => t("{name} chose the cat who loves the {item}.", { name: who, item }),
  logPass: (who: string) => t("{name} passed and circled three footprints.", { name: who }),
  logChosen: (who: string) => t("{name} has chosen (revealed when everyone has).", { name: who }),
  // the same, of the reader's own moves
  youTook: (n: number) => t("You took a {n}.", { n }),
  youMarked: (item: string, tower: number, floor: number) => t("You drew a {item} in tower {tower} on floor {floor}.", { item, tower, floor }),
  youMarkedCat: (item: string, tower: number, floor: number, cat: string) =>
    t("You drew a {item} in tower {tower} on floor {floor} and chose the cat who loves the {cat}.", { item, tower, floor, cat }),
  youCat: (item: string) => t("You chose the cat who loves the {item}.", { item }),
  youPassed: t("You passed and circled three footprints."),
  youChose: t("You have chosen (revealed when everyone has)."),
  towersBonus: t("tower bonuses"),
  total: t("total"),
  breakdownCaption: t("Points by item"),
  why: (best: number, rounds: number | null, stopped: boolean) =>
    (rounds === null
      ? t("with the most points, {best}", { best })
      : tn(rounds, N_("with the most points, {best}, after {n} round"), N_("with the most points, {best}, after {n} rounds"), { best })) +
    (stopped ? t(" (the table's round limit)") : t(" (a player completed a third tower)")),
  whySolo: (score: number, target: number) => t("with {score} points, reaching the target of {target}", { score, target }),
  rules: [
    t("Each round, roll one die more than there are players. In turn, each player drafts a die; the one left over is shared."),
    t("Then everyone at once draws one item on their sheet: one die gives the floor, the other the item (1 house, 2 yarn, 3 butterfly, 4 bowl, 5 cushion, 6 mouse). Each footprint spent moves a die by one (never between 6 and 1). Or pass and circle three footprints."),
    t("A butterfly circles two footprints. A cat house brings a cat, who scores for its favourite item around the house. Yarn scores most in a tower holding the most; bowls count the different items they touch; cushions need a cat house beside them; mice score in groups."),
    t("Completing a tower scores its bonus (the larger one to the first who completes it holding one of their own houses). The game ends after the round in which someone completes a third tower."),
  ],
};
