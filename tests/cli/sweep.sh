#!/bin/sh
# Command-line tests of `hcisim sweep`: the same rows whatever the parallelism
# (threads, MPI ranks), a killed sweep resumed without losing a point, a folder
# of another sweep refused, the SLO search against Little's law (and its plot), ranges of values,
# --dry-run's estimate, --precision, the search for the smallest value (sizing), for the largest and when none
# meets the objectives, the table on standard output, --fast without progress; and the reproducers of ../shared/reliability/more (a resume
# whose inputs changed, point files of another shape or a FIFO, SLOs on absent figures, a
# million-point grid).
# usage: sweep.sh HCISIM SOURCE_DIR CASE    (exit 0 = pass; prints SKIP when MPI is not built)
set -u
H=$1
SRC=$2
CASE=$3
D=$(mktemp -d)
trap 'rm -rf "$D"' EXIT
cd "$D" || exit 1
fail() { echo "FAIL ($CASE): $*"; exit 1; }
# One VM at queue depth 1..8 with 1 or 2 vCPUs: 8 short points.
SC=$SRC/scenarios/ax7525/latency-floor-4k-qd1.yaml
# Test 2's 8K random 30 % writes, 32 VMs per node: IOPS that grow with the nodes.
T2=$SRC/scenarios/ax7525/test2-8k-random-30w.yaml
# The reproducers' small scenario (4 nodes, 16 VMs, 4 KiB random reads, 5 ms).
BASE=$SRC/tests/scenarios/bad/reliability/more/base.yaml
grid() { "$H" sweep "$SC" --vary vms.workload.outstanding=1,2,4,8 --vary vms.vcpus=1,2 --duration 20ms --warmup 2ms -q "$@"; }

case $CASE in
jobs)  # --jobs 1 and --jobs 2 write byte-identical results
  grid --jobs 1 --out one > table1.txt || fail "jobs 1: exit $?"
  grid --jobs 2 --out two > table2.txt || fail "jobs 2: exit $?"
  # With the rows in files, standard output is a table: a header and a line per point, in grid order.
  head -1 table1.txt | grep -q "^point  vms.workload.outstanding  vms.vcpus  *IOPS" || fail "table header: $(head -1 table1.txt)"
  [ "$(wc -l < table1.txt)" -eq 9 ] || fail "expected a header and 8 lines: $(cat table1.txt)"
  [ "$(sed -n 9p table1.txt | awk '{print $1, $2, $3}')" = "7 8 2" ] || fail "last line: $(sed -n 9p table1.txt)"
  cmp table1.txt table2.txt || fail "the table differs between --jobs 1 and 2"
  cmp one/sweep.json two/sweep.json || fail "JSON differs between --jobs 1 and 2"
  cmp one/sweep.csv two/sweep.csv || fail "CSV differs between --jobs 1 and 2"
  [ "$(wc -l < one/sweep.csv)" -eq 9 ] || fail "expected a header and 8 rows"
  ;;
