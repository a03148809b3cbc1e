// The 3D table of Cat and the Tower: the server's world drawn from the view (every piece at its recorded
// pose, in the physics world's frame: z up, centimetres), orbit and zoom, a top view of the top floor,
// the pieces set aside beside the table, the settle animated from the server's frames, a replay's step
// tweened between its recorded poses (not simulated again), a ghost piece the player aims with the pointer
// (tower-place.ts) and the arrow of a pet being given (tower-pet.ts).

import * as THREE from "three";
import { OrbitControls } from "three/examples/jsm/controls/OrbitControls.js";
import { foldWall, label, pieceObject, tableObject } from "./tower-meshes";
import { factsOf, SIZE, type PieceFacts, type Pose, type SettleMessage, type TowerView } from "./tower-types";

/** Heading of a pose's quaternion about the vertical, degrees (games/tower/table.py's yaw_of). */
export function yawOf(pose: Pose): number {
  const [, , , w, x, y, z] = pose;
  return (Math.atan2(2 * (w * z + x * y), 1 - 2 * (y * y + z * z)) * 180) / Math.PI;
}

/** A point of a floor's frame (x, y cm from its centre) in the world, and back. */
export function fromFloor(floor: Pose, x: number, y: number): [number, number] {
  const a = (yawOf(floor) * Math.PI) / 180;
  return [floor[0] + x * Math.cos(a) - y * Math.sin(a), floor[1] + x * Math.sin(a) + y * Math.cos(a)];
}

export function inFloor(floor: Pose, wx: number, wy: number): [number, number] {
  const a = (yawOf(floor) * Math.PI) / 180;
  const dx = wx - floor[0];
  const dy = wy - floor[1];
  return [dx * Math.cos(a) + dy * Math.sin(a), -dx * Math.sin(a) + dy * Math.cos(a)];
}

/** Whether WebGL runs on the CPU (SwiftShader, llvmpipe: headless browsers, machines without a GPU), where
 * antialiasing and shadows cost most of the frame: the scene leaves them off there (`?gl=full` keeps them). */
export function softwareGL(): boolean {
  if (new URLSearchParams(location.search).get("gl") === "full") return false;
  try {
    const gl = document.createElement("canvas").getContext("webgl2") ?? document.createElement("canvas").getContext("webgl");
    if (!gl) return true;
    const info = gl.getExtension("WEBGL_debug_renderer_info");
    const name = String(info ? gl.getParameter(info.UNMASKED_RENDERER_WEBGL) : gl.getParameter(gl.RENDERER));
    gl.getExtension("WEBGL_lose_context")?.loseContext();
    return /swiftshader|llvmpipe|software/i.test(name);
  } catch {
    return true;
  }
}

