// Cat and the Tower at the browser table: the server's world in 3D (tower-scene.ts), the face-up Action
// cards, the goals (one's own hidden ones too), Toto's or Neko's climb and the stock as HTML beside it;
// cards, goals, skip and moves by clicking; the piece in hand placed with the pointer (tower-place.ts), a
// Feline Friend petted with a press and a drag on it (tower-pet.ts); each placement's settle animated from
// the frames the server streams before the new state; a replay's step tweened between its recorded poses.
// What the rules tell (the view's events) is told once the scene has drawn it: in the box beside the scene,
// in notes over it, the pieces it names marked; the walls fallen so far and the count of five over it.
// Every sentence is in tower-text.ts, in the reader's language; the pieces go by the edition's names.

import "./tower.css";
import * as THREE from "three";
import { h } from "../dom";
import { sentence, type Action, type GameResult, type LogLine, type Message } from "../protocol";
import { petAction, pettable, pushOf, touchAt, touchPoint, type PetAim } from "./tower-pet";
import { actionOf, aimOfAction, clampTile, drawGhost, follow, freshAim, letGoPose, placing, type Aim } from "./tower-place";
import { TowerScene } from "./tower-scene";
import { colourWord, floorOf, friendOf, namesOf, TT, wallName, wallOf, type EditionNames, type EventSeats } from "./tower-text";
import { factsOf, type GoalCard, type PieceFacts, type Pose, type SettleMessage, type TowerView } from "./tower-types";
import { yourLine } from "../text";
import { fresh, play } from "../motion";
import type { TableContext, TableModule } from "./types";

const here: {
  scene: TowerScene | null;
  ctx: TableContext | null;
  view: TowerView | null;
  aim: Aim | null;
  pet: PetAim | null;
  stamp: string;
  sentAt: number;
  replayAt: { table: string; at: number } | null;
  /** The events told so far (those of the view the scene last drew), how many of them came with it, and
   * whether a view's new events are to be told (live, or a replay's step forward; not a jump). */
  told: { table: string; events: Message[]; fresh: number } | null;
  tell: boolean;
  /** The hint the aim or the pet was last set to (applyHint). */
  hintApplied: string;
} = {
  scene: null,
  ctx: null,
  view: null,
  aim: null,
  pet: null,
  stamp: "",
  sentAt: 0,
  replayAt: null,
  told: null,
  tell: true,
  hintApplied: "",
};

const names = (): EditionNames => namesOf(here.view?.edition);

/** Whether the hint (the server's suggestion) is this action: the same fields, whatever their order. */
function hinted(ctx: TableContext, a: Action): boolean {
  const hint = ctx.hint;
  if (!hint) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(hint).length && keys.every((k) => JSON.stringify(hint[k]) === JSON.stringify(a[k]));
}

const hintClass = (ctx: TableContext, a: Action): string => (hinted(ctx, a) ? " hinted" : "");

/** A hinted placement or pet presets the aim (or the pet's numbers) to it, once per hint: the person then
 * only has to press Place (or Pet), or may aim elsewhere. */
function applyHint(ctx: TableContext, view: TowerView): void {
  const hint = ctx.hint;
  const key = hint ? JSON.stringify(hint) : "";
  if (!hint || key === here.hintApplied) return;
  const aim = here.aim;
  if (aim && hint.kind === aim.kind) {
    const family = hint.kind === "wall" ? String(hint.type) : hint.kind === "cat" ? String(hint.colour) : "";
    const fresh = family !== aim.family ? freshAim(aim.kind, family, view, ctx.legal) : aim;
    Object.assign(fresh, { x: Number(hint.x ?? 0), y: Number(hint.y ?? 0), yaw: Number(hint.yaw ?? 0), aimed: true, pinned: true });
    if (hint.kind === "wall") fresh.fold = Number(hint.fold ?? 90);
    if (hint.kind === "cat") Object.assign(fresh, { floor: `F${Number(hint.floor ?? 1)}`, on: String(hint.on ?? "") });
    here.aim = fresh;
    here.hintApplied = key;
  } else if (hint.kind === "pet" && here.pet) {
    Object.assign(here.pet, { angle: Number(hint.angle ?? 0), height: Number(hint.height ?? 1), push: Number(hint.push ?? 6) });
    here.hintApplied = key;
  }
}

const TURN_STEP = 15;
const FOLD_STEP = 5;
/** How far an arrow key moves the ghost on its floor (in the floor's units; Shift: four times). */
const KEY_STEP = 0.5;

