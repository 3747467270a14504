// Pages of a championship that has a service worker (sw.js beside them): register it, keep this
// page and what it loaded for when the venue's Wi-Fi drops, and say so while it is down:
// "Offline since 14:32". Back online (the page itself comes from the network again), a page
// that does not fetch its own data reloads itself.
// Pages that poll (find your table) also say "publisher-offline" / "publisher-online" on the
// window when a fetch of theirs fails or succeeds; the hall screen has its own footer note.
(function () {
  "use strict";
  var script = document.currentScript;
  if (!("serviceWorker" in navigator) || location.protocol === "file:") return;
  var worker = new URL(script.dataset.sw, location.href);
  var SINCE = "publisher-offline-since " + worker.pathname;
  var selfUpdating = document.querySelector('meta[name="publisher-live-reload"][content="off"]');
  var note = null;

  navigator.serviceWorker.register(worker.href).then(function (registration) {
    if (!navigator.onLine) return;
    // This page and its stylesheet, scripts and images, fetched before the worker was there.
    var urls = [location.href].concat(performance.getEntriesByType("resource").map(function (e) { return e.name; })
      .filter(function (u) { return new URL(u).origin === location.origin && new URL(u).pathname.indexOf("/__") !== 0; }));
    var store = "publisher " + registration.scope;
    caches.open(store).then(function (cache) {
      urls.forEach(function (u) {
        var url = new URL(u);
        fetch(u).then(function (r) { if (r.ok) cache.put(url.origin + url.pathname, r); }).catch(function () {});
      });
    });
  }).catch(function () {});

  function two(n) { return (n < 10 ? "0" : "") + n; }

  function showOffline() {
    if (document.body.classList.contains("screen")) return;
    var since = Number(localStorage.getItem(SINCE)) || Date.now();
    localStorage.setItem(SINCE, String(since));
    var at = new Date(since);
    if (!note) {
      note = document.createElement("p");
      note.className = "offline-note";
      note.setAttribute("role", "status");
      document.body.prepend(note);
    }
    note.textContent = "Offline since " + two(at.getHours()) + ":" + two(at.getMinutes()) +
      ": this is the last data this device received.";
  }

  function online() {
    localStorage.removeItem(SINCE);
    if (note) {
      note.remove();
      note = null;
    }
  }

  // The browser's "online" comes on a Wi-Fi that flaps, and in some browsers while the page is
  // being left for another kept page: a reload then would take the player back here. So the
  // page asks for itself first, and reloads only for a copy that came from the network; until
  // one comes (the host may answer a few seconds after the Wi-Fi), it asks again every 3 s.
  var checking = null;
  function checkOnline() {
    if (!note || leaving || checking) return;
    checking = fetch(location.href, { cache: "no-store" }).then(function (response) {
      return response.ok && !response.headers.has("X-Publisher-Kept");
    }).catch(function () { return false; }).then(function (fresh) {
      checking = null;
      if (leaving || !note) return;
      if (!fresh) {
        if (navigator.onLine) setTimeout(checkOnline, 3000);
        return;
      }
      online();
      if (!selfUpdating) location.reload();
    });
  }

  var leaving = false;
  window.addEventListener("pagehide", function () { leaving = true; });
  window.addEventListener("pageshow", function () { leaving = false; });
  window.addEventListener("offline", showOffline);
  window.addEventListener("online", checkOnline);
  window.addEventListener("publisher-offline", showOffline);
  window.addEventListener("publisher-online", online);
  if (navigator.onLine) localStorage.removeItem(SINCE); else showOffline();
})();
