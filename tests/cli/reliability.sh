#!/bin/sh
# Command-line regression tests for the reproducers of ../shared/reliability
# that need the program itself: output files, exit codes, what reaches the terminal.
# usage: reliability.sh HCISIM SOURCE_DIR CASE    (exit 0 = pass)
set -u
H=$1
SRC=$2
CASE=$3
R=$SRC/tests/scenarios/bad/reliability
D=$(mktemp -d)
trap 'rm -rf "$D"' EXIT
cd "$D" || exit 1  # whatever a broken build writes by accident lands in the scratch folder
fail() { echo "FAIL ($CASE): $*"; exit 1; }
# Files in $D other than the ones named: a temporary file left behind.
leftovers() {
  pattern=""
  for keep in "$@"; do pattern="$pattern -e $keep"; done
  # shellcheck disable=SC2086
  ls -A "$D" | grep -v -x -F $pattern | tr '\n' ' '
}

case $CASE in
plot-links)  # more/3: --plot DIR refuses a link planted at any name it writes, before the run, and follows none
  echo precious > "$D/victim.txt"
  for name in latency-cdf.gp timeline.dat gnuplot.log cpu-by-layer.png; do
    rm -rf "$D/plots" && mkdir "$D/plots" && ln -s ../victim.txt "$D/plots/$name"
    "$H" run "$R/base.yaml" -q --plot "$D/plots" > "$D/out.txt" 2> "$D/err.txt"; code=$?
    [ $code -ne 0 ] || fail "$name: exit 0"
    grep -q "plots/$name': it is a symbolic link" "$D/err.txt" || fail "$name: $(cat "$D/err.txt")"
    [ ! -s "$D/out.txt" ] || fail "$name: the run went ahead before the refusal"
    [ "$(cat "$D/victim.txt")" = precious ] || fail "$name: victim overwritten"
  done
  rm -rf "$D/plots" && mkdir "$D/plots" && ln -s ../victim.txt "$D/plots/saturation.gp"
  "$H" sweep "$R/base.yaml" -q --vary vms.workload.outstanding=1,2 --plot "$D/plots" > /dev/null 2> "$D/err.txt" &&
    fail "sweep: exit 0"
  grep -q "saturation.gp': it is a symbolic link" "$D/err.txt" || fail "sweep: $(cat "$D/err.txt")"
  [ "$(cat "$D/victim.txt")" = precious ] || fail "sweep: victim overwritten"
  ;;
tmp-symlink)  # 1a: a link planted at the old fixed temp name is not followed
  echo "precious data" > "$D/victim.txt"
  ln -s "$D/victim.txt" "$D/report.json.tmp"
  "$H" run "$R/base.yaml" -q --json "$D/report.json" > /dev/null || fail "exit $?"
  [ "$(cat "$D/victim.txt")" = "precious data" ] || fail "victim overwritten"
  [ -L "$D/report.json.tmp" ] || fail "planted link replaced"
  [ -f "$D/report.json" ] && [ ! -L "$D/report.json" ] || fail "report.json is not a regular file"
  grep -q '"hcisim_version"' "$D/report.json" || fail "no JSON in report.json"
  ;;
symlink-or-device)  # 1b: a link to stdout and a device node are written, never replaced
  ln -s /proc/self/fd/1 "$D/stdout"
  "$H" run "$R/base.yaml" -q --json "$D/stdout" | cat > "$D/captured.txt" || fail "exit through a pipe"
  [ "$(grep -c '"hcisim_version"' "$D/captured.txt")" = 1 ] || fail "JSON did not reach the pipe"
  [ -L "$D/stdout" ] || fail "the link to stdout was replaced"
  # Through the link to a regular file: refused before the run (give the file's own path).
  "$H" run "$R/base.yaml" -q --json "$D/stdout" > "$D/file.txt" 2> "$D/err.txt"; code=$?
  [ $code -eq 2 ] || fail "a link to a regular file: exit $code, expected 2"
  grep -q "symbolic link to a regular file" "$D/err.txt" || fail "message: $(cat "$D/err.txt")"
  [ -L "$D/stdout" ] || fail "the link was replaced"
  if mknod "$D/full" c 1 7 2>/dev/null; then
    "$H" run "$R/base.yaml" -q --json "$D/full" > /dev/null 2> "$D/err.txt"; code=$?
    [ $code -eq 1 ] || fail "/dev/full node: exit $code"
    grep -q "No space left on device" "$D/err.txt" || fail "message: $(cat "$D/err.txt")"
    [ -c "$D/full" ] || fail "the device node was replaced"
  fi
  ;;
