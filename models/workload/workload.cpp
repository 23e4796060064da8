#include "models/workload/workload.hpp"

#include <algorithm>

#include "models/hypervisor/vm_io_path.hpp"
#include "models/result/latency_summary.hpp"
#include "models/workload/diskspd_workload.hpp"
#include "models/workload/oltp_measurement.hpp"
#include "models/workload/oltp_workload.hpp"
#include "models/workload/sas_iotest_workload.hpp"
#include "models/workload/stream_coverage.hpp"

namespace hcisim::models {

std::uint64_t Workload::simulated_ios(const VmIoPath& vms) const { return vms.completed(); }

namespace {

// DISKSPD in every VM, as VMFleet runs it.
class DiskspdRun final : public Workload {
 public:
  DiskspdRun(sim::Engine& engine, const ScenarioSpec& spec, RequestTable& requests)
      : spec_(spec), diskspd_(engine, spec.vms.workload, requests, measurement_) {}

  sim::EventHandler& completions() override { return diskspd_; }
  std::uint64_t disk_bytes() const override { return spec_.vms.workload.file_bytes; }
  void reserve_vms(std::size_t vms) override { diskspd_.reserve_vms(vms); }
  void add_vm(std::uint32_t vm, int host, VcpuSet&) override { diskspd_.add_vm(vm, host); }
  RequestShape request_shape() const override { return {diskspd_.max_block_bytes(), diskspd_.offset_granularity()}; }
  void start(IoTarget& target) override { diskspd_.start(target); }
  void begin_measurement(sim::SimTime now, sim::SimTime duration, sim::SimTime interval, int) override {
    measurement_.begin_every(now, duration, interval);
  }
  void finish(sim::SimTime now) override { measurement_.finish(now); }
  const Measurement& storage_io() const override { return measurement_; }
  Measurement* skippable_measurement() override { return &measurement_; }
  void split_by_phase(PhaseMeasurement* phases) override { measurement_.split_by_phase(phases); }
  std::uint64_t simulated_ios(const VmIoPath&) const override { return diskspd_.completed(); }
  RestartableWorkload* restartable() override { return &diskspd_; }
  // Sequential streams the run did not carry over their region: a warning (stream_coverage.hpp).
  void fill(RunResult& result, const ScenarioSpec& spec, sim::SimTime now) const override {
    warn_short_streams(result, stream_coverage(spec.vms.workload, diskspd_.traffic(), sim::to_seconds(now)));
  }

 private:
  const ScenarioSpec& spec_;
  Measurement measurement_;
  DiskspdWorkload diskspd_;
};

// An OLTP database in every VM.
class OltpRun final : public Workload {
 public:
  OltpRun(sim::Engine& engine, const ScenarioSpec& spec, RequestTable& requests)
      : spec_(spec), oltp_(engine, *spec.vms.oltp, requests, measurement_) {}

  sim::EventHandler& completions() override { return oltp_; }
  std::uint64_t disk_bytes() const override { return spec_.vms.data_disk_bytes; }
  void add_vm(std::uint32_t vm, int host, VcpuSet& vcpus) override { oltp_.add_vm(vm, host, vcpus, disk_bytes()); }
  RequestShape request_shape() const override {
    const OltpSpec& o = *spec_.vms.oltp;
    // Log writes are sector-aligned; pages are multiples of it.
    return {std::max<std::uint64_t>({o.page_bytes, o.log.max_write_bytes, o.checkpoint.max_write_bytes}),
            o.log.sector_bytes};
  }
  void start(IoTarget& target) override { oltp_.start(target); }
  void begin_measurement(sim::SimTime now, sim::SimTime duration, sim::SimTime, int intervals) override {
    measurement_.begin(now, duration, std::max(1, intervals));
  }
  void finish(sim::SimTime now) override { measurement_.finish(now); }
  const Measurement& storage_io() const override { return measurement_.storage(); }
  void split_by_phase(PhaseMeasurement* phases) override { measurement_.split_by_phase(phases); }
  void fill(RunResult& result, const ScenarioSpec& spec, sim::SimTime now) const override;

 private:
  const ScenarioSpec& spec_;
  OltpMeasurement measurement_;
  OltpWorkload oltp_;
};

void OltpRun::fill(RunResult& result, const ScenarioSpec& spec, sim::SimTime now) const {
  const OltpMeasurement& om = measurement_;
  OltpResult& o = result.oltp;
  o.present = true;
  const double seconds = result.measured_seconds;
  o.tps = static_cast<double>(om.transactions()) / seconds;
  o.latency = summarise(om.latency());
  if (om.latency_batches().complete_batches() >= 8)
    o.latency_ci_half_width_s = om.latency_batches().interval(0.95).half_width * 1e-9;
  for (int t = 0; t < kOltpTransactionTypes; ++t) o.by_type[static_cast<std::size_t>(t)] = summarise(om.latency(t));
  o.slowest_cycle_s = sim::to_seconds(spec.vms.oltp->checkpoint.interval_ns);
  o.think_time_s = sim::to_seconds(spec.vms.oltp->think_time_ns);
  o.users = spec.vms.oltp->users_per_vm * static_cast<int>(oltp_.vm_count());
  o.users_in_transaction = om.mean_in_transaction(now);
  o.hit_ratio = oltp_.hit_ratio();
  if (om.transactions() > 0) {
    o.buffer_misses_per_transaction =
        static_cast<double>(om.counters().buffer_misses) / static_cast<double>(om.transactions());
  }
  for (int k = 0; k < kOltpIoKinds; ++k) {
    const OltpIoStats& io = om.io(static_cast<OltpIo>(k));
    o.io[static_cast<std::size_t>(k)] = {static_cast<double>(io.count) / seconds,
                                         static_cast<double>(io.bytes) / seconds, io.mean_latency_ns() * 1e-9};
  }
}

}  // namespace

std::unique_ptr<Workload> make_workload(sim::Engine& engine, const ScenarioSpec& spec, RequestTable& requests) {
  if (spec.vms.sas) return std::make_unique<SasIotestWorkload>(engine, spec, requests);
  if (spec.vms.oltp) return std::make_unique<OltpRun>(engine, spec, requests);
  return std::make_unique<DiskspdRun>(engine, spec, requests);
}

}  // namespace hcisim::models
