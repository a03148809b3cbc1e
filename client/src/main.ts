// The client's entry: one page, routed by its path. The lobby at /, a table at /t/<table> (?seat=N to
// choose which of my seats, ?watch to spectate), an invite at /join/<code>, a replay at /replay/<table>.

import "./style.css";
import { clear, h } from "./dom";
import { joinPage, lobbyPage } from "./lobby";
import { replayPage } from "./replay";
import { tablePage } from "./table";
import { T } from "./text";

function route(): void {
  // index.html's skip link is written in English before any script runs: say it in the reader's language
  const skip = document.querySelector<HTMLElement>("a.skip");
  if (skip) skip.textContent = T.skip;
  const root = document.getElementById("app")!;
  const parts = location.pathname.split("/").filter(Boolean).map(decodeURIComponent);
  const params = new URLSearchParams(location.search);
  if (parts[0] === "t" && parts[1]) tablePage(root, parts[1], params);
  else if (parts[0] === "join" && parts[1]) void joinPage(root, parts[1]);
  else if (parts[0] === "replay" && parts[1]) void replayPage(root, parts[1], params);
  else if (parts.length === 0) void lobbyPage(root);
  else clear(root, h("main", { id: "main" }, h("p", {}, T.noSuchTable), h("a", { href: "/" }, T.backToLobby)));
}

route();