function scene(): TowerScene {
  if (here.scene) return here.scene;
  const s = new TowerScene();
  here.scene = s;
  const canvas = s.renderer.domElement;
  let down: { x: number; y: number } | null = null;
  s.nameOf = (id, facts) => pieceName(id, facts);
  s.goalTag = TT.goalTag;
  s.onShow = (view) => told(s, view);
  s.onCount = (n) => countNote(s, n);
  canvas.addEventListener("pointermove", (e) => {
    const { aim, view } = here;
    if (aim && view && !aim.pinned && follow(s, aim, view, e)) {
      drawGhost(s, aim, view);
      refreshControls();
    }
    if (!aim && e.pointerType === "mouse" && e.buttons === 0) {
      const id = s.pieceAt(e); // the piece under the mouse, by the edition's name
      canvas.title = id ? pieceName(id, here.view?.tower.pieces[id] ?? factsOf(id)) : "";
    }
  });
  petGesture(s);
  canvas.addEventListener("pointerdown", (e) => (down = { x: e.clientX, y: e.clientY }));
  canvas.addEventListener("pointerup", (e) => {
    const { aim, view } = here;
    if (!down || !aim || !view) return;
    const still = Math.hypot(e.clientX - down.x, e.clientY - down.y) < 6;
    down = null;
    if (!still) return;
    if (!aim.pinned) {
      if (follow(s, aim, view, e)) {
        aim.pinned = true;
        drawGhost(s, aim, view);
        refreshControls();
      }
    } else letGo();
  });
  canvas.addEventListener(
    "wheel",
    (e) => {
      const aim = here.aim;
      if (!aim || aim.kind !== "wall") return;
      e.preventDefault();
      setFold(aim.fold + (e.deltaY < 0 ? FOLD_STEP : -FOLD_STEP));
    },
    { passive: false },
  );
  // the keyboard aims too: the scene takes focus; the arrow keys move the ghost on its floor (Shift: further),
  // Q/E turn it, Enter places it (from the scene or the page, not from a button or a field), Escape frees it
  canvas.tabIndex = 0;
  canvas.setAttribute("role", "application");
  canvas.setAttribute("aria-label", TT.sceneLabel);
  window.addEventListener("keydown", (e) => {
    const aim = here.aim;
    const tag = (e.target as HTMLElement | null)?.tagName ?? "";
    if (!aim || ["INPUT", "SELECT", "TEXTAREA"].includes(tag)) return;
    const step = e.shiftKey ? 5 : TURN_STEP;
    const arrows: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };
    const move = arrows[e.key];
    // the arrows move the piece from the scene or the placing box; elsewhere they scroll the page as ever
    const aiming = e.target === canvas || !!(e.target as Element | null)?.closest?.(".tower-aim");
    if (move && here.view && aiming) {
      e.preventDefault();
      const by = e.shiftKey ? KEY_STEP * 4 : KEY_STEP;
      if (!aim.aimed) Object.assign(aim, { aimed: true, pinned: true }); // the first legal spot, from freshAim
      else Object.assign(aim, { x: clampTile(aim.x + move[0] * by), y: clampTile(aim.y + move[1] * by), pinned: true });
      drawGhost(s, aim, here.view);
      refreshControls();
    } else if (e.key === "q" || e.key === "Q") turn(step);
    else if (e.key === "e" || e.key === "E") turn(-step);
    else if (e.key === "Escape") ((aim.pinned = false), refreshControls());
    else if (e.key === "Enter" && aim.aimed && !["BUTTON", "A", "SUMMARY"].includes(tag)) letGo();
  });
  document.addEventListener("cattable-settle", (e) => {
    const msg = (e as CustomEvent<SettleMessage>).detail;
    if (here.ctx && msg.table === here.ctx.table) s.animate(msg);
  });
  return s;
}

/** The pet gesture: a press on the cat to pet (captured before the orbit controls see it), a drag whose
 * length is the push, shown by an arrow in the scene and the numbers beside it; letting go sends the Pet
 * action, Escape or a cancelled pointer (a touch taken over by the browser) sends nothing. */
function petGesture(s: TowerScene): void {
  let press: { id: number; x: number; y: number; point: THREE.Vector3; pose: Pose } | null = null;
  const stop = (): void => {
    window.removeEventListener("pointermove", onMove);
    window.removeEventListener("pointerup", onUp);
    window.removeEventListener("pointercancel", onCancel);
    window.removeEventListener("keydown", onKey);
    press = null;
    drawDrag(s, null, null);
    drawPetMarker();
    refreshPet();
  };
  const onMove = (e: PointerEvent): void => {
    if (!press || e.pointerId !== press.id || !here.pet) return;
    here.pet.push = pushOf(Math.hypot(e.clientX - press.x, e.clientY - press.y));
    s.petMarker(press.point, new THREE.Vector3(press.pose[0], press.pose[1], press.point.z), here.pet.push);
    drawDrag(s, press, e);
    refreshPet();
  };
  const onUp = (e: PointerEvent): void => {
    if (!press || e.pointerId !== press.id) return;
    stop();
    sendPet();
  };
  const onCancel = (e: PointerEvent): void => {
    if (press && e.pointerId === press.id) stop();
  };
  const onKey = (e: KeyboardEvent): void => {
    if (e.key === "Escape") stop();
  };
  s.element.addEventListener(
    "pointerdown",
    (e) => {
      const { ctx, view } = here;
      const cat = ctx && view ? pettable(ctx.legal, view.last_cat) : null;
      const pose = cat ? view!.tower.poses[cat] : undefined;
      if (!cat || !pose || !e.isPrimary || s.animating) return;
      const point = s.hitPiece(e, cat);
      if (!point) return; // not on the cat: the orbit controls have the press
      e.stopPropagation();
      e.preventDefault();
      here.pet = { cat, ...touchAt(pose, point), push: pushOf(0) };
      press = { id: e.pointerId, x: e.clientX, y: e.clientY, point, pose };
      s.petMarker(point, new THREE.Vector3(pose[0], pose[1], point.z), here.pet.push);
      drawDrag(s, press, e);
      refreshPet();
      window.addEventListener("pointermove", onMove);
      window.addEventListener("pointerup", onUp);
      window.addEventListener("pointercancel", onCancel);
      window.addEventListener("keydown", onKey);
    },
    { capture: true },
  );
}

/** The drag drawn over the scene while a pet is given: a line from the press to the pointer, thicker and
 * redder the harder, and how hard in words beside the pointer (none: take it away). */
