// Boodle: the stake sums, "tap the card, then who", the out form, copy.
// Everything is an enhancement: every form works without JavaScript.
"use strict";

(() => {
  // Scrolling glides, unless the phone asks for less motion.
  const gently = () => (matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth");
  if (window.boodleWired) return; // the script may come again with a swapped fragment
  window.boodleWired = true;

  const number = (input) => {
    const value = parseInt(input.value, 10);
    return Number.isNaN(value) ? 0 : value;
  };

  // The sum of a player's stake against what he must place.
  const updateStakes = (root) => {
    root.querySelectorAll("[data-stake]").forEach((box) => {
      const inputs = Array.from(box.querySelectorAll("input"));
      const sum = inputs.reduce((total, input) => total + number(input), 0);
      const due = Number(box.dataset.due);
      const shown = box.querySelector("[data-sum]");
      if (shown) shown.textContent = String(sum);
      box.classList.toggle("bexact", sum === due);
      box.classList.toggle("bover", sum > due);
    });
  };

  // Tap the card first: the players' buttons wait for it.
  const updatePlay = (root) => {
    root.querySelectorAll("form.boodle-play").forEach((form) => {
      const chosen = form.querySelector("input[name=card]:checked");
      // Not disabled: a tap on a player before the card says why (static/js/table.js).
      form.querySelectorAll("[data-who] button").forEach((button) => {
        button.setAttribute("aria-disabled", String(!chosen));
      });
      form.classList.toggle("bcard-chosen", Boolean(chosen));
    });
  };

  // Out: the winner holds no cards; the others' pads show once he is chosen.
  const updateOut = (root) => {
    root.querySelectorAll("[data-out-scope]").forEach((scope) => {
      const winner = scope.querySelector("input[name=out]:checked");
      const box = scope.querySelector("[data-cards-left]");
      if (!box) return;
      box.hidden = !winner && !box.querySelector("input:checked");
      box.querySelectorAll("[data-player]").forEach((pad) => {
        const isWinner = Boolean(winner) && pad.dataset.player === winner.value;
        pad.hidden = isWinner;
        pad.querySelectorAll("input").forEach((input) => {
          input.disabled = isWinner;
          if (isWinner) input.checked = false;
        });
      });
    });
  };

  // The settle-up has the screen while the address ends in #settle: CSS does it with :target,
  // but an element swapped in by htmx is no longer the target, so a class keeps it.
  const settleMode = () => {
    const game = document.getElementById("game");
    if (game) game.classList.toggle("bsettling", window.location.hash === "#settle");
  };
  window.addEventListener("hashchange", settleMode);

  const update = (root) => {
    settleMode();
    updateStakes(root);
    updatePlay(root);
    updateOut(root);
    root.querySelectorAll("[data-copy]").forEach((button) => {
      button.hidden = false;
    });
  };

  document.addEventListener("click", (event) => {
    const copy = event.target.closest("[data-copy]");
    if (copy) {
      const text = document.querySelector(copy.dataset.copy);
      const done = () => {
        copy.textContent = "✓ " + copy.dataset.copied;
      };
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(text.value).then(done, () => {
          text.select();
        });
      } else {
        text.select();
        if (document.execCommand("copy")) done();
      }
    }
  });

  document.addEventListener("input", (event) => {
    if (event.target.closest("[data-stake]")) updateStakes(document);
  });

  document.addEventListener("change", (event) => {
    const form = event.target.closest("form");
    if (!form) return;
    if (form.classList.contains("boodle-play")) {
      updatePlay(document);
      const who = form.querySelector("[data-who]");
      if (who) who.scrollIntoView({ block: "nearest", behavior: gently() });
    }
    const scope = event.target.closest("[data-out-scope]");
    if (scope && event.target.name === "out") {
      updateOut(document);
      const first = scope.querySelector("[data-cards-left] [data-player]:not([hidden])");
      if (first) first.scrollIntoView({ block: "nearest", behavior: gently() });
    }
  });

  document.addEventListener("DOMContentLoaded", () => update(document));
  document.addEventListener("htmx:after:swap", () => update(document));
  if (document.readyState !== "loading") update(document);
})();
