#include "models/workload/oltp_measurement.hpp"

namespace hcisim::models {

const char* oltp_io_name(OltpIo kind) {
  switch (kind) {
    case OltpIo::PageRead: return "page_read";
    case OltpIo::LogWrite: return "log_write";
    case OltpIo::FlushWrite: return "flush_write";
  }
  return "?";
}

void OltpMeasurement::begin(sim::SimTime start, sim::SimTime duration, int intervals) {
  active_ = true;
  start_ = start;
  end_ = start;
  transactions_.fill(0);
  for (auto& h : latency_) h.reset();
  all_latency_.reset();
  latency_batches_ = sim::BatchMeans(16);
  io_stats_.fill(OltpIoStats{});
  io_.begin(start, duration, intervals);
  counters_ = OltpCounters{};
  thinking_.reset(start);
  in_transaction_.reset(start);
}

void OltpMeasurement::finish(sim::SimTime now) {
  if (!active_) return;
  io_.finish(now);
  end_ = now;
  active_ = false;
}

double OltpMeasurement::seconds(sim::SimTime now) const { return sim::to_seconds((active_ ? now : end_) - start_); }

std::uint64_t OltpMeasurement::transactions() const {
  std::uint64_t n = 0;
  for (std::uint64_t c : transactions_) n += c;
  return n;
}

}  // namespace hcisim::models
