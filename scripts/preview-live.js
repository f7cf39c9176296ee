// linkcontract preview only: reloads the page after `linkcontract watch` rebuilds the site,
// and while the last rebuild failed shows its errors over the page. scripts/preview_server.py
// adds this script to HTML pages for readers who opted in with `?live`; it is never part of
// Site/, and every page reads the same without it.
(function () {
  "use strict";
  var script = document.currentScript;
  var last = script ? script.getAttribute("data-stamp") : null;
  var overlay = null;

  function show(text) {
    if (!overlay) {
      overlay = document.createElement("section");
      overlay.id = "linkcontract-problems";
      overlay.setAttribute("role", "alert");
      overlay.setAttribute("aria-label", "The last rebuild failed");
      overlay.style.cssText = "position:fixed;inset:auto 0 0 0;max-height:60vh;overflow:auto;z-index:9999;" +
        "margin:0;padding:1rem;background:#3b0d0d;color:#fff;font:14px/1.4 monospace;" +
        "border-top:4px solid #ff6b6b;box-shadow:0 -2px 12px rgba(0,0,0,.4)";
      var title = document.createElement("h2");
      title.textContent = "Rebuild failed: Site/ still holds the last good build";
      title.style.cssText = "margin:0 0 .5rem;font-size:16px;color:#fff";
      var pre = document.createElement("pre");
      pre.style.cssText = "margin:0;white-space:pre-wrap;color:#fff;background:none";
      overlay.appendChild(title);
      overlay.appendChild(pre);
      document.body.appendChild(overlay);
    }
    overlay.lastChild.textContent = text;
  }

  function check() {
    Promise.all([
      fetch("/__linkcontract/stamp", { cache: "no-store" }).then(function (r) { return r.ok ? r.text() : null; }),
      fetch("/__linkcontract/problems", { cache: "no-store" }).then(function (r) { return r.ok ? r.text() : ""; })
    ]).then(function (answers) {
      var stamp = answers[0];
      var problems = answers[1] || "";
      if (problems.trim()) {
        show(problems);
      } else if (overlay) {
        overlay.remove();
        overlay = null;
      }
      if (stamp && last !== null && stamp !== last) {
        location.reload();
        return;
      }
      if (stamp) last = stamp;
      setTimeout(check, 1000);
    }, function () {
      setTimeout(check, 3000); // The preview server stopped or restarts: try again later.
    });
  }
  check();
})();