function drawDrag(s: TowerScene, press: { x: number; y: number } | null, at: { clientX: number; clientY: number } | null): void {
  let layer = s.element.querySelector<HTMLElement>(".pet-drag");
  if (!press || !at || !here.pet) {
    layer?.remove();
    return;
  }
  if (!layer) {
    layer = h("div", { class: "pet-drag", "aria-hidden": "true" }, h("div", { class: "pet-line" }), h("div", { class: "pet-dot" }), h("span", { class: "pet-feel" }));
    s.element.append(layer);
  }
  const box = s.element.getBoundingClientRect();
  const [x0, y0, x1, y1] = [press.x - box.left, press.y - box.top, at.clientX - box.left, at.clientY - box.top];
  const hard = Math.min(1, here.pet.push / 20);
  const colour = `hsl(${Math.round(120 * (1 - hard))}, 80%, 42%)`;
  const line = layer.querySelector<HTMLElement>(".pet-line")!;
  Object.assign(line.style, {
    left: `${x0}px`,
    top: `${y0}px`,
    width: `${Math.hypot(x1 - x0, y1 - y0)}px`,
    height: `${3 + hard * 7}px`,
    background: colour,
    transform: `translateY(-50%) rotate(${Math.atan2(y1 - y0, x1 - x0)}rad)`,
  });
  Object.assign(layer.querySelector<HTMLElement>(".pet-dot")!.style, { left: `${x0}px`, top: `${y0}px`, borderColor: colour });
  const feel = layer.querySelector<HTMLElement>(".pet-feel")!;
  feel.textContent = TT.petDrag(here.pet.push);
  Object.assign(feel.style, { left: `${x1 + 12}px`, top: `${y1 + 8}px`, borderColor: colour });
}

function sendPet(): void {
  const { ctx, pet } = here;
  if (!ctx || !pet || !ctx.legal.some((a) => a.kind === "pet")) return;
  here.sentAt = performance.now();
  (window as unknown as { cattableTowerSent: number }).cattableTowerSent = here.sentAt;
  here.scene?.petMarker(null);
  ctx.act(petAction(pet));
}

/** The arrow of the pet set with the sliders (the keyboard's way), where the server would touch. */
function drawPetMarker(): void {
  const { scene: s, pet, view } = here;
  const pose = pet && view ? view.tower.poses[pet.cat] : undefined;
  if (!s) return;
  if (!pet || !pose) {
    s.petMarker(null);
    return;
  }
  const [x, y, z] = touchPoint(pose, pet);
  s.petMarker(new THREE.Vector3(x, y, z), new THREE.Vector3(pose[0], pose[1], z), pet.push);
}

/** The pet's numbers beside the canvas, kept in step without redrawing the page. */
function refreshPet(): void {
  const pet = here.pet;
  const box = document.querySelector<HTMLElement>(".tower-pet");
  if (!pet || !box) return;
  const out = box.querySelector<HTMLElement>(".pet-numbers");
  if (out) out.textContent = TT.petNumbers(pet.angle, pet.height, pet.push);
  for (const key of ["angle", "height", "push"] as const) {
    const input = box.querySelector<HTMLInputElement>(`input.${key}`);
    if (input && document.activeElement !== input) input.value = String(pet[key]);
  }
  box.dataset.push = String(pet.push);
}

function turn(degrees: number): void {
  const { aim, view, scene: s } = here;
  if (!aim || !view || !s) return;
  aim.yaw += degrees;
  drawGhost(s, aim, view);
  refreshControls();
}

function setFold(fold: number): void {
  const { aim, view, scene: s } = here;
  if (!aim || !view || !s) return;
  aim.fold = Math.max(30, Math.min(180, Math.round(fold)));
  drawGhost(s, aim, view);
  refreshControls();
}

function letGo(): void {
  const { aim, ctx } = here;
  if (!aim || !ctx || !aim.aimed) return;
  aim.aimed = false; // let go: the ghost goes, the settle shows where the piece lands
  aim.pinned = false;
  if (here.scene) here.scene.ghost(null);
  here.sentAt = performance.now();
  (window as unknown as { cattableTowerSent: number }).cattableTowerSent = here.sentAt;
  ctx.act(actionOf(aim, ctx.legal));
}

/** The aim's numbers beside the canvas, kept in step without redrawing the page. */
function refreshControls(): void {
  const aim = here.aim;
  const box = document.querySelector<HTMLElement>(".tower-aim");
  if (!aim || !box || !here.ctx) return;
  const a = actionOf(aim, here.ctx.legal);
  const out = box.querySelector<HTMLElement>(".aim-numbers");
  if (out) out.textContent = aimText(a, aim);
  const slider = box.querySelector<HTMLInputElement>("input.fold");
  if (slider) slider.value = String(aim.fold);
  box.dataset.pinned = String(aim.pinned);
}

function aimText(a: Action, aim: Aim): string {
  const numbers = TT.aimNumbers(a.kind, {
    floor: Number(a.floor),
    on: aim.on,
    x: Number(a.x),
    y: Number(a.y),
    yaw: Number(a.yaw),
    fold: Number(a.fold),
  });
  return !aim.aimed ? TT.aimNotYet(numbers) : aim.pinned ? TT.aimHeld(numbers) : numbers;
}

