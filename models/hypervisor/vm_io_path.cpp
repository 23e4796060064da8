#include "models/hypervisor/vm_io_path.hpp"

#include <stdexcept>
#include <string>

namespace hcisim::models {

VmIoPath::VmIoPath(sim::Engine& engine, const HypervisorSpec& spec, StorageProduct& product, RequestTable& requests,
                   sim::EventHandler& workload)
    : engine_(&engine),
      spec_(spec),
      product_(&product),
      requests_(&requests),
      workload_(&workload),
      background_rng_(engine.stream("vm-io-path/background")) {
  if (spec.disk_queue_depth < 0 || spec.adapter_queue_depth < 0) {
    throw std::invalid_argument("hypervisor '" + spec.id + "': queue depths cannot be negative");
  }
  // One data disk per VM on one adapter: the tighter of the two limits holds.
  queue_limit_ = spec.disk_queue_depth;
  if (spec.adapter_queue_depth > 0 && (queue_limit_ == 0 || spec.adapter_queue_depth < queue_limit_)) {
    queue_limit_ = spec.adapter_queue_depth;
  }
  product.connect(storage_done_);
}

std::uint32_t VmIoPath::add_vm(int host, HostCpu& cpu, int vcpus, int volume, std::uint64_t disk_bytes) {
  Vm vm;
  vm.host = host;
  vm.disk = product_->attach_disk(host, volume, disk_bytes);
  vm.vcpus = std::make_unique<VcpuSet>(*engine_, cpu, vcpus);
  vm.vcpu_count = vcpus;
  vm.cpu = &cpu;
  vm.channels = make_channels(vcpus);
  if (spec_.background_cycles_per_s > 0 && spec_.background_cycles_per_s >= 0.5 * vcpus * cpu.clock_hz()) {
    throw std::invalid_argument("hypervisor '" + spec_.id + "': the guest OS's background work (" +
                                std::to_string(spec_.background_cycles_per_s) +
                                " cycles a second) would take half of a VM's vCPUs or more");
  }
  vms_.push_back(std::move(vm));
  const auto index = static_cast<std::uint32_t>(vms_.size() - 1);
  if (spec_.background_cycles_per_s > 0) engine_->schedule_in(background_gap(), background_, index);
  return index;
}

// Background bursts arrive at random: exponential gaps of burst / rate on average.
sim::SimTime VmIoPath::background_gap() {
  const double mean_ns = spec_.background_burst_cycles / spec_.background_cycles_per_s * 1e9;
  return static_cast<sim::SimTime>(background_rng_.exponential(mean_ns)) + 1;
}

void VmIoPath::on_background(std::uint64_t vm) {
  Vm& v = vms_[vm];
  if (v.running) v.vcpus->run(spec_.background_burst_cycles, background_done_, vm);
  engine_->schedule_in(background_gap(), background_, vm);
}

void VmIoPath::submit(std::uint32_t request) {
  IoRequest& r = (*requests_)[request];
  Vm& vm = vms_[r.vm];
  if (!vm.running) {  // issued by the workload while the VM is down (a paced thread's token came due)
    vm.parked.push_back(request);
    return;
  }
  r.node = static_cast<std::uint16_t>(vm.host);
  r.disk = vm.disk;
  r.epoch = vm.epoch;
  r.stage_started = engine_->now();
  const double guest = r.workload_cycles + spec_.guest.cycles(static_cast<double>(r.bytes));
  if (chaining_ && try_chain(request, vm, guest)) return;
  vm.vcpus->run(guest, guest_done_, request);
}

std::vector<VmIoPath::Channel> VmIoPath::make_channels(int vcpus) const {
  if (spec_.vcpus_per_channel <= 0) return {};
  return std::vector<Channel>(
      static_cast<std::size_t>((vcpus + spec_.vcpus_per_channel - 1) / spec_.vcpus_per_channel));
}

// What on_guest_done() and issue() would do at the end of the guest's burst,
// done now with that time, and the channel's burst chained onto it.
bool VmIoPath::try_chain(std::uint32_t request, Vm& vm, double guest_cycles) {
  if (!slots_counted_) count_slots();
  if (!vm.queue_never_full || vm.vcpu_count != 1 || vm.channels.empty()) return false;
  IoRequest& r = (*requests_)[request];
  Channel& channel = channel_of(vm, r);
  if (channel.busy) return false;
  const sim::SimTime boundary = vm.vcpus->start_chain(guest_cycles, split_boundary_, request);
  if (boundary < 0) return false;
  r.enter(IoStage::Guest, boundary);
  r.enter(IoStage::VmQueue, boundary);
  ++vm.in_flight;
  channel.busy = true;
  vm.vcpus->finish_chain(host_work(r), channel_done_, request);
  return true;
}

// A split chain's guest burst has ended (later than planned if its core's other
// thread slowed it): the guest stage runs to now.
void VmIoPath::on_split_boundary(std::uint64_t request) { (*requests_)[request].enter(IoStage::Guest, engine_->now()); }

void VmIoPath::count_slots() {
  std::vector<int> slots(vms_.size(), 0);
  for (const IoRequest& r : *requests_) {
    if (r.vm < slots.size()) ++slots[r.vm];
  }
  for (std::size_t v = 0; v < vms_.size(); ++v) {
    vms_[v].queue_never_full = queue_limit_ == 0 || slots[v] <= queue_limit_;
  }
  slots_counted_ = true;
}

CpuWork VmIoPath::host_work(const IoRequest& r) const {
  return CpuWork::of(CpuLayer::Hypervisor, spec_.host.cycles(static_cast<double>(r.bytes)));
}

bool VmIoPath::from_old_life(std::uint64_t request) {
  const IoRequest& r = (*requests_)[request];
  Vm& vm = vms_[r.vm];
  if (r.epoch == vm.epoch) return false;
  if (vm.running) {
    vm.restarter->reissue(static_cast<std::uint32_t>(request));
  } else {
    vm.parked.push_back(static_cast<std::uint32_t>(request));
  }
  return true;
}

void VmIoPath::on_guest_done(std::uint64_t request) {
  if (from_old_life(request)) return;
  IoRequest& r = (*requests_)[request];
  r.enter(IoStage::Guest, engine_->now());
  Vm& vm = vms_[r.vm];
  if (queue_limit_ > 0 && vm.in_flight >= queue_limit_) {
    vm.waiting.push_back(static_cast<std::uint32_t>(request));
    return;
  }
  issue(static_cast<std::uint32_t>(request));
}

void VmIoPath::issue(std::uint32_t request) {
  IoRequest& r = (*requests_)[request];
  r.enter(IoStage::VmQueue, engine_->now());
  Vm& vm = vms_[r.vm];
  ++vm.in_flight;
  if (vm.channels.empty()) {
    to_product(request, host_work(r));
    return;
  }
  Channel& channel = channel_of(vm, r);
  if (channel.busy) {
    channel.waiting.push_back(request);
    return;
  }
  channel.busy = true;
  vm.cpu->run(host_work(r), channel_done_, request);
}

// The channel has done the I/O's host work: on to the storage product; the
// channel takes its next I/O.
void VmIoPath::on_channel_done(std::uint64_t request) {
  if (from_old_life(request)) return;  // its VM's channels were made anew when it restarted
  IoRequest& r = (*requests_)[request];
  Vm& vm = vms_[r.vm];
  Channel& channel = channel_of(vm, r);
  if (channel.waiting.empty()) {
    channel.busy = false;
  } else {
    const std::uint32_t next = channel.waiting.pop_front();
    vm.cpu->run(host_work((*requests_)[next]), channel_done_, next);
  }
  r.enter(IoStage::Host, engine_->now());
  to_product(static_cast<std::uint32_t>(request), CpuWork{});
}

// The I/O enters the layer below the host's CSV file system: timed there from now.
void VmIoPath::to_product(std::uint32_t request, const CpuWork& host_work) {
  csv_[(*requests_)[request].write].enter(engine_->now());
  product_->submit(request, host_work);
}

void VmIoPath::on_storage_done(std::uint64_t request) {
  csv_[(*requests_)[request].write].leave(engine_->now());  // it has left the product, whatever its VM's fate
  if (from_old_life(request)) return;
  const IoRequest& r = (*requests_)[request];
  Vm& vm = vms_[r.vm];
  --vm.in_flight;
  if (!vm.waiting.empty()) issue(vm.waiting.pop_front());
  if (spec_.io_latency_ns > 0) {
    engine_->schedule_in(spec_.io_latency_ns, path_done_, request);
    return;
  }
  on_path_done(request);
}

// The completion has crossed back into the VM (io_latency_ns after the host's).
void VmIoPath::on_path_done(std::uint64_t request) {
  if (from_old_life(request)) return;
  (*requests_)[request].enter(IoStage::Guest, engine_->now());
  ++completed_;
  workload_->on_event(request);
}

std::vector<std::uint32_t> VmIoPath::stop_vms_on(int host) {
  std::vector<std::uint32_t> stopped;
  for (std::uint32_t i = 0; i < vms_.size(); ++i) {
    Vm& vm = vms_[i];
    if (vm.host != host || !vm.running) continue;
    vm.running = false;
    ++vm.epoch;
    vm.in_flight = 0;
    while (!vm.waiting.empty()) vm.parked.push_back(vm.waiting.pop_front());
    for (Channel& channel : vm.channels) {
      while (!channel.waiting.empty()) vm.parked.push_back(channel.waiting.pop_front());
      channel.busy = false;  // its burst in flight comes back to an old life (from_old_life)
    }
    stopped.push_back(i);
  }
  return stopped;
}

void VmIoPath::restart_vm(std::uint32_t index, int host, HostCpu& cpu, RestartableWorkload& workload) {
  Vm& vm = vms_.at(index);
  if (vm.running) throw std::logic_error("restart_vm: the VM is running");
  retired_vcpus_.push_back(std::move(vm.vcpus));
  vm.vcpus = std::make_unique<VcpuSet>(*engine_, cpu, vm.vcpu_count);
  vm.cpu = &cpu;
  vm.channels = make_channels(vm.vcpu_count);
  vm.host = host;
  vm.running = true;
  vm.restarter = &workload;
  std::vector<std::uint32_t> parked;
  parked.swap(vm.parked);
  for (const std::uint32_t request : parked) workload.reissue(request);
}

double VmIoPath::csv_latency_s(bool write) const { return csv_[write].mean_s(engine_->now()); }

void VmIoPath::reset_stats() {
  for (LayerTime& t : csv_) t.reset(engine_->now());  // the VMs' vCPUs enrolled on their own
}

}  // namespace hcisim::models
