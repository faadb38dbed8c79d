// Plump: the running sum of bids and tricks, the dealer's hook, the last tricks filled in.
// An enhancement: without JavaScript the pads post as they are and the server checks it all.
"use strict";

(() => {
  // Scrolling glides, unless the phone asks for less motion.
  const gently = () => (matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth");
  if (window.plumpTally) return;
  window.plumpTally = true;

  // --- Bids and tricks: running sum, the dealer's hook, the last number filled in -----------
  function checkedValue(pad) {
    const input = pad.querySelector("input:checked");
    return input ? Number(input.value) : null;
  }

  // Tricks that cannot be right (more than the cards, or all in and not the cards) hold Save
  // back, and the tally says why in the words the server would use.
  function holdSave(form, tally, pads, cards) {
    const values = pads.map(checkedValue);
    const sum = values.reduce((a, v) => a + (v ?? 0), 0);
    const wrong = sum > cards || (values.every((v) => v !== null) && sum !== cards);
    const reason = tally.querySelector("[data-impossible]");
    if (reason) {
      reason.hidden = !wrong;
      reason.textContent = wrong ? reason.dataset.template.replace("{total}", String(sum)) : "";
    }
    const save = form.querySelector("button[type=submit].confirm");
    if (save) save.disabled = wrong;
  }

  function setupTally(form) {
    const tally = form.querySelector("[data-tally]");
    if (!tally) return;
    const cards = Number(tally.dataset.cards);
    const mode = tally.dataset.mode;
    const pads = Array.from(form.querySelectorAll("fieldset.pad")).filter((p) => !p.classList.contains("suits"));
    const dealerBox = form.querySelector("[data-dealer]");
    const update = (changed) => {
      const values = pads.map(checkedValue);
      const sum = values.reduce((a, v) => a + (v ?? 0), 0);
      tally.querySelector("[data-sum]").textContent = String(sum);
      tally.classList.toggle("over", sum > cards);
      tally.classList.toggle("exact", sum === cards);
      if (mode === "bids" && dealerBox && tally.dataset.hook === "1") {
        const dealerPad = dealerBox.querySelector("fieldset.pad");
        const others = pads.filter((p) => p !== dealerPad).map(checkedValue);
        const forbidden = others.every((v) => v !== null) ? cards - others.reduce((a, v) => a + v, 0) : null;
        let reason = dealerBox.querySelector("[data-forbidden-reason]");
        if (!reason) {
          reason = document.createElement("p");
          reason.className = "reason";
          reason.dataset.forbiddenReason = "";
          dealerPad.querySelector("legend").after(reason); // beside the keys, above any sticky bar
        }
        dealerPad.querySelectorAll("input").forEach((input) => {
          const off = forbidden !== null && Number(input.value) === forbidden;
          input.disabled = off;
          input.closest(".key").classList.toggle("forbidden", off);
          if (off && input.checked) input.checked = false;
        });
        reason.hidden = forbidden === null || forbidden < 0;
        reason.textContent = reason.hidden ? "" : dealerBox.dataset.reasonTemplate.replace("{bid}", String(forbidden));
      }
      if (mode === "tricks") holdSave(form, tally, pads, cards);
      if (mode === "tricks" && changed) {
        // Once all but one are entered, the last is determined.
        const open = pads.filter((p) => checkedValue(p) === null);
        if (open.length === 1) {
          const rest = cards - values.reduce((a, v) => a + (v ?? 0), 0);
          const input = open[0].querySelector(`input[value="${rest}"]`);
          if (input) { input.checked = true; update(false); }
        }
      }
    };
    form.addEventListener("change", (event) => {
      form.dataset.dirty = "1";
      update(true);
      // The next player is next: bring his pad into view.
      const pad = event.target.closest("fieldset.pad");
      const next = pad && pads[pads.indexOf(pad) + 1];
      if (next && checkedValue(next) === null) next.scrollIntoView({ block: "nearest", behavior: gently() });
    });
    update(false);
  }

  const enhance = () => document.querySelectorAll("form[data-entry]").forEach(setupTally);
  document.addEventListener("DOMContentLoaded", enhance);
  document.addEventListener("htmx:after:swap", enhance);
  if (document.readyState !== "loading") enhance();
})();
