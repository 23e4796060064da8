#!/bin/sh
# hcisim run --fast refuses the outputs made of a simulation (the timeline, the
# latency histogram), before anything is written: exit 2, the option named, no file.
# usage: fast_outputs.sh HCISIM SOURCE_DIR
hcisim=$1
scenario=$2/scenarios/ax7525/test2-8k-random-30w.yaml
dir=$(mktemp -d) || exit 1
trap 'rm -rf "$dir"' EXIT
check() {  # check EXPECTED-TEXT ARGS...
  expected=$1
  shift
  message=$("$hcisim" run --fast "$scenario" "$@" 2>&1 >/dev/null)
  status=$?
  if [ $status -ne 2 ]; then echo "FAIL: $* exited $status"; exit 1; fi
  case $message in *"$expected"*) ;; *) echo "FAIL: $*: $message"; exit 1 ;; esac
}
check "--fast has no simulation to give --csv" --csv "$dir/timeline.csv"
check "--fast has no simulation to give --plot" --plot "$dir/plots"
check "--fast has no simulation to give --json-format fio" --json "$dir/fio.json" --json-format fio
if [ -n "$(ls -A "$dir")" ]; then echo "FAIL: files left: $(ls "$dir")"; exit 1; fi
# The hcisim JSON of an estimate carries no maximum latency.
"$hcisim" run --fast "$scenario" --json "$dir/run.json" >/dev/null || { echo "FAIL: --fast --json"; exit 1; }
grep -q '"max": null' "$dir/run.json" || { echo "FAIL: no null maximum in $dir/run.json"; exit 1; }
echo PASS
