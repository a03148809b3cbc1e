// What a game's table module gives the common frame (src/table.ts): the board, what the player may do,
// the log in sentences, the rules in short and the score broken down. One module per game in this folder.

import type { Action, GameResult, LogLine, SeatInfo } from "../protocol";

export interface TableContext {
  table: string;
  view: unknown;
  /** The actions this seat may send now (empty when it has nothing to do, for spectators and replays). */
  legal: Action[];
  /** The seat this page plays, or null when watching. */
  seat: number | null;
  seats: SeatInfo[];
  names: string[];
  over: boolean;
  /** A choice already sent ahead of this seat's turn (Cat Cafe's simultaneous marking). */
  queued: Action | null;
  /** An action to highlight: the hint the server suggested. */
  hint: Action | null;
  /** Send an action for this seat (does nothing in a replay). */
  act(action: Action): void;
  /** Draw the board again (after a choice made on the page only, such as selecting a space). */
  redraw(): void;
  /** In a replay: the version shown, and the recorded poses at rest after each physical event of the move
   * that made it (Cat and the Tower; empty for the other games), for the table to tween through, with that
   * move (null when no piece moved). */
  replay?: { at: number; rests: ReplayRest[]; move?: Action | null };
}

export interface ReplayRest {
  pieces: Record<string, unknown>;
  poses: Record<string, number[]>;
}

export interface TableModule {
  game: string;
  /** Draw the board into root (called after every change: draw from scratch). */
  render(root: HTMLElement, ctx: TableContext): void;
  /** What the player may do now, in one sentence (or null to let the frame say it). */
  prompt(ctx: TableContext): string | null;
  /** One log line as a plain sentence; the reader's own moves (``me``, the seat this page plays) told to
   * them as "you" (text.ts yourLine). */
  logLine(line: LogLine, names: string[], me?: number | null): string;
  /** An action in words (the hint). */
  describe(action: Action, names: string[]): string;
  /** A short rules summary: a few paragraphs. */
  rules: string[];
  /** Why the winners won, in a few words after their names (or null: "with the most points"). */
  why?(result: GameResult, names: string[], view: unknown): string | null;
  /** The score broken down, or null for the frame's plain scores. */
  breakdown(result: GameResult, names: string[]): HTMLElement | null;
}
