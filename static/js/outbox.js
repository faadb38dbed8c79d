// The outbox: what this phone saved without a connection waits in IndexedDB (idb-keyval; it
// survives a closed browser), is counted and named in the header, and is sent in order, with
// its idempotency key, when the connection returns.
//  * entries and undo (htmx forms, answered with the #game fragment);
//  * forms marked data-outbox-form (a correction, play again, a new table), answered with a page;
//  * any other form that posts (the evening's forms, the set-up's first step on a phone that
//    does not keep tables) is not kept: it says so, input kept.
// A change the server refuses, or that another phone's changes overtook, stays in the list
// with its reason until the table decides (both versions side by side: kept/versions.js).
"use strict";

(() => {
  if (window.outboxWired) return;
  window.outboxWired = true;

  const ENTRY_FORMS = "form[data-entry], form.undo-form";
  const PAGE_FORMS = "form[data-outbox-form]";
  // The kinds of request the outbox keeps or the phone answers when the server is out of reach.
  const KEEPS = new Set(["entry", "kept"]);
  // An answer from a gateway, not from the app: the server is down, restarting or too busy, so
  // the change did not reach it (or is sent again under its key: stored once).
  const notReached = (response) => response.status >= 500 || response.status === 429;
  const ENGLISH = {
    one: "Saved on this phone: 1 change waits for the connection.",
    many: "Saved on this phone: {n} changes wait for the connection.",
    waiting: "waits for the connection",
    apart: "the table moved on meanwhile",
    behind: "waits for the choice above",
    refused: "refused by the server: {reason}",
    choose: "Show both versions",
    drop: "Let it go",
  };
  const scrolling = () => (matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth");
  const pathOf = (url) => new URL(url, location.href).pathname;
  const tableOf = (path) => path.split("/").slice(0, 3).join("/") + "/"; // /t/<token>/

  // --- IndexedDB, through idb-keyval: each kept change under a key that rises with time -------
  const idb = window.idbKeyval;
  const usable = Boolean(window.indexedDB && idb);
  const box = usable ? idb.createStore("table-assistant-outbox", "changes") : null;
  // Changes kept by this script's earlier version, in a store of its own: moved over, once.
  const moved = usable ? (async () => {
    const before = idb.createStore("table-assistant", "outbox");
    const found = await idb.values(before);
    if (!found.length) return;
    await idb.setMany(found.map((entry) => [entry.id, entry]), box);
    await idb.clear(before);
  })().catch(() => {}) : Promise.resolve();

  const keptEntries = () => (usable ? moved.then(() => idb.values(box)) : Promise.resolve([]));
  const store = (entry) => idb.set(entry.id, entry, box);
  const forget = (id) => idb.del(id, box);
  // Changes let go of at once, in one transaction: a sending that reads the outbox meanwhile
  // finds all of them or none (never the second of two, free to be sent once the first is gone).
  const forgetAll = (entries) => idb.delMany(entries.map((entry) => entry.id), box);
  // A kept change written anew (its state, its version, where it landed) only while it is kept:
  // one let go meanwhile (both versions chosen, a refused change dropped) stays gone.
  const rewrite = (entry) => box("readwrite", (changes) => {
    const kept = changes.get(entry.id);
    kept.onsuccess = () => { if (kept.result !== undefined) changes.put(entry, entry.id); };
    return idb.promisifyRequest(changes.transaction);
  });

  async function newId() {
    const keys = await idb.keys(box);
    const last = keys.length ? Number(keys[keys.length - 1]) : 0;
    return Math.max(Date.now(), Math.floor(last) + 1) + Math.random() / 2; // two tabs at once
  }

  // --- Keeping ----------------------------------------------------------------------------------
  const fieldsOf = (pairs) => Array.from(pairs || [], ([name, value]) => [name, String(value)]);
  const keyOf = (fields) => (fields.find(([name]) => name === "key") || [])[1];
  const versionOf = (fields) => Number((fields.find(([name]) => name === "version") || [])[1]);

  // A kept change by its step ("Plump: The bids of deal 5"): the game the phone answered says
  // what its Undo would take back now, which is this change; else the form's own words.
  function labelOf(form, submitter, answer) {
    const now = answer && window.versions.game(answer);
    const game = now || document.getElementById("game");
    const title = game && game.dataset.title;
    if (now && now.dataset.step) {
      const step = now.dataset.step;
      return `${title}: ${step.charAt(0).toLocaleUpperCase() + step.slice(1)}`;
    }
    if (form.dataset.outboxLabel) return form.dataset.outboxLabel;
    const button = submitter || form.querySelector("button[type=submit], button:not([type])");
    // The button's words name it ("Save bids"), not its icon.
    const what = button ? button.textContent.replace(/\s+/g, " ").replace(/^[^\p{L}\p{N}]+/u, "").trim() : "";
    return [title, what].filter(Boolean).join(": ");
  }

  // Each change kept has its own key (table.js) and the version it was made on. Kept one after
  // the other. A change the app on the phone answered is one change; without it, a form saved
  // again before it was sent (the bids corrected) replaces what it kept, in its place and with
  // its key (it may have arrived) — but a form that adds one event of many (a mulle) never does.
  let keeping = Promise.resolve();

  // A change that could not be stored says so to whoever kept it (its answer is not shown).
  function keep(entry) {
    const stored = keeping.then(async () => {
      const kept = await keptEntries();
      const same = entry.kind === "page"
        ? kept.find((other) => entry.key && other.key === entry.key)
        : kept.find((other) => !entry.phone && !other.phone && !entry.adds && !other.adds
          && other.form === entry.form && other.page === entry.page
          && versionOf(other.fields) === versionOf(entry.fields));
      if (same) {
        entry.key = same.key;
        entry.fields = entry.fields.map(([name, value]) => [name, name === "key" ? same.key : value]);
      }
      await store({ made: Date.now(), ...entry, id: same ? same.id : await newId() });
    });
    keeping = stored.catch(() => {});
    return stored.then(() => {
      window.dispatchEvent(new Event("outbox:kept"));
      return showPending(true);
    });
  }

  // Not kept (the phone's storage refused it): said beside the form, as a change that needs the
  // connection, and what was typed stays.
  function keptOrSaid(kept, ctx) {
    return kept.catch((error) => {
      cannotWithoutConnection(ctx.sourceElement, ctx.request.submitter);
      throw error;
    });
  }

  function keepEntry(ctx, answeredHere = false, answer = "") {
    ctx.keptHere = true;
    const fields = fieldsOf(ctx.request.body);
    const form = ctx.sourceElement;
    return keptOrSaid(keep({
      kind: "entry",
      action: ctx.request.action,
      fields,
      key: keyOf(fields),
      form: ctx.tap ? ctx.tap.form : ctx.request.action, // which form (table.js): of any page
      adds: form.hasAttribute("data-adds"),
      page: location.pathname,
      label: labelOf(form, ctx.request.submitter, answer),
      phone: answeredHere,
    }), ctx);
  }

  function keepPageForm(ctx, answeredHere = false) {
    ctx.keptHere = true;
    const form = ctx.sourceElement;
    const fields = fieldsOf(ctx.request.body);
    return keptOrSaid(keep({
      phone: answeredHere,
      kind: "page",
      action: pathOf(ctx.request.action),
      fields,
      key: keyOf(fields),
      page: location.pathname,
      shownOn: form.dataset.outboxPage || location.pathname,
      label: labelOf(form, ctx.request.submitter),
    }), ctx);
  }

  // A form the phone answered led to a page of its own making (a game started by "Play again"
  // has the phone's number): once the server's answer names its own, the changes kept after it
  // go there, and so does this page.
  async function landed(key, path) {
    await keeping;
    for (const entry of await keptEntries()) if (entry.key === key) await rewrite({ ...entry, landedHere: path });
  }

  async function remap(entry, path) {
    const from = entry.landedHere;
    if (!from || !path || from === path) return;
    // The page it led to, then the rest of its table (a table set up offline has its own link).
    const moves = (where) => {
      if (!where) return where;
      if (where.startsWith(from)) return path + where.slice(from.length);
      if (where.startsWith(tableOf(from))) return tableOf(path) + where.slice(tableOf(from).length);
      return where;
    };
    for (const later of await keptEntries()) {
      await rewrite({ ...later, action: moves(later.action), page: moves(later.page), shownOn: moves(later.shownOn) });
    }
    const now = moves(location.pathname);
    if (now !== location.pathname) openPage(now);
  }

  // A page of the app opened in this document, as a boosted link would (its address pushed).
  function openPage(path, push = true) {
    return htmx.ajax("GET", path, {
      target: document.body, swap: "outerSync", push: push ? path : undefined, headers: { "HX-Boosted": "true" },
    });
  }

  // --- What the page shows: the note in the page, the badge and the list in the header ---------
  const say = (element, which) => (element && element.getAttribute(`data-${which}`)) || ENGLISH[which];
  const shownHere = (entry) => entry.page === location.pathname || entry.shownOn === location.pathname;
  let retry = null;

  // The changes that wait: one that waits for a choice holds up the ones after it at its table
  // (what they were made on may change with the choice).
  function states(entries) {
    const held = new Set();
    return entries.map((entry) => {
      const table = tableOf(entry.page);
      const state = entry.state || (held.has(table) ? "behind" : "waiting");
      if (entry.state) held.add(table);
      return { entry, state };
    });
  }

  async function showPending(scroll) {
    if (!usable) return;
    const entries = await keptEntries();
    showList(entries);
    const mine = entries.filter(shownHere);
    const unanswered = mine.filter((entry) => !entry.phone).length;
    const stuck = states(mine).filter(({ state }) => state !== "waiting").length;
    window.dispatchEvent(new CustomEvent("outbox:count", { detail: { here: mine.length, unanswered, stuck } }));
    showNote(mine, scroll);
    // navigator.onLine can be true without a working connection: try again now and then.
    if (entries.some((entry) => !entry.state) && !retry) {
      retry = setTimeout(() => { retry = null; flush(); }, 20000);
    }
  }

  // The note in the page: what waits for a choice here (the table moved on, or the server
  // refused a change). On a page with the live line (a game's) the count is that line's; the
  // note speaks only when there is something to decide.
  function showNote(mine, scroll) {
    const here = document.querySelector("#main [data-outbox]");
    if (!here) return;
    const stuck = mine.find((entry) => entry.state);
    const counted = !document.querySelector("[data-live]") && mine.length > 0;
    const text = here.querySelector("[data-outbox-text]");
    const choose = here.querySelector("[data-outbox-choose]");
    here.hidden = !stuck && !counted;
    choose.hidden = !stuck;
    if (stuck) {
      const behind = mine.filter((entry) => entry.page === stuck.page).length;
      const words = stuck.state === "apart" ? say(here, "apart-here") : say(here, "refused-here");
      text.textContent = words.replace("{n}", behind).replace("{reason}", stuck.reason || "");
      choose.textContent = stuck.state === "apart" ? say(here, "choose") : say(here, "drop");
      choose.onclick = () => decide(stuck);
    } else if (counted) {
      text.textContent = mine.length === 1 ? say(here, "one") : say(here, "many").replace("{n}", mine.length);
    }
    // Brought into sight only if it is not: centring it would push the banner off the top.
    if (!here.hidden && scroll) here.scrollIntoView({ block: "nearest", behavior: scrolling() });
    // Without the app on the phone the page shows the step as it was: the next comes once sent.
    const last = mine[mine.length - 1];
    const next = document.querySelector("#main [data-outbox-next]");
    if (next) next.hidden = !(last && last.kind === "entry" && !last.adds && !last.phone);
  }

  function showList(entries) {
    const menu = document.querySelector("[data-outbox-menu]");
    if (!menu) return;
    menu.hidden = entries.length === 0;
    if (!entries.length) menu.open = false;
    menu.querySelector("[data-outbox-count]").textContent = String(entries.length);
    const list = menu.querySelector("[data-outbox-items]");
    list.replaceChildren(...states(entries).map(({ entry, state }) => {
      const item = document.createElement("li");
      const link = Object.assign(document.createElement("a"), { href: entry.page, textContent: entry.label });
      const said = Object.assign(document.createElement("span"), { className: "hint" });
      said.textContent = ` · ${say(menu, state).replace("{reason}", entry.reason || "")}`;
      item.append(link, said);
      if (entry.state) {
        const button = Object.assign(document.createElement("button"), {
          type: "button", className: "button small primary",
          textContent: say(menu, entry.state === "apart" ? "choose" : "drop"),
        });
        button.addEventListener("click", () => decide(entry));
        item.append(" ", button);
        item.classList.add("conflict");
      }
      return item;
    }));
  }

  // --- Sending, in order, when the connection is back -------------------------------------------
  // The server's token for this phone: a change the phone answered was drawn without it, and a
  // page the phone drew carries its own (data-on-the-phone); the last page of the server's has it.
  function pageToken() {
    const server = "server-csrf-token";
    try {
      if (document.body.hasAttribute("data-on-the-phone")) return localStorage.getItem(server) || "";
      const token = JSON.parse(document.body.getAttribute("hx-headers:inherited"))["X-CSRFToken"] || "";
      localStorage.setItem(server, token);
      return token;
    } catch (error) {
      return "";
    }
  }

  // One kept change sent: its answer (or null when there is no connection).
  function post(entry) {
    const body = new URLSearchParams(entry.fields);
    const token = pageToken();
    if (body.has("csrf_token")) body.set("csrf_token", token);
    const headers = { "X-CSRFToken": token };
    if (entry.kind !== "page") headers["HX-Request"] = "true";
    return fetch(entry.action, {
      method: "POST",
      credentials: "same-origin",
      referrerPolicy: "same-origin", // the CSRF check over HTTPS wants a same-origin Referer
      body,
      headers,
    }).catch(() => null);
  }

  // Why the server refused a change, in its own words where its answer says them.
  function reasonOf(text, status) {
    const page = new DOMParser().parseFromString(text || "", "text/html");
    const found = page.querySelector("#game .notice, .error-box, .has-error .error, .error, h1");
    return (found && found.textContent.replace(/\s+/g, " ").trim()) || `HTTP ${status}`;
  }

  // A page the server answered, shown in this document as a page of the app would be.
  async function showPage(response, text) {
    const at = response.url ? new URL(response.url) : null;
    const path = at ? at.pathname + at.search : location.pathname;
    await htmx.swap({ text, swap: "outerSync", target: document.body, sourceElement: document.body, push: path });
  }

  let flushing = false;

  // In order, each once: a change counts as sent when the server answers it saved ("already
  // saved" too). One the server refuses, or that other phones' changes overtook, waits with
  // its reason (and holds up the changes after it in its game) until the table decides; no
  // connection or server trouble: later.
  async function flush() {
    if (flushing || !usable) return;
    if (!navigator.onLine) return showPending(false);
    flushing = true;
    let sent = 0;
    let through = false;
    try {
      for (;;) {
        const waiting = states(await keptEntries()).filter(({ state }) => state === "waiting");
        const entry = waiting.length ? waiting[0].entry : null;
        window.dispatchEvent(new CustomEvent("outbox:sending", { detail: { left: waiting.length } }));
        if (!entry) { through = true; break; }
        const response = await post(entry);
        if (!response || notReached(response)) break; // later
        const text = await response.text();
        if (response.ok) {
          await sentOne(entry, response, text);
          sent += 1;
        } else {
          await refusedOne(entry, response, text);
        }
      }
    } finally {
      flushing = false;
    }
    const all = through && (await keptEntries()).length === 0;
    window.dispatchEvent(new CustomEvent("outbox:sent", { detail: { count: sent, all } }));
    await showPending(false);
    // All on the server: a page the phone drew gives way to the server's own.
    if (all && sent && document.body.hasAttribute("data-on-the-phone")) openPage(location.pathname + location.search, false);
  }

  async function sentOne(entry, response, text) {
    await forget(entry.id);
    const landedAt = pathOf(response.url || entry.action);
    if (entry.kind === "page") {
      await remap(entry, landedAt);
      if (shownHere(entry) && !entry.phone) await showPage(response, text);
      return;
    }
    // The changes kept after it on its page, made on its version, go with the version its
    // answer gave (no 409 against itself); stored, so a sending cut short goes on from there.
    const now = window.versions.of(text);
    const was = versionOf(entry.fields);
    if (now === was + 1) {
      for (const later of await keptEntries()) {
        if (later.page !== entry.page || versionOf(later.fields) !== was) continue;
        const fields = later.fields.map(([name, value]) => [name, name === "version" ? String(now) : value]);
        await rewrite({ ...later, fields });
      }
      window.versions.moved(entry.action, was, now);
    }
    // Shown (never over a newer state the phone shows: table.js), so that the next answer is
    // drawn against what the phone shows.
    const game = document.getElementById("game");
    if (game && entry.page === location.pathname && now !== null) {
      await htmx.swap({ text, swap: "outerHTML", target: game, sourceElement: document.body });
    }
  }

  // The table moved on while this change waited (409), or the server refused it: it waits for a
  // choice, with its reason; on its own page the table's game is shown at once, with the note.
  async function refusedOne(entry, response, text) {
    const apart = response.status === 409;
    if (entry.kind === "page" && apart && shownHere(entry)) return showPage(response, text); // both versions
    await rewrite({ ...entry, state: apart ? "apart" : "refused", reason: apart ? "" : reasonOf(text, response.status) });
    const game = document.getElementById("game");
    const table = apart && game && entry.page === location.pathname && window.versions.game(text);
    if (table) {
      // The table's game as it is, without the answer's word to enter again: the note says
      // what waits for the choice.
      table.querySelectorAll(".notice").forEach((notice) => notice.remove());
      await htmx.swap({ text: table.outerHTML, swap: "outerHTML", target: game, sourceElement: document.body, apart: true });
    }
  }

  // The table decides: both versions side by side for what the table changed meanwhile
  // (versions.js), or a refused change let go.
  async function decide(entry) {
    if (entry.state === "apart" && entry.kind === "page") {
      const response = await post(entry); // as its own page: the server's both versions
      if (response) await showPage(response, await response.text());
      return;
    }
    if (entry.state === "apart") {
      await window.keptScript("versions"); // static/kept/versions.js, loaded when a choice is asked
      return window.bothVersions.show(entry);
    }
    const table = tableOf(entry.page);
    await forgetAll((await keptEntries()).filter((other) => tableOf(other.page) === table && other.id >= entry.id));
    await showPending(false);
    flush();
  }

  // The changes of a game (``game``: its address) this phone lets go of: the table kept its
  // own version, or this phone's as one change (versions.js).
  async function letGo(game) {
    const ofGame = (entry) => entry.page.startsWith(game) || (entry.shownOn || "").startsWith(game);
    await forgetAll((await keptEntries()).filter(ofGame));
    window.dispatchEvent(new CustomEvent("outbox:let-go", { detail: { game } }));
    await showPending(false);
  }

  // --- Wiring: every request of the page, with and without a connection -----------------------
  const boosted = (ctx) => ctx.request.headers && ctx.request.headers["HX-Boosted"] === "true";

  // What a request is to the outbox: a poll, an entry, a kept form, a step of the set-up that
  // only asks, a page to look at, or any other form (which needs the connection).
  function kindOf(ctx) {
    const source = ctx.sourceElement;
    if (!source || !source.matches || !ctx.request) return null;
    if (source.hasAttribute("data-poll")) return "poll";
    const post = ctx.request.method === "POST";
    if (post && source.matches(ENTRY_FORMS)) return usable ? "entry" : "other";
    if (!boosted(ctx)) return null;
    if (!post) return "look";
    const asks = [source, ctx.request.submitter].some((element) => element && element.hasAttribute("data-phone-asks"));
    if (asks) return "asks";
    return source.matches(PAGE_FORMS) && usable ? "kept" : "other";
  }

  // Without the server: answered on the phone where it keeps the table (phone.js), else kept,
  // else said to need the connection. A function that answers the request in place of the
  // network, or null when it is not to be sent at all.
  function withoutServer(ctx, kind) {
    const phone = window.phone;
    const answers = Boolean(phone) && phone.handles(ctx.request.action);
    if (kind === "entry") {
      if (answers) return () => phone.answer(ctx, (answered, text) => keepEntry(ctx, answered, text));
      keepEntry(ctx).catch(() => {}); // said beside the form
      return null;
    }
    if (kind === "kept") {
      if (answers) return () => phone.answerBoosted(ctx, () => keepPageForm(ctx, true));
      keepPageForm(ctx).catch(() => {}); // said beside the form
      return null;
    }
    if ((kind === "asks" || kind === "look") && answers) return () => phone.answerBoosted(ctx);
    if (kind === "look") return undefined; // the service worker's copy, or its offline page
    cannotWithoutConnection(ctx.sourceElement, ctx.request.submitter);
    return null;
  }

  // A page the phone drew carries its own token: back online, what it sends carries the server's.
  document.addEventListener("htmx:config:request", (event) => {
    const ctx = event.detail && event.detail.ctx;
    if (!ctx || !navigator.onLine || !document.body.hasAttribute("data-on-the-phone")) return;
    const token = pageToken();
    ctx.request.headers["X-CSRFToken"] = token;
    const body = ctx.request.body;
    if (body && body.has && body.has("csrf_token")) body.set("csrf_token", token);
  });

  document.addEventListener("htmx:before:request", (event) => {
    const ctx = event.detail && event.detail.ctx;
    const kind = ctx && kindOf(ctx);
    if (!kind) return;
    if (!navigator.onLine) {
      if (kind === "poll") return event.preventDefault(); // no connection: nothing to ask
      const instead = withoutServer(ctx, kind);
      if (instead === null) event.preventDefault();
      else if (instead) ctx.fetch = instead;
      return;
    }
    if (kind === "poll") return;
    // A network that says it is up and reaches nothing (a cottage's router, a ferry's portal),
    // or a gateway that answers for a server that is down or busy (502, 503, 504, 429): answered
    // as without a connection, as the outbox's sending takes them (flush). The server may have
    // stored a change before its answer was lost: sent again later under its key, it is stored once.
    const network = ctx.fetch || window.fetch.bind(window);
    const unreached = (error) => {
      if (error && error.name === "AbortError") throw error; // dropped by htmx, not unreached
      const instead = withoutServer(ctx, kind);
      if (instead) return instead();
      throw error;
    };
    ctx.fetch = (...args) => network(...args).then((response) => {
      if (!KEEPS.has(kind) || !notReached(response)) return response;
      return unreached(new TypeError(`HTTP ${response.status}`));
    }, unreached);
  });

  // Any other form that posts (a stake, the evening's name, ending the evening, a payment, an
  // import) asks the server: without a connection it says so beside its button, and what was
  // typed stays.
  function cannotWithoutConnection(form, submitter) {
    if (!form || !form.matches || !form.matches("form")) return;
    delete form.dataset.sent; // not sent: a form that goes once can go when the connection is back
    let said = form.querySelector("[data-offline-note]");
    if (!said) {
      said = Object.assign(document.createElement("p"), { className: "error offline-note" });
      said.setAttribute("role", "alert");
      said.setAttribute("data-offline-note", "");
      said.textContent = document.body.dataset.offlineSaid || "";
      (submitter || form.lastElementChild || form).after(said);
    }
    said.hidden = false;
    said.scrollIntoView({ block: "center", behavior: scrolling() });
  }

  // A form the page posts itself (one htmx does not take: without its script, hx-boost="false"):
  // kept or said, never lost.
  document.addEventListener("submit", (event) => {
    const form = event.target;
    if (navigator.onLine || event.defaultPrevented || !form.matches || form.method !== "post") return;
    event.preventDefault();
    if (form.matches(PAGE_FORMS) && usable) {
      const body = new FormData(form, event.submitter);
      const ctx = { sourceElement: form, request: { action: form.action, body, submitter: event.submitter } };
      keepPageForm(ctx).catch(() => {}); // said beside the form
    } else {
      cannotWithoutConnection(form, event.submitter);
    }
  });

  window.addEventListener("online", () => {
    document.querySelectorAll("[data-offline-note]").forEach((said) => { said.hidden = true; });
    flush();
  });

  document.addEventListener("htmx:after:swap", (event) => {
    const ctx = event.detail && event.detail.ctx;
    if (ctx && ctx.target === document.body) pageShown();
    else showPending(false);
  });

  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") flush();
  });

  // A page that answers a form from the outbox (both versions of a correction) shows it: the
  // kept copy has done its work, the choice is made there. Only the server's own page says so:
  // one the phone drew has told the server nothing.
  async function answered() {
    const key = document.body.dataset.outboxAnswered;
    if (!key || !usable || document.body.hasAttribute("data-on-the-phone")) return;
    for (const entry of await keptEntries()) {
      if (entry.key !== key) continue;
      await forget(entry.id);
      await remap(entry, location.pathname);
    }
  }

  function pageShown() {
    pageToken();
    answered().catch(() => {}).then(flush);
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", pageShown);
  else pageShown();

  window.outbox = { entries: keptEntries, landed, letGo, flush, showPending, openPage };
})();
