// The table display: each payment flies from payer to payee with its amount and reason, one after
// another in the order it happened (the stream adds them to #moves, banker/web/push.py). With
// reduced motion it shows in place and fades, without moving.
(function () {
  "use strict";

  var FLIGHT_MS = 2600;
  var STILL_MS = 2200;
  var HURRY = 0.55; // the share of that time a payment takes while others wait behind it
  var queue = [];
  var flying = false;

  function reduced() {
    return window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  }

  // where a payment leaves from or lands: beside a player's card, on the board's side of it, so
  // the pill never hides the balance it moves; the bank's box or the Free Parking pot themselves
  // (else the middle of the screen). `width`: the pill's.
  function placeOf(party, width) {
    var found = document.querySelector('#live [data-party="' + party + '"]');
    var box = found ? found.getBoundingClientRect() : null;
    if (!box || !box.width) return { x: window.innerWidth / 2, y: window.innerHeight / 2 };
    var y = box.top + box.height / 2;
    if (found.closest("#players")) return { x: box.left - width / 2 - 12, y: y };
    return { x: box.left + box.width / 2, y: y };
  }

  function mark(party, name, on) {
    var card = document.querySelector('#players [data-party="' + party + '"]');
    if (card) card.classList.toggle(name, on);
  }

  function fly(line, hurry) {
    var chip = document.createElement("p");
    chip.className = "move";
    chip.textContent = line.textContent;
    document.getElementById("flight").appendChild(chip);
    var width = chip.offsetWidth, height = chip.offsetHeight;
    function at(point) {
      var x = Math.min(Math.max(point.x - width / 2, 8), window.innerWidth - width - 8);
      var y = Math.min(Math.max(point.y - height / 2, 8), window.innerHeight - height - 8);
      return "translate(" + Math.round(x) + "px, " + Math.round(y) + "px)";
    }
    var from = line.dataset.from, to = line.dataset.to;
    mark(from, "paying", true);
    mark(to, "paid", true);
    var animation;
    if (reduced()) {
      var middle = at({ x: window.innerWidth / 2, y: window.innerHeight / 2 });
      animation = chip.animate(
        [{ transform: middle, opacity: 0 }, { transform: middle, opacity: 1, offset: 0.1 },
         { transform: middle, opacity: 1, offset: 0.9 }, { transform: middle, opacity: 0 }],
        { duration: STILL_MS * hurry });
    } else {
      var start = at(placeOf(from, width)), end = at(placeOf(to, width));
      animation = chip.animate(
        [{ transform: start + " scale(.7)", opacity: 0 }, { transform: start, opacity: 1, offset: 0.15 },
         { transform: start, opacity: 1, offset: 0.35 }, { transform: end, opacity: 1, offset: 0.8 },
         { transform: end + " scale(.7)", opacity: 0 }],
        { duration: FLIGHT_MS * hurry, easing: "ease-in-out" });
    }
    return animation.finished.then(function () {
      chip.remove();
      mark(from, "paying", false);
      mark(to, "paid", false);
    });
  }

  function next() {
    if (flying || !queue.length) return;
    flying = true;
    var line = queue.shift();
    fly(line, queue.length ? HURRY : 1).then(function () {
      line.remove();
      flying = false;
      next();
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    var moves = document.getElementById("moves");
    new MutationObserver(function (changes) {
      changes.forEach(function (change) {
        change.addedNodes.forEach(function (node) { if (node.nodeType === 1) queue.push(node); });
      });
      next();
    }).observe(moves, { childList: true });
  });
})();

// The table speaks, when its switch is on (off unless turned on, kept in this browser): each line
// the stream adds to #say ("Bob paid Ann $600, rent for Boardwalk", "Cy is bankrupt"), and the
// auction's "Going once… going twice…" as its clock calls them, through the browser's own speech
// in the page's language.
(function () {
  "use strict";

  function on() { return localStorage.getItem("display-voice") === "on"; }

  function say(words) {
    if (!on() || !words || !("speechSynthesis" in window)) return;
    var utterance = new SpeechSynthesisUtterance(words);
    utterance.lang = document.documentElement.lang;
    speechSynthesis.speak(utterance);
  }

  document.addEventListener("DOMContentLoaded", function () {
    var toggle = document.querySelector("[data-voice-switch]");
    var lines = document.getElementById("say");
    var called = "";
    toggle.setAttribute("aria-pressed", on());
    toggle.addEventListener("click", function () {
      localStorage.setItem("display-voice", on() ? "off" : "on");
      toggle.setAttribute("aria-pressed", on());
      if (!on() && "speechSynthesis" in window) speechSynthesis.cancel();
    });
    new MutationObserver(function () {
      lines.querySelectorAll("li").forEach(function (line) {
        say(line.textContent.trim());
        line.remove();
      });
      lines.replaceChildren();
    }).observe(lines, { childList: true, subtree: true });
    // the clock's calls (static/js/table.js writes them); "Sold!" is left to the sale's own line
    new MutationObserver(function () {
      // each call once, said again only after a bid has put the clock back above six seconds
      var going = document.querySelector("#auction .going");
      var ending = going && going.closest(".auction").classList.contains("ending");
      var call = ending ? going.textContent.trim() : "";
      if (call && call !== called && call !== going.dataset.sold) say(call);
      if (!ending || call) called = call;
    }).observe(document.getElementById("live"), { childList: true, subtree: true, characterData: true });
  });
})();
