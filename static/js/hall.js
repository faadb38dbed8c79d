// A club night's live pages (the organiser's round, the hall screen): the night's stream says
// "version N" when a table moves (a deal, a result sent or confirmed, the next round drawn);
// the part is then fetched again, as a game's page does (live.js). Where no stream can be
// held, the part's own poll goes on. On the hall screen, a list longer than its box turns its
// pages by itself, and the round's clock counts down.
"use strict";

(() => {
  if (window.hallWired) return; // the script comes again with each night page (base.html)
  window.hallWired = true;
  const part = () => document.querySelector("[data-night-live]");
  let source = null;
  let watching = null; // the stream and the tables' games it was opened for (data-watching)
  let latest = 0;
  let held = false;
  let overdue = null;

  function told(event) {
    held = true; // until the stream has said nothing for a while: then the poll speaks again
    clearTimeout(overdue);
    overdue = setTimeout(() => { held = false; }, Number(part()?.dataset.streamQuiet || 60000));
    latest = Math.max(latest, Number(event.data) || 0);
    const element = part();
    if (element && latest > Number(element.dataset.version || 0)) htmx.trigger(element, "live");
  }

  function open() {
    const element = part();
    if (source || !element || !window.EventSource || document.visibilityState === "hidden") return;
    watching = `${element.dataset.stream} ${element.dataset.watching}`;
    latest = Number(element.dataset.version || 0);
    source = new EventSource(`${element.dataset.stream}?version=${latest}`);
    source.addEventListener("version", told);
    source.addEventListener("ping", told);
    source.addEventListener("error", () => {
      held = false; // the poll speaks again while the browser reconnects
      if (source && source.readyState === EventSource.CLOSED) { source.close(); source = null; }
    });
  }

  function close() {
    held = false;
    if (source) source.close();
    source = null;
  }

  // While the stream is held, the part's timer stays quiet: the stream says when to fetch.
  document.addEventListener("htmx:config:request", (event) => {
    const ctx = event.detail && event.detail.ctx;
    if (!ctx || !ctx.sourceElement || !ctx.sourceElement.hasAttribute("data-night-live")) return;
    if (held && ctx.sourceEvent && ctx.sourceEvent.type === "every") event.preventDefault();
  });

  // --- Pages that turn by themselves: as many items as the box holds, the next ones after a while
  const turning = new Map(); // a list's page shown, by the list's place on the screen
  function paginate() {
    document.querySelectorAll("[data-pages]").forEach((list, place) => {
      const items = [...list.children];
      items.forEach((item) => { item.hidden = false; });
      // The room down to the screen's foot, less a line for "page 2 of 3" under the list.
      const room = list.getBoundingClientRect().bottom > innerHeight
        ? innerHeight * 0.94 - list.getBoundingClientRect().top : Infinity;
      const pages = [];
      let page = [];
      let top = null;
      for (const item of items) {
        const box = item.getBoundingClientRect();
        top = top === null ? box.top : top;
        if (page.length && box.bottom - top > room) { pages.push(page); page = []; top = box.top; }
        page.push(item);
      }
      if (page.length) pages.push(page);
      const shown = (turning.get(place) || 0) % Math.max(pages.length, 1);
      pages.forEach((items, n) => items.forEach((item) => { item.hidden = n !== shown; }));
      list.dataset.pageCount = String(pages.length);
      list.dataset.page = String(shown);
      const said = list.parentElement.querySelector("[data-page-of]");
      if (said) {
        said.hidden = pages.length < 2;
        said.textContent = said.dataset.words.replace("{n}", shown + 1).replace("{all}", pages.length);
      }
    });
  }

  function turn() {
    document.querySelectorAll("[data-pages]").forEach((list, place) => {
      const count = Number(list.dataset.pageCount || 1);
      if (count > 1) turning.set(place, ((turning.get(place) || 0) + 1) % count);
    });
    paginate();
  }

  // --- The round's clock: the minutes left, from when the round was drawn
  function tick() {
    const shown = document.querySelector(".countdown[data-deadline]");
    if (!shown) return;
    const end = Date.parse(shown.dataset.deadline) + Number(shown.dataset.minutes) * 60000;
    const left = Math.max(0, Math.round((end - Date.now()) / 1000));
    const mm = String(Math.floor(left / 60)).padStart(2, "0");
    shown.textContent = left ? `${mm}:${String(left % 60).padStart(2, "0")}` : shown.dataset.over;
  }

  // The hall's lists turn every few seconds; the poll swaps #hall often, so the timer is set
  // again only when the hall comes or goes (another page of the app in this document).
  let turner = null;
  let turnEvery = null;
  function turnPages() {
    const hall = document.getElementById("hall");
    const every = hall ? 1000 * Number(hall.dataset.pageSeconds || 8) : null;
    if (every === turnEvery) return;
    clearInterval(turner);
    turnEvery = every;
    turner = every ? setInterval(turn, every) : null;
  }

  function start() {
    open();
    tick();
    paginate();
    turnPages();
    setInterval(tick, 1000);
  }

  // A new round's tables are other games: the stream opened for the round before does not
  // hear them, so it is opened again for the games the part now watches. Another page of the
  // app in this document (base.html) has another night's stream, or none. A stream the server
  // refused is not asked again for the same games (the poll goes on).
  function rewatch() {
    const element = part();
    const now = element ? `${element.dataset.stream} ${element.dataset.watching}` : null;
    if (now === watching) return;
    close();
    watching = null;
    open();
  }

  // The hall's part is drawn at most once a second for all its screens (night/hall.py): one
  // fetched just after a change may come back older than the stream's version; asked again.
  let again = null;
  function behind() {
    const element = part();
    clearTimeout(again);
    if (element && latest > Number(element.dataset.version || 0)) {
      again = setTimeout(() => { if (part()) htmx.trigger(part(), "live"); }, 1000);
    }
  }

  document.addEventListener("htmx:after:swap", () => {
    rewatch();
    behind();
    tick();
    paginate();
    turnPages();
  });
  window.addEventListener("resize", paginate);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") close();
    else open();
  });
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
