// What this browser remembers: the seat tokens it holds (a seat's link is its identity, so the token is the
// only key to it), and for the tables it opened, the host token and the invite codes to share again.

export interface HeldSeat {
  table: string;
  seat: number;
  token: string;
  game: string;
  name: string;
}

export interface HostedTable {
  table: string;
  game: string;
  host: string;
  invites: { seat: number; name: string; code: string }[];
}

const SEATS = "cattable.seats";
const HOSTED = "cattable.hosted";

function read<T>(key: string): T[] {
  try {
    const data: unknown = JSON.parse(localStorage.getItem(key) ?? "[]");
    return Array.isArray(data) ? (data as T[]) : [];
  } catch {
    return [];
  }
}

function write<T>(key: string, items: T[]): void {
  localStorage.setItem(key, JSON.stringify(items));
}

export function heldSeats(): HeldSeat[] {
  return read<HeldSeat>(SEATS);
}

export function holdSeat(seat: HeldSeat): void {
  const others = heldSeats().filter((s) => !(s.table === seat.table && s.seat === seat.seat));
  write(SEATS, [seat, ...others]);
}

export function seatsAt(table: string): HeldSeat[] {
  return heldSeats().filter((s) => s.table === table);
}

export function hosted(): HostedTable[] {
  return read<HostedTable>(HOSTED);
}

export function hostTable(t: HostedTable): void {
  write(HOSTED, [t, ...hosted().filter((h) => h.table !== t.table)]);
}

const GUIDED = "cattable.guided";

/** The guided games this browser opened (guide.ts): their table page points the way however it is reached. */
export function markGuided(table: string): void {
  write(GUIDED, [table, ...read<string>(GUIDED).filter((t) => t !== table)].slice(0, 50));
}

export function isGuided(table: string): boolean {
  return read<string>(GUIDED).includes(table);
}

export function forget(table: string): void {
  write(SEATS, heldSeats().filter((s) => s.table !== table));
  write(HOSTED, hosted().filter((h) => h.table !== table));
}
