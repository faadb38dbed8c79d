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

  const ENTRY_FORMS = "#game form[data-entry], #game form[action$='/undo']";
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

  async function keep(entry) {
    // Saving the same form again (a bid changed) replaces what was kept, in its place in line.
    const same = (await keptEntries()).find((kept) => entry.key && kept.key === entry.key);
    if (same) entry.id = same.id;
    await store({ made: Date.now(), ...entry });
    window.dispatchEvent(new Event("outbox:kept"));
    await showPending(true);
  }

  const fieldsOf = (pairs) => Array.from(pairs || [], ([name, value]) => [name, String(value)]);
  const keyOf = (fields) => (fields.find(([name]) => name === "key") || [])[1];

  function keepEntry(ctx) {
    const fields = fieldsOf(ctx.request.body);
    const form = ctx.sourceElement;
    return keep({
      kind: "entry",
      action: ctx.request.action,
      fields,
      key: keyOf(fields),
      page: location.pathname,
      label: labelOf(form, ctx.submitter),
    });
  }

  function keepPageForm(form, submitter) {
    const fields = fieldsOf(new FormData(form, submitter));
    return keep({
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
    const count = entries.filter(shownHere).length;
    const here = note(count > 0);
    if (here) {
      here.hidden = count === 0;
      const text = count === 1 ? say(here, "one") : say(here, "many").replace("{n}", count);
      here.textContent = count ? text : "";
      if (count && scroll) here.scrollIntoView({ block: "center", behavior: scrolling() });
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

  async function flush() {
    if (flushing || !window.indexedDB) return;
    if (!navigator.onLine) return showPending(false);
    flushing = true;
    let answer = null;
    let refused = false;
    const moved = new Map(); // a version an entry was sent with → the version its answer gave
    try {
      for (const entry of await keptEntries()) {
        if (entry.conflict) continue;  // waits for the player's choice
        const body = new URLSearchParams(entry.fields);
        // Entries kept one after another on this phone were all made from the page as it was:
        // each is sent with the version the answer to the one before gave (not a 409 against
        // itself).
        let sent = Number(body.get("version"));
        while (moved.has(sent)) sent = moved.get(sent);
        if (body.has("version")) body.set("version", String(sent));
        if (entry.kind === "page" && !entry.sent && entry.page === location.pathname) {
          await send(entry, body);
          return;  // the page is going: the rest is sent from the next one
        }
        const headers = { "X-CSRFToken": body.get("csrf_token") || "" };
        if (entry.kind !== "page") headers["HX-Request"] = "true";
        const response = await fetch(entry.action, {
          method: "POST",
          credentials: "same-origin",
          referrerPolicy: "same-origin",  // the CSRF check over HTTPS wants a same-origin Referer
          body,
          headers,
        }).catch(() => null);
        if (!response || response.status >= 500) break;  // no connection, or server trouble: later
        const text = await response.text();
        const fragment = new DOMParser().parseFromString(text, "text/html");
        const now = fragment.getElementById("game");
        if (entry.kind === "page" && response.status === 409) {
          if (shownHere(entry)) return send(entry, body);  // both versions, to choose from
          await store({ ...entry, conflict: true });
          continue;
        }
        await forget(entry.id);
        if (response.ok && now && Number(now.dataset.version) === sent + 1) moved.set(sent, sent + 1);
        // An entry is answered with the game (200, 409 and 422 alike), a page form with a
        // redirect to it; anything else was refused.
        const landed = new URL(response.url || entry.action, location.href).pathname;
        if (entry.kind === "page" ? !response.ok : !now) refused = true;
        else if (now && (entry.page === location.pathname || landed === location.pathname)) {
          answer = now.outerHTML;
        }
      }
    } finally {
      flushing = false;
    }
    const game = document.getElementById("game");
    if (answer && game) {
      await htmx.swap({ text: answer, swap: "outerHTML", target: game, sourceElement: document.body });
    }
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
    if (navigator.onLine || !ctx) return;
    const source = ctx.sourceElement;
    if (source && source.hasAttribute && source.hasAttribute("data-poll")) {
      event.preventDefault();  // no connection: polling has nothing to ask
    } else if (isEntryRequest(ctx)) {
      event.preventDefault();  // no connection: keep the entry instead of sending it
      keepEntry(ctx);
    }
  });

  document.addEventListener("htmx:error", (event) => {
    const ctx = event.detail && event.detail.ctx;
    if (ctx && !ctx.response && isEntryRequest(ctx)) keepEntry(ctx);  // a network error, not a 4xx
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
    event.preventDefault();
    if (form.matches(PAGE_FORMS) && window.indexedDB) keepPageForm(form, event.submitter);
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
    for (const entry of await keptEntries()) if (entry.key === key) await forget(entry.id);
  }

  document.addEventListener("DOMContentLoaded", () => {
    if (!window.indexedDB) return;
    answered().catch(() => {}).then(flush);
  });

  window.outbox = { entries: () => (window.indexedDB ? keptEntries() : Promise.resolve([])) };
})();
