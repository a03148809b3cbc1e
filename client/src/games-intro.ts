// The lobby's "The games": what each game is, in a line and a small picture (drawn here as SVG, so it
// needs no image file and follows the page's language in its label), and the same line under the open
// form's game choice.

import { h, svg } from "./dom";
import { t } from "./i18n";
import type { GameInfo } from "./protocol";
import { G, GUIDED, startGuided } from "./guide";
import { T } from "./text";

/** Each game in a line: what you do and how you win. */
export function gameLine(game: string): string {
  const lines: Record<string, string> = {
    cafe: t("Draft dice, then draw cat toys on the floors of your towers: each toy scores its own way, and a cat house scores a cat's favourite."),
    washi: t("Draw a line for each of your two cats across a paper Tokyo, fetch a fish and bring both cats home first."),
    attack: t("Play Mog cards to move your cat round town, catch mice and birds, fill your larder and get home with nine lives."),
    tower: t("Build a tower of walls and floors together, in a real physics world, so that the black cat can climb to the top before it falls."),
  };
  return lines[game] ?? "";
}

/** What the picture shows, for a screen reader. */
function pictureWords(game: string): string {
  const words: Record<string, string> = {
    cafe: t("Two dice beside a tower of floors with a yarn ball and a cushion drawn on it"),
    washi: t("A grid map with a cat's line drawn from its row to a fish"),
    attack: t("A board of streets with a cat, a mouse and a Mog card"),
    tower: t("A tower of three floors on walls with a cat on top"),
  };
  return words[game] ?? game;
}

export const INK = "#1d1d1f";

/** A die 24 wide at (x, y) with its pips (offsets inside the die). */
export function die(x: number, y: number, pips: [number, number][]): SVGElement {
  return svg("g", {}, svg("rect", { x, y, width: 24, height: 24, rx: 4, fill: "#fff", stroke: INK, "stroke-width": 2 }), ...pips.map(([px, py]) => svg("circle", { cx: x + px, cy: y + py, r: 2.6, fill: INK })));
}

/** The pips of a die's face (1 to 6), as die() takes them. */
export function pips(n: number): [number, number][] {
  const faces: Record<number, [number, number][]> = {
    1: [[12, 12]],
    2: [[6, 6], [18, 18]],
    3: [[6, 6], [12, 12], [18, 18]],
    4: [[6, 6], [18, 6], [6, 18], [18, 18]],
    5: [[6, 6], [18, 6], [12, 12], [6, 18], [18, 18]],
    6: [[6, 6], [18, 6], [6, 12], [18, 12], [6, 18], [18, 18]],
  };
  return faces[n] ?? [];
}

/** A cat's head and shoulders, ``w`` wide, standing on (x, y) (the pictures' cat, at any size). */
export function catShape(x: number, y: number, w: number, fill: string): SVGElement {
  return svg("path", { d: "M0 0v-14l4 -7l4 5h6l4 -5l4 7v14z", transform: `translate(${x} ${y}) scale(${w / 24})`, fill, stroke: INK, "stroke-width": 24 / w });
}

function cafePicture(): SVGElement[] {
  const floors = [0, 1, 2].map((i) => svg("rect", { x: 62, y: 50 - i * 18, width: 40, height: 16, fill: "#fbf8f2", stroke: INK, "stroke-width": 2 }));
  return [
    die(6, 14, [[12, 12]]),
    die(20, 42, [[6, 6], [12, 12], [18, 18]]),
    ...floors,
    svg("circle", { cx: 74, cy: 40, r: 5, fill: "#56b4e9", stroke: INK }),
    svg("rect", { x: 84, y: 18, width: 12, height: 7, rx: 3, fill: "#0072b2", stroke: INK }),
  ];
}

