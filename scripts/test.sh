#!/usr/bin/env bash
# The whole suite: typecheck, lint, build, vitest, Playwright. Ends with one line of totals.
set -u
cd "$(dirname "$0")/.."
mkdir -p reports
rm -f reports/unit.json reports/e2e.json

status=0
npm run -s typecheck || status=1
npm run -s lint || status=1
npm run -s build || { echo "build failed"; exit 1; }

npx vitest run --reporter=default --reporter=json --outputFile.json=reports/unit.json || status=1
npx playwright test || status=1

node -e '
const fs = require("fs");
let passed = 0, failed = 0;
try {
  const u = JSON.parse(fs.readFileSync("reports/unit.json", "utf8"));
  passed += u.numPassedTests; failed += u.numFailedTests;
} catch { failed += 1; console.error("no vitest results"); }
try {
  const e = JSON.parse(fs.readFileSync("reports/e2e.json", "utf8"));
  passed += e.stats.expected; failed += e.stats.unexpected + (e.stats.flaky || 0);
} catch { failed += 1; console.error("no playwright results"); }
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
' || status=1
exit $status
