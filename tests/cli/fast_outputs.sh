#!/bin/sh
# hcisim run refuses, before anything is written, what it would ignore or write
# empty: with --fast the outputs made of a simulation (the timeline, the latency
# histogram) and the run controls (seed, run length); with --dry-run every output;
# --json-format without --json. Exit 2, the option named, no file.
# usage: fast_outputs.sh HCISIM SOURCE_DIR
hcisim=$1
scenario=$2/scenarios/ax7525/test2-8k-random-30w.yaml
dir=$(mktemp -d) || exit 1
trap 'rm -rf "$dir"' EXIT
check() {  # check EXPECTED-TEXT ARGS...
  expected=$1
  shift
  message=$("$hcisim" run "$scenario" "$@" 2>&1 >/dev/null)
  status=$?
  if [ $status -ne 2 ]; then echo "FAIL: $* exited $status"; exit 1; fi
  case $message in *"$expected"*) ;; *) echo "FAIL: $*: $message"; exit 1 ;; esac
}
check "--fast has no simulation to give --csv" --fast --csv "$dir/timeline.csv"
check "--fast has no simulation to give --plot" --fast --plot "$dir/plots"
check "--fast has no simulation to give --json-format fio" --fast --json "$dir/fio.json" --json-format fio
check "drop --seed or --fast" --fast --seed 3
check "drop --duration or --fast" --fast --duration 1s
check "give --json FILE too" --json-format fio
check "--dry-run simulates nothing and writes nothing: drop --json" --dry-run --json "$dir/run.json"
check "--dry-run simulates nothing and writes nothing: drop --csv" --dry-run --csv "$dir/timeline.csv"
check "--dry-run simulates nothing and writes nothing: drop --plot" --dry-run --plot "$dir/plots"
check "--dry-run estimates a simulation" --dry-run --fast
if [ -n "$(ls -A "$dir")" ]; then echo "FAIL: files left: $(ls "$dir")"; exit 1; fi
# The hcisim JSON of an estimate carries no maximum latency.
"$hcisim" run --fast "$scenario" --json "$dir/run.json" >/dev/null || { echo "FAIL: --fast --json"; exit 1; }
grep -q '"max": null' "$dir/run.json" || { echo "FAIL: no null maximum in $dir/run.json"; exit 1; }
echo PASS
