// Multi-server FCFS station: c identical servers in front of one FIFO queue.
// The caller gives each job its service time; the station tells the job's owner
// when it is done. Models: a drive's internal parallelism, a controller, a
// bank of worker threads.
//
// Structure: a FIFO ring of waiting jobs {service time, handler, arg}; one record
// per server for the job it serves; a stack of idle server indices. Each busy
// server has exactly one pending completion event (arg = server index).
// Cost: submit O(1); completion O(1) plus one event push (O(log pending events)).
// Memory per job: 24 B while it waits (ring slot), 16 B while in service (server
// record). Nothing is allocated once the ring has grown to the peak queue length.
//
// Re-entrancy: at completion the station first makes its own state consistent
// (next job started, counters and statistics updated), then calls
// done.on_event(arg) directly from inside its own event, so the callee may
// submit again (to this or any other station) without a zero-delay hop.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "sim/engine.hpp"
#include "sim/fifo_ring.hpp"
#include "sim/time.hpp"
#include "sim/time_weighted.hpp"

namespace hcisim::sim {

class FcfsStation {
 public:
  FcfsStation(Engine& engine, int servers);
  FcfsStation(const FcfsStation&) = delete;
  FcfsStation& operator=(const FcfsStation&) = delete;

  // Enqueues a job needing `service_time` (>= 0) of one server; done.on_event(arg)
  // runs when it completes.
  void submit(SimTime service_time, EventHandler& done, std::uint64_t arg);

  int servers() const { return static_cast<int>(in_service_.size()); }
  int busy() const { return busy_; }
  std::size_t queued() const { return waiting_.size(); }
  std::size_t in_system() const { return waiting_.size() + static_cast<std::size_t>(busy_); }

  // Jobs completed since construction or the last reset_stats().
  std::uint64_t completed() const { return completed_; }
  // Time-average of busy/servers since the last reset_stats().
  double utilisation() const;
  // Time-average number waiting (not in service) since the last reset_stats().
  double mean_queue_length() const;
  // Time-average number in the station (waiting + in service) since the last reset_stats().
  double mean_in_system() const;
  // Starts a new measurement window at now (warm-up discard); the state is kept.
  void reset_stats();

 private:
  struct Job {
    SimTime service_time = 0;
    EventHandler* done = nullptr;
    std::uint64_t arg = 0;
  };
  struct Served {
    EventHandler* done = nullptr;
    std::uint64_t arg = 0;
  };

  void start(int server, const Job& job);
  void on_completion(std::uint64_t server);

  Engine& engine_;
  std::vector<Served> in_service_;
  std::vector<int> idle_servers_;  // stack; the last one freed is reused first
  FifoRing<Job> waiting_;
  int busy_ = 0;
  std::uint64_t completed_ = 0;
  TimeWeighted busy_stat_;
  TimeWeighted waiting_stat_;
  MemberEvent<FcfsStation, &FcfsStation::on_completion> completion_event_{*this};
};

}  // namespace hcisim::sim
