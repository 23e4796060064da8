// The regime of a run, as the validation record files it: which product on which
// media, what block size and read/write mix, healthy or with a failure. A run's
// footing (footing.hpp) is the validated figures of regimes near its own.
#pragma once

#include <cstdint>
#include <string>

#include "models/spec/scenario_spec.hpp"

namespace hcisim::frontend {

struct RunRegime {
  std::string product;   // the stack: "s2d", "scaleio", "infoscale"
  std::string media;     // "all-flash", "hybrid" (flash cache over HDDs), "cloud"
  std::string workload;  // "diskspd" (DISKSPD, VMFleet, fio), "oltp", "sas"
  // The I/O size and write share, the target with the most I/Os in flight
  // deciding the block; ranges when the record merges several runs.
  std::uint64_t block_min = 0, block_max = 0;
  double writes_min = 0, writes_max = 0;
  bool failed = false;  // a node down for the run, or a failure timeline

  bool operator==(const RunRegime&) const = default;
};

RunRegime regime_of(const models::ScenarioSpec& spec);

// The smallest regime covering both (same product, media, workload and state).
RunRegime widened(const RunRegime& a, const RunRegime& b);

// "S2D all-flash, 4 KiB, 0-30 % writes, healthy".
std::string describe(const RunRegime& r);

// Near enough for a validated figure to speak for the run: same product, media,
// workload and state, block sizes within a factor of 2 and write shares within
// 20 points of the recorded range.
bool near(const RunRegime& run, const RunRegime& recorded);

}  // namespace hcisim::frontend