/** A piece's name as the table's edition says it (the Toto piece is Neko in French). */
function pieceName(id: string, facts: PieceFacts, n: EditionNames = names()): string {
  if (facts.kind === "wall") return wallOf(n, facts.type ?? "bricks");
  if (facts.kind === "cat") return friendOf(n, facts.colour ?? "any");
  if (facts.kind === "floor") return floorOf(id.slice(1));
  if (facts.kind === "toto") return here.view?.toto_name ?? n.toto;
  return TT.blackCat(colourWord(facts.colour ?? ""));
}

function sideName(sides: string[], i: number): string {
  return sides.length === 1 ? "" : i === 0 ? "left" : "right";
}

/** An Action card just taken lifts out of the face-up row and settles there, marked as the one being played
 * (the cards stay in their row until played: no hand to glide to). Once per choice, none under reduced
 * motion, never on a page opened mid-turn (motion.ts's fresh). */
function takenCard(root: HTMLElement, table: string, view: TowerView): void {
  const taken = fresh(table, "tower-card", view.card ? [`${view.turn}/${view.card}`] : []);
  const card = root.querySelector(".tower-card.chosen");
  if (!taken.size || !card) return;
  play(
    card,
    [
      { transform: "translateY(0) scale(1)", offset: 0 },
      { transform: "translateY(-10px) scale(1.05)", boxShadow: "0 6px 12px rgba(0, 0, 0, 0.25)", offset: 0.45 },
      { transform: "translateY(0) scale(1)", offset: 1 },
    ],
    { duration: 320, easing: "ease-out" },
  );
}

function cardsBox(ctx: TableContext, view: TowerView): HTMLElement {
  return h(
    "section",
    { class: "tower-cards", "aria-label": TT.cardsLabel },
    h("h3", {}, TT.actionHeading(view.action_deck)),
    view.action_faceup.map((card, i) =>
      h(
        "div",
        { class: `tower-card${view.card === card.id ? " chosen" : ""}`, "data-card": card.id },
        h("span", { class: "card-id" }, card.id),
        card.sides.map((side, k) => {
          const act = { kind: "choose", card: i + 1, side: sideName(card.sides, k) };
          const legal = ctx.legal.some((a) => a.kind === "choose" && a.card === act.card && a.side === act.side);
          return legal
            ? h("button", { type: "button", class: `legal choose${hintClass(ctx, act)}`, "data-side": side, onclick: () => ctx.act(act) }, TT.sideText(side, names()))
            : h("span", { class: "side", "data-side": side }, TT.sideText(side, names()));
        }),
      ),
    ),
  );
}

function goalItem(g: GoalCard, i: number, ctx: TableContext, who: string): HTMLElement {
  const moves = ctx.legal.filter((a) => a.kind === "goal" && a.card === i + 1);
  return h(
    "li",
    { class: "tower-goal", "data-goal": g.id },
    h("span", {}, TT.goalItem(TT.goalText(g, names()), g.floors)),
    moves.map((a) => h("button", { type: "button", class: `legal goal${hintClass(ctx, a)}`, onclick: () => ctx.act(a) }, TT.climbButton(who, Number(a.floors)))),
  );
}

function goalsBox(ctx: TableContext, view: TowerView): HTMLElement {
  const who = view.mode === "coop" ? view.toto_name : TT.myBlackCat;
  const mine = view.mode === "coop" ? (view.goal_faceup ?? []) : ctx.seat !== null ? view.hands?.[ctx.seat] : [];
  const others =
    view.mode === "competitive" && view.hands
      ? view.hands.map((hand, s) => (typeof hand === "number" ? h("li", {}, TT.hiddenGoals(ctx.names[s] ?? String(s), hand)) : null))
      : [];
  return h(
    "section",
    { class: "tower-goals", "aria-label": TT.goalsLabel },
    h("h3", {}, TT.goalsHeading(view.mode === "coop")),
    h("ol", {}, Array.isArray(mine) ? mine.map((g, i) => goalItem(g, i, ctx, who)) : null, others),
    ctx.legal
      .filter((a) => a.kind === "refresh")
      .map((a) => h("button", { type: "button", class: `legal${hintClass(ctx, a)}`, onclick: () => ctx.act(a) }, TT.refresh(Number(a.card)))),
  );
}

function aimBox(ctx: TableContext, view: TowerView): HTMLElement | null {
  const what = placing(ctx.legal);
  const aim = here.aim;
  if (!what || !aim) return null;
  const family =
    what.families.length > 1
      ? h(
          "select",
          {
            class: "family",
            "aria-label": what.kind === "wall" ? TT.wallTypeLabel : TT.colourLabel,
            onchange: (e: Event) => {
              here.aim = freshAim(what.kind, (e.target as HTMLSelectElement).value, view, ctx.legal);
              ctx.redraw();
            },
          },
          what.families.map((f) => h("option", { value: f, selected: f === aim.family }, what.kind === "wall" ? wallName(names(), f) : colourWord(f))),
        )
      : null;
  const noun = nounOf(what.kind, aim.family, view);
  return h(
    "section",
    { class: "tower-aim", "aria-label": TT.placingLabel, "data-kind": what.kind, "data-pinned": String(aim.pinned) },
    h("h3", {}, what.kind === "toto" ? TT.placeToto(view.toto_name) : TT.placeHeading(noun)),
    h("p", { class: "help" }, what.kind === "cat" ? TT.helpCat : what.kind === "toto" ? TT.helpToto(aim.floor.slice(1)) : TT.helpPiece, " ", TT.keysHelp),
    family,
    h(
      "div",
      { class: "aim-buttons" },
      h("button", { type: "button", class: "turn-left", onclick: () => turn(TURN_STEP), title: TT.turnLeft }, "⟲"),
      h("button", { type: "button", class: "turn-right", onclick: () => turn(-TURN_STEP), title: TT.turnRight }, "⟳"),
      what.kind === "wall"
        ? h("label", { class: "fold-label" }, `${TT.fold} `, h("input", { type: "range", class: "fold", min: 30, max: 180, step: 1, value: aim.fold, oninput: (e: Event) => setFold(Number((e.target as HTMLInputElement).value)) }))
        : null,
      h("button", { type: "button", class: `primary place${ctx.hint && ctx.hint.kind === aim.kind && here.hintApplied ? " hinted" : ""}`, onclick: letGo }, TT.place),
    ),
    h("p", { class: "aim-numbers", "aria-live": "polite" }, aimText(actionOf(aim, ctx.legal), aim)),
  );
}

