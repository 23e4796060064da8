#!/bin/sh
# Command-line tests of `hcisim explain`: the sections it prints, its JSON, exit codes.
# usage: explain.sh HCISIM SOURCE_DIR CASE    (exit 0 = pass)
set -u
H=$1
SRC=$2
CASE=$3
S=$SRC/scenarios/ax7525/latency-floor-4k-qd1.yaml
D=$(mktemp -d)
trap 'rm -rf "$D"' EXIT
cd "$D" || exit 1
fail() { echo "FAIL ($CASE): $*"; exit 1; }

case $CASE in
sections)  # every section and every counterfactual, exit 0
  "$H" explain "$S" --duration 20ms --quick -q > out.txt 2> err.txt || fail "exit $?: $(cat err.txt)"
  for heading in "What the run gives" "What limits it" "The chain, busiest first" "Host CPU by node and layer" \
                 "Where the time goes" "Little's law" "Capacity and durability" "What if" "Repair speeds"; do
    grep -q "^ *$heading" out.txt || fail "no section '$heading'"
  done
  for variant in "one more node" "two-way mirror" "TCP instead of RDMA" "NIC at twice the port speed"; do
    grep -q "^  $variant  *[0-9]" out.txt || fail "no row for '$variant'"
  done
  # One VM with one I/O in flight: nothing is busy, the in-flight count sets the rate.
  grep -q "the limit is the outstanding I/O" out.txt || fail "limit: $(grep -i limit out.txt | head -2)"
  grep -q "The VMs keep 1 x 1 = 1 in flight" out.txt || fail "Little's law sentence"
  ;;
json)  # --json - : the JSON on standard output, the text on standard error
  "$H" explain "$S" --duration 10ms --quick -q --json - > out.json 2> out.txt || fail "exit $?"
  grep -q '"what_if"' out.json || fail "no what_if block"
  grep -q '"chain"' out.json || fail "no chain"
  grep -q "What limits it" out.txt || fail "text not on standard error"
  ;;
usage)  # bad usage exits 2 with one line
  "$H" explain > /dev/null 2> err.txt; code=$?
  [ $code -eq 2 ] || fail "no scenario: exit $code"
  "$H" explain "$S" --bogus > /dev/null 2> err.txt; code=$?
  [ $code -eq 2 ] || fail "unknown option: exit $code"
  grep -q "bogus" err.txt || fail "message: $(cat err.txt)"
  "$H" explain "$S" --duration soon > /dev/null 2> err.txt; code=$?
  [ $code -eq 2 ] || fail "bad duration: exit $code"
  "$H" explain "$S" --json "$D" > /dev/null 2> err.txt; code=$?
  [ $code -eq 2 ] || fail "--json to a folder: exit $code"
  "$H" explain "$D/missing.yaml" > /dev/null 2> err.txt; code=$?
  [ $code -eq 1 ] || fail "missing scenario: exit $code"
  ;;
*) fail "unknown case" ;;
esac
echo PASS
