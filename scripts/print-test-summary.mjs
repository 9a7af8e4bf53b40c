#!/usr/bin/env node
// Prints the runner's own totals as one `N passed, N failed` line (read by CI).
import { readFileSync } from "node:fs"

const file = process.argv[2] ?? ".test-results.json"
let results
try {
  results = JSON.parse(readFileSync(file, "utf8"))
} catch (error) {
  console.error(`No test results at ${file}: ${error.message}`)
  process.exit(1)
}
console.log(`${results.numPassedTests} passed, ${results.numFailedTests} failed`)
