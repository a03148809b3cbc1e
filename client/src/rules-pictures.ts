// The rules in short, in pictures (issue #32): a few small drawings beside each game's rules paragraphs,
// each showing one thing the words say (a die picking a floor, a line drawn one space on, a Mog card moving
// a cat, two walls under a floor). Drawn here as SVG with the lobby's helpers (games-intro.ts), each named
// for a screen reader in the reader's language; they shrink with the panel, never wider than the page.

import { h, svg } from "./dom";
import { t } from "./i18n";
import { INK, catShape, die, pips } from "./games-intro";

const ORANGE = "#e69f00";
const SKY = "#56b4e9";
const GREEN = "#009e73";
const BLUE = "#0072b2";
const RED = "#d55e00";
const PINK = "#cc79a7";
const PAPER = "#fbf8f2";
const FAINT = "#d8d2c4";

interface Picture {
  label: string;
  parts: SVGElement[];
}

/** An arrow from (x1, y1) to (x2, y2), its head drawn (no marker: ids would clash between pictures). */
function arrow(x1: number, y1: number, x2: number, y2: number, colour = INK, dashed = false): SVGElement {
  const a = Math.atan2(y2 - y1, x2 - x1);
  const head = (d: number): string => `${x2 - 6 * Math.cos(a + d)} ${y2 - 6 * Math.sin(a + d)}`;
  return svg(
    "path",
    {
      d: `M${x1} ${y1}L${x2} ${y2}M${head(0.5)}L${x2} ${y2}L${head(-0.5)}`,
      fill: "none",
      stroke: colour,
      "stroke-width": 2,
      "stroke-linecap": "round",
      "stroke-linejoin": "round",
      "stroke-dasharray": dashed ? "4 3" : null,
    },
  );
}

function digit(x: number, y: number, text: string, size = 9): SVGElement {
  return svg("text", { x, y, "text-anchor": "middle", "font-size": size, fill: INK, "font-family": "sans-serif" }, text);
}

// --- Cat Cafe -----------------------------------------------------------------------------------------

function cafePictures(): Picture[] {
  const draft: SVGElement[] = [];
  const colours = [ORANGE, SKY, PINK];
  [5, 2, 6, 3].forEach((n, i) => draft.push(die(6 + i * 28, 6, pips(n))));
  colours.forEach((c, i) => draft.push(arrow(18 + i * 28, 34, 18 + i * 28, 50), catShape(8 + i * 28, 76, 20, c)));
  draft.push(svg("circle", { cx: 102, cy: 18, r: 16, fill: "none", stroke: GREEN, "stroke-width": 2, "stroke-dasharray": "4 3" }));

  const sheet: SVGElement[] = [die(4, 8, pips(3)), die(4, 48, pips(2))];
  for (let floor = 1; floor <= 6; floor++) {
    const y = 76 - floor * 11;
    sheet.push(
      svg("rect", { x: 74, y, width: 38, height: 11, fill: floor === 3 ? "#fde8b0" : PAPER, stroke: INK }),
      digit(66, y + 8.5, String(floor), 8),
    );
  }
  sheet.push(
    arrow(30, 20, 70, 46),
    arrow(30, 60, 84, 49, BLUE),
    svg("circle", { cx: 93, cy: 48.5, r: 4, fill: SKY, stroke: INK }),
    svg("path", { d: "M90 46.5q3 2 6 0M90 50.5q3 -2 6 0", fill: "none", stroke: INK, "stroke-width": 0.8 }),
  );

  const paw = (x: number, y: number): SVGElement[] => [
    svg("ellipse", { cx: x, cy: y + 4, rx: 7, ry: 6, fill: INK }),
    ...[-8, -3, 3, 8].map((dx, i) => svg("circle", { cx: x + dx, cy: y - 5 - (i === 1 || i === 2 ? 3 : 0), r: 2.6, fill: INK })),
  ];
  const footprint: SVGElement[] = [die(6, 30, pips(4)), ...paw(60, 24), arrow(36, 54, 84, 54), die(90, 30, pips(5))];

  return [
    { label: t("Dice rolled, one more than the players: each player drafts one and the last die is shared"), parts: draft },
    { label: t("On a sheet: one die gives the floor (here 3), the other the item drawn there (a 2: a yarn ball)"), parts: sheet },
    { label: t("A footprint spent turns a die by one: a 4 becomes a 5"), parts: footprint },
  ];
}

// --- Tokyo Washi --------------------------------------------------------------------------------------

/** A small grid map: ``cols`` by ``rows`` spaces of 16 from (8, 6); a space's centre by column and row. */
function grid(cols: number, rows: number): { parts: SVGElement[]; at: (c: number, r: number) => [number, number] } {
  const parts: SVGElement[] = [];
  for (let i = 0; i <= cols; i++) parts.push(svg("path", { d: `M${8 + i * 16} 6v${rows * 16}`, stroke: FAINT }));
  for (let j = 0; j <= rows; j++) parts.push(svg("path", { d: `M8 ${6 + j * 16}h${cols * 16}`, stroke: FAINT }));
  return { parts, at: (c, r) => [16 + c * 16, 14 + r * 16] };
}

