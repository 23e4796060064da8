// What the run layer needs of a workload, whichever it is (DISKSPD as VMFleet
// runs it, an OLTP database, SAS rhel_iotest streams): its VMs are placed by
// the run, it issues requests to an IoTarget (the VMs' I/O path) and gets
// their completions back, it measures what it did and adds its own figures to
// the result. simulate() holds one Workload and never asks which it is.
#pragma once

#include <cstdint>
#include <memory>

#include "models/hardware/vcpu_set.hpp"
#include "models/io/io_request.hpp"
#include "models/result/run_result.hpp"
#include "models/spec/scenario_spec.hpp"
#include "models/workload/measurement.hpp"
#include "sim/engine.hpp"

namespace hcisim::models {

class VmIoPath;

// The largest request and a number every request offset is a multiple of (for
// the product's worst-case split of a request).
struct RequestShape {
  std::uint64_t largest = 0;
  std::uint64_t align = 0;
};

class Workload {
 public:
  virtual ~Workload() = default;

  // Where the VMs' I/O path delivers completed requests (the request index).
  virtual sim::EventHandler& completions() = 0;
  // The virtual disk each VM gets (DISKSPD's file, the database disk, a SAS stream's file).
  virtual std::uint64_t disk_bytes() const = 0;
  // `vms` VMs are about to be added: room for them (a hint; nothing changes but speed).
  virtual void reserve_vms(std::size_t /*vms*/) {}
  // A VM placed by the run: `vm` is the I/O path's index, `host` where it runs.
  virtual void add_vm(std::uint32_t vm, int host, VcpuSet& vcpus) = 0;
  virtual RequestShape request_shape() const = 0;
  virtual void start(IoTarget& target) = 0;
  // Measuring starts at `now` (the end of warm-up) for `duration`, with a
  // timeline of `interval` (or `intervals` equal ones).
  virtual void begin_measurement(sim::SimTime now, sim::SimTime duration, sim::SimTime interval, int intervals) = 0;
  virtual void finish(sim::SimTime now) = 0;
  // The storage I/O measured (the database's for OLTP, the file system's for SAS).
  virtual const Measurement& storage_io() const = 0;
  // Also split that I/O by the cluster's phase (runs with a failure timeline).
  virtual void split_by_phase(PhaseMeasurement* phases) = 0;
  // The measurement a fast-forward may stretch over a skipped span
  // (models/run/fast_forward.hpp): only a workload whose every figure it holds
  // and whose state does not age (DISKSPD); null for the OLTP database (its
  // buffer pool and checkpoints) and SAS (its files and phases).
  virtual Measurement* skippable_measurement() { return nullptr; }
  // I/Os completed since the start, for the simulator's speed figure.
  virtual std::uint64_t simulated_ios(const VmIoPath& vms) const;
  // Set when the workload can restart a failed node's VMs elsewhere.
  virtual RestartableWorkload* restartable() { return nullptr; }
  // A workload with an end of its own (SAS: both phases done): the run stops there.
  virtual bool finished() const { return false; }
  // Adds the workload's own figures (OLTP: TPS; SAS: MB/s per core).
  virtual void fill(RunResult& /*result*/, const ScenarioSpec& /*spec*/, sim::SimTime /*now*/) const {}
};

// The scenario's workload: SAS iotest (vms.sas), OLTP (vms.oltp) or DISKSPD.
std::unique_ptr<Workload> make_workload(sim::Engine& engine, const ScenarioSpec& spec, RequestTable& requests);

}  // namespace hcisim::models
