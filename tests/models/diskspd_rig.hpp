// A DISKSPD workload on a stand-in storage that completes every I/O after a
// fixed delay (or, until stall_until, at stall_until), logging what it saw.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "model_specs.hpp"
#include "models/workload/diskspd_workload.hpp"
#include "models/workload/measurement.hpp"
#include "sim/engine.hpp"

namespace mtest {

using hcisim::sim::Engine;
using hcisim::sim::SimTime;

// Completes each I/O `delay` after it is submitted, and logs what it saw.
class DelayTarget final : public IoTarget, public hcisim::sim::EventHandler {
 public:
  DelayTarget(Engine& engine, RequestTable& requests, SimTime delay)
      : engine_(engine), requests_(requests), delay_(delay) {}
  void connect(DiskspdWorkload& workload) { workload_ = &workload; }

  void submit(std::uint32_t request) override {
    const IoRequest& r = requests_[request];
    log.push_back({r.vm, r.thread, r.write, r.offset, r.bytes, engine_.now(), r.workload_cycles});
    ++in_flight;
    max_in_flight = std::max(max_in_flight, in_flight);
    const SimTime now = engine_.now();
    // Until stall_until, every I/O completes then (a storage that stops answering).
    engine_.schedule_in(now < stall_until ? stall_until - now : delay_, *this, request);
  }
  void on_event(std::uint64_t request) override {
    --in_flight;
    workload_->on_event(request);
  }

  struct Seen {
    std::uint32_t vm, thread;
    bool write;
    std::uint64_t offset;
    std::uint64_t bytes;
    SimTime at;
    double cycles;
  };
  std::vector<Seen> log;
  SimTime stall_until = 0;
  std::int64_t in_flight = 0;
  std::int64_t max_in_flight = 0;

 private:
  Engine& engine_;
  RequestTable& requests_;
  SimTime delay_;
  DiskspdWorkload* workload_ = nullptr;
};

// A workload of `vms` VMs on a stand-in storage, started at time 0.
struct Rig {
  Rig(const DiskspdSpec& spec, int vms, SimTime delay, SimTime stall_until = 0)
      : workload(engine, spec, requests, measurement), target(engine, requests, delay) {
    for (int v = 0; v < vms; ++v) workload.add_vm(static_cast<std::uint32_t>(v), v % 3);
    target.connect(workload);
    target.stall_until = stall_until;
    workload.start(target);
  }
  Engine engine;
  RequestTable requests;
  Measurement measurement;
  DiskspdWorkload workload;
  DelayTarget target;
};

}  // namespace mtest
