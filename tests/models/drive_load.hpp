// A fio-like closed loop against any Drive: N I/Os outstanding, each completion
// issues the next from the same slot. Offsets are random (uniform, aligned to
// the block, over a span) or sequential (each slot's stream continues where the
// previous I/O of the whole load ended). Shared by the HDD and serial SSD tests.
#pragma once

#include <algorithm>
#include <cstdint>
#include <limits>
#include <vector>

#include "models/hardware/drive.hpp"
#include "sim/engine.hpp"
#include "sim/random.hpp"

namespace mtest {

struct LoadPattern {
  std::uint64_t bytes = 4096;
  bool write = false;
  bool write_through = true;
  bool sequential = false;
  std::uint64_t span_begin = 0;  // random offsets in [span_begin, span_end), block-aligned
  std::uint64_t span_end = 0;
};

class ClosedLoop final : public hcisim::sim::EventHandler {
 public:
  ClosedLoop(hcisim::sim::Engine& engine, hcisim::models::Drive& drive, int outstanding, LoadPattern pattern,
             const char* stream_name = "load")
      : engine_(engine),
        drive_(drive),
        pattern_(pattern),
        random_(engine.stream(stream_name)),
        slots_(static_cast<std::size_t>(outstanding)),
        next_sequential_(pattern.span_begin) {}

  // Gives one slot its own pattern (the others keep the load's).
  void set_slot_pattern(std::size_t slot, LoadPattern pattern) {
    slots_[slot].pattern = pattern;
    slots_[slot].own = true;
  }

  // Issues every slot now (all at once: a drive queue fills immediately), or
  // slot i at i x spacing, so that completions spread out instead of moving in
  // synchronised waves through processor-shared stages (flash media, links).
  void start(hcisim::sim::SimTime spacing = 0) {
    for (std::size_t i = 0; i < slots_.size(); ++i) {
      if (spacing == 0) {
        issue(i);
      } else {
        engine_.schedule_at(engine_.now() + static_cast<hcisim::sim::SimTime>(i) * spacing, starter_, i);
      }
    }
  }
  void reset() {
    completed_ = 0;
    latency_sum_ = 0;
    for (Slot& s : slots_) {
      s.completed = 0;
      s.max_latency = 0;
    }
    max_latency_ = 0;
  }

  void on_event(std::uint64_t slot) override {
    Slot& s = slots_[slot];
    const hcisim::sim::SimTime latency = engine_.now() - s.issued_at;
    ++completed_;
    ++s.completed;
    latency_sum_ += static_cast<double>(latency);
    s.max_latency = std::max(s.max_latency, latency);
    max_latency_ = std::max(max_latency_, latency);
    if (!stopped_) issue(slot);
  }
  void stop() { stopped_ = true; }

  std::uint64_t completed() const { return completed_; }
  double mean_latency_ns() const { return completed_ ? latency_sum_ / static_cast<double>(completed_) : 0; }
  hcisim::sim::SimTime max_latency() const { return max_latency_; }
  std::uint64_t slot_completed(std::size_t slot) const { return slots_[slot].completed; }
  hcisim::sim::SimTime slot_max_latency(std::size_t slot) const { return slots_[slot].max_latency; }

 private:
  struct Slot {
    hcisim::sim::SimTime issued_at = 0;
    LoadPattern pattern;
    bool own = false;
    std::uint64_t completed = 0;
    hcisim::sim::SimTime max_latency = 0;
  };
  void issue_slot(std::uint64_t slot) { issue(static_cast<std::size_t>(slot)); }
  void issue(std::size_t slot) {
    Slot& s = slots_[slot];
    const LoadPattern& p = s.own ? s.pattern : pattern_;
    std::uint64_t offset = 0;
    if (p.sequential) {
      if (next_sequential_ + p.bytes > p.span_end) next_sequential_ = p.span_begin;
      offset = next_sequential_;
      next_sequential_ += p.bytes;
    } else {
      const std::uint64_t blocks = (p.span_end - p.span_begin) / p.bytes;
      offset = p.span_begin + random_.uniform_index(blocks) * p.bytes;
    }
    s.issued_at = engine_.now();
    drive_.submit(hcisim::models::DriveIo{offset, p.bytes, p.write, p.write_through}, *this, slot);
  }

  hcisim::sim::Engine& engine_;
  hcisim::models::Drive& drive_;
  LoadPattern pattern_;
  hcisim::sim::RandomStream random_;
  std::vector<Slot> slots_;
  std::uint64_t next_sequential_;
  std::uint64_t completed_ = 0;
  double latency_sum_ = 0;
  hcisim::sim::SimTime max_latency_ = 0;
  bool stopped_ = false;
  hcisim::sim::MemberEvent<ClosedLoop, &ClosedLoop::issue_slot> starter_{*this};
};

// Warm up, reset the counters, measure a window; returns the window in seconds.
inline double measure(hcisim::sim::Engine& engine, hcisim::models::Drive&, std::vector<ClosedLoop*> loads,
                      hcisim::sim::SimTime warmup, hcisim::sim::SimTime window) {
  engine.run_until(engine.now() + warmup);
  for (ClosedLoop* load : loads) load->reset();
  engine.statistics().reset(engine.now());  // the drive enrolled there, as in a run
  engine.run_until(engine.now() + window);
  return hcisim::sim::to_seconds(window);
}

}  // namespace mtest