function line(points: [number, number][], colour: string, dashed = false): SVGElement {
  return svg("path", {
    d: points.map(([x, y], i) => `${i ? "L" : "M"}${x} ${y}`).join(""),
    fill: "none",
    stroke: colour,
    "stroke-width": 4,
    "stroke-linecap": "round",
    "stroke-linejoin": "round",
    "stroke-dasharray": dashed ? "3 4" : null,
  });
}

function fish(x: number, y: number, colour: string): SVGElement {
  return svg("path", { d: `M${x - 6} ${y}q6 -6 12 0q-6 6 -12 0zM${x + 6} ${y}l4 -4v8z`, fill: colour, stroke: INK, "stroke-width": 0.6 });
}

function washiPictures(): Picture[] {
  const g1 = grid(6, 4);
  const path: [number, number][] = [g1.at(1, 3), g1.at(1, 2), g1.at(2, 2), g1.at(2, 1)];
  const [ex, ey] = g1.at(2, 1);
  const step = [
    ...g1.parts,
    svg("rect", { x: 8, y: 54, width: 96, height: 16, fill: "#c9c9cf", opacity: 0.6 }),
    line(path, RED),
    arrow(ex, ey, ex, ey - 14, RED, true),
    arrow(ex, ey, ex + 14, ey, RED, true),
    arrow(ex, ey, ex - 14, ey, RED, true),
    catShape(g1.at(1, 3)[0] - 6, 70, 12, RED),
  ];

  const g2 = grid(6, 4);
  const there: [number, number][] = [g2.at(1, 3), g2.at(1, 2), g2.at(2, 2), g2.at(2, 1), g2.at(2, 0), g2.at(3, 0)];
  const back: [number, number][] = [g2.at(3, 0), g2.at(4, 0), g2.at(4, 1), g2.at(4, 2), g2.at(4, 3)];
  const home = [
    ...g2.parts,
    svg("rect", { x: 8, y: 54, width: 96, height: 16, fill: "#c9c9cf", opacity: 0.6 }),
    line(there, BLUE),
    line(back, BLUE, true),
    fish(g2.at(3, 0)[0], g2.at(3, 0)[1], ORANGE),
    catShape(g2.at(4, 3)[0] - 6, 70, 12, BLUE),
  ];

  const g3 = grid(6, 4);
  const mine: [number, number][] = [g3.at(2, 3), g3.at(2, 2), g3.at(2, 1)];
  const theirs: [number, number][] = [g3.at(0, 3), g3.at(0, 2), g3.at(1, 2), g3.at(1, 1), g3.at(1, 0), g3.at(2, 0), g3.at(3, 0), g3.at(3, 1), g3.at(3, 2), g3.at(3, 3)];
  const [tx, ty] = g3.at(2, 1);
  const trapped = [
    ...g3.parts,
    line(theirs, GREEN),
    line(mine, RED),
    catShape(tx - 6, ty + 5, 12, RED),
    svg("path", { d: "M108 20l8 8M116 20l-8 8", stroke: RED, "stroke-width": 3, "stroke-linecap": "round" }),
  ];

  return [
    { label: t("A cat's line grows by one space a turn: up, down, left or right, onto a space with no line"), parts: step },
    { label: t("The line reaches the far row, picks up a fish there and comes back to its own row"), parts: home },
    { label: t("A cat whose line has no free space beside it is trapped"), parts: trapped },
  ];
}

// --- Cat Attack ---------------------------------------------------------------------------------------

function card(x: number, y: number, text: string): SVGElement {
  return svg(
    "g",
    {},
    svg("rect", { x, y, width: 22, height: 32, rx: 3, fill: "#fff", stroke: INK, "stroke-width": 2 }),
    digit(x + 11, y + 21, text, 13),
  );
}

function street(x: number, y: number, spaces: number): SVGElement[] {
  const out: SVGElement[] = [svg("rect", { x, y, width: spaces * 18, height: 18, fill: "#8a8a94" })];
  for (let i = 1; i < spaces; i++) out.push(svg("path", { d: `M${x + i * 18} ${y + 2}v14`, stroke: "#fff", "stroke-dasharray": "3 2" }));
  return out;
}

function mouse(x: number, y: number): SVGElement[] {
  return [svg("ellipse", { cx: x, cy: y, rx: 6, ry: 4, fill: PINK, stroke: INK }), svg("path", { d: `M${x + 6} ${y}q5 0 6 -5`, fill: "none", stroke: INK })];
}

