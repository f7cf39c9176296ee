// linkcontract preview only: reloads the page after `linkcontract watch` rebuilds the site.
// scripts/preview_server.py adds this script to HTML pages for readers who opted in with
// `?live`; it is never part of Site/, and every page reads the same without it.
(function () {
  "use strict";
  var script = document.currentScript;
  var last = script ? script.getAttribute("data-stamp") : null;
  function check() {
    fetch("/__linkcontract/stamp", { cache: "no-store" })
      .then(function (response) { return response.ok ? response.text() : null; })
      .then(function (stamp) {
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
