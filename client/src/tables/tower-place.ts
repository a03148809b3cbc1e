// Placing with the pointer: the piece the chosen card asks for follows the pointer as a translucent ghost
// (a wall or a floor on the top floor, a Feline Friend on any standing floor or on a cat there), turned
// with Q/E or the buttons, a wall folded with the wheel or the slider; a click holds it still to adjust,
// a second click (or "Place") lets go: the action's JSON, in the floor's frame as the action schema says.
// Toto (Neko) in the player's hand (toto=player) is placed the same way, on the floor the rules name.

import * as THREE from "three";
import type { Action } from "../protocol";
import { foldWall } from "./tower-meshes";
import { setPose, type TowerScene, yawOf } from "./tower-scene";
import { SIZE, type PieceFacts, type Pose, type TowerView } from "./tower-types";

export type AimKind = "wall" | "floor" | "cat" | "toto";

export interface Aim {
  kind: AimKind;
  /** The wall type or the cat's colour chosen among the legal ones. */
  family: string;
  floor: string;
  x: number;
  y: number;
  yaw: number;
  fold: number;
  on: string;
  pinned: boolean;
  /** Whether the pointer has put the ghost somewhere yet. */
  aimed: boolean;
}

const round1 = (v: number): number => Math.round(v * 10) / 10;
export const clampTile = (v: number): number => Math.max(-SIZE.onTile, Math.min(SIZE.onTile, round1(v)));

/** The yaw in (-180, 180]. */
export function normalYaw(yaw: number): number {
  let a = ((yaw + 180) % 360 + 360) % 360 - 180;
  if (a === -180) a = 180;
  return round1(a);
}

/** What the legal actions ask to place now, if a piece: walls (their types), the floor, or a cat (colours). */
export function placing(legal: Action[]): { kind: AimKind; families: string[] } | null {
  for (const kind of ["wall", "floor", "cat", "toto"] as const) {
    const mine = legal.filter((a) => a.kind === kind);
    if (!mine.length) continue;
    if (kind === "toto") return { kind, families: [""] };
    const key = kind === "wall" ? "type" : "colour";
    const families = kind === "floor" ? [""] : [...new Set(mine.map((a) => String(a[key])))];
    return { kind, families };
  }
  return null;
}

/** The floor Toto in hand goes on: the view's pending item for him (the top floor if none says). */
export function totoFloor(view: TowerView): string {
  return view.pending.find((it) => it.piece === "toto")?.floor ?? view.tower.reading.top_floor;
}

export function freshAim(kind: AimKind, family: string, view: TowerView, legal: Action[]): Aim {
  const first = legal.find((a) => a.kind === kind && (kind === "floor" || kind === "toto" || a[kind === "wall" ? "type" : "colour"] === family));
  return {
    kind,
    family,
    floor: kind === "cat" ? `F${Number(first?.floor ?? 1)}` : kind === "toto" ? totoFloor(view) : view.tower.reading.top_floor,
    x: Number(first?.x ?? 0),
    y: Number(first?.y ?? 0),
    yaw: Number(first?.yaw ?? 0),
    fold: kind === "wall" ? Number(first?.fold ?? 90) : 90,
    on: "",
    pinned: false,
    aimed: false,
  };
}

/** The action JSON of an aim (the rules judge it; the menu's own placements are only a few of the legal). */
export function actionOf(aim: Aim, legal: Action[]): Action {
  const x = clampTile(aim.x);
  const y = clampTile(aim.y);
  const yaw = normalYaw(aim.yaw);
  if (aim.kind === "wall") return { kind: "wall", type: aim.family, x, y, yaw, fold: Math.max(30, Math.min(180, round1(aim.fold))) };
  if (aim.kind === "floor") return { kind: "floor", x, y, yaw };
  if (aim.kind === "toto") return { kind: "toto", x, y, yaw };
  const take = legal.find((a) => a.kind === "cat" && a.colour === aim.family)?.take ?? "";
  return { kind: "cat", colour: aim.family, floor: Number(aim.floor.slice(1)), x, y, yaw, on: aim.on, take: String(take) };
}

/** The ghost's facts and its id (a wall's type, the next floor's number, a cat's colour). */
export function ghostFacts(aim: Aim, view: TowerView): [string, PieceFacts] {
  if (aim.kind === "wall") return [`W-${aim.family}-ghost`, { kind: "wall", type: aim.family, fold: aim.fold }];
  if (aim.kind === "floor") return [view.stock.floors[0] ?? "F?", { kind: "floor" }];
  if (aim.kind === "toto") return ["toto-ghost", { kind: "toto" }];
  return [`C-${aim.family}-ghost`, { kind: "cat", colour: aim.family }];
}

