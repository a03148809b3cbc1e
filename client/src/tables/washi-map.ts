// The Tokyo Washi map as SVG, drawn only from the view (which carries its map, so a map file loaded from
// disk draws the same way): streets, forest, shrines, storm drains, sewer pairs, buildings with their
// barriers and doors, each player's strip, fish, lines and cats. Legal targets are buttons on the map.

import { svg } from "../dom";
import { fresh, play } from "../motion";
import { t, word } from "../i18n";
import type { WashiView } from "../generated/washi";

export const CELL = 32;
export const MARGIN = 24;
const RULER = 16;

/** Pen colours as the view names them, drawn from the Okabe-Ito palette where it has one; each seat's line
 * also carries its own centre pattern (PATTERNS), so lines are told apart without colour too. */
export const PEN: Record<string, string> = {
  red: "#d55e00",
  blue: "#0072b2",
  green: "#009e73",
  yellow: "#f0e442",
  magenta: "#cc79a7",
  cyan: "#56b4e9",
  orange: "#e69f00",
  purple: "#6a3d9a",
  pink: "#f2a7c9",
  brown: "#8c5a2b",
  grey: "#8a8a8a",
  white: "#ffffff",
};
export const PATTERNS = ["", "6 4", "2 4", "10 3 2 3", "1 7", "14 4"];
const SEWER: Record<string, string> = { r: "#d55e00", g: "#009e73", b: "#0072b2", y: "#f0e442", p: "#cc79a7", c: "#56b4e9" };
const SIDE_STEP: Record<string, [number, number]> = { north: [-1, 0], east: [0, 1], south: [1, 0], west: [0, -1] };

export function columnName(col: number): string {
  return col < 26 ? String.fromCharCode(97 + col) : String.fromCharCode(96 + Math.floor(col / 26)) + String.fromCharCode(97 + (col % 26));
}

export function cellName(index: number, width: number): string {
  return `${columnName(index % width)}${Math.floor(index / width) + 1}`;
}

/** A cell name (c5, aa12) to its index, or -1 when it is not on the map. */
export function cellIndex(name: string, width: number, height: number): number {
  const m = /^([a-z]{1,2})(\d+)$/.exec(name);
  if (!m) return -1;
  const letters = m[1]!;
  const col = letters.length === 1 ? letters.charCodeAt(0) - 97 : (letters.charCodeAt(0) - 96) * 26 + letters.charCodeAt(1) - 97;
  const row = Number(m[2]) - 1;
  return col >= 0 && col < width && row >= 0 && row < height ? row * width + col : -1;
}

export const isBuilding = (ch: string): boolean => ch >= "A" && ch <= "Z";
export const isSewer = (ch: string): boolean => ch >= "a" && ch <= "z" && ch !== "o";

export function charAt(view: WashiView, i: number): string {
  const row = view.map.grid[Math.floor(i / view.width)] ?? "";
  return row[i % view.width] ?? " ";
}

/** What one cell is, in words (for its label). */
export function cellWords(ch: string): string {
  if (ch === ".") return t("street");
  if (ch === "%") return t("forest");
  if (ch === "#") return t("shrine");
  if (ch === "o") return t("storm drain");
  if (isSewer(ch)) return t("sewer {letter}", { letter: ch });
  if (isBuilding(ch)) return t("building {letter}", { letter: ch });
  return t("no tape");
}

export interface Target {
  cell: number;
  label: string;
  hinted: boolean;
  selected: boolean;
  pick(): void;
}

const centre = (i: number, w: number): [number, number] => [(i % w) * CELL + CELL / 2, Math.floor(i / w) * CELL + CELL / 2];

