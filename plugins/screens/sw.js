// The site's service worker, for venue Wi-Fi that drops. Every page, data file and asset a phone
// fetched is kept, and served from that store when the network fails; the network is always asked
// first, so new data arrives as soon as it is back. A page of a championship asks (offline.js) for
// its set to be kept at once: the pages of its menu with their assets, and the archive's home, so
// that every menu item opens offline. A page that was never kept opens as the site's offline page
// (offline.html), which lists those that were: in its language, where a page of that language asked
// for it to be kept (ja/offline.html for the pages under ja/).
"use strict";
var SCOPE = self.registration.scope;  // the site's root: this file is published there
var STORE = "publisher " + SCOPE;
var OFFLINE = new URL("offline.html", SCOPE).href;

// One entry per page: ?poll=1 and the like are the same page, and a folder is its index.html.
function key(address) {
  var url = new URL(address);
  return url.origin + url.pathname + (url.pathname.slice(-1) === "/" ? "index.html" : "");
}

function ours(url) {
  // Paths starting with /__ are the local server's own, such as its live reload.
  return url.origin === location.origin && url.href.indexOf(SCOPE) === 0 && url.pathname.indexOf("/__") !== 0;
}

// The stylesheets, scripts and icons an HTML page links to, inside the site.
function assetsOf(html, base) {
  var found = [];
  html.replace(/<(?:link|script)\b[^>]*?\b(?:href|src)="([^"]+)"/g, function (_, link) {
    var url = new URL(link.replace(/&amp;/g, "&"), base);
    if (ours(url) && /\.(css|js|svg|png|ico|woff2?)$/.test(url.pathname)) found.push(url.href);
    return "";
  });
  return found;
}

// Fetch and keep `addresses` and the assets of those that are pages. Assets carry their content's
// hash in their name, so one kept already is not fetched again.
function keep(addresses) {
  return caches.open(STORE).then(function (store) {
    var seen = {};
    function one(address, asset) {
      var at = key(address);
      if (seen[at]) return Promise.resolve();
      seen[at] = true;
      var known = asset ? store.match(at) : Promise.resolve(undefined);
      return known.then(function (kept) {
        if (kept) return undefined;
        return fetch(address, { cache: "no-store" }).then(function (response) {
          if (!response.ok) return undefined;
          var html = (response.headers.get("Content-Type") || "").indexOf("text/html") === 0;
          return store.put(at, response.clone()).then(function () {
            return html ? response.text().then(function (text) {
              return Promise.all(assetsOf(text, address).map(function (a) { return one(a, true); }));
            }) : undefined;
          });
        });
      }).catch(function () {});  // offline again: what was kept stays
    }
    return Promise.all(addresses.filter(function (a) { return ours(new URL(a)); })
      .map(function (a) { return one(a, false); }));
  });
}

self.addEventListener("install", function (event) {
  self.skipWaiting();
  event.waitUntil(keep([OFFLINE]));
});
self.addEventListener("activate", function (event) { event.waitUntil(self.clients.claim()); });

// {keep: [addresses]} from a page: kept in the worker's own time (a page that is left at once
// would cancel its own fetches), then answered with {kept: n} so the page can say it is ready.
self.addEventListener("message", function (event) {
  var data = event.data || {};
  if (!Array.isArray(data.keep)) return;
  event.waitUntil(keep(data.keep.concat([OFFLINE])).then(function () {
    if (event.source) event.source.postMessage({ kept: data.keep.length });
  }));
});

// What the store gives is marked as kept: data by the header X-Publisher-Kept (a page polling
// its data knows it is not new), a page also by <meta name="publisher-kept"> in its head, from
// which it says "Offline since": the browser's navigator.onLine is no proof (it is true on a
// Wi-Fi whose host is down, and it may lag behind for a page opened at once).
function marked(kept, base) {
  var headers = new Headers(kept.headers);
  headers.set("X-Publisher-Kept", "1");
  var html = (kept.headers.get("Content-Type") || "").indexOf("text/html") === 0;
  var body = html ? kept.text().then(function (text) {
    // The offline page, shown at another page's address, links to its assets from the root.
    return text.replace(/<head>/i, '<head><meta name="publisher-kept" content="1">' +
                        (base ? '<base href="' + base + '">' : ""));
  }) : kept.blob();
  return body.then(function (made) {
    return new Response(made, { status: kept.status, statusText: kept.statusText, headers: headers });
  });
}

// The offline page for `address`, a page this device did not keep: the kept one nearest to it, that
// of its language's folder (ja/offline.html for ja/wosc-2026/round-3.html), else the site's.
function offlinePage(store, address) {
  return store.keys().then(function (requests) {
    var nearest = OFFLINE;
    requests.forEach(function (r) {
      var folder = r.url.slice(0, r.url.length - "offline.html".length);
      if (/\/offline\.html$/.test(r.url) && address.indexOf(folder) === 0 && r.url.length > nearest.length) {
        nearest = r.url;
      }
    });
    return store.match(nearest).then(function (page) { return page ? marked(page, nearest) : Response.error(); });
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  var url = new URL(request.url);
  if (request.method !== "GET" || !ours(url)) return;
  var at = key(request.url);
  event.respondWith(fetch(request).then(function (response) {
    if (response.ok) {
      var copy = response.clone();
      event.waitUntil(caches.open(STORE).then(function (store) { return store.put(at, copy); }));
    }
    return response;
  }).catch(function () {
    return caches.open(STORE).then(function (store) {
      return store.match(at).then(function (kept) {
        if (kept) return marked(kept);
        return request.mode === "navigate" ? offlinePage(store, at) : Response.error();
      });
    });
  }));
});
