// Play on without signal: once a table is kept for it ("Keep for play without signal"), this
// phone holds the app itself (Pyodide running the server's own Python, static/phone/worker.mjs,
// about 18 MB, kept by the service worker) and the table's rows as the server last gave them.
// Offline, an entry is kept in the outbox (outbox.js) and answered here as the server would
// answer it, so the next step can be entered at once; back online the outbox sends them in order.
"use strict";

(() => {
  const block = document.querySelector("[data-phone]");
  if (!block || window.phone || !location.pathname.startsWith("/t/")) return;
  const KEPT = "play-without-signal";
  const ROWS = "table-assistant-rows";
  const table = location.pathname.split("/").slice(0, 3).join("/");  // /t/<token>
  const rowsUrl = `${table}/rows`;
  const said = block.querySelector("[data-phone-said]");
  let worker = null;
  let booting = null;
  let asked = 0;
  const waiting = new Map();

  const kept = () => {
    try { return localStorage.getItem(KEPT) === "1"; } catch (error) { return false; }
  };

  const installed = () => matchMedia("(display-mode: standalone)").matches || navigator.standalone === true;

  function say(which, size) {
    said.hidden = false;
    said.textContent = block.dataset[which].replace("{size}", size || "");
    // Not installed, the browser may clear the site's storage (Safari after 7 days unused).
    const install = block.querySelector("[data-phone-install]");
    install.hidden = which !== "ready" || installed();
    install.textContent = block.dataset.install;
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

  // --- The table's rows, asked for again whenever the table moved (online) ------------------
  async function refreshRows() {
    if (!navigator.onLine || !kept()) return;
    const response = await fetch(rowsUrl, { credentials: "same-origin" }).catch(() => null);
    if (!response || !response.ok) return;
    await (await caches.open(ROWS)).put(rowsUrl, response.clone());
    // The app on the phone starts again from the server's rows (nothing waits to be sent).
    if (booting && !(await window.outbox.entries()).length) {
      await booting;
      await ask({ op: "load", rows: await response.text() });
    }
  }

  async function storedRows() {
    const found = await caches.match(rowsUrl);
    if (!found) throw new Error("no rows of this table on the phone");
    return found.text();
  }

  // --- The app on the phone: started, given the rows, and brought up to what this phone kept --
  function boot() {
    booting ||= (async () => {
      // What was kept before now is replayed; what is kept from now on is answered as it comes.
      const since = Date.now();
      worker = new Worker(block.dataset.worker, { type: "module" });
      worker.addEventListener("message", listen);
      await ask({ op: "start", bundle: new URL(block.dataset.bundle, location.href).href });
      await ask({ op: "load", rows: await storedRows() });
      for (const entry of await window.outbox.entries()) {
        if (!entry.action.startsWith(`${table}/`) || entry.made >= since) continue;
        const body = new URLSearchParams(entry.fields);
        await ask({ op: "answer", request: request("POST", entry.action, body, entry.kind === "page") });
      }
    })();
    booting.catch(stop);
    return booting;
  }

  function stop() {
    if (worker) worker.terminate();
    worker = null;
    booting = null;
  }

  function request(method, action, body, asPage = false) {
    const url = new URL(action, location.href);
    const headers = { "Accept-Language": document.documentElement.lang || "en" };
    if (!asPage) headers["HX-Request"] = "true";
    return { method, path: url.pathname + url.search, headers, body: body ? body.toString() : "" };
  }

  // A page of this table asked for without a connection (the service worker relays it, sw.js):
  // a form's answer (its redirect, the outbox told where it led) or a page to show.
  const handles = (url) => kept() && Boolean(window.Worker) && new URL(url).pathname.startsWith(`${table}/`);

  async function answerPage(asked) {
    await boot();
    const body = asked.body ? new URLSearchParams(asked.body) : null;
    const found = await ask({ op: "answer", request: request(asked.method, asked.url, body, true) });
    const where = found.headers.Location || found.headers.location;
    if (found.status >= 300 && found.status < 400 && where) {
      if (body && body.get("key")) await window.outbox.landed(body.get("key"), new URL(where, location.href).pathname);
      return { status: found.status, location: where };
    }
    return { status: found.status, text: found.text };
  }

  // What the server would answer this htmx request. The change is kept (outbox.js) once the
  // app on the phone has caught up with what was kept before it, and kept even if it cannot.
  async function answer(ctx, keepIt) {
    const started = await boot().then(() => drawn).then(() => true, () => false);
    await keepIt(started);  // not answered here: the page says the next step waits for it
    if (!started) throw new Error("the app on the phone did not start");
    const body = ctx.request.body ? new URLSearchParams(ctx.request.body) : null;
    const found = await ask({ op: "answer", request: request(ctx.request.method, ctx.request.action, body) });
    return new Response(found.text, { status: found.status, headers: found.headers });
  }

  // --- Keeping the table for play without signal, and saying where the phone stands ---------
  async function storedSize() {
    const estimate = navigator.storage && navigator.storage.estimate ? await navigator.storage.estimate() : {};
    const megabytes = (estimate.usage || 0) / 1e6;
    return new Intl.NumberFormat(document.documentElement.lang || undefined, { maximumFractionDigits: 1 })
      .format(megabytes);
  }

  async function keep() {
    say("getting");
    try {
      localStorage.setItem(KEPT, "1");
      if (navigator.storage && navigator.storage.persist) navigator.storage.persist().catch(() => {});
      await refreshRows();
      await boot();
      const shown = await ask({ op: "answer", request: request("GET", location.pathname) });
      if (shown.status !== 200) throw new Error(`the phone answered ${shown.status}`);
      say("ready", await storedSize());
      block.querySelector("[data-keep-offline]").hidden = true;
    } catch (error) {
      say("failed");
    }
  }

  block.querySelector("[data-keep-offline]").addEventListener("click", keep);
  // The installed app keeps every table it opens for play without signal, unasked.
  if (installed() && !kept() && navigator.onLine) keep();
  window.addEventListener("offline", () => { if (kept()) boot(); });
  window.addEventListener("outbox:sent", refreshRows);
  let rowsOf = null;  // the version of the game the rows were last asked for at
  document.addEventListener("htmx:after:swap", () => {
    const game = document.getElementById("game");
    if (!navigator.onLine || !game || game.dataset.version === rowsOf) return;
    rowsOf = game.dataset.version;
    refreshRows();
  });

  // A kept table's page starts the app on the phone at once, in the background: when the
  // connection goes, the next tap is answered without waiting for Python to start.
  let drawn = Promise.resolve();  // a tap is answered once the page shows what the phone knows
  if (kept()) {
    block.querySelector("[data-keep-offline]").hidden = true;
    const fresh = navigator.onLine || document.body.hasAttribute("data-on-the-phone");
    const started = navigator.onLine ? refreshRows().then(boot) : boot();
    if (!fresh) drawn = started.then(redraw);
    started.then(storedSize).then((size) => say("ready", size)).catch(() => say("failed"));
  }

  // Opened offline, the page is the copy the phone kept of it: draw what the phone knows now.
  async function redraw() {
    const game = document.getElementById("game");
    const shown = await ask({ op: "answer", request: request("GET", location.pathname) });
    if (game && shown.status === 200) {
      await htmx.swap({ text: shown.text, swap: "outerHTML", target: game, sourceElement: document.body });
    }
  }

  window.phone = { usable: () => kept() && Boolean(window.Worker), answer, handles, answerPage };
})();
