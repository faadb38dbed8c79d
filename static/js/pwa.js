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

// --- "Not sent" (sw.js): going back finds the form as it was typed ---------------------------
// Browsers do not restore fields marked autocomplete="off" on the way back, so what a form sent
// as a page held is kept for this tab until the next page, and put back only after "Go back".
const SENT = "form-sent";
const UNSENT = "form-unsent";

function remember(store, name, value) {
  try {
    if (value === null) store.removeItem(name); else store.setItem(name, value);
  } catch (error) { /* storage refused: the browser's own restoring is all there is */ }
}

document.addEventListener("submit", (event) => {
  const form = event.target;
  if (!(form instanceof HTMLFormElement) || form.method.toLowerCase() !== "post") return;
  if (form.hasAttribute("hx-post")) return;  // htmx's forms are not pages: the outbox keeps them
  const fields = Array.from(new FormData(form)).filter(([, value]) => typeof value === "string");
  remember(sessionStorage, SENT, JSON.stringify({ action: form.action, fields }));
});

document.addEventListener("click", (event) => {
  if (!event.target.closest("[data-go-back]")) return;
  remember(sessionStorage, UNSENT, "1");
  history.back();
});

function putBackUnsent() {
  let sent = null;
  try {
    if (sessionStorage.getItem(UNSENT)) sent = JSON.parse(sessionStorage.getItem(SENT) || "null");
  } catch (error) { sent = null; }
  remember(sessionStorage, UNSENT, null);
  const form = sent && Array.from(document.forms).find((f) => f.action === sent.action);
  if (!form) return;
  const seen = {};
  sent.fields.forEach(([name, value]) => {
    const all = Array.from(form.elements).filter((el) => el.name === name);
    const choice = all.find((el) => (el.type === "radio" || el.type === "checkbox") && el.value === value);
    if (choice) { choice.checked = true; return; }
    const field = all.filter((el) => el.type !== "radio" && el.type !== "checkbox")[seen[name] || 0];
    seen[name] = (seen[name] || 0) + 1;
    if (field && field.type !== "file") field.value = value;
  });
  const open = form.closest("details");
  if (open) open.open = true;
}

// --- Wiring -----------------------------------------------------------------------------------
document.addEventListener("htmx:after:swap", keepAwake);
document.addEventListener("visibilitychange", keepAwake);
window.addEventListener("outbox:kept", keepStorage);

function pageShown() {
  putBackUnsent();
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
