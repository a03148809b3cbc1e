"""What changed in a seat's view between two versions, as a small patch, and the patch applied (issue #29).

A table sends each watcher the position after every move; most moves change a few fields of a view that
may be kilobytes long (the tower's poses, a hand of cards). So a watcher that holds the view of the
version before gets only the difference, and its client applies it to the view it holds.

The form is RFC 6902 JSON Patch, restricted to its ``add``, ``remove`` and ``replace`` operations, each
with an RFC 6901 JSON Pointer ``path``: a standard that any client can read without our code, and one that
says a null value or a list edit exactly. (RFC 7396 JSON Merge Patch is smaller to write, but a null in it
means "remove the field", so a view field set to null cannot be said, and it rewrites a whole list for one
card played.) Lists are compared by their common start and end, so a card taken from the middle of a hand
is one ``remove``; where a list's edits would outnumber its items, the whole list is replaced instead.

Both functions are pure: ``diff`` never changes its arguments (a patch's values are the new view's own
objects, to be encoded at once), and ``apply`` copies only the containers along each path it changes, so
the view it is given stays as it was (a client may still be drawing it).
"""

from __future__ import annotations

import json
import math
from typing import Any

import orjson

from .protocol import PatchOp

Json = Any


class PatchError(ValueError):
    """A patch that does not fit the document it is applied to: the client asks for the whole view."""


def diff(old: Json, new: Json) -> list[PatchOp]:
    """The operations that turn ``old`` into ``new`` (both plain JSON: dicts with string or int keys,
    lists or tuples, strings, numbers, booleans, None); ``[]`` when they are equal."""
    ops: list[PatchOp] = []
    _diff(old, new, "", ops)
    return ops


def _same_scalar(a: Json, b: Json) -> bool:
    """Equal as JSON texts: ``True`` is not ``1``, ``1`` is not ``1.0`` and ``0.0`` is not ``-0.0`` (each
    is written differently; the tower's poses hold signed zeros)."""
    if type(a) is not type(b) or a != b:
        return False
    return type(a) is not float or a != 0 or math.copysign(1.0, a) == math.copysign(1.0, b)


def _diff(old: Json, new: Json, path: str, ops: list[PatchOp]) -> None:
    if isinstance(old, dict) and isinstance(new, dict):
        for key in old:
            if key not in new:
                ops.append({"op": "remove", "path": f"{path}/{_escape(key)}"})
        for key, value in new.items():
            where = f"{path}/{_escape(key)}"
            if key not in old:
                ops.append({"op": "add", "path": where, "value": value})
            elif not _equal(old[key], value):
                _diff(old[key], value, where, ops)
        return
    if isinstance(old, list | tuple) and isinstance(new, list | tuple):
        _diff_list(old, new, path, ops)
        return
    if not _equal(old, new):
        ops.append({"op": "replace", "path": path, "value": new})


def _diff_list(
    old: list[Json] | tuple[Json, ...], new: list[Json] | tuple[Json, ...], path: str, ops: list[PatchOp]
) -> None:
    """Keep the common start and end; edit the middle in place, then insert or remove what is left over."""
    n_old, n_new = len(old), len(new)
    shortest = min(n_old, n_new)
    start = 0
    for a, b in zip(old, new, strict=False):  # a tight loop: views hold long lists of small ints and strings
        if a is not b and not _equal(a, b):
            break
        start += 1
    end = 0
    while end < shortest - start:
        a, b = old[n_old - 1 - end], new[n_new - 1 - end]
        if a is not b and not _equal(a, b):
            break
        end += 1
    old_mid, new_mid = n_old - start - end, n_new - start - end
    mine: list[PatchOp] = []
    for i in range(start, start + min(old_mid, new_mid)):
        a, b = old[i], new[i]
        if a is not b and not _equal(a, b):
            _diff(a, b, f"{path}/{i}", mine)
    at = start + min(old_mid, new_mid)
    for i in range(new_mid - old_mid):
        mine.append({"op": "add", "path": f"{path}/{at + i}", "value": new[at + i]})
    mine.extend({"op": "remove", "path": f"{path}/{at}"} for _ in range(old_mid - new_mid))
    if len(mine) > len(new):  # more edits than items: one replace says it in fewer bytes
        ops.append({"op": "replace", "path": path, "value": new})
    else:
        ops.extend(mine)