resume)  # a sweep stopped after 3 points, then killed during the next, resumes to the same result
  grid --jobs 2 --out whole || fail "whole: exit $?"
  grid --jobs 1 --out part --max-points 3 || fail "part: exit $?"
  [ "$(ls part/points | wc -l)" -eq 3 ] || fail "expected 3 finished points, got $(ls part/points)"
  [ ! -e part/sweep.json ] || fail "an unfinished sweep wrote its results"
  # Killed while running (a longer point: the kill lands during it); finished points stay complete.
  "$H" sweep "$SC" --vary vms.workload.outstanding=1,2,4,8 --vary vms.vcpus=1,2 --duration 20ms --warmup 2ms -q \
    --out part --jobs 1 & pid=$!
  sleep 0.2; kill -KILL $pid 2> /dev/null; wait $pid 2> /dev/null
  for f in part/points/*.json; do
    [ "$(tail -c 2 "$f" | head -c 1)" = "}" ] || fail "a point file is not complete: $f"
  done
  grid --jobs 2 --out part || fail "resume: exit $?"
  ls -A part/points | grep -v -q '^[0-9]*\.json$' && fail "a temporary file was left: $(ls -A part/points)"
  cmp whole/sweep.json part/sweep.json || fail "the resumed sweep differs"
  cmp whole/sweep.csv part/sweep.csv || fail "the resumed CSV differs"
  ;;
other-arguments)  # a folder holding another sweep is refused, naming what differs
  grid --out s --max-points 1 || fail "first: exit $?"
  grid --out s --seed 7 > out.txt 2>&1; code=$?
  [ $code -eq 2 ] || fail "exit $code, expected 2"
  grep -q "holds a sweep with other seed" out.txt || fail "message: $(cat out.txt)"
  ;;
mpi)  # two ranks on localhost: the same rows as one process
  if "$H" sweep "$SC" --vary vms.vcpus=1 --mpi -q --duration 1ms 2>&1 | grep -q "MPI is not available"; then
    echo "SKIP: hcisim was built without Boost.MPI"; exit 0
  fi
  command -v mpirun > /dev/null || { echo "SKIP: no mpirun"; exit 0; }
  grid --jobs 1 --out single || fail "single: exit $?"
  as_root=""; [ "$(id -u)" -eq 0 ] && as_root="--allow-run-as-root"
  # shellcheck disable=SC2086
  OMPI_MCA_plm_rsh_agent=false mpirun $as_root --oversubscribe -np 2 "$H" sweep "$SC" \
    --vary vms.workload.outstanding=1,2,4,8 --vary vms.vcpus=1,2 --duration 20ms --warmup 2ms -q --out ranks \
    > mpi.txt 2>&1 || fail "mpirun: exit $?: $(tail -5 mpi.txt)"
  cmp single/sweep.json ranks/sweep.json || fail "two ranks differ from one process"
  cmp single/sweep.csv ranks/sweep.csv || fail "two ranks' CSV differs"
  ;;
slo-littles-law)  # one VM with one vCPU, 4K reads: the vCPU saturates at its clock over the guest cycles per
  # I/O, less the guest's own background work (hardware-catalog/hypervisors/hyper-v.yaml):
  # 3.0 GHz x (1 - 134.2 M / 3.0 G) / (116,120 + 0.05 x 4096) = 24,640 IOPS; past it, mean latency =
  # outstanding / IOPS (Little), so the largest queue depth with a mean under 1 ms is floor(1 ms x 24,640) = 24.
  # 200 ms runs: the background's 1.4 ms bursts make 50 ms ones too noisy (+/- 9 %) to place it.
  "$H" sweep "$SC" --set vms.vcpus=1 --set 'vms.workload.diskspd=-b4K -t1 -o1 -w0 -r -Sh -L' \
    --over vms.workload.outstanding=1..256 --slo 'lat.mean<=1ms' --duration 200ms --warmup 10ms -q --json s.json \
    > out.txt || fail "exit $?"
  best=$(sed -n 's/^best under the objectives: vms.workload.outstanding=\([0-9]*\) .*/\1/p' out.txt)
  [ -n "$best" ] || fail "no best point: $(cat out.txt)"
  [ "$best" -ge 22 ] && [ "$best" -le 26 ] || fail "best queue depth $best, expected 24 +/- 2"
  # The knee: where the asymptotes meet, N* = (unloaded latency) x (saturated IOPS), about
  # 0.27 ms x 24,640 = 7; the peak of IOPS / latency lies near it.
  knee=$(sed -n 's/^knee of the latency curve.*outstanding=\([0-9]*\) .*/\1/p' out.txt)
  [ -n "$knee" ] && [ "$knee" -ge 5 ] && [ "$knee" -le 20 ] || fail "knee $knee, expected near 7"
  grep -q '"best": *'"$best" s.json || fail "JSON lacks the best point"
  # Within 2 % of the limit the 200 ms runs' intervals (about +/- 6 %) cannot settle it, and the best
  # point says so: its mean within its interval of 1 ms.
  line=$(grep '^best under the objectives' out.txt)
  printf '%s\n' "$line" | sed -n 's/.*not settled by this run: lat.mean<=1ms (\([0-9.]*\) ms +\/- \([0-9.]*\) ms, 95 %).*/\1 \2/p' \
    | awk 'NF == 2 && $1 - 1 <= $2 && 1 - $1 <= $2 { ok = 1 } END { exit !ok }' || fail "best point not said unsettled: $line"
  ;;
