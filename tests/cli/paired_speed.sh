#!/bin/sh
# tools/bench/paired_speed.sh: a binary against itself gives a ratio near 1 in
# the format docs/speed.md describes; bad arguments are refused.
# usage: paired_speed.sh HCISIM SOURCE_DIR
set -u
hcisim=$1
src=$2
script="$src/tools/bench/paired_speed.sh"
out=$(sh "$script" "$hcisim" "$hcisim" 2 "$src/scenarios/ax7525/latency-floor-4k-qd1.yaml" 5ms 2>&1) || {
  echo "FAIL: the script failed: $out"
  exit 1
}
ratio=$(printf '%s\n' "$out" | sed -n 's/.*B\/A median \([0-9.]*\) (quartiles.*/\1/p')
if [ -z "$ratio" ] || ! awk -v r="$ratio" 'BEGIN { exit !(r > 0.2 && r < 5) }'; then
  echo "FAIL: no B/A median near 1 in: $out"
  exit 1
fi
if sh "$script" "$hcisim" 2>/dev/null; then
  echo "FAIL: missing arguments accepted"
  exit 1
fi
if sh "$script" /bin/true /bin/true 1 "$src/scenarios/ax7525/latency-floor-4k-qd1.yaml" 2>/dev/null; then
  echo "FAIL: a binary that prints no speed line was accepted"
  exit 1
fi
echo "PASS"
