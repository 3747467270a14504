// The venue screen: polls data/live.json, splits the tables and the standings into
// columns and pages that fit the screen, turns the pages by itself, and shows a clock
// and the time left from the schedule. Options in the address: ?seconds=12 (per page),
// ?poll=3 (seconds between checks for new data), ?standings=3 (standings pages at most).
(function () {
  "use strict";
  var app = document.querySelector(".screen-app");
  var body = document.getElementById("screen-body");
  var params = new URLSearchParams(location.search);
  var SECONDS = positive(params.get("seconds"), 12);
  var POLL = positive(params.get("poll"), 3);
  var STANDINGS_PAGES = positive(params.get("standings"), 3);
  var live = null;
  var liveText = "";
  var views = [];
  var current = 0;
  var turnTimer = null;

  function positive(text, fallback) {
    var value = Number(text);
    return text && value > 0 ? value : fallback;
  }

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }

  // -- items ----------------------------------------------------------------------------

  function tableItem(table) {
    var players = table.players || [];
    var pair = players.length === 2;
    var item = el("div", "screen-item table " + (pair ? "pair" : "multi") + (table.result ? " done" : ""));
    item.appendChild(el("span", "tno", table.table));
    if (pair) {
      item.appendChild(playerCell(players[0], false));
      item.appendChild(el("span", "res", table.result || "–"));
      item.appendChild(playerCell(players[1], false));
    } else {
      var seats = el("span", "seats");
      players.forEach(function (p) { seats.appendChild(playerCell(p, true)); });
      item.appendChild(seats);
      if (table.result) item.appendChild(el("span", "res", table.result));
    }
    return item;
  }

  function playerCell(player, withSeat) {
    var cell = el("span", "p");
    if (withSeat && player.seat) cell.appendChild(el("b", "seat", player.seat));
    cell.appendChild(el("span", "name", player.name));
    if (player.note) cell.appendChild(el("small", "pnote", player.note));
    return cell;
  }

  function standingItem(row) {
    var item = el("div", "screen-item standing");
    item.appendChild(el("span", "place", row.place));
    item.appendChild(el("span", "name", row.name));
    item.appendChild(el("span", "score", row.score));
    item.appendChild(el("span", "snote", row.note || ""));
    return item;
  }

  // -- pages ----------------------------------------------------------------------------

  // How many items of this kind fit one page: columns of a minimum width, rows of the
  // height one item really takes on this screen.
  function capacity(kind, sample) {
    var grid = el("div", "screen-grid " + kind);
    grid.style.visibility = "hidden";
    grid.appendChild(sample);
    body.replaceChildren(grid);
    var style = getComputedStyle(grid);
    var minWidth = (parseFloat(style.getPropertyValue("--min-column")) || 20) * parseFloat(style.fontSize);
    var gap = parseFloat(style.columnGap) || 0;
    var columns = Math.max(1, Math.floor((body.clientWidth + gap) / (minWidth + gap)));
    var rowGap = parseFloat(style.rowGap) || 0;
    var height = sample.getBoundingClientRect().height + rowGap;
    var rows = Math.max(1, Math.floor((body.clientHeight + rowGap) / height));
    return { columns: columns, rows: rows };
  }

  function paginate(kind, items, title, limit) {
    if (!items.length) return [];
    var fit = capacity(kind, items[0]());
    var size = fit.columns * fit.rows;
    var pages = [];
    for (var start = 0; start < items.length && pages.length < limit; start += size) {
      pages.push({ kind: kind, title: title, items: items.slice(start, start + size), fit: fit });
    }
    pages.forEach(function (page, i) { page.number = i + 1; page.of = pages.length; });
    return pages;
  }

  function layout() {
    if (!live) return;
    var was = views[current];
    var tables = (live.tables || []).map(function (t) { return function () { return tableItem(t); }; });
    var standings = (live.standings || []).map(function (r) { return function () { return standingItem(r); }; });
    views = paginate("tables", tables, live.heading || "", Infinity)
      .concat(paginate("standings", standings, live.standings_heading || "Standings", STANDINGS_PAGES));
    current = 0;
    if (was) {
      var same = views.findIndex(function (v) { return v.kind === was.kind && v.number === was.number; });
      if (same >= 0) current = same;
    }
    show();
  }

  function show() {
    clearTimeout(turnTimer);
    var view = views[current];
    var title = document.getElementById("screen-title");
    var page = document.getElementById("screen-page");
    if (!view) {
      title.textContent = (live && live.heading) || "";
      body.replaceChildren(el("p", "screen-empty", "Nothing to show yet: the next round appears here when it is published."));
      page.textContent = "";
      return;
    }
    title.textContent = view.title;
    var grid = el("div", "screen-grid " + view.kind);
    grid.style.gridTemplateColumns = "repeat(" + view.fit.columns + ", minmax(0, 1fr))";
    grid.style.gridTemplateRows = "repeat(" + view.fit.rows + ", auto)";
    view.items.forEach(function (make) { grid.appendChild(make()); });
    body.replaceChildren(grid);
    page.textContent = view.of > 1 ? "Page " + view.number + " of " + view.of : "";
    app.dataset.view = view.kind + "-" + view.number;
    if (views.length > 1) {
      restartProgress();
      turnTimer = setTimeout(function () {
        current = (current + 1) % views.length;
        show();
      }, SECONDS * 1000);
    }
  }

  function restartProgress() {
    var bar = document.getElementById("screen-progress");
    bar.style.transition = "none";
    bar.style.width = "0";
    void bar.offsetWidth;
    bar.style.transition = "width " + SECONDS + "s linear";
    bar.style.width = "100%";
  }

  // -- data -----------------------------------------------------------------------------

  function poll() {
    fetch(app.dataset.live, { cache: "no-store" })
      .then(function (response) {
        if (!response.ok) throw new Error(response.status);
        return response.text();
      })
      .then(function (text) {
        document.getElementById("screen-stale").hidden = true;
        if (text !== liveText) {
          live = JSON.parse(text);
          liveText = text;
          layout();
        }
      })
      .catch(function () { document.getElementById("screen-stale").hidden = false; })
      .finally(function () { setTimeout(poll, POLL * 1000); });
  }

  // -- clock ----------------------------------------------------------------------------

  function two(n) { return (n < 10 ? "0" : "") + n; }

  // Hours and minutes on the venue's clock: the event's time zone (live.timezone) where it
  // names one, so a screen set to another zone still shows the hall's time.
  function hhmm(date) {
    var zone = live && live.timezone;
    if (zone) {
      try {
        return date.toLocaleTimeString("en-GB", {timeZone: zone, hour: "2-digit", minute: "2-digit",
                                                 hourCycle: "h23"});
      } catch (e) { /* an unknown zone: the screen's own clock */ }
    }
    return two(date.getHours()) + ":" + two(date.getMinutes());
  }

  function tick() {
    var now = new Date();
    document.getElementById("screen-time").textContent = hhmm(now);
    var timer = document.getElementById("screen-timer");
    var clock = live && live.clock;
    timer.className = "screen-timer";
    if (!clock) { timer.textContent = ""; return; }
    var start = Date.parse(clock.start);
    var end = start + clock.minutes * 60000;
    if (isNaN(start)) { timer.textContent = clock.label; return; }
    if (now < start) {
      timer.textContent = clock.label + " starts at " + hhmm(new Date(start));
    } else if (now < end) {
      var left = Math.ceil((end - now) / 1000);
      timer.textContent = clock.label + ": " + Math.floor(left / 60) + ":" + two(left % 60) + " left";
      if (left <= 300) timer.className = "screen-timer ending";
    } else {
      timer.textContent = clock.label + ": time is up";
      timer.className = "screen-timer over";
    }
  }

  // Without the site's public address (site.toml) the screen tells where it is served from;
  // with it, the page was built with that address beside a QR code.
  var findText = document.getElementById("screen-find");
  if (!findText.textContent) {
    var find = new URL(app.dataset.find, location.href);
    findText.textContent = "Find your table: " + find.host + find.pathname;
  }
  var resizeTimer = null;
  window.addEventListener("resize", function () {
    clearTimeout(resizeTimer);
    resizeTimer = setTimeout(layout, 200);
  });
  tick();
  setInterval(tick, 1000);
  // The page carries the data it was built with, so it shows at once, and also from a
  // folder opened without a web server (file://), where the browser refuses to fetch.
  live = JSON.parse(document.getElementById("screen-live").textContent);
  layout();
  if (location.protocol !== "file:") poll();
})();
