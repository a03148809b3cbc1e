/// <reference types="vite/client" />
// Mog Land as SVG: the board graph read from the game's own board.json (bundled at build time, so the
// drawing and the rules walk one graph), its streets, shops, houses, gardens, walls, Curiosity spaces,
// mouse-hole and bird-house, then the pieces from the view. Pieces glide from where they were drawn last
// (a move, a car drive); new attacks flash where they happened.

import boardText from "../../../src/cattable/games/attack/board.json?raw";
import { svg } from "../dom";
import { play } from "../motion";
import { t, word } from "../i18n";
import type { AttackView } from "../generated/attack";

interface BoardSpace {
  id: string;
  kind: string;
  at: [number, number];
  street?: number;
  shop?: number;
  house?: number;
}
interface BoardFile {
  size: [number, number];
  shops: { name: string; item: string; corner: string; label_at: [number, number] }[];
  streets: { name: string; spaces: string[] }[];
  car_park: { at: [number, number] };
  spaces: BoardSpace[];
  edges: [string, string][];
}

export const BOARD = JSON.parse(boardText) as BoardFile;
export const SPACES = new Map(BOARD.spaces.map((s) => [s.id, s]));
const G = 40;

/** House colours (Okabe-Ito), each cat also wearing its seat number, each house its number. */
export const HOUSE_COLOURS = ["#e69f00", "#56b4e9", "#009e73", "#f0e442", "#0072b2", "#d55e00"];
export const SHOP_COLOURS = ["#0072b2", "#f7f7f7", "#cc79a7", "#009e73"];

export function centre(id: string): [number, number] {
  const s = SPACES.get(id);
  const [r, c] = s ? s.at : BOARD.car_park.at;
  return [c * G + G / 2, r * G + G / 2];
}

/** Each space's number among the earlier spaces of its kind in the same street, shop garden or house
 * garden (walls and Curiosity spaces across the board), from 1: as the server's log numbers them
 * (games/attack/places.py). */
const NUMBERS: Map<string, number> = (() => {
  const seen = new Map<string, number>();
  const out = new Map<string, number>();
  for (const s of BOARD.spaces) {
    const group = s.kind === "street" ? s.street : s.kind === "shop_garden" ? s.shop : s.kind === "home" || s.kind === "garden" ? s.house : -1;
    const key = `${s.kind}/${group ?? -1}`;
    seen.set(key, (seen.get(key) ?? 0) + 1);
    out.set(s.id, seen.get(key)!);
  }
  return out;
})();

/** A space in words, as the log tells it ("wall 3", "paw-print 2 of house 1's garden"); houses count
 * from 1. ``larder<h>`` is a retired house's larder. */
export function spaceWords(id: string): string {
  const larder = /^larder(\d)$/.exec(id);
  if (larder) return t("house {house}'s larder", { house: Number(larder[1]) + 1 });
  const s = SPACES.get(id);
  if (!s) return id;
  const n = NUMBERS.get(id) ?? 0;
  const shop = word(BOARD.shops[s.shop ?? 0]?.name ?? "");
  const house = (s.house ?? 0) + 1;
  switch (s.kind) {
    case "street":
      return t("space {n} of the {street} street", { n, street: word(BOARD.streets[s.street ?? 0]?.name ?? "") });
    case "shop_garden":
      return t("paw-print {n} of the {shop}'s garden", { n, shop });
    case "burglar":
      return t("the {shop}'s Cat Burglar paw-print", { shop });
    case "home":
      return t("house {house}'s Home space", { house });
    case "garden":
      return t("paw-print {n} of house {house}'s garden", { n, house });
    case "wall":
      return t("wall {n}", { n });
    case "curiosity":
      return t("Curiosity space {n}", { n });
    case "mouse_space":
      return t("the mouse space");
    case "bird_space":
      return t("the bird space");
    case "mouse_hole":
      return t("the mouse-hole");
    case "bird_house":
      return t("the bird-house");
  }
  return id;
}

/** The small label a space carries on the board: its number in the log's words (a street's space with
 * its street's initial: N1 is space 1 of the North street; H1 is house 1's Home space). */