def _equal(a: Json, b: Json) -> bool:
    """Equal as JSON texts. A container is compared by Python first (in C, and mostly unequal at once when
    it changed), then by its encoding, which tells ``1`` from ``1.0`` and ``True`` and ``0.0`` from ``-0.0``
    as the wire does: walking every unchanged part of a view in Python cost 5 to 40 times the whole
    message's building (benchmarks/bench_delta_bytes.py)."""
    if a is b:
        return True
    kind = type(a)
    if kind is type(b) and (kind is int or kind is str):
        return bool(a == b)
    if isinstance(a, dict | list | tuple) or isinstance(b, dict | list | tuple):
        if type(a) is type(b) and a != b:
            return False
        return _encoded(a) == _encoded(b)
    return _same_scalar(a, b)


def _encoded(value: Json) -> bytes:
    try:
        return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS)
    except TypeError:  # an integer beyond 64 bits: the standard encoder writes it
        return json.dumps(value, separators=(",", ":")).encode()


def _escape(key: Json) -> str:
    return str(key).replace("~", "~0").replace("/", "~1")


def _tokens(path: str) -> list[str]:
    if path == "":
        return []
    if not path.startswith("/"):
        raise PatchError(f"a JSON Pointer starts with '/': {path!r}")
    return [t.replace("~1", "/").replace("~0", "~") for t in path[1:].split("/")]


def apply(doc: Json, patch: list[PatchOp]) -> Json:
    """``doc`` with ``patch`` applied, as a new document sharing every part the patch does not touch;
    ``doc`` itself is never changed. ``PatchError`` if the patch does not fit ``doc``."""
    if not isinstance(patch, list):
        raise PatchError("a patch is a list of operations")
    for op in patch:
        if not isinstance(op, dict) or not isinstance(op.get("path"), str):
            raise PatchError(f"not a patch operation: {op!r}")
        doc = _apply_one(doc, op["op"], _tokens(op["path"]), op)
    return doc


def _apply_one(doc: Json, kind: Json, tokens: list[str], op: PatchOp) -> Json:
    if kind not in ("add", "remove", "replace"):
        raise PatchError(f"unknown patch operation: {kind!r}")
    if kind != "remove" and "value" not in op:
        raise PatchError(f"'{kind}' needs a value")
    if not tokens:
        if kind == "remove":
            raise PatchError("the whole document cannot be removed")
        return op["value"]
    head, rest = tokens[0], tokens[1:]
    if isinstance(doc, dict):
        if rest:
            if head not in doc:
                raise PatchError(f"no field {head!r}")
            return {**doc, head: _apply_one(doc[head], kind, rest, op)}
        if kind != "add" and head not in doc:
            raise PatchError(f"no field {head!r} to {kind}")
        out = dict(doc)
        if kind == "remove":
            del out[head]
        else:
            out[head] = op["value"]
        return out
    if isinstance(doc, list):
        size = len(doc) + (kind == "add" and not rest)
        if head == "-" and kind == "add" and not rest:
            index = len(doc)
        elif head.isdigit() and (head == "0" or not head.startswith("0")) and int(head) < size:
            index = int(head)
        else:
            raise PatchError(f"no item {head!r} in a list of {len(doc)}")
        out_list = list(doc)
        if rest:
            out_list[index] = _apply_one(doc[index], kind, rest, op)
        elif kind == "add":
            out_list.insert(index, op["value"])
        elif kind == "remove":
            del out_list[index]
        else:
            out_list[index] = op["value"]
        return out_list
    raise PatchError(f"{head!r} names a part of a {type(doc).__name__}")
