#include "models/cloud/azure_vm.hpp"

#include <stdexcept>
#include <string>

namespace hcisim::models {

// The drive a product sees for one attached disk: the VM's caps, then the disk.
class AzureVm::AttachedDisk final : public Drive {
 public:
  AttachedDisk(AzureVm& vm, ManagedDisk& disk) : vm_(vm), disk_(disk) {}
  void submit(const DriveIo& io, sim::EventHandler& done, std::uint64_t arg) override {
    vm_.submit(disk_, io, done, arg);
  }
  double utilisation() const override { return disk_.utilisation(); }
  std::uint64_t reads() const override { return disk_.reads(); }
  std::uint64_t writes() const override { return disk_.writes(); }  // the disk enrolled on its own

 private:
  AzureVm& vm_;
  ManagedDisk& disk_;
};

namespace {

const CloudVmSpec& checked(const CloudVmSpec& spec) {
  const std::string what = "VM size '" + spec.id + "'";
  if (spec.vcpus <= 0) throw std::invalid_argument(what + ": vCPUs must be > 0");
  if (spec.parent_vcpus < spec.vcpus)
    throw std::invalid_argument(what + ": the parent size's vCPUs must be at least the active vCPUs");
  if (spec.physical_cores <= 0 || spec.physical_cores > spec.vcpus)
    throw std::invalid_argument(what + ": physical cores must be in [1, vCPUs]");
  if (spec.memory_bytes == 0) throw std::invalid_argument(what + ": memory must be > 0");
  if (!(spec.egress_bits_per_s > 0)) throw std::invalid_argument(what + ": network egress must be > 0");
  return spec;
}

CapFigures figures(double base, double burst, const CloudVmSpec& spec) {
  return CapFigures{base, burst, spec.burst_window_s, spec.burst_credits_at_start, spec.throttle_window_s};
}

}  // namespace

CpuSpec vm_cpu_spec(const CloudVmSpec& vm) {
  checked(vm);
  if (vm.vcpus % vm.physical_cores != 0) {
    throw std::invalid_argument("VM size '" + vm.id + "': vCPUs must be a whole number of threads per physical core");
  }
  if (!(vm.vcpu_clock_hz > 0)) throw std::invalid_argument("VM size '" + vm.id + "': the vCPU clock must be > 0");
  CpuSpec cpu;
  cpu.id = vm.id;
  cpu.model = vm.model;
  cpu.cores = vm.physical_cores;
  cpu.threads = vm.vcpus;
  cpu.base_hz = vm.vcpu_clock_hz;
  cpu.boost_hz = vm.vcpu_clock_hz;
  cpu.smt_yield = vm.smt_yield;
  return cpu;
}

AzureVm::AzureVm(sim::Engine& engine, const CloudVmSpec& spec)
    : engine_(&engine),
      spec_(checked(spec)),
      iops_(engine, "VM size '" + spec.id + "': uncached disk IOPS",
            figures(spec.uncached_iops, spec.burst_iops, spec)),
      bytes_(engine, "VM size '" + spec.id + "': uncached disk MB/s",
             figures(spec.uncached_bytes_per_s, spec.burst_bytes_per_s, spec)),
      egress_(engine, "VM size '" + spec.id + "': network egress",
              CapFigures{spec.egress_bits_per_s / 8, 0, 0, 1, spec.throttle_window_s}) {}

AzureVm::~AzureVm() = default;

std::unique_ptr<Drive> AzureVm::attach(ManagedDisk& disk, HostCaching caching) {
  if (caching != HostCaching::None) {
    const std::string what = "disk '" + disk.spec().id + "' on VM size '" + spec_.id + "'";
    if (!disk.host_caching_available())
      throw std::invalid_argument(what +
                                  ": Azure offers no host caching on disks of 4 TiB and more; attach it uncached");
    throw std::invalid_argument(what + ": host-cached disk I/O is not modelled (the cached caps are not used); "
                                       "attach it uncached");
  }
  return std::make_unique<AttachedDisk>(*this, disk);
}

void AzureVm::submit(ManagedDisk& disk, const DriveIo& io, sim::EventHandler& done, std::uint64_t arg) {
  const std::uint32_t record = records_.take(Pending{io, &disk, &done, arg});
  if (iops_.request(1.0, iops_granted_, record)) to_bytes_cap(record);
}

void AzureVm::to_bytes_cap(std::uint64_t record) {
  if (bytes_.request(static_cast<double>(records_[record].io.bytes), bytes_granted_, record)) to_disk(record);
}

void AzureVm::to_disk(std::uint64_t record) {
  const Pending io = records_[record];
  records_.release(static_cast<std::uint32_t>(record));
  io.disk->submit(io.io, *io.done, io.arg);
}

bool AzureVm::send(double bytes, sim::EventHandler& granted, std::uint64_t arg) {
  return egress_.request(bytes, granted, arg);
}

void AzureVm::reset_stats() {
  iops_.reset_stats();
  bytes_.reset_stats();
  egress_.reset_stats();
}

}  // namespace hcisim::models