/** What a placement is called in the prompt and the heading: the edition's names. */
function nounOf(kind: string, family: string, view: TowerView): string {
  const n = namesOf(view.edition);
  if (kind === "floor") return floorOf((view.stock.floors[0] ?? "").slice(1));
  return kind === "wall" ? wallOf(n, family) : friendOf(n, family);
}

/** The pet: by a gesture on the cat in the scene, or by these numbers and the Pet button (the keyboard's way). */
function petBox(ctx: TableContext, view: TowerView): HTMLElement | null {
  const cat = pettable(ctx.legal, view.last_cat);
  if (!cat) {
    here.pet = null;
    return null;
  }
  if (here.pet?.cat !== cat) {
    const first = ctx.legal.find((a) => a.kind === "pet");
    here.pet = { cat, angle: Number(first?.angle ?? 0), height: Number(first?.height ?? 1), push: Number(first?.push ?? 6) };
  }
  applyHint(ctx, view); // a hinted pet's numbers, once the pet's box has them
  const pet = here.pet;
  const slider = (key: "angle" | "height" | "push", text: string, min: number, max: number, step: number): HTMLElement =>
    h(
      "label",
      { class: "pet-field" },
      `${text} `,
      h("input", {
        type: "range",
        class: key,
        min,
        max,
        step,
        value: pet[key],
        oninput: (e: Event) => {
          if (here.pet) here.pet[key] = Number((e.target as HTMLInputElement).value);
          drawPetMarker();
          refreshPet();
        },
      }),
    );
  const name = pieceName(cat, view.tower.pieces[cat] ?? factsOf(cat));
  return h(
    "section",
    { class: "tower-pet", "aria-label": TT.petLabel, "data-push": String(pet.push) },
    h("h3", {}, TT.petHeading(name)),
    h("p", { class: "help" }, TT.petHelp),
    slider("angle", TT.petAngle, -180, 180, 5),
    slider("height", TT.petHeight, 0, 2, 0.1),
    slider("push", TT.petPush, 0.5, 20, 0.5),
    h("button", { type: "button", class: `primary pet${ctx.hint?.kind === "pet" ? " hinted" : ""}`, onclick: sendPet }, TT.petButton),
    h("p", { class: "pet-numbers", "aria-live": "polite" }, TT.petNumbers(pet.angle, pet.height, pet.push)),
  );
}

function otherMoves(ctx: TableContext): HTMLElement | null {
  // Toto's spots too: the player places him where a goal sends him, or back after a fall (toto=player)
  const rest = ctx.legal.filter((a) => a.kind === "move" || a.kind === "skip" || a.kind === "toto");
  if (!rest.length) return null;
  return h(
    "section",
    { class: "tower-moves", "aria-label": TT.movesLabel },
    // not the class "skip": style.css keeps that for the skip link, off the page until focused
    rest.map((a) => h("button", { type: "button", class: `legal ${a.kind === "skip" ? "pass" : a.kind}${hintClass(ctx, a)}`, onclick: () => ctx.act(a) }, describe(a))),
  );
}

/** Once the game is over, at the top of the tower's panel: who won and why, in the edition's names. */
function endBox(ctx: TableContext, view: TowerView): HTMLElement | null {
  if (!ctx.over || !view.outcome) return null;
  const who =
    view.mode === "coop"
      ? view.outcome === "victory"
        ? TT.everyoneWon(ctx.names)
        : TT.nobodyWon
      : null;
  return h("section", { class: "tower-end", role: "status" }, h("h3", {}, TT.endHeading), who ? h("p", { class: "who" }, who) : null, endWords(view.outcome, view));
}

function endWords(outcome: string, view: TowerView | null): HTMLElement {
  const n = names();
  const last = view?.events.length ? TT.event(view.events[view.events.length - 1]!, n, eventSeats()) : "";
  const levels = view?.tower.reading.floor_levels ?? {};
  return h(
    "div",
    { class: "tower-ending" },
    h("p", { class: "ending", "data-outcome": outcome }, TT.ending(outcome, n)),
    view ? h("p", {}, TT.endDetails(n, view.toto_level, Object.keys(levels).length, view.wall_debris.length, view.turn)) : null,
    last ? h("p", { class: "last-event" }, TT.lastEvent(last)) : null,
  );
}

/** The end, under the frame's "who won": how the game ended (the rules' outcome) and the climb's figures;
 * the competitive game keeps the frame's table of each Black Cat's best floor. */
function breakdown(result: GameResult): HTMLElement | null {
  const d = result.details;
  if (result.team_win === null || typeof d.outcome !== "string") return null;
  return endWords(d.outcome, here.view);
}

