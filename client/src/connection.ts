// One WebSocket to one table (docs/PROTOCOL.md): hello with the last version seen, the log kept whole,
// every move sent with a fresh id and resent with the same id after a reconnection until it is acknowledged
// (the server applies it at most once), and reconnection with a growing pause. Behind a balancer several
// server processes share the tables: a table that moves (or a server that restarts) closes its sockets with
// 1012 and the client comes back at once; a process that cannot serve the table yet says `elsewhere` (or
// `unavailable`), and the client tries again after a pause, growing with each try (docs/SCALING.md).

import { applyPatch, PatchError } from "./deltas";
import type { Action, AckMessage, ChatMessage, ErrorMessage, LogLine, NoticeMessage, ServerMessage, StateFrame, StateMessage } from "./protocol";

export type Status = "connecting" | "open" | "lost" | "closed";

export interface Handlers {
  state(msg: StateMessage, log: LogLine[]): void;
  error(msg: ErrorMessage): void;
  ack(msg: AckMessage): void;
  status(status: Status): void;
  /** Something that happened without a move (a seat's time ran out and the table waits for it). */
  notice?(msg: NoticeMessage): void;
  /** Chat lines (the history after hello, then each new one), and the answer to a line this page sent. */
  chat?(msg: ChatMessage): void;
  chatAnswer?(msg: AckMessage | ErrorMessage): void;
}

/** Close code of a socket that kept sending far past its message limit, and the pause before coming back (ms). */
const FLOODED = 4029;
const FLOODED_PAUSE = 10000;

