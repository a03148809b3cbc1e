// A state's `delta` (docs/PROTOCOL.md, "Deltas"): an RFC 6902 JSON Patch of `add`, `remove` and `replace`
// operations at RFC 6901 JSON Pointers, applied to the view of the version the client holds. Copy-on-write:
// only the objects and arrays along each path are copied, so the view held before (which a table module may
// still compare the new one with, as the tower does to animate) is never changed. Any operation that does
// not fit throws PatchError, and the connection then asks for the whole position.

import type { PatchOp } from "./generated/protocol";

export class PatchError extends Error {}

type Node = unknown;

function tokens(path: string): string[] {
  if (path === "") return [];
  if (!path.startsWith("/")) throw new PatchError(`a JSON Pointer starts with '/': ${path}`);
  return path
    .slice(1)
    .split("/")
    .map((t) => t.replace(/~1/g, "/").replace(/~0/g, "~"));
}

function index(head: string, size: number): number {
  if (!/^(0|[1-9][0-9]*)$/.test(head) || Number(head) >= size) throw new PatchError(`no item ${head} in a list of ${size}`);
  return Number(head);
}

function applyOne(doc: Node, op: PatchOp, path: string[]): Node {
  if (path.length === 0) {
    if (op.op === "remove") throw new PatchError("the whole document cannot be removed");
    return op.value;
  }
  const [head, ...rest] = path as [string, ...string[]];
  if (Array.isArray(doc)) {
    const out = doc.slice();
    const adding = op.op === "add" && rest.length === 0;
    const at = adding && head === "-" ? doc.length : index(head, doc.length + (adding ? 1 : 0));
    if (rest.length) out[at] = applyOne(doc[at], op, rest);
    else if (op.op === "add") out.splice(at, 0, op.value);
    else if (op.op === "remove") out.splice(at, 1);
    else out[at] = op.value;
    return out;
  }
  if (doc !== null && typeof doc === "object") {
    const obj = doc as Record<string, Node>;
    const has = Object.prototype.hasOwnProperty.call(obj, head);
    if ((rest.length || op.op !== "add") && !has) throw new PatchError(`no field ${head}`);
    const out: Record<string, Node> = { ...obj };
    if (rest.length) out[head] = applyOne(obj[head], op, rest);
    else if (op.op === "remove") delete out[head];
    else out[head] = op.value;
    return out;
  }
  throw new PatchError(`${head} names a part of a ${typeof doc}`);
}

/** `doc` with `patch` applied, as a new document sharing every part the patch does not touch. */
export function applyPatch(doc: Node, patch: PatchOp[]): Node {
  if (!Array.isArray(patch)) throw new PatchError("a patch is a list of operations");
  for (const op of patch) {
    if (!op || typeof op.path !== "string" || !["add", "remove", "replace"].includes(op.op)) throw new PatchError("not a patch operation");
    if (op.op !== "remove" && !("value" in op)) throw new PatchError(`'${op.op}' needs a value`);
    doc = applyOne(doc, op, tokens(op.path));
  }
  return doc;
}
