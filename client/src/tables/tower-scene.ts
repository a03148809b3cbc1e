// The 3D table of Cat and the Tower: the server's world drawn from the view (every piece at its recorded
// pose, in the physics world's frame: z up, centimetres), orbit and zoom, a top view of the top floor,
// the pieces set aside beside the table, the settle animated from the server's frames, a replay's step
// tweened between its recorded poses (not simulated again), a ghost piece the player aims with the pointer
// (tower-place.ts) and the arrow of a pet being given (tower-pet.ts). A piece let go is seen coming down to
// where the hand released it before its settle plays at the frames' pace; the goal floor (directly above
// Toto) is outlined, and what stands above it can be cut away; pieces an event names are marked a few
// seconds. Frames are drawn only while something moves: an idle table draws nothing.

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
/** How far above where the hand released it a piece let go is first seen live, cm, and the seconds it takes
 * to come down there (a fall from 4 cm takes about 0.09 s: slowed so that the eye follows it). */
export const DROP_IN = 4;
const DROP_IN_SECONDS = 0.45;
/** The count of five (games/tower/climb.py's COUNT_SECONDS), simulated seconds. */
const COUNT_SECONDS = 5;
/** How long a mark on a piece stays (one that fell, one put back, Toto after his climb), ms. */
export const MARK_MS = 4000;
/** Okabe-Ito: the goal floor in orange, a piece that fell in vermilion, one put back (or Toto) in blue. */
const GOAL_COLOUR = "#e69f00";
const FELL_COLOUR = "#d55e00";
const HERE_COLOUR = "#0072b2";

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
  private playing: {
    msg: SettleMessage;
    /** When the first frame is reached (after the drop of the piece let go). */
    start: number;
    next: number;
    /** The pieces let go (in the first frame and not drawn yet), and the seconds they take to come down. */
    fresh: string[];
    drop: number;
    /** Simulated seconds at which the count of five starts (the settle holds the tower through it), or null. */
    count: number | null;
  } | null = null;
  private tweening: Tween | null = null;
  private petArrow: THREE.Group | null = null;
  private ghostObj: THREE.Group | null = null;
  private topView = false;
  private totoLabel: THREE.Sprite | null = null;
  private asked = false;
  private goalMark: THREE.LineSegments | null = null;
  private goalId = "";
  private cut = new Set<string>();
  private cutting = false;
  private readonly marks = new THREE.Group();
  /** Each piece's last pose in the settle played (or the replay's rests): where a piece that fell came to rest. */
  private readonly lastSeen = new Map<string, { pose: Pose; facts: PieceFacts }>();
  /** How fast a settle plays: 1 is the simulated pace (slower for pictures of a collapse). */
  speed = 1;
  /** For pictures: a settle's last frame stays drawn (debris where it came to rest) until `release()`. */
  holdEnd = false;
  /** For tests and the figures: frames drawn, settle messages and frames played. */
  readonly stats = {
    frames: 0,
    settles: 0,
    settleFrames: 0,
    lastSettleAt: 0,
    firstAnimatedAt: 0,
    lastFrameAt: 0,
    /** Frames drawn while a piece let go comes down to where the hand released it. */
    dropFrames: 0,
    tweens: 0,
    tweenFrames: 0,
  };
  /** Called with each view once it is drawn (after the settle that led to it): the table tells its events then. */
  onShow: (view: TowerView) => void = () => undefined;
  /** The count of five, in words, while a settle holds the tower through it (null: the count is over). */
  onCount: (n: number | null) => void = () => undefined;
  /** The edition's name of each piece (the French one says Nakama, Brique...), for the pointer's tooltip. */
  nameOf: (id: string, facts: PieceFacts) => string = (id) => id;
  /** The goal floor's tag, in the reader's language. */
  goalTag = "★";

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
    this.marks.name = "marks";
    this.scene.add(new THREE.HemisphereLight("#ffffff", "#8a7560", 1.3), sun, sun.target, tableObject(), this.aside, this.marks);
    // drawn on demand: a frame is asked for when something changes, and asked again only while something
    // moves (a settle, a tween, the orbit's damping); an idle table draws nothing
    this.controls.addEventListener("change", () => this.invalidate());
    if (typeof ResizeObserver === "function") new ResizeObserver(() => this.invalidate()).observe(this.element);
    this.invalidate();
  }

  /** Ask for one frame (several asks before it comes make one frame). */
  invalidate(): void {
    if (this.asked) return;
    this.asked = true;
    requestAnimationFrame(this.frame);
  }

  private readonly frame = (): void => {
    this.asked = false;
    this.stats.frames += 1;
    const now = performance.now();
    this.tick(now);
    this.resize();
    this.controls.update(); // damping: a "change" while the orbit still glides asks for the next frame
    this.renderer.render(this.scene, this.camera);
    if (this.animating) this.invalidate();
  };

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
    this.markGoalFloor(view);
    if (this.topView) this.lookFromAbove();
    this.invalidate();
    this.onShow(view);
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
    this.invalidate();
  }

  private nameToto(view: TowerView): void {
    const toto = this.pieces.get("toto");
    if (!toto) return;
    if (this.totoLabel?.userData.text !== view.toto_name) {
      if (this.totoLabel) toto.remove(this.totoLabel);
      // just over his head, below the floor above; hidden by what stands in front of it (depth-tested)
      this.totoLabel = label(view.toto_name, SIZE.toto[2] / 2 + 0.55, { depthTest: true, scale: 0.7 });
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
    this.lastSeen.clear();
    if (reducedMotion()) {
      // no motion: the view that follows is drawn at once; where things came to rest is still known
      for (const frame of msg.frames) for (const [id, pose] of Object.entries(frame.poses)) this.lastSeen.set(id, { pose, facts: msg.pieces[id] ?? factsOf(id) });
      return;
    }
    const first = msg.frames[0]?.poses ?? {};
    const fresh = Object.keys(first).filter((id) => !this.pieces.has(id));
    const drop = fresh.length ? DROP_IN_SECONDS : 0;
    // Toto let go first and the tower held for five seconds at the end: the count of five
    const count = "toto" in first && msg.seconds >= COUNT_SECONDS ? msg.seconds - COUNT_SECONDS : null;
    this.playing = { msg, start: performance.now() + (drop * 1000) / this.speed, next: 0, fresh, drop, count };
    this.invalidate();
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
    this.lastSeen.clear();
    for (const key of keys.slice(1, -1)) for (const [id, pose] of Object.entries(key)) this.lastSeen.set(id, { pose, facts: pieces[id] ?? factsOf(id) });
    if (keys.length < 2 || reducedMotion()) return;
    const at = keys.map((_, i) => (i === 0 ? 0 : DROP_SECONDS + (i - 1) * REST_SECONDS));
    this.stats.tweens += 1;
    this.tweening = { keys, pieces, at, start: performance.now() };
    this.invalidate();
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
    if (t < 0 && p.drop > 0) {
      // the piece let go comes down from a height one sees to where the hand released it (the first frame)
      const f = Math.max(0, 1 + t / p.drop);
      for (const id of p.fresh) {
        const pose = p.msg.frames[0]!.poses[id]!;
        this.place(id, p.msg.pieces[id] ?? factsOf(id), [pose[0], pose[1], pose[2] + DROP_IN * (1 - f * f), pose[3], pose[4], pose[5], pose[6]]);
      }
      this.stats.dropFrames += 1;
      return;
    }
    while (p.next < p.msg.frames.length && p.msg.frames[p.next]!.t <= t) {
      const frame = p.msg.frames[p.next]!;
      for (const [id, pose] of Object.entries(frame.poses)) {
        const facts = p.msg.pieces[id] ?? factsOf(id);
        this.place(id, facts, pose);
        this.lastSeen.set(id, { pose, facts });
      }
      if (!this.stats.firstAnimatedAt) this.stats.firstAnimatedAt = now;
      this.stats.lastFrameAt = now;
      this.stats.settleFrames += 1;
      p.next += 1;
    }
    if (p.count !== null) this.onCount(t >= p.count ? Math.min(5, Math.floor(t - p.count) + 1) : null);
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
    if (this.playing?.count !== null && this.playing?.count !== undefined) this.onCount(null);
    this.playing = null;
    const next = this.waiting;
    this.waiting = null;
    if (next) this.show(next);
  }

  // -- looking -------------------------------------------------------------------------------------------
  /** Toggle the top view: straight down on the top floor (or back to the orbit). */
  toggleTopView(): boolean {
    return this.setTopView(!this.topView);
  }

  /** The top view on or off (the button says which it offers from `isTopView`, whatever redrew it). */
  setTopView(on: boolean): boolean {
    this.topView = on;
    if (this.topView) this.lookFromAbove();
    else {
      const t = this.controls.target;
      this.camera.position.set(t.x + 17, t.y - 21, t.z + 14);
    }
    this.controls.update();
    this.invalidate();
    return this.topView;
  }

  get isTopView(): boolean {
    return this.topView;
  }

  private lookFromAbove(): void {
    const top = this.view ? this.floorPose(this.view.tower.reading.top_floor) : null;
    const [x, y, z] = top ?? [0, 0, 0];
    this.controls.target.set(x, y, z);
    this.camera.position.set(x, y - 0.01, z + 28);
    this.invalidate();
  }

  /** Aim the orbit at the top of the tower (after a new floor). */
  focusTop(): void {
    if (this.topView) {
      this.lookFromAbove(); // the top view stays a top view: straight down on the new top floor
      return;
    }
    const top = this.view ? this.floorPose(this.view.tower.reading.top_floor) : null;
    if (!top) return;
    const dz = top[2] + 2 - this.controls.target.z;
    this.controls.target.z += dz;
    this.camera.position.z += dz;
    this.invalidate();
  }

  zoom(factor: number): void {
    const t = this.controls.target;
    const d = this.camera.position.clone().sub(t).multiplyScalar(factor);
    if (d.length() > 8 && d.length() < 250) this.camera.position.copy(t).add(d);
    this.invalidate();
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
    const targets = [...this.pieces.values()].filter((o) => (o.userData.kind === "floor" || o.userData.kind === "cat") && !this.cut.has(o.name));
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
    for (const hit of this.ray.intersectObjects([...this.pieces.values()].filter((o) => !this.cut.has(o.name)), true)) {
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
    this.invalidate();
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
    this.invalidate();
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
    this.invalidate();
    return this.ghostObj;
  }

  // -- the goal floor, the cut-away, marks on pieces -----------------------------------------------------------
  /** The floor directly above Toto, where goals are judged (the cooperative game), or "" (none yet). */
  goalFloorOf(view: TowerView): string {
    if (view.mode !== "coop" || !view.toto) return "";
    const levels = view.tower.reading.floor_levels;
    return Object.keys(levels).find((f) => levels[f] === view.toto_level + 1) ?? "";
  }

  get goalFloor(): string {
    return this.goalId;
  }

  /** An outline round the goal floor, drawn over everything (it shows where the floor is when others hide it). */
  private markGoalFloor(view: TowerView): void {
    const id = this.goalFloorOf(view);
    const floor = id ? this.pieces.get(id) : undefined;
    if (this.goalMark && (!floor || this.goalMark.parent !== floor)) {
      this.goalMark.parent?.remove(this.goalMark);
      this.goalMark = null;
    }
    this.goalId = floor ? id : "";
    if (floor && !this.goalMark) {
      const [w, d, t] = SIZE.floor;
      const edges = new THREE.EdgesGeometry(new THREE.BoxGeometry(w + 0.3, d + 0.3, t + 0.3));
      this.goalMark = new THREE.LineSegments(edges, new THREE.LineBasicMaterial({ color: GOAL_COLOUR, depthTest: false, transparent: true }));
      this.goalMark.name = "goal-floor";
      this.goalMark.renderOrder = 9;
      // the colour doubled with a word: "★ goal floor" at its corner, over everything too
      const tag = label(this.goalTag, 0, { scale: 0.75 });
      tag.position.set(w / 2 - 1, -d / 2 - 0.6, 0.6);
      tag.name = "goal-tag";
      this.goalMark.add(tag);
      floor.add(this.goalMark);
    }
    this.applyCut();
  }

  /** Cut away what stands above the goal floor (the floors above it and what stands on them): faint, and
   * never in the pointer's way, so that a Feline Friend can be aimed at the goal floor from any side. */
  setCutAway(on: boolean): boolean {
    this.cutting = on;
    this.applyCut();
    return on;
  }

  get isCutAway(): boolean {
    return this.cutting;
  }

  /** The pieces above the goal floor (nothing when there is no goal floor). */
  aboveGoal(): string[] {
    const view = this.view;
    if (!view || !this.goalId) return [];
    const r = view.tower.reading;
    const goal = r.floor_levels[this.goalId] ?? 0;
    const above = new Set(Object.keys(r.floor_levels).filter((f) => (r.floor_levels[f] ?? 0) > goal));
    for (const [id, on] of Object.entries(r.support)) if (on && above.has(on)) above.add(id);
    // walls standing on the goal floor hold the floor above: they stay; floors the reading does not level
    // (resting on nothing standing) above the goal floor's height go too
    const z = this.pieces.get(this.goalId)?.position.z ?? 0;
    for (const [id, obj] of this.pieces) if (obj.userData.kind === "floor" && !(id in r.floor_levels) && obj.position.z > z + 1) above.add(id);
    return [...above];
  }

  private applyCut(): void {
    const now = new Set(this.cutting ? this.aboveGoal() : []);
    for (const id of new Set([...this.cut, ...now])) {
      const obj = this.pieces.get(id);
      if (obj) faint(obj, now.has(id));
    }
    this.cut = now;
    this.element.dataset.cut = String(now.size);
    this.invalidate();
  }

  /** Where a piece was last seen in the settle played (or the replay step's rests), if it moved there. */
  lastPose(id: string): Pose | null {
    return this.lastSeen.get(id)?.pose ?? null;
  }

  /** Mark a piece for a few seconds: `fell` a red copy of it where it came to rest with a red ring (it
   * fell, it is gone from the tower), `here` an outline round it where it stands (put back, Toto climbed). */
  mark(id: string, how: "fell" | "here", facts?: PieceFacts): boolean {
    let obj: THREE.Object3D;
    if (how === "fell") {
      const seen = this.lastSeen.get(id);
      if (!seen) return false;
      const copy = pieceObject(id, facts ?? seen.facts, true);
      copy.traverse((o) => {
        const m = (o as THREE.Mesh).material as THREE.MeshStandardMaterial | undefined;
        if (m && "color" in m) m.color.set(FELL_COLOUR);
      });
      setPose(copy, seen.pose);
      copy.userData = { mark: "fell", of: id };
      const ring = new THREE.Mesh(new THREE.RingGeometry(1.6, 2.1, 32), new THREE.MeshBasicMaterial({ color: FELL_COLOUR, side: THREE.DoubleSide, depthTest: false, transparent: true }));
      ring.position.set(seen.pose[0], seen.pose[1], Math.max(0.05, seen.pose[2] - 0.8));
      ring.renderOrder = 9;
      const group = new THREE.Group();
      group.add(copy, ring);
      group.name = `fell-${id}`;
      obj = group;
    } else {
      const piece = this.pieces.get(id);
      if (!piece) return false;
      const box = new THREE.BoxHelper(piece, HERE_COLOUR);
      (box.material as THREE.LineBasicMaterial).depthTest = false;
      box.renderOrder = 9;
      box.name = `here-${id}`;
      obj = box;
    }
    obj.userData.mark = how;
    obj.userData.of = id;
    this.marks.add(obj);
    this.invalidate();
    setTimeout(() => {
      this.marks.remove(obj);
      this.invalidate();
    }, MARK_MS);
    return true;
  }

  /** The marks shown now: [how, piece]. */
  marksNow(): [string, string][] {
    return this.marks.children.map((o) => [String(o.userData.mark), String(o.userData.of)]);
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

/** A piece made faint (cut away) or whole again: its own materials, cloned once. */
function faint(obj: THREE.Object3D, on: boolean): void {
  obj.traverse((o) => {
    const mesh = o as THREE.Mesh;
    if (!mesh.isMesh) return;
    if (!mesh.userData.ownMaterial) {
      mesh.material = Array.isArray(mesh.material) ? mesh.material.map((m) => m.clone()) : mesh.material.clone();
      mesh.userData.ownMaterial = true;
    }
    for (const m of Array.isArray(mesh.material) ? mesh.material : [mesh.material]) {
      m.transparent = on;
      m.opacity = on ? 0.12 : 1;
      m.depthWrite = !on;
    }
    mesh.castShadow = !on;
  });
  obj.userData.cut = on;
}

export function setPose(obj: THREE.Object3D, pose: Pose | number[]): void {
  obj.position.set(pose[0]!, pose[1]!, pose[2]!);
  obj.quaternion.set(pose[4]!, pose[5]!, pose[6]!, pose[3]!);
}
