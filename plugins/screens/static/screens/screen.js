// The venue screen: polls data/live.json, splits the tables, an alphabetical list of names
// and the standings into columns and pages that fit the screen, turns the pages by itself,
// and shows a clock and the time left from the schedule. Options in the address (docs/live.md):
// ?seconds=12 (per page), ?poll=3 (seconds between checks for new data), ?standings=3
// (standings pages at most, 0 for none), ?names=2 (pages of the list by name at most, 0 for none).
// Its words come from the page (#screen-strings), in the page's language, as do the data's.
(function () {
  "use strict";
  var app = document.querySelector(".screen-app");
  var STRINGS = JSON.parse(document.getElementById("screen-strings").textContent);
  var LANG = document.documentElement.lang || undefined;
  var NUMBER = new Intl.NumberFormat(LANG);
  var NAMES = new Intl.ListFormat(LANG, { type: "conjunction" });
  var body = document.getElementById("screen-body");
  var params = new URLSearchParams(location.search);
  var SECONDS = option("seconds", 12, 1, false);
  var POLL = option("poll", 3, 1, false);
  var STANDINGS_PAGES = option("standings", 3, 0, true);
  var NAMES_PAGES = option("names", 2, 0, true);
  // What the screen took from the address, and (in layout) its cycle of pages, for whoever
  // sets up the hall to check in the browser's inspector.
  Object.assign(app.dataset, { seconds: SECONDS, poll: POLL, standings: STANDINGS_PAGES, names: NAMES_PAGES });
  var live = null;
  var liveText = "";
  var views = [];
  var current = 0;
  var standingsTurn = 0;
  var turnTimer = null;

  // An option of the address: missing or not a number gives the default; a number below
  // `least` is taken as `least` (so ?standings=0 means none, ?seconds=0 one second).
  function option(name, fallback, least, whole) {
    var text = params.get(name);
    var value = Number(text);
    if (text === null || text.trim() === "" || !isFinite(value)) return fallback;
    return Math.max(least, whole ? Math.floor(value) : value);
  }

  // The page's words `name`, each %(key)s in them replaced by values[key].
  function say(name, values) {
    return STRINGS[name].replace(/%\((\w+)\)s/g, function (_, key) { return values[key]; });
  }

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = String(text);
    return node;
  }

  // -- items ----------------------------------------------------------------------------

  function isBye(table) { return (table.players || []).length === 1; }

  // The live view's handicap and komi (publisher_live_view): "H3, komi 0.5", or in the
  // `short` form that fits under a result, "H3 K0.5".
  function seatTerms(table, short) {
    var hasKomi = table.komi !== null && table.komi !== undefined && table.komi !== "";
    var values = { handicap: NUMBER.format(table.handicap), komi: hasKomi ? NUMBER.format(table.komi) : "" };
    if (table.handicap && hasKomi) return say(short ? "handicap_komi_short" : "handicap_komi", values);
    if (table.handicap) return say("handicap", values);
    return hasKomi ? say(short ? "komi_short" : "komi", values) : "";
  }

  // A game's handicap and komi, when the system gives them; terms that every table shares
  // (an even event's komi) are said once, in the column heads.
  function terms(table) {
    return seatTerms(table) === sharedTerms() ? "" : seatTerms(table, true);
  }

  function tableItem(table) {
    var players = table.players || [];
    var pair = players.length === 2;
    var item = el("div", "screen-item table " + (pair ? "pair" : "multi") + (table.result ? " done" : ""));
    item.appendChild(el("span", "tno", table.table));
    if (pair) {
      item.appendChild(el("span", "name", players[0].name));
      item.appendChild(el("span", "pts", players[0].note || ""));
      var res = el("span", "res", table.result || "–");
      if (terms(table)) res.appendChild(el("small", "terms", terms(table)));
      item.appendChild(res);
      item.appendChild(el("span", "name", players[1].name));
      item.appendChild(el("span", "pts", players[1].note || ""));
    } else {
      var seats = el("span", "seats");
      players.forEach(function (p) { seats.appendChild(playerCell(p)); });
      item.appendChild(seats);
      if (table.result) item.appendChild(el("span", "res", table.result));
    }
    return item;
  }

  function playerCell(player) {
    var cell = el("span", "p");
    cell.appendChild(el("b", "seat", player.seat || ""));
    cell.appendChild(el("span", "name", player.name));
    cell.appendChild(el("small", "pnote", player.note || ""));
    return cell;
  }

  // The labels above each column of two-player tables: "Black", "White", from the seats.
  function headItem(table) {
    var players = table.players;
    var item = el("div", "screen-item head pair");
    item.append(el("span", "tno", say("table_number")), el("span", "side", players[0].seat), el("span"),
                el("span", "res", sharedTerms()), el("span", "side", players[1].seat), el("span"));
    return item;
  }

  function sharedTerms() {
    var all = (live.tables || []).filter(function (t) { return !isBye(t); })
      .map(function (t) { return seatTerms(t); });
    return all.length && all.every(function (t) { return t === all[0]; }) ? all[0] : "";
  }

  // "Name ... 12 Black": where each player sits, for the wall at the start of a round.
  function nameItem(entry) {
    var item = el("div", "screen-item byname");
    item.append(el("span", "name", entry.name), el("span", "tno", entry.table), el("span", "seat", entry.seat));
    return item;
  }

  // The labels over the list by name: "Player", "Table", and "Colour" (two-player games) or "Seat".
  function nameHead(pairs) {
    var item = el("div", "screen-item head byname");
    item.append(el("span", "name", say("player")), el("span", "tno", say("table")),
                el("span", "seat", say(pairs ? "colour" : "seat")));
    return item;
  }

  function byName() {
    var entries = [];
    (live.tables || []).forEach(function (t) {
      if (isBye(t)) return;
      t.players.forEach(function (p) { entries.push({ name: p.name, table: t.table, seat: p.seat }); });
    });
    return entries.sort(function (a, b) { return a.name.localeCompare(b.name); });
  }

  function byeLine() {
    var byes = (live.tables || []).filter(isBye).map(function (t) {
      var p = t.players[0];
      return p.note ? say("bye", { name: p.name, note: p.note }) : p.name;
    });
    return byes.length ? say("byes", { names: NAMES.format(byes) }) : "";
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
  function capacity(kind, sample, footer, head) {
    var grid = el("div", "screen-grid " + kind);
    grid.style.visibility = "hidden";
    grid.style.gridAutoFlow = "row";  // head and sample one above the other, each its own height
    if (head) grid.appendChild(head);
    grid.appendChild(sample);
    body.replaceChildren(grid);
    if (footer) body.appendChild(el("p", "screen-byes", footer));
    var style = getComputedStyle(grid);
    var minWidth = (parseFloat(style.getPropertyValue("--min-column")) || 20) * parseFloat(style.fontSize);
    var gap = parseFloat(style.columnGap) || 0;
    var columns = Math.max(1, Math.floor((body.clientWidth + gap) / (minWidth + gap)));
    var rowGap = parseFloat(style.rowGap) || 0;
    var height = sample.getBoundingClientRect().height + rowGap;
    var footerHeight = footer ? body.lastChild.getBoundingClientRect().height : 0;
    var headHeight = head ? head.getBoundingClientRect().height + rowGap : 0;
    var room = body.clientHeight - parseFloat(getComputedStyle(body).paddingTop) - footerHeight - headHeight;
    var rows = Math.max(1, Math.floor((room + rowGap) / height));
    return { columns: columns, rows: rows };
  }

  // Pages of `items` (functions that make one), at most `limit`. A `head` item, when given,
  // starts every column; a `footer` line (the byes) ends the last page, room kept for it.
  // The rows a page holds are measured on its first item; a name set on two lines makes its row
  // taller, so every page is drawn once and, where one runs past the bottom, all get a row less;
  // where a name would need more than two lines, the pages get a column less (wider names).
  function paginate(kind, items, title, limit, head, footer) {
    if (!items.length || limit < 1) return [];
    setTitle(title);  // the bar's height (a title on two lines) is the page's
    var most = capacity(kind, items[0](), footer, head && head());
    var fit = { columns: most.columns, rows: most.rows };
    for (;;) {
      var pages = split(kind, items, title, limit, head, footer, fit);
      var trouble = check(pages);
      if (trouble === "lines" && fit.columns > 1) {
        fit = { columns: fit.columns - 1, rows: most.rows };
      } else if (trouble && fit.rows > 1) {
        fit = { columns: fit.columns, rows: fit.rows - 1 };
      } else {
        return pages;
      }
    }
  }

  // What is wrong with these pages as drawn: "lines" (a name on three lines or more), "rows"
  // (rows below the screen), or "" when every page fits.
  function check(pages) {
    for (var i = 0; i < pages.length; i++) {
      draw(pages[i]);
      var tall = Array.prototype.some.call(body.querySelectorAll(".wrapped"), function (node) {
        return node.getBoundingClientRect().height > 2 * parseFloat(getComputedStyle(node).lineHeight) + 1;
      });
      if (tall) return "lines";
      if (!fits()) return "rows";
    }
    return "";
  }

  function split(kind, items, title, limit, head, footer, fit) {
    var rows = fit.rows;
    var size = fit.columns * rows;
    var pages = [];
    for (var start = 0; start < items.length && pages.length < limit; start += size) {
      pages.push({ kind: kind, title: title, items: items.slice(start, start + size), fit: fit,
                   rows: rows, head: head });
    }
    pages.forEach(function (page, i) { page.number = i + 1; page.of = pages.length; });
    if (footer) pages[pages.length - 1].footer = footer;
    return pages;
  }

  function fits() {
    return body.scrollHeight <= body.clientHeight + 1;
  }

  function inPlay() {
    return (live.tables || []).some(function (t) { return !isBye(t) && !t.result; });
  }

  // While a round is played the hall needs the pairings: every cycle shows the tables and
  // the list by name, then one page of standings (the next one each cycle). Once every
  // result is in, the tables and then every standings page.
  function layout() {
    if (!live) return;
    var was = views[current];
    var games = (live.tables || []).filter(function (t) { return !isBye(t); });
    var pairs = games.length && games.every(function (t) { return t.players.length === 2; });
    var tables = games.map(function (t) { return function () { return tableItem(t); }; });
    var head = pairs ? function () { return headItem(games[0]); } : null;
    var title = live.heading || "";
    var standings = paginate("standings", (live.standings || []).map(function (r) {
      return function () { return standingItem(r); };
    }), live.standings_heading || say("standings"), STANDINGS_PAGES);
    views = paginate("tables", tables, title, Infinity, head, byeLine());
    if (!views.length && byeLine()) {
      views = [{ kind: "tables", title: title, items: [], fit: { columns: 1, rows: 1 }, rows: 1,
                 number: 1, of: 1, footer: byeLine() }];
    }
    if (inPlay()) {
      var names = byName().map(function (e) { return function () { return nameItem(e); }; });
      views = views.concat(paginate("names", names, say("names_title", { heading: title }), NAMES_PAGES,
                                    function () { return nameHead(pairs); }));
      if (standings.length) views.push(standings[standingsTurn % standings.length]);
    } else {
      views = views.concat(standings);
    }
    app.dataset.plan = views.map(function (v) { return v.kind + "-" + v.number; }).join(" ");
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
    var page = document.getElementById("screen-page");
    if (!view) {
      setTitle((live && live.heading) || "");
      body.replaceChildren(el("p", "screen-empty", say("empty")));
      page.textContent = "";
      return;
    }
    draw(view);
    page.textContent = view.of > 1
      ? say("page", { number: NUMBER.format(view.number), count: NUMBER.format(view.of) }) : "";
    app.dataset.view = view.kind + "-" + view.number;
    if (views.length > 1) {
      restartProgress();
      turnTimer = setTimeout(function () {
        current = (current + 1) % views.length;
        if (current === 0 && inPlay()) {
          standingsTurn += 1;  // the next standings page in the next cycle
          layout();
        } else {
          show();
        }
      }, SECONDS * 1000);
    }
  }

  // One page as it shows: its title, its columns of items, the byes under them.
  function draw(view) {
    setTitle(view.title);
    var grid = el("div", "screen-grid " + view.kind);
    grid.style.gridTemplateColumns = "repeat(" + view.fit.columns + ", minmax(0, 1fr))";
    grid.style.gridTemplateRows = "repeat(" + (view.rows + (view.head ? 1 : 0)) + ", auto)";
    view.items.forEach(function (make, i) {
      if (view.head && i % view.rows === 0) grid.appendChild(view.head());
      grid.appendChild(make());
    });
    body.replaceChildren(grid);
    if (view.footer) body.appendChild(el("p", "screen-byes", view.footer));
    var names = size("--name-floor"), labels = size("--label");
    grid.querySelectorAll(".head > *").forEach(function (node) { fitText(node, labels); });
    grid.querySelectorAll(".name, .pts, .pnote, .score").forEach(function (node) { fitText(node, names); });
    grid.querySelectorAll(".snote, .seat, .terms").forEach(function (node) { fitText(node, labels); });
  }

  function setTitle(text) {
    var title = document.getElementById("screen-title");
    title.textContent = text;
    fitText(title, 1.1 * parseFloat(getComputedStyle(app).fontSize));
    fitText(document.querySelector(".screen-event"), size("--label"));
  }

  // A size of the screen's type in pixels (--name-floor, --label), as the CSS works it out.
  function size(variable) {
    var probe = el("span");
    probe.style.fontSize = "var(" + variable + ")";
    app.appendChild(probe);
    var pixels = parseFloat(getComputedStyle(probe).fontSize);
    probe.remove();
    return pixels;
  }

  // The width the text of `node` takes on one line, to the fraction of a pixel (scrollWidth
  // rounds, and a name a third of a pixel too wide loses its last letter).
  function textWidth(node) {
    var range = document.createRange();
    range.selectNodeContents(node);
    return range.getBoundingClientRect().width;
  }

  function room(node) {
    var style = getComputedStyle(node);
    return node.getBoundingClientRect().width - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  }

  // Text too long for its box is set smaller, as TV captions do, down to `floor` pixels (what
  // reads from the back of the hall); still too long, it takes two lines. It is never cut.
  function fitText(node, floor) {
    node.style.fontSize = "";
    node.classList.remove("wrapped");
    if (!node.textContent || textWidth(node) <= room(node)) return;
    var px = parseFloat(getComputedStyle(node).fontSize);
    var target = Math.max(floor, Math.floor(px * room(node) / textWidth(node) * 10) / 10);
    node.style.fontSize = target + "px";
    while (textWidth(node) > room(node) && target > floor) {
      target = Math.max(floor, target - 0.5);
      node.style.fontSize = target + "px";
    }
    if (textWidth(node) > room(node)) node.classList.add("wrapped");
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
        // Kept by the service worker (sw.js) while the network is down: not new data.
        document.getElementById("screen-stale").hidden = !response.headers.has("X-Publisher-Kept");
        return response.text();
      })
      .then(function (text) {
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

  // Hours and minutes on the venue's clock, on 24 hours as schedules are written, as the page's
  // language writes them: the event's time zone (live.timezone) where it names one, so a screen
  // set to another zone still shows the hall's time.
  function hhmm(date) {
    var options = { hour: "2-digit", minute: "2-digit", hourCycle: "h23" };
    var zone = live && live.timezone;
    if (zone) {
      try {
        return new Intl.DateTimeFormat(LANG, Object.assign({ timeZone: zone }, options)).format(date);
      } catch (e) { /* an unknown zone: the screen's own clock */ }
    }
    return new Intl.DateTimeFormat(LANG, options).format(date);
  }

  // The clock to show: live.clock, or where live.clocks lists several (groups playing at
  // times of their own), the one whose part is on now (the one ending first if two are),
  // else the one starting next, else the one that ended last.
  function currentClock(now) {
    var clocks = (live && live.clocks) || [];
    if (!clocks.length) return live && live.clock;
    var on = null, next = null, last = null;
    clocks.forEach(function (c) {
      var start = Date.parse(c.start), end = start + c.minutes * 60000;
      if (start <= now && now < end) {
        if (!on || end < on.end) on = { clock: c, end: end };
      } else if (now < start) {
        if (!next || start < next.start) next = { clock: c, start: start };
      } else if (!last || end > last.end) {
        last = { clock: c, end: end };
      }
    });
    return (on || next || last).clock;
  }

  function tick() {
    var now = new Date();
    document.getElementById("screen-time").textContent = hhmm(now);
    var timer = document.getElementById("screen-timer");
    var clock = currentClock(now);
    timer.className = "screen-timer";
    if (!clock) { timer.textContent = ""; return; }
    var start = Date.parse(clock.start);
    var end = start + clock.minutes * 60000;
    if (isNaN(start)) { timer.textContent = clock.label; return; }
    if (now < start) {
      timer.textContent = say("starts", { clock: clock.label, time: hhmm(new Date(start)) });
    } else if (now < end) {
      var left = Math.ceil((end - now) / 1000);
      timer.textContent = say("left", { clock: clock.label, time: Math.floor(left / 60) + ":" + two(left % 60) });
      if (left <= 300) timer.className = "screen-timer ending";
    } else {
      timer.textContent = say("over", { clock: clock.label });
      timer.className = "screen-timer over";
    }
  }

  // Without the site's public address (site.toml) the screen tells where it is served from;
  // with it, the page was built with that address beside a QR code.
  var findText = document.getElementById("screen-find");
  if (!findText.textContent) {
    var find = new URL(app.dataset.find, location.href);
    findText.textContent = say("find", { address: find.host + find.pathname });
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