function terrain(view: WashiView): SVGElement {
  const w = view.width;
  const g = svg("g", { class: "terrain" });
  const doors = new Set(view.map.doors.map(([c, side]) => `${cellIndex(c, w, view.height)}:${side}`));
  for (let i = 0; i < w * view.height; i++) {
    const ch = charAt(view, i);
    if (ch === " ") continue;
    const x = (i % w) * CELL;
    const y = Math.floor(i / w) * CELL;
    const kind = isBuilding(ch) ? "building" : isSewer(ch) ? "sewer" : ({ ".": "street", "%": "forest", "#": "shrine", o: "drain" } as Record<string, string>)[ch] ?? "street";
    g.append(svg("rect", { x, y, width: CELL, height: CELL, class: `cell ${kind}` }));
    const [cx, cy] = [x + CELL / 2, y + CELL / 2];
    if (ch === "#") {
      // a torii: two posts and two beams
      g.append(svg("path", { class: "torii", d: `M${cx - 9} ${cy - 8}h18M${cx - 7} ${cy - 4}h14M${cx - 5} ${cy - 8}v16M${cx + 5} ${cy - 8}v16` }));
    } else if (ch === "o") {
      g.append(svg("circle", { class: "drain-ring", cx, cy, r: 9 }), svg("path", { class: "drain-bars", d: `M${cx - 6} ${cy - 3}h12M${cx - 6} ${cy + 3}h12` }));
    } else if (ch === "%") {
      g.append(svg("path", { class: "tree", d: `M${cx} ${cy - 10}l8 14h-16z M${cx} ${cy + 4}v6` }));
    } else if (isSewer(ch)) {
      g.append(svg("circle", { class: "sewer-lid", cx, cy, r: 11, stroke: SEWER[ch] ?? "#fff" }), svg("text", { class: "sewer-letter", x: cx, y: cy + 4 }, ch));
    } else if (isBuilding(ch)) {
      // barriers on every building edge that is not a door and not inside the building
      for (const [side, [dr, dc]] of Object.entries(SIDE_STEP)) {
        const r = Math.floor(i / w) + dr;
        const c = (i % w) + dc;
        const other = r >= 0 && r < view.height && c >= 0 && c < w ? charAt(view, r * w + c) : " ";
        if (other === ch) continue;
        const d = { north: `M${x} ${y}h${CELL}`, south: `M${x} ${y + CELL}h${CELL}`, west: `M${x} ${y}v${CELL}`, east: `M${x + CELL} ${y}v${CELL}` }[side]!;
        g.append(svg("path", { class: doors.has(`${i}:${side}`) ? "door" : "barrier", d }));
      }
      if (firstCell(view, ch) === i) g.append(svg("text", { class: "building-letter", x: cx, y: cy + 4 }, ch));
    }
  }
  return g;
}

function firstCell(view: WashiView, ch: string): number {
  for (let i = 0; i < view.width * view.height; i++) if (charAt(view, i) === ch) return i;
  return -1;
}

