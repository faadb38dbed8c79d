// Every tap answered on the spot, beside what was tapped: a forbidden choice says why, a missing
// number is marked at its pad before anything is sent, a double tap is one tap. An enhancement:
// without JavaScript the server answers the same with a 422.
"use strict";

(() => {
  if (window.tapsWired) return;
  window.tapsWired = true;

  const inGame = (node) => Boolean(node && node.closest && node.closest("#game"));

  function bringIntoView(element) {
    if (element) element.scrollIntoView({ block: "center" });
  }

  // A forbidden choice says why, beside it: the dealer's forbidden bid, a button that waits.
  document.addEventListener("click", (event) => {
    const key = event.target.closest("label.key, [aria-disabled=true]");
    if (!key || !inGame(key)) return;
    const input = key.matches("label") ? key.querySelector("input") : null;
    const forbidden = key.matches("[aria-disabled=true]") || (input && input.disabled);
    if (!forbidden) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    const scope = key.closest("fieldset, form");
    const reason = (scope && scope.querySelector("[data-forbidden-reason]")) || key;
    reason.hidden = false;
    reason.classList.remove("flash");
    void reason.offsetWidth; // restart the flash
    reason.classList.add("flash");
    reason.scrollIntoView({ block: "nearest" });
  }, true);

  // A missing value is marked at its field before anything is sent, and brought into view.
  document.addEventListener("submit", (event) => {
    const form = event.target;
    if (!inGame(form) || (event.submitter && event.submitter.hasAttribute("formnovalidate"))) return;
    const missing = Array.from(form.querySelectorAll("fieldset[data-required]"))
      .filter((pad) => pad.offsetParent !== null && !pad.querySelector("input:checked"));
    if (!missing.length) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    missing.forEach((pad) => {
      pad.classList.add("has-error");
      let note = pad.querySelector("[data-missing-note]");
      if (!note) {
        note = Object.assign(document.createElement("p"), { className: "error" });
        note.dataset.missingNote = "";
        pad.querySelector("legend").after(note);
      }
      note.textContent = pad.dataset.required;
    });
    bringIntoView(missing[0]);
  }, true);

  // A double tap is one tap (no button waits disabled for an answer): a tap on the same kind of
  // button at the spot of the tap before it, in the moment after that tap or after its answer
  // was drawn (a quick answer between the two puts the next step there: a second tabbe, a
  // second Undo), is dropped. Nobody taps the same thing again that fast on purpose.
  const ghostMs = () => Number(document.body.dataset.doubleTap || 0); // DOUBLE_TAP_MS
  const SAME_SPOT_PX = 24;
  let previous = null; // the last tap: where, what it would send, when, when its answer was drawn

  function sends(target) {
    const button = target.closest("button");
    if (!button || !button.form || !["submit", ""].includes(button.getAttribute("type") || "")) {
      return null;
    }
    const action = button.form.querySelector("input[name=action]");
    return [button.form.action, action ? action.value : "", button.name].join("|");
  }

  document.addEventListener("click", (event) => {
    const last = previous;
    const kind = sends(event.target);
    previous = { x: event.clientX, y: event.clientY, kind, at: performance.now(), drawnAt: 0 };
    if (!kind || !last || last.kind !== kind) return;
    if (!inGame(event.target)) return;
    const quick = performance.now() - (last.drawnAt || last.at) < ghostMs();
    const same = Math.abs(event.clientX - last.x) < SAME_SPOT_PX
      && Math.abs(event.clientY - last.y) < SAME_SPOT_PX;
    if (!quick || !same) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    previous = last;
  }, true);

  document.addEventListener("htmx:after:swap", () => {
    if (previous && previous.kind && !previous.drawnAt) previous.drawnAt = performance.now();
  });

  document.addEventListener("change", (event) => {
    const pad = event.target.closest("fieldset[data-required]");
    const note = pad && pad.querySelector("[data-missing-note]");
    if (note) {
      note.remove();
      pad.classList.remove("has-error");
    }
  });
})();
