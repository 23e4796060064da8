// The timeline: section and the failure keys of cluster: as the loader reads
// them: what loads, and each refusal naming its key and what was expected.
#include <catch2/catch.hpp>

#include "load_error_of.hpp"
#include "tools/frontend/base/load_error.hpp"
#include "tools/frontend/input/scenario_loader.hpp"

using namespace hcisim;
using Catch::Matchers::Contains;
using frontend::testing::load_error_of;

namespace {

const frontend::Catalog& catalog() {
  static const frontend::Catalog c = frontend::Catalog::load();
  return c;
}

// The drive-failure what-if (40 s run, Test 2 on the AX-7525) with `overrides`.
models::ScenarioSpec load(const std::vector<std::string>& overrides) {
  return frontend::load_scenario(
      std::filesystem::path(HCISIM_SOURCE_DIR) / "scenarios/ax7525/whatif-drive-failure.yaml", catalog(), overrides);
}

std::string error_of(const std::vector<std::string>& overrides) {
  return load_error_of([&] { load(overrides); });
}

}  // namespace

TEST_CASE("timeline events load in order, with their parts and times", "[scenario][timeline]") {
  const auto s = load({"timeline.events=[{at: 2s, fail: node 3}, {at: 5s, fail: drive 2.4}, "
                       "{at: 20s, return: node 3}, {at: 25s, drain: node 1}, {at: 30s, fail: nic 4.2}]",
                       "cluster.repair_speed=8", "cluster.witness=true"});
  REQUIRE(s.timeline.events.size() == 5);
  CHECK(s.timeline.events[4].part == models::FailurePart::NicPort);
  CHECK(s.timeline.events[4].node == 3);
  CHECK(s.timeline.events[4].port == 1);
  CHECK(s.timeline.events[0].at == 2'000'000'000);
  CHECK(s.timeline.events[0].part == models::FailurePart::Node);
  CHECK(s.timeline.events[0].node == 2);
  CHECK(s.timeline.events[0].fail);
  CHECK(s.timeline.events[1].part == models::FailurePart::Drive);
  CHECK(s.timeline.events[1].node == 1);
  CHECK(s.timeline.events[1].drive == 3);
  CHECK_FALSE(s.timeline.events[2].fail);
  CHECK(s.timeline.events[3].planned);
  CHECK(s.cluster.stack.failure.repair_outstanding == 8);
  CHECK(s.cluster.witness);
}

TEST_CASE("timeline refusals name the key and what was expected", "[scenario][timeline]") {
  CHECK_THAT(error_of({"timeline.events=[{at: 5s, fail: node 3}, {at: 2s, return: node 3}]"}),
             Contains("key 'timeline.events[1].at': expected events in time order"));
  CHECK_THAT(error_of({"timeline.events=[{at: 40s, fail: node 3}]"}),
             Contains("key 'timeline.events[0].at': expected a time inside the run (warm-up + duration = 40 s)"));
  CHECK_THAT(error_of({"timeline.events=[{at: 2s, return: node 3}]"}), Contains("node 3 is up then: nothing returns"));
  // A precision stop would cut the phases short.
  CHECK_THAT(error_of({"run.precision=2%", "run.interval=100ms"}),
             Contains("key 'run.precision': a run with a failure timeline measures its whole duration"));
  CHECK_THAT(error_of({"timeline.events=[{at: 2s, fail: node 3}, {at: 3s, fail: node 3}]"}),
             Contains("node 3 is already down then"));
  CHECK_THAT(error_of({"timeline.events=[{at: 2s, fail: drive 2.1}, {at: 3s, return: drive 2.1}]"}),
             Contains("a failed drive does not return: its data is rebuilt elsewhere"));
  CHECK_THAT(error_of({"timeline.events=[{at: 2s, drain: drive 2.1}]"}),
             Contains("expected 'node N': only a node is drained for maintenance"));
  CHECK_THAT(error_of({"timeline.events=[{at: 2s, fail: node 5}]"}), Contains("expected 'node N' (1..4)"));
  CHECK_THAT(error_of({"timeline.events=[{at: 2s, fail: drive 2.25}]"}), Contains("drive D of 1..24"));
  CHECK_THAT(error_of({"timeline.events=[{at: 2s, fail: nic 2.3}]"}), Contains("NIC port P of 1..2"));
  CHECK_THAT(error_of({"timeline.events=[{at: 2s, fail: nic 2.1}, {at: 3s, fail: nic 2.2}]"}),
             Contains("port 2 of node 2 is the node's last port up: a node cut off from the storage network is a "
                      "node failure"));
  CHECK_THAT(error_of({"timeline.events=[{at: 2s, return: nic 2.1}]"}), Contains("port 1 of node 2 is up then"));
  CHECK_THAT(error_of({"timeline.events=[{at: 2s, fail: node 3, return: node 3}]"}),
             Contains("expected exactly one of fail:"));
  CHECK_THAT(error_of({"cluster.repair_speed=3"}), Contains("key 'cluster.repair_speed': expected one of S2D's repair "
                                                            "speeds 1, 2, 4, 8 or 16"));
}

TEST_CASE("ScaleIO timelines: a drive or a NIC port can fail, a node cannot yet", "[scenario][timeline][scaleio]") {
  const auto file = std::filesystem::path(HCISIM_SOURCE_DIR) / "scenarios/vxrack/whatif-ssd-failure.yaml";
  const auto s = frontend::load_scenario(file, catalog());
  REQUIRE(s.timeline.events.size() == 1);
  CHECK(s.timeline.events[0].part == models::FailurePart::Drive);
  CHECK(s.cluster.stack.failure.defined);
  CHECK(s.cluster.stack.failure.repair_outstanding == 1);         // rebuild I/Os per device (mechanisms.md 3)
  CHECK(s.cluster.stack.failure.spare_fraction == 0.1);           // sparePercentage 10
  CHECK(s.cluster.stack.failure.repair_io_bytes == 1024 * 1024);  // a chunk
  CHECK_THAT(
      load_error_of([&] { frontend::load_scenario(file, catalog(), {"timeline.events=[{at: 40s, fail: node 2}]"}); }),
      Contains("ScaleIO node failures (an SDS and an SDC at once) are not modelled yet"));
  CHECK_NOTHROW(frontend::load_scenario(file, catalog(), {"timeline.events=[{at: 40s, fail: nic 2.1}]"}));
}

TEST_CASE("how a drive fails: stops answering by default, or with errors; refused where it means nothing",
          "[scenario][timeline]") {
  const auto s = load({"timeline.events=[{at: 2s, fail: drive 2.1}, {at: 3s, fail: drive 2.2, mode: errors}, "
                       "{at: 4s, fail: drive 2.3, mode: stops answering}]"});
  REQUIRE(s.timeline.events.size() == 3);
  CHECK(s.timeline.events[0].stops_answering);
  CHECK_FALSE(s.timeline.events[1].stops_answering);
  CHECK(s.timeline.events[2].stops_answering);
  CHECK_THAT(error_of({"timeline.events=[{at: 2s, fail: drive 2.1, mode: hangs}]"}),
             Contains("key 'timeline.events[0].mode': expected 'stops answering'"));
  CHECK_THAT(error_of({"timeline.events=[{at: 2s, fail: node 2, mode: errors}]"}),
             Contains("mode: is how a drive fails; this event is not a drive failing"));
  const auto vxrack = std::filesystem::path(HCISIM_SOURCE_DIR) / "scenarios/vxrack/whatif-ssd-failure.yaml";
  CHECK_THAT(load_error_of([&] {
               frontend::load_scenario(vxrack, catalog(),
                                       {"timeline.events=[{at: 40s, fail: drive 2.1, mode: errors}]"});
             }),
             Contains("mode: is modelled for S2D only"));
}
