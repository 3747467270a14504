// Pages of a championship that has a service worker (sw.js beside them): register it, keep this
// page and what it loaded for when the venue's Wi-Fi drops, and say so while it is down:
// "Offline since 14:32". Back online, a page that does not fetch its own data reloads itself.
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
      if (!selfUpdating) location.reload();
    }
  }

  window.addEventListener("offline", showOffline);
  window.addEventListener("online", online);
  window.addEventListener("publisher-offline", showOffline);
  window.addEventListener("publisher-online", online);
  if (navigator.onLine) localStorage.removeItem(SINCE); else showOffline();
})();
