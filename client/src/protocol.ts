// The table server's messages (docs/PROTOCOL.md, protocol version 1) and its HTTP calls. A game's view and
// actions are typed by the generated modules (src/generated/GAME.ts); here they are opaque JSON.

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type Action = { kind: string; [field: string]: Json };

export interface SeatInfo {
  seat: number;
  name: string;
  bot: string | null;
  autopilot: boolean;
  bank: number | null;
  deadline: number | null;
}

/** A move as a translatable message: an English template with {named} fields, and their values. */
export interface Message {
  msgid: string;
  args: Record<string, unknown>;
}

export interface LogLine {
  version: number;
  seat: number | null;
  text: string;
  msg?: Message;
}

/** A log line as a sentence: the message's template with its fields filled (``word`` may say a field's
 * value in words; a field missing stays as {name}), or the line's text where there is no message. */
export function sentence(line: LogLine, word: (key: string, value: unknown) => string = (_k, v) => String(v)): string {
  const msg = line.msg;
  if (!msg || typeof msg.msgid !== "string") return line.text;
  return msg.msgid.replace(/\{(\w+)\}/g, (whole, key: string) => (key in msg.args ? word(key, msg.args[key]) : whole));
}

export interface GameResult {
  winners: number[];
  ranking: number[][];
  scores: number[];
  team_win: Json;
  details: { [key: string]: Json };
}

export interface StateMessage {
  type: "state";
  table: string;
  game: string;
  version: number;
  seat: number | null;
  to_play: number | null;
  over: boolean;
  view: unknown;
  legal: Action[];
  queued: Action | null;
  seats: SeatInfo[];
  clock: Json;
  log: LogLine[];
  reset?: boolean;
  now: number;
  result?: GameResult;
  views?: unknown[];
}

export interface AckMessage {
  type: "ack";
  id: string | null;
  version: number;
  queued?: boolean;
  repeat?: boolean;
  undone?: boolean;
}

export interface ErrorMessage {
  type: "error";
  id: string | null;
  error: string;
  reason: string;
}

export type ServerMessage = StateMessage | AckMessage | ErrorMessage | { type: "pong"; id: string | null };

export interface GameInfo {
  name: string;
  title: string;
  players: [number, number];
  cooperative: boolean;
  options: { name: string; default: Json; help: string; allowed: string }[];
  bots: string[];
}

export interface Opened {
  table: string;
  host: string;
  invites: Record<string, string>;
}

export interface MyTable {
  table: string;
  game: string;
  seat: number;
  version: number;
  over: boolean;
  your_move: boolean;
}

export class Refused extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    reason: string,
  ) {
    super(reason);
  }
}

async function call<R>(method: string, path: string, body?: unknown, token?: string | null): Promise<R> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers["Authorization"] = `Bearer ${token}`;
  const init: RequestInit = { method, headers };
  if (body !== undefined) init.body = JSON.stringify(body);
  const resp = await fetch(path, init);
  const data: unknown = await resp.json().catch(() => null);
  if (!resp.ok) {
    const err = (data ?? {}) as { error?: string; reason?: string; detail?: unknown };
    const reason = err.reason ?? (err.detail ? JSON.stringify(err.detail) : resp.statusText);
    throw new Refused(resp.status, err.error ?? "http", reason);
  }
  return data as R;
}

export const api = {
  games: () => call<GameInfo[]>("GET", "/api/games"),
  open: (body: unknown) => call<Opened>("POST", "/api/tables", body),
  join: (invite: string) => call<{ table: string; seat: number; token: string; game?: string }>("POST", "/api/join", { invite }),
  state: (table: string, token: string | null) => call<StateMessage>("GET", `/api/tables/${enc(table)}`, undefined, token),
  myTables: (tokens: string[]) => call<MyTable[]>("POST", "/api/my-tables", { tokens }),
  replay: (table: string, at: number, seat: string, token: string | null) =>
    call<{ version: number; seat: number | null; view: unknown }>(
      "GET",
      `/api/tables/${enc(table)}/replay?at=${at}&seat=${enc(seat)}`,
      undefined,
      token,
    ),
  hint: (table: string, token: string) =>
    call<{ action: Action | null; text: string }>("POST", `/api/tables/${enc(table)}/hint`, {}, token),
  presence: (table: string, token: string | null) =>
    call<{ connected: number[]; spectators: number }>("GET", `/api/tables/${enc(table)}/presence`, undefined, token),
};

function enc(s: string): string {
  return encodeURIComponent(s);
}
