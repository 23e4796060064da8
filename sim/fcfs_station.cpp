#include "sim/fcfs_station.hpp"

#include <stdexcept>

namespace hcisim::sim {

FcfsStation::FcfsStation(Engine& engine, int servers)
    : engine_(engine), busy_stat_(engine.now()), waiting_stat_(engine.now()) {
  if (servers < 1) throw std::invalid_argument("FcfsStation needs at least one server");
  in_service_.resize(static_cast<std::size_t>(servers));
  idle_servers_.reserve(static_cast<std::size_t>(servers));
  // Highest index at the bottom so server 0 is taken first (only matters for traces).
  for (int s = servers - 1; s >= 0; --s) idle_servers_.push_back(s);
}

void FcfsStation::submit(SimTime service_time, EventHandler& done, std::uint64_t arg) {
  if (service_time < 0) throw std::invalid_argument("FcfsStation: negative service time");
  const Job job{service_time, &done, arg};
  if (idle_servers_.empty()) {
    waiting_.push_back(job);
    waiting_stat_.set(engine_.now(), static_cast<double>(waiting_.size()));
    return;
  }
  const int server = idle_servers_.back();
  idle_servers_.pop_back();
  ++busy_;
  busy_stat_.set(engine_.now(), busy_);
  start(server, job);
}

void FcfsStation::start(int server, const Job& job) {
  in_service_[static_cast<std::size_t>(server)] = Served{job.done, job.arg};
  engine_.schedule_in(job.service_time, completion_event_, static_cast<std::uint64_t>(server));
}

void FcfsStation::on_completion(std::uint64_t server) {
  const Served finished = in_service_[server];
  ++completed_;
  if (!waiting_.empty()) {
    // The server goes straight on to the next job: busy count unchanged.
    const Job next = waiting_.pop_front();
    waiting_stat_.set(engine_.now(), static_cast<double>(waiting_.size()));
    start(static_cast<int>(server), next);
  } else {
    --busy_;
    busy_stat_.set(engine_.now(), busy_);
    idle_servers_.push_back(static_cast<int>(server));
  }
  finished.done->on_event(finished.arg);
}

double FcfsStation::utilisation() const { return busy_stat_.average(engine_.now()) / static_cast<double>(servers()); }

double FcfsStation::mean_queue_length() const { return waiting_stat_.average(engine_.now()); }

double FcfsStation::mean_in_system() const {
  return busy_stat_.average(engine_.now()) + waiting_stat_.average(engine_.now());
}

void FcfsStation::reset_stats() {
  busy_stat_.reset(engine_.now());
  waiting_stat_.reset(engine_.now());
  completed_ = 0;
}

}  // namespace hcisim::sim
