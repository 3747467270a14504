// Find your table: draws the rows plugins/screens/finder.py made (carried by the page, so it
// works from a folder too) and filters them by name as you type. On a web host it checks
// data/find.json every 10 s (or ?poll=N), so a phone left open shows the next round's table.
// Its words come from the page (#find-strings), in the page's language, as do the data's.
(function () {
  "use strict";
  var STRINGS = JSON.parse(document.getElementById("find-strings").textContent);
  var app = document.querySelector(".find-app");
  var input = document.getElementById("find-name");
  var rows = document.getElementById("find-rows");
  var none = document.getElementById("find-none");
  var heading = document.getElementById("find-heading");
  var POLL = Number(new URLSearchParams(location.search).get("poll")) || 10;
  var shown = "";
  var out = [];

  // Typed text is folded as the names' keys are: the site's search.js (loaded before this).
  var matches = window.publisherSearch.matches;
  // A name in the player's own script is shown on the pages of its language (ja, zh, ko).
  var language = (document.documentElement.lang || "en").split("-")[0].toLowerCase();

  // The page's words `name`, each %(key)s in them replaced by values[key].
  function say(name, values) {
    return STRINGS[name].replace(/%\((\w+)\)s/g, function (_, key) { return values[key]; });
  }

  function cell(text, className) {
    var td = document.createElement("td");
    if (className) td.className = className;
    td.textContent = text;
    return td;
  }

  function row(entry) {
    var tr = document.createElement("tr");
    tr.dataset.key = entry.key;
    var others = cell(entry.others);
    if (entry.result) {
      var tag = document.createElement("span");
      tag.className = "tag";
      tag.textContent = entry.result;
      others.append(" ", tag);
    }
    var name = cell(entry.name);
    if (entry.native && entry.native.languages.indexOf(language) >= 0) {
      var native = document.createElement("span");
      native.lang = entry.native.lang;
      native.textContent = entry.native.name;
      name.append(" ", native);
    }
    tr.append(name, cell(entry.table, "num find-table"), cell(entry.seat), others);
    return tr;
  }

  function render(data) {
    var text = JSON.stringify(data);
    if (text === shown) return;
    shown = text;
    heading.textContent = data.heading;
    out = data.out || [];
    rows.replaceChildren.apply(rows, data.entries.map(row));
    filter();
  }

  function filter() {
    var shown = 0;
    Array.prototype.forEach.call(rows.rows, function (tr) {
      var match = matches(tr.dataset.key, input.value);
      tr.hidden = !match;
      if (match) shown += 1;
    });
    // A player no longer at the tables (knocked out, withdrawn) is told so, not to check the spelling.
    var gone = input.value.trim() ? out.filter(function (o) { return matches(o.key, input.value); }) : [];
    none.hidden = shown > 0 && !gone.length;
    if (gone.length) {
      var told = gone.map(function (o) { return say("out", { name: o.name, note: o.note }); });
      if (!shown) told.push(say(gone.length > 1 ? "out_many" : "out_one", { heading: heading.textContent }));
      none.textContent = told.join(" ");
    } else {
      none.textContent = say(rows.rows.length ? "nobody" : "none", {});
    }
  }

  function poll() {
    fetch(app.dataset.find, { cache: "no-store" })
      .then(function (response) {
        if (!response.ok) throw new Error(response.status);
        // Kept by the service worker (sw.js) while the network is down: shown, but offline.
        var kept = response.headers.has("X-Publisher-Kept");
        window.dispatchEvent(new Event(kept ? "publisher-offline" : "publisher-online"));
        return response.json();
      })
      .then(render)
      .catch(function () { window.dispatchEvent(new Event("publisher-offline")); })
      .finally(function () { setTimeout(poll, POLL * 1000); });
  }

  input.addEventListener("input", filter);
  render(JSON.parse(document.getElementById("find-data").textContent));
  // Opened from a folder (file://) the browser refuses to fetch: the page's own rows stay.
  if (location.protocol !== "file:") poll();
})();
