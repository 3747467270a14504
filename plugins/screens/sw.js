// The championship's service worker, for venue Wi-Fi that drops: every page, data file and
// asset of the site that a phone fetched is kept, and served from that store when the
// network fails; the network is always asked first, so new data arrives as soon as it is back.
"use strict";
var STORE = "publisher " + self.registration.scope;

self.addEventListener("install", function () { self.skipWaiting(); });
self.addEventListener("activate", function (event) { event.waitUntil(self.clients.claim()); });

self.addEventListener("fetch", function (event) {
  var request = event.request;
  var url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== location.origin || url.pathname.indexOf("/__") === 0) return;
  // (Paths starting with /__ are the local server's own, such as its live reload.)
  var key = url.origin + url.pathname;  // ?poll=1 and the like are the same page
  event.respondWith(fetch(request).then(function (response) {
    if (response.ok) {
      var copy = response.clone();
      event.waitUntil(caches.open(STORE).then(function (store) { return store.put(key, copy); }));
    }
    return response;
  }).catch(function () {
    return caches.open(STORE).then(function (store) { return store.match(key); }).then(function (kept) {
      if (!kept) return Response.error();
      // Marked, so that a page polling its data knows it is not new: X-Publisher-Kept.
      var headers = new Headers(kept.headers);
      headers.set("X-Publisher-Kept", "1");
      return kept.blob().then(function (body) {
        return new Response(body, { status: kept.status, statusText: kept.statusText, headers: headers });
      });
    });
  }));
});
