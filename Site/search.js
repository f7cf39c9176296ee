/* Copied by `linkcontract generate` from Templates/search.js. Do not edit. */
// Search as you type over the site's search index, and the answer to a pasted link: the docs'
// link checker (check.js over contract.js, the contract as data) reads it for each build, as
// the tool's `parse` command would.
// Plain JavaScript, no dependency, no WebAssembly; the page's static index works without it.
// The data comes in scripts that the page runs before this one (search/index.js, then each
// search/part-N.js: the documents search.json and its parts), so that it also works from
// file:// and from any base path.
(function () {

  "use strict";
  var input = document.getElementById("search-input");
  var results = document.getElementById("search-results");
  var linkLine = document.getElementById("search-link");
  var documents = self.searchParts || [];
  if (!input || !results || !documents.length || !documents[0].links) return;
  // search.json's entries first, then each part's, in order: the order of search.json.
  var data = { entries: [], links: documents[0].links };
  documents.forEach(function (part) { Array.prototype.push.apply(data.entries, part.entries); });
  if (documents.length !== documents[0].parts.length + 1) {
    var help = document.getElementById("search-help");
    if (help) help.textContent = "Part of the search index did not load; results may be missing. Reload the page, or use the index below.";
  }
  var order = ["route class", "rejection reason", "field", "forbidden field", "build", "generated file",
    "troubleshooting", "page", "section"];
  var active = -1;

  // Every word once, with the entries it finds and how: 0 the entry's name, 1 a word of its
  // name, 2 one of its other words.
  var vocabulary = {};
  function note(word, entry, how) {
    var seen = vocabulary[word] || (vocabulary[word] = {});
    if (seen[entry] === undefined || seen[entry] > how) seen[entry] = how;
  }
  data.entries.forEach(function (entry, index) {
    var name = entry[1].toLowerCase();
    note(name, index, 0);
    name.split(/[^a-z0-9]+/).forEach(function (word) { if (word) note(word, index, 1); });
    entry[4].split(" ").forEach(function (word) { if (word) note(word, index, 2); });
  });
  var words = Object.keys(vocabulary);

  function withinOneEdit(a, b) {
    if (Math.abs(a.length - b.length) > 1) return false;
    var i = 0, j = 0, edits = 0;
    while (i < a.length && j < b.length) {
      if (a[i] === b[j]) { i++; j++; continue; }
      if (++edits > 1) return false;
      if (a.length > b.length) i++; else if (b.length > a.length) j++; else { i++; j++; }
    }
    return edits + (a.length - i) + (b.length - j) <= 1;
  }

  // The entries a query word finds, each with a rank: exact id 0, name prefix 1, word of the
  // name 2, other word 3, prefix of a word 4, one edit away (words of five letters or more) 5.
  function find(token) {
    var found = {};
    function keep(entry, rank) { if (found[entry] === undefined || found[entry] > rank) found[entry] = rank; }
    words.forEach(function (word) {
      var rank = -1;
      if (word === token) rank = 0;
      else if (word.indexOf(token) === 0) rank = 4;
      else if (token.length >= 5 && withinOneEdit(word, token)) rank = 5;
      if (rank < 0) return;
      var entries = vocabulary[word];
      Object.keys(entries).forEach(function (entry) {
        var how = entries[entry];
        var r = rank;
        if (rank === 0) r = how === 0 ? 0 : how === 1 ? 2 : 3;
        else if (rank === 4 && how === 0) r = 1;
        keep(entry, r);
      });
    });
    return found;
  }

  function search(query) {
    var tokens = query.toLowerCase().split(/\s+/).filter(Boolean);
    if (!tokens.length) return [];
    var whole = find(tokens.join(" "));
    var total = null;
    tokens.forEach(function (token) {
      var found = find(token);
      if (total === null) { total = found; return; }
      var next = {};
      Object.keys(total).forEach(function (entry) {
        if (found[entry] !== undefined) next[entry] = total[entry] + found[entry];
      });
      total = next;
    });
    Object.keys(whole).forEach(function (entry) { if (whole[entry] === 0) total[entry] = 0; });
    var best = {};
    Object.keys(total).forEach(function (index) {
      var entry = data.entries[index];
      var key = entry[3];
      var item = [total[index], order.indexOf(entry[0]), entry];
      var kept = best[key];
      if (!kept || item[0] < kept[0] || (item[0] === kept[0] && item[1] < kept[1])) best[key] = item;
    });
    return Object.keys(best).map(function (key) { return best[key]; }).sort(function (a, b) {
      return a[0] - b[0] || a[1] - b[1] || (a[2][1] < b[2][1] ? -1 : a[2][1] > b[2][1] ? 1 : 0);
    });
  }

  function showLink(query) {
    linkLine.textContent = "";
    var checker = self.linkChecker, contract = self.contractDocument;
    // The link a query is, if any (a link pasted without its scheme gets `https://`): the
    // checker's reading, the one JavaScript reading of links.
    var found = checker && contract ? checker.linkOf(contract, query) : null;
    if (!found) { linkLine.hidden = true; return; }
    linkLine.appendChild(document.createTextNode(found.added
      ? "Read as " + found.link + " (the scheme added): "
      : "This link, as the app's parser reads it: "));
    var list = document.createElement("ul");
    contract.builds.forEach(function (build) {
      var answer = checker.classify(contract, build.name, found.link);
      var item = document.createElement("li");
      item.appendChild(document.createTextNode("on " + build.name + ": "));
      var target = document.createElement("a");
      target.href = (answer.outcome === "recognized" ? data.links.routes[answer.route] : data.links.reasons[answer.reason]) ||
        "search.html";
      var code = document.createElement("code");
      code.textContent = checker.line(answer);
      target.appendChild(code);
      item.appendChild(target);
      if (data.links.checker) {
        item.appendChild(document.createTextNode(" ("));
        var open = document.createElement("a");
        open.href = data.links.checker + "?build=" + encodeURIComponent(build.name) + "&link=" + encodeURIComponent(found.link);
        open.textContent = "open in the link checker";
        item.appendChild(open);
        item.appendChild(document.createTextNode(")"));
      }
      list.appendChild(item);
    });
    linkLine.appendChild(list);
    linkLine.hidden = false;
  }

  function render() {
    var query = input.value.trim();
    results.textContent = "";
    active = -1;
    showLink(query);
    if (!query) {
      results.hidden = true;
      input.removeAttribute("aria-activedescendant");
      return;
    }
    var found = !linkLine.hidden ? [] : search(query);
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
    if (!found.length && linkLine.hidden) {
      var none = document.createElement("li");
      none.textContent = "Nothing matches \u201c" + query + "\u201d.";
      results.appendChild(none);
    }
    results.hidden = !results.firstChild;
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
  input.form.addEventListener("submit", function (event) { event.preventDefault(); render(); });

  var query = new URLSearchParams(window.location.search).get("q");
  if (query) {
    input.value = query;
    render();
    // Time from navigation start to the first results, for scripts/search-bench.py.
    results.setAttribute("data-first-result-ms", String(Math.round(performance.now())));
  }
  window.searchReady = true;
})();
