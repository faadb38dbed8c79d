// Boodle: the stake sums, "tap the card, then who", the out form, and Three in One's card
// picker. Everything is an enhancement: every form works without JavaScript.
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

  // Three in One's card picker: a rank key and a suit key (either first) add a card to the hand
  // being entered; five cards move on to the next hand. Cards already used are greyed out.
  // The hands stay in their text inputs ("KH KC 3D"), which post as typed ones do.
  const SUIT_SIGN = { S: "♠", H: "♥", D: "♦", C: "♣" };
  const HAND = 5;
  const CARD = /10[SHDC]|[2-9JQKA][SHDC]/g;
  // The cards of a hand as the server reads them: "KH KC", "khkc" and "KH,KC" are the same.
  const codes = (input) => input.value.toUpperCase().split(/[\s,]+/).filter(Boolean).flatMap((token) => {
    const found = token.match(CARD) || [];
    return found.join("") === token ? found : [token];
  });

  const setupPicker = (box) => {
    if (box.dataset.ready) return;
    box.dataset.ready = "1";
    const rows = Array.from(box.querySelectorAll("[data-hand]"));
    const inputs = rows.map((row) => row.querySelector("input"));
    const keys = box.querySelector("[data-keys]");
    const hint = box.querySelector("[data-no-js-hint]");
    if (hint) hint.hidden = true;
    keys.hidden = false;
    let active = Math.max(0, inputs.findIndex((input) => codes(input).length < HAND));
    let rank = null;
    let suit = null;

    const used = () => new Set(inputs.flatMap(codes));
    const activate = (i) => {
      active = i;
      rows.forEach((row, k) => row.classList.toggle("bactive", k === i));
    };
    const refresh = () => {
      const taken = used();
      keys.querySelectorAll("[data-rank]").forEach((key) => {
        const r = key.dataset.rank;
        const free = suit ? !taken.has(r + suit) : ["S", "H", "D", "C"].some((s) => !taken.has(r + s));
        key.disabled = !free;
        key.setAttribute("aria-pressed", String(r === rank));
      });
      keys.querySelectorAll("[data-suit]").forEach((key) => {
        const s = key.dataset.suit;
        key.disabled = Boolean(rank) && taken.has(rank + s);
        key.setAttribute("aria-pressed", String(s === suit));
      });
      rows.forEach((row, k) => {
        const slots = row.querySelector("[data-slots]");
        const cards = codes(inputs[k]);
        slots.replaceChildren(...Array.from({ length: HAND }, (_, n) => {
          const code = cards[n];
          const slot = document.createElement(code ? "button" : "span");
          slot.className = "bslot";
          if (code) {
            slot.type = "button";
            slot.dataset.card = code;
            slot.textContent = code.slice(0, -1) + (SUIT_SIGN[code.slice(-1)] || code.slice(-1));
            slot.classList.toggle("red", "HD".includes(code.slice(-1)));
            slot.setAttribute("aria-label", box.dataset.remove.replace("%s", slot.textContent));
          }
          return slot;
        }));
        row.classList.toggle("full", cards.length === HAND);
      });
    };
    const write = (i, cards) => {
      inputs[i].value = cards.join(" ");
      inputs[i].dispatchEvent(new Event("input", { bubbles: true })); // half filled: no polling
    };
    const add = () => {
      let i = active;
      if (codes(inputs[i]).length >= HAND) i = inputs.findIndex((input) => codes(input).length < HAND);
      if (i < 0 || used().has(rank + suit)) return;
      write(i, codes(inputs[i]).concat(rank + suit));
      rank = suit = null;
      const next = codes(inputs[i]).length >= HAND ? inputs.findIndex((input) => codes(input).length < HAND) : i;
      activate(next < 0 ? i : next);
    };

    inputs.forEach((input, i) => {
      input.hidden = true; // the slots show the hand; the input still posts it
      rows[i].querySelector("[data-slots]").hidden = false;
      rows[i].addEventListener("click", (event) => {
        const slot = event.target.closest("[data-card]");
        if (slot) write(i, codes(input).filter((code) => code !== slot.dataset.card));
        activate(i);
        refresh();
      });
    });
    keys.addEventListener("click", (event) => {
      const key = event.target.closest("button");
      if (!key || key.disabled) return;
      if ("back" in key.dataset) {
        let i = active;
        if (!codes(inputs[i]).length) i = Math.max(0, i - 1);
        write(i, codes(inputs[i]).slice(0, -1));
        activate(i);
        rank = suit = null;
      } else if ("rank" in key.dataset) {
        rank = rank === key.dataset.rank ? null : key.dataset.rank;
      } else {
        suit = suit === key.dataset.suit ? null : key.dataset.suit;
      }
      if (rank && suit) add();
      refresh();
    });
    activate(active);
    refresh();
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
    root.querySelectorAll("[data-picker]").forEach(setupPicker);
  };

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
