// The edition editor and the New game form, on a phone's keyboard.
// - A field tapped has its text selected, so typing replaces it: renaming a board is type, Next,
//   type, Next. Enter (the keyboard's Next) moves to the next field, which saves the one left
//   (htmx posts a field when it changes); without this script Enter sends the whole page.
// - On New game, choosing the Millionaire rules chooses its board too, while the board is still
//   the default (the US one): the editor then opens on it the first time.
(function () {
  "use strict";

  var FIELDS = "input:not([type=hidden]):not([type=file]), select, textarea";

  document.addEventListener("focusin", function (event) {
    var input = event.target;
    if (input.matches && input.matches(".editor-form input:not([type=hidden])")) input.select();
  });

  document.addEventListener("keydown", function (event) {
    var input = event.target;
    if (event.key !== "Enter" || !input.matches || !input.matches(".editor-form input")) return;
    event.preventDefault();
    var fields = Array.prototype.slice.call(input.form.querySelectorAll(FIELDS));
    var next = fields[fields.indexOf(input) + 1];
    if (next) next.focus();
    else input.blur();
  });

  document.addEventListener("change", function (event) {
    var preset = event.target;
    if (!preset.matches || !preset.matches(".new-game input[name=preset]")) return;
    var board = preset.form.querySelector("input[name=edition]:checked");
    var own = preset.form.querySelector("input[name=edition][value=millionaire]");
    if (preset.value === "millionaire" && own && board && board.value === "us") own.checked = true;
    if (preset.value !== "millionaire" && own && own.checked) {
      preset.form.querySelector("input[name=edition][value=us]").checked = true;
    }
  });
})();