export function spaceLabel(id: string): string {
  const s = SPACES.get(id);
  if (!s) return id;
  const n = NUMBERS.get(id) ?? 0;
  if (s.kind === "street") return `${word(BOARD.streets[s.street ?? 0]?.name ?? "").slice(0, 1)}${n}`;
  if (s.kind === "home") return `H${(s.house ?? 0) + 1}`;
  if (["shop_garden", "garden", "wall", "curiosity"].includes(s.kind)) return String(n);
  return "";
}

/** Shapes of the pieces, centred on 0,0 (also used on the cards). */
export function catShape(fill: string, label: string): SVGElement {
  return svg(
    "g",
    { class: "cat-token" },
    svg("path", { d: "M-13 12v-16l4 -9l5 6h8l5 -6l4 9v16z", fill, class: "cat-body" }),
    svg("text", { x: 0, y: 7, class: "cat-label" }, label),
  );
}
export function mouseShape(): SVGElement {
  return svg(
    "g",
    { class: "mouse-token" },
    svg("path", { d: "M-11 4q0 -12 12 -8l5 -3l1 6q4 3 3 5z", class: "mouse-body" }),
    svg("path", { d: "M-11 4q-5 2 -8 -3", class: "tail" }),
    svg("circle", { cx: 4, cy: -3, r: 1.3, class: "eye" }),
  );
}
export function birdShape(): SVGElement {
  return svg(
    "g",
    { class: "bird-token" },
    svg("path", { d: "M-12 2q6 -12 16 -6l7 -1l-5 4q0 9 -10 9z", class: "bird-body" }),
    svg("path", { d: "M-4 -2l6 -8l2 7z", class: "wing" }),
    svg("circle", { cx: 5, cy: -3, r: 1.3, class: "eye" }),
  );
}
function pawShape(x: number, y: number, cls: string, fill: string): SVGElement {
  return svg(
    "g",
    { class: `paw ${cls}`, fill },
    svg("ellipse", { cx: x, cy: y + 5, rx: 7, ry: 6 }),
    svg("circle", { cx: x - 8, cy: y - 3, r: 3 }),
    svg("circle", { cx: x - 3, cy: y - 8, r: 3 }),
    svg("circle", { cx: x + 3, cy: y - 8, r: 3 }),
    svg("circle", { cx: x + 8, cy: y - 3, r: 3 }),
  );
}

