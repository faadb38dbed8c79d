// Mulle: the count of the piles. The sum against the double
// pack as you count, what is still left in the pack, the last pile filled in with the rest, and
// mulles added with two taps. Without JavaScript the plain number inputs and radios still work.
"use strict";

(() => {
  if (window.mulleCount) return; // the script may arrive again with a swapped fragment
  window.mulleCount = true;
  const COUNTS = ["spades", "aces", "spade_aces", "spade_twos", "diamond_tens"];
  const SUITS = { S: ["♠", "black"], H: ["♥", "red"], D: ["♦", "red"], C: ["♣", "black"] };

  const number = (input) => {
    const n = parseInt(input ? input.value : "", 10);
    return Number.isFinite(n) && n > 0 ? n : 0;
  };
  // A count is a stepper's number input, or a pad of keys (radios) of which one is tapped.
  const boxOf = (side, count) => side.querySelector(`[data-count="${count}"]`);
  const valueOf = (box) => number(box.querySelector("input[type=number], input[type=radio]:checked"));
  function setValue(box, n) {
    const typed = box.querySelector("input[type=number]");
    if (typed) typed.value = String(n);
    else box.querySelectorAll("input[type=radio]").forEach((key) => { key.checked = key.value === String(n); });
  }

  function update(piles) {
    const sides = Array.from(piles.querySelectorAll("[data-side]"));
    const form = piles.closest("form");
    const check = form && form.querySelector("[data-pack-check]");
    const leftText = piles.dataset.leftText || "{n}";
    const filled = {};
    COUNTS.forEach((count) => {
      const span = check && check.querySelector(`[data-sum="${count}"]`);
      const pack = span ? Number(span.dataset.pack) : 0;
      const values = () => sides.map((side) => valueOf(boxOf(side, count)));
      // The last pile, until someone touches it, holds what the others left.
      const rest = sides.find((side) => "rest" in side.dataset);
      const restBox = rest && boxOf(rest, count);
      if (restBox && !("touched" in restBox.dataset)) {
        const others = values().reduce((a, v, i) => a + (sides[i] === rest ? 0 : v), 0);
        setValue(restBox, Math.max(0, pack - others));
      }
      if (restBox) filled[count] = !("touched" in restBox.dataset);
      const all = values();
      const sum = all.reduce((a, v) => a + v, 0);
      if (span) {
        span.querySelector("strong").textContent = String(sum);
        span.classList.toggle("short", sum < pack);
        span.classList.toggle("over", sum > pack);
        span.classList.toggle("ok", sum === pack);
      }
      // What the others took: a pile still filled in with the rest does not count against them.
      const counted = sides.map((side, i) => (side === rest && restBox && !("touched" in restBox.dataset) ? 0 : all[i]));
      const taken = counted.reduce((a, v) => a + v, 0);
      sides.forEach((side, i) => {
        const left = side.querySelector(`[data-count="${count}"] [data-left]`);
        if (left) left.textContent = leftText.replace("{n}", String(Math.max(0, pack - (taken - counted[i]))));
      });
    });
    // Posted with the count: a refused save comes back with these still filled in.
    const kept = piles.querySelector("[data-filled]");
    if (kept) kept.value = COUNTS.filter((count) => filled[count]).join(" ");
  }

  // After a refused save, the counts of the last pile someone had typed stay as typed.
  function keepTyped(piles) {
    const kept = piles.querySelector("[data-filled]");
    const rest = piles.querySelector("[data-side][data-rest]");
    if (!kept || !rest || "fresh" in kept.dataset) return;
    const filled = kept.value.split(" ");
    COUNTS.filter((count) => !filled.includes(count)).forEach((count) => {
      const box = boxOf(rest, count);
      if (box) box.dataset.touched = "";
    });
  }

  function addMulle(details) {
    const rank = details.querySelector('input[name$="_add_rank"]:checked');
    const suit = details.querySelector('input[name$="_add_suit"]:checked');
    if (!rank || !suit) return;
    const box = details.closest("[data-mulles]");
    const label = document.createElement("label");
    label.className = "chip mulle-chip";
    const input = document.createElement("input");
    input.type = "checkbox";
    input.name = box.dataset.name;
    input.value = rank.value + suit.value;
    input.checked = true;
    const mark = document.createElement("span");
    mark.className = `suit ${SUITS[suit.value][1]}`;
    mark.textContent = SUITS[suit.value][0];
    label.append(input, ` ${rank.value}`, mark);
    details.before(label);
    const none = box.querySelector("[data-none]");
    if (none) none.remove();
    rank.checked = false;
    suit.checked = false;
    details.open = false;
    input.focus();
  }

  function setup(root) {
    root.querySelectorAll("[data-piles]").forEach((piles) => {
      piles.querySelectorAll("[data-rest-note]").forEach((note) => { note.hidden = false; });
      keepTyped(piles);
      update(piles);
      const kept = piles.querySelector("[data-filled]");
      if (kept) delete kept.dataset.fresh;
    });
  }

  document.addEventListener("input", (event) => {
    const piles = event.target.closest("[data-piles]");
    if (!piles) return;
    const box = event.target.closest("[data-count]");
    // A finger's change (a key, a digit, a stepper's − or +) is the table's: kept as counted.
    if (box && (event.isTrusted || "touched" in event.target.dataset)) box.dataset.touched = "";
    update(piles);
  });
  // Enter in a typed count goes on to the next pile's spades (not to a pile still filled in
  // with the rest), else to the save button: it never saves the deal half counted.
  document.addEventListener("keydown", (event) => {
    const input = event.target;
    if (event.key !== "Enter" || !input.matches("[data-piles] input[type=number]")) return;
    event.preventDefault();
    const form = input.closest("form");
    const later = Array.from(form.querySelectorAll('[data-side] [data-count="spades"]'))
      .filter((box) => input.compareDocumentPosition(box) & Node.DOCUMENT_POSITION_FOLLOWING)
      .find((box) => !("rest" in box.closest("[data-side]").dataset) || "touched" in box.dataset);
    const next = later ? later.querySelector("input") : form.querySelector("button[type=submit]");
    if (next) next.focus();
  });
  document.addEventListener("change", (event) => {
    const details = event.target.closest("[data-piles] details.add-mulle");
    if (details) addMulle(details);
  });
  document.addEventListener("focusin", (event) => {
    if (event.target.matches("[data-piles] input[type=number]")) event.target.select();
  });
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", () => setup(document));
  } else {
    setup(document);
  }
  document.addEventListener("htmx:after:swap", () => setup(document));
})();