let counter = 0;
function freshId(): string {
  counter += 1;
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}-${counter}`;
}

export class Connection {
  private ws: WebSocket | null = null;
  private version = 0;
  /** The view of `version`, which a `delta` applies to (undefined until the first state). */
  private view: unknown = undefined;
  /** A `sync` was sent for a delta that did not fit, and its whole state has not come yet. */
  private syncing = false;
  private log: LogLine[] = [];
  private unacked = new Map<string, object>();
  private retry = 500;
  private stopped = false;
  private chatIds = new Set<string>();
  /** The server refused the hello for now (`elsewhere`, `unavailable`): its 1008 close is not final. */
  private refusedForNow = false;

  constructor(
    readonly table: string,
    readonly token: string | null,
    private readonly on: Handlers,
  ) {}

  open(): void {
    this.stopped = false;
    this.on.status("connecting");
    const proto = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${proto}://${location.host}/ws/tables/${encodeURIComponent(this.table)}`);
    this.ws = ws;
    ws.onopen = () => {
      this.refusedForNow = false;
      this.syncing = false; // the hello brings the whole position
      ws.send(JSON.stringify({ type: "hello", token: this.token, since: this.version }));
      this.resend(ws);
      this.on.status("open");
    };
    ws.onmessage = (event) => this.receive(JSON.parse(String(event.data)) as ServerMessage);
    ws.onclose = (event) => {
      if (this.ws !== ws) return;
      this.ws = null;
      // 1008: refused (origin, token); 4001: the seat was given to someone else. Neither gets better by retrying,
      // except a refusal for now: another process still serves the table, or the database is away.
      const final = (event.code === 1008 && !this.refusedForNow) || event.code === 4001;
      if (this.stopped || final) {
        this.on.status("closed");
        return;
      }
      this.on.status("lost");
      // 1012: the server is restarting or the table moved, and it was handed on: come back at once (resuming
      // from the version seen, resending what is unacknowledged). Anything else (4008: this client fell
      // behind reading; a network drop; `elsewhere`) waits a growing pause, spread so clients do not return
      // all together.
      // 4029: this page sent far more messages than its limit (docs/PROTOCOL.md, "Limits"); the server bars
      // its address for a few seconds, so it waits at least FLOODED_PAUSE, never a loop of instant returns.
      let pause = event.code === 1012 ? 0 : this.retry * (0.75 + Math.random() / 2);
      if (event.code === FLOODED) pause = FLOODED_PAUSE * (1 + Math.random() / 2);
      setTimeout(() => this.stopped || this.open(), pause);
      if (event.code !== 1012) this.retry = Math.min(this.retry * 2, 8000);
    };
  }

  close(): void {
    this.stopped = true;
    this.ws?.close();
  }

  act(action: Action): string {
    return this.send({ type: "act", action });
  }

  undo(): string {
    return this.send({ type: "undo" });
  }

  reclaim(): string {
    return this.send({ type: "reclaim" });
  }

  /** Post a chat line; false when not connected. Never resent after a reconnection: a line is posted once
   * or not at all, and the page says which. */
  chat(text: string): boolean {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return false;
    const id = freshId();
    this.chatIds.add(id);
    this.ws.send(JSON.stringify({ type: "chat", id, text }));
    return true;
  }

  private send(body: { type: string; [k: string]: unknown }): string {
    const id = freshId();
    const msg = { ...body, id };
    this.unacked.set(id, msg);
    if (this.ws && this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(msg));
    return id;
  }

  /** The state with its whole view: a `delta` applied to the view held when its `base` is the version held
   * (docs/PROTOCOL.md, "Deltas"). Otherwise null, and the whole position is asked for with `sync` (once until
   * it comes): a wrong board is never drawn. */
  private whole(msg: StateFrame): StateMessage | null {
    const { delta, base, view, ...rest } = msg;
    if (delta === undefined) {
      this.syncing = false;
      return { ...rest, view };
    }
    if (msg.version === this.version && this.view !== undefined) {
      return { ...rest, view: this.view }; // crossed a whole state of the same version (a sync's answer)
    }
    if (base === this.version && this.view !== undefined) {
      try {
        return { ...rest, view: applyPatch(this.view, delta) };
      } catch (err) {
        if (!(err instanceof PatchError)) throw err;
      }
    }
    if (!this.syncing && this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.syncing = true;
      this.ws.send(JSON.stringify({ type: "sync", since: this.version }));
    }
    return null;
  }

  /** Every message not yet acknowledged, each with its id (the server applies it at most once). */
  private resend(ws: WebSocket): void {
    for (const msg of this.unacked.values()) ws.send(JSON.stringify(msg));
  }

  /** Past the server's message limit (docs/PROTOCOL.md, "Limits"): the refused message was not read and is
   * not known by its id, so after the pause the server asks for, what is unacknowledged is sent again (each
   * with its id: applied at most once), and a whole position is asked for if one was awaited. */
  private slowDown(retryAfter: number | undefined): void {
    const seconds = typeof retryAfter === "number" && retryAfter > 0 && retryAfter <= 60 ? retryAfter : 1;
    const ws = this.ws;
    setTimeout(() => {
      if (this.stopped || this.ws !== ws || !ws || ws.readyState !== WebSocket.OPEN) return; // a reconnection resends
      this.resend(ws);
      if (this.syncing) ws.send(JSON.stringify({ type: "sync", since: this.version }));
    }, seconds * 1000);
  }

  private receive(msg: ServerMessage): void {
    if (msg.type === "state") {
      // Two updates can cross on their way out of the server: an older position never replaces a newer one
      // (an undo comes with reset, and redraws from its own full log).
      if (!msg.reset && msg.version < this.version) return;
      const whole = this.whole(msg);
      if (whole === null) return; // a delta from a view not held: the whole position was asked for
      if (msg.reset) this.log = [];
      const known = this.log.length ? this.log[this.log.length - 1]!.version : 0;
      this.log = [...this.log, ...msg.log.filter((l) => msg.reset || l.version > known)];
      this.version = msg.version;
      this.view = whole.view;
      this.retry = 500; // the table answered: the next loss starts the pauses again from the shortest
      this.on.state(whole, this.log);
    } else if ((msg.type === "ack" || msg.type === "error") && msg.id && this.chatIds.delete(msg.id)) {
      this.on.chatAnswer?.(msg);
    } else if (msg.type === "chat") {
      this.on.chat?.(msg);
    } else if (msg.type === "ack") {
      if (msg.id) this.unacked.delete(msg.id);
      this.on.ack(msg);
    } else if (msg.type === "error") {
      if (!msg.id && (msg.error === "elsewhere" || msg.error === "unavailable")) {
        this.refusedForNow = true;
        return; // the socket closes next, and the client tries again
      }
      if (!msg.id && msg.error === "rate_limited") {
        this.slowDown(msg.retry_after);
        return;
      }
      if (msg.id) this.unacked.delete(msg.id);
      this.on.error(msg);
    } else if (msg.type === "notice") {
      this.on.notice?.(msg);
    } else if ((msg as { type: string }).type === "settle") {
      document.dispatchEvent(new CustomEvent("cattable-settle", { detail: msg })); // a table module animates it
    }
  }
}
