// The results desk's page: joins with the one-time code of its address, then enters results
// through the desk's JSON API (docs/desk.md). The server checks every entry as the build
// does; this page only makes typing and tapping fast and shows what is missing.
"use strict";
(() => {
  const $ = (id) => document.getElementById(id);
  const store = window.localStorage;
  const SHORT = { "1": "1-0", "2": "0-1", "=": "0.5-0.5" };
  const RESULTS = ["1-0", "0-1", "0.5-0.5", "0-0", "1-1", "1-0!", "0-1!"];
  let token = store.getItem("desk-token");
  let events = [];
  let view = null;
  let etag = null;
  let replacing = "";
  let director = false;
  let asked = 0;  // the latest round asked for: an older answer arriving late is dropped  // the entry a second Enter confirms, over a result already entered

  async function api(method, path, body, headers = {}) {
    const sent = { Authorization: "Bearer " + token, ...headers };
    if (body !== undefined) sent["Content-Type"] = "application/json";
    const response = await fetch("/desk/api/" + path, {
      method, headers: sent, cache: "no-store",
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (response.headers.get("Content-Type") || "").includes("json") ? await response.json() : null;
    if (response.status === 401 && path !== "join") signIn(json ? json.error : "Sign in again.", true);
    return { status: response.status, data: json, etag: response.headers.get("ETag") };
  }

  function signIn(text, forget) {
    if (forget) { token = null; store.removeItem("desk-token"); }
    $("desk").hidden = true;
    $("devices").hidden = true;
    $("signin").hidden = false;
    $("signin").textContent = text + " Scan a new code from the director's terminal to join.";
  }

  async function join() {
    const code = new URLSearchParams(location.search).get("token");
    if (code) {
      history.replaceState(null, "", "/desk/");  // the code leaves the address bar and the history
      const answer = await api("POST", "join", { token: code });
      if (answer.status === 200) {
        token = answer.data.token;
        store.setItem("desk-token", token);
      } else if (!token) {
        signIn(answer.data ? answer.data.error : "This code does not open the desk.", false);
        return false;
      }
    }
    if (!token) { signIn("This device has not joined the desk.", false); return false; }
    return true;
  }

  function say(text, alarm) {
    const message = $("message");
    message.textContent = text;
    message.className = alarm ? "refused" : "saved";
    message.setAttribute("role", alarm ? "alert" : "status");
  }

  const isMahjong = () => view && view.kind === "scores";
  const entered = (table) => (isMahjong() ? table.scores : table.result) !== null;
  const names = (table) => table.players.map((p) => p.name + (p.substitute ? " (for them: " + p.substitute + ")" : ""));

  function findTable(number, part) {
    if (!view) return null;
    return view.tables.find((t) => String(t.table) === String(number) && (!isMahjong() || t.part === part)) || null;
  }

  function currentPart() {
    const open = view.tables.filter((t) => t.scores === null).map((t) => t.part);
    return open.length ? Math.min(...open) : Math.max(...view.tables.map((t) => t.part));
  }

  async function loadEvents() {
    const answer = await api("GET", "events");
    if (answer.status !== 200) return;
    $("device").textContent = "This device: " + answer.data.device;
    events = answer.data.events.filter((e) => e.round !== null);
    const select = $("event");
    select.replaceChildren(...events.map((e) => new Option(e.name, e.slug)));
    const kept = store.getItem("desk-event");
    if (events.some((e) => e.slug === kept)) select.value = kept;
    $("round").value = events.length ? events.find((e) => e.slug === select.value).round : "";
    $("signin").hidden = true;
    $("desk").hidden = false;
    director = answer.data.director;
    $("later").hidden = !director;
    if (director) { $("devices").hidden = false; loadDevices(); setInterval(loadDevices, 5000); }
    if (!events.length) { $("round-title").textContent = "No championship has a round with tables yet."; return; }
    await loadRound(true);
  }

  async function loadRound(fresh) {
    const slug = $("event").value;
    const ask = ++asked;
    const answer = await api("GET", slug + "/rounds/" + $("round").value, undefined,
      fresh || !etag ? {} : { "If-None-Match": etag });
    if (ask !== asked || answer.status === 304) return;
    if (answer.status !== 200) { say(answer.data ? answer.data.error : "The round cannot be read.", true); return; }
    const anotherRound = !view || view.kind !== answer.data.kind || view.event !== answer.data.event ||
      view.round !== answer.data.round;
    view = answer.data;
    etag = answer.etag;
    document.body.classList.toggle("mahjong", isMahjong());
    $("round-title").textContent = view.name + ", round " + view.round;
    if (anotherRound) setUpForm();  // not on every save: the helper's typing and focus stay
    renderTables();
    showPlayers();
  }

  function setUpForm() {
    $("results").replaceChildren(...RESULTS.map((r) => new Option(r)));
    $("part").value = isMahjong() ? currentPart() : "";
    const seats = document.querySelector("#seats .seats");
    seats.replaceChildren();
    if (!isMahjong()) return;
    ["E", "S", "W", "N"].forEach((wind, i) => {
      const row = document.createElement("div");
      row.className = "seat";
      row.innerHTML = '<label class="who"></label><input class="score" inputmode="decimal">' +
        '<label class="hands-label">hands</label><input class="hands" spellcheck="false" placeholder="hands">';
      const [who, score, handsLabel, hands] = row.children;
      score.id = "score-" + i; hands.id = "hands-" + i;
      who.htmlFor = score.id; handsLabel.htmlFor = hands.id;
      who.textContent = wind;
      handsLabel.textContent = wind + " hands";
      seats.append(row);
    });
  }

  function renderTables() {
    const missing = view.tables.filter((t) => !entered(t));
    const unit = isMahjong() ? "tables" : "results";
    $("progress").textContent = missing.length
      ? missing.length + " of " + view.tables.length + " " + unit + " missing (" + view.file + ")"
      : "Every " + (isMahjong() ? "table" : "result") + " is in (" + view.file + ")";
    $("next-round").hidden = !(director && view.next && !missing.length);
    $("make-next").textContent = view.next || "";
    const onlyMissing = $("missing-only").checked;
    const items = view.tables.filter((t) => !onlyMissing || !entered(t)).map((t) => {
      const item = document.createElement("li");
      const button = document.createElement("button");
      button.type = "button";
      button.className = entered(t) ? "table in" : "table missing";
      const label = (isMahjong() ? "Part " + t.part + ", table " : "Table ") + t.table;
      const once = isMahjong() && (view.waiting || {})["part " + t.part + " table " + t.table];
      const value = isMahjong() ? (t.scores ? t.scores.join(" / ") : once ? "entered once (" + once + ")" : "missing")
        : (t.result || "missing");
      button.innerHTML = '<span class="number"></span><span class="names"></span><span class="value"></span>';
      button.children[0].textContent = label;
      button.children[1].textContent = names(t).join(isMahjong() ? ", " : " – ");
      button.children[2].textContent = value;
      button.addEventListener("click", () => tap(t));
      item.append(button);
      return item;
    });
    const seated = new Map(view.tables.flatMap((t) => t.players).map((p) => [p.id, p.name]));
    $("round-players").replaceChildren(...[...seated].map(([id, name]) => new Option(name, id)));
    $("tables").replaceChildren(...items);
    $("tables").dataset.event = view.event;
  }

  function showPlayers() {
    const table = findTable($("table").value.trim(), Number($("part").value));
    $("players").textContent = !$("table").value.trim() ? "" :
      table ? names(table).join(isMahjong() ? ", " : " – ") + (entered(table) ? " (entered: " +
        (isMahjong() ? table.scores.join(" / ") : table.result) + ")" : "") : "No such table in this round.";
    if (isMahjong()) {
      document.querySelectorAll("#seats .seat").forEach((row, i) => {
        const player = table ? table.players[i] : null;
        row.querySelector(".who").textContent = player ? player.seat + " " + player.name : ["E", "S", "W", "N"][i];
        row.querySelector(".hands-label").textContent = (player ? player.name : ["E", "S", "W", "N"][i]) + " hands";
      });
      showSum();
    }
  }

  function showSum() {
    const scores = [...document.querySelectorAll("#seats .score")].map((s) => s.value.trim());
    const sum = scores.filter((s) => s !== "").reduce((a, s) => a + Number(s.replace("−", "-")), 0);
    $("sum").textContent = scores.every((s) => s !== "") && !Number.isNaN(sum) ? "Sum of the table: " + (sum > 0 ? "+" : "") + sum : "";
  }

  function entryOfForm() {
    const table = Number($("table").value.trim());
    if (!isMahjong()) {
      const typed = $("result").value.trim();
      return { table, result: SHORT[typed] || typed };
    }
    const scores = [...document.querySelectorAll("#seats .score")].map((s) => s.value.trim());
    const hands = [...document.querySelectorAll("#seats .hands")].map((s) => s.value.trim());
    const entry = { table, part: Number($("part").value), scores };
    if (hands.some((h) => h !== "")) entry.hands = hands;
    return entry;
  }

  async function save(entry) {
    if (!/^[0-9]+$/.test(String(entry.table))) { say("Type a table number first.", true); $("table").focus(); return false; }
    const table = findTable(entry.table, entry.part);
    const key = JSON.stringify(entry);
    if (table && entered(table) && replacing !== key) {
      replacing = key;
      say("Table " + entry.table + " is entered already (" + (isMahjong() ? table.scores.join(" / ") : table.result) +
        "): save again to replace it.", true);
      return false;
    }
    replacing = "";
    const answer = await api("POST", $("event").value + "/rounds/" + view.round + "/results", entry);
    if (answer.status === 202) {  // double entry: the first of two
      await loadRound(true);
      say(answer.data.message, false);
      return true;
    }
    if (answer.status !== 200) {
      say(answer.data ? answer.data.error : "Not saved (" + answer.status + ").", true);
      return false;
    }
    const saved = (isMahjong() ? "Part " + entry.part + ", table " : "Table ") + entry.table + " saved: " +
      (answer.data.new || "cleared") + ".";
    await loadRound(true);
    say(saved, false);  // once the tables show it
    return true;
  }

  async function submitForm(event) {
    if (event) event.preventDefault();
    if (await save(entryOfForm())) {
      $("entry").reset();
      if (isMahjong()) $("part").value = currentPart();
      showPlayers();
      $("table").focus();
    }
  }

  // Enter moves on to the next field that needs typing, and saves from the last one.
  function onKey(event) {
    if (event.key !== "Enter") return;
    const target = event.target;
    event.preventDefault();
    if (target.id === "table" || target.id === "part") {
      if (!target.value.trim()) return;
      $(isMahjong() ? "score-0" : "result").focus();  // the part is filled in: straight to the scores
      return;
    }
    const match = /^(score|hands)-([0-3])$/.exec(target.id);
    if (match && Number(match[2]) < 3) { $("score-" + (Number(match[2]) + 1)).focus(); return; }
    submitForm();
  }

  function tap(table) {
    if (isMahjong()) {
      $("part").value = table.part;
      $("table").value = table.table;
      showPlayers();
      $("score-0").focus();
      return;
    }
    const [black, white] = table.players;
    $("tap-title").textContent = "Table " + table.table + (table.result ? " (now " + table.result + ")" : "");
    $("tap-players").textContent = black.seat + ": " + black.name + " – " + white.seat + ": " + white.name;
    const choices = [["1-0", black.name + " wins"], ["0-1", white.name + " wins"], ["0.5-0.5", "Draw"],
      ["1-0!", black.name + " wins by forfeit"], ["0-1!", white.name + " wins by forfeit"],
      ["0-0", "Both lose"], ["1-1", "Both win"], ["", "Clear the result"]];
    $("tap-buttons").replaceChildren(...choices.map(([result, text]) => {
      const button = document.createElement("button");
      button.type = "button";
      button.className = result === "" ? "secondary" : "";
      button.textContent = result ? result + " · " + text : text;
      button.addEventListener("click", async () => {
        replacing = JSON.stringify({ table: table.table, result });  // the tap itself confirms it
        $("tap").close();
        await save({ table: table.table, result });
      });
      return button;
    }));
    $("tap").showModal();
  }

  async function makeNext() {
    const answer = await api("POST", $("event").value + "/rounds/" + view.round + "/next", {});
    if (answer.status !== 200) { say(answer.data ? answer.data.error : "Not done (" + answer.status + ").", true); return; }
    $("round").value = view.round + 1;
    await loadRound(true);
    say(answer.data.message, false);
  }

  // The director's actions of the day: each answers with one line, or the build's refusal.
  async function act(event, path, body, form) {
    event.preventDefault();
    const answer = await api("POST", $("event").value + "/" + path, body);
    if (answer.status !== 200) { say(answer.data ? answer.data.error : "Not done (" + answer.status + ").", true); return; }
    form.reset();
    await loadRound(true);
    say(answer.data.message, false);
  }

  async function loadDevices() {
    const answer = await api("GET", "sessions");
    if (answer.status !== 200) return;
    $("device-list").replaceChildren(...answer.data.sessions.map((s) => {
      const item = document.createElement("li");
      const text = document.createElement("span");
      text.textContent = s.label + " (" + s.id + ", joined " + s.joined + ")";
      item.append(text);
      if (!s.director) {
        const button = document.createElement("button");
        button.type = "button";
        button.className = "secondary";
        button.textContent = "Revoke " + s.label;
        button.addEventListener("click", async () => {
          await api("DELETE", "sessions/" + s.id);
          loadDevices();
        });
        item.append(button);
      }
      return item;
    }));
  }

  async function start() {
    $("entry").addEventListener("submit", submitForm);
    $("entry").addEventListener("keydown", onKey);
    $("entry").addEventListener("input", (event) => {
      replacing = "";
      if (event.target.id === "table" || event.target.id === "part") showPlayers();
      else if (event.target.classList.contains("score")) showSum();
    });
    $("event").addEventListener("change", () => {
      store.setItem("desk-event", $("event").value);
      $("round").value = events.find((e) => e.slug === $("event").value).round;
      loadRound(true);
    });
    $("round").addEventListener("change", () => loadRound(true));
    $("missing-only").addEventListener("change", renderTables);
    $("make-next").addEventListener("click", makeNext);
    $("withdraw").addEventListener("submit", (event) => act(event, "rounds/" + view.round + "/withdrawals",
      { player: $("withdraw-player").value.trim(), reason: $("withdraw-reason").value.trim() }, $("withdraw")));
    $("late").addEventListener("submit", (event) => {
      const player = { id: $("late-id").value.trim(), name: $("late-name").value.trim() };
      if ($("late-rank").value.trim()) player.rank = $("late-rank").value.trim();
      act(event, "players", player, $("late"));
    });
    if (!(await join())) return;
    await loadEvents();
    setInterval(() => { if (view) loadRound(false); }, 3000);
  }

  start();
})();