function climbBox(ctx: TableContext, view: TowerView): HTMLElement {
  const n = names();
  const levels = view.tower.reading.floor_levels;
  const top = view.tower.reading.top_floor;
  const lines =
    view.mode === "coop"
      ? [h("p", { class: "toto" }, TT.totoLine(view.toto_name, view.toto_level, view.target, view.goal_floor))]
      : view.black.map((f, s) => h("p", {}, TT.blackLine(ctx.names[s] ?? String(s), f ? (levels[f] ?? null) : null)));
  const walls = Object.entries(view.stock.walls).map(([t, k]) => `${wallName(n, t)} ${k}`).join(", ");
  const cats = Object.entries(view.stock.cats).map(([c, k]) => `${colourWord(c)} ${k}`).join(", ");
  return h(
    "section",
    { class: "tower-climb" },
    lines,
    h("p", {}, TT.topLine(top, levels[top] ?? 1, view.wall_debris.length)),
    h("p", { class: "stock" }, TT.stockLine(view.stock.floors.length, walls, cats)),
  );
}

/** The camera's tools, drawn afresh with every view: each button says what it does now (the top view's
 * button reads the scene's state, so a redraw after a turn never turns it round). */
function viewTools(s: TowerScene): HTMLElement {
  const toggle = (e: Event, on: boolean, words: [string, string]): void => {
    const b = e.currentTarget as HTMLElement;
    b.textContent = on ? words[1] : words[0];
    b.setAttribute("aria-pressed", String(on));
  };
  return h(
    "div",
    { class: "tower-view-tools" },
    h(
      "button",
      { type: "button", class: "top-view", "aria-pressed": String(s.isTopView), onclick: (e: Event) => toggle(e, s.toggleTopView(), [TT.topView, TT.view3d]) },
      s.isTopView ? TT.view3d : TT.topView,
    ),
    h("button", { type: "button", class: "zoom-in", onclick: () => s.zoom(0.8), "aria-label": TT.zoomIn }, "+"),
    h("button", { type: "button", class: "zoom-out", onclick: () => s.zoom(1.25), "aria-label": TT.zoomOut }, "−"),
    h("button", { type: "button", class: "look-top", onclick: () => s.focusTop() }, TT.lookTop),
    s.aboveGoal().length
      ? h(
          "button",
          { type: "button", class: "cut-away", "aria-pressed": String(s.isCutAway), onclick: (e: Event) => toggle(e, s.setCutAway(!s.isCutAway), [TT.cutAway, TT.wholeTower]) },
          s.isCutAway ? TT.wholeTower : TT.cutAway,
        )
      : null,
    hudOf(s),
  );
}

const huds = new WeakMap<TowerScene, HTMLElement>();
/** The walls-fallen counter, one element kept across redraws: the last item of the camera's tool row, so
 * that when the buttons wrap (long words, a narrow screen) it wraps with them and is never hidden under them. */
function hudOf(s: TowerScene): HTMLElement {
  let hud = huds.get(s);
  if (!hud) {
    hud = h("div", { class: "tower-hud" });
    huds.set(s, hud);
  }
  return hud;
}

// -- what happened, as it happens ----------------------------------------------------------------------------
/** What the scene marks for an event (its msgid, games/tower/events.py): the pieces that fell (a red copy
 * where they came to rest), and those put back or stood back, or Toto after his climb (an outline). */
const FELL_MSGIDS = new Set([
  "{piece} fell while being placed: back to the hand (try {attempt})",
  "{piece} does not stand properly: back to the hand (try {attempt})",
  "{piece} fell while being placed and did not stand in {tries} tries: given up, back to the stock",
  "{piece} does not stand properly and did not stand in {tries} tries: given up, back to the stock",
  "{piece} falls: back to the stock",
  "{piece} falls: back outside the tower",
]);
const RETRY_MSGIDS = new Set([...FELL_MSGIDS].slice(0, 2));
const WALLS_MSGIDS = new Set([
  "{wall} falls ({where}): {count}",
  "{walls} and {last} fall ({where}): {count}",
  "{walls} and {more} more fall ({where}): {count}",
]);
const HERE_MSGIDS = new Set([
  "{piece} fell but still touches a floor: put back where it fell from",
  "{piece} falls: stood back on {floor}",
  "seat {seat} completes {goal}: {cat} climbs to floor {floor}",
]);

/** How many of `after`'s events are new since `before` (the view keeps the last dozen, oldest first). */
export function newEvents(before: Message[], after: Message[]): number {
  const same = (a: Message, b: Message): boolean => JSON.stringify(a) === JSON.stringify(b);
  for (let m = Math.min(before.length, after.length); m > 0; m--) {
    const tail = before.slice(before.length - m);
    if (tail.every((e, i) => same(e, after[i]!))) return after.length - m;
  }
  return after.length;
}

/** The pieces an event is about (ids; Toto's name for Toto), and how the scene marks them. */
function marksOf(e: Message, toto: string): [string, "fell" | "here"][] {
  const a = e.args as Record<string, unknown>;
  const id = (v: unknown): string => (v === toto ? "toto" : String(v));
  if (FELL_MSGIDS.has(e.msgid)) return [[id(a.piece), "fell"]];
  if (WALLS_MSGIDS.has(e.msgid)) {
    const walls = [...(Array.isArray(a.walls) ? a.walls : []), a.wall, a.last].filter((w) => typeof w === "string");
    return walls.map((w) => [String(w), "fell"]);
  }
  if (HERE_MSGIDS.has(e.msgid)) return [[id(a.piece ?? a.cat), "here"]];
  return [];
}

