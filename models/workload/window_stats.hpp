// What a stretch of measured I/O held: counts, bytes, latency sums and
// histograms. A fast-forward (models/run/fast_forward.hpp) measures a steady
// window with it and lets it stand for a longer span of the same phase.
#pragma once

#include <array>
#include <cstdint>

#include "models/io/io_request.hpp"
#include "sim/latency_histogram.hpp"
#include "sim/time.hpp"

namespace hcisim::models {

struct WindowStats {
  std::uint64_t reads = 0, writes = 0, read_bytes = 0, write_bytes = 0, failed = 0;
  sim::SimTime read_latency_sum = 0, write_latency_sum = 0;
  std::array<std::array<sim::SimTime, kIoStageCount>, 2> stage_sums{};
  sim::LatencyHistogram read_latency, write_latency;
  void reset() {
    reads = writes = read_bytes = write_bytes = failed = 0;
    read_latency_sum = write_latency_sum = 0;
    stage_sums = {};
    read_latency.reset();
    write_latency.reset();
  }
};

}  // namespace hcisim::models