/** Whether the person asked for less motion: settles and replay steps then jump to where they end. */
export function reducedMotion(): boolean {
  return typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** A replay step's keyframes: the poses before, at rest after each physical event, and the view after. */
interface Tween {
  keys: Record<string, Pose>[];
  pieces: Record<string, PieceFacts>;
  /** Seconds from the start at which each key is reached (keys[0] at 0). */
  at: number[];
  start: number;
}

/** How far above its aim a new piece starts in a replay, cm; seconds for the drop and for each later rest. */
const DROP = 5;
const DROP_SECONDS = 0.7;
const REST_SECONDS = 0.5;

export interface FloorHit {
  floor: string;
  x: number;
  y: number;
  /** The Feline Friend under the pointer on that floor, if the pointer is on one. */
  cat: string | null;
}

export class TowerScene {
  readonly element: HTMLDivElement;
  readonly renderer: THREE.WebGLRenderer;
  readonly scene = new THREE.Scene();
  readonly camera = new THREE.PerspectiveCamera(40, 1, 0.5, 2000);
  readonly controls: OrbitControls;
  readonly pieces = new Map<string, THREE.Group>();
  private readonly aside = new THREE.Group();
  private readonly ray = new THREE.Raycaster();
  private view: TowerView | null = null;
  private waiting: TowerView | null = null;
  private playing: { msg: SettleMessage; start: number; next: number } | null = null;
  private tweening: Tween | null = null;
  private petArrow: THREE.Group | null = null;
  private ghostObj: THREE.Group | null = null;
  private topView = false;
  private totoLabel: THREE.Sprite | null = null;
  /** How fast a settle plays: 1 is the simulated pace (slower for pictures of a collapse). */
  speed = 1;
  /** For pictures: a settle's last frame stays drawn (debris where it came to rest) until `release()`. */
  holdEnd = false;
  /** For tests and the figures: frames drawn, settle messages and frames played. */
  readonly stats = { frames: 0, settles: 0, settleFrames: 0, lastSettleAt: 0, firstAnimatedAt: 0, tweens: 0, tweenFrames: 0 };
  /** The edition's name of each piece (the French one says Nakama, Brique...), for the pointer's tooltip. */
  nameOf: (id: string, facts: PieceFacts) => string = (id) => id;

  constructor() {
    this.element = document.createElement("div");
    this.element.className = "tower-scene";
    const cheap = softwareGL();
    this.renderer = new THREE.WebGLRenderer({ antialias: !cheap, preserveDrawingBuffer: true });
    this.renderer.setPixelRatio(Math.min(2, window.devicePixelRatio || 1));
    this.renderer.shadowMap.enabled = !cheap;
    this.element.dataset.gl = cheap ? "software" : "full";
    this.element.append(this.renderer.domElement);
    this.scene.background = new THREE.Color("#dfe8ee");
    this.camera.up.set(0, 0, 1);
    this.camera.position.set(17, -21, 17);
    this.controls = new OrbitControls(this.camera, this.renderer.domElement);
    this.controls.target.set(0, 0, 3);
    this.controls.enableDamping = true;
    this.controls.maxPolarAngle = Math.PI * 0.495;
    this.controls.minDistance = 8;
    this.controls.maxDistance = 250;
    const sun = new THREE.DirectionalLight("#ffffff", 2.2);
    sun.position.set(30, -20, 80);
    sun.castShadow = true;
    sun.shadow.mapSize.set(1024, 1024);
    const cam = sun.shadow.camera;
    cam.left = cam.bottom = -40;
    cam.right = cam.top = 40;
    cam.far = 300;
    this.scene.add(new THREE.HemisphereLight("#ffffff", "#8a7560", 1.3), sun, sun.target, tableObject(), this.aside);
    const loop = (): void => {
      this.stats.frames += 1;
      this.tick(performance.now());
      this.resize();
      this.controls.update();
      this.renderer.render(this.scene, this.camera);
      requestAnimationFrame(loop);
    };
    requestAnimationFrame(loop);
  }

  private resize(): void {
    const w = this.element.clientWidth || 640;
    const h = this.element.clientHeight || 480;
    const size = this.renderer.getSize(new THREE.Vector2());
    if (size.x !== w || size.y !== h) {
      this.renderer.setSize(w, h, false);
      this.camera.aspect = w / h;
      this.camera.updateProjectionMatrix();
    }
  }

  // -- the world from the view -------------------------------------------------------------------------
  /** Draw the view's world; while a settle plays, the view waits for its end (its last frame is the view). */
  show(view: TowerView): void {
    if (this.playing || this.tweening) {
      this.waiting = view;
      return;
    }
    this.view = view;
    const tower = view.tower;
    for (const [id, obj] of this.pieces) {
      if (!(id in tower.poses)) {
        this.scene.remove(obj);
        this.pieces.delete(id);
      }
    }
    for (const [id, pose] of Object.entries(tower.poses)) this.place(id, tower.pieces[id] ?? factsOf(id), pose);
    this.drawAside(view);
    this.nameToto(view);
    if (this.topView) this.lookFromAbove();
  }

  private place(id: string, facts: PieceFacts, pose: Pose): void {
    let obj = this.pieces.get(id);
    if (!obj) {
      obj = pieceObject(id, facts);
      this.pieces.set(id, obj);
      this.scene.add(obj);
    }
    if (facts.kind === "wall" && facts.fold !== undefined && obj.userData.fold !== facts.fold) foldWall(obj, facts.fold);
    setPose(obj, pose);
  }

  private nameToto(view: TowerView): void {
    const toto = this.pieces.get("toto");
    if (!toto) return;
    if (this.totoLabel?.userData.text !== view.toto_name) {
      if (this.totoLabel) toto.remove(this.totoLabel);
      this.totoLabel = label(view.toto_name, 3.2);
      this.totoLabel.userData.text = view.toto_name;
    }
    if (this.totoLabel.parent !== toto) toto.add(this.totoLabel);
  }

  /** The walls and cats set aside (debris taken off the tower), laid in a row beside the table's edge. */
  private drawAside(view: TowerView): void {
    this.aside.clear();
    const gone = [...new Set([...view.wall_debris, ...view.cleared])].filter((id) => !(id in view.tower.poses));
    gone.forEach((id, i) => {
      const obj = pieceObject(id, factsOf(id));
      obj.position.set(-50 + (i % 12) * 5, -34 - Math.floor(i / 12) * 5, factsOf(id).kind === "wall" ? 0.05 : 0.75);
      if (factsOf(id).kind === "wall") obj.rotation.set(Math.PI / 2, 0, 0);
      this.aside.add(obj);
    });
  }

  /** The pose of every piece as drawn now, [x, y, z, w, qx, qy, qz] (tests compare it to the view's). */
  posesNow(): Record<string, number[]> {
    const out: Record<string, number[]> = {};
    for (const [id, obj] of this.pieces) {
      const q = obj.quaternion;
      out[id] = [obj.position.x, obj.position.y, obj.position.z, q.w, q.x, q.y, q.z];
    }
    return out;
  }

  floorPose(id: string): Pose | null {
    const obj = this.pieces.get(id);
    if (!obj) return null;
    const q = obj.quaternion;
    return [obj.position.x, obj.position.y, obj.position.z, q.w, q.x, q.y, q.z];
  }

  // -- the settle, animated ------------------------------------------------------------------------------
  /** Play a settle's frames at the simulated speed; the view that follows is drawn at its end. */
  animate(msg: SettleMessage): void {
    this.stats.settles += 1;
    this.stats.lastSettleAt = performance.now();
    this.stats.firstAnimatedAt = 0;
    if (this.playing) this.finish();
    if (this.tweening) this.endTween();
    this.playing = { msg, start: performance.now(), next: 0 };
    if (reducedMotion()) this.finish(); // no motion: the view that follows is drawn at once
  }

  get animating(): boolean {
    return this.playing !== null || this.tweening !== null;
  }

  /** A replay's step, tweened: every piece from its pose in `keys[0]` through each later key (the recorded
   * poses at rest), a piece first seen later coming down from above it; a piece a key lacks holds still. The
   * view shown next waits for the end. Not a simulation: straight lines and turns between recorded poses. */
  tween(keys: Record<string, Pose>[], pieces: Record<string, PieceFacts>): void {
    if (this.playing) this.finish();
    if (this.tweening) this.endTween();
    if (keys.length < 2 || reducedMotion()) return;
    const at = keys.map((_, i) => (i === 0 ? 0 : DROP_SECONDS + (i - 1) * REST_SECONDS));
    this.stats.tweens += 1;
    this.tweening = { keys, pieces, at, start: performance.now() };
  }

  private tweenTick(now: number): void {
    const tw = this.tweening!;
    const t = ((now - tw.start) / 1000) * this.speed;
    const last = tw.at.length - 1;
    if (t >= tw.at[last]!) {
      this.endTween();
      return;
    }
    let k = 0;
    while (k < last - 1 && t >= tw.at[k + 1]!) k += 1;
    const f = (t - tw.at[k]!) / (tw.at[k + 1]! - tw.at[k]!);
    const ease = f * f * (3 - 2 * f);
    const ids = new Set(tw.keys.flatMap((key) => Object.keys(key)));
    for (const id of ids) {
      const from = poseAt(tw.keys, id, k);
      const to = poseAt(tw.keys, id, k + 1);
      if (!from || !to) continue;
      this.place(id, tw.pieces[id] ?? this.view?.tower.pieces[id] ?? factsOf(id), lerpPose(from, to, ease));
    }
    this.stats.tweenFrames += 1;
  }

  private endTween(): void {
    this.tweening = null;
    const next = this.waiting;
    this.waiting = null;
    if (next) this.show(next);
  }

  private tick(now: number): void {
    if (this.tweening) this.tweenTick(now);
    const p = this.playing;
    if (!p) return;
    const t = ((now - p.start) / 1000) * this.speed;
    while (p.next < p.msg.frames.length && p.msg.frames[p.next]!.t <= t) {
      const frame = p.msg.frames[p.next]!;
      for (const [id, pose] of Object.entries(frame.poses)) this.place(id, p.msg.pieces[id] ?? factsOf(id), pose);
      if (!this.stats.firstAnimatedAt) this.stats.firstAnimatedAt = now;
      this.stats.settleFrames += 1;
      p.next += 1;
    }
    if (p.next >= p.msg.frames.length && !this.holdEnd) this.finish();
  }

  /** Let a held settle end: the view that waited is drawn. */
  release(): void {
    this.holdEnd = false;
    if (this.playing && this.playing.next >= this.playing.msg.frames.length) this.finish();
  }

  /** Whether every frame of the settle playing has been drawn (a held settle's end). */
  get settleDrawn(): boolean {
    return this.playing !== null && this.playing.next >= this.playing.msg.frames.length;
  }

  private finish(): void {
    this.playing = null;
    const next = this.waiting;
    this.waiting = null;
    if (next) this.show(next);
  }

  // -- looking -------------------------------------------------------------------------------------------
  /** Toggle the top view: straight down on the top floor (or back to the orbit). */
  toggleTopView(): boolean {
    this.topView = !this.topView;
    if (this.topView) this.lookFromAbove();
    else {
      const t = this.controls.target;
      this.camera.position.set(t.x + 17, t.y - 21, t.z + 14);
    }
    return this.topView;
  }

  private lookFromAbove(): void {
    const top = this.view ? this.floorPose(this.view.tower.reading.top_floor) : null;
    const [x, y, z] = top ?? [0, 0, 0];
    this.controls.target.set(x, y, z);
    this.camera.position.set(x, y - 0.01, z + 28);
  }

  /** Aim the orbit at the top of the tower (after a new floor). */
  focusTop(): void {
    const top = this.view ? this.floorPose(this.view.tower.reading.top_floor) : null;
    if (!top) return;
    const dz = top[2] + 2 - this.controls.target.z;
    this.controls.target.z += dz;
    this.camera.position.z += dz;
  }

  zoom(factor: number): void {
    const t = this.controls.target;
    const d = this.camera.position.clone().sub(t).multiplyScalar(factor);
    if (d.length() > 8 && d.length() < 250) this.camera.position.copy(t).add(d);
  }

  // -- aiming ---------------------------------------------------------------------------------------------
  private pointer(event: { clientX: number; clientY: number }): void {
    const r = this.renderer.domElement.getBoundingClientRect();
    const v = new THREE.Vector2(((event.clientX - r.left) / r.width) * 2 - 1, -((event.clientY - r.top) / r.height) * 2 + 1);
    this.ray.setFromCamera(v, this.camera);
  }

  /** A point of a floor's frame (x, y, z cm from its top surface's centre, the floor's own axes) in the world:
   * the frame the server places in (physics/placing.py), tilt and all. */
  floorToWorld(floor: string, x: number, y: number, z = 0): THREE.Vector3 | null {
    const obj = this.pieces.get(floor);
    if (!obj) return null;
    obj.updateMatrixWorld();
    return obj.localToWorld(new THREE.Vector3(x, y, SIZE.floor[2] / 2 + z));
  }

  worldToFloor(floor: string, point: THREE.Vector3): [number, number] {
    const obj = this.pieces.get(floor)!;
    obj.updateMatrixWorld();
    const p = obj.worldToLocal(point.clone());
    return [p.x, p.y];
  }

  /** Where the pointer meets the plane of `floor`'s top surface, in that floor's frame. */
  onPlane(event: { clientX: number; clientY: number }, floor: string): FloorHit | null {
    const obj = this.pieces.get(floor);
    const centre = this.floorToWorld(floor, 0, 0);
    if (!obj || !centre) return null;
    this.pointer(event);
    const normal = new THREE.Vector3(0, 0, 1).applyQuaternion(obj.quaternion);
    const plane = new THREE.Plane().setFromNormalAndCoplanarPoint(normal, centre);
    const hit = this.ray.ray.intersectPlane(plane, new THREE.Vector3());
    if (!hit) return null;
    const [x, y] = this.worldToFloor(floor, hit);
    return { floor, x, y, cat: null };
  }

  /** The first of `floors` (or a Feline Friend standing on one) under the pointer. */
  onFloors(event: { clientX: number; clientY: number }, floors: string[], support: Record<string, string | null>): FloorHit | null {
    this.pointer(event);
    const targets = [...this.pieces.values()].filter((o) => o.userData.kind === "floor" || o.userData.kind === "cat");
    for (const hit of this.ray.intersectObjects(targets, true)) {
      let o: THREE.Object3D | null = hit.object;
      while (o && !o.userData.piece) o = o.parent;
      if (!o) continue;
      const id = o.userData.piece as string;
      const floor = o.userData.kind === "floor" ? id : (support[id] ?? null);
      if (!floor || !floors.includes(floor)) continue;
      const [x, y] = this.worldToFloor(floor, hit.point);
      if (o.userData.kind === "cat") {
        const [cx, cy] = this.worldToFloor(floor, o.position);
        return { floor, x: cx, y: cy, cat: id };
      }
      return { floor, x, y, cat: null };
    }
    return null;
  }

  /** Where the pointer meets piece `id` (world coordinates), or null when it misses it. */
  hitPiece(event: { clientX: number; clientY: number }, id: string): THREE.Vector3 | null {
    const obj = this.pieces.get(id);
    if (!obj) return null;
    this.pointer(event);
    const hit = this.ray.intersectObject(obj, true).find((h) => h.object.name !== "label");
    return hit ? hit.point.clone() : null;
  }

  /** The piece under the pointer, if any (its id). */
  pieceAt(event: { clientX: number; clientY: number }): string | null {
    this.pointer(event);
    for (const hit of this.ray.intersectObjects([...this.pieces.values()], true)) {
      let o: THREE.Object3D | null = hit.object;
      while (o && !o.userData.piece) o = o.parent;
      if (o) return o.userData.piece as string;
    }
    return null;
  }

  /** The arrow of a pet being given: from `point` (world) towards `towards`, longer and redder the harder
   * the push (0.5 to 20 g cm/s); null takes it away. */
  petMarker(point: THREE.Vector3 | null, towards?: THREE.Vector3, push = 0): void {
    if (this.petArrow) {
      this.scene.remove(this.petArrow);
      this.petArrow = null;
    }
    if (!point || !towards) return;
    const dir = towards.clone().sub(point).setZ(0);
    if (dir.lengthSq() < 1e-9) dir.set(1, 0, 0);
    dir.normalize();
    const hard = Math.min(1, push / 20);
    const colour = new THREE.Color().setHSL(0.33 * (1 - hard), 0.85, 0.45);
    const length = 1.2 + hard * 4;
    const group = new THREE.Group();
    const arrow = new THREE.ArrowHelper(dir, point.clone().sub(dir.clone().multiplyScalar(length)), length, colour, 0.6, 0.45);
    const dot = new THREE.Mesh(new THREE.SphereGeometry(0.12 + hard * 0.15), new THREE.MeshBasicMaterial({ color: colour }));
    dot.position.copy(point);
    group.add(arrow, dot);
    group.name = "pet-marker";
    group.userData.push = push;
    this.petArrow = group;
    this.scene.add(group);
  }

  /** Where a point of a floor's top surface (x, y in its frame) is on the page, in client pixels. */
  screenOf(floor: string, x: number, y: number): [number, number] | null {
    const point = this.floorToWorld(floor, x, y);
    if (!point) return null;
    this.controls.update();
    this.camera.updateMatrixWorld();
    const v = point.project(this.camera);
    const r = this.renderer.domElement.getBoundingClientRect();
    return [r.left + ((v.x + 1) / 2) * r.width, r.top + ((1 - v.y) / 2) * r.height];
  }

  /** The translucent piece being aimed (null: none). */
  ghost(id: string | null, facts?: PieceFacts): THREE.Group | null {
    if (this.ghostObj && (id === null || this.ghostObj.userData.ghostOf !== `${id}/${facts?.kind}`)) {
      this.scene.remove(this.ghostObj);
      this.ghostObj = null;
    }
    if (id !== null && facts && !this.ghostObj) {
      this.ghostObj = pieceObject(id, facts, true);
      this.ghostObj.userData.ghostOf = `${id}/${facts.kind}`;
      this.ghostObj.userData.piece = undefined;
      this.ghostObj.userData.kind = "ghost";
      // the piece in hand, named as the table's edition names it (Brique, Nakama jaune...)
      const name = label(this.nameOf(id, facts), facts.kind === "floor" ? 1.2 : facts.kind === "wall" ? 6.2 : 2.6);
      name.userData.text = this.nameOf(id, facts);
      this.ghostObj.add(name);
      this.scene.add(this.ghostObj);
    }
    return this.ghostObj;
  }
}

/** Piece `id`'s pose at key `k`, or the nearest key before it that has one; a piece first seen after `k`
 * starts above where it is first seen (it comes down from above its aim). */
function poseAt(keys: Record<string, Pose>[], id: string, k: number): Pose | null {
  for (let i = k; i >= 0; i--) {
    const p = keys[i]![id];
    if (p) return p;
  }
  for (let i = k + 1; i < keys.length; i++) {
    const p = keys[i]![id];
    if (p) return [p[0], p[1], p[2] + DROP, p[3], p[4], p[5], p[6]];
  }
  return null;
}

function lerpPose(a: Pose, b: Pose, f: number): Pose {
  const qa = new THREE.Quaternion(a[4], a[5], a[6], a[3]);
  const qb = new THREE.Quaternion(b[4], b[5], b[6], b[3]);
  qa.slerp(qb, f);
  const mix = (i: number): number => a[i]! + (b[i]! - a[i]!) * f;
  return [mix(0), mix(1), mix(2), qa.w, qa.x, qa.y, qa.z];
}

export function setPose(obj: THREE.Object3D, pose: Pose | number[]): void {
  obj.position.set(pose[0]!, pose[1]!, pose[2]!);
  obj.quaternion.set(pose[4]!, pose[5]!, pose[6]!, pose[3]!);
}