plot)  # --plot draws the saturation curve: one point per row, the IOPS of each row
  command -v gnuplot > /dev/null || { echo "SKIP: no gnuplot"; exit 0; }
  grid --jobs 2 --csv rows.csv --plot pic || fail "exit $?"
  [ -s pic/saturation.png ] || fail "no saturation.png: $(ls pic)"
  [ "$(grep -c . pic/saturation.dat)" -ge 8 ] || fail "expected 8 points: $(cat pic/saturation.dat)"
  # The plotted IOPS are the rows' total_iops (the CSV's column 4: point, the two varied keys, total_iops).
  first=$(sed -n 2p rows.csv | cut -d, -f4)
  grep -q "^$first\.000 " pic/saturation.dat || fail "the first row's IOPS $first is not plotted: $(head -3 pic/saturation.dat)"
  # A search plots the points it simulated, one each.
  "$H" sweep "$SC" --over vms.workload.outstanding=1..64 --slo 'lat.mean<=0.2ms' --duration 20ms --warmup 2ms \
    --plot spic > search.txt 2> search.log || fail "search: exit $?: $(cat search.log)"
  [ -s spic/saturation.png ] || fail "the search drew no saturation.png: $(ls spic)"
  simulated=$(grep -c " simulated: " search.log)
  [ "$simulated" -ge 2 ] || fail "expected at least two simulated points: $(cat search.log)"
  [ "$(grep -vc '^#' spic/saturation.dat)" -eq "$simulated" ] || fail "plotted $(cat spic/saturation.dat) for $(cat search.log)"
  ;;
ranges)  # LO..HI*FACTOR and LO..HI are the lists they stand for; a backward range is refused, exit 2
  "$H" sweep "$SC" --vary vms.workload.outstanding=1,2,4,8 --vary vms.vcpus=1,2 --fast -q --csv list.csv ||
    fail "list: exit $?"
  "$H" sweep "$SC" --vary vms.workload.outstanding=1..8*2 --vary vms.vcpus=1..2 --fast -q --csv range.csv ||
    fail "range: exit $?"
  cmp list.csv range.csv || fail "the ranges' rows differ from the lists'"
  "$H" sweep "$SC" --vary vms.workload.outstanding=8..1 --fast -q > out.txt 2>&1; code=$?
  [ $code -eq 2 ] || fail "8..1: exit $code, expected 2"
  grep -q "HI is below LO" out.txt || fail "message: $(cat out.txt)"
  ;;
dry-run)  # --dry-run checks every point, estimates the remaining ones and writes nothing
  grid --jobs 2 --dry-run > est.txt || fail "dry run: exit $?"
  grep -q "^Sweep: 8 points, every one loaded and checked, 8 to run" est.txt || fail "header: $(cat est.txt)"
  grep -q "^Wall time: about .* with 2 jobs (.* of runs, the longest point .*)" est.txt || fail "estimate: $(cat est.txt)"
  [ "$(grep -c '^ *[0-7]  .* s  vms.workload.outstanding=[1248], vms.vcpus=[12]$' est.txt)" -eq 8 ] ||
    fail "expected a line per point: $(cat est.txt)"
  [ "$(ls -A)" = est.txt ] || fail "a dry run wrote: $(ls -A)"
  # After 3 points of a resumable sweep: those 3 are finished, the folder is left as it was.
  grid --jobs 1 --out part --max-points 3 || fail "part: exit $?"
  ls -lR --full-time part > before.txt
  grid --out part --dry-run > est.txt || fail "dry run of part: exit $?"
  grep -q "3 finished earlier, 5 to run" est.txt || fail "resumed: $(cat est.txt)"
  [ "$(grep -c '^ *[3-7]  .* s  vms' est.txt)" -eq 5 ] || fail "expected the 5 points left: $(cat est.txt)"
  ls -lR --full-time part | cmp - before.txt || fail "the dry run changed the folder"
  grid --out fresh --dry-run > /dev/null || fail "dry run into a new folder: exit $?"
  [ ! -e fresh ] || fail "the dry run made its --out folder"
  # What it cannot do is refused before anything runs; a bad point is named.
  grid --dry-run --csv rows.csv > out.txt 2>&1; code=$?
  [ $code -eq 2 ] && [ ! -e rows.csv ] || fail "--csv: exit $code, $(cat out.txt)"
  grep -q "writes nothing: drop --csv" out.txt || fail "--csv message: $(cat out.txt)"
  grid --dry-run --fast > out.txt 2>&1; code=$?
  [ $code -eq 2 ] || fail "--fast: exit $code"
  "$H" sweep "$SC" --vary vms.workload.outstanding=1,0 --dry-run -q > out.txt 2>&1; code=$?
  [ $code -ne 0 ] || fail "a bad point passed"
  grep -q "point 1 \\[vms.workload.outstanding=0\\]" out.txt || fail "bad point message: $(cat out.txt)"
  ;;