function terrain(view: AttackView): SVGElement {
  const g = svg("g", { class: "terrain" });
  const inPlay = new Set(view.houses.map((h) => h.house));
  const [rows, cols] = BOARD.size;
  g.append(svg("rect", { x: 0, y: 0, width: cols * G, height: rows * G, class: "grass" }));
  // the shops in their corners
  BOARD.shops.forEach((shop, k) => {
    const [r, c] = shop.label_at;
    const x = Math.min(c, cols - 4) * G;
    const y = Math.min(r, rows - 2) * G;
    const info = view.shops[k];
    g.append(
      svg(
        "g",
        { class: `shop${info?.open ? " open" : " closed"}`, "data-shop": k },
        svg("rect", { x: x + 2, y: y + 2, width: 4 * G - 4, height: 2 * G - 4, rx: 6, fill: SHOP_COLOURS[k] ?? "#ccc" }),
        svg("text", { x: x + 2 * G, y: y + 30, class: "shop-name" }, word(shop.name)),
        svg("text", { x: x + 2 * G, y: y + 52, class: "shop-stock" }, `${word(shop.item)} ×${info?.stock ?? 0}${info?.open ? "" : t(" · CLOSED")}`),
      ),
    );
  });
  // the paths between spaces
  for (const [a, b] of BOARD.edges) {
    const [ax, ay] = centre(a);
    const [bx, by] = centre(b);
    g.append(svg("line", { x1: ax, y1: ay, x2: bx, y2: by, class: "edge" }));
  }
  const [pr, pc] = BOARD.car_park.at;
  g.append(svg("rect", { x: pc * G + 3, y: pr * G + 3, width: G - 6, height: G - 6, rx: 4, class: "car-park" }), svg("text", { x: pc * G + G / 2, y: pr * G + G / 2 + 5, class: "park-p" }, "P"));
  for (const s of BOARD.spaces) {
    const [x, y] = centre(s.id);
    const base = { "data-space": s.id };
    // each space in its group, titled with the words the log uses for it
    const sg = svg("g", { class: "place" }, svg("title", {}, spaceWords(s.id)));
    if (s.kind === "street") {
      const carHere = view.car !== null && BOARD.streets[s.street ?? -1]?.name === view.car;
      sg.append(svg("rect", { ...base, x: x - G / 2, y: y - G / 2, width: G, height: G, class: `street${carHere ? " car-street" : ""}` }));
    } else if (s.kind === "shop_garden") {
      const open = view.shops[s.shop ?? 0]?.open;
      sg.append(svg("circle", { cx: x, cy: y, r: 17, class: `spot shop-garden${open ? "" : " closed"}` }), pawShape(x, y, "shop-paw", SHOP_COLOURS[s.shop ?? 0] ?? "#999"));
      if (!open) sg.append(svg("path", { d: `M${x - 14} ${y - 14}l28 28M${x + 14} ${y - 14}l-28 28`, class: "closed-cross" }));
    } else if (s.kind === "burglar") {
      sg.append(svg("circle", { cx: x, cy: y, r: 17, class: "spot burglar" }), pawShape(x, y, "burglar-paw", "#222"));
    } else if (s.kind === "home") {
      const on = inPlay.has(s.house ?? -1);
      sg.append(
        svg("path", { d: `M${x - 17} ${y + 16}v-18l17 -15l17 15v18z`, class: `home${on ? "" : " unused"}`, fill: on ? (HOUSE_COLOURS[s.house ?? 0] ?? "#ccc") : "#ddd" }),
        svg("text", { x, y: y + 12, class: "house-no" }, `H${(s.house ?? 0) + 1}`),
      );
    } else if (s.kind === "garden") {
      const on = inPlay.has(s.house ?? -1);
      sg.append(svg("circle", { cx: x, cy: y, r: 16, class: `spot garden${on ? "" : " unused"}` }), pawShape(x, y, "garden-paw", on ? (HOUSE_COLOURS[s.house ?? 0] ?? "#999") : "#ccc"));
    } else if (s.kind === "wall") {
      sg.append(svg("rect", { x: x - 15, y: y - 8, width: 30, height: 16, class: "wall" }), svg("path", { d: `M${x - 15} ${y}h30M${x - 5} ${y - 8}v8M${x + 5} ${y}v8`, class: "bricks" }));
    } else if (s.kind === "curiosity") {
      sg.append(svg("circle", { cx: x, cy: y, r: 16, class: "spot curiosity" }), svg("text", { x, y: y + 7, class: "q-mark" }, "?"));
    } else if (s.kind === "mouse_space" || s.kind === "bird_space") {
      sg.append(svg("circle", { cx: x, cy: y, r: 16, class: `spot ${s.kind}` }));
    } else if (s.kind === "mouse_hole") {
      sg.append(svg("path", { d: `M${x - 16} ${y + 14}v-10a16 16 0 0 1 32 0v10z`, class: "hole" }), svg("text", { x, y: y + 12, class: "count", "data-count": "mice" }, `${view.mice_in_hole}`));
    } else if (s.kind === "bird_house") {
      sg.append(svg("path", { d: `M${x - 15} ${y + 15}v-16l15 -13l15 13v16z`, class: "birdhouse" }), svg("circle", { cx: x, cy: y + 1, r: 5, class: "birdhouse-door" }), svg("text", { x, y: y + 15, class: "count" }, `${view.birds_in_house}`));
    }
    const label = spaceLabel(s.id);
    if (label && s.kind !== "home") sg.append(svg("text", { x, y: s.kind === "wall" ? y + 4 : y + G / 2 - 2, class: `space-id${s.kind === "wall" ? " wall-no" : ""}` }, label));
    g.append(sg);
  }
  return g;
}

