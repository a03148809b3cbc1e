// Cat and the Tower at the browser table: the server's world in 3D (tower-scene.ts), the face-up Action
// cards, the goals (one's own hidden ones too), Toto's or Neko's climb and the stock as HTML beside it;
// cards, goals, skip and moves by clicking; the piece in hand placed with the pointer (tower-place.ts);
// each placement's settle animated from the frames the server streams before the new state.

import "./tower.css";
import { h } from "../dom";
import { sentence, type Action, type GameResult, type LogLine } from "../protocol";
import { actionOf, drawGhost, follow, freshAim, placing, type Aim } from "./tower-place";
import { TowerScene } from "./tower-scene";
import type { GoalCard, SettleMessage, TowerView } from "./tower-types";
import type { TableContext, TableModule } from "./types";

const here: { scene: TowerScene | null; ctx: TableContext | null; view: TowerView | null; aim: Aim | null; stamp: string; sentAt: number } = {
  scene: null,
  ctx: null,
  view: null,
  aim: null,
  stamp: "",
  sentAt: 0,
};

const TURN_STEP = 15;
const FOLD_STEP = 5;

function scene(): TowerScene {
  if (here.scene) return here.scene;
  const s = new TowerScene();
  here.scene = s;
  const canvas = s.renderer.domElement;
  let down: { x: number; y: number } | null = null;
  canvas.addEventListener("pointermove", (e) => {
    const { aim, view } = here;
    if (aim && view && !aim.pinned && follow(s, aim, view, e)) {
      drawGhost(s, aim, view);
      refreshControls();
    }
  });
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
  window.addEventListener("keydown", (e) => {
    const aim = here.aim;
    if (!aim || (e.target as HTMLElement | null)?.tagName === "INPUT") return;
    const step = e.shiftKey ? 5 : TURN_STEP;
    if (e.key === "q" || e.key === "Q") turn(step);
    else if (e.key === "e" || e.key === "E") turn(-step);
    else if (e.key === "Escape") ((aim.pinned = false), refreshControls());
    else if (e.key === "Enter" && aim.aimed) letGo();
  });
  document.addEventListener("cattable-settle", (e) => {
    const msg = (e as CustomEvent<SettleMessage>).detail;
    if (here.ctx && msg.table === here.ctx.table) s.animate(msg);
  });
  return s;
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
  const where = a.kind === "cat" ? `floor ${String(a.floor)}${aim.on ? ` on ${aim.on}` : ""}, ` : "";
  const fold = a.kind === "wall" ? `, fold ${String(a.fold)}°` : "";
  const state = !aim.aimed ? " (point at the tower)" : aim.pinned ? " (held: click again or Place)" : "";
  return `${where}x ${String(a.x)}, y ${String(a.y)}, turned ${String(a.yaw)}°${fold}${state}`;
}

function sideName(sides: string[], i: number): string {
  return sides.length === 1 ? "" : i === 0 ? "left" : "right";
}

