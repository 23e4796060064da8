// One I/O of a VM as it travels from the workload through the hypervisor and the
// storage product; the seam between workloads and products, owned by neither.
// Requests live in a table sized at build time (VMs x threads x outstanding): a
// closed-loop generator reuses its request for the next I/O, so nothing is
// allocated per I/O.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "sim/cache_line.hpp"
#include "sim/page_allocator.hpp"
#include "sim/time.hpp"

namespace hcisim::models {

// Where an I/O's latency goes. For an I/O split into pieces and copies, the
// backend stages are those of the piece that finished last (the critical path),
// so the stages of every I/O add up to its latency.
enum class IoStage {
  Guest,          // waiting for and running on a vCPU (application and guest I/O path), and the virtual
                  // disk path's fixed latency across the VM boundary (HypervisorSpec::io_latency_ns)
  VmQueue,        // waiting for a slot in the virtual controller's queue
  Host,           // host CPU bursts before the backend (hypervisor, storage stack), queueing included
  Redirect,       // file-system redirection to the volume's owner and back (network and connection work)
  Network,        // messages on the wire between nodes
  RemoteCpu,      // the copy's node: connection queue and its CPU burst
  Drive,          // the drive I/O, its queueing included
  CompletionCpu,  // the issuing node: connection queue and the burst that receives the reply
  Count
};
constexpr int kIoStageCount = static_cast<int>(IoStage::Count);
const char* io_stage_name(IoStage stage);

// 128 bytes on a 64-byte boundary: what the path reads and writes at each step
// in the first cache line, the stage times (written at stage changes) in the
// second. Thousands of requests are in flight, so each is cold at its next step.
struct alignas(sim::kCacheLine) IoRequest {
  std::uint32_t vm = 0;
  std::uint32_t thread = 0;  // global thread index in the workload
  std::uint32_t disk = 0;    // the VM's virtual disk in the storage product
  std::uint16_t node = 0;    // node hosting the VM
  bool write = false;
  bool failed = false;  // the storage could not serve it (volume offline, no copy left)
  std::uint64_t bytes = 0;
  std::uint64_t offset = 0;    // within the VM's virtual disk
  double workload_cycles = 0;  // the generator's own work on a vCPU for this I/O (DISKSPD -Zr), before the guest path
  sim::SimTime issued_at = 0;
  sim::SimTime stage_started = 0;  // when the I/O entered its current stage
  std::uint32_t epoch = 0;         // the VM's life it was issued in (a VM that fails and restarts starts a new one)
  std::uint16_t pending = 0;       // storage path: pieces/copies still in flight
  std::array<sim::SimTime, kIoStageCount> stages{};  // time spent in each stage so far

  void enter(IoStage finished, sim::SimTime now) {
    stages[static_cast<int>(finished)] += now - stage_started;
    stage_started = now;
  }
};
static_assert(sizeof(IoRequest) == 2 * sim::kCacheLine, "IoRequest: two cache lines, the hot one first");

// Grown once at set-up; a large cluster's is hundreds of MB (page_allocator.hpp).
using RequestTable = std::vector<IoRequest, sim::PageAllocator<IoRequest>>;

// A workload whose VMs can restart elsewhere after their node fails: each
// request slot of the VM is issued afresh (a new I/O, not a completed one).
class RestartableWorkload {
 public:
  virtual void reissue(std::uint32_t request) = 0;

 protected:
  ~RestartableWorkload() = default;
};

// Where a workload sends its I/Os. The receiver calls the workload's completion
// handler with the request index when the I/O is done.
class IoTarget {
 public:
  virtual void submit(std::uint32_t request) = 0;

 protected:
  ~IoTarget() = default;
};

}  // namespace hcisim::models
