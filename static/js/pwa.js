// The installable app on the page: the service worker, the screen kept awake during a game,
// the phone asked to keep this site's storage (the outbox) once a game exists, and on iOS
// Safari, which has no install prompt, a hint shown once. The outbox itself: js/outbox.js.
"use strict";

// The worker keeps the shared files from its install on; a page's own (a game's) it keeps when
// told, so that the game opens without signal from now on: at load, and for every page of the
// app answered in this document since (its head merged in, base.html).
function keepFiles() {
  if (!("serviceWorker" in navigator)) return;
  navigator.serviceWorker.ready.then((registration) => {
    const loaded = document.querySelectorAll("script[src], link[rel=stylesheet][href]");
    const keep = Array.from(loaded, (element) => element.src || element.href)
      .filter((url) => new URL(url).origin === location.origin);
    if (registration.active) registration.active.postMessage({ keep });
  }).catch(() => {});
}

if ("serviceWorker" in navigator) {
  window.addEventListener("load", () => {
    navigator.serviceWorker.register("/sw.js").catch(() => { /* the page works without it */ });
    keepFiles();
  });
}

// The service worker asks, without a connection, whether this page's app on the phone answers
// a page (phone.js): a page without it says no at once.
if ("serviceWorker" in navigator) {
  navigator.serviceWorker.addEventListener("message", (event) => {
    const asked = event.data && event.data.phone;
    const port = event.ports && event.ports[0];
    if (!asked || !port) return;
    const phone = window.phone;
    const said = ({ status, text, path }) => port.postMessage({ status, text, path });
    if (!phone || !phone.handles(asked.url)) port.postMessage({ none: true });
    else phone.answerPage(asked).then(said, () => port.postMessage({ none: true }));
  });
}

// --- Keep the screen on while a game is on the page (where the browser can) ----------------
let wakeLock = null;

async function keepAwake() {
  if (!("wakeLock" in navigator) || document.visibilityState !== "visible") return;
  if (!document.getElementById("game")) {
    Promise.resolve(wakeLock).then((lock) => lock && lock.release()).catch(() => {});
    wakeLock = null;
  } else if (!wakeLock || wakeLock.released) {
    wakeLock = navigator.wakeLock.request("screen").catch(() => null);  // refused: no matter
    wakeLock = await wakeLock;
  }
}

// --- Once a game exists, what the phone keeps for it should not be cleared to make room -------
const once = (name) => {
  try {
    if (localStorage.getItem(name)) return false;
    localStorage.setItem(name, "1");
    return true;
  } catch (error) {
    return false;  // storage refused (a private window): ask nothing, show nothing
  }
};

function keepStorage() {
  if (!document.getElementById("game") || !navigator.storage || !navigator.storage.persist) return;
  if (once("storage-persist-asked")) navigator.storage.persist().catch(() => {});
}

// --- iOS: no install prompt, so say once how to put the app on the home screen --------------
function onIosSafari() {
  const agent = navigator.userAgent;
  const ios = /iPhone|iPad|iPod/.test(agent) || (navigator.platform === "MacIntel" && navigator.maxTouchPoints > 1);
  const otherBrowser = /CriOS|FxiOS|EdgiOS|OPiOS/.test(agent);
  return ios && !otherBrowser && /Safari/.test(agent) && !navigator.standalone;
}

function homeScreenHint() {
  const hint = document.querySelector("[data-ios-hint]");
  if (!hint || !onIosSafari() || !once("ios-hint-shown")) return;
  hint.hidden = false;
  hint.querySelector("[data-ios-hint-close]").addEventListener("click", () => { hint.hidden = true; });
}

// --- Wiring -----------------------------------------------------------------------------------
document.addEventListener("htmx:after:swap", keepAwake);
document.addEventListener("visibilitychange", keepAwake);
window.addEventListener("outbox:kept", keepStorage);

function pageShown() {
  keepAwake();
  keepStorage();
  homeScreenHint();
}

document.addEventListener("DOMContentLoaded", pageShown);
// A page of the app swapped in whole (boosted): shown as if loaded, its head merged by then
// (hx-head adds a game's files before this event's listeners run).
document.addEventListener("htmx:after:swap", (event) => {
  const ctx = event.detail && event.detail.ctx;
  if (!ctx || ctx.target !== document.body) return;
  pageShown();
  keepFiles();
});

