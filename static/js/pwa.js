// The installable app on the page: the service worker, the screen kept awake during a game, and
// the outbox: an entry made without a connection waits in IndexedDB and is sent when it returns.
"use strict";

// Scrolling glides, unless the phone asks for less motion.
const outboxScroll = () => (matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth");

if ("serviceWorker" in navigator) {
  window.addEventListener("load", () => {
    navigator.serviceWorker.register("/sw.js").catch(() => { /* the page works without it */ });
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

// --- The outbox in IndexedDB ----------------------------------------------------------------
const OUTBOX_FORMS = "#game form[data-entry], #game form[action$='/undo']";
const ENGLISH = {
  one: "Saved on this phone: 1 entry waits for the connection.",
  many: "Saved on this phone: {n} entries wait for the connection.",
  refused: "An entry kept on this phone was refused by the server: enter it again.",
};
let database = null;

function outbox(mode, work) {
  database ||= new Promise((resolve, reject) => {
    const request = indexedDB.open("table-assistant", 1);
    request.onupgradeneeded = () => {
      request.result.createObjectStore("outbox", { keyPath: "id", autoIncrement: true });
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  return database.then((db) => new Promise((resolve, reject) => {
    const tx = db.transaction("outbox", mode);
    const request = work(tx.objectStore("outbox"));
    tx.oncomplete = () => resolve(request.result);
    tx.onerror = tx.onabort = () => reject(tx.error);
  }));
}

const keptEntries = () => outbox("readonly", (store) => store.getAll());

function isOutboxRequest(ctx) {
  const source = ctx && ctx.sourceElement;
  return Boolean(window.indexedDB && source && source.matches && source.matches(OUTBOX_FORMS)
    && ctx.request && ctx.request.method === "POST");
}

async function keep(ctx) {
  const fields = Array.from(ctx.request.body || [], ([name, value]) => [name, String(value)]);
  const key = (fields.find(([name]) => name === "key") || [])[1];
  const { action } = ctx.request;
  const entry = { action, fields, key, swap: ctx.swap, page: location.pathname };
  // Saving the same form again (a bid changed) replaces what was kept, in its place in line.
  const same = (await keptEntries()).find((kept) => key && kept.key === key);
  if (same) entry.id = same.id;
  await outbox("readwrite", (store) => store.put(entry));
  await showPending(true);
}

// --- What the page shows ----------------------------------------------------------------------
function notice(create) {
  const game = document.getElementById("game");
  let note = game && game.querySelector("[data-outbox]");
  if (game && !note && create) {  // the game template carries it with the translated sentences
    note = Object.assign(document.createElement("p"), { className: "pending", hidden: true });
    note.setAttribute("role", "status");
    note.setAttribute("data-outbox", "");
    const panel = game.querySelector(".panel, form[data-entry]");
    if (panel) panel.before(note);
    else game.prepend(note);
  }
  return note;
}

const say = (note, which) => note.getAttribute(`data-${which}`) || ENGLISH[which];
let retry = null;

async function showPending(scroll) {
  if (!window.indexedDB) return;
  const count = (await keptEntries()).filter((entry) => entry.page === location.pathname).length;
  const note = notice(count > 0);
  if (!note) return;
  note.hidden = count === 0;
  const text = count === 1 ? say(note, "one") : say(note, "many").replace("{n}", count);
  note.textContent = count ? text : "";
  if (count && scroll) note.scrollIntoView({ block: "center", behavior: outboxScroll() });
  // navigator.onLine can be true without a working connection: try again now and then.
  if (count && !retry) retry = setTimeout(() => { retry = null; flush(); }, 20000);
}

// --- Sending what was kept, in order, when the connection is back ----------------------------
let flushing = false;

async function flush() {
  if (flushing || !window.indexedDB) return;
  if (!navigator.onLine) return showPending(false);
  flushing = true;
  let answer = null;
  let refused = false;
  const moved = new Map(); // a version an entry was sent with → the version its answer gave
  try {
    for (const entry of await keptEntries()) {
      const body = new URLSearchParams(entry.fields);
      // Entries kept one after another on this phone were all made from the same page: each
      // is sent with the version the answer to the one before gave (not a 409 against itself).
      let sent = Number(body.get("version"));
      while (moved.has(sent)) sent = moved.get(sent);
      body.set("version", String(sent));
      const response = await fetch(entry.action, {
        method: "POST",
        credentials: "same-origin",
        referrerPolicy: "same-origin",  // the CSRF check over HTTPS wants a same-origin Referer
        body,
        headers: { "HX-Request": "true", "X-CSRFToken": body.get("csrf_token") || "" },
      }).catch(() => null);
      if (!response || response.status >= 500) break;  // no connection, or server trouble: later
      const text = await response.text();
      await outbox("readwrite", (store) => store.delete(entry.id));
      // 200, 409 and 422 all answer with the #game fragment; anything else was refused.
      const fragment = new DOMParser().parseFromString(text, "text/html");
      const now = fragment.getElementById("game");
      if (response.ok && now && Number(now.dataset.version) === sent + 1) moved.set(sent, sent + 1);
      if (!now) refused = true;
      else if (entry.page === location.pathname) answer = { text, swap: entry.swap || "outerHTML" };
    }
  } finally {
    flushing = false;
  }
  const game = document.getElementById("game");
  if (answer && game) await htmx.swap({ ...answer, target: game, sourceElement: document.body });
  await showPending(false);
  const note = refused && notice(true);
  if (note) {
    note.hidden = false;
    note.textContent = say(note, "refused");
  }
}

// --- Wiring -----------------------------------------------------------------------------------
document.addEventListener("htmx:before:request", (event) => {
  const ctx = event.detail && event.detail.ctx;
  if (navigator.onLine || !ctx) return;
  const source = ctx.sourceElement;
  if (source && source.hasAttribute && source.hasAttribute("data-poll")) {
    event.preventDefault();  // no connection: polling has nothing to ask
  } else if (isOutboxRequest(ctx)) {
    event.preventDefault();  // no connection: keep the entry instead of sending it
    keep(ctx);
  }
});

document.addEventListener("htmx:error", (event) => {
  const ctx = event.detail && event.detail.ctx;
  if (ctx && !ctx.response && isOutboxRequest(ctx)) keep(ctx);  // a network error, not a 4xx
});

document.addEventListener("htmx:after:swap", () => {
  keepAwake();
  if (window.indexedDB) showPending(false);
});

document.addEventListener("visibilitychange", () => {
  keepAwake();
  if (document.visibilityState === "visible") flush();
});

window.addEventListener("online", () => flush());

document.addEventListener("DOMContentLoaded", () => {
  keepAwake();
  flush();
});