function cardsBox(ctx: TableContext, view: TowerView): HTMLElement {
  return h(
    "section",
    { class: "tower-cards", "aria-label": "Action cards" },
    h("h3", {}, `Action cards (${view.action_deck} in the deck)`),
    view.action_faceup.map((card, i) =>
      h(
        "div",
        { class: `tower-card${view.card === card.id ? " chosen" : ""}`, "data-card": card.id },
        h("span", { class: "card-id" }, card.id),
        card.sides.map((side, k) => {
          const act = { kind: "choose", card: i + 1, side: sideName(card.sides, k) };
          const legal = ctx.legal.some((a) => a.kind === "choose" && a.card === act.card && a.side === act.side);
          return legal
            ? h("button", { type: "button", class: "legal choose", onclick: () => ctx.act(act) }, side)
            : h("span", { class: "side" }, side);
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
    h("span", {}, `${g.text} (up to ${g.floors} floor${g.floors > 1 ? "s" : ""})`),
    moves.map((a) =>
      h("button", { type: "button", class: "legal goal", onclick: () => ctx.act(a) }, `${who} up ${String(a.floors)}`),
    ),
  );
}

function goalsBox(ctx: TableContext, view: TowerView): HTMLElement {
  const who = view.mode === "coop" ? view.toto_name : "My Black Cat";
  const mine = view.mode === "coop" ? (view.goal_faceup ?? []) : ctx.seat !== null ? view.hands?.[ctx.seat] : [];
  const others =
    view.mode === "competitive" && view.hands
      ? view.hands.map((hand, s) => (typeof hand === "number" ? h("li", {}, `${ctx.names[s] ?? s}: ${hand} goal cards, hidden`) : null))
      : [];
  return h(
    "section",
    { class: "tower-goals", "aria-label": "Goals" },
    h("h3", {}, view.mode === "coop" ? "Goal cards" : "My goal cards"),
    h("ol", {}, Array.isArray(mine) ? mine.map((g, i) => goalItem(g, i, ctx, who)) : null, others),
    ctx.legal
      .filter((a) => a.kind === "refresh")
      .map((a) => h("button", { type: "button", class: "legal", onclick: () => ctx.act(a) }, `Discard goal ${String(a.card)} and draw`)),
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
            "aria-label": what.kind === "wall" ? "Wall type" : "Colour",
            onchange: (e: Event) => {
              here.aim = freshAim(what.kind, (e.target as HTMLSelectElement).value, view, ctx.legal);
              ctx.redraw();
            },
          },
          what.families.map((f) => h("option", { value: f, selected: f === aim.family }, f)),
        )
      : null;
  const noun = what.kind === "floor" ? `floor ${view.stock.floors[0] ?? ""}` : what.kind === "wall" ? `${aim.family} wall` : `${aim.family} Feline Friend`;
  return h(
    "section",
    { class: "tower-aim", "aria-label": "Placing", "data-kind": what.kind, "data-pinned": String(aim.pinned) },
    h("h3", {}, `Place the ${noun}`),
    h("p", { class: "help" }, what.kind === "cat" ? "Point at any standing floor (or a cat on it); click to hold, click again to place." : "Point at the top floor; click to hold, click again to place. Q/E turn."),
    family,
    h(
      "div",
      { class: "aim-buttons" },
      h("button", { type: "button", class: "turn-left", onclick: () => turn(TURN_STEP), title: "Turn left (Q)" }, "⟲"),
      h("button", { type: "button", class: "turn-right", onclick: () => turn(-TURN_STEP), title: "Turn right (E)" }, "⟳"),
      what.kind === "wall"
        ? h("label", { class: "fold-label" }, "Fold ", h("input", { type: "range", class: "fold", min: 30, max: 180, step: 1, value: aim.fold, oninput: (e: Event) => setFold(Number((e.target as HTMLInputElement).value)) }))
        : null,
      h("button", { type: "button", class: "primary place", onclick: letGo }, "Place"),
    ),
    h("p", { class: "aim-numbers", "aria-live": "polite" }, aimText(actionOf(aim, ctx.legal), aim)),
  );
}

function otherMoves(ctx: TableContext): HTMLElement | null {
  const rest = ctx.legal.filter((a) => a.kind === "pet" || a.kind === "move" || a.kind === "skip");
  if (!rest.length) return null;
  return h(
    "section",
    { class: "tower-moves", "aria-label": "Moves" },
    rest.map((a) => h("button", { type: "button", class: `legal ${a.kind}`, onclick: () => ctx.act(a) }, describe(a))),
  );
}

function climbBox(ctx: TableContext, view: TowerView): HTMLElement {
  const levels = view.tower.reading.floor_levels;
  const top = view.tower.reading.top_floor;
  const lines =
    view.mode === "coop"
      ? [h("p", { class: "toto" }, `${view.toto_name} is on floor ${view.toto_level} and aims at floor ${view.target} (goal: ${view.goal_floor}).`)]
      : view.black.map((f, s) => h("p", {}, `${ctx.names[s] ?? s}'s Black Cat: ${f ? `floor ${levels[f] ?? "?"}` : "waiting outside"}`));
  return h(
    "section",
    { class: "tower-climb" },
    lines,
    h("p", {}, `Top floor: ${top} (level ${levels[top] ?? 1}). Walls fallen: ${view.wall_debris.length}.`),
    h(
      "p",
      { class: "stock" },
      `Stock: ${view.stock.floors.length} floors; walls ${Object.entries(view.stock.walls).map(([t, n]) => `${t} ${n}`).join(", ")}; cats ${Object.entries(view.stock.cats).map(([c, n]) => `${c} ${n}`).join(", ")}.`,
    ),
  );
}

function viewTools(s: TowerScene): HTMLElement {
  return h(
    "div",
    { class: "tower-view-tools" },
    h("button", { type: "button", class: "top-view", onclick: (e: Event) => ((e.target as HTMLElement).textContent = s.toggleTopView() ? "3D view" : "Top view") }, "Top view"),
    h("button", { type: "button", onclick: () => s.zoom(0.8), "aria-label": "Zoom in" }, "+"),
    h("button", { type: "button", onclick: () => s.zoom(1.25), "aria-label": "Zoom out" }, "−"),
    h("button", { type: "button", onclick: () => s.focusTop() }, "Look at the top"),
  );
}

function render(root: HTMLElement, ctx: TableContext): void {
  const view = ctx.view as TowerView;
  const s = scene();
  here.ctx = ctx;
  const grew = here.view?.tower.reading.top_floor !== view.tower.reading.top_floor;
  here.view = view;
  s.show(view);
  if (grew) s.focusTop();
  const what = placing(ctx.legal);
  const stamp = `${ctx.table}/${view.turn}/${view.phase}/${view.placed.length}/${view.pending.length}/${ctx.legal.length}`;
  if (stamp !== here.stamp) {
    here.stamp = stamp;
    here.aim = what ? freshAim(what.kind, what.families[0] ?? "", view, ctx.legal) : null;
    s.controls.enableZoom = here.aim?.kind !== "wall";
  }
  drawGhost(s, here.aim, view);
  root.append(
    h(
      "div",
      { class: "tower-table" },
      h("div", { class: "tower-stage" }, s.element, viewTools(s)),
      h("div", { class: "tower-side" }, aimBox(ctx, view), otherMoves(ctx), cardsBox(ctx, view), goalsBox(ctx, view), climbBox(ctx, view)),
    ),
  );
  // for the browser tests and the figures: the scene, the aim, the view and the legal actions drawn
  (window as unknown as { cattableTower: unknown }).cattableTower = { scene: s, aim: () => here.aim, view: () => here.view, legal: () => here.ctx?.legal ?? [] };
}

function describe(a: Action): string {
  switch (a.kind) {
    case "choose":
      return `take Action card ${String(a.card)}${a.side ? ` (${String(a.side)} side)` : ""}`;
    case "wall":
      return `stand a ${String(a.type)} wall at (${String(a.x)}, ${String(a.y)}), turned ${String(a.yaw)}°, folded ${String(a.fold)}°`;
    case "floor":
      return `lay the next floor at (${String(a.x)}, ${String(a.y)}), turned ${String(a.yaw)}°`;
    case "cat":
      return `stand a ${String(a.colour)} Feline Friend on floor ${String(a.floor)}${a.on ? ` on ${String(a.on)}` : ""}`;
    case "pet":
      return `pet the cat from ${String(a.angle)}° at ${String(a.height)} cm, push ${String(a.push)}`;
    case "move":
      return `move ${String(a.cat)} up to floor ${String(a.floor)}`;
    case "goal":
      return `complete goal ${String(a.card)} and climb ${String(a.floors)}`;
    case "refresh":
      return `discard goal ${String(a.card)} and draw another`;
    case "skip":
      return "skip";
    default:
      return JSON.stringify(a);
  }
}

export const towerTable: TableModule = {
  game: "tower",
  render,
  prompt(ctx) {
    const what = placing(ctx.legal);
    if (what) return `Place the ${what.kind === "floor" ? "floor" : what.kind === "wall" ? "wall" : "Feline Friend"} with the pointer.`;
    if (ctx.legal.some((a) => a.kind === "choose")) return "Choose an Action card.";
    if (ctx.legal.some((a) => a.kind === "goal")) return "Complete a goal, or skip.";
    return null;
  },
  logLine: (line: LogLine, names: string[]) => `${line.seat === null ? "" : `${names[line.seat] ?? line.seat} `}${sentence(line)}.`,
  describe: (a: Action) => describe(a),
  rules: [
    "Build the tower together: take a face-up Action card and place its pieces: two walls then a floor on them, or a Feline Friend (then perhaps pet it).",
    "Walls stand on the top floor, folded as you like; a cat may stand on any standing floor, or on a cat there.",
    "A goal met on the floor above Toto (Neko in the French edition) lets it climb. Too many fallen walls and the tower is lost.",
  ],
  why: (result: GameResult) => (result.team_win ? "the cats reached the goal floor together" : null),
  breakdown: () => null,
};
