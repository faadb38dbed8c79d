// The outbox: what this phone saved without a connection waits in IndexedDB (it survives a
// closed browser), is counted and named in the header, and is sent in order, with its
// idempotency key, when the connection returns.
//  * entries and undo (htmx forms, answered with the #game fragment);
//  * forms marked data-outbox-form (a correction, play again), answered with a page: sent from the
//    page they were made on as that form would be (the browser shows the answer), from any
//    other page in the background; a correction the table changed meanwhile (409) is shown
//    with both versions to choose from;
//  * any other form that posts (setting up, the evening's forms) is not kept: it says so,
//    input kept.
"use strict";

(() => {
  if (window.outboxWired) return;
  window.outboxWired = true;

  // (a form tapped while an answer was on its way may have left the page since)
  const ENTRY_FORMS = "form[data-entry], form.undo-form";
  const PAGE_FORMS = "form[data-outbox-form]";
  const ENGLISH = {
    one: "Saved on this phone: 1 entry waits for the connection.",
    many: "Saved on this phone: {n} entries wait for the connection.",
    refused: "An entry kept on this phone was refused by the server: enter it again.",
    waiting: "waits for the connection",
    conflict: "the table changed it meanwhile",
    choose: "Show both versions",
  };
  const scrolling = () => (matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth");

  // --- IndexedDB ------------------------------------------------------------------------------
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
  const store = (entry) => outbox("readwrite", (box) => box.put(entry));
  const forget = (id) => outbox("readwrite", (box) => box.delete(id));

  // --- Keeping ----------------------------------------------------------------------------------
  function labelOf(form, submitter) {
    if (form.dataset.outboxLabel) return form.dataset.outboxLabel;
    const button = submitter || form.querySelector("button[type=submit], button:not([type])");
    // The button's words name it ("Save bids", "Undo: the tricks of deal 7"), not its icon.
    const what = button ? button.textContent.replace(/\s+/g, " ").replace(/^[^\p{L}\p{N}]+/u, "").trim() : "";
    const game = document.getElementById("game");
    return game && game.dataset.title ? `${game.dataset.title}: ${what}` : what;
  }

  // Each change kept has its own key (table.js) and the version it was made on. A form that adds
  // one event of many (data-adds: a mulle, a boodle card) keeps every save; any other saved again
  // replaces what it kept (the bids corrected), in its place and with its key (it may have arrived).
  async function keep(entry) {
    const kept = await keptEntries();
    const same = entry.kind === "page"
      ? kept.find((other) => entry.key && other.key === entry.key)
      : kept.find((other) => !entry.adds && !other.adds && other.form === entry.form && other.page === entry.page
        // answered on the phone, the next step is another change: only the same step replaces
        && (!entry.phone || versionOf(other.fields) === versionOf(entry.fields)));
    if (same) {
      entry.id = same.id;
      entry.key = same.key;
      entry.fields = entry.fields.map(([name, value]) => [name, name === "key" ? same.key : value]);
    }
    await store({ made: Date.now(), ...entry });
    window.dispatchEvent(new Event("outbox:kept"));
    await showPending(true);
  }

  const fieldsOf = (pairs) => Array.from(pairs || [], ([name, value]) => [name, String(value)]);
  const keyOf = (fields) => (fields.find(([name]) => name === "key") || [])[1];
  const versionOf = (fields) => Number((fields.find(([name]) => name === "version") || [])[1]);

  function keepEntry(ctx, answeredHere = false) {
    ctx.keptHere = true;
    const fields = fieldsOf(ctx.request.body);
    const form = ctx.sourceElement;
    return keep({
      kind: "entry",
      action: ctx.request.action,
      fields,
      key: keyOf(fields),
      form: ctx.tap ? ctx.tap.form : ctx.request.action,  // which form (table.js): of any page
      adds: form.hasAttribute("data-adds"),
      page: location.pathname,
      label: labelOf(form, ctx.submitter),
      phone: answeredHere,
    });
  }

  function keepPageForm(form, submitter, answeredHere = false) {
    const fields = fieldsOf(new FormData(form, submitter));
    return keep({
      phone: answeredHere,
      kind: "page",
      action: new URL(form.action, location.href).pathname,
      fields,
      key: keyOf(fields),
      page: location.pathname,
      shownOn: form.dataset.outboxPage || location.pathname,
      label: labelOf(form, submitter),
    });
  }

  function isEntryRequest(ctx) {
    const source = ctx && ctx.sourceElement;
    return Boolean(window.indexedDB && source && source.matches && source.matches(ENTRY_FORMS)
      && ctx.request && ctx.request.method === "POST");
  }

  // A form the phone answered led to a page of its own making (a game started by "Play again"
  // has the phone's number): once the server's answer names its own, the changes kept after it
  // go there, and so does this page.
  let keeping = Promise.resolve();

  async function landed(key, path) {
    await keeping;
    for (const entry of await keptEntries()) if (entry.key === key) await store({ ...entry, landedHere: path });
  }

  const tableOf = (path) => path.split("/").slice(0, 3).join("/") + "/";  // /t/<token>/

  async function remap(entry, path) {
    const from = entry.landedHere;
    if (!from || !path || from === path) return;
    // The page it led to, then the rest of its table (a table set up offline has its own link).
    const moved = (where) => {
      if (!where) return where;
      if (where.startsWith(from)) return path + where.slice(from.length);
      if (where.startsWith(tableOf(from))) return tableOf(path) + where.slice(tableOf(from).length);
      return where;
    };
    for (const later of await keptEntries()) {
      await store({ ...later, action: moved(later.action), page: moved(later.page), shownOn: moved(later.shownOn) });
    }
    if (moved(location.pathname) !== location.pathname) location.replace(moved(location.pathname));
  }

  // --- What the page shows: the note beside the forms, the badge and the list in the header ---
  function note(create) {
    const scope = document.getElementById("game") || document.getElementById("main");
    let found = scope && scope.querySelector("[data-outbox]");
    if (scope && !found && create) {  // the templates carry it with the translated sentences
      found = Object.assign(document.createElement("p"), { className: "pending", hidden: true });
      found.setAttribute("role", "status");
      found.setAttribute("data-outbox", "");
      const panel = scope.querySelector(".panel, form[data-entry], form[data-outbox-form]");
      if (panel) panel.before(found);
      else scope.prepend(found);
    }
    return found;
  }

  const say = (element, which) => (element && element.getAttribute(`data-${which}`)) || ENGLISH[which];
  const shownHere = (entry) => entry.page === location.pathname || entry.shownOn === location.pathname;
  let retry = null;

  async function showPending(scroll) {
    if (!window.indexedDB) return;
    const entries = await keptEntries();
    showList(entries);
    const mine = entries.filter(shownHere);
    const count = mine.length;
    const unanswered = mine.filter((entry) => !entry.phone).length;
    window.dispatchEvent(new CustomEvent("outbox:count", { detail: { here: count, unanswered } }));
    const here = note(count > 0);
    if (here) {
      here.hidden = count === 0;
      const text = count === 1 ? say(here, "one") : say(here, "many").replace("{n}", count);
      here.textContent = count ? text : "";
      // Brought into sight only if it is not: centring it would push the banner off the top.
      if (count && scroll) here.scrollIntoView({ block: "nearest", behavior: scrolling() });
      // Offline the page shows the step as it was: the next one comes once this is sent.
      const last = mine[mine.length - 1];
      const next = here.parentElement.querySelector("[data-outbox-next]");
      if (next) next.hidden = !(last && last.kind === "entry" && !last.adds && !last.phone);
    }
    // navigator.onLine can be true without a working connection: try again now and then.
    if (entries.some((entry) => !entry.conflict) && !retry) {
      retry = setTimeout(() => { retry = null; flush(); }, 20000);
    }
  }

  function showList(entries) {
    const menu = document.querySelector("[data-outbox-menu]");
    if (!menu) return;
    menu.hidden = entries.length === 0;
    if (!entries.length) menu.open = false;
    menu.querySelector("[data-outbox-count]").textContent = String(entries.length);
    const list = menu.querySelector("[data-outbox-items]");
    list.replaceChildren(...entries.map((entry) => {
      const item = document.createElement("li");
      const link = Object.assign(document.createElement("a"), { href: entry.page, textContent: entry.label });
      const state = Object.assign(document.createElement("span"), { className: "hint" });
      state.textContent = ` · ${say(menu, entry.conflict ? "conflict" : "waiting")}`;
      item.append(link, state);
      if (entry.conflict) {
        const show = Object.assign(document.createElement("button"), {
          type: "button", className: "button small primary", textContent: say(menu, "choose"),
        });
        show.addEventListener("click", () => send(entry, new URLSearchParams(entry.fields)));
        item.append(" ", show);
        item.classList.add("conflict");
      }
      return item;
    }));
  }

  // --- Sending, in order, when the connection is back -------------------------------------------
  // A page form sent as the form itself would be: the browser shows the server's answer (the
  // game with "Deal 3 corrected", or both versions of a conflict).
  async function send(entry, body) {
    await store({ ...entry, sent: true, conflict: false });
    if (entry.phone) body.set("csrf_token", pageToken());
    // Marked as the outbox's: the service worker leaves it to the browser (sw.js).
    const action = new URL(entry.action, location.href);
    action.searchParams.set("outbox", "1");
    const form = Object.assign(document.createElement("form"), { method: "post", action: action.href });
    form.hidden = true;
    for (const [name, value] of body) {
      form.append(Object.assign(document.createElement("input"), { type: "hidden", name, value }));
    }
    document.body.append(form);
    form.submit();
  }

  let flushing = false;

  // The changes kept after one that went, made on its version, go with the version its answer
  // gave (no 409 against itself); stored, so a sending cut short goes on from there.
  async function rebase(after, page, from, to) {
    for (const later of after) {
      if (later.page !== page || versionOf(later.fields) !== from) continue;
      const fields = later.fields.map(([name, value]) => [name, name === "version" ? String(to) : value]);
      await store({ ...later, fields });
    }
    // This page's taps follow them (table.js).
    if (page === location.pathname) {
      window.dispatchEvent(new CustomEvent("outbox:answered", { detail: { from, to } }));
    }
  }

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
  pageToken();

  // One kept change sent: its answer (or null when there is no connection).
  function post(entry, body) {
    const token = (!entry.phone && body.get("csrf_token")) || pageToken();
    if (body.has("csrf_token")) body.set("csrf_token", token);
    const headers = { "X-CSRFToken": token };
    if (entry.kind !== "page") headers["HX-Request"] = "true";
    return fetch(entry.action, {
      method: "POST",
      credentials: "same-origin",
      referrerPolicy: "same-origin",  // the CSRF check over HTTPS wants a same-origin Referer
      body,
      headers,
    }).catch(() => null);
  }

  // In order, each once ("already saved" counts as sent); a refusal is said; no connection or
  // server trouble: later.
  async function flush() {
    if (flushing || !window.indexedDB) return;
    if (!navigator.onLine) return showPending(false);
    flushing = true;
    let refused = false;
    let sentCount = 0;
    const waitsForChoice = new Set();
    try {
      for (;;) {
        const line = (await keptEntries()).filter((entry) => !entry.conflict && !waitsForChoice.has(entry.id));
        const entry = line[0];
        if (!entry) break;
        const body = new URLSearchParams(entry.fields);
        if (entry.kind === "page" && !entry.sent && entry.page === location.pathname) {
          await send(entry, body);
          return;  // the page is going: the rest is sent from the next one
        }
        const response = await post(entry, body);
        if (!response || response.status >= 500) break;
        const text = await response.text();
        const now = new DOMParser().parseFromString(text, "text/html").getElementById("game");
        if (entry.kind === "page" && response.status === 409) {
          if (shownHere(entry)) return send(entry, body);  // both versions, to choose from
          await store({ ...entry, conflict: true });
          waitsForChoice.add(entry.id);
          continue;
        }
        // Changes the phone answered while another phone moved the game: none is dropped. This
        // one and those kept after it in the same game wait for a choice, each shown as the
        // table's game with what this phone entered kept in its form (the server's 409).
        if (entry.phone && response.status === 409) {
          for (const later of line) if (later.page === entry.page) await store({ ...later, conflict: true });
          continue;
        }
        await forget(entry.id);
        const sent = versionOf(entry.fields);
        if (response.ok && now && Number(now.dataset.version) === sent + 1) {
          await rebase(line.slice(1), entry.page, sent, sent + 1);
        }
        // An entry is answered with the game (200, 409 and 422 alike), a page form with a
        // redirect to it; anything else was refused.
        const landed = new URL(response.url || entry.action, location.href).pathname;
        if (entry.kind === "page" && response.ok) await remap(entry, landed);
        if (entry.kind === "page" ? !response.ok : !now) refused = true;
        else if (response.ok) sentCount += 1;  // saved, or "already saved"
        // Shown at once: the next answer is drawn against what the phone shows.
        const game = document.getElementById("game");
        if (now && game && (entry.page === location.pathname || landed === location.pathname)) {
          await htmx.swap({ text: now.outerHTML, swap: "outerHTML", target: game, sourceElement: document.body });
        }
      }
    } finally {
      flushing = false;
    }
    if (sentCount) window.dispatchEvent(new CustomEvent("outbox:sent", { detail: { count: sentCount } }));
    await showPending(false);
    const here = refused && note(true);
    if (here) {
      here.hidden = false;
      here.textContent = say(here, "refused");
    }
  }

  // --- Wiring -----------------------------------------------------------------------------------
  document.addEventListener("htmx:before:request", (event) => {
    const ctx = event.detail && event.detail.ctx;
    if (!ctx) return;
    if (navigator.onLine) return answeredHereIfUnreached(ctx);
    const source = ctx.sourceElement;
    if (source && source.hasAttribute && source.hasAttribute("data-poll")) {
      event.preventDefault();  // no connection: polling has nothing to ask
    } else if (isEntryRequest(ctx) && window.phone && window.phone.usable()) {
      // no connection, the table kept on this phone (phone.js): keep it, and answer it here
      ctx.fetch = () => window.phone.answer(ctx, (answered) => keepEntry(ctx, answered));
    } else if (isEntryRequest(ctx)) {
      event.preventDefault();  // no connection: keep the entry instead of sending it
      keepEntry(ctx);
    }
  });

  // A network that says it is up and reaches nothing (a cottage's router, a ferry's portal):
  // on a table kept on this phone, an entry the server did not get is answered here as it is
  // without a connection, and kept. The server may have stored it before the answer was lost:
  // sent again later under its key, it is stored once.
  function answeredHereIfUnreached(ctx) {
    if (!isEntryRequest(ctx) || !window.phone || !window.phone.usable()) return;
    const network = ctx.fetch;
    ctx.fetch = (...args) => network(...args).catch((error) => {
      if (error && error.name === "AbortError") throw error;  // dropped by htmx, not unreached
      return window.phone.answer(ctx, (answered) => keepEntry(ctx, answered));
    });
  }

  document.addEventListener("htmx:error", (event) => {
    const ctx = event.detail && event.detail.ctx;
    if (ctx && !ctx.response && !ctx.keptHere && isEntryRequest(ctx)) keepEntry(ctx);  // a network error, not a 4xx
  });

  // Any other form that posts (setting up, a stake, the evening's name, ending the evening, a
  // payment, an import) asks the server: without a connection it says so beside its button,
  // and what was typed stays. htmx's forms are kept above, before they are sent.
  function cannotWithoutConnection(form, submitter) {
    delete form.dataset.sent;  // not sent: a form that goes once can go when the connection is back
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

  document.addEventListener("submit", (event) => {
    const form = event.target;
    if (navigator.onLine || !form.matches || form.method !== "post" || form.hasAttribute("hx-post")) return;
    const kept = form.matches(PAGE_FORMS) && window.indexedDB;
    // A step that stores nothing (the set-up's first step, "change"): only asked.
    const asks = [form, event.submitter].some((element) => element && element.hasAttribute("data-phone-asks"));
    // The table kept on this phone (phone.js): kept, and sent on to the app on the phone, which
    // answers it as the server would (the service worker asks it, sw.js).
    if ((kept || asks) && window.phone && window.phone.handles(form.action)) {
      if (kept && !asks) keeping = keepPageForm(form, event.submitter, true);
      return;
    }
    event.preventDefault();
    if (kept) keepPageForm(form, event.submitter);
    else cannotWithoutConnection(form, event.submitter);
  });

  window.addEventListener("online", () => {
    document.querySelectorAll("[data-offline-note]").forEach((said) => { said.hidden = true; });
    flush();
  });

  document.addEventListener("htmx:after:swap", () => {
    if (window.indexedDB) showPending(false);
  });

  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") flush();
  });

  // A kept form answered with a redirect: the address names its key (views/__init__.py).
  function landedFrom() {
    const found = /^#outbox-(.+)$/.exec(location.hash);
    if (!found) return null;
    history.replaceState(history.state, "", location.pathname + location.search);
    try { return decodeURIComponent(found[1]); } catch (error) { return null; }
  }

  // A page that answers a form from the outbox (a conflict, a refusal) shows it: the kept copy
  // has done its work.
  async function answered() {
    const key = document.body.dataset.outboxAnswered || landedFrom();
    if (!key || !window.indexedDB) return;
    for (const entry of await keptEntries()) {
      if (entry.key !== key) continue;
      await forget(entry.id);
      await remap(entry, location.pathname);
    }
  }

  document.addEventListener("DOMContentLoaded", () => {
    if (!window.indexedDB) return;
    answered().catch(() => {}).then(flush);
  });

  window.outbox = { entries: () => (window.indexedDB ? keptEntries() : Promise.resolve([])), landed };
})();
