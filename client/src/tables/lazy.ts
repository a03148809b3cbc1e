// A table module fetched only when a table of its game opens: the tower's 3D table brings three.js
// (about 0.5 MB), which the lobby and the other tables never need.

import { t } from "../i18n";
import type { Action, GameResult, LogLine } from "../protocol";
import type { TableContext, TableModule } from "./types";

export function lazyTable(game: string, load: () => Promise<TableModule>): TableModule {
  let real: TableModule | null = null;
  let loading: Promise<void> | null = null;
  const start = (ctx: TableContext): void => {
    loading ??= load().then((module) => {
      real = module;
      ctx.redraw();
    });
  };
  return {
    game,
    render(root: HTMLElement, ctx: TableContext): void {
      if (real) return real.render(root, ctx);
      start(ctx);
      root.replaceChildren();
      const note = document.createElement("p");
      note.className = "loading";
      note.textContent = t("Loading the table…");
      root.append(note);
    },
    prompt: (ctx: TableContext) => (real ? real.prompt(ctx) : null),
    logLine: (line: LogLine, names: string[], me?: number | null) => (real ? real.logLine(line, names, me) : line.text), // me: "You take ..."
    describe: (action: Action, names: string[]) => (real ? real.describe(action, names) : JSON.stringify(action)),
    get rules(): string[] {
      return real ? real.rules : [];
    },
    why: (result: GameResult, names: string[], view: unknown) => (real?.why ? real.why(result, names, view) : null),
    breakdown: (result: GameResult, names: string[]) => (real ? real.breakdown(result, names) : null),
  };
}