/** The seats an event may name (by name, or as "you" for this page's own seat), from the table drawn. */
const eventSeats = (): EventSeats | undefined => (here.ctx ? { names: here.ctx.names, me: here.ctx.seat } : undefined);

/** A view drawn by the scene (after the settle that led to it): its new events told in the box beside the
 * scene and in notes over it, the pieces they name marked for a few seconds, the fallen walls counted. */
function told(s: TowerScene, view: TowerView): void {
  const table = here.ctx?.table ?? "";
  const before = here.told?.table === table ? here.told.events : null;
  if (before && JSON.stringify(before) === JSON.stringify(view.events)) {
    drawHud(s, view); // the same view drawn again (a redraw): nothing new to tell
    return;
  }
  const fresh = before && here.tell ? newEvents(before, view.events) : 0;
  here.told = { table, events: view.events, fresh };
  const news = view.events.slice(view.events.length - fresh);
  for (const e of news) for (const [id, how] of marksOf(e, view.toto_name)) s.mark(id, how);
  drawEvents();
  drawHud(s, view);
  const n = names();
  const notes = s.element.querySelector<HTMLElement>(".tower-notes") ?? s.element.appendChild(h("div", { class: "tower-notes", role: "status", "aria-live": "polite" }));
  for (const e of news) {
    const kind = FELL_MSGIDS.has(e.msgid) || WALLS_MSGIDS.has(e.msgid) ? "fell" : HERE_MSGIDS.has(e.msgid) ? "here" : "said";
    const note = h("p", { class: `tower-note ${kind}` }, kind === "fell" ? "⚠ " : kind === "here" ? "↻ " : "", TT.event(e, n, eventSeats()));
    notes.append(note);
    setTimeout(() => note.remove(), NOTE_MS);
  }
  while (notes.children.length > 4) notes.firstElementChild?.remove();
}

const NOTE_MS = 6000;

/** The box of what happened beside the scene, newest first, those just told marked (drawn in place). */
function eventsBox(): HTMLElement {
  const list = here.told?.events ?? [];
  const fresh = here.told?.fresh ?? 0;
  const n = names();
  return h(
    "section",
    { class: "tower-events", "aria-label": TT.eventsHeading },
    h("h3", {}, TT.eventsHeading),
    h(
      "ol",
      { reversed: true, tabindex: 0 }, // it scrolls: reachable by keyboard
      list
        .map((e, i) => {
          const isNew = i >= list.length - fresh;
          const kind = FELL_MSGIDS.has(e.msgid) || WALLS_MSGIDS.has(e.msgid) ? "fell" : "said";
          return h("li", { class: `${kind}${isNew ? " new" : ""}`, "data-msgid": e.msgid }, TT.event(e, n, eventSeats()));
        })
        .reverse(),
    ),
  );
}

function drawEvents(): void {
  const box = document.querySelector<HTMLElement>(".tower-events");
  box?.replaceWith(eventsBox());
}

/** Over the scene: the walls fallen so far out of the five that bring the tower down (as drawn now). */
function drawHud(s: TowerScene, view: TowerView): void {
  const limit = 5;
  const n = view.wall_debris.length;
  const hud = hudOf(s);
  hud.dataset.walls = String(n);
  hud.replaceChildren(
    h("span", { class: "walls-fallen" }, TT.wallsFallen(n, limit)),
    h("span", { class: "pips", "aria-hidden": "true" }, Array.from({ length: limit }, (_, i) => h("span", { class: i < n ? "pip down" : "pip" }, i < n ? "✖" : "▮"))),
  );
}

/** The count of five over the scene while the settle holds the tower through it. */
function countNote(s: TowerScene, n: number | null): void {
  let box = s.element.querySelector<HTMLElement>(".tower-count");
  if (n === null) {
    box?.remove();
    return;
  }
  if (!box) {
    box = h("div", { class: "tower-count", role: "status" });
    s.element.append(box);
  }
  if (box.dataset.n !== String(n)) {
    box.dataset.n = String(n);
    box.textContent = TT.counting(n);
  }
}

function render(root: HTMLElement, ctx: TableContext): void {
  const view = ctx.view as TowerView;
  const s = scene();
  here.ctx = ctx;
  const grew = here.view?.tower.reading.top_floor !== view.tower.reading.top_floor;
  const before = here.view;
  here.view = view;
  // a replay tells a step forward's events; a jump (or the first step drawn) tells none as new
  here.tell = !ctx.replay || (here.replayAt?.table === ctx.table && ctx.replay.at === here.replayAt.at + 1);
  replayStep(s, ctx, before, view);
  s.show(view);
  if (grew) s.focusTop();
  const what = placing(ctx.legal);
  const stamp = `${ctx.table}/${view.turn}/${view.phase}/${view.placed.length}/${view.pending.length}/${ctx.legal.length}`;
  if (stamp !== here.stamp) {
    here.stamp = stamp;
    here.aim = what ? freshAim(what.kind, what.families[0] ?? "", view, ctx.legal) : null;
    here.hintApplied = "";
    s.controls.enableZoom = here.aim?.kind !== "wall";
  }
  applyHint(ctx, view);
  drawGhost(s, here.aim, view);
  if (!pettable(ctx.legal, view.last_cat)) here.pet = null;
  if (here.pet) drawPetMarker();
  else s.petMarker(null);
  root.append(
    h(
      "div",
      { class: "tower-table" },
      h("div", { class: "tower-stage" }, s.element, viewTools(s)),
      h("div", { class: "tower-side" }, endBox(ctx, view), aimBox(ctx, view), petBox(ctx, view), otherMoves(ctx), eventsBox(), cardsBox(ctx, view), goalsBox(ctx, view), climbBox(ctx, view)),
    ),
  );
  takenCard(root, ctx.table, view);
  // for the browser tests and the figures: the scene, the aim, the view and the legal actions drawn
  (window as unknown as { cattableTower: unknown }).cattableTower = {
    scene: s,
    aim: () => here.aim,
    pet: () => here.pet,
    view: () => here.view,
    legal: () => here.ctx?.legal ?? [],
  };
}

