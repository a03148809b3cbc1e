// Moves that can be followed: short animations of what just happened (a Cat Attack pawn travelling its
// path, Cat Cafe's dice rolling and the marks revealed together, a Washi line drawn), none when the reader
// asks for less motion (prefers-reduced-motion). The page's own attributes always say the server's
// position at once: an animation only shows the way there (Web Animations with no fill), so when it ends,
// or is skipped, or a newer position comes first, the page stands exactly where the server says.

/** Whether the reader asked for less motion. */
export function still(): boolean {
  return typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** Run a short animation on ``el`` unless motion is reduced. */
export function play(el: Element, keyframes: Keyframe[], options: KeyframeAnimationOptions): Animation | null {
  if (still() || typeof el.animate !== "function") return null;
  return el.animate(keyframes, { fill: "none", ...options });
}

/** What a table drew last, per table and kind: to tell what is new in the position just drawn. */
const seen = new Map<string, Set<string>>();

/** The keys in ``now`` that were not there the last time ``what`` was drawn for ``table`` (none the first
 * time: a page opened mid-game shows the position as it stands, without replaying it). */
export function fresh(table: string, what: string, now: Iterable<string>): Set<string> {
  const key = `${table}/${what}`;
  const before = seen.get(key);
  const current = new Set(now);
  seen.set(key, current);
  if (!before) return new Set();
  return new Set([...current].filter((k) => !before.has(k)));
}
