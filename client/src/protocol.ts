// The table server's messages (docs/PROTOCOL.md, protocol version 1) and its HTTP calls. Their types are
// generated from the server's schema (src/generated/protocol.ts); a game's view and actions by the game's
// own generated modules (src/generated/GAME.ts): here they are opaque JSON.

import { message } from "./i18n";

import type * as Wire from "./generated/protocol";

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
/** A game's action in its JSON form; each game's own are typed by src/generated/GAME.ts. */
export type Action = { kind: string; [field: string]: Json };

// The messages and bodies as the server's schema says (client/schemas/protocol.json, generated from
// cattable.server.protocol into src/generated/protocol.ts); where the schema leaves a game's action as any
// JSON, the client narrows it to Action.
export type { AckMessage, Catalogue, ErrorMessage, GameResult, Joined, LogLine, Message, MyTable, Opened, PastView, Presence, SeatInfo } from "./generated/protocol";
export type { NoticeMessage, PatchOp, SettleMessage, TableIn, ClientMessage } from "./generated/protocol";
export type { ChatLine, ChatMessage, OpenTable, SeatTaken } from "./generated/protocol";
export { PROTOCOL_VERSION } from "./generated/protocol";

/** A `state` as the server sends it: the whole `view`, or a `delta` from the view of version `base`. */
export type StateFrame = Omit<Wire.StateMessage, "legal" | "queued"> & { legal: Action[]; queued: Action | null };
/** A `state` with its whole view: what the table draws (the connection applies a delta before handing it on). */
export type StateMessage = Omit<StateFrame, "view" | "delta" | "base"> & { view: unknown };
export type ServerMessage = StateFrame | Exclude<Wire.ServerMessage, Wire.StateMessage>;
export type GameInfo = Wire.GameInfo;
export type Hint = Omit<Wire.Hint, "action"> & { action: Action | null };

/** A log line as a sentence in the reader's language: the message's template translated and its fields
 * filled (``say`` may word a field's value itself, else a word of the game is translated; a field missing
 * stays as {name}), or the line's text where there is no message. */
export function sentence(line: Wire.LogLine, say?: (key: string, value: unknown) => string | null): string {
  const msg = line.msg;
  if (!msg || typeof msg.msgid !== "string") return line.text;
  return message(msg, say);
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
  open: (body: Wire.TableIn) => call<Wire.Opened>("POST", "/api/tables", body),
  join: (invite: string) => call<Wire.Joined>("POST", "/api/join", { invite } satisfies Wire.JoinIn),
  state: (table: string, token: string | null) => call<StateMessage>("GET", `/api/tables/${enc(table)}`, undefined, token),
  myTables: (tokens: string[]) => call<Wire.MyTable[]>("POST", "/api/my-tables", { tokens } satisfies Wire.TokensIn),
  replay: (table: string, at: number, seat: string, token: string | null) =>
    call<Wire.PastView>(
      "GET",
      `/api/tables/${enc(table)}/replay?at=${at}&seat=${enc(seat)}`,
      undefined,
      token,
    ),
  hint: (table: string, token: string) =>
    call<Hint>("POST", `/api/tables/${enc(table)}/hint`, {}, token),
  presence: (table: string, token: string | null) =>
    call<Wire.Presence>("GET", `/api/tables/${enc(table)}/presence`, undefined, token),
  again: (table: string, token: string) => call<Wire.SeatTaken>("POST", `/api/tables/${enc(table)}/again`, {}, token),
  openTables: (game?: string) => call<Wire.OpenTable[]>("GET", `/api/open-tables${game ? `?game=${enc(game)}` : ""}`),
  takeSeat: (table: string, name: string) =>
    call<Wire.SeatTaken>("POST", `/api/open-tables/${enc(table)}/seats`, { name } satisfies Wire.TakeIn),
  quickPlay: (body: Wire.QuickIn) => call<Wire.SeatTaken>("POST", "/api/quick-play", body),
};

function enc(s: string): string {
  return encodeURIComponent(s);
}
