// The registry of table modules, by game name: add a game's module here (tables/GAME.ts).
// A game without one is played through the generic table (its moves as buttons).

import { attackTable } from "./attack";
import { cafeTable } from "./cafe";
import { washiTable } from "./washi";
import { genericTable } from "./generic";
import type { TableModule } from "./types";

const MODULES: Record<string, TableModule> = {
  attack: attackTable,
  cafe: cafeTable,
  washi: washiTable,
};

export function tableFor(game: string): TableModule {
  return MODULES[game] ?? genericTable(game);
}