refused)  # what a grid or a search does not use is refused before anything runs (exit 2), not ignored
  refused() {  # refused MESSAGE ARGS...: exit 2, the message, nothing written
    want=$1; shift
    "$H" sweep "$SC" -q "$@" > out.txt 2>&1; code=$?
    [ $code -eq 2 ] || fail "$*: exit $code, expected 2: $(cat out.txt)"
    grep -q -- "$want" out.txt || fail "$*: message: $(cat out.txt)"
    [ -z "$(ls)" ] || [ "$(ls)" = "out.txt" ] || fail "$*: wrote $(ls)"
  }
  refused "--maximise is for a search" --vary vms.vcpus=1,2 --maximise tps
  refused "--maximise is for a search" --vary vms.vcpus=1,2 --maximize tps
  refused "--smallest is for a search" --vary vms.vcpus=1,2 --smallest
  refused "--minimise is for a search" --vary vms.vcpus=1,2 --minimise vms.vcpus
  refused "give --out DIR" --vary vms.vcpus=1,2 --max-points 1
  refused "give one or the other" --vary vms.vcpus=1,2 --over vms.vcpus=1..2 --slo 'lat.mean<=1ms'
  refused "are for grids" --over vms.vcpus=1..2 --slo 'lat.mean<=1ms' --out s
  refused "drop --fast" --over vms.vcpus=1..2 --slo 'lat.mean<=1ms' --fast
  refused "did you mean" --over vms.vcpus=1..2 --slo 'lat.mean<=1ms' --maximise iops
  refused "drop --seed or --fast" --vary vms.vcpus=1,2 --fast --seed 3
  refused "drop --duration or --fast" --vary vms.vcpus=1,2 --fast --duration 1s
  refused "drop --precision or --fast" --vary vms.vcpus=1,2 --fast --precision 2%
  refused "drop --precision-percentiles or --fast" --vary vms.vcpus=1,2 --fast --precision-percentiles read.p99
  "$H" run "$SC" --fast --warmup 5ms > out.txt 2>&1; code=$?
  [ $code -eq 2 ] && grep -q "drop --warmup or --fast" out.txt || fail "run --fast --warmup: exit $code, $(cat out.txt)"
  ;;
