// The fault harness's ear in each page of a phone (added before the page's own scripts): it says
// on the console, for the harness to collect,
//  * each change the page sends or keeps (htmx's request: the tap that made it, its key and
//    version, whether the page kept it instead of sending it);
//  * what htmx was answered for it (the status, and whether the phone answered it itself), and
//    what any POST of a change sent by fetch was answered (the outbox sending what it kept);
//  * the changes the outbox holds whenever it keeps one;
//  * each time the server's state was drawn over changes that still wait on this phone: the
//    game shown is older than the version a change the phone answered itself was made on.
// What the outbox holds is read in one place, `waiting` below (window.faultHarness.waiting(),
// which the harness asks too): the only part that knows the outbox's own shape.
"use strict";

(() => {
  if (window.faultHarnessWatching) return;
  window.faultHarnessWatching = true;
  const say = (what, detail) => console.debug(`fault-harness ${JSON.stringify({
    what, at: Date.now(), page: location.pathname, ...detail,
  })}`);
  const field = (body, name) => {
    try { return body && body.get ? body.get(name) : null; } catch (error) { return null; }
  };
  const versionOf = (fields) => Number((fields.find(([name]) => name === "version") || [])[1]);
  // What a change says, whatever key it went under: its fields but its key and token, in order
  // (a change the outbox kept in the place of another has the other's key and its own values).
  const valuesOf = (fields) => JSON.stringify(Array.from(fields || [], ([name, value]) => [name, String(value)])
    .filter(([name]) => name !== "key" && name !== "csrf_token")
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

  // --- What the outbox holds (static/js/outbox.js: window.outbox.entries()) -------------------
  // Each change: its key, where it goes and the page it was made on, the version it was made on,
  // whether the phone answered it itself, and whether it is stuck: said in the outbox's list
  // with its reason (refused, or overtaken by the table), waiting for the table's choice — it
  // and, in the order they were kept, the changes behind it at its table, which it holds up.
  const tableOf = (path) => String(path || "").split("/").slice(0, 3).join("/");
  async function waiting() {
    if (!window.outbox) return [];
    const held = new Set();
    return (await window.outbox.entries()).map((entry) => {
      const table = tableOf(entry.page);
      const stuck = Boolean(entry.state || entry.conflict) || held.has(table);
      if (stuck) held.add(table);
      return {
        key: entry.key, action: entry.action, page: entry.page, kind: entry.kind, made: entry.made,
        version: versionOf(entry.fields || []), values: valuesOf(entry.fields),
        phone: Boolean(entry.phone), label: entry.label, stuck,
      };
    });
  }
  window.faultHarness = { waiting };

  // The tap a request comes from (the harness numbers its taps): htmx configures a request
  // when it is made, before it waits its turn.
  window.addEventListener("htmx:config:request", (event) => {
    const ctx = event.detail && event.detail.ctx;
    if (ctx) ctx.faultTap = window.faultHarnessTap === undefined ? null : window.faultHarnessTap;
  }, true);

  // After the page's own listeners (the key and version are final; the outbox may have kept it).
  window.addEventListener("htmx:before:request", (event) => {
    const ctx = event.detail && event.detail.ctx;
    if (!ctx || !ctx.request || ctx.request.method !== "POST") return;
    say("request", {
      tap: ctx.faultTap, key: field(ctx.request.body, "key"), version: field(ctx.request.body, "version"),
      action: ctx.request.action, online: navigator.onLine, kept: event.defaultPrevented,
      values: valuesOf(ctx.request.body && ctx.request.body.entries ? ctx.request.body.entries() : []),
    });
  });

  window.addEventListener("htmx:after:request", (event) => {
    const ctx = event.detail && event.detail.ctx;
    if (!ctx || !ctx.request || ctx.request.method !== "POST" || !ctx.response) return;
    say("answer", {
      tap: ctx.faultTap, key: field(ctx.request.body, "key"), status: ctx.response.status,
      here: Boolean(ctx.keptHere),
    });
  });

  // What the page was answered for a change it sent by itself (the outbox sending what it kept,
  // not a tap's htmx request): the answer to any POST that carries a key, whichever script
  // asked. (htmx asks through fetch too: its answers are heard twice, which counts the same.)
  const network = window.fetch;
  window.fetch = async function fetchHeard(resource, options) {
    const response = await network.call(this, resource, options);
    const method = String((options && options.method) || (resource && resource.method) || "GET");
    const key = options ? field(options.body, "key") : null;
    if (method.toUpperCase() === "POST" && key) {
      say("answer", { tap: null, key, status: response.status, here: false, by: "fetch" });
    }
    return response;
  };

  async function keptKeys() {
    say("kept", { entries: await waiting() });
  }
  window.addEventListener("outbox:kept", () => { keptKeys().catch(() => {}); });

  // Never painted over: a change the phone answered itself shows the game at the version it made
  // (the one it was made on, plus one); while it waits, no page older than that may be drawn.
  async function drawn(cause) {
    const at = Date.now();
    const game = document.getElementById("game");
    if (!game || !game.dataset.version) return;
    const shown = Number(game.dataset.version);
    const mine = (await waiting()).filter((entry) => entry.phone && entry.kind === "entry"
      && !entry.stuck && entry.page === location.pathname && entry.made <= at);
    if (!mine.length) return;
    const needed = Math.max(...mine.map((entry) => entry.version));
    const now = document.getElementById("game");
    const still = now ? Number(now.dataset.version) : shown;
    if (shown < needed && still < needed) {
      say("painted", { cause, shown, needed, keys: mine.map((entry) => entry.key) });
    }
  }
  // What drew it: the poll, a form's answer, or a script's own swap (the outbox sending).
  const swapOf = (ctx) => {
    const source = ctx && ctx.sourceElement;
    if (!source || source === document.body || !source.hasAttribute) return "a script's swap";
    if (source.hasAttribute("data-poll")) return "the poll's answer";
    return "a form's answer";
  };
  document.addEventListener("htmx:after:swap", (event) => {
    drawn(swapOf(event.detail && event.detail.ctx)).catch(() => {});
  });
  document.addEventListener("DOMContentLoaded", () => { drawn("the page opened").catch(() => {}); });
})();
