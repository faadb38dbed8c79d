// The hall screen's countdown: the minutes left of the round, from when it was drawn, said
// again every second (the page's poll swaps the element; the clock finds it again).
(() => {
  if (window.hallTicks) return; // the script comes again with the page (base.html)
  window.hallTicks = true;
  const tick = () => {
    const shown = document.querySelector(".countdown[data-deadline]");
    if (!shown) return;
    const end = Date.parse(shown.dataset.deadline) + Number(shown.dataset.minutes) * 60000;
    const left = Math.max(0, Math.round((end - Date.now()) / 1000));
    const mm = String(Math.floor(left / 60)).padStart(2, "0");
    shown.textContent = left ? `${mm}:${String(left % 60).padStart(2, "0")}` : shown.dataset.over;
  };
  setInterval(tick, 1000);
  document.addEventListener("DOMContentLoaded", tick);
})();
