#!/usr/bin/env node
// Runs the docs' link checker (Templates/check.js) over cases whose answers the Swift parser
// gave, and reports every case where the two differ. Driven by
// Tests/LinkParserTests/BrowserCheckerTests.swift; by hand:
//
//   node scripts/check-agreement.js --contract Site/contract.json --checker Templates/check.js \
//     --cases cases.json [--break KIND]
//
// cases.json: [{"build": NAME, "input": BASE64 OF THE LINK'S BYTES, "expected": LINE}, ...].
// --break changes the contract data on purpose (a reason order, a field length, a forbidden
// word, a host, a web page's carriers), so that a run can show that the checker reads the data: it must then differ.
// Exit 0 when every case agrees, 1 when any differs, 2 for a usage error.
"use strict";
const fs = require("fs");
const path = require("path");

function usage(message) {
  process.stderr.write("check-agreement: " + message + "\n");
  process.exit(2);
}

const options = {};
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i += 2) {
  if (!argv[i].startsWith("--") || argv[i + 1] === undefined) usage("expected --name value pairs");
  options[argv[i].slice(2)] = argv[i + 1];
}
for (const required of ["contract", "checker", "cases"]) if (!options[required]) usage("missing --" + required);

const contract = JSON.parse(fs.readFileSync(options.contract, "utf8"));
const checker = require(path.resolve(options.checker));
const cases = JSON.parse(fs.readFileSync(options.cases, "utf8"));

const breaks = {
  // Two adjacent steps swapped.
  "step-order": (c) => {
    const steps = c.parsing.steps;
    const i = steps.findIndex((s) => s.reason === "host-not-configured");
    [steps[i], steps[i + 1]] = [steps[i + 1], steps[i]];
  },
  // A reference one character shorter at most.
  "field-length": (c) => {
    for (const route of c.routeClasses) {
      for (const field of route.fields) {
        if (field.format.kind === "reference") { field.format.bodyLength.max -= 1; return; }
      }
    }
  },
  // The first forbidden word no longer listed.
  "forbidden-word": (c) => { c.forbiddenWords.kinds[0].words.shift(); },
  // Every build's host with a trailing dot.
  "host": (c) => { for (const build of c.builds) build.webHost += "."; },
  // A web page's https path read as one of the app's routes, its carriers ignored.
  "web-page": (c) => {
    for (const route of c.routeClasses) {
      if (route.httpsPath && route.carriers.indexOf("https") < 0) route.carriers.unshift("https");
    }
  },
};
if (options.break !== undefined) {
  if (!breaks[options.break]) usage("unknown --break " + options.break + "; one of " + Object.keys(breaks).join(", "));
  breaks[options.break](contract);
}

let agree = 0;
const differ = [];
for (const item of cases) {
  const bytes = new Uint8Array(Buffer.from(item.input, "base64"));
  let got;
  try {
    const outcome = checker.classify(contract, item.build, bytes);
    got = outcome ? checker.line(outcome) : "unknown build";
  } catch (error) {
    got = "exception: " + error.message;
  }
  if (got === item.expected) agree += 1;
  else differ.push({ build: item.build, input: Buffer.from(bytes).toString("latin1"), expected: item.expected, got });
}
for (const item of differ.slice(0, 20)) {
  process.stdout.write(
    "differs: " + item.build + " " + JSON.stringify(item.input) + "\n  swift:   " + item.expected +
    "\n  checker: " + item.got + "\n");
}
process.stdout.write("check-agreement: " + agree + " of " + cases.length + " cases agree, " + differ.length + " differ\n");
process.exit(differ.length === 0 ? 0 : 1);
