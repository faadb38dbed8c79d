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

// --- Set-up: choosing "Custom" rules opens the custom options -------------------------------
document.addEventListener("change", (event) => {
  const input = event.target;
  if (input.type !== "radio" || !input.name.endsWith("-preset")) return;
  const custom = input.closest("fieldset") && input.closest("fieldset").querySelector("details.custom");
  if (custom) custom.open = input.value === "custom";
});

// --- Steppers (− n +), for every game: the keys appear with this script ---------------------
document.addEventListener("click", (event) => {
  const key = event.target.closest("[data-stepper] [data-step]");
  if (!key || key.disabled) return;
  const input = key.closest("[data-stepper]").querySelector("input");
  const low = input.min === "" ? 0 : Number(input.min);
  const high = input.max === "" ? Infinity : Number(input.max);
  const now = parseInt(input.value, 10);
  const start = Number.isFinite(now) ? now : low - Math.min(0, Number(key.dataset.step));
  input.value = String(Math.min(high, Math.max(low, start + Number(key.dataset.step))));
  input.dataset.touched = "";
  input.dispatchEvent(new Event("input", { bubbles: true }));
});

// --- Copy a text to send (a settle-up): the button appears with this script ---------------
document.addEventListener("click", (event) => {
  const copy = event.target.closest("[data-copy]");
  if (!copy) return;
  const text = document.querySelector(copy.dataset.copy);
  const done = () => { copy.textContent = "✓ " + copy.dataset.copied; };
  if (navigator.clipboard && window.isSecureContext) {
    navigator.clipboard.writeText(text.value).then(done, () => { text.select(); });
  } else {
    text.select();
    if (document.execCommand("copy")) done();
  }
});

// --- A form that must go once (mark paid, end the evening): a double tap sends it once ------
document.addEventListener("submit", (event) => {
  const form = event.target;
  if (!form.hasAttribute || !form.hasAttribute("data-once")) return;
  if (form.dataset.sent) { event.preventDefault(); return; }
  form.dataset.sent = "1";
});
window.addEventListener("pageshow", () => {
  document.querySelectorAll("form[data-once]").forEach((form) => { delete form.dataset.sent; });
});

// --- After every swap: announce, wire up the new fragment ----------------------------------
function enhance(root) {
  setupPlayers(document);
  root.querySelectorAll("[data-stepper] [data-step]").forEach((key) => { key.hidden = false; });
  root.querySelectorAll("[data-copy]").forEach((button) => { button.hidden = false; });
  const game = document.getElementById("game");
  const live = document.getElementById("live");
  if (game && live && game.dataset.said) live.textContent = game.dataset.said;
}

document.addEventListener("DOMContentLoaded", () => enhance(document));
document.addEventListener("htmx:after:swap", () => enhance(document));

// --- A page of the app answered in this document (base.html): it speaks its own language ---
document.addEventListener("htmx:before:swap", (event) => {
  const ctx = event.detail && event.detail.ctx;
  if (!ctx || ctx.target !== document.body || typeof ctx.text !== "string") return;
  const found = /<html[^>]*\slang="([^"]+)"/.exec(ctx.text);
  if (found) document.documentElement.lang = found[1];
});
