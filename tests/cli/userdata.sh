#!/bin/sh
# Command-line tests of issue 13: fio-shaped JSON read by fio's own tool, options
# that need a value, --plot with and without gnuplot, compare --set per file,
# what-ifs not graded, --progress=plain, --dry-run's estimate, the catalog's list.
# usage: userdata.sh HCISIM SOURCE_DIR CASE    (prints PASS on success)
set -u
H=$1
SRC=$2
CASE=$3
S=$SRC/scenarios/ax7525/test1-4k-random-read.yaml
SHORT="--duration 5ms --warmup 2ms"
D=$(mktemp -d)
trap 'rm -rf "$D"' EXIT
cd "$D" || exit 1
fail() { echo "FAIL ($CASE): $*"; exit 1; }

case $CASE in
fio-json)  # fio's own fio_jsonplus_clat2csv reads --json-format fio and validates its bins
  "$H" run "$S" $SHORT -q --json-format fio --json "$D/r.json" > /dev/null || fail "exit $?"
  fio_jsonplus_clat2csv "$D/r.json" "$D/r.csv" > /dev/null || fail "clat2csv: exit $?"
  fio_jsonplus_clat2csv "$D/r.json" "$D/r.csv" --validate | grep -q "r_job0.csv validated" || fail "not validated"
  # Its count column adds up to the JSON's N (4K random read: reads only).
  n=$(python3 -c "import json;print(json.load(open('$D/r.json'))['jobs'][0]['read']['clat_ns']['N'])")
  sum=$(awk -F, 'NR>1 && $5 ~ /[0-9]/ {s+=$5} END {print s}' "$D/r_job0.csv")
  [ "$n" -gt 0 ] && [ "$n" = "$sum" ] || fail "N $n, CSV counts $sum"
  ;;
option-values)  # an option that needs a value never takes the next option; '-' is stdout
  "$H" run "$S" $SHORT --json --quiet > /dev/null 2> "$D/err.txt"; code=$?
  [ $code -eq 2 ] && grep -q "\-\-json needs a value, got the option '--quiet'" "$D/err.txt" || fail "json: $code $(cat "$D/err.txt")"
  [ ! -e "$D/--quiet" ] || fail "a file named --quiet was written"
  "$H" run "$S" $SHORT --csv -q > /dev/null 2> "$D/err.txt"; code=$?
  [ $code -eq 2 ] && grep -q "needs a value, got the option '-q'" "$D/err.txt" || fail "csv: $code"
  "$H" run "$S" $SHORT --seed > /dev/null 2> "$D/err.txt"; code=$?
  [ $code -eq 2 ] && grep -q "\-\-seed needs a value" "$D/err.txt" || fail "seed at the end: $code"
  "$H" run "$S" $SHORT --warmup -2ms > /dev/null 2> "$D/err.txt"; code=$?
  [ $code -eq 2 ] || fail "--warmup -2ms: exit $code"
  "$H" run "$S" $SHORT -q --csv - > "$D/out.csv" 2> /dev/null || fail "--csv -: exit $?"
  head -1 "$D/out.csv" | grep -q "^end_ms," || fail "stdout is not the CSV: $(head -1 "$D/out.csv")"
  ;;
plots)  # --plot draws three non-empty pictures; without gnuplot, one line and exit 0
  "$H" run "$S" $SHORT -q --plot "$D/p" > /dev/null || fail "exit $?"
  for f in latency-cdf timeline cpu-by-layer; do [ -s "$D/p/$f.png" ] || fail "$f.png missing or empty"; done
  mkdir "$D/emptybin"
  PATH="$D/emptybin" "$H" run "$S" $SHORT -q --plot "$D/q" > /dev/null 2> "$D/err.txt" || fail "no gnuplot: exit $?"
  [ "$(wc -l < "$D/err.txt")" -eq 1 ] && grep -q "gnuplot is not installed" "$D/err.txt" || fail "message: $(cat "$D/err.txt")"
  ;;
compare-sets)  # a --set after a file changes that file's row only, and the row says so
  "$H" compare "$SRC/scenarios/ax7525/latency-floor-4k-qd1.yaml" \
       "$SRC/scenarios/ax7525/latency-floor-4k-qd1.yaml" --set vms.per_node=2 > "$D/out.txt" 2>/dev/null || fail "exit $?"
  [ "$(grep -c '^latency-floor-4k-qd1' "$D/out.txt")" -eq 2 ] || fail "two rows: $(cat "$D/out.txt")"
  sed -n 2p "$D/out.txt" | grep -q ' -$' || fail "first row varies nothing: $(sed -n 2p "$D/out.txt")"
  sed -n 3p "$D/out.txt" | grep -q 'vms.per_node=2$' || fail "second row: $(sed -n 3p "$D/out.txt")"
  ;;
what-if)  # a two-way-mirror what-if shows the published figures, ungraded
  "$H" run "$S" $SHORT -q --set cluster.resiliency=two-way-mirror --json "$D/r.json" > "$D/out.txt" || fail "exit $?"
  grep -q "Published for the unmodified scenario" "$D/out.txt" || fail "no heading"
  ! grep -q "OUTSIDE\|within" "$D/out.txt" || fail "graded: $(grep -A4 Published "$D/out.txt")"
  grep -q '"graded": false' "$D/r.json" || fail "JSON graded"
  ;;
