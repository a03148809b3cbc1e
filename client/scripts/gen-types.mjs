// Turns each committed schemas/GAME.json (written by `python -m cattable.interfaces.web.schemas`) into
// src/generated/GAME.ts: the TypeScript types of that game's actions and views, never written by hand; and
// schemas/protocol.json (the server's messages and HTTP bodies, from cattable.server.protocol) into
// src/generated/protocol.ts, which src/protocol.ts uses.
import { readdirSync, readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { compile } from "json-schema-to-typescript";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const schemas = join(root, "schemas");
const out = join(root, "src", "generated");
mkdirSync(out, { recursive: true });

// json-schema-to-typescript reads draft-07: a 2020-12 tuple (prefixItems, items: false) becomes items: [...].
function toDraft7(node) {
  if (Array.isArray(node)) return node.map(toDraft7);
  if (node === null || typeof node !== "object") return node;
  const out = {};
  for (const [key, value] of Object.entries(node)) out[key] = toDraft7(value);
  if (out.prefixItems) {
    out.additionalItems = out.items === false ? false : (out.items ?? true);
    out.items = out.prefixItems;
    delete out.prefixItems;
  }
  delete out.$schema;
  return out;
}

// The action's and the view's schemas may each define a $defs entry of the same name (attack's "space"):
// the view's is renamed so both can live in one module.
function renameDefs(schema, taken) {
  const renames = {};
  for (const key of Object.keys(schema.$defs ?? {})) if (taken.has(key)) renames[key] = `view_${key}`;
  const walk = (node) => {
    if (Array.isArray(node)) return node.map(walk);
    if (node === null || typeof node !== "object") return node;
    const out = {};
    for (const [key, value] of Object.entries(node)) {
      if (key === "$ref" && typeof value === "string") {
        const name = value.replace("#/$defs/", "");
        out[key] = renames[name] ? `#/$defs/${renames[name]}` : value;
      } else out[key] = walk(value);
    }
    return out;
  };
  const renamed = walk(schema);
  if (renamed.$defs) {
    renamed.$defs = Object.fromEntries(Object.entries(renamed.$defs).map(([k, v]) => [renames[k] ?? k, v]));
  }
  return renamed;
}

const pascal = (s) => s.replace(/(^|[-_])(\w)/g, (_, __, c) => c.toUpperCase());
const games = [];
const PROTOCOL = "protocol.json";
for (const file of readdirSync(schemas).filter((f) => f.endsWith(".json") && f !== PROTOCOL).sort()) {
  const game = file.replace(/\.json$/, "");
  const parts = JSON.parse(readFileSync(join(schemas, file), "utf-8"));
  // One schema holding both parts, their $defs shared where equal (renamed where they differ), so that
  // each type is declared once: GameAction, GameView and the named definitions (Item, Space, ...).
  const action = parts.action;
  const same = (k) => JSON.stringify(action.$defs?.[k]) === JSON.stringify(parts.view.$defs?.[k]);
  const clash = new Set(Object.keys(action.$defs ?? {}).filter((k) => k in (parts.view.$defs ?? {}) && !same(k)));
  const view = renameDefs(parts.view, clash);
  const strip = (x, title) => {
    const { $defs: _defs, $id: _id, $schema: _schema, ...rest } = x;
    return { ...rest, title };
  };
  const names = [`${pascal(game)}Action`, `${pascal(game)}View`];
  const whole = toDraft7({
    title: `${pascal(game)}Schemas`,
    type: "object",
    properties: { action: { $ref: `#/$defs/${names[0]}` }, view: { $ref: `#/$defs/${names[1]}` } },
    required: ["action", "view"],
    additionalProperties: false,
    $defs: {
      ...(action.$defs ?? {}),
      ...(view.$defs ?? {}),
      [names[0]]: strip(action, names[0]),
      [names[1]]: strip(view, names[1]),
    },
  });
  let text = `// Generated from client/schemas/${file} by scripts/gen-types.mjs: do not edit.\n`;
  text += await compile(whole, whole.title, {
    bannerComment: "",
    additionalProperties: false,
    format: false,
    ignoreMinAndMaxItems: true,
    unreachableDefinitions: true,
  });
  writeFileSync(join(out, `${game}.ts`), text);
  games.push(game);
}
// The protocol: every definition exported under its own name (StateMessage, LogLine, Opened, ...).
{
  const proto = JSON.parse(readFileSync(join(schemas, PROTOCOL), "utf-8"));
  const defs = proto.$defs ?? {};
  const whole = toDraft7({
    title: "Protocol",
    type: "object",
    properties: Object.fromEntries(Object.keys(defs).map((k) => [k, { $ref: `#/$defs/${k}` }])),
    additionalProperties: false,
    $defs: defs,
  });
  let text = `// Generated from client/schemas/${PROTOCOL} by scripts/gen-types.mjs: do not edit.\n`;
  text += `export const PROTOCOL_VERSION = ${JSON.stringify(proto.version)};\n`;
  text += await compile(whole, "Protocol", {
    bannerComment: "",
    additionalProperties: false,
    format: false,
    unreachableDefinitions: true,
  });
  writeFileSync(join(out, "protocol.ts"), text);
}

writeFileSync(
  join(out, "games.ts"),
  "// Generated by scripts/gen-types.mjs: the games whose schemas the client was built with.\n" +
    `export const SCHEMA_GAMES = ${JSON.stringify(games)} as const;\n`,
);
console.log(`types for ${games.join(", ")} and the protocol in src/generated/`);
