// The client's language: English or French, from the browser's language or the switch in the page header
// (kept in localStorage). Every sentence is an English gettext msgid with {named} fields; the French
// catalogue is the server's own (GET /api/i18n/fr, src/cattable/locale/, kept with Babel: `make messages`
// extracts every t("...") and N_("...") of this client beside the server's N_("...")).
//
// The API a table module uses (a module that imports this one runs after the catalogue has loaded: the
// top-level await below holds back every importer):
//   t("Round {round}", { round: 2 })      the sentence in the reader's language, its fields filled
//   tn(n, N_("{n} footprint"), N_("{n} footprints"), { n })   one or many, by the language's rule
//   N_("...")                             marks a msgid for extraction without translating it (a table of words)
//   message(msg)                          a log line's Message (server template and args), translated

import { h } from "./dom";
import type { Message } from "./protocol";

export type Lang = "en" | "fr";
/** The languages, each named in itself (the switch shows them so). */
export const LANGUAGES: Record<Lang, string> = { en: "English", fr: "Français" };
const KEY = "cattable.lang";

let messages: Record<string, string> = {};
let current: Lang = "en";

/** The language this page speaks: the one chosen with the switch, else the browser's (fr* is French). */
function wanted(): Lang {
  try {
    const kept = localStorage.getItem(KEY);
    if (kept === "en" || kept === "fr") return kept;
  } catch {
    /* no storage (a private window): the browser's language decides */
  }
  const langs = navigator.languages?.length ? navigator.languages : [navigator.language];
  return langs[0]?.toLowerCase().startsWith("fr") ? "fr" : "en";
}

async function load(lang: Lang): Promise<void> {
  current = lang;
  document.documentElement.lang = lang;
  if (lang === "en") return; // the msgids are English: no catalogue to fetch
  try {
    const resp = await fetch(`/api/i18n/${lang}`);
    if (!resp.ok) throw new Error(resp.statusText);
    const data = (await resp.json()) as { messages?: Record<string, string> };
    messages = data.messages ?? {};
  } catch {
    // a page in English is better than no page: say so in the console, not to the player
    console.warn(`cattable: the ${lang} catalogue could not be loaded; showing English`);
    messages = {};
  }
}

await load(wanted());

export function language(): Lang {
  return current;
}

/** Mark ``msgid`` for the catalogue (Babel extracts it) without translating it: for tables of words whose
 * entries are translated where they are shown, with t(entry). */
export function N_(msgid: string): string {
  return msgid;
}

/** ``template``'s {named} fields filled from ``args``; a field missing stays as {name} (a sentence must
 * never break a page). */
export function fill(template: string, args: Record<string, unknown> = {}): string {
  return (current === "fr" ? elide(template, args) : template).replace(/\{(\w+)\}/g, (whole, key: string) =>
    key in args ? shown(args[key]) : whole,
  );
}

/** French elision where a field meets "de", "que", "le" or "la" and its value begins with a vowel: "au tour
 * d'Alice", "vers l'est" (never "de Alice"). Only at a field: the catalogue's own words are written right. */
const ELIDING = /(^|[\s(«'’])([DdLl]e|[Ll]a|[Qq]ue) \{(\w+)\}/g;
const VOWEL = /^[aeiouàâäéèêëîïôöùûüœæ]/i;
function elide(template: string, args: Record<string, unknown>): string {
  return template.replace(ELIDING, (whole, lead: string, article: string, key: string) =>
    key in args && VOWEL.test(shown(args[key])) ? `${lead}${article.slice(0, -1)}'{${key}}` : whole,
  );
}

/** A number as the reader writes it: French puts a comma before the decimals (4,5 cm), as core/i18n.py. */
export function num(value: number): string {
  const text = String(value);
  return current === "fr" ? text.replace(".", ",") : text;
}

const shown = (value: unknown): string => (typeof value === "number" ? num(value) : String(value));

/** ``msgid`` (an English template) in the reader's language, with its fields filled. */
export function t(msgid: string, args?: Record<string, unknown>): string {
  return fill(messages[msgid] ?? msgid, args);
}

/** One or many: ``one`` when ``n`` is singular in the reader's language (French counts 0 and 1 as
 * singular, English only 1), ``many`` otherwise; both are msgids marked with N_. */
export function tn(n: number, one: string, many: string, args: Record<string, unknown> = {}): string {
  const singular = current === "fr" ? Math.abs(n) < 2 : n === 1;
  return t(singular ? one : many, { n, ...args });
}

/** A word of a game (an item, a suit, a colour) in the reader's language, when the catalogue has it; a
 * list as its items joined by commas; a message of its own (why a game ended) rendered (as core/i18n.py
 * renders them). */
export function word(value: unknown): string {
  if (Array.isArray(value)) return value.map(word).join(", ");
  if (isMessage(value)) return message(value);
  return typeof value === "string" ? (messages[value] ?? value) : shown(value);
}

/** An argument that is a message itself (``{msgid, args}``): the tower's why a game ended, for one. */
export function isMessage(value: unknown): value is Message {
  return typeof value === "object" && value !== null && typeof (value as Message).msgid === "string" && typeof (value as Message).args === "object";
}

/** A server message (a log line's ``msg``): its template translated, its word arguments too, as the
 * terminal renders them (core/i18n.py). ``say`` may word an argument itself (a card, a place). */
export function message(msg: Message, say: (key: string, value: unknown) => string | null = () => null): string {
  const args: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(msg.args)) args[key] = say(key, value) ?? word(value);
  return t(msg.msgid, args);
}

/** Choose a language: kept for the next visit, and the page is drawn again in it. */
export function setLanguage(lang: Lang): void {
  try {
    localStorage.setItem(KEY, lang);
  } catch {
    /* not kept: this page still changes */
  }
  location.reload();
}

/** The switch for the page header: English / Français, the current one pressed. */
export function languageSwitch(): HTMLElement {
  return h(
    "nav",
    { class: "lang-switch", "aria-label": "Language / Langue" },
    (Object.entries(LANGUAGES) as [Lang, string][]).map(([lang, name]) =>
      h(
        "button",
        { type: "button", lang, class: "quiet", "data-lang": lang, "aria-pressed": String(lang === current), onclick: () => lang !== current && setLanguage(lang) },
        name,
      ),
    ),
  );
}
