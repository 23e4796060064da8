// DISKSPD inside each VM, as VMFleet runs it: per VM, `threads` threads each
// keeping `outstanding` I/Os in flight against the VM's file (closed loop: a
// completion immediately issues the next I/O of that slot). Random offsets are
// uniform and aligned; sequential threads walk their own stream (-s) or share
// one interleaved stream (-si). A -g cap throttles each thread by a token bucket.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "models/spec/workload_spec.hpp"
#include "models/io/io_request.hpp"
#include "models/workload/measurement.hpp"
#include "sim/engine.hpp"
#include "sim/random.hpp"
#include "sim/token_bucket.hpp"

namespace hcisim::models {

class DiskspdWorkload final : public sim::EventHandler, public RestartableWorkload {
 public:
  DiskspdWorkload(sim::Engine& engine, const DiskspdSpec& spec, RequestTable& requests, Measurement& measurement);

  // Adds the DISKSPD threads of one VM (already placed by the storage).
  void add_vm(std::uint32_t vm, int node);
  void start(IoTarget& target);
  // A completed I/O (the storage calls this with the request index). One the
  // storage failed is counted as failed, and the thread issues its next I/O.
  void on_event(std::uint64_t request) override;
  // After the VM restarts elsewhere: the slot issues a new I/O.
  void reissue(std::uint32_t request) override { issue(request); }

  std::uint64_t issued() const { return issued_; }
  std::uint64_t completed() const { return completed_; }
  // Whether the threads are throttled by a -g cap.
  bool throttled() const { return !buckets_.empty(); }

 private:
  struct Thread {
    std::uint32_t vm;
    std::uint64_t next_sequential;  // byte offset of the next sequential I/O
  };
  struct Vm {
    sim::RandomStream rng;
    std::uint64_t shared_sequential;  // -si cursor
  };
  void issue(std::uint32_t request);
  void on_tokens(std::uint64_t request);
  std::uint64_t next_offset(IoRequest& r);

  sim::Engine* engine_;
  DiskspdSpec spec_;
  RequestTable* requests_;
  Measurement* measurement_;
  IoTarget* target_ = nullptr;
  std::uint64_t blocks_;        // aligned positions in the file
  std::uint64_t align_;
  std::vector<Thread> threads_;
  std::vector<Vm> vms_;
  std::vector<std::unique_ptr<sim::TokenBucket>> buckets_;  // per thread, only with -g
  std::uint64_t issued_ = 0;
  std::uint64_t completed_ = 0;
  sim::MemberEvent<DiskspdWorkload, &DiskspdWorkload::on_tokens> tokens_{*this};
};

}  // namespace hcisim::models
