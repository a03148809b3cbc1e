// The registry of table modules, by game name: add a game's module here (tables/GAME.ts).
// A game without one is played through the generic table (its moves as buttons).

import { attackTable } from "./attack";
import { cafeTable } from "./cafe";
import { washiTable } from "./washi";
import { genericTable } from "./generic";
import { lazyTable } from "./lazy";
import type { TableModule } from "./types";

const MODULES: Record<string, TableModule> = {
  attack: attackTable,
  cafe: cafeTable,
  tower: lazyTable("tower", () => import("./tower").then((m) => m.towerTable)),
  washi: washiTable,
};

/** The game's own table, or the plain list of moves for a game without one, or when the page's address
 * asks for it (`?view=moves`: every legal move as a button, the easiest table for a screen reader). */
export function tableFor(game: string): TableModule {
  const plain = new URLSearchParams(window.location.search).get("view") === "moves";
  return (plain ? undefined : MODULES[game]) ?? genericTable(game);
}
