// What the live screens do between server updates.
// - The auction clock: the server sends the seconds left when it renders the panel (not a
//   wall-clock time, so a phone whose clock is wrong still counts right); this counts them down,
//   turns the ring, and calls "Going once… going twice…" near the end. The server closes the
//   auction itself; the panel then disappears with the next update.
// - Attention: a panel that needs this phone now (an auction, a debt, a trade offer) scrolls into
//   view once when it first appears, unless in sight; later updates of it leave the scroll alone.
// - Undo in the toast, for a player's own last action while they may take it back.
// A player's cash where a screen shows it, as a whole amount (its <data value>: "₩1.5M" is not).
function cashIn(shown) {
  var data = shown && shown.querySelector("data");
  return data ? parseInt(data.value, 10) : null;
}

(function () {
  "use strict";

  // The seconds left, as minutes and seconds from 100 (a table may give an auction up to a day)
  function clockText(seconds) {
    if (seconds < 100) return String(seconds);
    var rest = seconds % 60;
    return Math.floor(seconds / 60) + ":" + (rest < 10 ? "0" : "") + rest;
  }

  function startClock(clock) {
    if (clock.dataset.started || !clock.dataset.endsIn) return; // "Time is up": nothing to count
    clock.dataset.started = "1";
    var endsAt = performance.now() + parseFloat(clock.dataset.endsIn) * 1000;
    var total = parseFloat(clock.dataset.total) * 1000;
    var panel = clock.closest(".auction");
    var secs = clock.querySelector(".secs");
    var ring = clock.querySelector(".ring");

    function tick() {
      if (!clock.isConnected) return;
      var going = panel.querySelector(".going"); // a bid swaps it in anew
      var left = Math.max(0, endsAt - performance.now());
      var shown = clockText(Math.ceil(left / 1000));
      if (secs.textContent !== shown) secs.textContent = shown;
      secs.dataset.long = shown.length > 5 ? "2" : shown.length > 2 ? "1" : "";
      ring.style.strokeDashoffset = String(100 - Math.min(1, left / total) * 100);
      var call = left <= 0 ? going.dataset.sold : left <= 3000 ? going.dataset.twice : left <= 6000 ? going.dataset.once : "";
      if (going.textContent !== call) going.textContent = call;
      panel.classList.toggle("ending", left <= 6000);
      // five times a second, in steps: a transition between them would repaint every frame for
      // as long as an auction runs, on every phone at the table
      if (left > 0) setTimeout(tick, 200);
    }
    tick();
  }

  // A timed game's time left, as the server draws it (banker/web/panels/tally.py): "9:05", "1:30:00"
  function gameClockText(left) {
    var minutes = Math.floor(left / 60) % 60;
    var hours = Math.floor(left / 3600);
    var seconds = String(left % 60).padStart(2, "0");
    return hours ? hours + ":" + String(minutes).padStart(2, "0") + ":" + seconds : minutes + ":" + seconds;
  }

  // A timed game's clock in the header: the time left, counted down.
  function startGameClock(clock) {
    if (clock.dataset.started || !clock.dataset.endsIn) return; // "Time is up": nothing to count
    clock.dataset.started = "1";
    var endsAt = performance.now() + parseFloat(clock.dataset.endsIn) * 1000;
    function tick() {
      if (!clock.isConnected) return;
      var left = Math.max(0, Math.ceil((endsAt - performance.now()) / 1000));
      var shown = gameClockText(left);
      if (clock.textContent !== shown) clock.textContent = shown;
      clock.toggleAttribute("data-long", left >= 3600); // its hours drawn smaller on a phone (app.css)
      clock.classList.toggle("ending", left <= 300);
      if (left > 0) setTimeout(tick, 250);
    }
    tick();
  }

  var HISTORY_LINES = 50; // as the server draws the list

  // The auction panel reads the same on every player's phone (it is rendered once for all):
  // this phone keeps its own player's bids, none when its player holds the high bid or sits the
  // auction out, and marks those above what its player could raise (its cash and the wallet's
  // data-raise, what its deeds and buildings could add).
  function personalise() {
    var panel = document.querySelector(".auction");
    var high = document.querySelector("#auction-high[data-high]");
    var wallet = document.querySelector(".wallet[data-raise]");
    var me = document.getElementById("acting");
    if (!panel || !high || !wallet || !me || me.tagName !== "INPUT") return;
    var rows = panel.querySelectorAll(".bid-row");
    var why = wallet.hasAttribute("data-out") ? "out"
      : (" " + high.dataset.excluded + " ").indexOf(" " + me.value + " ") !== -1 ? "excluded"
      : high.dataset.high === me.value ? "high" : "";
    var shown = 0;
    rows.forEach(function (row) {
      row.hidden = !!why || (row.dataset.player !== undefined && row.dataset.player !== me.value);
      if (!row.hidden) shown++;
    });
    if (!why && !shown) why = "none";
    panel.querySelectorAll("[data-note]").forEach(function (note) { note.hidden = note.dataset.note !== why; });
    var most = cashIn(wallet.querySelector(".balance")) + parseInt(wallet.dataset.raise, 10);
    panel.querySelectorAll(".bid[data-amount]").forEach(function (bid) {
      var over = parseInt(bid.dataset.amount, 10) > most;
      bid.disabled = over;
      if (over) { bid.setAttribute("aria-disabled", "true"); bid.title = bid.dataset.over; }
      else { bid.removeAttribute("aria-disabled"); bid.removeAttribute("title"); }
    });
  }

  var seen = JSON.parse(sessionStorage.getItem("attention-seen") || "[]");

  var drawn = null; // the panel last scrolled into view (its attention key), and when
  var drawnAt = 0;

  function drawAttention(root) {
    var panel = root.querySelector("[data-attention]");
    if (!panel || seen.indexOf(panel.dataset.attention) !== -1) return;
    seen = seen.concat(panel.dataset.attention).slice(-50);
    sessionStorage.setItem("attention-seen", JSON.stringify(seen));
    if (panel.closest("[data-dock]")) return; // the dock opens it, at the foot, clear of the toasts
    drawn = panel.dataset.attention;
    drawnAt = performance.now();
    // one already in sight stays put: scrolled all the same, the page's top went under the header
    // (a tab's hint showed as a blank strip) and a reload opened it there, its heading cut off
    var top = panel.getBoundingClientRect().top;
    if (top < coveredTop() || top > innerHeight / 2) panel.scrollIntoView({ block: "start" });
    setTimeout(clearOfToasts, 50);
  }

  // How far down the top of the screen is covered: the toasts and the bank's sticky "Acting for"
  // bar (where it sticks, wherever it is now); a panel that scrolls itself into view stops below
  // (app.css, [data-attention] and --toasts)
  function coveredTop() {
    var acting = document.querySelector(".acting");
    var bottom = Math.max(
      document.getElementById("toast").getBoundingClientRect().bottom,
      acting ? parseFloat(getComputedStyle(acting).top) + acting.offsetHeight : 0
    ) + 8;
    document.documentElement.style.setProperty("--toasts", Math.max(60, bottom) + "px");
    return bottom;
  }

  // the toasts that came with it (the same update, a moment later) leave it in sight, a push
  // that redrew it meanwhile too
  function clearOfToasts() {
    if (!drawn || performance.now() - drawnAt > 3000) return;
    var panel = document.querySelector('[data-attention="' + CSS.escape(drawn) + '"]');
    if (panel && panel.getBoundingClientRect().top < coveredTop()) panel.scrollIntoView({ block: "start" });
  }

  // The dock (player/_live.html): each card folds to a strip and opens with a tap; this phone
  // keeps each card's choice while it lasts (a redrawn card keeps it). A card that needs this
  // phone now (an auction, a debt, an offer to answer, a card's buy from the market; jail) is open
  // until folded; the others (the market, cards in hand, an offer made) start folded, as the board
  // above is where a turn starts.
  var folded = JSON.parse(sessionStorage.getItem("dock-folded") || "{}");

  function keyOf(card) {
    return card.dataset.attention || card.getAttribute("aria-labelledby") || card.className;
  }

  function dock() {
    var shelf = document.querySelector("[data-dock]");
    if (!shelf) return;
    shelf.querySelectorAll(".region > .card").forEach(function (card) {
      var key = keyOf(card), fold = card.querySelector(":scope > .fold");
      if (!fold) {
        fold = document.createElement("button");
        fold.type = "button";
        fold.className = "fold";
        card.prepend(fold);
      }
      var shut = folded[key] !== undefined ? folded[key] : !card.dataset.attention && !card.classList.contains("in-jail");
      card.classList.toggle("folded", shut);
      fold.textContent = shut ? "▴" : "▾";
      fold.setAttribute("aria-label", shut ? shelf.dataset.unfold : shelf.dataset.fold);
      fold.setAttribute("aria-expanded", String(!shut));
    });
    // the page's foot clears the dock's cards folded (open, a card is folded to see under it)
    var strips = shelf.querySelectorAll(".region > .card").length;
    document.documentElement.style.setProperty("--dock", strips * 58 + "px");
  }

  // A double tap on Fold: its second tap, landing where the card had been, opened the street under
  // it. A tap on the same spot straight after a card folded, now outside the dock, is let go.
  var folding = { at: -1000, x: 0, y: 0 };
  document.addEventListener("click", function (event) {
    var again = performance.now() - folding.at < 400
      && Math.abs(event.clientX - folding.x) < 24 && Math.abs(event.clientY - folding.y) < 24;
    if (again && !(event.target.closest && event.target.closest("[data-dock]"))) {
      event.stopPropagation();
      event.preventDefault();
    }
  }, true);

  // a tab other than the board is work of its own (a trade to raise a debt, a deed to mortgage):
  // the open cards fold to their strips, off its form, one tap from open again
  document.addEventListener("click", function (event) {
    var tab = event.target.closest && event.target.closest("[data-tab][role=tab]");
    var shelf = document.querySelector("[data-dock]");
    if (!tab || tab.dataset.tab === "board" || !shelf) return;
    shelf.querySelectorAll(".region > .card:not(.folded)").forEach(function (card) { folded[keyOf(card)] = true; });
    sessionStorage.setItem("dock-folded", JSON.stringify(folded));
    dock();
  });

  document.addEventListener("click", function (event) {
    var card = event.target.closest && event.target.closest("[data-dock] .region > .card");
    if (!card) return;
    // a button whose work goes on in a tab (Counter…) folds its card out of that work's way
    var away = event.target.closest("[data-opens-tab]");
    if (!away && !(card.classList.contains("folded") || event.target.closest(".fold"))) return;
    if (!away) event.preventDefault();
    folded[keyOf(card)] = !!away || !card.classList.contains("folded");
    if (folded[keyOf(card)]) folding = { at: performance.now(), x: event.clientX, y: event.clientY };
    sessionStorage.setItem("dock-folded", JSON.stringify(folded));
    dock();
  });

  // Undo in the toast after this phone's own action: it lasts the seconds the server sent (not a
  // clock time, as the auction clock), and goes as soon as the game moves past that action.
  function withdrawUndo(button) {
    var toast = button.closest(".toast");
    button.remove();
    if (toast) toast.classList.remove("with-undo");
  }

  function offerUndo(button) {
    if (button.dataset.started) return;
    button.dataset.started = "1";
    setTimeout(function () { withdrawUndo(button); }, parseFloat(button.dataset.expiresIn) * 1000);
  }

  // the receipt line's "2 min ago", from the seconds the server counted when it drew the line
  function age(ago) {
    if (ago.dataset.started) return;
    ago.dataset.started = "1";
    var since = performance.now() - parseFloat(ago.dataset.ago) * 1000;
    function tick() {
      if (!ago.isConnected) return;
      var minutes = Math.floor((performance.now() - since) / 60000);
      var words = ago.parentNode.dataset;
      ago.textContent = minutes ? words.minutes.replace("{n}", minutes) : words.justNow;
      setTimeout(tick, 30000);
    }
    tick();
  }

  // `fn` on each element in `root` matching `selector`, `root` itself too: a part pushed out of
  // band (a bid's new auction clock) is the root htmx loads, and has no such element inside it
  function each(root, selector, fn) {
    if (root.matches && root.matches(selector)) fn(root);
    root.querySelectorAll(selector).forEach(fn);
  }

  function arrive(root) {
    each(root, ".receipt .ago", age);
    each(root, ".undo-slip[data-expires-in]", offerUndo);
    var live = root.matches && root.matches("[data-live]") ? root : null;
    if (live) {
      // phones taking their seats since leave a player's Undo standing (data-played)
      var played = parseInt(live.dataset.played || live.dataset.seq, 10);
      document.querySelectorAll(".undo-slip").forEach(function (button) {
        if (played > parseInt(button.dataset.seq, 10)) withdrawUndo(button);
      });
    }
    each(root, ".auction .clock", startClock);
    each(root, ".game-clock", startGameClock);
    dock();
    drawAttention(root);
  }

  // The screen stays on while a game is open (where the browser has a wake lock); the lock is
  // released when the phone hides the page, so it is asked for again on return.
  function keepAwake() {
    if (!("wakeLock" in navigator) || !document.querySelector("[data-live]")) return;
    navigator.wakeLock.request("screen").catch(function () {});
  }

  document.addEventListener("DOMContentLoaded", function () {
    if ("serviceWorker" in navigator && document.body.dataset.sw) {
      navigator.serviceWorker.register(document.body.dataset.sw).catch(function () {});
    }
    keepAwake();
    document.addEventListener("visibilitychange", function () {
      if (document.visibilityState === "visible") keepAwake();
    });
    arrive(document);
    document.body.addEventListener("htmx:load", function (event) { arrive(event.target); });
    document.body.addEventListener("receipt", function () { arrive(document.getElementById("receipt")); });
    // A refusal stays on screen until its ✕ is tapped (a toast saying what was done fades by itself).
    document.addEventListener("click", function (event) {
      var close = event.target.closest && event.target.closest("[data-dismiss]");
      if (close) close.closest(".toast").remove();
      // a toast's headline opens its whole wording, which then stays until the toast is tapped again
      var more = event.target.closest && event.target.closest("[data-more]");
      var toast = more ? more.closest(".toast") : event.target.closest && event.target.closest(".toast.open");
      if (more && !toast.classList.contains("open")) {
        toast.classList.add("open");
        more.setAttribute("aria-expanded", "true");
        more.nextElementSibling.hidden = false;
      } else if (toast) toast.remove();
    });
    // A command went through (HX-Trigger: bank-changed on the element that sent it): clear its
    // form, or load what it names next. Data attributes rather than hx-on handlers, so the
    // Content-Security-Policy needs no eval (htmx runs with allowEval off).
    document.body.addEventListener("bank-changed", function (event) {
      if (!event.target.closest) return;
      var form = event.target.closest("form[data-reset-on-change]");
      if (form) form.reset();
      var next = event.target.closest("[data-then-get]");
      if (next) htmx.ajax("GET", next.dataset.thenGet, { target: next.dataset.thenTarget });
    });
    // Refused because the game moved on since the panel was drawn (Undo's confirm naming an action
    // no longer the last): the panel is drawn again as the game is now, its refusal in the toast
    document.body.addEventListener("htmx:afterRequest", function (event) {
      var again = event.detail.xhr.status === 409 && event.detail.elt.closest("[data-else-get]");
      if (again) htmx.ajax("GET", again.dataset.elseGet, { target: again.dataset.thenTarget });
    });
    // Polling (every 5 s) stands in for the live stream while it is down. While it is open, one
    // poll in six still goes out, in case the stream died without the phone noticing: a thousand
    // phones polling for nothing would cost the bank more than all the games they watch.
    var streamOpen = false;
    var lastPoll = 0;
    document.body.addEventListener("htmx:sseOpen", function () { streamOpen = true; });
    document.body.addEventListener("htmx:sseError", function () { streamOpen = false; });
    // this phone's seat is gone (a new QR code made for it, a late seating undone, the game
    // deleted): the stream says so and ends, or a poll is refused; loaded again, the page is the
    // refusal saying why, not a screen whose every tap is refused under a "Reconnecting…" that
    // never ends
    document.body.addEventListener("htmx:sseClose", function (event) {
      if (event.detail.type === "message") location.reload();
    });
    document.body.addEventListener("htmx:afterRequest", function (event) {
      var gone = [403, 404].indexOf(event.detail.xhr.status) !== -1;
      if (gone && event.detail.elt.hasAttribute("data-live")) location.reload();
    });
    document.body.addEventListener("htmx:confirm", function (event) {
      if (event.detail.triggeringEvent || !event.target.hasAttribute("data-live")) return;
      if (streamOpen && Date.now() - lastPoll < 30000) event.preventDefault();
      else lastPoll = Date.now();
    });
    // a poll asks about the seq the screen shows now (the stream moves it on)
    document.body.addEventListener("htmx:configRequest", function (event) {
      if (event.target.hasAttribute("data-live")) event.detail.parameters.seq = event.target.dataset.seq;
    });
    // an answer no newer than what the stream has shown meanwhile is not swapped in: it would turn
    // the screen back (and start a running auction's clock again)
    document.body.addEventListener("htmx:beforeSwap", function (event) {
      var live = event.detail.target;
      if (!live.hasAttribute || !live.hasAttribute("data-live")) return;
      var seq = /data-seq="(\d+)" data-live/.exec(event.detail.serverResponse);
      if (seq && parseInt(seq[1], 10) <= parseInt(live.dataset.seq, 10)) event.detail.shouldSwap = false;
    });
    // this phone's own command went through: the stream brings what changed, or while it is down a poll
    document.body.addEventListener("bank-changed", function () {
      var live = document.querySelector("[data-live]");
      if (live && !streamOpen) htmx.trigger(live, "refresh");
    });
    // A change pushed over the stream has been swapped in, part by part: the screen is at its seq
    document.body.addEventListener("htmx:sseMessage", function (event) {
      var live = document.querySelector("[data-live]");
      var seq = event.detail.lastEventId;
      if (live && seq) live.dataset.seq = seq;
      // a phone taking its seat since leaves a player's Undo standing
      var quiet = document.getElementById("quiet");
      var played = quiet && quiet.dataset.seq === seq ? quiet.dataset.played : seq;
      if (live && played !== seq) live.dataset.played = played;
      else if (live) delete live.dataset.played;
      document.querySelectorAll(".undo-slip").forEach(function (button) {
        if (parseInt(played, 10) > parseInt(button.dataset.seq, 10)) withdrawUndo(button);
      });
      var lines = document.querySelectorAll("#history li");
      for (var i = HISTORY_LINES; i < lines.length; i++) lines[i].remove();
      if (lines.length > 1) document.querySelectorAll("#history .nothing-yet").forEach(function (line) { line.remove(); });
      personalise();
      clearOfToasts();
    });
    document.body.addEventListener("htmx:afterSwap", personalise);
    personalise();
  });
})();

