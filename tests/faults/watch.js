// The fault harness's ear in each page of a phone (added before the page's own scripts): it says
// on the console, for the harness to collect,
//  * each change the page sends or keeps (htmx's request: the tap that made it, its key and
//    version, whether the page kept it instead of sending it);
//  * what htmx was answered for it (the status, and whether the phone answered it itself);
//  * the keys the outbox holds whenever it keeps one;
//  * each time the server's state was drawn over changes that still wait on this phone: the
//    game shown is older than the version a change the phone answered itself was made on.
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
  const stuck = (entry) => Boolean(entry.state || entry.conflict);

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

  async function keptKeys() {
    if (!window.outbox) return;
    const entries = await window.outbox.entries();
    say("kept", {
      entries: entries.map((entry) => ({
        key: entry.key, action: entry.action, version: versionOf(entry.fields || []),
        phone: Boolean(entry.phone), stuck: stuck(entry),
      })),
    });
  }
  window.addEventListener("outbox:kept", () => { keptKeys().catch(() => {}); });

  // Never painted over: a change the phone answered itself shows the game at the version it made
  // (the one it was made on, plus one); while it waits, no page older than that may be drawn.
  async function drawn(cause) {
    const at = Date.now();
    const game = document.getElementById("game");
    if (!game || !window.outbox || !game.dataset.version) return;
    const shown = Number(game.dataset.version);
    const entries = await window.outbox.entries();
    const waiting = entries.filter((entry) => entry.phone && entry.kind === "entry" && !stuck(entry)
      && entry.page === location.pathname && entry.made <= at);
    if (!waiting.length) return;
    const needed = Math.max(...waiting.map((entry) => versionOf(entry.fields)));
    const now = document.getElementById("game");
    const still = now ? Number(now.dataset.version) : shown;
    if (shown < needed && still < needed) {
      say("painted", { cause, shown, needed, keys: waiting.map((entry) => entry.key) });
    }
  }
  document.addEventListener("htmx:after:swap", () => { drawn("swap").catch(() => {}); });
  document.addEventListener("DOMContentLoaded", () => { drawn("opened").catch(() => {}); });
})();
