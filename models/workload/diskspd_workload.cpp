#include "models/workload/diskspd_workload.hpp"

#include <algorithm>
#include <numeric>
#include <stdexcept>
#include <string>

namespace hcisim::models {

DiskspdWorkload::DiskspdWorkload(sim::Engine& engine, const DiskspdSpec& spec, RequestTable& requests,
                                 Measurement& measurement)
    : engine_(&engine), spec_(spec), requests_(&requests), measurement_(&measurement) {
  check_diskspd(spec);
  for (const DiskspdTarget& t : spec.targets) {
    Target target{t, resolve_region(t, spec.file_bytes), std::nullopt};
    if (t.skew != PopularitySkew::None) {
      const std::uint64_t positions = target.region.ranges.front().positions;
      // Targets with the same skew over as many positions share one table-free sampler (H(n) costs O(n)).
      for (const Target& earlier : targets_) {
        if (earlier.skew && earlier.skew->kind() == t.skew && earlier.skew->parameter() == t.skew_parameter &&
            earlier.skew->positions() == positions) {
          target.skew = earlier.skew;
        }
      }
      if (!target.skew) target.skew.emplace(t.skew, t.skew_parameter, positions);
    }
    if (t.write_buffer == WriteBufferContent::RandomPerIo) {
      target.fill_cycles = kRandomFillCyclesPerByte * static_cast<double>(t.block_bytes);
    }
    throttled_ |= t.throughput_bytes_per_ms > 0;
    max_block_ = std::max(max_block_, t.block_bytes);
    granularity_ = std::gcd(granularity_, target.region.granularity);
    targets_.push_back(std::move(target));
  }
}

void DiskspdWorkload::reserve_vms(std::size_t vms) {
  std::size_t threads = 0, slots = 0;
  for (const Target& t : targets_) {
    threads += static_cast<std::size_t>(t.spec.threads);
    slots += static_cast<std::size_t>(t.spec.threads) * static_cast<std::size_t>(t.spec.outstanding);
  }
  vms_.reserve(vms_.size() + vms);
  threads_.reserve(threads_.size() + vms * threads);
  shared_cursor_.reserve(shared_cursor_.size() + vms * targets_.size());
  requests_->reserve(requests_->size() + vms * slots);
}

void DiskspdWorkload::add_vm(std::uint32_t vm, int node) {
  if (vm != vms_.size()) throw std::logic_error("DISKSPD: VMs must be added in the order the storage placed them");
  const std::string name = "vm" + std::to_string(vm) + "/diskspd";
  // The clock's phase has its own stream, so pacing leaves the offsets' random numbers alone.
  const sim::SimTime phase =
      throttled_ ? static_cast<sim::SimTime>(engine_->stream(name + "/clock").uniform_index(kTick)) : 0;
  vms_.push_back(Vm{engine_->stream(name), phase, static_cast<std::uint32_t>(threads_.size()), 0});
  Vm& v = vms_.back();
  for (std::uint32_t t = 0; t < targets_.size(); ++t) {
    const DiskspdTarget& spec = targets_[t].spec;
    const TargetRegion& region = targets_[t].region;
    shared_cursor_.push_back(region.start);
    for (int k = 0; k < spec.threads; ++k) {
      const auto thread = static_cast<std::uint32_t>(threads_.size());
      Thread th{};
      th.vm = vm;
      th.target = t;
      th.cursor = region.start + static_cast<std::uint64_t>(k) * spec.thread_stride_bytes;
      th.first_request = static_cast<std::uint32_t>(requests_->size());
      threads_.push_back(th);
      ++v.threads;
      for (int o = 0; o < spec.outstanding; ++o) {
        IoRequest r;
        r.vm = vm;
        r.thread = thread;
        r.node = static_cast<std::uint16_t>(node);
        r.bytes = spec.block_bytes;
        requests_->push_back(r);
      }
    }
  }
  if (throttled_) parked_.resize(requests_->size());
}

void DiskspdWorkload::start(IoTarget& target) {
  target_ = &target;
  const sim::SimTime now = engine_->now();
  for (Thread& th : threads_) th.start_ms = tick_ms(vms_[th.vm], now);
  for (std::uint32_t i = 0; i < requests_->size(); ++i) issue(i);
}

std::int64_t DiskspdWorkload::tick_ms(const Vm& vm, sim::SimTime now) const {
  const std::int64_t tick = (now + vm.clock_phase) / kTick;
  return tick * kTick / sim::kMillisecond;
}

sim::SimTime DiskspdWorkload::next_tick(const Vm& vm, sim::SimTime now) const {
  return ((now + vm.clock_phase) / kTick + 1) * kTick - vm.clock_phase;
}

bool DiskspdWorkload::budget_allows(const Thread& th, const Target& t, sim::SimTime now) const {
  const auto elapsed = static_cast<unsigned __int128>(tick_ms(vms_[th.vm], now) - th.start_ms);
  return elapsed * t.spec.throughput_bytes_per_ms >= th.bytes_issued + t.spec.block_bytes;
}

void DiskspdWorkload::issue(std::uint32_t request) {
  Thread& th = threads_[(*requests_)[request].thread];
  const Target& t = targets_[th.target];
  if (t.spec.throughput_bytes_per_ms > 0 && !budget_allows(th, t, engine_->now())) {
    park(th, request);
    return;
  }
  send(request);
}

void DiskspdWorkload::park(Thread& th, std::uint32_t request) {
  const auto slots = static_cast<std::uint32_t>(targets_[th.target].spec.outstanding);
  parked_[th.first_request + (th.parked_head + th.parked) % slots] = request;
  ++th.parked;
  Vm& vm = vms_[th.vm];
  if (!vm.wake_pending) {
    vm.wake_pending = true;
    engine_->schedule_at(next_tick(vm, engine_->now()), tick_, th.vm);
  }
}

// The VM's clock ticked: each thread issues what its new budget allows.
void DiskspdWorkload::on_tick(std::uint64_t vm_index) {
  Vm& vm = vms_[vm_index];
  vm.wake_pending = false;
  const sim::SimTime now = engine_->now();
  bool waiting = false;
  for (std::uint32_t i = vm.first_thread; i < vm.first_thread + vm.threads; ++i) {
    Thread& th = threads_[i];
    const Target& t = targets_[th.target];
    const auto slots = static_cast<std::uint32_t>(t.spec.outstanding);
    while (th.parked > 0 && budget_allows(th, t, now)) {
      const std::uint32_t request = parked_[th.first_request + th.parked_head];
      th.parked_head = (th.parked_head + 1) % slots;
      --th.parked;
      send(request);
    }
    waiting |= th.parked > 0;
  }
  if (waiting) {
    vm.wake_pending = true;
    engine_->schedule_at(next_tick(vm, now), tick_, vm_index);
  }
}

std::uint64_t DiskspdWorkload::random_offset(const Target& t, Vm& vm) {
  const TargetRegion& region = t.region;
  if (t.skew) return region.ranges.front().first + t.skew->position(vm.rng.uniform01()) * region.align;
  const RandomRange* range = region.ranges.data();
  if (region.ranges.size() > 1) {
    const double u = vm.rng.uniform01();
    while (u >= range->cumulative && range + 1 != region.ranges.data() + region.ranges.size()) ++range;
  }
  return range->first + vm.rng.uniform_index(range->positions) * region.align;
}

std::uint64_t DiskspdWorkload::next_in_stream(std::uint64_t offset, const Target& t) const {
  const std::uint64_t next = offset + t.spec.block_bytes;
  return next + t.spec.block_bytes > t.region.end ? t.region.start : next;
}

void DiskspdWorkload::choose(IoRequest& r, Thread& th, const Target& t, Vm& vm) {
  const DiskspdTarget& s = t.spec;
  auto draw_write = [&] {
    return s.write_fraction >= 1.0 || (s.write_fraction > 0.0 && vm.rng.bernoulli(s.write_fraction));
  };
  switch (s.pattern) {
    case AccessPattern::Random: {
      // -rs: a random I/O starts a run; the sequential ones after it continue
      // from the thread's previous I/O with its type.
      const bool random = s.random_percent >= 100 || !th.has_previous ||
                          vm.rng.uniform_index(100) < static_cast<std::uint64_t>(s.random_percent);
      if (random) {
        r.write = draw_write();
        r.offset = random_offset(t, vm);
      } else {
        r.write = th.last_write;
        r.offset = th.cursor;
      }
      th.has_previous = true;
      th.last_write = r.write;
      th.cursor = next_in_stream(r.offset, t);
      return;
    }
    case AccessPattern::Sequential:
      r.write = draw_write();
      r.offset = th.cursor;
      th.cursor = next_in_stream(r.offset, t);
      return;
    case AccessPattern::SequentialInterleaved: {
      r.write = draw_write();
      std::uint64_t& cursor = shared_cursor_[th.vm * targets_.size() + th.target];
      r.offset = cursor;
      cursor = next_in_stream(r.offset, t);
      return;
    }
  }
}

void DiskspdWorkload::send(std::uint32_t request) {
  IoRequest& r = (*requests_)[request];
  Thread& th = threads_[r.thread];
  const Target& t = targets_[th.target];
  choose(r, th, t, vms_[r.vm]);
  th.bytes_issued += r.bytes;
  r.workload_cycles = r.write ? t.fill_cycles : 0.0;
  r.issued_at = engine_->now();
  r.stages = {};
  ++issued_;
  target_->submit(request);
}

std::vector<TargetTraffic> DiskspdWorkload::traffic() const {
  std::vector<TargetTraffic> out(targets_.size());
  for (std::size_t t = 0; t < targets_.size(); ++t) {
    out[t].target = t;
    out[t].vms = static_cast<double>(vms_.size());
  }
  for (const Thread& th : threads_) {
    const double block = static_cast<double>(targets_[th.target].spec.block_bytes);
    out[th.target].ios += static_cast<double>(th.bytes_issued) / block;
  }
  return out;
}

void DiskspdWorkload::on_event(std::uint64_t request) {
  const IoRequest& r = (*requests_)[request];
  const sim::SimTime now = engine_->now();
  ++completed_;
  if (r.failed) {
    measurement_->record_failed(r.write, now);
  } else {
    measurement_->record(r, now - r.issued_at, now);
  }
  issue(static_cast<std::uint32_t>(request));
}

}  // namespace hcisim::models
