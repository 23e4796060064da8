#!/bin/sh
# Builds hcisim with clang, ASan + UBSan (+ float-cast-overflow) and libFuzzer,
# runs the whole test suite under the sanitizers, then each fuzz target for
# SECONDS, and prints how many inputs each fuzz target ran without a finding.
# usage: ci_stage.sh SOURCE_DIR BUILD_DIR SECONDS
set -eu
SRC=$1
BUILD=$2
SECONDS_EACH=$3
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
cmake -S "$SRC" -B "$BUILD" -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=RelWithDebInfo \
      -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1" -DHCISIM_SANITIZE=ON -DHCISIM_FUZZ=ON \
      -DHCISIM_FUZZ_SECONDS="$SECONDS_EACH" -DHCISIM_CI_SANITIZERS=OFF > "$BUILD.configure.log" 2>&1 ||
  { cat "$BUILD.configure.log"; exit 1; }
cmake --build "$BUILD" -j2 > "$BUILD.build.log" 2>&1 || { tail -n 60 "$BUILD.build.log"; exit 1; }
echo "sanitizer build: ok (clang, -fsanitize=address,undefined,float-cast-overflow)"
status=0
# Two at a time, as the plain suite runs: serial, the suite under the sanitizers
# took most of the stage (2,255 s of its 2,400 s timeout on one CI run).
ctest --test-dir "$BUILD" --output-on-failure -j2 -LE fuzz || status=1
ctest --test-dir "$BUILD" --output-on-failure -j2 -L fuzz || status=1
# libFuzzer ends with "Done N runs in S second(s)".
for log in "$BUILD"/Testing/Temporary/LastTest*.log; do
  awk '/^[0-9]+\/[0-9]+ Testing: fuzz_/ {name=$3} /^Done [0-9]+ runs/ && name {print "fuzz " name ": " $2 " runs in " $5 " s"}' "$log"
done
[ $status -eq 0 ] && echo "sanitizer and fuzz stage: PASS" || echo "sanitizer and fuzz stage: FAIL"
exit $status
