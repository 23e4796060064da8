// Run events are facts with numbers (models/storage/run_event.hpp); the
// reports word them, one sentence per kind of fact.
#include <catch2/catch.hpp>

#include "tools/frontend/report/run_event_text.hpp"

using namespace hcisim;
using W = models::RunEventWhat;

TEST_CASE("run events: each fact worded with its numbers, 1-based", "[report][events]") {
  using F = models::RunEventFacts;
  CHECK(frontend::run_event_text(F{.what = W::NodeFails, .node = 3}) == "node 4 fails");
  CHECK(frontend::run_event_text(F{.what = W::DriveFails, .node = 0, .drive = 2, .stops_answering = true}) ==
        "drive 3 of node 1 stops answering");
  CHECK(frontend::run_event_text(F{.what = W::DriveFails, .node = 0, .drive = 2}) ==
        "drive 3 of node 1 fails with errors");
  CHECK(frontend::run_event_text(F{.what = W::ExtentsUnplaced, .node = 1, .drive = 0, .count = 5, .total = 80}) ==
        "5 of 80 extents of drive 1 of node 2 find no room on the node's other drives: they stay degraded");
  CHECK(frontend::run_event_text(F{.what = W::VolumeFailover, .volume = 2, .to_node = 1}) ==
        "volume 3 now owned by node 2");
  CHECK(frontend::run_event_text(F{.what = W::PoolOffline, .count = 10, .total = 24, .up = 1, .of = 4}) ==
        "pool offline: 10 of 24 drives and 1 of 4 nodes lose quorum; every volume fails its I/O");
  CHECK(frontend::run_event_text(F{.what = W::VmsStop, .node = 2, .count = 8, .seconds = 40.5}) ==
        "8 VMs of node 3 stop; they restart once the failure is detected and they have booted (40.5 s)");
  CHECK(frontend::run_event_text(F{.what = W::NicPortFails, .node = 0, .port = 1, .up = 1, .of = 2, .gbps = 100}) ==
        "NIC port 2 of node 1 fails: 1 of 2 ports up, 100 Gb/s each way");
  CHECK(frontend::run_event_text(F{.what = W::VmsRestarted, .node = 2, .to_node = 1, .count = 1}) ==
        "1 VMs of node 3 restarted on node 2");
}

TEST_CASE("run events: every kind of fact has words", "[report][events]") {
  for (int w = 0; w <= static_cast<int>(W::VmsRestarted); ++w) {
    INFO(w);
    const std::string text = frontend::run_event_text(
        {.what = static_cast<W>(w), .node = 0, .drive = 0, .port = 0, .volume = 0, .to_node = 0});
    CHECK_FALSE(text.empty());
    CHECK(text.find("node 0") == std::string::npos);  // indices are worded 1-based
  }
}