precision)  # --precision: each point stops once its intervals are that narrow, and the CSV says when
  "$H" sweep "$SC" --vary vms.workload.outstanding=1,16 --duration 8s --warmup 2ms --precision 2% -q --out p > table.txt \
    || fail "exit $?"
  # Every point stopped well inside its 8 s, with both intervals within 2 % of their values.
  awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
           { iops = $c["total_iops"]; lat = $c["lat_mean_ms"]; m = $c["measured_ms"]
             if (!(m > 0 && m < 4000)) { print "measured " m; bad = 1 }
             if (!($c["total_iops_ci95"] <= 0.02 * iops)) { print "IOPS interval " $c["total_iops_ci95"]; bad = 1 }
             if (!($c["lat_mean_ms_ci95"] <= 0.02 * lat)) { print "latency interval " $c["lat_mean_ms_ci95"]; bad = 1 } }
           END { exit bad }' p/sweep.csv > why.txt || fail "$(cat why.txt)"
  [ "$(wc -l < p/sweep.csv)" -eq 3 ] || fail "expected a header and 2 rows"
  grep -q '"precision_reached": true' p/sweep.json || fail "sweep.json does not say the points stopped at their precision"
  # The same as --set run.precision=2% (a point of it, the same run).
  "$H" run "$SC" --set vms.workload.outstanding=4 --duration 2s --warmup 2ms --set run.precision=2% -q --json a.json \
    > /dev/null || fail "run --set: exit $?"
  "$H" run "$SC" --set vms.workload.outstanding=4 --duration 2s --warmup 2ms --precision 2% -q --json b.json \
    > /dev/null || fail "run --precision: exit $?"
  grep -v '"file"\|"title"\|wall\|per_s"\|_seconds"\|"events' a.json > a.txt; grep -v '"file"\|"title"\|wall\|per_s"\|_seconds"\|"events' b.json > b.txt
  cmp a.txt b.txt || fail "--precision and --set run.precision differ"
  # Covering the read p99 too: a point goes on until that interval is as narrow too, never stopping
  # sooner; one that stops inside its 16 s has it within 2 %, one that measures all of it has not
  # reached it. (Its 8 sections need 20 reads beyond the p99 each: at queue depth 1, 2,000 reads a
  # second, that is 8 s. The tail is the guests' background bursts, about 36 a second per VM: at
  # depth 16 the sections need many of them, not only many reads, and 16 s leave it near 2 %.)
  "$H" sweep "$SC" --vary vms.workload.outstanding=1,16 --duration 16s --warmup 2ms --precision 2% \
    --precision-percentiles read.p99 -q --out q > /dev/null || fail "--precision-percentiles: exit $?"
  paste -d, p/sweep.csv q/sweep.csv | awk -F, 'NR == 1 { n = NF / 2; for (i = 1; i <= n; i++) c[$i] = i; next }
           { p99 = $(n + c["read_lat_p99_ms"]); w = $(n + c["read_lat_p99_ms_ci95"]); m = $(n + c["measured_ms"])
             if (m < 16000) { inside++; if (!(w > 0 && w <= 0.02 * p99)) { print "stopped at " m " with read p99 " p99 " +/- " w; bad = 1 } }
             else if (!(w > 0.02 * p99)) { print "measured all with read p99 " p99 " +/- " w " (within 2 %)"; bad = 1 }
             if (!(m >= $c["measured_ms"])) { print "stopped sooner: " m; bad = 1 } }
           END { if (!inside) { print "no point stopped inside 16 s"; bad = 1 } exit bad }' > why.txt || fail "$(cat why.txt)"
  ;;
