// Live reload for `publisher serve` (added to pages by the server, never part of the site).
// Reloads the page after a build that changed the site, and shows the build error in a
// banner while the content is broken. Pages with <meta name="publisher-live-reload"
// content="off"> (the venue screens) keep themselves current and only get the banner.
(function () {
  "use strict";
  var script = document.currentScript;
  var loadedBuild = Number(script.getAttribute("data-build"));
  var banner = null;
  var selfUpdating = document.querySelector('meta[name="publisher-live-reload"][content="off"]');

  function showError(text) {
    if (!banner) {
      banner = document.createElement("div");
      banner.id = "publisher-error";
      banner.setAttribute("role", "alert");
      banner.style.cssText = "position:fixed;top:0;left:0;right:0;z-index:2147483647;" +
        "background:#7a0b0b;color:#fff;font:600 clamp(16px,2.2vh,40px)/1.4 system-ui,sans-serif;padding:12px 16px;" +
        "white-space:pre-wrap;max-height:50vh;overflow:auto;box-shadow:0 2px 8px rgba(0,0,0,.4)";
      document.body.appendChild(banner);
    }
    banner.textContent = "The content has a mistake; this is the last good site.\n" + text;
  }

  function clearError() {
    if (banner) { banner.remove(); banner = null; }
  }

  function update(status) {
    if (status.error) { showError(status.error); return; }
    clearError();
    if (status.build !== loadedBuild && !selfUpdating) {
      location.reload();
    }
  }

  // Polled, not streamed: a stream per tab would use up the browser's six connections.
  function poll() {
    fetch("/__publisher/status.json", { cache: "no-store" })
      .then(function (response) { return response.json(); })
      .then(update)
      .catch(function () {})  // the server is restarting: try again
      .finally(function () { setTimeout(poll, document.hidden ? 2000 : 300); });
  }
  poll();
})();
