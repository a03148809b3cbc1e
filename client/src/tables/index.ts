// The registry of table modules, by game name: add a game's module here (tables/GAME.ts).
// A game without one is played through the generic table (its moves as buttons).

import { cafeTable } from "./cafe";
import { genericTable } from "./generic";
import { towerTable } from "./tower";
import type { TableModule } from "./types";

const MODULES: Record<string, TableModule> = {
  cafe: cafeTable,
  tower: towerTable,
};

export function tableFor(game: string): TableModule {
  return MODULES[game] ?? genericTable(game);
}
