#include "models/workload/diskspd_workload.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace hcisim::models {

DiskspdWorkload::DiskspdWorkload(sim::Engine& engine, const DiskspdSpec& spec, RequestTable& requests,
                                 Measurement& measurement)
    : engine_(&engine), spec_(spec), requests_(&requests), measurement_(&measurement) {
  if (spec.block_bytes == 0 || spec.threads < 1 || spec.outstanding < 1) {
    throw std::invalid_argument("DISKSPD: block size, threads and outstanding I/Os must be positive");
  }
  if (spec.file_bytes < spec.block_bytes) {
    throw std::invalid_argument("DISKSPD: the file (" + std::to_string(spec.file_bytes) +
                                " bytes) is smaller than one block (" + std::to_string(spec.block_bytes) + ")");
  }
  if (!spec.software_cache_disabled) {
    throw std::invalid_argument("DISKSPD without -Sh (guest file cache on) is not modelled: add -Sh, as VMFleet does");
  }
  align_ = spec.random_align_bytes > 0 ? spec.random_align_bytes : spec.block_bytes;
  blocks_ = (spec.file_bytes - spec.block_bytes) / align_ + 1;
}

void DiskspdWorkload::add_vm(std::uint32_t vm, int node) {
  if (vm != vms_.size()) throw std::logic_error("DISKSPD: VMs must be added in the order the storage placed them");
  vms_.push_back(Vm{engine_->stream("vm" + std::to_string(vm) + "/diskspd"), 0});
  for (int t = 0; t < spec_.threads; ++t) {
    const auto thread = static_cast<std::uint32_t>(threads_.size());
    threads_.push_back(Thread{vm, 0});
    if (spec_.throughput_cap_bytes_per_s > 0) {
      // Burst of one block: DISKSPD paces each thread, it does not save up.
      buckets_.push_back(std::make_unique<sim::TokenBucket>(*engine_, spec_.throughput_cap_bytes_per_s,
                                                            static_cast<double>(spec_.block_bytes)));
    }
    for (int o = 0; o < spec_.outstanding; ++o) {
      IoRequest r;
      r.vm = vm;
      r.thread = thread;
      r.node = static_cast<std::uint16_t>(node);
      r.bytes = spec_.block_bytes;
      requests_->push_back(r);
    }
  }
}

void DiskspdWorkload::start(IoTarget& target) {
  target_ = &target;
  for (std::uint32_t i = 0; i < requests_->size(); ++i) issue(i);
}

std::uint64_t DiskspdWorkload::next_offset(IoRequest& r) {
  Vm& vm = vms_[r.vm];
  switch (spec_.pattern) {
    case AccessPattern::Random:
      return vm.rng.uniform_index(blocks_) * align_;
    case AccessPattern::Sequential: {
      Thread& t = threads_[r.thread];
      const std::uint64_t offset = t.next_sequential;
      t.next_sequential = offset + spec_.block_bytes + spec_.block_bytes > spec_.file_bytes
                              ? 0 : offset + spec_.block_bytes;
      return offset;
    }
    case AccessPattern::SequentialInterleaved: {
      const std::uint64_t offset = vm.shared_sequential;
      vm.shared_sequential = offset + spec_.block_bytes + spec_.block_bytes > spec_.file_bytes
                                 ? 0 : offset + spec_.block_bytes;
      return offset;
    }
  }
  return 0;
}

void DiskspdWorkload::issue(std::uint32_t request) {
  IoRequest& r = (*requests_)[request];
  if (!buckets_.empty() && !buckets_[r.thread]->request(static_cast<double>(r.bytes), tokens_, request)) return;
  on_tokens(request);
}

void DiskspdWorkload::on_tokens(std::uint64_t request) {
  IoRequest& r = (*requests_)[request];
  Vm& vm = vms_[r.vm];
  r.write = spec_.write_fraction >= 1.0 || (spec_.write_fraction > 0.0 && vm.rng.bernoulli(spec_.write_fraction));
  r.offset = next_offset(r);
  r.issued_at = engine_->now();
  r.stages = {};
  ++issued_;
  target_->submit(static_cast<std::uint32_t>(request));
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
