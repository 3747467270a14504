// Name search on the site's pages. Typed text is folded as publisher.text.fold folds names:
// lower case, marks dropped, then the page's table of Latin letters that have no marks to
// drop (ł, ø, ß...; <script id="fold-table">, made by the transliteration library). A row
// matches when every typed word is part of its data-key (publisher.text.search_key).
// An <input data-filter="#table-id"> filters that table's rows as one types.
(function () {
  "use strict";
  // The page's words `name` (#site-strings, templates/html/_strings.html), each %(key)s in them
  // replaced by values[key].
  var STRINGS = JSON.parse(document.getElementById("site-strings").textContent);
  function say(name, values) {
    return STRINGS[name].replace(/%\((\w+)\)s/g, function (_, key) { return values[key]; });
  }
  var NUMBER = new Intl.NumberFormat(document.documentElement.lang || undefined);
  var source = document.getElementById("fold-table");
  var letters = source ? JSON.parse(source.textContent) : {};

  function fold(text) {
    return text.toLowerCase().normalize("NFD").replace(/\p{Mn}/gu, "").replace(/[^\x00-\x7f]/g, function (c) {
      return letters[c] === undefined ? c : letters[c];
    }).replace(/[\u30a1-\u30f6]/g, function (c) {  // katakana typed for a reading: its hiragana
      return String.fromCharCode(c.charCodeAt(0) - 0x60);
    });
  }

  function matches(key, typed) {
    return fold(typed).split(/\s+/).filter(Boolean).every(function (term) { return key.indexOf(term) >= 0; });
  }

  window.publisherSearch = { fold: fold, matches: matches };

  document.querySelectorAll("input[data-filter]").forEach(function (input) {
    var rows = document.querySelectorAll(input.dataset.filter + " tbody tr");
    var count = document.getElementById(input.id + "-count");
    function apply() {
      var shown = 0;
      rows.forEach(function (tr) {
        var match = matches(tr.dataset.key || "", input.value);
        tr.hidden = !match;
        if (match) shown += 1;
      });
      if (count) {
        count.textContent = input.value.trim()
          ? say("shown", { shown: NUMBER.format(shown), total: NUMBER.format(rows.length) }) : "";
      }
    }
    input.addEventListener("input", apply);
    apply();  // a value the browser kept on going back
  });
})();
