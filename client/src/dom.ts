// A tiny element builder: the client draws with plain DOM, no framework.

export type Child = Node | string | number | null | undefined | false;
type Attrs = { [name: string]: string | number | boolean | null | undefined | ((event: Event) => void) };

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Attrs = {},
  ...children: (Child | Child[])[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (typeof value === "function") el.addEventListener(name.replace(/^on/, ""), value);
    else if (value === true) el.setAttribute(name, "");
    else el.setAttribute(name, String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : String(child));
  }
  return el;
}

export function clear(el: Element, ...children: (Child | Child[])[]): void {
  el.replaceChildren();
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : String(child));
  }
}

export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false; // no clipboard (an insecure origin): the text stays selectable on the page
  }
}

const SVG_NS = "http://www.w3.org/2000/svg";
type SvgAttrs = Record<string, string | number | null | undefined>;

/** An SVG element (h() makes HTML elements only): the boards of Tokyo Washi and Cat Attack. */
export function svg(tag: string, attrs: SvgAttrs = {}, ...children: (SVGElement | string | null)[]): SVGElement {
  const el = document.createElementNS(SVG_NS, tag) as SVGElement;
  for (const [k, v] of Object.entries(attrs)) if (v !== null && v !== undefined) el.setAttribute(k, String(v));
  for (const c of children) if (c !== null) el.append(typeof c === "string" ? document.createTextNode(c) : c);
  return el;
}

/** Where each board's box was scrolled (a phone shows part of a board), by the box's selector. */
const scrolled = new Map<string, { table: string; left: number }>();

/** Keep the board's box (``selector`` inside ``root``) where the reader scrolled it across redraws, unless
 * none of the highlighted spaces (``.target``) is in view: then bring them to the middle. */
export function keepScroll(root: HTMLElement, table: string, selector: string): void {
  const box = root.querySelector<HTMLElement>(selector);
  if (!box) return;
  let memo = scrolled.get(selector);
  if (!memo || memo.table !== table) scrolled.set(selector, (memo = { table, left: -1 }));
  const kept = memo;
  box.addEventListener("scroll", () => (kept.left = box.scrollLeft), { passive: true });
  requestAnimationFrame(() => {
    if (box.scrollWidth <= box.clientWidth) return;
    if (kept.left >= 0) box.scrollLeft = kept.left;
    const seen = box.getBoundingClientRect();
    const spots = [...box.querySelectorAll(".target")].map((t) => t.getBoundingClientRect());
    if (!spots.length || spots.some((r) => r.left >= seen.left && r.right <= seen.right)) return;
    const mid = (Math.min(...spots.map((r) => r.left)) + Math.max(...spots.map((r) => r.right))) / 2;
    box.scrollLeft += mid - (seen.left + seen.right) / 2;
    kept.left = box.scrollLeft;
  });
}