/** Each seat's grey strip along its edge, in its colour, with its name: the home row is beside it. */
function strips(view: WashiView, names: string[]): SVGElement {
  const g = svg("g", { class: "strips" });
  const W = view.width * CELL;
  const H = view.height * CELL;
  view.map.strips.forEach((s, seat) => {
    if (seat >= view.players.length) return;
    const [a, b] = [(s.span[0] ?? 1) - 1, s.span[1] ?? (s.edge === "top" || s.edge === "bottom" ? view.width : view.height)];
    const t = MARGIN - 6;
    const box =
      s.edge === "top" ? { x: a * CELL, y: -t - 3, width: (b - a) * CELL, height: t } :
      s.edge === "bottom" ? { x: a * CELL, y: H + 3, width: (b - a) * CELL, height: t } :
      s.edge === "left" ? { x: -t - 3, y: a * CELL, width: t, height: (b - a) * CELL } :
      { x: W + 3, y: a * CELL, width: t, height: (b - a) * CELL };
    const vertical = s.edge === "left" || s.edge === "right";
    const [tx, ty] = [box.x + box.width / 2, box.y + box.height / 2];
    g.append(
      svg("rect", { ...box, class: "strip", fill: PEN[s.colour] ?? "#999", "data-seat": seat }),
      svg("text", { class: "strip-name", x: tx, y: ty + 4, transform: vertical ? `rotate(-90 ${tx} ${ty})` : null }, `${names[seat] ?? `#${seat + 1}`} (${word(s.colour)})`),
    );
  });
  return g;
}

function fishShape(x: number, y: number, colour: string, picked: boolean): SVGElement {
  return svg(
    "g",
    { class: `fish${picked ? " picked" : ""}` },
    svg("path", { d: `M${x - 10} ${y}q8 -9 16 0q-8 9 -16 0zM${x + 6} ${y}l6 -5v10z`, fill: colour }),
    svg("circle", { cx: x - 5, cy: y - 1, r: 1.4, class: "eye" }),
  );
}

function lines(view: WashiView, table: string): SVGElement {
  const w = view.width;
  const g = svg("g", { class: "lines" });
  const drawn: [string, SVGElement[], number][] = [];
  // building nodes filled by a line: every cell of the building in the owner's colour
  for (let i = 0; i < view.lines.length; i++) {
    const owner = view.lines[i]!;
    if (owner >= 0 && isBuilding(charAt(view, i))) {
      const pl = view.players[owner];
      g.append(svg("rect", { x: (i % w) * CELL + 3, y: Math.floor(i / w) * CELL + 3, width: CELL - 6, height: CELL - 6, class: "filled", fill: PEN[pl?.colour ?? ""] ?? "#999" }));
    }
  }
  view.players.forEach((pl, seat) => {
    const colour = PEN[pl.colour] ?? "#999";
    pl.cats.forEach((cat) => {
      const path = cat.path;
      for (let k = 1; k < path.length; k++) {
        const [a, b] = [path[k - 1]!, path[k]!];
        const [ax, ay] = centre(a, w);
        const [bx, by] = centre(b, w);
        const adjacent = Math.abs(ax - bx) + Math.abs(ay - by) === CELL;
        const inside = isBuilding(charAt(view, a)) && isBuilding(charAt(view, b));
        if (inside) continue;
        const key = `${seat}/${a}-${b}`;
        if (adjacent) {
          const pen = svg("line", { x1: ax, y1: ay, x2: bx, y2: by, class: "pen", stroke: colour, "data-segment": key });
          const mark = svg("line", { x1: ax, y1: ay, x2: bx, y2: by, class: "pen-mark", "stroke-dasharray": PATTERNS[seat % PATTERNS.length] ?? "" });
          g.append(pen, mark);
          drawn.push([key, [pen, mark], CELL]);
        } else if (!isBuilding(charAt(view, a)) && !isBuilding(charAt(view, b))) {
          // a jump or a sewer pop: an arc over what it passes
          const [mx, my] = [(ax + bx) / 2 + (ay - by) * 0.25, (ay + by) / 2 + (bx - ax) * 0.25];
          const leap = svg("path", { d: `M${ax} ${ay}Q${mx} ${my} ${bx} ${by}`, class: "leap", stroke: colour, "data-segment": key });
          g.append(leap);
          drawn.push([key, [leap], Math.hypot(bx - ax, by - ay) * 1.3 + CELL]);
        }
      }
      if (path.length) {
        const [sx, sy] = centre(path[0]!, w);
        g.append(svg("circle", { cx: sx, cy: sy, r: 6, class: "start", fill: colour }));
      }
    });
  });
  // the lines drawn since the last position: their new segments drawn by the pen (motion.ts)
  const news = fresh(table, "segments", drawn.map(([k]) => k));
  for (const [k, els, length] of drawn) if (news.has(k)) drawIn(els, length);
  return g;
}

function fishes(view: WashiView): SVGElement {
  const g = svg("g", { class: "fishes" });
  view.fish.forEach((owner, i) => {
    if (owner < 0) return;
    const [x, y] = centre(i, view.width);
    g.append(fishShape(x, y, PEN[view.players[owner]?.colour ?? ""] ?? "#999", view.lines[i] !== undefined && view.lines[i]! >= 0));
  });
  return g;
}

function cats(view: WashiView, names: string[]): SVGElement {
  const g = svg("g", { class: "cats" });
  view.players.forEach((pl, seat) => {
    pl.cats.forEach((cat, k) => {
      if (!cat.at) return;
      const i = cellIndex(cat.at, view.width, view.height);
      if (i < 0) return;
      const [x, y] = centre(i, view.width);
      const args = { name: names[seat] ?? "", n: k + 1, at: cat.at };
      const label = cat.home
        ? t("{name}'s cat {n} at {at}, home with its fish", args)
        : cat.fish
          ? t("{name}'s cat {n} at {at}, carrying a fish", args)
          : t("{name}'s cat {n} at {at}", args);
      g.append(
        svg(
          "g",
          { class: `cat-piece${cat.home ? " home" : ""}`, "data-seat": seat, "data-cat": k + 1, role: "img", "aria-label": label },
          svg("title", {}, label),
          svg("path", { d: `M${x - 11} ${y + 10}v-14l4 -7l4 5h6l4 -5l4 7v14z`, fill: PEN[pl.colour] ?? "#999", class: "cat-head" }),
          svg("text", { x, y: y + 7, class: "cat-no" }, String(k + 1)),
          cat.fish ? fishShape(x + 10, y - 11, "#ffffff", false) : null,
        ),
      );
    });
  });
  return g;
}

function targets(view: WashiView, list: Target[]): SVGElement {
  const g = svg("g", { class: "targets" });
  for (const t of list) {
    const x = (t.cell % view.width) * CELL;
    const y = Math.floor(t.cell / view.width) * CELL;
    const el = svg(
      "g",
      { class: `target legal${t.hinted ? " hinted" : ""}${t.selected ? " selected" : ""}`, role: "button", tabindex: 0, "aria-label": t.label, "data-cell": cellName(t.cell, view.width) },
      svg("title", {}, t.label),
      svg("rect", { x: x + 2, y: y + 2, width: CELL - 4, height: CELL - 4, rx: 6, class: "hl" }),
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

/** The whole map: rulers, terrain, strips, lines, fish, cats and the targets on top. */
/** A pen stroke drawn from its start to its end (its mark and pattern appear as it finishes). */
function drawIn(els: SVGElement[], length: number): void {
  const [pen, ...rest] = els;
  if (!pen) return;
  play(pen, [{ strokeDasharray: `${length} ${length}`, strokeDashoffset: length }, { strokeDasharray: `${length} ${length}`, strokeDashoffset: 0 }], { duration: 450, easing: "ease-out" });
  for (const el of rest) play(el, [{ opacity: 0 }, { opacity: 0, offset: 0.8 }, { opacity: 1 }], { duration: 450 });
}

export function drawMap(view: WashiView, names: string[], list: Target[], label: string, table = ""): SVGElement {
  const W = view.width * CELL;
  const H = view.height * CELL;
  const rulers = svg("g", { class: "rulers", "aria-hidden": "true" });
  for (let c = 0; c < view.width; c++) rulers.append(svg("text", { x: c * CELL + CELL / 2, y: -MARGIN - 4 }, columnName(c)));
  for (let r = 0; r < view.height; r++) rulers.append(svg("text", { x: -MARGIN - RULER / 2, y: r * CELL + CELL / 2 + 4 }, String(r + 1)));
  const [x0, y0] = [-MARGIN - RULER, -MARGIN - RULER];
  const [vw, vh] = [W + 2 * MARGIN + RULER, H + 2 * MARGIN + RULER];
  return svg(
    "svg",
    { class: "washi-map", viewBox: `${x0} ${y0} ${vw} ${vh}`, role: "group", "aria-label": label, style: `--cols: ${view.width}` },
    svg("rect", { x: x0, y: y0, width: vw, height: vh, class: "table-top" }),
    rulers,
    terrain(view),
    strips(view, names),
    lines(view, table),
    fishes(view),
    cats(view, names),
    targets(view, list),
  );
}
