// The sentences of the chat, "play again", "your turn" signals and quick play (issue #32), as t("...")
// msgids like text.ts's, kept in a file of their own.

import { N_, t, tn } from "./i18n";

export const S = {
  // the chat
  chatHeading: t("Chat"),
  chatLabel: t("Message to the table"),
  chatSend: t("Send"),
  chatEmpty: t("Nobody has written yet."),
  chatOffline: t("Not connected: the message was not sent."),
  chatSpectator: t("spectator"),
  chatYou: t("you"),
  chatRefused: (reason: string) => t("Not sent: {reason}", { reason }),
  // play again
  playAgain: t("Play again"),
  joinNext: t("Join the next game"),
  watchNext: t("Watch the next game"),
  nextOpened: t("A new game with the same seats has started."),
  // your turn
  yourTurnTitle: t("Your turn"),
  soundToggle: t("Sound on my turn"),
  notifyToggle: t("Notify me when the tab is hidden"),
  notifyDenied: t("This browser does not allow notifications from this page."),
  notifyBody: (game: string) => t("It is your turn at {game}.", { game }),
  // open tables and quick play
  quickTitle: t("Quick play"),
  quickHelp: t("Sit at a table of strangers waiting for players, or open one for the next who comes."),
  quickButton: t("Quick play"),
  yourName: t("Your name"),
  fillAfter: t("Bots take the free seats after (seconds)"),
  openTables: t("Open tables"),
  noOpenTables: t("No open table is waiting for players."),
  takeSeat: t("Take a seat"),
  freeSeats: (n: number) => tn(n, N_("{n} seat free"), N_("{n} seats free")),
  openToStrangers: t("Open to strangers (listed in the lobby; free seats taken without an invite)"),
};
