// check-conventions.js FILE: ddblint's SARIF conventions that neither the
// schema nor the SARIF Multitool checks (design.md sections 9 and 10):
//  - run.columnKind is set ("utf16CodeUnits");
//  - originalUriBaseIds.%SRCROOT% is an absolute file:/// URI ending in "/";
//  - every artifactLocation is either relative with uriBaseId "%SRCROOT%",
//    or an absolute file:// URI without uriBaseId;
//  - suppressions are all-or-none across a run's results;
//  - every result has partialFingerprints.primaryLocationLineHash
//    ("hex:count") and "ddblint/v1" (64 hex digits), and a ruleIndex that
//    names its ruleId.
// Prints each violation and exits 1 when there is any.
// SPDX-License-Identifier: MIT
"use strict";
const fs = require("fs");
const file = process.argv[2];
const log = JSON.parse(fs.readFileSync(file, "utf8"));
const problems = [];
const bad = (where, what) => problems.push(`${file}: ${where}: ${what}`);

function checkArtifactLocation(al, where) {
  if (!al || typeof al.uri !== "string") return bad(where, "artifactLocation without uri");
  if (al.uriBaseId !== undefined) {
    if (al.uriBaseId !== "%SRCROOT%") bad(where, `uriBaseId ${al.uriBaseId}, expected %SRCROOT%`);
    if (/^[a-z][a-z0-9+.-]*:/i.test(al.uri) || al.uri.startsWith("/"))
      bad(where, `uri ${al.uri} should be relative to %SRCROOT%`);
  } else if (!al.uri.startsWith("file:///")) {
    bad(where, `uri ${al.uri} has no uriBaseId and is not an absolute file:/// URI`);
  }
}

function checkLocations(locs, where) {
  (locs || []).forEach((l, i) => {
    if (l.physicalLocation)
      checkArtifactLocation(l.physicalLocation.artifactLocation, `${where}[${i}]`);
  });
}

(log.runs || []).forEach((run, ri) => {
  const at = `runs[${ri}]`;
  if (run.columnKind !== "utf16CodeUnits") bad(at, "columnKind is not utf16CodeUnits");
  const root = ((run.originalUriBaseIds || {})["%SRCROOT%"] || {}).uri;
  if (typeof root !== "string" || !root.startsWith("file:///") || !root.endsWith("/"))
    bad(at, `originalUriBaseIds.%SRCROOT%.uri ${root} is not an absolute file:/// directory URI`);
  (run.artifacts || []).forEach((a, i) => checkArtifactLocation(a.location, `${at}.artifacts[${i}]`));
  for (const inv of run.invocations || [])
    (inv.toolExecutionNotifications || []).forEach((n, i) =>
      checkLocations(n.locations, `${at}.invocations.toolExecutionNotifications[${i}].locations`));
  const rules = ((run.tool || {}).driver || {}).rules || [];
  const results = run.results || [];
  const withSup = results.filter((r) => Array.isArray(r.suppressions)).length;
  if (withSup !== 0 && withSup !== results.length)
    bad(at, `suppressions on ${withSup} of ${results.length} results (must be all or none)`);
  results.forEach((r, i) => {
    const w = `${at}.results[${i}]`;
    checkLocations(r.locations, `${w}.locations`);
    checkLocations(r.relatedLocations, `${w}.relatedLocations`);
    const fp = r.partialFingerprints || {};
    if (!/^[0-9a-f]+:[0-9]+$/.test(fp.primaryLocationLineHash || ""))
      bad(w, "partialFingerprints.primaryLocationLineHash missing or malformed");
    if (!/^[0-9a-f]{64}$/.test(fp["ddblint/v1"] || ""))
      bad(w, "partialFingerprints[\"ddblint/v1\"] missing or malformed");
    if (r.ruleIndex === undefined || !rules[r.ruleIndex] || rules[r.ruleIndex].id !== r.ruleId)
      bad(w, `ruleIndex ${r.ruleIndex} does not name rule ${r.ruleId}`);
  });
});

for (const p of problems) console.log(p);
process.exit(problems.length ? 1 : 0);