// The connection, seen: a "Reconnecting…" bar while the live stream is down; a command that did
// not get through says "Not sent" with Retry. Each command carries an id made here (request_id):
// sent again, the server answers as the first time and applies it once.
// Money in, felt: with the server's flash ("+$90 from Bob · rent") the balance counts up (not
// with reduced motion), the phone buzzes, and chimes if the per-phone switch is on.
(function () {
  "use strict";

  var unsent = null; // the last command that did not get through: {path, values, key}, its id kept
  var retry = null; // the last tap that did not get through (a command, or a sheet to open)
  var shown = null; // the balance last swapped in
  var audio = null;

  function tapId() {
    return Array.prototype.map.call(crypto.getRandomValues(new Uint8Array(12)), function (b) {
      return (b + 256).toString(16).slice(1);
    }).join("");
  }

  // a field sent more than once (a trade's deeds) as the list of its values, as htmx.ajax takes it
  function valuesOf(formData) {
    var values = {};
    formData.forEach(function (value, name) {
      values[name] = name in values ? [].concat(values[name], value) : value;
    });
    return values;
  }

  function keyOf(path, values) {
    return path + JSON.stringify(Object.assign({}, values, { request_id: 0 }));
  }

  function watchConnection(body) {
    var bar = document.getElementById("reconnecting");
    var dropping = null;
    var stored = []; // the request ids of this seat's taps the stream has seen stored (push.py, _sent)

    // the tap that did not get through has gone through since, or been given up
    function settled() {
      unsent = retry = null;
      document.querySelectorAll("#toast .not-sent").forEach(function (toast) { toast.remove(); });
    }

    // a tap whose answer was lost but which the stream shows stored: said so, never "Not sent"
    function sentAfterAll() {
      unsent = retry = null;
      document.getElementById("toast").replaceChildren(document.getElementById("sent-after-all").content.cloneNode(true));
    }

    body.addEventListener("htmx:sseMessage", function () {
      var sent = document.getElementById("sent");
      if (!sent || !sent.dataset.ids) return;
      stored = stored.concat(sent.dataset.ids.split(" ")).slice(-50);
      delete sent.dataset.ids;
      if (unsent && stored.indexOf(unsent.values.request_id) !== -1) sentAfterAll();
    });

    // the page makes room for the bar by a class on the body: a body:has() rule in its place made
    // every change's swaps cost each phone a millisecond or two more
    function showBar(shown) {
      bar.hidden = !shown;
      body.classList.toggle("reconnecting", shown);
    }

    function back() {
      clearTimeout(dropping);
      dropping = null;
      showBar(false); // the stream itself brings the screen up to date
    }

    // the stream also ends by design now and then, and is back within a second
    body.addEventListener("htmx:sseError", function () {
      if (!dropping && bar.hidden) dropping = setTimeout(function () { showBar(true); }, 1500);
    });
    body.addEventListener("htmx:sseOpen", back);
    body.addEventListener("htmx:configRequest", function (event) {
      var detail = event.detail;
      if (detail.verb !== "post" || detail.parameters.request_id) return;
      // the same command made again after "Not sent" keeps its id
      var again = unsent && unsent.key === keyOf(detail.path, valuesOf(detail.formData));
      detail.parameters.request_id = again ? unsent.values.request_id : tapId();
    });
    // watched on the request itself (a screen refreshed meanwhile may have removed the button that
    // sent it): a command, or a tap that opens something (a sheet, the trade form); the live
    // panel's own polls are not taps
    body.addEventListener("htmx:beforeRequest", function (event) {
      var config = event.detail.requestConfig;
      var xhr = event.detail.xhr;
      var command = config.verb === "post";
      if (!command && config.elt.closest("[data-live]") === config.elt) return;
      xhr.addEventListener("loadend", function () {
        if ([0, 502, 503, 504].indexOf(xhr.status) === -1) {
          if (command || (retry && retry.path === config.path)) settled();
          return back();
        }
        var values = valuesOf(config.formData);
        if (command && stored.indexOf(values.request_id) !== -1) return sentAfterAll();
        retry = { verb: config.verb.toUpperCase(), path: config.path, values: values, target: command ? "#toast" : config.target };
        if (command) unsent = { path: config.path, values: values, key: keyOf(config.path, values) };
        document.getElementById("toast").replaceChildren(document.getElementById("not-sent").content.cloneNode(true));
      });
    });
    // news and money pushed meanwhile take the toasts' place: "Not sent" stays beside them until
    // its tap goes through or its ✕ is tapped, or the tap would be lost without a word
    function keepNotSent() {
      var toasts = document.getElementById("toast");
      if (retry && !toasts.querySelector(".not-sent")) toasts.prepend(document.getElementById("not-sent").content.cloneNode(true));
    }
    body.addEventListener("htmx:afterSwap", keepNotSent);
    body.addEventListener("htmx:oobAfterSwap", keepNotSent);
    document.addEventListener("click", function (event) {
      if (event.target.closest && event.target.closest(".not-sent [data-dismiss]")) settled();
      if (retry && event.target.closest && event.target.closest("[data-retry]")) {
        if (retry.verb !== "POST") document.getElementById("toast").replaceChildren();
        htmx.ajax(retry.verb, retry.path, { source: body, target: retry.target, values: retry.values });
      }
    });
  }

  function soundOn() { return localStorage.getItem("money-in-sound") === "on"; }

  // two rising notes, made in the page (no sound file)
  function chime() {
    var Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return;
    audio = audio || new Context();
    var now = audio.currentTime;
    var tone = audio.createOscillator();
    var gain = audio.createGain();
    tone.frequency.setValueAtTime(988, now);
    tone.frequency.setValueAtTime(1319, now + 0.12);
    gain.gain.setValueAtTime(0.2, now);
    gain.gain.exponentialRampToValueAtTime(0.001, now + 0.45);
    tone.connect(gain).connect(audio.destination);
    tone.start(now);
    tone.stop(now + 0.45);
  }

  // the count is drawn over the figure (data-counting, app.css): what the page says, to a screen
  // reader too, is the new figure from the start
  function countUp(balance, from, to) {
    var text = balance.textContent;
    var started = performance.now();
    if (text.replace(/\D/g, "") !== String(to)) return; // a figure it cannot count in ("M1.5")
    var separator = (text.match(/\d(\D)\d{3}(?!\d)/) || [])[1] || "";
    function step(now) {
      var done = Math.min(1, Math.max(0, now - started) / 500);
      var figure = String(Math.round(from + (to - from) * done)).replace(/\B(?=(\d{3})+(?!\d))/g, separator);
      balance.dataset.counting = text.replace(/\d(?:\D?\d)*/, figure);
      if (done < 1 && balance.isConnected) requestAnimationFrame(step);
      else delete balance.dataset.counting;
    }
    step(started);
  }

  // a pushed flash's newest row becomes the receipt line under the balance: "+$90 from Bob · rent · just now"
  function receive(row) {
    var receipt = document.getElementById("receipt");
    if (!row || !receipt) return;
    var ago = document.createElement("span");
    ago.className = "ago";
    ago.dataset.ago = "0";
    var amount = document.createElement("b");
    amount.textContent = row.querySelector(":scope > b").textContent;
    receipt.className = "receipt " + (row.classList.contains("gain") ? "gain" : "spend");
    receipt.replaceChildren(amount, " " + row.querySelector(":scope > span").textContent + " · ", ago);
    document.body.dispatchEvent(new CustomEvent("receipt"));
  }

  function feel() {
    var balance = document.querySelector(".wallet .balance");
    var flashes = document.querySelectorAll("#toast .money:not([data-felt])");
    var from = shown;
    shown = cashIn(balance);
    if (!flashes.length) return;
    flashes.forEach(function (flash) { flash.dataset.felt = "1"; });
    receive(flashes[flashes.length - 1].querySelector("li:last-child:not(.news)"));
    // a phone not yet tapped may not vibrate: the browser refuses it, with an error on its console
    var tapped = !navigator.userActivation || navigator.userActivation.hasBeenActive;
    if (navigator.vibrate && tapped) navigator.vibrate([60, 40, 60]);
    if (soundOn()) chime();
    if (from !== null && shown > from && !matchMedia("(prefers-reduced-motion: reduce)").matches) {
      countUp(balance, from, shown);
    }
  }

  document.addEventListener("DOMContentLoaded", function () {
    var body = document.body;
    var toggle = document.querySelector("[data-sound-switch]");
    watchConnection(body);
    if (toggle) {
      toggle.setAttribute("aria-pressed", soundOn());
      toggle.addEventListener("click", function () {
        localStorage.setItem("money-in-sound", soundOn() ? "off" : "on");
        toggle.setAttribute("aria-pressed", soundOn());
        if (soundOn()) chime(); // how it sounds; the tap also lets the page play sound later
      });
    }
    feel();
    // after an answer's swaps or a pushed change (its flash too), before the new figure is painted
    body.addEventListener("htmx:afterSwap", feel);
    body.addEventListener("htmx:sseMessage", feel);
  });
})();