export interface SpaceTarget {
  space: string;
  label: string;
  hinted: boolean;
  pick(): void;
}

function targets(list: SpaceTarget[]): SVGElement {
  const g = svg("g", { class: "targets" });
  for (const t of list) {
    const [x, y] = centre(t.space);
    const el = svg(
      "g",
      { class: `target legal${t.hinted ? " hinted" : ""}`, role: "button", tabindex: 0, "aria-label": t.label, "data-space": t.space },
      svg("title", {}, t.label),
      svg("rect", { x: x - G / 2 + 2, y: y - G / 2 + 2, width: G - 4, height: G - 4, rx: 8, class: "hl" }),
    );
    el.addEventListener("click", () => t.pick());
    el.addEventListener("keydown", (e) => {
      const key = (e as KeyboardEvent).key;
      if (key === "Enter" || key === " ") {
        e.preventDefault();
        t.pick();
      }
    });
    g.append(el);
  }
  return g;
}

/** Where each piece was drawn last, per table: a piece drawn elsewhere now glides from there. */
const lastAt = new Map<string, [number, number]>();
/** The space each piece was drawn on last (its way to the new one is animated along the board). */
const lastSpace = new Map<string, string>();
let lastTable = "";

function place(el: SVGElement, key: string, to: [number, number], moves: Move[], space: string): SVGElement {
  const from = lastAt.get(key);
  const was = lastSpace.get(key);
  lastAt.set(key, to);
  lastSpace.set(key, space);
  el.setAttribute("data-piece", key);
  el.setAttribute("data-at", space);
  // where the server has it, at once; the animation (if any) only shows the way from where it was
  el.style.transform = `translate(${to[0]}px, ${to[1]}px)`;
  if (from && (from[0] !== to[0] || from[1] !== to[1])) {
    const via = was && space ? route(was, space).slice(1, -1).map(centre) : [];
    moves.push([el, [from, ...via, to]]);
  }
  return el;
}

type Move = [SVGElement, [number, number][]];

const NEXT = new Map<string, string[]>();
for (const [a, b] of BOARD.edges) {
  NEXT.set(a, [...(NEXT.get(a) ?? []), b]);
  NEXT.set(b, [...(NEXT.get(b) ?? []), a]);
}

/** The spaces a pawn passes from one space to another (a shortest way on the board; ends included), or
 * just the two ends when there is none short enough to be a move (a cat sent home). */
export function route(from: string, to: string): string[] {
  const back = new Map<string, string>([[from, ""]]);
  let wave = [from];
  for (let steps = 0; steps < 12 && wave.length && !back.has(to); steps++) {
    const next: string[] = [];
    for (const s of wave)
      for (const n of NEXT.get(s) ?? [])
        if (!back.has(n)) {
          back.set(n, s);
          next.push(n);
        }
    wave = next;
  }
  if (!back.has(to)) return [from, to];
  const way = [to];
  while (way[0] !== from) way.unshift(back.get(way[0]!)!);
  return way;
}

/** Creatures are alike: pair those that left a space with those that arrived, so one that moved glides. */
function creatureKeys(kind: string, spaces: string[]): [string, string][] {
  const prev = [...lastAt.keys()].filter((k) => k.startsWith(`${kind}@`)).map((k) => k.slice(kind.length + 1));
  const stay = spaces.filter((s) => prev.includes(s));
  const left = prev.filter((s) => !spaces.includes(s));
  const arrived = spaces.filter((s) => !prev.includes(s));
  for (const k of prev) if (!spaces.includes(k)) lastAt.delete(`${kind}@${k}`);
  const out: [string, string][] = stay.map((s) => [s, `${kind}@${s}`]);
  arrived.forEach((s, i) => {
    const from = left[i];
    const start = from ? centre(from) : centre(kind === "mouse" ? "mh" : "bh");
    lastAt.set(`${kind}@${s}`, start);
    lastSpace.set(`${kind}@${s}`, from ?? (kind === "mouse" ? "mh" : "bh"));
    out.push([s, `${kind}@${s}`]);
  });
  return out;
}

