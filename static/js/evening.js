// The table page: its link through the phone's share sheet (Web Share), and the night as a
// picture for the group chat. The page works without it: the link and the text stay on it.
"use strict";

(() => {
  if (window.eveningWired) return; // the script comes again with the table's page (base.html)
  window.eveningWired = true;
  const canShare = (data) => Boolean(navigator.share) && (!navigator.canShare || navigator.canShare(data));

  function reveal() {
    document.querySelectorAll("[data-share]").forEach((button) => {
      button.hidden = !navigator.share;
    });
  }

  async function share(data) {
    try {
      await navigator.share(data);
    } catch (error) {
      // Closed without choosing, or refused: the page stays as it was.
    }
  }

  document.addEventListener("click", (event) => {
    const button = event.target.closest("[data-share]");
    if (!button) return;
    const text = button.dataset.shareText ? document.querySelector(button.dataset.shareText).value : undefined;
    const data = { title: button.dataset.shareTitle, text, url: button.dataset.shareUrl };
    if (canShare(data)) share(data);
  });

  // --- A night to send: the evening's lines drawn as a card, shared as a PNG picture ----------
  const CARD = { width: 1080, pad: 72, ink: "#1b1b1b", muted: "#555", accent: "#14532d", paper: "#f6f4ef" };

  function wrapped(ctx, text, width) {
    const lines = [];
    let line = "";
    for (const word of text.split(" ")) {
      const next = line ? `${line} ${word}` : word;
      if (line && ctx.measureText(next).width > width) {
        lines.push(line);
        line = word;
      } else {
        line = next;
      }
    }
    return [...lines, line];
  }

  // The card's rows, each with its font, colour and height; drawn once measured.
  function layout(ctx, card) {
    const width = CARD.width - 2 * CARD.pad;
    const rows = [];
    const add = (text, font, color, height) => {
      ctx.font = font;
      wrapped(ctx, text, width).forEach((part) => rows.push({ text: part, font, color, height }));
    };
    add(card.title, "700 60px system-ui, sans-serif", "#fff", 76);
    rows.push({ gap: 48 });
    card.sections.forEach(([heading, lines]) => {
      add(heading, "700 42px system-ui, sans-serif", CARD.accent, 60);
      lines.forEach((line) => add(line, "400 38px system-ui, sans-serif", CARD.ink, 52));
      rows.push({ gap: 32 });
    });
    add(card.footer, "600 30px system-ui, sans-serif", CARD.muted, 44);
    return rows;
  }

  function draw(card) {
    const canvas = document.createElement("canvas");
    const ctx = canvas.getContext("2d");
    const rows = layout(ctx, card);
    const titleRows = rows.findIndex((row) => row.gap !== undefined);
    const band = CARD.pad + rows.slice(0, titleRows).reduce((sum, row) => sum + row.height, 0) + 24;
    canvas.width = CARD.width;
    canvas.height = Math.max(CARD.width * 0.75, CARD.pad * 2 + rows.reduce((sum, row) => sum + (row.gap || row.height), 0));
    ctx.fillStyle = CARD.paper;
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    ctx.fillStyle = CARD.accent;
    ctx.fillRect(0, 0, canvas.width, band);
    ctx.textBaseline = "top";
    let y = CARD.pad;
    rows.forEach((row) => {
      if (row.gap !== undefined) { y += row.gap; return; }
      ctx.font = row.font;
      ctx.fillStyle = row.color;
      ctx.fillText(row.text, CARD.pad, y);
      y += row.height;
    });
    return canvas;
  }

  function showCard(button) {
    const canvas = draw(JSON.parse(button.dataset.nightCard));
    const preview = document.querySelector("[data-night-preview]");
    if (preview) {
      preview.width = canvas.width / 2;
      preview.height = canvas.height / 2;
      preview.src = canvas.toDataURL("image/png");
      preview.closest("figure").hidden = false;
    }
    button.hidden = false;
    return canvas;
  }

  // Shared as a file where the phone can; else downloaded, to be sent from the photos.
  function sharePicture(button) {
    showCard(button).toBlob((blob) => {
      const file = new File([blob], button.dataset.file, { type: "image/png" });
      const data = { files: [file], title: document.title };
      if (canShare(data)) {
        share(data);
        return;
      }
      const link = Object.assign(document.createElement("a"), { href: URL.createObjectURL(blob), download: file.name });
      link.click();
      setTimeout(() => URL.revokeObjectURL(link.href), 10000);
    }, "image/png");
  }

  document.addEventListener("click", (event) => {
    const button = event.target.closest("[data-night-card]");
    if (button) sharePicture(button);
  });

  function start() {
    reveal();
    document.querySelectorAll("[data-night-card]").forEach(showCard);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
  // The table's page answered in this document (a link of the app, base.html).
  document.addEventListener("htmx:after:swap", (event) => {
    if (event.detail && event.detail.ctx && event.detail.ctx.target === document.body) start();
  });
})();