// Tabs switch with no request; body[data-tab] picks the part shown, so a swapped-in part keeps
// it. A tab's hint shows once per phone. The bank's choice of player renames its buttons and is
// kept in a cookie, so a reload renders it.
(function () {
  "use strict";
  var kept = "tab:" + location.pathname, hint = document.querySelector(".tab-hint");

  function open(tab) {
    var name = tab.dataset.tab, seen = "hint:" + tab.parentNode.dataset.hints + ":" + name;
    document.body.dataset.tab = name;
    document.querySelectorAll("[data-tab][role=tab]").forEach(function (other) {
      other.setAttribute("aria-selected", other === tab);
    });
    sessionStorage.setItem(kept, name);
    hint.hidden = !tab.dataset.hint || !!localStorage.getItem(seen);
    hint.firstChild.textContent = tab.dataset.hint;
    localStorage.setItem(seen, 1);
  }

  var first = document.getElementById("tab-" + sessionStorage.getItem(kept)) || document.querySelector("[role=tab]");
  if (first) open(first);
  // a page showing its player out, or the game over, opens again at its top, the heading in sight:
  // put back where it was, with the tab's hint gone meanwhile, the heading was under the header
  addEventListener("pagehide", function () {
    history.scrollRestoration = document.querySelector(".card.out, .finale") ? "manual" : "auto";
  });

  document.addEventListener("click", function (event) {
    var tab = event.target.closest("[data-tab][role=tab]");
    if (tab) { open(tab); scrollTo(0, 0); }
    // the hint has done its work once the tab is at work (a partner picked, a form opened)
    if (event.target.closest("[data-hint-close], [role=tabpanel] button")) hint.hidden = true;
    var opens = event.target.closest("[data-opens-tab]");
    var other = opens && document.getElementById("tab-" + opens.dataset.opensTab);
    if (other) { open(other); hint.hidden = true; }
  });

  // a part the bank's screen is pushed (the auction's bids) names the player acting here; a pushed
  // tab bar (a player out, the game's end) may have lost the tab open here, and its hints
  document.body.addEventListener("htmx:load", function (event) {
    if (event.target.id === "tabbar") {
      open(document.getElementById("tab-" + document.body.dataset.tab) || event.target.querySelector("[role=tab]"));
    }
    var choice = document.querySelector("#acting input:checked");
    if (!choice) return;
    event.target.querySelectorAll("[data-acting-name]:empty").forEach(function (name) { name.textContent = choice.dataset.name; });
    notToThemself(event.target, choice.value);
  });

  // whom the bank pays to or trades with: anyone but the player it acts for (a hidden radio is
  // disabled too: the browser's "choose one" went to it, and could not show it)
  function notToThemself(root, acting) {
    if (!root) return;
    root.querySelectorAll("[name=to][type=radio]").forEach(function (to) { to.parentNode.hidden = to.disabled = to.value === acting; });
    root.querySelectorAll("[data-partner]").forEach(function (to) { to.hidden = to.dataset.partner === acting; });
  }

  document.addEventListener("change", function (event) {
    var choice = event.target;
    if (!choice.matches("#acting input")) return;
    document.querySelectorAll("[data-acting-name]").forEach(function (name) { name.textContent = choice.dataset.name; });
    notToThemself(document.getElementById("panel-pay"), choice.value);
    notToThemself(document.getElementById("panel-trade"), choice.value);
    document.cookie = "acting=" + choice.value + ";path=" + location.pathname + ";max-age=31536000;samesite=strict";
  });
})();

