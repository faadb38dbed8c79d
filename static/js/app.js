// Behaviour for the pages (no inline scripts: the Content-Security-Policy forbids them).
// Everything here is an enhancement: every form also works without JavaScript.
"use strict";

document.documentElement.classList.add("js");

// --- Set-up: reorder, remove, add players, recent names ------------------------------------
function setupPlayers(root) {
  const list = root.querySelector(".name-list");
  if (!list) return;
  const rows = () => Array.from(list.querySelectorAll(".name-row"));
  const inputs = () => rows().map((row) => row.querySelector("input"));
  const addButton = root.querySelector("[data-add-player]");
  const refresh = () => {
    const spare = rows().filter((row) => row.classList.contains("spare"));
    if (addButton) addButton.hidden = spare.length === 0;
  };
  list.addEventListener("click", (event) => {
    const button = event.target.closest("button");
    if (!button) return;
    const fields = inputs();
    const input = button.closest(".name-row").querySelector("input");
    const i = fields.indexOf(input);
    if (button.dataset.move) {
      const j = button.dataset.move === "up" ? i - 1 : i + 1;
      if (j < 0 || j >= fields.length) return;
      [fields[i].value, fields[j].value] = [fields[j].value, fields[i].value];
      fields[j].focus();
    } else if ("clear" in button.dataset) {
      // Remove: the names below move up one seat.
      for (let k = i; k < fields.length - 1; k++) fields[k].value = fields[k + 1].value;
      fields[fields.length - 1].value = "";
    }
  });
  if (addButton) {
    addButton.addEventListener("click", () => {
      const row = rows().find((r) => r.classList.contains("spare"));
      if (row) { row.classList.remove("spare"); row.querySelector("input").focus(); }
      refresh();
    });
  }
  root.querySelectorAll("[data-name]").forEach((chip) => {
    chip.addEventListener("click", () => {
      const names = inputs().map((f) => f.value.trim());
      if (names.includes(chip.dataset.name)) return;
      const empty = inputs().find((f) => !f.value.trim());
      if (!empty) return;
      empty.value = chip.dataset.name;
      empty.closest(".name-row").classList.remove("spare");
      refresh();
    });
  });
  refresh();
}

// --- Bids and tricks: running sum, the dealer's hook, the last number filled in -----------
function checkedValue(pad) {
  const input = pad.querySelector("input:checked");
  return input ? Number(input.value) : null;
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
    tally.classList.toggle("over", mode === "tricks" ? sum > cards : sum > cards);
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
        dealerPad.appendChild(reason);
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
    if (next && checkedValue(next) === null) next.scrollIntoView({ block: "nearest", behavior: "smooth" });
  });
  update(false);
}

// --- Set-up: choosing "Custom" rules opens the custom options -------------------------------
document.addEventListener("change", (event) => {
  const input = event.target;
  if (input.type !== "radio" || !input.name.endsWith("-preset")) return;
  const custom = input.closest("fieldset") && input.closest("fieldset").querySelector("details.custom");
  if (custom) custom.open = input.value === "custom";
});

// --- After every swap: announce, wire up the new fragment ----------------------------------
function enhance(root) {
  setupPlayers(document);
  root.querySelectorAll("form[data-entry]").forEach(setupTally);
  root.querySelectorAll("form").forEach((form) => {
    form.addEventListener("input", () => { form.dataset.dirty = "1"; });
  });
  const game = document.getElementById("game");
  const live = document.getElementById("live");
  if (game && live && game.dataset.said) live.textContent = game.dataset.said;
}

document.addEventListener("DOMContentLoaded", () => enhance(document));
document.addEventListener("htmx:after:swap", () => enhance(document));

// Polling must not wipe what somebody is tapping in: skip it while a form is half filled.
document.addEventListener("htmx:before:request", (event) => {
  const source = event.detail && event.detail.ctx && event.detail.ctx.sourceElement;
  if (source && source.hasAttribute && source.hasAttribute("data-poll")) {
    if (document.querySelector("#game form[data-dirty]")) event.preventDefault();
  }
});
