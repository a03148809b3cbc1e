// Tables open to strangers (docs/PROTOCOL.md, "Open tables and quick play"): quick play seats this person at
// an open table of the chosen game, or opens one whose free seats go to bots after the wait chosen here;
// the open tables waiting for players, each with a seat to take. No invite code is ever shown or needed.

import { clear, h } from "./dom";
import { api, type GameInfo, type OpenTable, type SeatTaken } from "./protocol";
import { holdSeat } from "./storage";
import { S } from "./social-text";
import { T } from "./text";

const NAME = "cattable.name";

function seated(got: SeatTaken, game: string, name: string): void {
  holdSeat({ table: got.table, seat: got.seat, token: got.token, game, name });
  location.assign(`/t/${got.table}?seat=${got.seat}`);
}

export function quickPlay(games: GameInfo[], titleOf: (g: GameInfo) => string): HTMLElement {
  const gameSel = h("select", { name: "quick-game", "aria-label": T.game }, games.map((g) => h("option", { value: g.name }, titleOf(g))));
  gameSel.value = games.find((g) => g.name === "cafe")?.name ?? games[0]!.name;
  const name = h("input", { name: "quick-name", maxlength: 64, value: localStorage.getItem(NAME) ?? "", placeholder: T.defaultName(0) });
  const wait = h("input", { name: "quick-fill", type: "number", min: 0, max: 3600, value: 60 });
  const error = h("p", { class: "notice", role: "alert" });
  const list = h("div", { class: "open-tables" });
  const who = (): string => {
    localStorage.setItem(NAME, name.value.trim());
    return name.value.trim();
  };

  async function go(): Promise<void> {
    error.textContent = "";
    try {
      const got = await api.quickPlay({ game: gameSel.value, name: who(), fill_after: Number(wait.value) });
      seated(got, gameSel.value, name.value.trim() || T.defaultName(got.seat));
    } catch (err) {
      error.textContent = T.refused((err as Error).message);
    }
  }

  async function take(t: OpenTable): Promise<void> {
    error.textContent = "";
    try {
      const got = await api.takeSeat(t.table, who());
      seated(got, t.game, name.value.trim() || T.defaultName(got.seat));
    } catch (err) {
      error.textContent = T.refused((err as Error).message);
      void refresh();
    }
  }

  async function refresh(): Promise<void> {
    let open: OpenTable[] = [];
    try {
      open = await api.openTables();
    } catch {
      return;
    }
    const title = (game: string): string => {
      const g = games.find((x) => x.name === game);
      return g ? titleOf(g) : game;
    };
    clear(
      list,
      h("h3", {}, S.openTables),
      open.length
        ? h(
            "ul",
            { class: "my-tables" },
            open.map((t) =>
              h(
                "li",
                { class: "open-table", "data-table": t.table },
                h("strong", {}, title(t.game)),
                h("span", {}, ` ${t.seats.map((s) => (s.free ? "○" : s.name)).join(", ")} `),
                h("span", { class: "tag" }, S.freeSeats(t.seats.filter((s) => s.free).length)),
                h("button", { type: "button", onclick: () => void take(t) }, S.takeSeat),
              ),
            ),
          )
        : h("p", {}, S.noOpenTables),
    );
  }
  void refresh();
  setInterval(() => void refresh(), 10000);

  return h(
    "div",
    { class: "quick-play" },
    h("p", {}, S.quickHelp),
    h(
      "form",
      {
        class: "row",
        onsubmit: (event: Event) => {
          event.preventDefault();
          void go();
        },
      },
      h("label", { class: "field" }, h("span", {}, T.game), gameSel),
      h("label", { class: "field" }, h("span", {}, S.yourName), name),
      h("label", { class: "field" }, h("span", {}, S.fillAfter), wait),
      h("button", { type: "submit", class: "primary quick" }, S.quickButton),
    ),
    error,
    list,
  );
}
