// "Your turn" where a person looks when they are elsewhere: the page's title and icon carry a badge while
// the seat has something to do; a short sound (off unless switched on) and the browser's notification when
// the tab is hidden (permission asked only when the person switches it on). Both choices kept in localStorage.

import { h } from "./dom";
import { S } from "./social-text";

const SOUND = "cattable.sound";
const NOTIFY = "cattable.notify";
const BADGE = "(●)";
const DOT_ICON =
  "data:image/svg+xml," +
  encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><circle cx="8" cy="8" r="7" fill="#d55e00"/></svg>');

export function titleFor(game: string, myTurn: boolean): string {
  return myTurn ? `${BADGE} ${S.yourTurnTitle} — ${game}` : `${game} — cattable`;
}

function on(key: string): boolean {
  return localStorage.getItem(key) === "on";
}

function icon(badge: boolean): void {
  let link = document.querySelector<HTMLLinkElement>("link[rel=icon]");
  if (!link) {
    link = h("link", { rel: "icon" });
    document.head.append(link);
  }
  link.href = badge ? DOT_ICON : "data:,";
}

function beep(): void {
  try {
    const audio = new AudioContext();
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.value = 660;
    gain.gain.setValueAtTime(0.08, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.25);
    tone.connect(gain).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.25);
    tone.onended = () => void audio.close();
  } catch {
    /* no audio here: the title still says it */
  }
}

export interface TurnSignals {
  /** The switches, for the table's tools. */
  element: HTMLElement;
  /** Called after each position: signals when the seat's turn begins. */
  update(myTurn: boolean): void;
}

export function turnSignals(game: string, say: (text: string) => void): TurnSignals {
  let was = false;
  const sound = h("input", { type: "checkbox", name: "turn-sound", checked: on(SOUND) });
  sound.addEventListener("change", () => localStorage.setItem(SOUND, sound.checked ? "on" : "off"));
  const canNotify = typeof Notification !== "undefined";
  const notify = h("input", { type: "checkbox", name: "turn-notify", checked: canNotify && on(NOTIFY) && Notification.permission === "granted" });
  notify.addEventListener("change", async () => {
    if (notify.checked && canNotify && Notification.permission !== "granted") {
      const answer = await Notification.requestPermission(); // only ever after this click
      if (answer !== "granted") {
        notify.checked = false;
        say(S.notifyDenied);
      }
    }
    localStorage.setItem(NOTIFY, notify.checked ? "on" : "off");
  });
  const element = h(
    "section",
    { class: "turn-signals", "aria-label": S.yourTurnTitle },
    h("label", {}, sound, ` ${S.soundToggle}`),
    canNotify ? h("label", {}, notify, ` ${S.notifyToggle}`) : null,
  );
  return {
    element,
    update(myTurn) {
      document.title = titleFor(game, myTurn);
      icon(myTurn);
      if (myTurn && !was) {
        if (on(SOUND)) beep();
        if (document.hidden && canNotify && on(NOTIFY) && Notification.permission === "granted") {
          new Notification(titleFor(game, true), { body: S.notifyBody(game), tag: "cattable-turn" });
        }
      }
      was = myTurn;
    },
  };
}