inputs-changed)  # a resume whose included file, catalog part or hcisim version changed is refused, naming it
  cp "$BASE" inc.yaml
  printf 'schema_version: 1\ntitle: "resume after an include changed"\ninclude: inc.yaml\n' > top.yaml
  small() { "$H" sweep top.yaml --jobs 1 -q "$@"; }
  small --vary cluster.nodes=3,4 --out o --max-points 1 || fail "first: exit $?"
  sed -i 's/-b4K/-b64K/' inc.yaml
  small --vary cluster.nodes=3,4 --out o > out.txt 2>&1; code=$?
  [ $code -eq 2 ] || fail "include changed: exit $code, expected 2: $(cat out.txt)"
  grep -q "holds a sweep whose input file '$D/inc.yaml' has changed since: remove the folder 'o' to start the sweep over" out.txt ||
    fail "include message: $(cat out.txt)"
  [ "$(ls o/points)" = 000000.json ] && [ ! -e o/sweep.csv ] || fail "the refused resume ran: $(ls o o/points)"
  # A --catalog folder: a part file added, then one changed.
  mkdir -p cat/drives
  small --vary vms.workload.outstanding=1,2 --out c --max-points 1 --catalog cat || fail "catalog first: exit $?"
  sed 's/^random_read_iops: .*/random_read_iops: {value: 1000, source: "EST: probe"}/' \
    "$SRC/hardware-catalog/drives/kioxia-cm6-v-3200.yaml" > cat/drives/k.yaml
  small --vary vms.workload.outstanding=1,2 --out c --catalog cat > out.txt 2>&1; code=$?
  [ $code -eq 2 ] && grep -q "did not read the input file '$D/cat/drives/k.yaml'" out.txt || fail "part added: exit $code, $(cat out.txt)"
  small --vary vms.workload.outstanding=1,2 --out d --max-points 1 --catalog cat || fail "catalog second: exit $?"
  sed -i 's/value: 1000,/value: 2000,/' cat/drives/k.yaml
  small --vary vms.workload.outstanding=1,2 --out d --catalog cat > out.txt 2>&1; code=$?
  [ $code -eq 2 ] && grep -q "input file '$D/cat/drives/k.yaml' has changed since" out.txt || fail "part changed: exit $code, $(cat out.txt)"
  # Another hcisim version, and a manifest from before it listed the inputs.
  sed -i 's/"hcisim_version": "[^"]*"/"hcisim_version": "0.0.1"/' d/manifest.json
  small --vary vms.workload.outstanding=1,2 --out d --catalog cat > out.txt 2>&1; code=$?
  [ $code -eq 2 ] && grep -q "made by another hcisim version (\"0.0.1\"; this is .*): the hcisim version changed" out.txt ||
    fail "version: exit $code, $(cat out.txt)"
  printf '{"hcisim_version": "0.1.0", "scenario_digest": "0123456789abcdef"}\n' > d/manifest.json
  small --vary vms.workload.outstanding=1,2 --out d --catalog cat > out.txt 2>&1; code=$?
  [ $code -eq 2 ] && grep -q "whose manifest does not list the files its points read" out.txt || fail "old manifest: exit $code, $(cat out.txt)"
  ;;
foreign-points)  # point files that are not rows of their point (other shapes, no JSON, empty) run again
  "$H" sweep "$BASE" --vary cluster.nodes=3,4 --out clean -q --jobs 1 > /dev/null || fail "clean: exit $?"
  for body in '{"point": 0, "vary": {"cluster.nodes": 3}}' '{"point": 0, "vary": {"cluster.nodes": "3"}}' \
              '{"point": 0, "vary": {"cluster.nodes": "3"}, "figures": 5}' '{"poi' ''; do
    rm -rf o; mkdir -p o/points; printf '%s\n' "$body" > o/points/000000.json
    "$H" sweep "$BASE" --vary cluster.nodes=3,4 --out o -q --jobs 1 > out.txt 2>&1 || fail "$body: exit $?: $(cat out.txt)"
    cmp clean/sweep.csv o/sweep.csv || fail "$body: the rows differ from a clean sweep's"
    cmp clean/points/000000.json o/points/000000.json || fail "$body: the point file was not replaced"
  done
  ;;
fifo-point)  # a FIFO where a point file goes is refused at once, naming it (it used to block for ever)
  mkdir -p o/points && mkfifo o/points/000001.json
  timeout 60 "$H" sweep "$BASE" --vary cluster.nodes=3,4 --out o -q --jobs 1 > out.txt 2>&1; code=$?
  [ $code -eq 1 ] || fail "exit $code (124: blocked), expected 1: $(cat out.txt)"
  grep -q "'o/points/000001.json' is a FIFO, not a point file: remove it" out.txt || fail "message: $(cat out.txt)"
  [ -p o/points/000001.json ] && [ ! -e o/points/000000.json ] || fail "ran or replaced something: $(ls -l o/points)"
  ;;
slo-absent)  # an objective on a figure the workload does not give is refused before any run, naming it
  for slo in 'write.p99<=1ms' 'write.mean<500us' 'transaction_lat_mean_ms<=5'; do
    "$H" sweep "$BASE" -q --over vms.workload.outstanding=1..8 --slo "$slo" --json s.json > out.txt 2>&1; code=$?
    [ $code -eq 2 ] && [ ! -e s.json ] || fail "$slo: exit $code: $(cat out.txt)"
    grep -q -- "--slo '$slo': the workload" out.txt || fail "$slo: message: $(cat out.txt)"
  done
  grep -q "runs no OLTP application" out.txt || fail "transactions: $(cat out.txt)"
  "$H" sweep "$BASE" -q --over vms.workload.outstanding=1..8 --slo 'read.p99<=1ms' --maximise write_iops > out.txt 2>&1
  [ $? -eq 2 ] && grep -q -- "--maximise write_iops: the workload issues no writes (-w0)" out.txt || fail "maximise: $(cat out.txt)"
  ;;