function attackPictures(): Picture[] {
  const move = [
    card(4, 10, "3"),
    ...street(30, 46, 5),
    catShape(33, 62, 12, ORANGE),
    svg("path", { d: "M39 44q9 -12 18 0q9 -12 18 0q9 -12 18 0", fill: "none", stroke: INK, "stroke-width": 1.5, "stroke-dasharray": "3 2" }),
    arrow(86, 38, 93, 44),
    catShape(87, 62, 12, ORANGE),
  ];
  move[move.length - 1]!.setAttribute("opacity", "0.55");

  const catch_ = [
    ...street(12, 46, 5),
    catShape(15, 62, 12, ORANGE),
    ...mouse(75, 55),
    svg("path", { d: "M21 44q27 -22 54 0", fill: "none", stroke: INK, "stroke-width": 1.5, "stroke-dasharray": "3 2" }),
    arrow(70, 40, 75, 45),
    svg("path", { d: "M88 26l10 -8l10 8l-10 -3z", fill: SKY, stroke: INK, "stroke-width": 1.5 }),
  ];

  const foods = [ORANGE, SKY, GREEN, BLUE, RED, PINK];
  const larder: SVGElement[] = [svg("rect", { x: 4, y: 10, width: 58, height: 40, rx: 4, fill: PAPER, stroke: INK, "stroke-width": 2 })];
  foods.forEach((c, i) => larder.push(svg("circle", { cx: 15 + (i % 3) * 18, cy: 22 + Math.floor(i / 3) * 16, r: 6, fill: c, stroke: INK })));
  larder.push(
    arrow(66, 40, 82, 40),
    svg("path", { d: "M88 60v-22l14 -12l14 12v22z", fill: "#fff", stroke: INK, "stroke-width": 2 }),
    catShape(96, 60, 12, ORANGE),
    die(30, 54, pips(4)),
  );

  return [
    { label: t("A Cat card of 3 moves your cat exactly three spaces along the street"), parts: move },
    { label: t("A cat that lands on a mouse or a bird catches it"), parts: catch_ },
    { label: t("Six different foods in the larder, then home by the die: that cat wins"), parts: larder },
  ];
}

// --- Cat and the Tower --------------------------------------------------------------------------------

function storey(x: number, y: number, w: number, wall = ORANGE): SVGElement[] {
  return [
    svg("rect", { x: x + 6, y: y - 18, width: 6, height: 18, fill: wall, stroke: INK }),
    svg("rect", { x: x + w - 12, y: y - 18, width: 6, height: 18, fill: GREEN, stroke: INK }),
    svg("rect", { x, y: y - 22, width: w, height: 4, fill: BLUE, stroke: INK }),
  ];
}

function towerPictures(): Picture[] {
  const build = [
    svg("path", { d: "M4 76h112", stroke: INK, "stroke-width": 2 }),
    ...storey(30, 76, 60),
    ...storey(34, 54, 52),
    catShape(50, 32, 20, "#3a3a3a"),
  ];

  const actionCard = (x: number, y: number, lifted: boolean): SVGElement =>
    svg(
      "g",
      { opacity: lifted ? 1 : 0.8 },
      svg("rect", { x, y, width: 24, height: 34, rx: 3, fill: "#fff", stroke: INK, "stroke-width": lifted ? 2.5 : 1.5 }),
      svg("rect", { x: x + 6, y: y + 14, width: 3, height: 12, fill: ORANGE }),
      svg("rect", { x: x + 15, y: y + 14, width: 3, height: 12, fill: GREEN }),
      svg("rect", { x: x + 4, y: y + 10, width: 16, height: 3, fill: BLUE }),
    );
  const take = [actionCard(4, 6, false), actionCard(32, 6, true), actionCard(60, 6, false), arrow(50, 44, 76, 62), catShape(82, 76, 20, ORANGE)];

  const climb = [
    svg("path", { d: "M4 76h112", stroke: INK, "stroke-width": 2 }),
    ...storey(20, 76, 64),
    ...storey(24, 54, 56),
    svg("path", { d: "M72 32v-22l14 5l-14 5", fill: RED, stroke: INK }),
    catShape(30, 54, 16, "#3a3a3a"),
    arrow(44, 48, 54, 36),
  ];

  return [
    { label: t("Two walls standing on a floor, another floor on them, a cat on top"), parts: build },
    { label: t("Take one of the face-up Action cards and place its pieces"), parts: take },
    { label: t("A Goal card met on the floor above lets the black cat climb"), parts: climb },
  ];
}

const PICTURES: Record<string, () => Picture[]> = { cafe: cafePictures, washi: washiPictures, attack: attackPictures, tower: towerPictures };

/** A game's rules in pictures: a row of small drawings, each an image with its words (none for a game
 * without pictures). */
export function rulesPictures(game: string): HTMLElement | null {
  const pictures = PICTURES[game]?.() ?? [];
  if (!pictures.length) return null;
  return h(
    "div",
    { class: "rules-pictures" },
    pictures.map(({ label, parts }) =>
      svg("svg", { class: "rules-picture", viewBox: "0 0 120 80", width: 120, height: 80, role: "img", "aria-label": label }, svg("title", {}, label), ...parts),
    ),
  );
}
