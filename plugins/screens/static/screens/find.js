// Find your table: filters the list by name as you type, and follows data/live.json
// (checked every 10 s, or ?poll=N) so a phone left open shows the next round's table.
// The rows are built like plugins/screens/finder.py builds them; keep the two in step.
(function () {
  "use strict";
  var app = document.querySelector(".find-app");
  var input = document.getElementById("find-name");
  var rows = document.getElementById("find-rows");
  var none = document.getElementById("find-none");
  var liveText = null;
  var POLL = Number(new URLSearchParams(location.search).get("poll")) || 10;

  function searchKey(text) {
    return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
  }

  function cell(text, className) {
    var td = document.createElement("td");
    if (className) td.className = className;
    td.textContent = text;
    return td;
  }

  function render(live) {
    var entries = [];
    (live.tables || []).forEach(function (table) {
      var players = table.players || [];
      players.forEach(function (player) {
        entries.push({
          key: searchKey((player.name || "") + " " + (player.id || "")),
          name: player.name || "", table: String(table.table === null ? "" : table.table),
          seat: player.seat || "", result: table.result || "",
          others: players.filter(function (o) { return o !== player; })
            .map(function (o) { return o.name || ""; }).join(", ")
        });
      });
    });
    entries.sort(function (a, b) {
      var x = searchKey(a.name), y = searchKey(b.name);
      return x < y ? -1 : x > y ? 1 : (a.table < b.table ? -1 : a.table > b.table ? 1 : 0);
    });
    rows.replaceChildren.apply(rows, entries.map(function (entry) {
      var tr = document.createElement("tr");
      tr.dataset.key = entry.key;
      var others = cell(entry.others);
      if (entry.result) {
        var tag = document.createElement("span");
        tag.className = "tag";
        tag.textContent = entry.result;
        others.append(" ", tag);
      }
      tr.append(cell(entry.name), cell(entry.table, "num find-table"), cell(entry.seat), others);
      return tr;
    }));
    document.getElementById("find-heading").textContent = live.heading || "";
    filter();
  }

  function filter() {
    var terms = searchKey(input.value).split(/\s+/).filter(Boolean);
    var shown = 0;
    Array.prototype.forEach.call(rows.rows, function (tr) {
      var match = terms.every(function (t) { return tr.dataset.key.indexOf(t) >= 0; });
      tr.hidden = !match;
      if (match) shown += 1;
    });
    none.hidden = shown > 0;
    none.textContent = rows.rows.length
      ? "Nobody at the tables matches that name. Check the spelling, or ask at the desk."
      : "No tables are published yet.";
  }

  function poll() {
    fetch(app.dataset.live, { cache: "no-store" })
      .then(function (response) { if (!response.ok) throw new Error(response.status); return response.text(); })
      .then(function (text) {
        if (liveText !== null && text !== liveText) render(JSON.parse(text));
        liveText = text;
      })
      .catch(function () {})
      .finally(function () { setTimeout(poll, POLL * 1000); });
  }

  input.addEventListener("input", filter);
  filter();
  poll();
})();
