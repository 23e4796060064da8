// An Azure managed disk (Premium SSD v1) as a Drive: provisioned IOPS and MB/s
// caps, optional credit bursting, and a fixed platform latency per I/O.
//
// An I/O takes one token from the IOPS cap, then its bytes from the MB/s cap
// (each waits in FIFO order while its cap is exhausted), then completes after
// the disk's I/O latency. Below the caps the service is a pure delay, so a
// closed loop with n outstanding gets n / latency IOPS up to the cap, which is
// Azure's "queue depth = IOPS x latency" guidance; above them I/Os queue at the
// cap: latency grows and nothing fails (mechanisms.md 4.1). Reads and writes
// take the same latency; an acknowledged write is durable in Azure storage, so
// write-through costs nothing extra, and the offset does not matter.
// Not modelled: on-demand bursting and "performance plus" (billed options
// that raise the caps; use a spec with the higher figures), and any I/O-size
// rule for counting IOPS (a P30+ disk's MB/s cap binds long before its IOPS
// cap at large I/O sizes).
// Cost per I/O: two bucket requests and one event; I/O records are pooled, so
// steady state allocates nothing.
#pragma once

#include <cstdint>
#include <vector>

#include "models/cloud/cloud_cap.hpp"
#include "models/hardware/drive.hpp"
#include "models/spec/cloud_spec.hpp"
#include "sim/engine.hpp"
#include "sim/record_pool.hpp"

namespace hcisim::models {

class ManagedDisk final : public Drive {
 public:
  ManagedDisk(sim::Engine& engine, const ManagedDiskSpec& spec);

  void submit(const DriveIo& io, sim::EventHandler& done, std::uint64_t arg) override;

  // Time-average fraction of the provisioned caps used since reset_stats(): the
  // larger of IOPS and MB/s (above 1 while credit bursting).
  double utilisation() const override;
  std::uint64_t reads() const override { return reads_; }
  std::uint64_t writes() const override { return writes_; }
  void reset_stats();

  const ManagedDiskSpec& spec() const { return spec_; }
  const CloudCap& iops_cap() const { return iops_; }
  const CloudCap& bytes_cap() const { return bytes_; }
  // Azure offers no host caching on disks of 4 TiB and more (mechanisms.md 4.1).
  bool host_caching_available() const;

 private:
  struct Pending {
    std::uint64_t bytes = 0;
    sim::EventHandler* done = nullptr;
    std::uint64_t arg = 0;
  };
  void to_bytes_cap(std::uint64_t record);
  void to_service(std::uint64_t record);
  void on_complete(std::uint64_t record);

  sim::Engine* engine_;
  ManagedDiskSpec spec_;
  CloudCap iops_;
  CloudCap bytes_;
  sim::RecordPool<Pending> records_;
  std::uint64_t reads_ = 0;
  std::uint64_t writes_ = 0;
  sim::MemberEvent<ManagedDisk, &ManagedDisk::to_bytes_cap> iops_granted_{*this};
  sim::MemberEvent<ManagedDisk, &ManagedDisk::to_service> bytes_granted_{*this};
  sim::MemberEvent<ManagedDisk, &ManagedDisk::on_complete> completed_{*this};
  // Enrolled with the run's statistics (sim/statistics.hpp): reset when measurement begins.
  sim::Statistics::Registration stats_{engine_->statistics(), "disk", [this](sim::SimTime) { reset_stats(); }};
};

}  // namespace hcisim::models
