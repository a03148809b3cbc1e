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
