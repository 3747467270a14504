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
  // Every word it shows is the page's, in the page's language (archive/_search.html).
  var WORDS = JSON.parse(document.getElementById("archive-search-words").textContent);
  var plural = new Intl.PluralRules(WORDS.lang);
  var SHOWN = 30;
  var shards = {}; // letter -> rows, or null while its file loads

  // Latin letters that dropping accents leaves as they are (ł, ø, ß...), folded by the
  // publisher's transliteration: data/search/fold.js, written with the index.
  var FOLD = window.archiveSearchFold || {};

  // The same folding as publisher.text.fold, for what is typed and the list's text.
  function fold(text) {
    return text.toLowerCase().normalize("NFD").replace(/\p{Mn}/gu, "").replace(/[^\x00-\x7f]/g, function (c) {
      return FOLD[c] === undefined ? c : FOLD[c];
    }).replace(/[\u30a1-\u30f6]/g, function (c) {  // katakana typed for a reading: its hiragana
      return String.fromCharCode(c.charCodeAt(0) - 0x60);
    });
  }
  function terms(text) {
    return fold(text).split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  }
  var DIGITS = 3; // an id is looked up once this many of its digits are typed
  // The page's text WORDS[key] with each %(name)s in it replaced by values[name].
  function say(key, values) {
    return fill(WORDS[key], values);
  }
  function fill(text, values) {
    return text.replace(/%\((\w+)\)s/g, function (all, name) { return values[name]; });
  }
  // "3 players": the words WORDS[key] for the count n, in the form its plural category takes.
  function count(key, n) {
    var forms = WORDS[key];
    return fill(forms[plural.select(n)] || forms.other, {num: n});
  }
  function listed(shown) {
    return say("listed", {shown: shown});
  }
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
    // row[3]: the one championship's name, or how many championships (digits).
    var championships = /^[0-9]+$/.test(row[3]) ? count("championships", Number(row[3])) : row[3];
    what.textContent = " " + [row[2], championships].filter(Boolean).join(" · ");
    li.append(a, what);
    return li;
  }

  function update() {
    var wanted = terms(input.value);
    var shownEvents = showEvents(wanted);
    if (!wanted.length) {
      people.hidden = true;
      note.hidden = shownEvents === events.length;
      note.textContent = listed(shownEvents);
      return;
    }
    var letter = wanted.map(shardOf).filter(Boolean)[0];
    if (!letter) {
      people.hidden = true;
      note.hidden = false;
      note.textContent = say("both", {people: say("digits", {digits: DIGITS}), championships: listed(shownEvents)});
      return;
    }
    load(letter);
    var rows = shards[letter];
    if (rows === null) {
      note.hidden = false;
      note.textContent = WORDS.looking;
      return;
    }
    var found = rows.filter(function (row) { return prefixOfAWord(row[0].split(" "), wanted); });
    people.replaceChildren.apply(people, found.slice(0, SHOWN).map(personItem));
    people.hidden = !found.length;
    note.hidden = false;
    var players = found.length ? count("players", found.length) : WORDS.nobody;
    if (found.length > SHOWN) players = say("many", {players: players, shown: SHOWN});
    note.textContent = say("both", {people: players, championships: listed(shownEvents)});
  }

  input.addEventListener("input", update);
  game.addEventListener("change", update);
  year.addEventListener("change", update);
  if (input.value || game.value || year.value) update();
})();
