// Live reload for `publisher serve` (added to pages by the server, never part of the site).
// Reloads the page after a build that changed the site, and shows the build error in a
// banner above the page while the content is broken. Pages with <meta name="publisher-live-reload"
// content="off"> (the venue screens) keep themselves current and only get the banner; the hall
// screen (body.screen) only a short note, as the details are for the director, not the hall.
(function () {
  "use strict";
  var script = document.currentScript;
  var loadedBuild = Number(script.getAttribute("data-build"));
  var banner = null;
  var selfUpdating = document.querySelector('meta[name="publisher-live-reload"][content="off"]');
  var hall = document.body.classList.contains("screen");

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

  function update(status) {
    if (status.error) { showError(status.error); return; }
    if (status.publish_error) {
      showError(status.publish_error, "Publishing to the host failed; it keeps the last published site. Retrying.");
    } else {
      clearError();
    }
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
