// Mus: órdago switching the bet stepper off, the answers of the team that bet switched off, the
// "who said yes" button, and the cards tapped on ten rank keys. Everything is an enhancement:
// without JavaScript the number, the checkboxes and the typed hands (K3QA) still post.
"use strict";

(() => {
  if (window.musTable) return; // the script may arrive again with a swapped fragment
  window.musTable = true;
  function setupBet(form) {
    const stepper = form.querySelector("[data-stepper]");
    if (!stepper || stepper.dataset.ready) return;
    stepper.dataset.ready = "1";
    const input = stepper.querySelector("input");
    const ordago = form.querySelector("[data-ordago]");
    const by = form.querySelector("[data-by]");
    const update = () => {
      const isOrdago = Boolean(ordago && ordago.checked);
      stepper.classList.toggle("off", isOrdago);
      input.disabled = isOrdago;
      stepper.querySelectorAll("button").forEach((b) => { b.disabled = isOrdago; });
      // An órdago is answered quiero or no quiero; the team that bet does not answer.
      const chosen = by && by.querySelector("input:checked");
      form.querySelectorAll("[data-answer-team]").forEach((column) => {
        const own = chosen && column.dataset.answerTeam === chosen.value;
        column.classList.toggle("off", Boolean(own));
        column.querySelectorAll("button").forEach((button) => {
          button.disabled = Boolean(own) || (isOrdago && "raise" in button.dataset);
        });
      });
    };
    form.addEventListener("change", update);
    update();
  }

  function setupSaid(form) {
    const done = form.querySelector("[data-said-done]");
    if (!done || done.dataset.ready) return;
    done.dataset.ready = "1";
    const update = () => {
      const some = form.querySelector("[data-said] input:checked");
      done.textContent = some ? done.dataset.some : done.dataset.none;
    };
    form.addEventListener("change", update);
    update();
  }

  // --- The cards: the hand tapped last is filled, then the next player's -----------------
  function setupCards(root) {
    const box = root.querySelector("[data-cards]");
    if (!box || box.dataset.ready) return;
    box.dataset.ready = "1";
    const rows = Array.from(box.querySelectorAll("[data-hand]"));
    const inputs = rows.map((row) => row.querySelector("input"));
    const pad = box.querySelector("[data-rank-pad]");
    const hint = box.querySelector("[data-no-js-hint]");
    const why = box.querySelector("[data-used-up]");
    if (hint) hint.hidden = true;
    pad.hidden = false;
    let active = Math.max(0, inputs.findIndex((input) => input.value.length < 4));
    // The pack's letters (K Q J, or R C S for a Spanish pack) as the keys say them.
    const letters = new Set((box.dataset.ranks || "KQJ765432A").split(""));
    const cards = (input) => input.value.toUpperCase().split("").filter((c) => letters.has(c));
    const activate = (i) => {
      active = i;
      rows.forEach((row, k) => row.classList.toggle("mus-active", k === i));
    };
    const refresh = () => {
      const used = {};
      inputs.forEach((input) => cards(input).forEach((c) => { used[c] = (used[c] || 0) + 1; }));
      const usedUp = [];
      pad.querySelectorAll("[data-rank]").forEach((key) => {
        key.disabled = (used[key.dataset.rank] || 0) >= 4; // the pack has four of each
        if (key.disabled) usedUp.push(key.dataset.rank);
      });
      if (why) {
        why.hidden = usedUp.length === 0;
        why.textContent = why.dataset.text.replace("{ranks}", usedUp.join(", "));
      }
      rows.forEach((row, k) => row.classList.toggle("full", cards(inputs[k]).length === 4));
    };
    inputs.forEach((input, i) => {
      input.readOnly = true; // the rank keys type: no keyboard over the cards
      input.setAttribute("inputmode", "none");
      input.placeholder = "· · · ·";
      input.addEventListener("click", () => activate(i));
      input.addEventListener("focus", () => activate(i));
    });
    rows.forEach((row, i) => {
      const clear = row.querySelector("[data-hand-clear]");
      clear.hidden = false;
      clear.addEventListener("click", () => {
        inputs[i].value = cards(inputs[i]).slice(0, -1).join("");
        inputs[i].dispatchEvent(new Event("input", { bubbles: true })); // a tap like any other
        activate(i);
        refresh();
      });
    });
    pad.addEventListener("click", (event) => {
      const key = event.target.closest("[data-rank]");
      if (!key) return;
      let i = active;
      if (cards(inputs[i]).length >= 4) i = inputs.findIndex((input) => cards(input).length < 4);
      if (i < 0) return;
      inputs[i].value = cards(inputs[i]).concat(key.dataset.rank).join("");
      inputs[i].dispatchEvent(new Event("input", { bubbles: true })); // a tap like any other
      const next = cards(inputs[i]).length === 4 ? inputs.findIndex((input) => cards(input).length < 4) : i;
      activate(next < 0 ? i : next);
      refresh();
    });
    activate(active);
    refresh();
  }

  function enhance() {
    document.querySelectorAll(".game-mus form[data-entry], form.entry").forEach((form) => {
      setupBet(form);
      setupSaid(form);
      setupCards(form);
    });
  }

  document.addEventListener("DOMContentLoaded", enhance);
  document.addEventListener("htmx:after:swap", enhance);
  if (document.readyState !== "loading") enhance();
})();