// Back (a phone's back gesture) closes an open sheet, as in any app, rather than leave the game: an
// opened sheet is a step in the page's history, taken back when the sheet closes otherwise.
// The focus goes with it, for a screen reader: into the sheet as it opens (its title is read, and
// the sheet is next in reading order rather than after every space of the board), onto the button
// pressed again when the sheet is drawn anew (a building plan's + or −), back to the space tapped
// when it closes; Escape closes it.
(function () {
  "use strict";
  var stepped = false, opener = null, pressed = null;

  function sync() {
    var sheet = document.getElementById("sheet");
    var open = !!(sheet && sheet.querySelector(".sheet-card"));
    if (open && stepped) return refocus(sheet);
    if (open === stepped) return;
    stepped = open;
    if (open) {
      opener = document.activeElement;
      history.pushState({ sheet: true }, "");
      var title = document.getElementById("sheet-title");
      if (title) title.focus({ preventScroll: true });
    } else {
      history.back(); // its popstate finds nothing left to close
      giveBack();
    }
  }

  function refocus(sheet) {
    if (!pressed || sheet.contains(document.activeElement)) return;
    var again = Array.prototype.find.call(sheet.querySelectorAll("button, a"), function (control) {
      return (control.getAttribute("aria-label") || control.textContent) === pressed;
    });
    (again || document.getElementById("sheet-title")).focus({ preventScroll: true });
  }

  function giveBack() {
    var sheet = document.getElementById("sheet");
    var lost = !document.activeElement || document.activeElement === document.body || sheet.contains(document.activeElement);
    if (lost && opener && opener.isConnected) opener.focus({ preventScroll: true });
    opener = pressed = null;
  }

  document.addEventListener("htmx:beforeRequest", function (event) {
    var control = event.detail.elt;
    if (control.closest && control.closest("#sheet")) pressed = control.getAttribute("aria-label") || control.textContent;
  });
  document.addEventListener("keydown", function (event) {
    // as Back does (a sheet drawn a moment ago may not answer a click on its ✕ yet)
    if (event.key === "Escape" && stepped && !document.querySelector("dialog[open]")) history.back();
  });
  document.addEventListener("htmx:afterSwap", sync);
  document.addEventListener("htmx:oobAfterSwap", sync);
  window.addEventListener("popstate", function () {
    if (!stepped) return;
    stepped = false;
    document.getElementById("sheet").replaceChildren();
    giveBack();
  });
})();