// --- The last state at once: each page as this phone last showed it, kept for the next opening
// (the service worker serves it without a connection, and before an older copy of the server's,
// sw.js). A page answered in this document (base.html) reaches the worker's cache no other way:
// a form's redirect is followed past it, and an entry changes only the page's #game. ----------
(() => {
  const PAGES = "table-assistant-pages"; // the service worker's copies (sw.js)
  let shown = `<!doctype html>\n${document.documentElement.outerHTML}`;

  function remember() {
    if (!window.caches) return;
    const url = location.href.split("#")[0];
    const page = new Response(shown, { headers: { "Content-Type": "text/html; charset=utf-8" } });
    caches.open(PAGES).then((cache) => cache.put(url, page)).catch(() => {});
  }

  // What the page shows now, from the answer just swapped in: a whole page, or its #game.
  document.addEventListener("htmx:after:swap", (event) => {
    const ctx = event.detail && event.detail.ctx;
    if (!ctx || typeof ctx.text !== "string") return;
    if (ctx.target === document.body) {
      if (ctx.elsewhere) return; // a page not at the address shown (both versions: versions.js)
      shown = ctx.text;
    } else if (ctx.target && ctx.target.id === "game") {
      const now = window.versions.game(ctx.text);
      const before = new DOMParser().parseFromString(shown, "text/html");
      const old = before.getElementById("game");
      if (!now || !old) return;
      old.replaceWith(before.importNode(now, true));
      shown = `<!doctype html>\n${before.documentElement.outerHTML}`;
    } else {
      return;
    }
    remember();
  });
})();

// --- Play without signal: its page side (static/kept/) loaded where it is wanted ------------
// On a phone that keeps tables, at once (its Python answers every page without a connection);
// on a phone that plays a table (a step of its own saved, the game two changes on: its first
// deal) or asks to keep one, then. Never on a first visit, which only looks and stays light.
(() => {
  const keepsTables = () => {
    try { return localStorage.getItem("play-without-signal") === "1"; } catch (error) { return false; }
  };
  const saveData = () => Boolean(navigator.connection && navigator.connection.saveData);
  const loading = {};

  function keptScript(name) {
    loading[name] ||= new Promise((resolve, reject) => {
      const aside = document.querySelector("[data-phone]");
      const src = aside && JSON.parse(aside.dataset.scripts || "{}")[name];
      if (!src) return reject(new Error(`no script ${name}`));
      const script = Object.assign(document.createElement("script"), { src });
      script.onload = resolve;
      script.onerror = () => { delete loading[name]; reject(new Error(`${name} did not load`)); };
      document.head.append(script);
    });
    return loading[name];
  }

  const keepTable = () => keptScript("phone").then(() => window.phone.keep()).catch(() => {});

  document.addEventListener("click", (event) => {
    if (event.target.closest("[data-keep-offline]")) keepTable();
  });

  // Ready without a tap (config READY_UNASKED, unless the phone asks to save data).
  document.addEventListener("htmx:after:request", (event) => {
    const ctx = event.detail && event.detail.ctx;
    const source = ctx && ctx.sourceElement;
    if (!source || !source.matches || !source.matches("form[data-entry]") || ctx.keptHere) return;
    if (!ctx.response || ctx.response.status >= 300 || window.versions.of(ctx.text) < 2) return;
    if (!document.body.hasAttribute("data-ready-unasked") || saveData()) return;
    if (!keepsTables() && navigator.onLine && window.Worker) keepTable();
  });

  // "Keep for play without signal" under a game's live line: in sight on a phone that keeps no
  // table yet (where it keeps them, kept/phone.js says how it stands instead).
  function showKeepLine() {
    const line = document.querySelector("#game [data-keep-line]");
    if (line && !keepsTables() && window.Worker) line.hidden = false;
  }
  document.addEventListener("htmx:after:swap", showKeepLine);
  showKeepLine();

  window.keptScript = keptScript;
  window.keepsTables = keepsTables;
  if (keepsTables()) keptScript("phone").catch(() => {});
})();
