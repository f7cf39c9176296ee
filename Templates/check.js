// The docs' link checker: classifies a link for one build exactly as the tool's `parse` command
// does, reading nothing but the contract as data (contract.json, loaded by contract.js as
// self.contractDocument). Every value and every step comes from that document: its
// builds, route classes, field formats, forbidden words, the order of the parsing steps and
// the rule for printing field names. Plain JavaScript, no dependency, no WebAssembly.
//
// On check.html it reads ?build=NAME&link=LINK (or the form) and writes into #outcome the
// line `parse --build NAME LINK` prints. In Node, require() gives the same
// functions, which scripts/check-agreement.js runs against the Swift parser.
(function (root) {
  "use strict";

  // --- Bytes -------------------------------------------------------------------------------

  function utf8(text) {
    if (typeof TextEncoder !== "undefined") return new TextEncoder().encode(text);
    return Buffer.from(text, "utf8");
  }

  function text(bytes, start, end) {
    var slice = bytes.subarray(start, end);
    if (typeof TextDecoder !== "undefined") return new TextDecoder("utf-8").decode(slice);
    return Buffer.from(slice).toString("utf8");
  }

  function lower(byte) { return byte >= 65 && byte <= 90 ? byte | 32 : byte; }
  function isLetter(byte) { return (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122); }
  function isDigit(byte) { return byte >= 48 && byte <= 57; }

  function equalBytes(bytes, start, end, word) {
    if (end - start !== word.length) return false;
    for (var i = 0; i < word.length; i++) if (bytes[start + i] !== word[i]) return false;
    return true;
  }

  function equalLowered(bytes, start, end, word) {
    if (end - start !== word.length) return false;
    for (var i = 0; i < word.length; i++) if (lower(bytes[start + i]) !== lower(word[i])) return false;
    return true;
  }

  function indexOf(bytes, byte, start, end) {
    for (var i = start; i < end; i++) if (bytes[i] === byte) return i;
    return -1;
  }

  // --- The contract's rules as data ----------------------------------------------------------

  // A regular expression's pattern from contract.json applied to a whole string.
  function whole(pattern) { return new RegExp(pattern.charAt(0) === "^" ? pattern : "^(?:" + pattern + ")$"); }

  // The word rule of forbidden keys, as contract.json's forbiddenWords.splitting describes it:
  // words end at every byte that is not an ASCII letter or digit, at a lower-to-upper change,
  // before the last capital of a run of capitals that a lower-case letter follows, and
  // between letters and digits.
  function keyWords(bytes, start, end) {
    var words = [], word = "";
    function kind(i) {
      if (i < start || i >= end) return 0;
      var b = bytes[i];
      if (b >= 97 && b <= 122) return 1;
      if (b >= 65 && b <= 90) return 2;
      if (isDigit(b)) return 3;
      return 0;
    }
    for (var i = start; i < end; i++) {
      var here = kind(i), before = kind(i - 1), after = kind(i + 1);
      var splits = here === 0 || (before === 1 && here === 2) || (before === 2 && here === 2 && after === 1) ||
        (before !== 0 && (before === 3) !== (here === 3));
      if (splits && word) { words.push(word); word = ""; }
      if (here !== 0) word += String.fromCharCode(lower(bytes[i]));
    }
    if (word) words.push(word);
    return words;
  }

  function forbiddenKey(listed, bytes, start, end) {
    var words = keyWords(bytes, start, end);
    function isListed(w) {
      return listed[w] === true || (w.length > 1 && w.charAt(w.length - 1) === "s" && listed[w.slice(0, -1)] === true);
    }
    for (var i = 0; i < words.length; i++) {
      if (isListed(words[i])) return true;
      if (i + 1 < words.length && isListed(words[i] + words[i + 1])) return true;
    }
    return words.length > 0 && isListed(words.join(""));
  }

  function admits(format, bytes, start, end) {
    var i;
    switch (format.kind) {
      case "reference":
        var prefix = utf8(format.prefix), body = end - start - prefix.length;
        if (body < format.bodyLength.min || body > format.bodyLength.max) return false;
        if (!equalBytes(bytes, start, start + prefix.length, prefix)) return false;
        for (i = start + prefix.length; i < end; i++) if (!isLetter(bytes[i]) && !isDigit(bytes[i])) return false;
        return true;
      case "base64url":
        if (end - start < format.length.min || end - start > format.length.max) return false;
        for (i = start; i < end; i++) {
          var b = bytes[i];
          if (!isLetter(b) && !isDigit(b) && b !== 45 && b !== 95) return false;
        }
        return true;
      case "enumeration":
        return format.values.some(function (value) { return equalBytes(bytes, start, end, utf8(value)); });
    }
    return false;
  }

  // The contract prepared once: byte forms of what the steps compare.
  function prepare(contract) {
    if (contract.prepared) return contract.prepared;
    var parsing = contract.parsing;
    var invalid = new Uint8Array(256);
    parsing.invalidBytes.forEach(function (range) { for (var b = range.from; b <= range.to; b++) invalid[b] = 1; });
    var listed = {};
    contract.forbiddenWords.kinds.forEach(function (kind) { kind.words.forEach(function (w) { listed[w] = true; }); });
    var routes = contract.routeClasses.map(function (route) {
      var fields = {};
      route.fields.forEach(function (field) { fields[field.name] = field; });
      return {
        id: route.id,
        // Only a route class whose carriers include https takes https links: the https path of
        // one that is not an app link is a web page, not one of the app's routes.
        path: route.carriers.indexOf("https") < 0 || !route.httpsPath ? null : route.httpsPath.map(function (segment) {
          return segment.literal !== undefined ? { literal: utf8(segment.literal) } : { field: fields[segment.field] };
        }),
        name: route.customSchemeName === null ? null : utf8(route.customSchemeName),
        query: route.query.rule === "none" ? [] : route.query.fields.map(function (name) {
          return { field: fields[name], bytes: utf8(name) };
        })
      };
    });
    var longest = 0;
    routes.forEach(function (r) { if (r.path && r.path.length > longest) longest = r.path.length; });
    contract.prepared = {
      invalid: invalid, listed: listed, routes: routes, longest: longest,
      plain: whole(parsing.fieldNames.plain), redacted: parsing.fieldNames.redacted,
      steps: parsing.steps.map(function (step) { return step.reason; }),
      namesField: contract.rejectionReasons.reduce(function (m, r) { m[r.reason] = r.namesField; return m; }, {})
    };
    return contract.prepared;
  }

  // --- The link's parts ----------------------------------------------------------------------

  // Everything the steps look at, read once, tolerant of every malformation, so that each
  // step can be asked in whatever order contract.json lists them.
  function read(p, bytes) {
    var n = bytes.length, i;
    var link = { bytes: bytes, n: n, invalid: false, percent: false, fragment: n, question: n };
    for (i = 0; i < n; i++) {
      var b = bytes[i];
      if (p.invalid[b]) link.invalid = true;
      else if (b === 37) link.percent = true;
      else if (b === 35 && link.fragment === n) link.fragment = i;
      else if (b === 63 && link.question === n && link.fragment === n) link.question = i;
    }
    // scheme "://"
    link.schemeEnd = -1;
    if (n > 0 && isLetter(bytes[0])) {
      i = 1;
      while (i < n && bytes[i] !== 58) {
        var c = bytes[i];
        if (!isLetter(c) && !isDigit(c) && c !== 43 && c !== 45 && c !== 46) { i = -1; break; }
        i++;
      }
      if (i > 0 && i + 2 < n && bytes[i + 1] === 47 && bytes[i + 2] === 47) link.schemeEnd = i;
    }
    if (link.schemeEnd < 0) return link;
    var authorityStart = link.schemeEnd + 3;
    link.queryStart = link.question >= authorityStart ? link.question : n;
    link.pathEnd = Math.min(link.queryStart, link.fragment);
    var authorityEnd = authorityStart;
    while (authorityEnd < link.pathEnd && bytes[authorityEnd] !== 47) authorityEnd++;
    link.authority = [authorityStart, authorityEnd];
    // query items: key to the first "=", value from it to the next "&"
    link.items = [];
    link.queryMalformed = false;
    if (link.queryStart < n) {
      var queryEnd = link.fragment, itemStart = link.queryStart + 1;
      if (itemStart === queryEnd) link.queryMalformed = true;
      while (!link.queryMalformed && itemStart <= queryEnd) {
        var itemEnd = itemStart, equals = -1;
        while (itemEnd < queryEnd && bytes[itemEnd] !== 38) {
          if (bytes[itemEnd] === 61 && equals < 0) equals = itemEnd;
          itemEnd++;
        }
        var keyEnd = equals < 0 ? itemEnd : equals;
        if (keyEnd === itemStart) { link.queryMalformed = true; break; }
        link.items.push({ key: [itemStart, keyEnd], value: [equals < 0 ? itemEnd : equals + 1, itemEnd] });
        itemStart = itemEnd + 1;
      }
    }
    return link;
  }

  // Which route the path or name matches: { route, full } or { route, prefix: segments } or null.
  function match(p, link, https) {
    var bytes = link.bytes, start = link.authority[1], end = link.pathEnd;
    if (!https) {
      if (start !== end) return null;
      for (var r = 0; r < p.routes.length; r++) {
        var name = p.routes[r].name;
        if (name !== null && equalBytes(bytes, link.authority[0], link.authority[1], name)) return { route: p.routes[r], full: true };
      }
      return null;
    }
    if (start === end) return null;
    var segments = [], s = start + 1;
    for (var k = s; k <= end; k++) {
      if (k === end || bytes[k] === 47) {
        if (k === s) return null;
        if (k - s <= 2 && bytes[s] === 46 && bytes[k - 1] === 46) return null;
        if (segments.length === p.longest) return null;
        segments.push([s, k]);
        s = k + 1;
      }
    }
    link.segments = segments;
    var prefix = null;
    for (var index = 0; index < p.routes.length; index++) {
      var route = p.routes[index];
      if (!route.path || route.path.length < segments.length) continue;
      var agree = segments.every(function (segment, i) {
        var part = route.path[i];
        return part.literal === undefined || equalBytes(bytes, segment[0], segment[1], part.literal);
      });
      if (!agree) continue;
      if (route.path.length === segments.length) return { route: route, full: true };
      if (prefix === null && route.path.some(function (part, i) { return part.field && i >= segments.length; })) {
        prefix = route;
      }
    }
    return prefix === null ? null : { route: prefix, prefix: segments.length };
  }

  // --- The steps -----------------------------------------------------------------------------

  // Each step by the reason it gives: a rejection { reason, field } or null to go on. The
  // order is contract.json's parsing.steps.
  var steps = {
    "oversized": function (p, link, contract) {
      return link.n > contract.maximumLinkBytes ? {} : null;
    },
    "malformed-url": function (p, link) {
      return link.n === 0 || link.invalid || link.schemeEnd < 0 || link.queryMalformed ? {} : null;
    },
    "malformed-encoding": function (p, link) { return link.percent ? {} : null; },
    "scheme-not-allowed": function (p, link, contract, build) {
      if (equalLowered(link.bytes, 0, link.schemeEnd, utf8("https"))) { link.https = true; return null; }
      if (equalLowered(link.bytes, 0, link.schemeEnd, utf8(build.customScheme))) { link.https = false; return null; }
      return {};
    },
    "userinfo-present": function (p, link) {
      return indexOf(link.bytes, 64, link.authority[0], link.authority[1]) >= 0 ? {} : null;
    },
    "port-present": function (p, link) {
      var start = link.authority[0], end = link.authority[1];
      if (start < end && link.bytes[start] === 91) {
        var close = indexOf(link.bytes, 93, start, end);
        if (close >= 0) start = close;
      }
      return indexOf(link.bytes, 58, start, end) >= 0 ? {} : null;
    },
    "host-not-configured": function (p, link, contract, build) {
      if (!link.https) return null;
      return equalLowered(link.bytes, link.authority[0], link.authority[1], utf8(build.webHost)) ? null : {};
    },
    "fragment-present": function (p, link) { return link.fragment < link.n ? {} : null; },
    "forbidden-field": function (p, link) {
      return link.items.some(function (item) { return forbiddenKey(p.listed, link.bytes, item.key[0], item.key[1]); })
        ? {} : null;
    },
    "duplicate-field": function (p, link) {
      for (var x = 1; x < link.items.length; x++) {
        for (var y = 0; y < x; y++) {
          var a = link.items[x].key, b = link.items[y].key;
          if (equalBytes(link.bytes, a[0], a[1], link.bytes.subarray(b[0], b[1]))) return {};
        }
      }
      return null;
    },
    "unknown-route": function (p, link) {
      link.match = match(p, link, link.https);
      return link.match === null ? {} : null;
    },
    "missing-field": function (p, link) {
      var m = link.match;
      if (m.prefix !== undefined) {
        var missing = null;
        m.route.path.forEach(function (part, i) { if (!missing && part.field && i >= m.prefix) missing = part.field.name; });
        return { field: missing };
      }
      var alternatives = m.route.query;
      link.chosen = -1;
      for (var a = 0; a < alternatives.length && link.chosen < 0; a++) {
        for (var k = 0; k < link.items.length; k++) {
          var key = link.items[k].key;
          if (equalBytes(link.bytes, key[0], key[1], alternatives[a].bytes)) { link.chosen = a; break; }
        }
      }
      return alternatives.length && link.chosen < 0 ? { field: alternatives[0].field.name } : null;
    },
    "extra-field": function (p, link) {
      var alternatives = link.match.route.query;
      for (var k = 0; k < link.items.length; k++) {
        var key = link.items[k].key, which = -1;
        for (var a = 0; a < alternatives.length && which < 0; a++) {
          if (equalBytes(link.bytes, key[0], key[1], alternatives[a].bytes)) which = a;
        }
        if (which < 0 || which !== link.chosen) return { field: text(link.bytes, key[0], key[1]) };
      }
      return null;
    },
    "invalid-value": function (p, link) {
      var route = link.match.route, values = [];
      if (route.path) {
        route.path.forEach(function (part, i) {
          if (part.field) values.push({ field: part.field, at: link.segments[i] });
        });
      }
      if (link.chosen >= 0) {
        var field = route.query[link.chosen];
        var item = link.items.filter(function (it) { return equalBytes(link.bytes, it.key[0], it.key[1], field.bytes); })[0];
        values.push({ field: field.field, at: item.value });
      }
      for (var v = 0; v < values.length; v++) {
        if (!admits(values[v].field.format, link.bytes, values[v].at[0], values[v].at[1])) {
          return { field: values[v].field.name };
        }
      }
      link.values = values;
      return null;
    }
  };

  /// The outcome for `input` (a string, or bytes as a Uint8Array) on the build named
  /// `buildName`: { outcome: "recognized", route, fields: [[name, value]] } or
  /// { outcome: "unsupported", reason, field }; null when the build is unknown.
  function classify(contract, buildName, input) {
    var p = prepare(contract);
    var build = contract.builds.filter(function (b) { return b.name === buildName; })[0];
    if (!build) return null;
    var bytes = typeof input === "string" ? utf8(input) : input;
    var link = read(p, bytes);
    link.https = false;
    link.items = link.items || [];
    for (var s = 0; s < p.steps.length; s++) {
      var step = steps[p.steps[s]];
      if (!step) throw new Error("contract.json lists a parsing step this checker does not know: " + p.steps[s]);
      var rejected = step(p, link, contract, build);
      if (rejected) {
        var field = p.namesField[p.steps[s]] && rejected.field !== undefined && rejected.field !== null
          ? (p.plain.test(rejected.field) ? rejected.field : p.redacted) : null;
        return { outcome: "unsupported", reason: p.steps[s], field: field };
      }
    }
    return {
      outcome: "recognized", route: link.match.route.id,
      fields: link.values.map(function (v) { return [v.field.name, text(bytes, v.at[0], v.at[1])]; })
    };
  }

  /// The line the tool's `parse` command prints for an outcome.
  function line(outcome) {
    if (outcome.outcome === "recognized") {
      return ["recognized", outcome.route].concat(outcome.fields.map(function (f) { return f[0] + "=" + f[1]; })).join(" ");
    }
    return "unsupported " + outcome.reason + (outcome.field ? " " + outcome.field : "");
  }

  /// The link `text` is, read as a reader pastes one: as typed when it starts with a scheme
  /// (`https://`, `<scheme>://`); with `https://` before it when it reads as a host
  /// and a path, query or fragment (`<host>/start`) or is a build's host alone;
  /// otherwise null (a word, or a file name such as `conformance.json`). What the link then is,
  /// only `classify` says: this reads the shape of the text, never the contract's rules.
  function linkOf(contract, text) {
    var input = String(text).trim();
    if (/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(input)) return { link: input, added: false };
    var host = /^([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+)(?::[0-9]*)?(?=[\/?#]|$)/.exec(input);
    if (!host) return null;
    var alone = host[0].length === input.length;
    var named = contract.builds.some(function (build) { return build.webHost.toLowerCase() === host[1].toLowerCase(); });
    if (alone && !named) return null;
    return { link: "https://" + input, added: true };
  }

  var api = { classify: classify, line: line, keyWords: keyWords, linkOf: linkOf };
  if (typeof module !== "undefined" && module.exports) { module.exports = api; return; }
  root.linkChecker = api;

  // --- The page ------------------------------------------------------------------------------

  if (typeof document === "undefined") return;
  var form = document.getElementById("check-form");
  var outcome = document.getElementById("outcome");
  var contract = root.contractDocument;
  if (!form || !outcome || !contract) return;
  var buildField = form.elements.build, linkField = form.elements.link;
  // Under the outcome, for a link typed without its scheme: what it is with `https://`.
  var hint = document.createElement("p");
  hint.className = "check-hint";
  hint.setAttribute("aria-live", "polite");
  hint.hidden = true;
  outcome.parentNode.parentNode.insertBefore(hint, outcome.parentNode.nextSibling);

  function show() {
    var link = linkField.value;
    hint.hidden = true;
    if (!link) { outcome.textContent = ""; return; }
    var answer = classify(contract, buildField.value, link);
    outcome.textContent = answer ? line(answer) : "unknown build " + buildField.value;
    var found = answer ? linkOf(contract, link) : null;
    if (found && found.added) {
      hint.textContent = "The link has no scheme, so the parser refuses it as written. With https:// before it: " +
        line(classify(contract, buildField.value, found.link));
      hint.hidden = false;
    }
  }

  var query = new URLSearchParams(root.location.search);
  if (query.has("build")) buildField.value = query.get("build");
  if (query.has("link")) linkField.value = query.get("link");
  form.addEventListener("submit", function (event) { event.preventDefault(); show(); });
  linkField.addEventListener("input", show);
  buildField.addEventListener("change", show);
  show();
  root.checkReady = true;
})(typeof self !== "undefined" ? self : this);