/** In a replay, one step forward is tweened from the poses before, through where the move's piece was let go
 * (the ghost's pose of its action: it comes down to it as on the live table), through the poses at rest after
 * each physical event of the move (the record's, pieces that fell included), to the view after; any other
 * jump is drawn at once. */
function replayStep(s: TowerScene, ctx: TableContext, before: TowerView | null, view: TowerView): void {
  const r = ctx.replay;
  const last = here.replayAt;
  here.replayAt = r ? { table: ctx.table, at: r.at } : null;
  if (!r || !before || !last || last.table !== ctx.table || r.at !== last.at + 1 || !r.rests.length) return; // nothing moved: nothing to tween
  const pieces: Record<string, PieceFacts> = { ...before.tower.pieces };
  for (const rest of r.rests) Object.assign(pieces, rest.pieces as Record<string, PieceFacts>);
  Object.assign(pieces, view.tower.pieces);
  const rests = r.rests.map((rest) => rest.poses as Record<string, Pose>);
  const fresh = Object.keys(rests[0] ?? {}).filter((id) => !(id in before.tower.poses));
  const aim = r.move ? aimOfAction(r.move, before) : null;
  const letGo = aim && fresh.length === 1 ? letGoPose(s, aim, before) : null;
  const keys = [before.tower.poses, ...(letGo ? [{ ...before.tower.poses, [fresh[0]!]: letGo }] : []), ...rests, view.tower.poses];
  s.tween(keys, pieces);
}

function describe(a: Action): string {
  const n = names();
  switch (a.kind) {
    case "choose":
      return TT.chooseCard(Number(a.card), String(a.side ?? ""));
    case "wall":
      return TT.wallMove(wallOf(n, String(a.type)), Number(a.x), Number(a.y), Number(a.yaw), Number(a.fold));
    case "floor":
      return TT.floorMove(Number(a.x), Number(a.y), Number(a.yaw));
    case "cat":
      return TT.catMove(friendOf(n, String(a.colour)), Number(a.floor), String(a.on ?? ""));
    case "pet":
      return TT.petMove(Number(a.angle), Number(a.height), Number(a.push));
    case "move":
      return TT.moveMove(String(a.cat), Number(a.floor));
    case "toto":
      return TT.totoMove(n.toto, Number(a.x), Number(a.y));
    case "goal":
      return TT.goalMove(Number(a.card), Number(a.floors));
    case "refresh":
      return TT.refreshMove(Number(a.card));
    case "skip":
      return TT.skip;
    default:
      return JSON.stringify(a);
  }
}

/** A log line's wall type and cat colour as the panels say them: the wall by the edition's name (the
 * server's words are plain "arches", "windows"), the colour in the reader's language. */
function logWord(key: string, value: unknown): string | null {
  if (typeof value !== "string") return null;
  if (key === "type") return wallName(names(), value);
  return key === "colour" ? colourWord(value) : null;
}

export const towerTable: TableModule = {
  game: "tower",
  render,
  prompt(ctx) {
    const view = ctx.view as TowerView;
    const what = placing(ctx.legal);
    if (what?.kind === "toto") return TT.promptToto(view.toto_name); // a name, not a kind of piece
    if (what) {
      const noun = nounOf(what.kind, here.aim?.family ?? what.families[0] ?? "", view);
      // a piece back in the hand: say why, and that it is the same piece again
      const last = [...view.events].reverse().find((e) => RETRY_MSGIDS.has(e.msgid));
      const tries = Number((view.pending[0] as { tries?: number } | undefined)?.tries ?? 0);
      return tries > 0 && last ? TT.again(noun, TT.event(last, namesOf(view.edition), { names: ctx.names, me: ctx.seat })) : TT.promptPlace(noun);
    }
    const cat = pettable(ctx.legal, view.last_cat);
    if (cat) return TT.promptPet(pieceName(cat, view.tower.pieces[cat] ?? factsOf(cat), namesOf(view.edition)));
    if (ctx.legal.some((a) => a.kind === "choose")) return TT.promptChoose;
    if (ctx.legal.some((a) => a.kind === "goal")) return TT.promptGoal;
    return null;
  },
  logLine: (line: LogLine, seats: string[], me?: number | null) =>
    yourLine(line, me, logWord) ?? `${line.seat === null ? "" : `${seats[line.seat] ?? line.seat} `}${sentence(line, logWord)}.`,
  describe: (a: Action) => describe(a),
  get rules() {
    return TT.rules(names());
  },
  why: (result: GameResult) => (result.team_win ? TT.why(names()) : null),
  breakdown: (result: GameResult) => breakdown(result),
};
