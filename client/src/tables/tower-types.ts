// The parts of Cat and the Tower's view (src/cattable/games/tower/views.py, schemas/view.schema.json) the
// browser table reads, and the piece sizes of physics/pieces.json (cm): the scene draws the server's world.

import type { Message } from "../protocol";

export type Pose = [number, number, number, number, number, number, number];

export interface PieceFacts {
  kind: "floor" | "wall" | "cat" | "black" | "toto";
  type?: string;
  colour?: string;
  fold?: number;
}

export interface TowerReading {
  support: Record<string, string | null>;
  debris: string[];
  touching: string[][];
  on_top: Record<string, string>;
  upright: Record<string, boolean>;
  top_floor: string;
  floor_levels: Record<string, number>;
}

export interface GoalCard {
  id: string;
  condition: string;
  floors: number;
  text: string;
}

export interface TowerView {
  game: "tower";
  seat: number | null;
  players: number;
  mode: "coop" | "competitive";
  edition: "en" | "fr";
  goal_floor: number;
  target: number;
  phase: string;
  turn: number;
  to_play: number | null;
  action_faceup: { id: string; sides: string[] }[];
  action_deck: number;
  goal_deck: number;
  card: string;
  pending: { piece: string; type?: string; colour?: string; floor?: string }[];
  placed: string[];
  last_cat: string;
  toto: string;
  toto_name: string;
  toto_level: number;
  black: string[];
  wall_debris: string[];
  cleared: string[];
  outcome: string;
  /** The last dozen events, oldest first: each a message (games/tower/events.py), rendered by TT.event. */
  events: Message[];
  tower: { pieces: Record<string, PieceFacts>; poses: Record<string, Pose>; reading: TowerReading };
  stock: { floors: string[]; walls: Record<string, number>; cats: Record<string, number> };
  goal_faceup?: GoalCard[];
  hands?: (GoalCard[] | number)[];
}

/** The settle message (docs/PROTOCOL.md): the poses of the pieces that moved while a placement settled. */
export interface SettleMessage {
  type: "settle";
  table: string;
  version: number;
  seconds: number;
  pieces: Record<string, PieceFacts>;
  frames: { t: number; poses: Record<string, Pose> }[];
}

export const SIZE = {
  floor: [9, 9, 0.2] as const,
  cat: [1.5, 1.0, 2.0] as const,
  toto: [1.8, 1.2, 2.4] as const,
  black: [1.5, 1.0, 2.0] as const,
  panel: 3.0,
  wallThickness: 0.1,
  wallHeight: { bricks: 4.0, windows: 4.3, arches: 4.6, angels: 4.9, pillars: 5.2 } as Record<string, number>,
  table: [120, 80, 2.5] as const,
  onTile: 4.5,
};

export const WALL_TYPES = ["bricks", "windows", "arches", "angels", "pillars"] as const;
export const CAT_COLOURS: Record<string, string> = {
  yellow: "#f2cc33",
  blue: "#4073d9",
  purple: "#8c4db3",
  orange: "#f28c26",
};
export const SCARF_COLOURS: Record<string, string> = {
  red: "#d93a3a",
  orange: "#f28c26",
  blue: "#3f7de0",
  purple: "#9a52c7",
  yellow: "#f0d032",
};

/** A piece's facts from its id alone (a piece the settle shows before the view names it). */
export function factsOf(id: string): PieceFacts {
  if (/^F\d+$/.test(id)) return { kind: "floor" };
  if (id === "toto") return { kind: "toto" };
  const [head, family] = id.split("-");
  if (head === "W") return { kind: "wall", type: family ?? "bricks", fold: 90 };
  if (head === "C") return { kind: "cat", colour: family ?? "blue" };
  return { kind: "black", colour: family ?? "red" };
}