concurrent-writers)  # 1c: two runs writing one path: both succeed, the file is one whole result
  # 1024 nodes x 1 VM: a large report, so the two writes overlap (as in the reproducer).
  set -- --set cluster.nodes=1024 --set vms.per_node=1 --duration 1ms --warmup 0ms --json "$D/r.json"
  i=0
  while [ $i -lt 10 ]; do
    "$H" run "$R/base.yaml" -q --seed 1 "$@" > /dev/null 2> "$D/e1" & p1=$!
    "$H" run "$R/base.yaml" -q --seed 2 "$@" > /dev/null 2> "$D/e2" & p2=$!
    wait $p1; r1=$?; wait $p2; r2=$?
    [ $r1 -eq 0 ] && [ $r2 -eq 0 ] || fail "pair $i: exit codes $r1 $r2: $(cat "$D/e1" "$D/e2")"
    [ "$(grep -c '"hcisim_version"' "$D/r.json")" = 1 ] || fail "pair $i: not one whole result"
    [ "$(tail -n 1 "$D/r.json")" = "}" ] || fail "pair $i: truncated"
    grep -q '"seed": [12],' "$D/r.json" || fail "pair $i: seed"
    [ -z "$(leftovers r.json e1 e2)" ] || fail "pair $i: left $(leftovers r.json e1 e2)"
    i=$((i + 1))
  done
  ;;
write-failure)  # 12: disk full: exit 1 naming the file, old file intact, no temp file left
  echo '{"old": true}' > "$D/r.json"
  ( trap '' XFSZ; ulimit -f 4; exec "$H" run "$R/base.yaml" -q --json "$D/r.json" > "$D/stdout.txt" 2> "$D/err.txt" ); code=$?
  [ $code -eq 1 ] || fail "exit $code"
  grep -q "cannot write '$D/r.json'" "$D/err.txt" || fail "message: $(cat "$D/err.txt")"
  [ "$(cat "$D/r.json")" = '{"old": true}' ] || fail "old result damaged"
  [ -z "$(leftovers r.json stdout.txt err.txt)" ] || fail "left $(leftovers r.json stdout.txt err.txt)"
  ;;
checked-before-run)  # 12: bad output paths are found before a (long) simulation, exit 2
  for args in "--json $D/nodir/x.json" "--json $D" "--csv $D/r.csv --json $D/./r.csv"; do
    # shellcheck disable=SC2086
    timeout 10 "$H" run "$SRC/scenarios/ax7525/test1-4k-random-read.yaml" -q --duration 60s $args > /dev/null 2> "$D/err.txt"
    code=$?
    [ $code -eq 2 ] || fail "$args: exit $code ($(cat "$D/err.txt"))"
  done
  "$H" run "$R/base.yaml" -q --json '' > /dev/null 2>&1; code=$?
  [ $code -eq 2 ] || fail "--json '': exit $code"
  ;;
json-to-stdout)  # '-' is standard output: pure JSON there, the readable report on stderr
  "$H" run "$R/base.yaml" -q --json - > "$D/out.json" 2> "$D/report.txt" || fail "exit $?"
  [ "$(head -c 1 "$D/out.json")" = "{" ] || fail "stdout is not JSON"
  [ "$(tail -n 1 "$D/out.json")" = "}" ] || fail "stdout is not only JSON"
  grep -q "^Throughput" "$D/report.txt" || fail "no report on stderr"
  ;;
usage-errors)  # 6 and 13: --seed -1 and an overflowing run length are command-line misuse
  "$H" run "$R/base.yaml" -q --seed -1 > /dev/null 2> "$D/err.txt"; code=$?
  [ $code -eq 2 ] && grep -q "expected a whole number from 0 to 9223372036854775807, got '-1'" "$D/err.txt" ||
    fail "--seed -1: exit $code, $(cat "$D/err.txt")"
  "$H" run "$R/base.yaml" -q --duration 2500000h --warmup 2500000h > /dev/null 2> "$D/err.txt"; code=$?
  [ $code -eq 2 ] || fail "2500000h twice: exit $code, $(cat "$D/err.txt")"
  # more/6: an empty --out is refused, not taken as the current folder
  "$H" sweep "$R/base.yaml" -q --vary cluster.nodes=3,4 --out '' > /dev/null 2> "$D/err.txt"; code=$?
  [ $code -eq 2 ] && grep -q "\-\-out: expected a folder, got ''" "$D/err.txt" || fail "--out '': exit $code, $(cat "$D/err.txt")"
  [ -z "$(leftovers err.txt)" ] || fail "--out '' wrote $(leftovers err.txt)"
  # durability --speeds: each product's own knob and range (S2D's repair speeds; ScaleIO's rebuild I/Os per device)
  "$H" durability "$SRC/scenarios/ax7525/whatif-drive-failure.yaml" -q --speeds 1,3 > /dev/null 2> "$D/err.txt"; code=$?
  [ $code -eq 2 ] && grep -q "S2D repair speeds (1, 2, 4, 8 or 16: " "$D/err.txt" || fail "S2D speed 3: exit $code, $(cat "$D/err.txt")"
  "$H" durability "$SRC/scenarios/vxrack/whatif-ssd-failure-vmfleet.yaml" -q --speeds 65 > /dev/null 2> "$D/err.txt"; code=$?
  [ $code -eq 2 ] && grep -q "ScaleIO repair speeds (1 to 64: rebuild I/Os in flight per source device" "$D/err.txt" ||
    fail "ScaleIO speed 65: exit $code, $(cat "$D/err.txt")"
  ;;
