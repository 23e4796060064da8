// SAS rhel_iotest on a VxFS cluster file system (seed-systems.md section 4):
// one sequential stream per physical core of every client VM, each with its
// own file. Write phase: every stream writes its file front to back in calls
// of block_bytes (dd-like: a call returns once its data is in the page cache,
// or, above the direct-I/O threshold, once it is on the disks). The read phase
// starts once every stream has written and the dirty data is flushed; each
// stream then reads its file back the same way. The run ends when the last
// stream has read its file.
//
// Each call copies its data between the application's buffer and the page
// cache on the stream's vCPUs (the stack's page_cache cost); the file system's
// flush-behind writes and read-aheads (VxfsWriteBehind, VxfsReadAhead) are the
// requests the storage sees. The figure: MB/s per physical core, i.e. the file
// bytes of all streams over the phase's wall time (first call to the last
// stream's last call), divided by the cores; per client over that client's
// streams and its last stream's end. [EST] MB = 10^6 bytes.
//
// Requests: per stream a fixed set (VxfsIoPolicy::requests_in_flight: the larger
// nstream, at most the file's pref_io chunks; one for direct I/O),
// IoRequest::thread = the stream. Nothing is allocated per call or I/O.
#pragma once

#include <cstdint>
#include <vector>

#include "models/hardware/vcpu_set.hpp"
#include "models/io/io_request.hpp"
#include "models/result/sas_phase.hpp"
#include "models/spec/scenario_spec.hpp"
#include "models/storage/infoscale/vxfs_buffered_io.hpp"
#include "models/workload/measurement.hpp"
#include "models/workload/workload.hpp"
#include "sim/engine.hpp"

namespace hcisim::models {

class SasIotestWorkload final : public Workload, private sim::EventHandler {
 public:
  SasIotestWorkload(sim::Engine& engine, const ScenarioSpec& spec, RequestTable& requests);

  // Workload
  sim::EventHandler& completions() override { return *this; }
  std::uint64_t disk_bytes() const override { return file_bytes_; }
  void add_vm(std::uint32_t vm, int host, VcpuSet& vcpus) override;
  RequestShape request_shape() const override;
  void start(IoTarget& target) override;
  void begin_measurement(sim::SimTime now, sim::SimTime duration, sim::SimTime interval, int) override {
    measurement_.begin_every(now, duration, interval);
  }
  void finish(sim::SimTime now) override { measurement_.finish(now); }
  const Measurement& storage_io() const override { return measurement_; }
  void split_by_phase(PhaseMeasurement* phases) override { measurement_.split_by_phase(phases); }
  bool finished() const override { return phase_ == SasPhase::Done; }
  void fill(RunResult& result, const ScenarioSpec& spec, sim::SimTime now) const override;

  SasPhase phase() const { return phase_; }
  std::uint64_t file_bytes() const { return file_bytes_; }  // per stream, after the time scale
  const VxfsIoPolicy& policy() const { return policy_; }
  std::size_t streams() const { return streams_.size(); }
  sim::SimTime write_end() const { return write_end_; }    // last stream's last write returned
  sim::SimTime read_start() const { return read_start_; }  // every stream's data flushed
  sim::SimTime read_end() const { return read_end_; }

 private:
  struct Stream {
    std::uint32_t vm = 0;
    int client = 0;  // 0-based client VM
    VcpuSet* vcpus = nullptr;
    std::vector<std::uint32_t> free_requests;
    VxfsWriteBehind writes;
    VxfsReadAhead reads;
    std::uint64_t done_bytes = 0;  // calls returned in the current phase
    bool in_call = false;          // a call is copying or waiting for storage (direct I/O)
    bool waiting = false;          // the next call waits for room (writes) or data (reads)
    sim::SimTime write_done = -1, read_done = -1;
  };

  void on_event(std::uint64_t request) override;  // a storage request completed
  void next_call(std::uint32_t stream);
  void on_copy_done(std::uint64_t stream);
  void call_returned(std::uint32_t stream);
  void pump(std::uint32_t stream);
  void issue(std::uint32_t stream, bool write, std::uint64_t offset, std::uint64_t bytes);
  void stream_flushed();
  void start_reads();
  bool direct() const { return policy_.direct(block_bytes_); }

  sim::Engine* engine_;
  RequestTable* requests_;
  IoTarget* target_ = nullptr;
  VxfsIoPolicy policy_;
  LayerCost copy_cost_;
  std::uint64_t file_bytes_;
  std::uint64_t block_bytes_;
  int storage_vms_;  // hosts before the first client
  int requests_per_stream_;
  std::vector<Stream> streams_;
  Measurement measurement_;
  SasPhase phase_ = SasPhase::Write;
  std::size_t streams_to_go_ = 0;  // write phase: not yet flushed; read phase: not yet read
  std::size_t writers_left_ = 0;   // streams still writing
  sim::SimTime write_start_ = 0, write_end_ = -1, read_start_ = -1, read_end_ = -1;
  sim::MemberEvent<SasIotestWorkload, &SasIotestWorkload::on_copy_done> copy_done_{*this};
};

}  // namespace hcisim::models
