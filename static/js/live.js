// Live: one stream per tab (Server-Sent Events) that says only "version N"; the page's own
// poll then fetches what changed, so nothing is drawn twice. While the stream is held the
// poll's timer is quiet; when it cannot be held (a proxy that buffers, a network that cuts it,
// a server that answers 204) the timer simply goes on as before, and nothing more is said.
"use strict";

(() => {
  if (window.liveWired || !window.EventSource) return;
  window.liveWired = true;

  const poll = () => document.querySelector("#game [data-poll][data-stream]");
  const shown = () => Number((document.getElementById("game") || {}).dataset?.version || 0);
  let source = null;
  let held = false; // a message came, and the next one is not overdue
  let overdue = null;
  let latest = 0; // the newest version the stream told
  let tries = 0; // polls asked since the stream last spoke

  // Ask while the page is behind what the stream told: a poll dropped because another request
  // of the page was running (htmx's sync drops it, though its events still fire) is asked again
  // when that one is done. A few tries per message, so a server that lags cannot start a loop;
  // the next message or heartbeat tries again.
  function askIfBehind() {
    const element = poll();
    if (!element || latest <= shown() || tries >= 3) return;
    tries += 1;
    htmx.trigger(element, "live");
  }

  function told(event) {
    held = true;
    clearTimeout(overdue);
    overdue = setTimeout(silent, Number(poll()?.dataset.streamQuiet || 40000));
    latest = Math.max(latest, Number(event.data) || 0);
    tries = 0;
    document.dispatchEvent(new Event("table:heard"));
    askIfBehind();
  }

  function lost() {
    held = false; // the poll's timer speaks again; the browser keeps trying to reconnect
    if (source && source.readyState !== EventSource.CLOSED) return;
    close(); // refused for good (a 204 from a server that holds no streams): the poll stays
  }

  function silent() {
    close(); // no heartbeat for too long (a connection dead without a word): a fresh one, and
    open(); // the poll meanwhile
  }

  let streamOf = null; // the game whose stream is held

  function open() {
    const element = poll();
    if (source || !element || document.visibilityState === "hidden" || !navigator.onLine) return;
    streamOf = element.dataset.stream;
    source = new EventSource(`${streamOf}?version=${shown()}`);
    source.addEventListener("version", told);
    source.addEventListener("ping", told);
    source.addEventListener("error", lost);
  }

  function close() {
    held = false;
    clearTimeout(overdue);
    if (source) source.close();
    source = null;
  }

  document.addEventListener("htmx:config:request", (event) => {
    const ctx = event.detail && event.detail.ctx;
    if (!ctx || !ctx.sourceElement || !ctx.sourceElement.hasAttribute("data-poll")) return;
    if (held && ctx.sourceEvent && ctx.sourceEvent.type === "every") event.preventDefault();
  });
  // htmx lets go of the page's request only after its finally event: asked at once, the poll
  // would meet that request still running and be dropped, so it is asked right after.
  document.addEventListener("htmx:finally:request", () => setTimeout(askIfBehind));

  // Another page of the app in this document (base.html): another game's stream, or none.
  document.addEventListener("htmx:after:swap", () => {
    const element = poll();
    if ((element ? element.dataset.stream : null) === (source ? streamOf : null)) return;
    close();
    latest = 0;
    open();
  });

  // iOS ends the streams of an app in the background: let go of it there, open it on return.
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") close();
    else open();
  });
  // Without a connection the browser would try the stream again every few seconds, for nothing.
  window.addEventListener("offline", close);
  window.addEventListener("online", open);
  window.addEventListener("pagehide", close);
  window.addEventListener("pageshow", open);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", open);
  else open();
})();