// The app's own confirm: a button with data-confirm opens the sheet (shared/_confirm.html), whose
// one big button names what happens; it sends the button's command ("confirmed", its hx-trigger).
// The Pay form names what its button will do as the amount and the person are chosen: "Pay Bob $50".
(function () {
  "use strict";
  var asking = null;

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-confirm]");
    if (!button || button.disabled) return;
    var sheet = document.getElementById("confirm-sheet");
    var yes = sheet.querySelector("[data-confirm-yes]");
    event.preventDefault();
    asking = button;
    sheet.querySelector("#confirm-says").textContent = button.dataset.confirm;
    yes.textContent = button.dataset.confirmDo;
    sheet.returnValue = "";
    sheet.showModal();
    yes.focus();
  });

  document.addEventListener("DOMContentLoaded", function () {
    var sheet = document.getElementById("confirm-sheet");
    if (!sheet) return; // the table display asks nothing
    sheet.addEventListener("close", function () {
      if (sheet.returnValue === "yes" && asking && asking.isConnected) htmx.trigger(asking, "confirmed");
      asking = null;
    });
    // a tap on the shade around the sheet is a No
    sheet.addEventListener("click", function (event) { if (event.target === sheet) sheet.close(); });
  });

  // an amount as the game shows it (banker/rules/state.py, format_money): [before, after, times]
  function money(amount, shape) {
    var grouped = function (n) { return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ","); };
    if (shape[3]) { // counted in K: 200K, M1.5
      if (amount < 1000) return amount + shape[1];
      return shape[0] + grouped(Math.floor(amount / 1000)) + ("." + String(1000 + amount % 1000).slice(1)).replace(/\.?0+$/, "");
    }
    return shape[0] + grouped(amount * shape[2]) + shape[1];
  }

  function namePayment(form) {
    var button = form.querySelector("[data-pay-label]");
    var to = form.querySelector("[name=to]:checked");
    // as the bank reads it (banker/rules/inputs.py, as_typed): "1,000" and "$50" are amounts too, "2,5" is not
    var typed = form.querySelector("[name=amount]").value.trim().replace(/^[$£€¥₩]+/, "");
    if (/^[0-9]{1,3}(,[0-9]{3})+$/.test(typed)) typed = typed.replace(/,/g, "");
    var amount = /^[0-9]+$/.test(typed) && parseInt(typed, 10) > 0 ? parseInt(typed, 10) : null;
    if (!to || amount === null) { button.textContent = button.dataset.plain; return; }
    var name = to.closest("label").textContent.trim();
    button.textContent = button.dataset.payLabel.replace("{player}", name)
      .replace("{amount}", money(amount, JSON.parse(button.dataset.money)));
  }

  ["input", "change", "reset"].forEach(function (kind) {
    document.addEventListener(kind, function (event) {
      var form = event.target.closest && event.target.closest("form");
      if (!form || !form.querySelector("[data-pay-label]")) return;
      if (kind === "reset") setTimeout(function () { namePayment(form); });
      else namePayment(form);
    });
  });
})();

