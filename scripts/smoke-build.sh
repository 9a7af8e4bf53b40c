#!/usr/bin/env bash
# Checks the built package as an installer sees it: every export resolves and
# has type declarations, and the sandbox bin starts and answers.
set -euo pipefail
cd "$(dirname "$0")/.."

node -e '
for (const entry of ["client", "sandbox", "providers/pickup-point", "admin"]) {
  require.resolve(`medusa-pickup-point/${entry}`)
}
const { ShipmentOrdersClient } = require("medusa-pickup-point/client")
const { startSandbox } = require("medusa-pickup-point/sandbox")
if (typeof ShipmentOrdersClient !== "function" || typeof startSandbox !== "function") process.exit(1)
// Every export names its type declarations, and they were emitted.
const fs = require("fs")
const { exports: entries } = require("./package.json")
const concrete = { "./*": "./.medusa/server/src/workflows/index.d.ts" }
for (const [entry, target] of Object.entries(entries)) {
  if (entry === "./package.json") continue
  if (typeof target !== "object" || !target.types) throw new Error(`export ${entry} has no types`)
  const file = concrete[entry] ?? target.types.replace("*", "pickup-point")
  if (!fs.existsSync(file)) throw new Error(`export ${entry}: ${file} was not emitted`)
}
'

log=$(mktemp)
node "$(node -p 'require("./package.json").bin["pickup-point-sandbox"]')" --port 0 --seed demo >"$log" 2>&1 &
pid=$!
trap 'kill $pid 2>/dev/null || true; rm -f "$log"' EXIT
url=""
for _ in $(seq 1 50); do
  url=$(grep -o 'http://127\.0\.0\.1:[0-9]*' "$log" | head -n 1 || true)
  [ -n "$url" ] && break
  sleep 0.2
done
[ -n "$url" ] || { cat "$log"; echo "the sandbox bin did not start"; exit 1; }
node -e 'fetch(process.argv[1] + "/health").then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))' "$url"
grep -q "DEMO-DELIVERY" "$log"
echo "build smoke: exports resolve, sandbox bin answers on $url"
