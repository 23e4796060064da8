// What a storage product charged of its stack profile's CPU costs: plain
// counts a run reports (RunResult::charges) and calibration reads.
#pragma once

#include <cstdint>

namespace hcisim::models {

// How many times a product charged one cost of its stack profile, and on how
// many bytes in all (the per-byte part's multiplier).
struct CostCharge {
  std::uint64_t times = 0;
  double bytes = 0;
  void add(double b) {
    ++times;
    bytes += b;
  }
};

// What calibration needs from a run (the utilisation law, U = X x D: per I/O,
// how often each cost was paid, so that D is a sum over the profile's costs).
struct StackCharges {
  CostCharge storage_stack;    // S2D: CSV/ReFS/Spaces per VM I/O
  CostCharge mirror_write;     // S2D: per VM write
  CostCharge volume_write;     // S2D: per VM write, serial per volume
  CostCharge volume_read;      // S2D: per VM read that takes the volume stage, serial per volume
  CostCharge drive_io;         // per drive I/O issued
  CostCharge network_message;  // per message end
};

}  // namespace hcisim::models
