// One I/O of a VM as it travels through the storage stack. Requests live in a
// table sized at build time (VMs x threads x outstanding): a closed-loop
// generator reuses its request for the next I/O, so nothing is allocated per I/O.
#pragma once

#include <cstdint>
#include <vector>

#include "sim/time.hpp"

namespace hcisim::models {

struct IoRequest {
  std::uint32_t vm = 0;
  std::uint32_t thread = 0;      // global thread index in the workload
  std::uint16_t node = 0;        // node hosting the VM
  bool write = false;
  std::uint32_t bytes = 0;
  std::uint64_t offset = 0;      // within the VM's virtual disk
  sim::SimTime issued_at = 0;
  sim::SimTime stage_started = 0;  // when the I/O entered its current stage of the path
  // Storage path state.
  std::uint8_t copies_pending = 0;
  std::uint8_t read_copy = 0;    // which copy a read is served from
};

using RequestTable = std::vector<IoRequest>;

// Where a workload sends its I/Os. The storage calls the workload's completion
// handler with the request index when the I/O is done.
class IoTarget {
 public:
  virtual void submit(std::uint32_t request) = 0;

 protected:
  ~IoTarget() = default;
};

}  // namespace hcisim::models