function pieces(view: AttackView, names: string[], moves: Move[]): SVGElement {
  const g = svg("g", { class: "pieces" });
  for (const [space, key] of creatureKeys("mouse", view.mice)) g.append(place(svg("g", { class: "piece mouse", role: "img", "aria-label": t("a mouse on {place}", { place: spaceWords(space) }) }, svg("circle", { r: 14, class: "halo" }), mouseShape()), key, centre(space), moves, space));
  for (const [space, key] of creatureKeys("bird", view.birds)) g.append(place(svg("g", { class: "piece bird", role: "img", "aria-label": t("a bird on {place}", { place: spaceWords(space) }) }, svg("circle", { r: 14, class: "halo" }), birdShape()), key, centre(space), moves, space));
  // the car: in the middle of its street, or in the car park
  const street = BOARD.streets.find((s) => s.name === view.car);
  const carAt: [number, number] = street ? centre(street.spaces[2] ?? "") : centre("__park");
  g.append(
    place(
      svg(
        "g",
        { class: "piece car", role: "img", "aria-label": view.car ? `the car, in the ${view.car} street` : "the car, in the car park" },
        svg("rect", { x: -17, y: -9, width: 34, height: 16, rx: 5, class: "car-body" }),
        svg("rect", { x: -9, y: -15, width: 18, height: 8, rx: 3, class: "car-top" }),
        svg("circle", { cx: -9, cy: 8, r: 4, class: "wheel" }),
        svg("circle", { cx: 9, cy: 8, r: 4, class: "wheel" }),
      ),
      "car",
      carAt,
      moves,
      "",
    ),
  );
  const here = new Map<string, number>();
  for (const cat of view.cats) {
    if (!cat.at) continue;
    const n = here.get(cat.at) ?? 0;
    here.set(cat.at, n + 1);
    const [x, y] = centre(cat.at);
    const label = t("{name}'s cat (house {house}) on {place}", { name: names[cat.seat] ?? t("cat {n}", { n: cat.seat + 1 }), house: cat.house + 1, place: spaceWords(cat.at) });
    const el = svg("g", { class: `piece cat${view.to_act === cat.seat ? " to-act" : ""}`, role: "img", "aria-label": label, "data-seat": cat.seat }, svg("title", {}, label), catShape(HOUSE_COLOURS[cat.house] ?? "#999", String(cat.seat + 1)));
    g.append(place(el, `cat${cat.seat}`, [x + n * 9, y - n * 6], moves, cat.at));
  }
  return g;
}

/** Bursts where new events happened: an attack or a car drive flashes its space, a life lost its home. */
function bursts(spots: { space: string; kind: string }[]): SVGElement {
  const g = svg("g", { class: "bursts", "aria-hidden": "true" });
  for (const s of spots) {
    const [x, y] = centre(s.space);
    g.append(svg("circle", { cx: x, cy: y, r: 18, class: `burst ${s.kind}` }));
  }
  return g;
}

export function drawBoard(view: AttackView, table: string, names: string[], list: SpaceTarget[], spots: { space: string; kind: string }[]): SVGElement {
  if (lastTable !== table) {
    lastAt.clear();
    lastSpace.clear();
    lastTable = table;
  }
  const [rows, cols] = BOARD.size;
  const moves: Move[] = [];
  const root = svg(
    "svg",
    { class: "attack-board", viewBox: `0 0 ${cols * G} ${rows * G}`, role: "group", "aria-label": "Mog Land: the board" },
    terrain(view),
    bursts(spots),
    pieces(view, names, moves),
    targets(list),
  );
  // each piece that moved travels its way, a space at a time (none under reduced motion: see motion.ts)
  for (const [el, way] of moves) {
    play(el, way.map(([x, y]) => ({ transform: `translate(${x}px, ${y}px)` })), { duration: Math.min(1600, 200 * (way.length - 1) + 200), easing: "ease-in-out" });
  }
  return root;
}
