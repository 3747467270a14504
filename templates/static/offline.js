// Pages of a site that has a service worker (sw.js at its root): register it, have it keep this
// page's set for when the venue's Wi-Fi drops (this page, the pages of its menu and the archive's
// home, with their assets), and say so while it is down: "Offline since 14:32". Back online (the
// page itself comes from the network again), a page that does not fetch its own data reloads itself.
// Pages that poll (find your table) also say "publisher-offline" / "publisher-online" on the
// window when a fetch of theirs fails or succeeds; the hall screen has its own footer note.
// Once the worker has kept the set, <html data-offline="kept">. On the site's offline page
// (shown for a page this device never kept), the list #offline-kept gets the pages it did keep.
// A page in another language than the site's first keeps the offline page in its own too: the
// one beside the archive's home it links to (ja/offline.html beside ja/index.html).
(function () {
  "use strict";
  var script = document.currentScript;
  if (!("serviceWorker" in navigator) || location.protocol === "file:") return;
  // The page's words `name` (#site-strings, templates/html/_strings.html), each %(key)s in them
  // replaced by values[key].
  var STRINGS = JSON.parse(document.getElementById("site-strings").textContent);
  function say(name, values) {
    return STRINGS[name].replace(/%\((\w+)\)s/g, function (_, key) { return values[key]; });
  }
  var worker = new URL(script.dataset.sw, document.baseURI);  // the offline page has a <base>
  var SINCE = "publisher-offline-since " + worker.pathname;
  var selfUpdating = document.querySelector('meta[name="publisher-live-reload"][content="off"]');
  var note = null;

  // The worker keeps the set in its own time: fetches of this page would stop if the reader
  // opened another page at once.
  navigator.serviceWorker.addEventListener("message", function (event) {
    if (event.data && event.data.kept !== undefined) document.documentElement.dataset.offline = "kept";
  });
  navigator.serviceWorker.register(worker.href).catch(function () {});
  navigator.serviceWorker.ready.then(function (registration) {
    listKept(registration.scope);
    if (!navigator.onLine || document.getElementById("offline-kept")) return;
    var links = document.querySelectorAll("nav a[href], a.archive-link[href]");
    var set = [location.href].concat(Array.prototype.map.call(links, function (a) { return a.href; }));
    var home = document.querySelector("a.archive-link[href]");
    if (home) set.push(new URL("offline.html", home.href).href);
    registration.active.postMessage({ keep: set });
  });

  // The offline page: links to every page this device kept, by title.
  function listKept(scope) {
    var list = document.getElementById("offline-kept");
    if (!list) return;
    caches.open("publisher " + scope).then(function (store) {
      return store.keys().then(function (requests) {
        var pages = requests.map(function (r) { return r.url; }).filter(function (u) {
          return /\.html$/.test(u) && !/\/offline\.html$/.test(u);  // the offline pages themselves
        }).sort();
        return Promise.all(pages.map(function (u) {
          return store.match(u).then(function (r) { return r.text(); }).then(function (html) {
            var title = /<title>([^<]*)<\/title>/.exec(html);
            var item = document.createElement("li");
            var link = document.createElement("a");
            link.href = u;
            link.textContent = title ? new DOMParser().parseFromString(title[1], "text/html").body.textContent : u;
            item.appendChild(link);
            return item;
          });
        }));
      });
    }).then(function (items) {
      list.replaceChildren.apply(list, items);
      document.getElementById("offline-none").hidden = items.length > 0;
    });
  }

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
    var time = new Intl.DateTimeFormat(document.documentElement.lang || undefined,
                                       { hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(at);
    note.textContent = say("offline_since", { time: time });
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
        setTimeout(checkOnline, 3000);
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
  // A copy from the worker's store says so in its head (sw.js), whatever navigator.onLine says;
  // such a page asks for itself again every few seconds until the network answers.
  if (document.querySelector('meta[name="publisher-kept"]')) {
    showOffline();
    checkOnline();
  } else if (navigator.onLine) {
    localStorage.removeItem(SINCE);
  } else {
    showOffline();
  }
})();
