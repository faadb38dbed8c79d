// Play on without signal: a phone that keeps tables for it holds the app itself (Pyodide running
// the server's own Python, static/phone/worker.mjs, kept by the service worker) and each table's
// rows as the server last gave them. Without a connection it answers every request of a kept
// table — an entry, a page, a form — as the server would (outbox.js keeps the changes and sends
// them in order when the connection returns).
//
// The app stays one document while playing (base.html: htmx's boost), so Python starts once per
// opening of the app and answers every page of the evening from then on. This script lives as
// long as the document: what it shows it looks up anew on every page. js/pwa.js loads it on a
// phone that keeps tables, or that readies itself for it (a first visit never does).
"use strict";

(() => {
  if (window.phone) return;
  const KEPT = "play-without-signal";
  const ROWS = "table-assistant-rows";
  const block = () => document.querySelector("[data-phone]");
  const tableOf = (path) => (path.startsWith("/t/") ? path.split("/").slice(0, 3).join("/") : null);
  const pathOf = (url) => new URL(url, location.href).pathname;

  const kept = () => {
    try { return localStorage.getItem(KEPT) === "1"; } catch (error) { return false; }
  };
  const installed = () => matchMedia("(display-mode: standalone)").matches || navigator.standalone === true;

  // --- Where the phone stands: getting ready, ready, or unable (the page says it quietly) ------
  let state = "none";

  function setState(now) {
    state = now;
    document.documentElement.dataset.phoneState = now;
    show();
  }

  async function storedSize() {
    const estimate = navigator.storage && navigator.storage.estimate ? await navigator.storage.estimate() : {};
    const megabytes = (estimate.usage || 0) / 1e6;
    return new Intl.NumberFormat(document.documentElement.lang || undefined, { maximumFractionDigits: 1 })
      .format(megabytes);
  }

  let size = "";
  function show() {
    const aside = block();
    if (aside) {
      const said = aside.querySelector("[data-phone-said]");
      const which = { getting: "getting", ready: "ready", failed: "failed" }[state];
      said.hidden = !which;
      if (which) said.textContent = aside.dataset[which].replace("{size}", size);
      const install = aside.querySelector("[data-phone-install]");
      install.hidden = state !== "ready" || installed();
      install.textContent = aside.dataset.install;
      const keep = aside.querySelector("[data-keep-offline]");
      if (keep) keep.hidden = kept() && state !== "failed";
    }
    // In the game's live line, quietly (offline it says nothing once the phone answers), or
    // the way to keep the table before anything is played.
    const line = document.querySelector("#game [data-phone-line]");
    if (line) {
      const words = { getting: line.dataset.getting, ready: navigator.onLine ? line.dataset.ready : "" }[state];
      line.textContent = words ? ` · ${words}` : "";
      line.hidden = !words;
    }
    const keepLine = document.querySelector("#game [data-keep-line]");
    if (keepLine) keepLine.hidden = kept() || !window.Worker || state === "getting";
  }

  // --- The app on the phone: one worker for the document, asked one request at a time ---------
  let worker = null;
  let started = null; // Python started, with the bundle
  let asked = 0;
  const waiting = new Map();
  let turn = Promise.resolve(); // every request waits for the one before: answered in order

  function inTurn(work) {
    const mine = turn.then(work);
    turn = mine.catch(() => {});
    return mine;
  }

  function ask(message) {
    const id = ++asked;
    return new Promise((resolve, reject) => {
      waiting.set(id, { resolve, reject });
      worker.postMessage({ id, ...message });
    });
  }

  function listen(event) {
    const { id, ok, result, error } = event.data;
    const pending = waiting.get(id);
    waiting.delete(id);
    if (pending) (ok ? pending.resolve(result) : pending.reject(new Error(error)));
  }

  function start() {
    started ||= (async () => {
      const aside = block();
      const bundle = new URL(aside.dataset.bundle, location.href).href;
      worker = new Worker(aside.dataset.worker, { type: "module" });
      worker.addEventListener("message", listen);
      // A worker that could not load or broke down answers nothing: what waits for it is told.
      worker.addEventListener("error", () => {
        waiting.forEach((pending) => pending.reject(new Error("the app on the phone stopped")));
        waiting.clear();
      });
      await ask({ op: "start", bundle });
    })();
    started.catch(stop);
    return started;
  }

  function stop() {
    if (worker) worker.terminate();
    worker = null;
    started = null;
    loaded = undefined;
    setState("failed");
  }

  // --- A table's rows, and what this phone kept for it, in the app on the phone ---------------
  let loaded; // the table whose rows the app holds, with what the outbox kept for it replayed
  const known = new Set(); // tables whose rows this phone keeps

  caches.open(ROWS).then((cache) => cache.keys()).then((keys) => {
    keys.forEach((request) => known.add(tableOf(pathOf(request.url))));
  }).catch(() => {});
  window.outbox.entries().then((entries) => {
    entries.forEach((entry) => { if (entry.landedHere) known.add(tableOf(entry.landedHere)); });
  });

  async function storedRows(table) {
    const found = table && (await caches.match(`${table}/rows`));
    return found ? found.text() : null;
  }

  // The table's rows asked for again (online): the app on the phone starts again from them when
  // nothing of this table waits to be sent.
  async function refreshRows(table) {
    if (!navigator.onLine || !kept() || !table) return;
    // While changes of this table wait, the phone's state is the rows it had plus those: both
    // stay as they are (both versions of a game are made of them).
    if ((await window.outbox.entries()).some((entry) => ofTable(entry, table, true))) return;
    const response = await fetch(`${table}/rows`, { credentials: "same-origin" }).catch(() => null);
    if (!response || !response.ok) return;
    await (await caches.open(ROWS)).put(`${table}/rows`, response.clone());
    known.add(table);
    if (started) inTurn(() => load(table));
  }

  // What the outbox keeps that made this phone's state of a table: its changes, and the set-up
  // of the table when the server has not seen it yet (it led to one of the table's pages).
  function ofTable(entry, table, known) {
    if (entry.action.startsWith(`${table}/`)) return true;
    return !known && /\/new$/.test(entry.action) && Boolean(entry.landedHere) && entry.landedHere.startsWith(`${table}/`);
  }

  async function load(table) {
    await start();
    const rows = await storedRows(table);
    await ask({ op: "load", rows: rows || JSON.stringify({ rows: {} }) });
    loaded = table;
    for (const entry of await window.outbox.entries()) {
      if (!ofTable(entry, table, Boolean(rows))) continue;
      const body = new URLSearchParams(entry.fields);
      await ask({ op: "answer", request: request("POST", entry.action, body, entry.kind === "page") });
    }
  }

  // A new table is set up on an empty database, as it is each time the phone makes it again
  // from what the outbox kept (load): its first game has the same number every time.
  async function emptied() {
    await ask({ op: "load", rows: JSON.stringify({ rows: {} }) });
    loaded = undefined;
  }

  // The app on the phone holds ``table`` (null: a page of no table, the set-up of a new one).
  async function ready(table) {
    await start();
    if (table && loaded !== table) {
      await load(table);
      // The page drawn once, unseen: the templates of a game's step are compiled before a tap
      // without a connection waits for them.
      if (table === tableOf(location.pathname)) await ask({ op: "answer", request: request("GET", location.pathname, null, true) });
    }
  }

  function request(method, action, body, asPage = false) {
    const url = new URL(action, location.href);
    const headers = { "Accept-Language": document.documentElement.lang || "en" };
    if (!asPage) headers["HX-Request"] = "true";
    return { method, path: url.pathname + url.search, headers, body: body ? body.toString() : "" };
  }

  const usable = () => kept() && Boolean(window.Worker);

  // Whether the app on the phone answers this address: the set-up of a new table, and the pages
  // of a table whose rows it keeps or that was set up on it.
  function handles(url) {
    if (!usable()) return false;
    const path = pathOf(url);
    if (path === "/new") return true;
    const table = tableOf(path);
    return Boolean(table) && (known.has(table) || table === loaded);
  }

  // --- Answering ------------------------------------------------------------------------------
  const asResponse = (found, extra = {}) => new Response(found.text, {
    status: found.status,
    headers: { ...found.headers, ...extra },
  });

  // An htmx entry or Undo: the #game the server would answer. Kept (outbox.js) once the phone
  // took it; a change the phone refuses is not kept (it says why, as the server would).
  function answer(ctx, keep) {
    return inTurn(async () => {
      const table = tableOf(pathOf(ctx.request.action));
      const up = await ready(table).then(() => true, () => false);
      if (!up) {
        await keep(false); // kept unanswered: the page says the next step waits for it
        throw new Error("the app on the phone did not start");
      }
      const body = ctx.request.body ? new URLSearchParams(ctx.request.body) : null;
      const found = await ask({ op: "answer", request: request(ctx.request.method, ctx.request.action, body) });
      if (found.status < 300) await keep(true, found.text);
      return asResponse(found);
    });
  }

  // A page asked in this document (a link, a form: htmx's boost), or by the service worker for
  // a page loaded anew: the whole page, its redirect followed here as a browser would. ``keep``
  // (a form kept for the server) is told where it led.
  function answerPage(asked, keep = null) {
    return inTurn(async () => {
      await ready(tableOf(pathOf(asked.url)));
      const setUp = asked.method === "POST" && pathOf(asked.url) === "/new";
      if (setUp) await emptied();
      const body = asked.body ? new URLSearchParams(asked.body) : null;
      let found = await ask({ op: "answer", request: request(asked.method, asked.url, body, true) });
      let path = pathOf(asked.url);
      if (keep && found.status < 400) await keep(found);
      for (let hops = 0; hops < 5 && found.status >= 300 && found.status < 400; hops += 1) {
        path = pathOf(found.headers.Location || found.headers.location);
        if (keep && body && body.get("key")) {
          await window.outbox.landed(body.get("key"), path);
          known.add(tableOf(path));
          // The database holds just the table this set-up made, as load() would make it again
          // from what the outbox kept: not made twice.
          if (setUp) loaded = tableOf(path);
        }
        await ready(tableOf(path));
        found = await ask({ op: "answer", request: request("GET", path, null, true) });
      }
      return { ...found, path };
    });
  }

  // The same for htmx: a Response, its address pushed where a redirect led.
  async function answerBoosted(ctx, keep = null) {
    const asked = { method: ctx.request.method, url: ctx.request.action, body: ctx.request.body };
    const found = await answerPage(asked, keep);
    const moved = found.path !== pathOf(ctx.request.action) ? { "HX-Push-Url": found.path } : {};
    return asResponse(found, moved);
  }

  // --- Keeping the table for play without signal ----------------------------------------------
  async function keepTable() {
    setState("getting");
    try {
      localStorage.setItem(KEPT, "1");
      if (navigator.storage && navigator.storage.persist) navigator.storage.persist().catch(() => {});
      const table = tableOf(location.pathname);
      await refreshRows(table);
      await inTurn(() => ready(table));
      keepGameFiles();
      size = await storedSize();
      setState("ready");
    } catch (error) {
      setState("failed");
    }
  }

  // Every game's own files kept by the service worker (sw.js): a game begun without signal,
  // of a kind this phone never opened, has its look and its keys. And Home, where the app
  // opens (a new table is set up from there without signal), asked as a page of the app is
  // asked, so that the service worker keeps its copy.
  function keepGameFiles() {
    const aside = block();
    if (!aside || !("serviceWorker" in navigator)) return;
    const keep = JSON.parse(aside.dataset.files || "[]");
    navigator.serviceWorker.ready.then((registration) => {
      if (registration.active) registration.active.postMessage({ keep });
      return fetch("/", { credentials: "same-origin", headers: { "HX-Request": "true", "HX-Boosted": "true" } });
    }).catch(() => {});
  }

  // Opened without a connection, the page is the copy the phone kept of it: once Python is ready,
  // what the phone knows now is drawn if it is another version (a copy from before a crash).
  async function redraw() {
    const page = document.getElementById("game");
    const table = tableOf(location.pathname);
    if (!page || !table) return;
    const found = await answerPage({ method: "GET", url: location.pathname });
    const now = found.status === 200 && window.versions.game(found.text);
    if (now && now.dataset.version !== page.dataset.version) {
      await htmx.swap({ text: now.outerHTML, swap: "outerHTML", target: page, sourceElement: document.body });
    }
  }

  // --- Wiring ---------------------------------------------------------------------------------
  let rowsOf = null; // the table and version the rows were last asked for at

  document.addEventListener("htmx:after:swap", (event) => {
    const ctx = event.detail && event.detail.ctx;
    if (ctx && ctx.target === document.body) pageShown();
    show();
    const page = document.getElementById("game");
    const table = tableOf(location.pathname);
    const at = page ? `${table}@${page.dataset.version}` : table;
    if (navigator.onLine && at !== rowsOf) {
      rowsOf = at;
      refreshRows(table);
    }
  });

  window.addEventListener("outbox:sent", () => refreshRows(tableOf(location.pathname)));
  window.addEventListener("outbox:let-go", (event) => refreshRows(tableOf(event.detail.game)));
  window.addEventListener("online", show);
  window.addEventListener("offline", () => {
    show();
    if (usable()) inTurn(() => ready(tableOf(location.pathname))).catch(() => {});
  });

  // A page of the app shown (loaded, or swapped in whole): a kept phone gets Python going at once,
  // in the background, so that the next tap without a connection does not wait for it.
  function pageShown() {
    if (!usable()) return show();
    if (state === "none") setState("getting");
    const table = tableOf(location.pathname);
    const fresh = navigator.onLine || document.body.hasAttribute("data-on-the-phone");
    const rows = navigator.onLine ? refreshRows(table) : Promise.resolve();
    rows.then(() => inTurn(() => ready(table)))
      .then(() => (fresh ? null : redraw()))
      .then(storedSize)
      .then((megabytes) => { size = megabytes; setState("ready"); })
      .catch(() => setState("failed"));
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", pageShown);
  else pageShown();

  window.phone = {
    usable,
    handles,
    answer,
    answerPage,
    answerBoosted,
    kept,
    keep: keepTable,
  };
})();
