// Both versions of a game: when the table moved on while this phone played on without signal
// (its changes answered 409 when sent, outbox.js), the app on the phone says its version of
// the game (phone.js) and the server shows it beside the table's (views/versions.py), with
// this phone's steps as it kept them; the players keep one. Whichever they keep, the phone lets
// go of the changes it kept for that game (data-let-go).
"use strict";

(() => {
  if (window.bothVersions) return;
  const gameOf = (path) => (/^\/t\/[^/]+\/g\/\d+\//.exec(path) || [path])[0];
  const versionOf = (fields) => Number((fields.find(([name]) => name === "version") || [])[1]);

  function token() {
    try {
      return JSON.parse(document.body.getAttribute("hx-headers:inherited"))["X-CSRFToken"] || "";
    } catch (error) {
      return "";
    }
  }

  async function show(entry) {
    const game = gameOf(entry.page);
    const kept = (await window.outbox.entries()).filter((other) => gameOf(other.page) === game);
    const phone = window.phone;
    if (!phone || !phone.handles(game) || !kept.every((other) => other.phone)) return asTheServerSays(entry);
    const mine = await phone.answerPage({ method: "GET", url: `${game}versions/mine` });
    if (mine.status !== 200) return asTheServerSays(entry);
    const values = {
      csrf_token: token(),
      mine: mine.text,
      steps: JSON.stringify(kept.map((other) => other.label)),
      since: String(versionOf(kept[0].fields)),
    };
    await htmx.ajax("POST", `${game}versions/`, {
      target: document.body, swap: "outerSync", values, headers: { "HX-Boosted": "true" }, elsewhere: true,
    });
  }

  // A phone without the app on it kept its changes unanswered: the server's 409 of the first
  // shows the table's game with what this phone entered kept in its form, to enter again.
  async function asTheServerSays(entry) {
    await htmx.ajax("POST", entry.action, {
      target: document.body, swap: "outerSync", values: Object.fromEntries(entry.fields),
      headers: { "HX-Boosted": "true" }, elsewhere: true,
    });
    await window.outbox.letGo(gameOf(entry.page));
  }

  // Either choice: what this phone kept for the game goes (the server has the chosen version).
  document.addEventListener("click", (event) => {
    const link = event.target.closest("a[data-let-go]");
    if (link) window.outbox.letGo(link.dataset.letGo);
  }, true);
  document.addEventListener("htmx:after:request", (event) => {
    const ctx = event.detail && event.detail.ctx;
    const form = ctx && ctx.sourceElement;
    if (!form || !form.matches || !form.matches("form[data-let-go]") || !ctx.response) return;
    if (ctx.response.status < 400) window.outbox.letGo(form.dataset.letGo);
  });

  window.bothVersions = { show };
})();
