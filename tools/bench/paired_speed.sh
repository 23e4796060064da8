#!/bin/sh
# Paired speed of two hcisim builds on one scenario, for a machine shared with
# other work (where one binary's figures move by tens of per cent between
# rounds): runs them one after the other, ROUNDS times (which goes first
# alternates), and prints the median and quartiles of B/A of the speed each
# run prints past warm-up (simulated I/Os per wall second), and each binary's
# best and median. Pairs taken close together see the same load.
#
#   tools/bench/paired_speed.sh HCISIM_A HCISIM_B ROUNDS SCENARIO [DURATION]
#
# e.g. tools/bench/paired_speed.sh /tmp/before/hcisim build/bin/hcisim 16 \
#        scenarios/ax7525/test1-4k-random-write.yaml 100ms
set -eu
if [ $# -lt 4 ]; then
  echo "usage: $0 HCISIM_A HCISIM_B ROUNDS SCENARIO [DURATION]" >&2
  exit 2
fi
a=$1 b=$2 rounds=$3 scenario=$4 duration=${5:-100ms}
speed() {
  out=$("$1" run "$scenario" --duration "$duration" 2>&1) || { echo "$out" >&2; exit 1; }
  figure=$(printf '%s\n' "$out" | sed -n 's/.*, \([0-9.]*\) M past warm-up.*/\1/p')
  if [ -z "$figure" ]; then
    echo "$0: $1 printed no 'simulator speed: ... M past warm-up' line" >&2
    exit 1
  fi
  echo "$figure"
}
pairs=$(mktemp)
trap 'rm -f "$pairs"' EXIT
i=0
while [ "$i" -lt "$rounds" ]; do
  if [ $((i % 2)) -eq 0 ]; then sa=$(speed "$a"); sb=$(speed "$b"); else sb=$(speed "$b"); sa=$(speed "$a"); fi
  echo "$sa $sb" >> "$pairs"
  i=$((i + 1))
done
# Median and quartiles by rank (the lower one at an even count), as sorted.
quantiles() { sort -g | awk '{v[NR] = $1} END {printf "%.3f (quartiles %.3f-%.3f)", v[int((NR + 1) / 2)], v[int((NR + 3) / 4)], v[int((3 * NR + 3) / 4)]}'; }
best() { sort -g | tail -n 1; }
echo "$scenario, $rounds pairs, past warm-up, M simulated I/Os per wall second"
echo "  B/A median $(awk '{print $2 / $1}' "$pairs" | quantiles)"
echo "  A best $(cut -d' ' -f1 "$pairs" | best), median $(cut -d' ' -f1 "$pairs" | quantiles)"
echo "  B best $(cut -d' ' -f2 "$pairs" | best), median $(cut -d' ' -f2 "$pairs" | quantiles)"