calibrate-own)  # a user's VMFleet 2.0 result file: calibrate --results writes parts a scenario then names
  # Some of the R640 rows of Dell's file, in VMFleet's tab-separated shape, without the cluster column:
  # the 1-vCPU VMs' 4K reads (VMs on their volume's node and not: network messages apart from writes),
  # their 30 % writes, the peaks and the light VDI runs. All 133 take minutes; these, seconds.
  awk -F, 'NR==1 || ($1=="R640-All-NVMe-16NVMe-64VMs-2Node" && $2=="A1v2" && ($6=="General4KWriteRatio0" ||
           ($6=="General4KWriteRatio30" && $5==100) || $6=="Peak4kRead" || ($6=="Vdi" && $5==100 && $7>0 && $7<=900)))' \
    "$SRC/scenarios/geos/data/points.csv" | cut -d, -f2- | tr ',' '\t' > "$D/fleet.tsv"
  [ "$(wc -l < "$D/fleet.tsv")" -eq 38 ] || fail "rows: $(wc -l < "$D/fleet.tsv")"
  "$H" calibrate "$SRC/scenarios/geos/r640-2node.yaml" --results "$D/fleet.tsv" --rounds 1 --jobs 2 \
       --write "$D/cat" --name my-s2d > "$D/out.txt" 2>&1 || fail "exit $?: $(tail -3 "$D/out.txt")"
  grep -q "calibrating on 37 measured runs of 1 cluster" "$D/out.txt" || fail "$(head -2 "$D/out.txt")"
  grep -q "^residuals: CPU over" "$D/out.txt" || fail "no residuals"
  [ -s "$D/cat/stacks/my-s2d.yaml" ] && [ -s "$D/cat/hypervisors/my-s2d-hyper-v.yaml" ] || fail "no parts written"
  grep -q 'calibrated: geos-r640-2node (37 measured runs of fleet.tsv)' "$D/cat/stacks/my-s2d.yaml" || fail "sources: $(grep calibrated "$D/cat/stacks/my-s2d.yaml" | head -1)"
  "$H" run "$SRC/scenarios/geos/r640-2node.yaml" --catalog "$D/cat" --set cluster.stack=my-s2d \
       --set cluster.hypervisor=my-s2d-hyper-v --duration 5ms --warmup 2ms -q > "$D/run.txt" || fail "run: exit $?"
  grep -q "stack my-s2d, hypervisor my-s2d-hyper-v" "$D/run.txt" || fail "the run: $(sed -n 3p "$D/run.txt")"
  # Twice into the same folder: refused, nothing overwritten.
  "$H" calibrate "$SRC/scenarios/geos/r640-2node.yaml" --results "$D/fleet.tsv" --rounds 1 --jobs 2 \
       --write "$D/cat" --name my-s2d > "$D/out2.txt" 2>&1 && fail "overwrote"
  grep -q "already exists" "$D/out2.txt" || fail "$(tail -1 "$D/out2.txt")"
  ;;
progress-plain)  # --progress plain: a line per 10 % of simulated time, with the time to go
  "$H" run "$S" $SHORT --progress plain > /dev/null 2> "$D/err.txt" || fail "exit $?"
  [ "$(grep -c '^hcisim: simulating... ' "$D/err.txt")" -ge 10 ] || fail "lines: $(cat "$D/err.txt")"
  grep -q "100% (" "$D/err.txt" || fail "no 100 % line"
  grep -q "to go)" "$D/err.txt" || fail "no time to go"
  ;;
dry-run)  # --dry-run: the capacity check and how long the run would take
  "$H" run "$S" --dry-run > "$D/out.txt" || fail "exit $?"
  grep -q "raw 307.2 TB, repair reserve 12.8 TB, usable 98.1 TB after 3 copies" "$D/out.txt" || fail "capacity"
  grep -q "^Wall time: about .* s on this machine = .* s set-up + .* s start + .* s steady state" "$D/out.txt" || fail "estimate"
  grep -q "steady state: .* I/Os x .* events per I/O / .* events per wall second" "$D/out.txt" || fail "estimate parts"
  ;;
catalog-list)  # catalog list: a line per part, every column starting at the same place
  "$H" catalog list > "$D/list.txt" || fail "exit $?"
  grep -q "^hypervisor  *hyper-v  *Microsoft Hyper-V" "$D/list.txt" || fail "no Hyper-V line: $(cat "$D/list.txt")"
  grep -q "^application  *sql-server-oltp " "$D/list.txt" || fail "no SQL Server line"
  # The id column starts where its header does, on every line (a kind wider than its column shifted it).
  at=$(head -1 "$D/list.txt" | awk '{print index($0, " id ") + 1}')
  awk -v at="$at" 'NR > 1 && (substr($0, at - 1, 1) != " " || substr($0, at, 1) == " ") {print "misaligned: " $0; bad = 1}
                   END {exit bad}' "$D/list.txt" || fail "columns"
  ;;
*) fail "unknown case" ;;
esac
echo "PASS ($CASE)"
