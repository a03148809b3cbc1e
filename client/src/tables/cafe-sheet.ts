// A Cat Cafe player sheet drawn as the paper sheet looks: five towers on their hex columns (towers 2 and 4
// half a floor lower), scratching posts where a tower has no floor, the footprint track, the six cats and
// their points, the towers' bonuses.

import { h } from "../dom";
import type { CafeView, Item } from "../generated/cafe";
import { CAFE } from "../text";

export type Sheet = CafeView["sheets"][number];
export type TowerInfo = CafeView["towers"][number];
export const ITEMS: Item[] = ["house", "yarn", "butterfly", "bowl", "cushion", "mouse"];
export const FLOORS = 6;

/** The die face that draws an item (1 house ... 6 mouse). */
export function face(item: Item): number {
  return ITEMS.indexOf(item) + 1;
}

/** Footprints to draw item on floor with dice own and shared: each footprint moves a die by one, never
 * between 6 and 1, and either die may give the floor (rules.py's mark_cost, shown before committing). */
export function markCost(own: number, shared: number, floor: number, item: Item): number {
  const i = face(item);
  return Math.min(Math.abs(own - floor) + Math.abs(shared - i), Math.abs(shared - floor) + Math.abs(own - i));
}

export function itemBadge(item: Item, withName = true): HTMLElement {
  return h(
    "span",
    { class: `item item-${item}` },
    h("span", { class: "glyph", "aria-hidden": "true" }, CAFE.glyph[item]),
    withName ? h("span", { class: "item-name" }, CAFE.short[item]) : null,
  );
}

export interface SpaceState {
  /** Spaces the player may mark now ("tower-floor"). */
  legal: Set<string>;
  selected: string | null;
  hinted: string | null;
  /** This seat's own choice, stored but not yet revealed. */
  pending: { tower: number; floor: number; item: Item } | null;
  pick(tower: number, floor: number): void;
}

export function sheetGrid(sheet: Sheet, towers: TowerInfo[], play: SpaceState | null, label: string): HTMLElement {
  const grid = h("div", { class: "towers", role: "group", "aria-label": label });
  const last = sheet.last && sheet.last.kind === "mark" ? `${sheet.last.tower}-${sheet.last.floor}` : null;
  towers.forEach((t, ti) => {
    const lowered = t.tower % 2 === 0;
    const floors = (sheet.towers[ti] ?? {}) as Record<string, Item | null>;
    for (let f = 1; f <= FLOORS; f++) {
      const row = (FLOORS - f) * 2 + 1 + (lowered ? 1 : 0);
      const style = `grid-column:${t.tower};grid-row:${row} / span 2`;
      if (!t.floors.includes(f)) {
        grid.append(h("div", { class: "post", style, title: CAFE.post, "aria-hidden": "true" }));
        continue;
      }
      const key = `${t.tower}-${f}`;
      const item = floors[String(f)] ?? null;
      // a choice stored and not yet revealed (once drawn, the sheet itself shows it)
      const pend = !item && play?.pending && `${play.pending.tower}-${play.pending.floor}` === key ? play.pending.item : null;
      const classes = ["space"];
      if (play?.legal.has(key)) classes.push("legal");
      if (play?.selected === key) classes.push("selected");
      if (play?.hinted === key) classes.push("hinted");
      if (last === key) classes.push("last");
      if (pend) classes.push("pending");
      const content = item ? itemBadge(item) : pend ? itemBadge(pend) : h("span", { class: "floor-no" }, f);
      const name = CAFE.space(t.tower, f, item ? CAFE.title[item] : pend ? CAFE.pendingItem(CAFE.title[pend]) : CAFE.empty);
      if (play && play.legal.has(key)) {
        grid.append(
          h(
            "button",
            { type: "button", class: classes.join(" "), style, "aria-label": name, "aria-pressed": play.selected === key, "data-space": key, onclick: () => play.pick(t.tower, f) },
            content,
          ),
        );
      } else {
        grid.append(h("div", { class: classes.join(" "), style, role: "img", "aria-label": name, "data-space": key }, content));
      }
    }
  });
  return grid;
}

export function footprintTrack(sheet: Sheet, track = 18): HTMLElement {
  const fp = sheet.footprints;
  const boxes = Array.from({ length: track }, (_, i) =>
    h("span", { class: `fp ${i < fp.used ? "used" : i < fp.circled ? "circled" : "open"}`, "aria-hidden": "true" }, i < fp.used ? "✕" : i < fp.circled ? "◯" : "·"),
  );
  return h(
    "div",
    { class: "footprints" },
    h("span", { class: "label" }, CAFE.footprints(fp.available)),
    h("span", { class: "track", role: "img", "aria-label": CAFE.track(fp.circled, fp.used, fp.available) }, boxes),
  );
}

export function catsRow(sheet: Sheet): HTMLElement {
  return h(
    "ul",
    { class: "cats", "aria-label": CAFE.catsLabel },
    ITEMS.map((item) => {
      const pts = sheet.cats[item];
      return h(
        "li",
        { class: `cat${pts === null ? "" : " scored"}`, title: CAFE.catLoves(CAFE.title[item]) },
        itemBadge(item, false),
        h("span", { class: "pts" }, pts === null ? "–" : CAFE.points(pts)),
        h("span", { class: "sr" }, CAFE.catLoves(CAFE.title[item])),
      );
    }),
  );
}

export function bonusRow(sheet: Sheet, towers: TowerInfo[]): HTMLElement {
  return h(
    "div",
    { class: "bonuses" },
    towers.map((t, i) => {
      const taken = sheet.tower_bonuses[i] ?? 0;
      return h(
        "span",
        { class: `bonus${taken ? " taken" : ""}${t.claimed ? " claimed" : ""}`, style: `grid-column:${t.tower}`, title: CAFE.bonusTitle(t.tower, t.bonus[0] ?? 0, t.bonus[1] ?? 0) },
        taken ? `✓${taken}` : `${t.bonus[0]}/${t.bonus[1]}`,
      );
    }),
  );
}
