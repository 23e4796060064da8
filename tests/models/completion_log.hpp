// A completion handler for model tests: records each event's argument and time.
#pragma once

#include <cstdint>
#include <vector>

#include "sim/engine.hpp"

namespace mtest {

struct CompletionLog final : hcisim::sim::EventHandler {
  explicit CompletionLog(hcisim::sim::Engine& e) : engine(&e) {}
  void on_event(std::uint64_t arg) override { done.push_back({arg, engine->now()}); }
  struct Entry {
    std::uint64_t arg;
    hcisim::sim::SimTime at;
  };
  hcisim::sim::Engine* engine;
  std::vector<Entry> done;
};

}  // namespace mtest