// A long figure (₩1,500,000) shrinks to stay on one line in its place, and a board tile's long
// word to stay in its tile (data-fit: the wallet's balance beside GO, a display's card, a tile's
// name the server thinks may not fit, data-fit="11" as far as 11 px, past which a word breaks),
// measured only when its length, the screen's width or the tab shown changes: an update that
// moves no digit costs no layout here. (A length on every figure pushed, for the style sheet to
// size it by, cost each phone 16 bytes a payment.)
(function () {
  "use strict";
  function fit(figure) {
    var length = String(figure.textContent.length);
    if (figure.dataset.fitted === length) return;
    figure.style.fontSize = "";
    figure.style.overflowWrap = "normal"; // measured whole: a Korean page would break the word instead
    var room = figure.clientWidth, need = figure.scrollWidth;
    figure.style.overflowWrap = "";
    if (!room) return; // not laid out (hidden): measured once it shows
    figure.dataset.fitted = length;
    var size = parseFloat(getComputedStyle(figure).fontSize);
    if (need > room) figure.style.fontSize = Math.max(Math.floor(size * room / need * 10) / 10, +figure.dataset.fit || 0) + "px";
  }
  function fitAll() { document.querySelectorAll("[data-fit]").forEach(fit); }
  fitAll();
  document.addEventListener("click", function (event) {
    if (event.target.closest("[data-tab][role=tab]")) fitAll(); // a tab hidden until now
  });
  ["htmx:sseMessage", "htmx:afterSwap"].forEach(function (kind) { document.body.addEventListener(kind, fitAll); });
  addEventListener("resize", function () {
    document.querySelectorAll("[data-fit]").forEach(function (figure) { delete figure.dataset.fitted; });
    fitAll();
  });
})();
