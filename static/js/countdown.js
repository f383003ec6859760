// The auction clock on each phone. The server sends the seconds left when it renders the panel
// (not a wall-clock time, so a phone whose clock is wrong still counts right); this counts them
// down, turns the ring, and calls "Going once… going twice…" near the end. The server closes the
// auction itself; the panel then disappears with the next update.
(function () {
  "use strict";

  function start(clock) {
    if (clock.dataset.started) return;
    clock.dataset.started = "1";
    var endsAt = performance.now() + parseFloat(clock.dataset.endsIn) * 1000;
    var total = parseFloat(clock.dataset.total) * 1000;
    var panel = clock.closest(".auction");
    var secs = clock.querySelector(".secs");
    var ring = clock.querySelector(".ring");
    var going = panel.querySelector(".going");

    function tick() {
      if (!clock.isConnected) return;
      var left = Math.max(0, endsAt - performance.now());
      secs.textContent = Math.ceil(left / 1000);
      ring.style.strokeDashoffset = String(100 - Math.min(1, left / total) * 100);
      var call = left <= 0 ? going.dataset.sold : left <= 3000 ? "Going twice…" : left <= 6000 ? "Going once…" : "";
      if (going.textContent !== call) going.textContent = call;
      panel.classList.toggle("ending", left <= 6000);
      if (left > 0) requestAnimationFrame(tick);
    }
    tick();
  }

  function arrive(root) {
    root.querySelectorAll(".auction .clock").forEach(start);
    var panel = root.querySelector(".auction");
    // A new auction pulls every phone's eyes to it once; later updates leave the scroll alone.
    if (panel && sessionStorage.getItem("auction-seen") !== panel.dataset.auction) {
      sessionStorage.setItem("auction-seen", panel.dataset.auction);
      panel.scrollIntoView({ behavior: "smooth", block: "start" });
    }
    if (!document.querySelector(".auction")) sessionStorage.removeItem("auction-seen");
  }

  document.addEventListener("DOMContentLoaded", function () {
    arrive(document);
    document.body.addEventListener("htmx:load", function (event) { arrive(event.target); });
  });
})();
