// Live reload for `publisher serve` (added to pages by the server, never part of the site).
// After a build that changed the site, the page asks for its own file (HEAD) and reloads only
// when that file changed (the header X-Publisher-Hash against the script's data-hash): a save in
// one championship leaves the other pages alone. A reload keeps the reader's place: the text of
// the filters, the scroll of the page and of every box that scrolls (the crosstable sideways),
// the details that were open. While the content is broken a banner above the page shows the
// error. Pages with <meta name="publisher-live-reload" content="off"> (the venue screens) keep
// themselves current and only get the banner; the hall screen (body.screen) only a short note in
// its footer, as the details are for the director, not the hall.
(function () {
  "use strict";
  var script = document.currentScript;
  var loadedBuild = Number(script.getAttribute("data-build"));
  var loadedHash = script.getAttribute("data-hash");
  var banner = null;
  var selfUpdating = document.querySelector('meta[name="publisher-live-reload"][content="off"]');
  var hall = document.body.classList.contains("screen");
  var PLACE = "publisher-place " + location.pathname;
  var checking = false;

  function showError(text, heading) {
    if (!banner) {
      banner = document.createElement("div");
      banner.id = "publisher-error";
      banner.setAttribute("role", "alert");
      var foot = hall && document.querySelector(".screen-foot");
      if (foot) {
        // In the screen's footer, beside "Page 1 of 2": in the line's flow, it covers nothing.
        banner.style.cssText = "color:#ffd400;font-weight:700";
        foot.insertBefore(banner, foot.children[1] || null);
      } else {
        banner.style.cssText = "background:#7a0b0b;color:#fff;font:600 16px/1.4 system-ui,sans-serif;" +
          "padding:12px 16px;white-space:pre-wrap;max-height:50vh;overflow:auto";
        document.body.prepend(banner);
      }
    }
    banner.textContent = hall ? "Results are being updated"
      : (heading || "The content has a mistake; this is the last good site.") + "\n" + text;
  }

  function clearError() {
    if (banner) { banner.remove(); banner = null; }
  }

  // -- the reader's place, kept across a reload (sessionStorage, this tab only) ------------

  var SCROLLERS = ".table-wrap, [data-scroll-label]";
  var FIELDS = "input[type=search], input[type=text], input:not([type]), textarea, select";

  function all(selector) { return Array.prototype.slice.call(document.querySelectorAll(selector)); }

  function keepPlace() {
    sessionStorage.setItem(PLACE, JSON.stringify({
      x: window.scrollX, y: window.scrollY,
      boxes: all(SCROLLERS).map(function (box) { return [box.scrollLeft, box.scrollTop]; }),
      fields: all(FIELDS).map(function (field) { return field.value; }),
      open: all("details").map(function (details) { return details.open; })
    }));
  }

  function restorePlace() {
    var kept = sessionStorage.getItem(PLACE);
    if (!kept) return;
    sessionStorage.removeItem(PLACE);
    var place = JSON.parse(kept);
    all("details").forEach(function (details, i) { if (i in place.open) details.open = place.open[i]; });
    all(FIELDS).forEach(function (field, i) {
      if (!(i in place.fields) || field.value === place.fields[i]) return;
      field.value = place.fields[i];
      field.dispatchEvent(new Event("input", { bubbles: true }));  // the filter applies it
    });
    function scroll() {
      all(SCROLLERS).forEach(function (box, i) {
        if (i in place.boxes) { box.scrollLeft = place.boxes[i][0]; box.scrollTop = place.boxes[i][1]; }
      });
      window.scrollTo(place.x, place.y);
    }
    scroll();
    // Again once the page has its full height (images, deferred scripts): the browser's own
    // scroll restoration may come in between.
    if (document.readyState !== "complete") window.addEventListener("load", function () { setTimeout(scroll); });
  }

  // A new build: reload only if this page's own file changed.
  function follow(build) {
    if (checking) return;
    checking = true;
    fetch(location.href, { method: "HEAD", cache: "no-store" }).then(function (response) {
      var hash = response.headers.get("X-Publisher-Hash");
      if (hash && hash !== loadedHash) {
        keepPlace();
        location.reload();
        return;
      }
      loadedBuild = build;
    }).catch(function () {}).finally(function () { checking = false; });  // the server restarts: again
  }

  function update(status) {
    if (status.error) { showError(status.error); return; }
    if (status.publish_error) {
      showError(status.publish_error, "Publishing to the host failed; it keeps the last published site. Retrying.");
    } else {
      clearError();
    }
    if (status.build !== loadedBuild && !selfUpdating) follow(status.build);
  }

  // Polled, not streamed: a stream per tab would use up the browser's six connections.
  function poll() {
    fetch("/__publisher/status.json", { cache: "no-store" })
      .then(function (response) { return response.json(); })
      .then(update)
      .catch(function () {})  // the server is restarting: try again
      .finally(function () { setTimeout(poll, document.hidden ? 2000 : 300); });
  }
  restorePlace();
  poll();
})();
