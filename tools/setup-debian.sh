#!/bin/sh
# Installs the Debian 12 packages hcisim needs, only those missing (quick when
# all are present). Run as root.
set -eu
# libtinyxml2-dev: DISKSPD XML profiles (tools/frontend/input/diskspd_xml.cpp).
# libfmt-dev: number formatting (tools/frontend/base/quantity_format.cpp). fio: its fio_jsonplus_clat2csv reads
# --json-format fio in the tests (tests/frontend/test_fio_json.cpp) and needs python3-six, which fio does not pull in. gnuplot-nox: --plot (tools/frontend/report/plots.cpp).
# libboost-mpi-dev and openmpi-bin: sweeps over MPI ranks (mpirun -np N hcisim sweep ...); optional at build time.
# clang and libclang-rt-14-dev: the sanitizer + fuzzing stage that ctest runs in CI (tests/fuzz/ci_stage.cmake).
# clang-format: the format of the sources (.clang-format), which the ctest test format_check (tools/check-format.sh) checks.
packages="cmake make g++ libboost-graph-dev libboost-program-options-dev libeigen3-dev nlohmann-json3-dev catch2 libyaml-cpp-dev clang libclang-rt-14-dev clang-format libtinyxml2-dev libfmt-dev fio python3-six gnuplot-nox libboost-mpi-dev openmpi-bin"
missing=""
for p in $packages; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
if [ -n "$missing" ]; then
  echo "installing:$missing"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing
fi
