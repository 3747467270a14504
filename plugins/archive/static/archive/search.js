// The archive's search: filters the championship list on the page by what is typed, game and
// year, and finds people in the index files plugins/archive/search.py wrote
// (data/search/people-<letter>.js, people-<3 digits>.js for ids, loaded as scripts so that it
// works from a folder too). What is typed is split as the index split the names: at every
// character that is not a letter or a digit ("o'neill" is "o" and "neill").
(function () {
  "use strict";
  var form = document.querySelector(".archive-search");
  var list = document.getElementById("championships");
  if (!form || !list) return;
  var input = document.getElementById("archive-q");
  var game = document.getElementById("archive-game");
  var year = document.getElementById("archive-year");
  var people = document.getElementById("people-results");
  var note = document.getElementById("search-note");
  var SHOWN = 30;
  var shards = {}; // letter -> rows, or null while its file loads

  // Latin letters that dropping accents leaves as they are (ł, ø, ß...), folded by the
  // publisher's transliteration: data/search/fold.js, written with the index.
  var FOLD = window.archiveSearchFold || {};

  // The same folding as publisher.text.fold, for what is typed and the list's text.
  function fold(text) {
    return text.toLowerCase().normalize("NFD").replace(/\p{Mn}/gu, "").replace(/[^\x00-\x7f]/g, function (c) {
      return FOLD[c] === undefined ? c : FOLD[c];
    });
  }
  function terms(text) {
    return fold(text).split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  }
  var DIGITS = 3; // an id is looked up once this many of its digits are typed
  function shardOf(word) {
    if (/^[0-9]/.test(word)) return word.length >= DIGITS ? word.slice(0, DIGITS) : null;
    return /^[a-z]/.test(word) ? word.charAt(0) : "_";
  }

  var events = Array.prototype.map.call(list.querySelectorAll("li"), function (li) {
    return {li: li, words: terms(li.dataset.search || li.textContent)};
  });

  window.archiveSearch = {
    people: function (letter, rows) {
      shards[letter] = rows;
      update();
    }
  };

  function load(letter) {
    if (letter in shards) return;
    shards[letter] = null;
    var script = document.createElement("script");
    script.src = form.dataset.index + "people-" + letter + ".js";
    script.onerror = function () { shards[letter] = []; update(); };  // nobody under that letter
    document.head.appendChild(script);
  }

  function prefixOfAWord(words, wanted) {
    return wanted.every(function (t) {
      return words.some(function (w) { return w.lastIndexOf(t, 0) === 0; });
    });
  }

  function showEvents(wanted) {
    var shown = 0;
    events.forEach(function (e) {
      var li = e.li;
      var ok = (!game.value || li.dataset.game === game.value) &&
        (!year.value || li.dataset.year === year.value) && prefixOfAWord(e.words, wanted);
      li.hidden = !ok;
      if (ok) shown += 1;
    });
    return shown;
  }

  function personItem(row) {
    var li = document.createElement("li");
    var a = document.createElement("a");
    a.href = row[4];
    a.textContent = row[1];
    var what = document.createElement("span");
    what.className = "what";
    what.textContent = " " + [row[2], row[3]].filter(Boolean).join(" · ");
    li.append(a, what);
    return li;
  }

  function update() {
    var wanted = terms(input.value);
    var shownEvents = showEvents(wanted);
    if (!wanted.length) {
      people.hidden = true;
      note.hidden = shownEvents === events.length;
      note.textContent = shownEvents + " of " + events.length + " championships";
      return;
    }
    var letter = wanted.map(shardOf).filter(Boolean)[0];
    if (!letter) {
      people.hidden = true;
      note.hidden = false;
      note.textContent = "Type " + DIGITS + " digits of an id or more; " + shownEvents + " of " +
        events.length + " championships";
      return;
    }
    load(letter);
    var rows = shards[letter];
    if (rows === null) {
      note.hidden = false;
      note.textContent = "Looking up players…";
      return;
    }
    var found = rows.filter(function (row) { return prefixOfAWord(row[0].split(" "), wanted); });
    people.replaceChildren.apply(people, found.slice(0, SHOWN).map(personItem));
    people.hidden = !found.length;
    note.hidden = false;
    note.textContent = (found.length ? found.length + (found.length === 1 ? " player" : " players") +
      (found.length > SHOWN ? " (the first " + SHOWN + " shown: type more of the name)" : "")
      : "No player by that name or id") + "; " + shownEvents + " of " + events.length + " championships";
  }

  input.addEventListener("input", update);
  game.addEventListener("change", update);
  year.addEventListener("change", update);
  if (input.value || game.value || year.value) update();
})();