run-length-options)  # more/6: --duration/--warmup get the loader's checks that depend on the run's length
  "$H" run "$R/more/timeline-dropped-by-duration.yaml" -q --duration 1ms --warmup 0ms > /dev/null 2> "$D/err.txt"; code=$?
  [ $code -eq 1 ] && grep -q "\-\-duration: the timeline's event at 4 ms is past the end of the run" "$D/err.txt" ||
    fail "event past the end: exit $code, $(cat "$D/err.txt")"
  "$H" run "$R/more/base.yaml" -q --set run.interval=2ms --duration 1ms > /dev/null 2> "$D/err.txt"; code=$?
  [ $code -eq 1 ] && grep -q "run.interval 2 ms is longer than the measured time 1 ms" "$D/err.txt" ||
    fail "interval past the run: exit $code, $(cat "$D/err.txt")"
  ;;
no-io-is-an-error)  # 10: a run in which no I/O completes is an error, exit 1
  "$H" run "$R/base.yaml" -q --duration 1ns > /dev/null 2> "$D/err.txt"; code=$?
  [ $code -eq 1 ] && grep -q "no I/O completed in the measured time" "$D/err.txt" || fail "exit $code, $(cat "$D/err.txt")"
  "$H" run "$SRC/scenarios/ax7525/test1-4k-random-read.yaml" -q --set 'vms.workload.vmfleet=B8192-T2-O32-W0-PS' \
    --duration 200us --warmup 50us > /dev/null 2> "$D/err.txt"; code=$?
  [ $code -eq 1 ] && grep -q "no I/O completed" "$D/err.txt" || fail "8 MiB reads: exit $code, $(cat "$D/err.txt")"
  ;;
not-steady-warns)  # 10: -o4096 for 20 ms: Little's law gives ~365 ms, the report says so
  "$H" run "$SRC/scenarios/ax7525/test1-4k-random-read.yaml" -q --set vms.workload.vmfleet=B4-T2-O4096-W0-PR \
    --duration 20ms --warmup 5ms > "$D/out.txt" || fail "exit $?"
  grep -q "not at steady state: mean latency .* against Little's law 2097152 I/Os in flight" "$D/out.txt" ||
    fail "no warning: $(grep -A3 Warnings "$D/out.txt")"
  ;;
terminal-escapes)  # 13: escape sequences in a title or key never reach the terminal
  "$H" run "$R/escape-title-only.yaml" -q --duration 1ms > "$D/out.txt" 2>&1 || fail "exit $?"
  "$H" run "$R/escape-title-only.yaml" --dry-run >> "$D/out.txt" 2>&1 || fail "dry run: exit $?"
  "$H" run "$R/escape-title.yaml" >> "$D/out.txt" 2>&1
  esc=$(printf '\033')
  ! grep -q "$esc" "$D/out.txt" || fail "an ESC byte reached the output"
  grep -q 'x1b\[31mRED' "$D/out.txt" || fail "title not shown escaped"
  grep -q "key '\\\\x1b\[2Jkey-that-clears-the-screen': unknown key" "$D/out.txt" || fail "key not escaped"
  ;;
short-messages)  # 13: an error quotes a few dozen characters of a file, on one line
  "$H" run "$R/include-etc-passwd.yaml" --dry-run > /dev/null 2> "$D/err.txt"; code=$?
  [ $code -eq 1 ] || fail "exit $code"
  [ "$(wc -l < "$D/err.txt")" -eq 1 ] || fail "more than one line"
  [ "$(wc -c < "$D/err.txt")" -lt 200 ] || fail "$(wc -c < "$D/err.txt") bytes"
  ;;
*) fail "unknown case" ;;
esac
echo "PASS ($CASE)"