/** Put the ghost where the aim is, in the world. */
export function drawGhost(scene: TowerScene, aim: Aim | null, view: TowerView): void {
  if (!aim || !aim.aimed) {
    scene.ghost(null);
    return;
  }
  const [id, facts] = ghostFacts(aim, view);
  const obj = scene.ghost(id, facts);
  const pose = letGoPose(scene, aim, view);
  if (!obj || !pose) return;
  if (aim.kind === "wall" && obj.userData.fold !== aim.fold) foldWall(obj, aim.fold);
  setPose(obj, pose);
  obj.visible = true;
}

/** The aim of a placement sent (a replay's move: where its piece was let go), or null for other actions. */
export function aimOfAction(a: Action, view: TowerView): Aim | null {
  const kind = a.kind;
  if (kind !== "wall" && kind !== "floor" && kind !== "cat" && kind !== "toto") return null;
  const floor = kind === "cat" ? `F${Number(a.floor)}` : kind === "toto" ? totoFloor(view) : view.tower.reading.top_floor;
  const family = kind === "wall" ? String(a.type) : kind === "cat" ? String(a.colour) : "";
  const [x, y, yaw] = [Number(a.x), Number(a.y), Number(a.yaw)];
  return { kind, family, floor, x, y, yaw, fold: Number(a.fold ?? 90), on: String(a.on ?? ""), pinned: false, aimed: true };
}

/** Where the piece of an aim is let go, in the world: the ghost's pose. */
export function letGoPose(scene: TowerScene, aim: Aim, view: TowerView): Pose | null {
  const floor = scene.floorPose(aim.floor);
  if (!floor) return null;
  // in the floor's own frame, tilt and all, as the server places (physics/placing.py)
  let lift = 0;
  if (aim.kind === "floor") lift = tallestOn(view, aim.floor) + SIZE.floor[2] / 2 + 0.03;
  if (aim.kind === "cat") lift = (aim.on ? SIZE.cat[2] : 0) + SIZE.cat[2] / 2 + 0.03;
  if (aim.kind === "toto") lift = SIZE.toto[2] / 2 + 0.03;
  const at = scene.floorToWorld(aim.floor, clampTile(aim.x), clampTile(aim.y), lift);
  const base = scene.pieces.get(aim.floor);
  if (!at || !base) return null;
  const yaw = (normalYaw(aim.yaw) * Math.PI) / 180;
  const turn = new THREE.Quaternion(0, 0, Math.sin(yaw / 2), Math.cos(yaw / 2));
  // a floor is laid level, turned from the floor below's heading; the others stand in the floor's frame
  const heading = (yawOf(floor) * Math.PI) / 180;
  const level = new THREE.Quaternion(0, 0, Math.sin(heading / 2), Math.cos(heading / 2));
  const q = (aim.kind === "floor" ? level : base.quaternion.clone()).multiply(turn);
  return [at.x, at.y, at.z, q.w, q.x, q.y, q.z];
}

/** The height above a floor of the tallest wall standing on it (where the next floor is laid). */
function tallestOn(view: TowerView, floor: string): number {
  let best = 0;
  for (const [id, on] of Object.entries(view.tower.reading.support)) {
    const facts = view.tower.pieces[id];
    if (on === floor && facts?.kind === "wall") best = Math.max(best, SIZE.wallHeight[facts.type ?? "bricks"] ?? 4);
  }
  return best || 4.6;
}

/** Standing floors, lowest first (a cat may stand on any of them). */
export function standingFloors(view: TowerView): string[] {
  const levels = view.tower.reading.floor_levels;
  return Object.keys(levels).sort((a, b) => (levels[a] ?? 0) - (levels[b] ?? 0));
}

/** Follow the pointer: the top floor's plane for a wall or floor, a standing floor (or a cat on it) for a cat,
 * the plane of the floor the rules name for Toto (floors above it do not stop the pointer). */
export function follow(scene: TowerScene, aim: Aim, view: TowerView, event: { clientX: number; clientY: number }): boolean {
  if (aim.kind === "cat") {
    const hit = scene.onFloors(event, standingFloors(view), view.tower.reading.support);
    if (!hit) return false;
    Object.assign(aim, { floor: hit.floor, x: hit.x, y: hit.y, on: hit.cat ?? "", aimed: true });
    return true;
  }
  const hit = scene.onPlane(event, aim.kind === "toto" ? aim.floor : view.tower.reading.top_floor);
  if (!hit || Math.abs(hit.x) > 9 || Math.abs(hit.y) > 9) return false;
  Object.assign(aim, { floor: hit.floor, x: clampTile(hit.x), y: clampTile(hit.y), aimed: true });
  return true;
}
