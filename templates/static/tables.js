// Boxes that scroll (a table wider or taller than the screen, a mahjong scoresheet on a phone):
// a keyboard reaches them (tabindex, named for a screen reader after the heading above them),
// and a line above a box says when columns are off to its right, until they are scrolled
// into view or fit (a turned phone, a filter that left narrower rows). Boxes that fit the screen
// are left as plain blocks.
(function () {
  "use strict";
  // The page's words `name` (#site-strings, templates/html/_strings.html), each %(key)s in them
  // replaced by values[key].
  var STRINGS = JSON.parse(document.getElementById("site-strings").textContent);
  function say(name, values) {
    return STRINGS[name].replace(/%\((\w+)\)s/g, function (_, key) { return values[key]; });
  }
  var boxes = Array.prototype.slice.call(document.querySelectorAll(".table-wrap, [data-scroll-label]"));

  // The heading above a table names its box: "Round 3 of 7", "Part 1".
  function label(box) {
    if (box.dataset.scrollLabel) return box.dataset.scrollLabel;
    var caption = box.querySelector("caption");
    if (caption) return caption.textContent.trim();
    for (var node = box.previousElementSibling; node; node = node.previousElementSibling) {
      if (/^H[1-6]$/.test(node.tagName)) return node.textContent.trim();
    }
    return document.title;
  }

  function hintFor(box) {
    var hint = box.previousElementSibling;
    if (hint && hint.classList.contains("scroll-hint")) return hint;
    hint = document.createElement("p");
    hint.className = "scroll-hint no-print";
    hint.setAttribute("aria-hidden", "true");  // the box's own name says it scrolls
    hint.textContent = say("scroll_hint", {});
    box.before(hint);
    return hint;
  }

  function update(box) {
    var wide = box.scrollWidth > box.clientWidth + 1;
    var tall = box.scrollHeight > box.clientHeight + 1;
    if (wide || tall) {
      box.tabIndex = 0;
      box.setAttribute("role", "region");
      box.setAttribute("aria-label", say(wide ? "scrolls_sideways" : "scrolls", { label: label(box) }));
    } else {
      box.removeAttribute("tabindex");
      box.removeAttribute("role");
      box.removeAttribute("aria-label");
    }
    var more = wide && box.scrollLeft + box.clientWidth < box.scrollWidth - 1;
    var hint = box.previousElementSibling;
    if (more || (hint && hint.classList.contains("scroll-hint"))) hintFor(box).hidden = !more;
  }

  // Again when the box or what it holds changes size: a turned phone, a filter that hid rows.
  var resized = "ResizeObserver" in window ? new ResizeObserver(function (entries) {
    entries.forEach(function (entry) { update(entry.target.closest(".table-wrap, [data-scroll-label]")); });
  }) : null;
  boxes.forEach(function (box) {
    update(box);
    box.addEventListener("scroll", function () { update(box); }, { passive: true });
    if (resized) {
      resized.observe(box);
      if (box.firstElementChild) resized.observe(box.firstElementChild);
    }
  });
})();