function washiPicture(): SVGElement[] {
  const out: SVGElement[] = [];
  for (let i = 0; i <= 6; i++) out.push(svg("path", { d: `M${6 + i * 16} 6v60`, stroke: "#d8d2c4" }));
  for (let j = 0; j <= 4; j++) out.push(svg("path", { d: `M6 ${6 + j * 15}h96`, stroke: "#d8d2c4" }));
  out.push(
    svg("path", { d: "M14 58V44h32V28h16V14h24", fill: "none", stroke: "#d55e00", "stroke-width": 4, "stroke-linecap": "round", "stroke-linejoin": "round" }),
    svg("path", { d: "M80 14l8 -5v10z M88 14a6 4 0 1 1 0 .1", fill: "#0072b2" }),
    svg("path", { d: "M8 66v-10l3 -5l3 4h4l3 -4l3 5v10z", fill: "#d55e00", stroke: INK }),
  );
  return out;
}

function attackPicture(): SVGElement[] {
  return [
    svg("path", { d: "M4 38h100M54 4v64", stroke: "#8a8a94", "stroke-width": 12 }),
    svg("path", { d: "M4 38h100M54 4v64", stroke: "#fff", "stroke-width": 1, "stroke-dasharray": "4 4" }),
    svg("path", { d: "M20 48v-14l4 -7l4 5h6l4 -5l4 7v14z", fill: "#e69f00", stroke: INK }),
    svg("ellipse", { cx: 72, cy: 40, rx: 8, ry: 5, fill: "#cc79a7", stroke: INK }),
    svg("path", { d: "M80 40q6 0 8 -6", fill: "none", stroke: INK }),
    svg("rect", { x: 84, y: 6, width: 18, height: 26, rx: 3, fill: "#fff", stroke: INK, "stroke-width": 2 }),
    svg("text", { x: 93, y: 24, "text-anchor": "middle", "font-size": 12, fill: INK }, "3"),
  ];
}

function towerPicture(): SVGElement[] {
  const out: SVGElement[] = [];
  for (let i = 0; i < 3; i++) {
    const y = 62 - i * 20;
    out.push(svg("rect", { x: 30, y: y - 16, width: 6, height: 16, fill: "#e69f00", stroke: INK }), svg("rect", { x: 72, y: y - 16, width: 6, height: 16, fill: "#009e73", stroke: INK }));
    out.push(svg("rect", { x: 22, y: y - 20, width: 64, height: 4, fill: "#0072b2", stroke: INK }));
  }
  out.push(svg("path", { d: "M46 22v-12l3 -6l4 5h6l4 -5l3 6v12z", fill: INK }));
  return out;
}

/** A game's picture, 108 by 72, named for a screen reader. */
export function gamePicture(game: string): SVGElement {
  const draw: Record<string, () => SVGElement[]> = { cafe: cafePicture, washi: washiPicture, attack: attackPicture, tower: towerPicture };
  const label = pictureWords(game);
  return svg("svg", { class: "game-picture", viewBox: "0 0 108 72", width: 108, height: 72, role: "img", "aria-label": label }, svg("title", {}, label), ...(draw[game]?.() ?? []));
}

/** The lobby's section: each game with its picture, its line and how many play. */
export function gamesIntro(games: GameInfo[], titleOf: (name: string) => string): HTMLElement {
  return h(
    "ul",
    { class: "game-intros" },
    games.map((g) =>
      h(
        "li",
        { class: "game-intro", "data-game": g.name },
        gamePicture(g.name),
        h(
          "div",
          {},
          h("h3", {}, titleOf(g.name)),
          h("p", { class: "line" }, gameLine(g.name)),
          h("p", { class: "muted players" }, t("{min} to {max} players", { min: g.players[0] ?? 1, max: g.players[1] ?? 1 })),
          GUIDED[g.name] ? learnButton(g.name, titleOf(g.name)) : null,
        ),
      ),
    ),
  );
}

/** "Learn by playing": a short guided game of this game against a bot (guide.ts). */
function learnButton(game: string, title: string): HTMLElement {
  const error = h("span", { class: "notice", role: "alert" });
  const button = h("button", { type: "button", class: "learn", "aria-label": G.learnLabel(title), "data-game": game }, G.learn);
  button.addEventListener("click", async () => {
    button.disabled = true;
    error.textContent = "";
    try {
      await startGuided(game, localStorage.getItem("cattable.name") ?? "");
    } catch (err) {
      button.disabled = false;
      error.textContent = T.refused((err as Error).message);
    }
  });
  return h("p", { class: "learn-row" }, button, error);
}
