// The table of a game without a drawing of its own yet: its moves as buttons, its view as text.

import { h } from "../dom";
import type { Action } from "../protocol";
import { T } from "../text";
import type { TableContext, TableModule } from "./types";

export function actionText(action: Action): string {
  return Object.entries(action)
    .map(([k, v]) => (k === "kind" ? String(v) : `${k} ${typeof v === "object" ? JSON.stringify(v) : String(v)}`))
    .join(" ");
}

export function genericTable(game: string): TableModule {
  return {
    game,
    render(root: HTMLElement, ctx: TableContext): void {
      const hint = ctx.hint ? JSON.stringify(ctx.hint) : null;
      const parts: (HTMLElement | null)[] = [
        h("p", { class: "note" }, T.unknownGame(game)),
        ctx.legal.length
          ? h(
              "section",
              { "aria-label": T.legalMoves },
              h("h3", {}, T.legalMoves),
              h(
                "div",
                { class: "moves" },
                ctx.legal.map((a) =>
                  h(
                    "button",
                    { class: `move legal${JSON.stringify(a) === hint ? " hinted" : ""}`, onclick: () => ctx.act(a) },
                    actionText(a),
                  ),
                ),
              ),
            )
          : null,
        h("details", {}, h("summary", {}, T.genericView), h("pre", { class: "json" }, JSON.stringify(ctx.view, null, 1))),
      ];
      for (const part of parts) if (part) root.append(part);
    },
    prompt: () => null,
    logLine: (line, names) => `${line.seat === null ? "" : `${names[line.seat] ?? line.seat}: `}${line.text}`,
    describe: (action) => actionText(action),
    rules: [],
    breakdown: () => null,
  };
}