streamed)  # a million-point grid is not loaded whole: within 150 MB of address space (loading every point took
  # 2.5 GB), its two first points run and the rest wait (--max-points); under ASan (which maps terabytes) no limit
  grep -q __asan_init "$H" || ulimit -v 150000
  "$H" sweep "$BASE" --jobs 1 --vary run.seed=1..1000 --vary title=1..1000 --out big --max-points 2 > out.txt 2>&1 ||
    fail "exit $?: $(tail -3 out.txt)"
  [ "$(ls big/points)" = "$(printf '000000.json\n000001.json')" ] || fail "points: $(ls big/points | head)"
  grep -q "stopped after 2 new points (--max-points); 2 of 1000000 done" out.txt || fail "message: $(tail -3 out.txt)"
  ;;
smallest)  # --smallest: the smallest cluster whose run gives 2.5 M IOPS at a write p99 within 5 ms; that
  # cluster's run meets both objectives and one node fewer misses the IOPS; the same with --minimise and --jobs 1
  size() { "$H" sweep "$T2" --over cluster.nodes=3..12 --slo 'total_iops>=2.5M' --slo 'write.p99<=5ms' \
             --duration 20ms --warmup 10ms -q "$@"; }
  size --smallest --jobs 2 --json a.json > a.txt || fail "exit $?"
  n=$(sed -n 's/^smallest meeting the objectives: cluster.nodes=\([0-9]*\) (simulated).*/\1/p' a.txt)
  [ -n "$n" ] && [ "$n" -gt 3 ] || fail "answer: $(cat a.txt)"
  grep -q "^the next value down misses them: cluster.nodes=$((n - 1)) (simulated).*; misses total_iops>=2.5M" a.txt ||
    fail "the value below: $(cat a.txt)"
  ! grep -q -e '^warning' -e knee a.txt || fail "warned or gave a knee: $(cat a.txt)"
  grep -q '"search": "smallest"' a.json && grep -q '"best": '"$n," a.json || fail "JSON: $(head -c 300 a.json)"
  size --minimise cluster.nodes --jobs 1 --json b.json > b.txt || fail "--minimise: exit $?"
  cmp a.txt b.txt && cmp a.json b.json || fail "--minimise --jobs 1 differs from --smallest --jobs 2: $(cat b.txt)"
  # The two runs as a grid runs them: n meets both objectives, n - 1 not the IOPS.
  "$H" sweep "$T2" --vary cluster.nodes=$((n - 1)),$n --duration 20ms --warmup 10ms -q --csv - > g.csv || fail "grid: exit $?"
  awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
           { print $c["cluster.nodes"], ($c["total_iops"] >= 2500000), ($c["write_lat_p99_ms"] <= 5) }' g.csv > v.txt
  [ "$(cat v.txt)" = "$((n - 1)) 0 1
$n 1 1" ] || fail "the grid's verdicts (nodes, IOPS met, p99 met): $(cat v.txt)"
  # Refused: both ends at once, --minimise of another key, a figure to maximise with --smallest.
  size --smallest --largest > out.txt 2>&1; [ $? -eq 2 ] && grep -q "give one" out.txt || fail "both: $(cat out.txt)"
  size --minimise total_iops > out.txt 2>&1; [ $? -eq 2 ] && grep -q "name the key searched" out.txt || fail "key: $(cat out.txt)"
  size --smallest --maximise tps > out.txt 2>&1; [ $? -eq 2 ] && grep -q "drop --maximise" out.txt || fail "figure: $(cat out.txt)"
  ;;
largest)  # the default, --largest and --maximise KEY search for the largest value alike; a search for the
  # largest node count under an IOPS floor is warned that the floor gets easier as nodes are added
  search() { "$H" sweep "$SC" --over vms.workload.outstanding=1..64 --slo 'lat.mean<=0.4ms' --duration 20ms --warmup 2ms \
               -q "$@"; }
  search --jobs 2 --json a.json > a.txt || fail "default: exit $?"
  grep -q "^best under the objectives: vms.workload.outstanding=[0-9]* (simulated)" a.txt || fail "answer: $(cat a.txt)"
  grep -q '"search": "largest"' a.json || fail "JSON: $(head -c 300 a.json)"
  search --jobs 2 --largest --json b.json > b.txt || fail "--largest: exit $?"
  search --maximise vms.workload.outstanding --jobs 1 --json c.json > c.txt || fail "--maximise KEY: exit $?"
  cmp a.txt b.txt && cmp a.txt c.txt && cmp a.json b.json && cmp a.json c.json || fail "they differ: $(cat b.txt c.txt)"
  ! grep -q '^warning' a.txt || fail "warned: $(cat a.txt)"
  "$H" sweep "$T2" --over cluster.nodes=3..8 --slo 'total_iops>=2.5M' --duration 20ms --warmup 10ms -q --json w.json \
    > w.txt || fail "nodes: exit $?"
  grep -q "^best under the objectives: cluster.nodes=8 " w.txt || fail "nodes answer: $(cat w.txt)"
  grep -q "^warning: 'total_iops>=2.5M' is missed at cluster.nodes=3, .*; met .* on the fast path: it gets easier as \
cluster.nodes grows, against the search for the largest value.*search with --smallest$" w.txt || fail "warning: $(cat w.txt)"
  grep -q '"kind": "against_search"' w.json || fail "JSON warning: $(grep -A3 warnings w.json)"
  ;;
