/* Copied by `linkcontract build` (make site) from Templates/search.js. Do not edit. */
// Search as you type over the site's search index. Plain JavaScript, no dependency; the search
// page's static index works without it. Reads search.json, or the static index itself where
// the page was opened from file:// and fetch is not allowed.
(function () {
  "use strict";
  var input = document.getElementById("search-input");
  var results = document.getElementById("search-results");
  if (!input || !results) return;
  var entries = [];
  var active = -1;
  var order = ["route class", "rejection reason", "field", "troubleshooting", "page", "heading"];

  function fromPage() {
    var list = [];
    document.querySelectorAll("ul.search-index").forEach(function (ul) {
      var kind = ul.getAttribute("data-kind") || "";
      ul.querySelectorAll("li").forEach(function (li) {
        var link = li.querySelector("a");
        if (!link) return;
        var text = li.textContent || "";
        var name = link.textContent || "";
        list.push([kind, name, text.slice(name.length).replace(/^:\s*/, ""), link.getAttribute("href")]);
      });
    });
    return list;
  }

  function rank(entry, query) {
    var name = entry[1].toLowerCase();
    if (name === query) return 0;
    if (name.indexOf(query) === 0) return 1;
    if (name.indexOf(query) >= 0) return 2;
    if (entry[2].toLowerCase().indexOf(query) >= 0) return 3;
    return -1;
  }

  function render() {
    var query = input.value.trim().toLowerCase();
    results.textContent = "";
    active = -1;
    if (!query) {
      results.hidden = true;
      input.removeAttribute("aria-activedescendant");
      return;
    }
    var found = [];
    entries.forEach(function (entry) {
      var score = rank(entry, query);
      if (score >= 0) found.push([score, order.indexOf(entry[0]), entry]);
    });
    found.sort(function (a, b) { return a[0] - b[0] || a[1] - b[1] || (a[2][1] < b[2][1] ? -1 : 1); });
    found.slice(0, 50).forEach(function (item, index) {
      var entry = item[2];
      var li = document.createElement("li");
      li.id = "search-result-" + index;
      li.setAttribute("role", "option");
      var link = document.createElement("a");
      link.href = entry[3];
      link.textContent = entry[1];
      var kind = document.createElement("span");
      kind.className = "search-kind";
      kind.textContent = " " + entry[0];
      li.appendChild(link);
      li.appendChild(kind);
      if (entry[2]) {
        var detail = document.createElement("span");
        detail.className = "search-detail";
        detail.textContent = " " + entry[2];
        li.appendChild(detail);
      }
      results.appendChild(li);
    });
    if (!found.length) {
      var none = document.createElement("li");
      none.textContent = "Nothing matches \u201c" + input.value.trim() + "\u201d.";
      results.appendChild(none);
    }
    results.hidden = false;
  }

  function move(step) {
    var options = results.querySelectorAll("[role=option]");
    if (!options.length) return;
    if (active >= 0) options[active].removeAttribute("aria-selected");
    active = (active + step + options.length) % options.length;
    options[active].setAttribute("aria-selected", "true");
    input.setAttribute("aria-activedescendant", options[active].id);
    options[active].scrollIntoView({ block: "nearest" });
  }

  input.setAttribute("role", "combobox");
  input.setAttribute("aria-expanded", "false");
  results.setAttribute("role", "listbox");
  results.setAttribute("aria-label", "Search results");
  input.addEventListener("input", function () {
    render();
    input.setAttribute("aria-expanded", results.hidden ? "false" : "true");
  });
  input.addEventListener("keydown", function (event) {
    if (event.key === "ArrowDown") { move(1); event.preventDefault(); }
    else if (event.key === "ArrowUp") { move(-1); event.preventDefault(); }
    else if (event.key === "Enter") {
      var options = results.querySelectorAll("[role=option] a");
      var target = options[active >= 0 ? active : 0];
      if (target) { window.location.href = target.getAttribute("href"); event.preventDefault(); }
    } else if (event.key === "Escape") { input.value = ""; render(); }
  });
  input.form.addEventListener("submit", function (event) { event.preventDefault(); });

  entries = fromPage();
  var query = new URLSearchParams(window.location.search).get("q");
  if (query) { input.value = query; render(); }
  if (window.location.protocol !== "file:" && window.fetch) {
    fetch("search.json").then(function (response) { return response.ok ? response.json() : null; })
      .then(function (data) { if (data) { entries = data; render(); } })
      .catch(function () {});
  }
})();
