#include "models/cloud/managed_disk.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace hcisim::models {

namespace {

constexpr std::uint64_t kTiB = 1ull << 40;

const ManagedDiskSpec& checked(const ManagedDiskSpec& spec) {
  const std::string what = "managed disk '" + spec.id + "'";
  if (spec.capacity_bytes == 0) throw std::invalid_argument(what + ": capacity must be > 0");
  if (spec.io_latency_ns <= 0) throw std::invalid_argument(what + ": I/O latency must be > 0");
  return spec;
}

CapFigures figures(double base, double burst, const ManagedDiskSpec& spec) {
  return CapFigures{base, burst, spec.burst_window_s, spec.burst_credits_at_start, spec.throttle_window_s};
}

}  // namespace

ManagedDisk::ManagedDisk(sim::Engine& engine, const ManagedDiskSpec& spec)
    : engine_(&engine),
      spec_(checked(spec)),
      iops_(engine, "managed disk '" + spec.id + "': IOPS", figures(spec.iops, spec.burst_iops, spec)),
      bytes_(engine, "managed disk '" + spec.id + "': MB/s", figures(spec.bytes_per_s, spec.burst_bytes_per_s, spec)) {}

bool ManagedDisk::host_caching_available() const { return spec_.capacity_bytes < 4 * kTiB; }

void ManagedDisk::submit(const DriveIo& io, sim::EventHandler& done, std::uint64_t arg) {
  ++(io.write ? writes_ : reads_);
  const std::uint32_t record = records_.take(Pending{io.bytes, &done, arg});
  if (iops_.request(1.0, iops_granted_, record)) to_bytes_cap(record);
}

void ManagedDisk::to_bytes_cap(std::uint64_t record) {
  if (bytes_.request(static_cast<double>(records_[record].bytes), bytes_granted_, record)) to_service(record);
}

void ManagedDisk::to_service(std::uint64_t record) { engine_->schedule_in(spec_.io_latency_ns, completed_, record); }

void ManagedDisk::on_complete(std::uint64_t record) {
  const Pending io = records_[record];
  records_.release(static_cast<std::uint32_t>(record));
  io.done->on_event(io.arg);
}

double ManagedDisk::utilisation() const { return std::max(iops_.utilisation(), bytes_.utilisation()); }

void ManagedDisk::reset_stats() {
  reads_ = writes_ = 0;
  iops_.reset_stats();
  bytes_.reset_stats();
}

}  // namespace hcisim::models