none)  # no value meets the objectives: said, with the closest run and what it misses (JSON: best null, closest)
  "$H" sweep "$T2" --over cluster.nodes=3..6 --smallest --slo 'total_iops>=50M' --duration 20ms --warmup 10ms -q \
    --json n.json > n.txt || fail "exit $?"
  grep -q "^no value of cluster.nodes in 3..6 meets the objectives" n.txt || fail "message: $(cat n.txt)"
  grep -q "^the closest: cluster.nodes=6 (simulated).*; misses total_iops>=50M ([0-9,]*)" n.txt || fail "closest: $(cat n.txt)"
  grep -q '"best": null' n.json && grep -q '"closest": 6' n.json || fail "JSON: $(head -c 300 n.json)"
  ;;
table)  # without --out, --csv or --json standard output shows the table (as with --out), --csv - the CSV
  grid --jobs 2 > t.txt || fail "exit $?"
  grid --jobs 2 --out o > o.txt || fail "--out: exit $?"
  cmp t.txt o.txt || fail "the tables differ: $(cat t.txt)"
  head -1 t.txt | grep -q "^point  vms.workload.outstanding  vms.vcpus  *IOPS  *MB/s  *read avg  *read p99  .*bottleneck$" ||
    fail "header: $(head -1 t.txt)"
  [ "$(wc -l < t.txt)" -eq 9 ] || fail "expected a header and 8 lines: $(cat t.txt)"
  grid --jobs 2 --csv - > c.csv || fail "--csv -: exit $?"
  cmp c.csv o/sweep.csv || fail "--csv - differs from the CSV of --out"
  ;;
fast-quiet)  # --fast: no progress per point (its points take milliseconds), the table on standard output
  "$H" sweep "$SC" --vary vms.workload.outstanding=1..9 --vary vms.vcpus=1,2 --fast > t.txt 2> e.txt || fail "exit $?"
  [ "$(wc -l < t.txt)" -eq 19 ] || fail "expected a header and 18 lines: $(cat t.txt)"
  ! grep -q ETA e.txt || fail "progress lines: $(cat e.txt)"
  [ "$(wc -l < e.txt)" -eq 1 ] && grep -q "^sweep: 18 points (0 from an earlier run) in " e.txt || fail "stderr: $(cat e.txt)"
  ;;
*) fail "unknown case" ;;
esac
echo PASS
