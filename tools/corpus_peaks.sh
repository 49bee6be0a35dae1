#!/usr/bin/env bash
# The hostile script corpus (tests/fuzz/corpus/js) as whole processes: each file becomes a
# one-function project (the body inside `function hostile() { const out = []; ... }`, as
# crates/gas-sim/tests/it/fuzz.rs runs it) under `gas-sim call`, with /usr/bin/time -v.
# Prints one line per case: peak resident memory (MiB), wall seconds, exit code, and the
# outcome gas-sim printed; then the largest peak. Issue 25's check: every peak under 2 GB
# with the default budgets, no exit 134. A measurement, not a test: CI does not run it.
#
# Usage: tools/corpus_peaks.sh [GAS_SIM_BINARY]   (default: target/release/gas-sim)
set -euo pipefail
cd "$(dirname "$0")/.."
binary=${1:-target/release/gas-sim}
[ -x "$binary" ] || { echo "no gas-sim binary at $binary (cargo build --release -p gas-sim)" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
printf '{\n  "timeZone": "UTC",\n  "runtimeVersion": "V8"\n}\n' > "$work/appsscript.json"

worst=0 worst_case=""
printf '%-32s %9s %8s %5s  %s\n' case peak_MiB wall_s exit outcome
for file in tests/fuzz/corpus/js/*.js; do
  name=$(basename "$file" .js)
  { printf 'function hostile() {\n  const out = [];\n'; cat "$file"; printf '\n  return out.length;\n}\n'; } > "$work/Code.gs"
  set +e
  /usr/bin/time -v -o "$work/time.txt" "$binary" call "$work" hostile > "$work/out.txt" 2>&1
  code=$?
  set -e
  peak_kib=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$work/time.txt")
  wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {print $2}' "$work/time.txt")
  outcome=$(grep -m1 -oE '(completed|failed|killed)[^"]{0,60}' "$work/out.txt" || head -c 60 "$work/out.txt" | tr '\n' ' ')
  peak_mib=$((peak_kib / 1024))
  printf '%-32s %9d %8s %5d  %s\n' "$name" "$peak_mib" "$wall" "$code" "$outcome"
  if [ "$peak_mib" -gt "$worst" ]; then worst=$peak_mib worst_case=$name; fi
done
echo "largest peak: $worst MiB ($worst_case)"
