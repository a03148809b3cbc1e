// Petting a Feline Friend with the pointer (mouse, pen or finger: pointer events): press on the cat just
// placed where you want to touch it, drag, let go. Where the press lands gives the Pet action's angle (the
// side of the cat it comes from, world degrees, as physics/placing.py's pet_point reads it) and height (cm
// above the cat's base); the drag's length gives its push. The server adds the seat's hand noise, as for
// every placement.

import type * as THREE from "three";
import type { Action } from "../protocol";
import { normalYaw } from "./tower-place";
import { SIZE, type Pose } from "./tower-types";

export interface PetAim {
  cat: string;
  angle: number;
  height: number;
  push: number;
}

/** The Pet schema's ranges (games/tower/reasons.py: PET_HEIGHT, PET_PUSH). */
export const PET_HEIGHT = [0, 2] as const;
export const PET_PUSH = [0.5, 20] as const;
/** g cm/s of push per pixel dragged: a light touch (5 to 10) is a drag of 45 to 95 px, a shove (20) 195 px. */
export const PUSH_PER_PX = 0.1;

const round1 = (v: number): number => Math.round(v * 10) / 10;
const clamp = (v: number, [lo, hi]: readonly [number, number]): number => Math.max(lo, Math.min(hi, v));

/** The angle and height of a press at `point` (world) on a cat standing at `pose`. */
export function touchAt(pose: Pose, point: THREE.Vector3): { angle: number; height: number } {
  const angle = normalYaw((Math.atan2(point.y - pose[1], point.x - pose[0]) * 180) / Math.PI);
  const base = pose[2] - SIZE.cat[2] / 2;
  return { angle, height: round1(clamp(point.z - base, PET_HEIGHT)) };
}

/** How hard, from the drag's length in CSS pixels. */
export function pushOf(dragPx: number): number {
  return round1(clamp(PET_PUSH[0] + dragPx * PUSH_PER_PX, PET_PUSH));
}

/** The world point a pet of these numbers touches on a cat at `pose` (the server's pet_point, noise aside). */
export function touchPoint(pose: Pose, aim: PetAim): [number, number, number] {
  const a = (aim.angle * Math.PI) / 180;
  const r = 1.0; // pet_point: 1 cm out from the cat's centre
  return [pose[0] + Math.cos(a) * r, pose[1] + Math.sin(a) * r, pose[2] - SIZE.cat[2] / 2 + aim.height];
}

export function petAction(aim: PetAim): Action {
  return {
    kind: "pet",
    angle: normalYaw(aim.angle),
    height: round1(clamp(aim.height, PET_HEIGHT)),
    push: round1(clamp(aim.push, PET_PUSH)),
  };
}

/** Whether this seat is to pet now, and which cat (the one placed this turn). */
export function pettable(legal: Action[], lastCat: string): string | null {
  return lastCat && legal.some((a) => a.kind === "pet") ? lastCat : null;
}
