// The game page at the table: one phone never in its own way, no phone silently behind, taps
// made meanwhile kept, the bar at thumb height. An enhancement like everything else: without
// JavaScript the forms post as they are and the server checks it all.
"use strict";

(() => {
  if (window.tableWired) return;
  window.tableWired = true;

  const game = () => document.getElementById("game");
  const inGame = (node) => Boolean(node && node.closest && node.closest("#game"));

  // --- One phone never trips over itself ------------------------------------------------------
  // Every request of the page waits its turn (hx-sync on #main). A form tapped while the answer
  // to the one before was on its way still carries the version its page showed: it is sent with
  // the version this phone's own answer gave since. Versions other phones made are not followed,
  // so their changes still answer 409. The one place that reads a version out of an answer and
  // follows this phone's own (outbox.js sends what waits by it too).
  // (by game: the app stays one document, base.html, and every game counts from 0)
  const ownNext = new Map(); // "game@version the page showed" → version this phone's answer gave
  const gameOf = (action) => (/^\/t\/[^/]+\/g\/\d+\//.exec(new URL(action, location.href).pathname) || [""])[0];

  const versions = {
    // The game an answer shows (its #game), or null: an answer that is not a game's.
    game(text) {
      if (!text || !text.includes('id="game"')) return null;
      return new DOMParser().parseFromString(text, "text/html").getElementById("game");
    },
    of(text) {
      const found = versions.game(text);
      return found ? Number(found.dataset.version) : null;
    },
    follow(action, version) {
      const game = gameOf(action);
      let now = version;
      for (let steps = 0; ownNext.has(`${game}@${now}`) && steps < 1000; steps += 1) now = ownNext.get(`${game}@${now}`);
      return now;
    },
    // This phone's own change (posted to ``action``) moved its game from one version to the next.
    moved(action, from, to) {
      if (to === from + 1) ownNext.set(`${gameOf(action)}@${from}`, to);
    },
    shown() {
      const page = game();
      return page ? Number(page.dataset.version) : null;
    },
  };
  window.versions = versions;

  const touched = new WeakMap(); // a form → the names of the fields tapped since it was sent

  const isPoll = (ctx) => Boolean(ctx && ctx.sourceElement && ctx.sourceElement.hasAttribute
    && ctx.sourceElement.hasAttribute("data-poll"));
  const isBoosted = (ctx) => Boolean(ctx && ctx.request && ctx.request.headers
    && ctx.request.headers["HX-Boosted"] === "true");

  // --- Every tap counts ---------------------------------------------------------------------------
  // No button is disabled while an answer is on its way (a tap on it was lost, unsaid): the tap
  // is queued, marked, counted in the bar, sent in its turn. Each tap after a form's first is
  // another change, with a key of its own (taps.js drops a double tap).
  const sentKeys = new Set();
  const waitingTaps = []; // not answered yet, in order

  function freshKey() {
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }

  document.addEventListener("htmx:config:request", (event) => {
    const ctx = event.detail && event.detail.ctx;
    const form = ctx && ctx.request && ctx.request.form;
    if (!form || !inGame(form) || ctx.request.method !== "POST") return;
    touched.delete(form); // what it holds now is being sent
    delete form.dataset.dirty;
    const body = ctx.request.body;
    // Offline the page may be the service worker's copy, its keys sent before.
    if (body && body.has && body.has("key")) {
      if (!navigator.onLine || sentKeys.has(body.get("key"))) body.set("key", freshKey());
      sentKeys.add(body.get("key"));
    }
    const submitter = ctx.request.submitter;
    // A focused key anchors the scroll when the answer goes in before the page it is on:
    // the page jumped by the game's height.
    if (submitter && submitter === document.activeElement) submitter.blur();
    // A form that saves a step (not data-adds: the bids, the next round, a lance) takes no
    // second tap until its answer: its step is done by then, a second would be refused.
    ctx.locked = form.hasAttribute("data-adds") ? [] : Array.from(form.querySelectorAll("button:not([disabled])"));
    ctx.locked.forEach((button) => { button.disabled = true; });
    const { name = "", value = "" } = submitter || {};
    ctx.tap = { form: formKey(form), name, value };
    waitingTaps.push(ctx.tap);
    showWaiting();
  });

  document.addEventListener("htmx:finally:request", (event) => {
    const ctx = event.detail && event.detail.ctx;
    if (ctx && ctx.locked) ctx.locked.forEach((button) => { button.disabled = false; });
    if (!ctx || !ctx.tap || !waitingTaps.includes(ctx.tap)) return;
    waitingTaps.splice(waitingTaps.indexOf(ctx.tap), 1);
    showWaiting();
  });

  // A tap on a form of an answer just swapped in, before htmx took the form in (it does once
  // the answer settles): sent as htmx's, never as a page the browser would load.
  const taken = new WeakSet();
  document.addEventListener("htmx:after:init", (event) => taken.add(event.target));
  document.addEventListener("submit", (event) => {
    const form = event.target;
    if (inGame(form) && form.hasAttribute("hx-post") && !taken.has(form)) htmx.process(form);
  }, true); // htmx's listener, added now, takes this very submit when it reaches the form

  // The waiting taps marked (on today's page), counted in the bar; Undo waits, as what it names
  // is not what it would take back.
  function showWaiting() {
    const page = game();
    if (!page) return;
    page.querySelectorAll(".waiting").forEach((element) => element.classList.remove("waiting"));
    for (const tap of waitingTaps) {
      const form = Array.from(page.querySelectorAll("form")).find((f) => formKey(f) === tap.form);
      const button = form && Array.from(form.querySelectorAll("button"))
        .find((b) => b.name === tap.name && b.value === tap.value);
      if (button) button.classList.add("waiting");
    }
    // In the place of what the last tap did: the bar never grows over the keys.
    const line = page.querySelector("[data-taps-waiting]");
    const undo = page.querySelector(".undo-form");
    const count = waitingTaps.length;
    // (a change the phone answered itself is shown: Undo names what it takes back)
    const undoWaits = Boolean(undo) && (count > 0 || unansweredHere > 0);
    if (line) {
      let text = "";
      if (count) text = count === 1 ? line.dataset.one : line.dataset.many.replace("{n}", count);
      else if (undoWaits) text = undo.dataset.waits || "";
      line.textContent = text;
      line.hidden = !text;
      const bar = line.closest("[data-thumb-bar]");
      bar.hidden = !text && !bar.querySelector(".said, .undo-form");
    }
    if (undo) undo.querySelector("button").disabled = undoWaits;
    measureBar();
  }

  document.addEventListener("htmx:before:request", (event) => {
    const ctx = event.detail && event.detail.ctx;
    if (!ctx || !ctx.request) return;
    const body = ctx.request.body;
    if (ctx.request.method === "POST" && body && body.has && body.has("version")) {
      const shown = Number(body.get("version"));
      ctx.sentVersion = versions.follow(ctx.request.action, shown);
      if (ctx.sentVersion !== shown) body.set("version", String(ctx.sentVersion));
    }
    // The page this form was on may have been swapped while it waited: answer into today's.
    if (ctx.target && ctx.target.id === "game" && !ctx.target.isConnected && game()) {
      ctx.target = game();
    }
  });

  document.addEventListener("htmx:after:request", (event) => {
    const ctx = event.detail && event.detail.ctx;
    if (!ctx || !ctx.response) return;
    if (!ctx.keptHere) heard();  // answered on this phone (phone.js): the table was not heard
    const status = ctx.response.status;
    if (ctx.sentVersion != null && status < 300) versions.moved(ctx.request.action, ctx.sentVersion, versions.of(ctx.text));
    // An answer never moves the page: the top of the game was shown at the tap (below), and the
    // finger may be on its way to the next key since (on a small phone, below the fold). A
    // refusal brings the problem into view after the swap.
    if (!isPoll(ctx) && !isBoosted(ctx) && typeof ctx.swap === "string") {
      ctx.swap = status >= 400 ? "outerHTML" : ctx.swap.replace(/\s*show:top\b/, "");
    }
  });

  // --- Taps made meanwhile are kept -------------------------------------------------------------
  // A form's fields tapped since it was last sent: when the page is swapped (the answer to an
  // earlier tap, another phone's entry shown), they are set again in the same form of the new
  // page, if the table is still at the same step.

  function touch(event) {
    const field = event.target;
    const form = field && field.form;
    if (!form || !inGame(form) || !field.name) return;
    if (!touched.has(form)) touched.set(form, new Set());
    touched.get(form).add(field.name);
    form.dataset.dirty = "1";
  }
  document.addEventListener("input", touch, true);
  document.addEventListener("change", touch, true);

  function formKey(form) {
    const named = (name) => {
      const field = form.elements.namedItem(name);
      return field && "value" in field ? field.value : "";
    };
    // The first class names the form (scripts add others: "bcard-chosen").
    return [form.getAttribute("action"), form.classList[0], named("action"), named("step")].join("|");
  }

  function snapshot(root) {
    const forms = [];
    root.querySelectorAll("form").forEach((form) => {
      const names = touched.get(form);
      if (!names || !names.size) return;
      const values = [];
      for (const field of form.elements) {
        if (!names.has(field.name) || ["hidden", "submit", "button"].includes(field.type)) continue;
        if (field.type === "radio") {
          if (field.checked) values.push([field.name, field.value, true]);
        } else if (field.type === "checkbox") {
          values.push([field.name, field.value, field.checked]);
        } else {
          values.push([field.name, field.value, null]);
        }
      }
      forms.push({ key: formKey(form), names, values });
    });
    const open = Array.from(root.querySelectorAll("details[open]"))
      .filter((details) => details.querySelector("form, input"))
      .map((details) => details.querySelector("summary").textContent.trim());
    return { forms, open };
  }

  function restore(root, saved) {
    root.querySelectorAll("details").forEach((details) => {
      const summary = details.querySelector("summary");
      if (summary && saved.open.includes(summary.textContent.trim())) details.open = true;
    });
    for (const kept of saved.forms) {
      const form = Array.from(root.querySelectorAll("form")).find((f) => formKey(f) === kept.key);
      if (!form) continue;
      const changed = [];
      for (const [name, value, checked] of kept.values) {
        const fields = Array.from(form.elements).filter((f) => f.name === name);
        const field = checked === null ? fields[0] : fields.find((f) => f.value === value);
        if (!field || field.disabled) continue;
        if (checked === null) field.value = value;
        else field.checked = checked;
        changed.push(field);
      }
      if (!changed.length) continue;
      touched.set(form, new Set(kept.names));
      form.dataset.dirty = "1";
      changed.forEach((field) => field.dispatchEvent(new Event("change", { bubbles: true })));
    }
  }

  // What a form held, said in words ("Anna 3, Bo 2"): for a stale save that could not be kept.
  function describe(form) {
    const parts = [];
    form.querySelectorAll("input:checked, input[type=text], input[type=number]").forEach((input) => {
      if (input.type === "hidden" || (!input.checked && !input.value)) return;
      const chosen = input.type === "radio" || input.type === "checkbox";
      const legend = input.closest("fieldset") && input.closest("fieldset").querySelector("legend");
      const label = chosen ? input.closest("label") : form.querySelector(`label[for="${input.id}"]`);
      const group = chosen
        ? (legend && legend.firstChild ? legend.firstChild.textContent.trim() : "")
        : (label ? label.textContent.trim() : "");
      const value = chosen ? (label ? label.textContent.trim() : input.value) : input.value;
      parts.push(group && group !== value ? `${group} ${value}` : value);
    });
    return parts.join(", ");
  }

  // --- Another phone saved while this one was tapping: say so, swap only when asked -----------
  let waiting = null; // the newer page, held back while a form here is half filled
  let leaving = null; // the page being swapped out (its taps go into the new one)

  const NOTHING_NEW = new Set([204, 304]); // htmx.config.noSwap's default
  const halfFilled = () => Boolean(game() && game().querySelector("form[data-dirty]"));

  function showChanged(text) {
    const note = game() && game().querySelector("[data-changed]");
    if (!note) return;
    const fragment = new DOMParser().parseFromString(text, "text/html").getElementById("game");
    const what = (fragment && fragment.dataset.elsewhere) || "";
    note.querySelector("[data-changed-text]").textContent = `${note.dataset.intro} ${what}`.trim();
    note.hidden = false;
  }

  document.addEventListener("htmx:before:swap", (event) => {
    const ctx = event.detail && event.detail.ctx;
    const page = game();
    if (!ctx || !page) return;
    // htmx 4 says "before swap" for a 204 too (nothing new: no swap follows): not news.
    if (NOTHING_NEW.has(ctx.response && ctx.response.status)) return;
    // A gateway's answer (the server down, restarting or too busy: 5xx, 429) is not the table:
    // never drawn over the game nor offered as another phone's news (an entry's is kept).
    const status = ctx.response ? ctx.response.status : 0;
    if ((status >= 500 || status === 429) && ctx.target && page.contains(ctx.target)) {
      event.preventDefault();
      return;
    }
    // Forward only: an answer older than what the page shows (a change sent late, while this
    // phone shows what it worked out since) is not painted over it; the outbox paints the
    // table's older version on purpose only when the versions went apart (ctx.apart).
    const incoming = ctx.target === page && !ctx.apart ? versions.of(ctx.text) : null;
    if (incoming !== null && incoming < versions.shown()) {
      event.preventDefault();
      return;
    }
    if (isPoll(ctx) && halfFilled()) {
      event.preventDefault(); // the taps stay; the banner offers the newer page
      waiting = ctx.text;
      showChanged(ctx.text);
      return;
    }
    leaving = page;
    const form = ctx.request && ctx.request.form;
    ctx.sentTaps = form ? describe(form) : "";
  });

  // An entry shows the top of the game (its hx-swap says "show:top"): at the tap, not when the
  // answer comes (above), so that nothing moves under a finger already on its way to the next
  // key (the fast-taps test saw a rank tapped during a swap land on the sheet, and a mulle
  // tapped while the page jumped back up refused).
  document.addEventListener("submit", (event) => {
    const form = event.target;
    const page = game();
    if (!page || !page.contains(form) || !/show:top/.test(form.getAttribute("hx-swap") || "")) return;
    page.scrollIntoView({ block: "start" });
  });

  // The taps go into the new page the moment it is in, before htmx lets it settle: a tap on its
  // save button while it settled sent the form without the taps made on the page that went.
  // They are taken from that page then, so a tap that landed on it during the swap is kept too.
  document.addEventListener("htmx:before:settle", () => {
    const page = game();
    if (!leaving || !page || page === leaving) return;
    const kept = snapshot(leaving);
    leaving = null;
    restore(page, kept);
  });

  document.addEventListener("htmx:after:swap", (event) => {
    const ctx = event.detail && event.detail.ctx;
    const page = game();
    if (!ctx || !page) return;
    waiting = null;
    const lost = page.querySelector("[data-lost]");
    if (lost && ctx.sentTaps) lost.textContent = `${lost.dataset.intro} ${ctx.sentTaps}.`;
    const status = ctx.response && ctx.response.status;
    if (status >= 400) bringIntoView(page.querySelector(".has-error, .error-box, .notice, .error"));
    showWaiting();
    showHeard();
  });

  document.addEventListener("click", (event) => {
    if (!event.target.closest("[data-changed-show]") || !waiting || !game()) return;
    const text = waiting;
    waiting = null;
    htmx.swap({ text, swap: "outerHTML", target: game(), sourceElement: document.body });
  });

  // --- When this phone last heard from the table, or since when it is offline ---------------
  // Offline, with the changes the outbox keeps; back online, when they were sent.
  let heardAt = Date.now();
  let offlineSince = null;
  let keptHere = 0; // this page's changes in the outbox
  let unansweredHere = 0; // of them, those the page shows as they were before (no phone.js)
  let stuckHere = 0; // of them, those that wait for the table's choice (outbox.js says so)
  let sending = 0; // back online, how many are still to send
  let sentNote = null; // how many it sent, when

  function heard() {
    heardAt = Date.now();
    showHeard();
  }
  document.addEventListener("table:heard", heard); // live.js: the stream said the version

  // Since when, kept over a reload without a connection.
  function offline(now) {
    const since = "offline-since";
    try {
      if (!now) localStorage.removeItem(since);
      else if (!localStorage.getItem(since)) localStorage.setItem(since, Date.now());
      offlineSince = now ? Number(localStorage.getItem(since)) : null;
    } catch (error) { // storage refused
      offlineSince = now ? Date.now() : null;
    }
    if (now) sentNote = null;
    showHeard();
  }
  window.addEventListener("offline", () => offline(true));
  window.addEventListener("online", () => offline(false));
  offline(!navigator.onLine);

  window.addEventListener("outbox:count", (event) => {
    keptHere = event.detail.here;
    stuckHere = event.detail.stuck || 0;
    unansweredHere = event.detail.unanswered;
    showHeard();
    showWaiting();
  });
  // Back online: how many are still to send, and "sent" only once the server has acknowledged
  // every change this phone kept.
  window.addEventListener("outbox:sending", (event) => {
    sending = event.detail.left;
    showHeard();
  });
  window.addEventListener("outbox:sent", (event) => {
    sending = 0;
    if (event.detail.all && event.detail.count) sentNote = { count: event.detail.count, at: Date.now() };
    if (event.detail.count) heard();
    else showHeard();
  });

  function clock(ms) {
    const hours = { hour: "numeric", minute: "2-digit" };
    return new Date(ms).toLocaleTimeString(document.documentElement.lang || [], hours);
  }

  function showHeard() {
    const line = document.querySelector("[data-live]");
    const found = document.querySelector("[data-live-words]"); // outside #game: never swapped
    if (!line || !found) return;
    const words = found.dataset;
    const seconds = Math.floor((Date.now() - heardAt) / 1000);
    let text = words.fresh;
    if (offlineSince !== null && words.offline) {
      const which = keptHere === 0 ? "offline" : keptHere === 1 ? "offlineOne" : "offlineMany";
      text = words[which].replace("{time}", clock(offlineSince)).replace("{n}", keptHere);
    } else {
      if (seconds >= 60) text = words.minutes.replace("{n}", Math.floor(seconds / 60));
      else if (seconds >= 5) text = words.seconds.replace("{n}", seconds);
      // Online by the browser's word, what could not be sent yet (a network that reaches nothing).
      const waits = keptHere - stuckHere;
      const waiting = waits === 1 ? words.waitsOne : (words.waitsMany || "").replace("{n}", waits);
      if (waits > 0 && waiting) text = `${text} · ${waiting}`;
      if (sending && words.sending) text = words.sending.replace("{n}", sending);
      const said = sentNote && (sentNote.count === 1 ? words.sentOne : words.sentMany);
      if (said) text = `${text} · ${said.replace("{n}", sentNote.count).replace("{time}", clock(sentNote.at))}`;
    }
    if (line.textContent !== text) line.textContent = text;
    (line.closest(".live-line") || line).classList.toggle("stale", offlineSince !== null || seconds >= 60);
  }
  setInterval(showHeard, 1000);

  function bringIntoView(element) {
    if (element) element.scrollIntoView({ block: "center" });
  }

  // --- The watch view: the sheet scrolls by itself to the deal being played ------------------
  // A sheet without a deal in play (Boodle lists the deals played) follows its last row.
  function followCurrent() {
    const rows = document.querySelectorAll(".game.watch .sheet-scroll tr[data-row]");
    const row = document.querySelector(".game.watch [aria-current=step]") || rows[rows.length - 1];
    const box = row && row.closest(".sheet-scroll");
    if (!box) return;
    // The row to the middle of the part of the sheet on the screen (the sheet may start low,
    // under what a game shows above it, and run past the bottom of a TV).
    const seen = box.getBoundingClientRect();
    const middle = (seen.top + Math.min(seen.bottom, window.innerHeight)) / 2;
    const at = row.getBoundingClientRect();
    box.scrollTop += at.top + at.height / 2 - middle;
    // Still below the screen (the last row of a sheet that starts low): the page follows, by
    // whole pixels rounded up (a row may end on a fraction of one); the score's column sticks.
    const below = row.getBoundingClientRect().bottom - window.innerHeight;
    if (below > 0) window.scrollBy(0, Math.ceil(below));
  }
  document.addEventListener("htmx:after:swap", followCurrent);
  document.addEventListener("DOMContentLoaded", followCurrent);

  // --- The bar at thumb height: what sticks above it knows its height ------------------------
  // The bar grows when what it says does (a longer Undo, a waiting tap, larger text): it is
  // measured whenever its size changes, and again for the bar each answer brings.
  function measureBar() {
    const bar = document.querySelector("[data-thumb-bar]");
    document.documentElement.style.setProperty("--bar", `${bar ? bar.offsetHeight : 0}px`);
  }
  const barSize = window.ResizeObserver ? new ResizeObserver(measureBar) : null;
  function watchBar() {
    const bar = document.querySelector("[data-thumb-bar]");
    if (barSize) barSize.disconnect();
    if (barSize && bar) barSize.observe(bar);
    measureBar();
  }
  window.addEventListener("resize", measureBar);
  document.addEventListener("htmx:after:swap", watchBar);
  document.addEventListener("DOMContentLoaded", watchBar);
  if (document.readyState !== "loading") watchBar();
})();
