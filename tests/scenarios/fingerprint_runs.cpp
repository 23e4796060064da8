#include "tests/scenarios/fingerprint_runs.hpp"

#include <map>

namespace hcisim::test {
namespace {

// A steady-state run: long enough for every layer to carry I/O, short enough
// that a hundred scenarios take seconds (the golden files' length too).
const std::vector<std::string> kShortRun = {"run.warmup=5ms", "run.duration=10ms"};

// The scenarios that cannot run 5 ms + 10 ms as they are, and what they run instead.
const std::map<std::string, std::vector<std::string>>& own_runs() {
  static const std::map<std::string, std::vector<std::string>> runs = {
      // Timelines: their events lie seconds in (2 s to 610 s); a run past the
      // last one costs 10 s of wall time and more each. The events move to the
      // first milliseconds instead, the same parts in the same order; the
      // report's title lists the change. What follows a failure within the run:
      // a node failure, the wait for its detection (10 s: the failover and
      // resync after it are out of reach); a drive that stops answering, the
      // wait for its detection (6 s); a drive failing with errors, its rebuild;
      // a drained node, the VMs' move, its return and resync.
      {"ax7525/timeline/test3-4k-random-read",
       {"run.warmup=5ms", "run.duration=10ms", "run.interval=1ms", "timeline.events=[{at: 6ms, fail: node 4}]"}},
      {"ax7525/timeline/test3-8k-random-30w",
       {"run.warmup=5ms", "run.duration=10ms", "run.interval=1ms", "timeline.events=[{at: 6ms, fail: node 4}]"}},
      {"ax7525/timeline/test4-4k-random-read",
       {"run.warmup=5ms", "run.duration=10ms", "run.interval=1ms",
        "timeline.events=[{at: 6ms, fail: node 3}, {at: 8ms, fail: node 4}]"}},
      {"ax7525/timeline/test4-8k-random-30w",
       {"run.warmup=5ms", "run.duration=10ms", "run.interval=1ms",
        "timeline.events=[{at: 6ms, fail: node 3}, {at: 8ms, fail: node 4}]"}},
      {"ax7525/whatif-drive-errors",
       {"run.warmup=5ms", "run.duration=10ms", "run.interval=1ms",
        "timeline.events=[{at: 6ms, fail: drive 2.1, mode: errors}]"}},
      {"ax7525/whatif-drive-failure",
       {"run.warmup=5ms", "run.duration=10ms", "run.interval=1ms", "timeline.events=[{at: 6ms, fail: drive 2.1}]"}},
      {"ax7525/whatif-node-down-10min",
       {"run.warmup=5ms", "run.duration=10ms", "run.interval=1ms",
        "timeline.events=[{at: 6ms, fail: node 4}, {at: 9ms, return: node 4}]"}},
      {"ax7525/whatif-patch-reboot",
       {"run.warmup=5ms", "run.duration=10ms", "run.interval=1ms",
        "timeline.events=[{at: 6ms, drain: node 3}, {at: 10ms, return: node 3}]"}},
      // The cold cache's what-if measures the cache filling from its start: no warm-up, as the file says.
      {"r740xd/whatif-cold-cache", {"run.duration=15ms"}},
      // Paced by DISKSPD -g at 6 I/Os per second per thread: 10 ms completes
      // none. 100 ms + 400 ms, as validate gives a paced measured run.
      {"vmfleet2/vdi", {"run.warmup=100ms", "run.duration=400ms"}},
      // OLTP: the users think 4.7 s between transactions, so the users' loop
      // takes a second to reach its steady state (as the golden files run it).
      // The checkpoints' 60 s cycle is beyond any short run: each database's
      // first falls at a random phase of it.
      {"vxrack/hci-sql", {"run.warmup=1s", "run.duration=1s"}},
      {"vxrack/two-layer-sql", {"run.warmup=1s", "run.duration=1s"}},
      // The same OLTP run with its SSD failing at 500 ms rather than 30 s: its
      // detection (1 s) and the first 0.5 s of ScaleIO's many-to-many rebuild.
      {"vxrack/whatif-ssd-failure",
       {"run.warmup=500ms", "run.duration=1500ms", "run.interval=100ms",
        "timeline.events=[{at: 500ms, fail: drive 2.3}]"}},
      // The VMFleet load's what-if: the SSD fails at 6 ms; its detection (1 s) is beyond the run.
      {"vxrack/whatif-ssd-failure-vmfleet",
       {"run.warmup=5ms", "run.duration=10ms", "run.interval=1ms", "timeline.events=[{at: 6ms, fail: drive 2.3}]"}},
      // A SAS iotest has no warm-up or duration: it writes its files, reads
      // them back, and the run ends. The tests run 64 MiB files (the MB/s per
      // core of the full files, as the golden files run them)...
      {"azure-infoscale/test1", {"vms.sas_iotest.file_size=64MiB", "run.interval=100ms"}},
      {"azure-infoscale/test2", {"vms.sas_iotest.file_size=64MiB", "run.interval=100ms"}},
      // ...the what-ifs their full files, whose length against the burst
      // credits is their question, on the coarsest time scale the loader
      // accepts (a 30-minute burst window 1 s long).
      {"azure-infoscale/whatif-storage-vms-20min", {"run.time_scale=1800"}},
      {"azure-infoscale/whatif-storage-vms-6h", {"run.time_scale=1800"}},
  };
  return runs;
}

}  // namespace

std::vector<std::string> fingerprint_run(const std::string& scenario) {
  const auto own = own_runs().find(scenario);
  return own == own_runs().end() ? kShortRun : own->second;
}

std::vector<std::string> scenarios_with_own_runs() {
  std::vector<std::string> names;
  for (const auto& [name, run] : own_runs()) names.push_back(name);
  return names;
}

std::string describe_run(const std::vector<std::string>& assignments) {
  std::string text;
  for (const std::string& a : assignments) text += (text.empty() ? "" : "; ") + a;
  return text;
}

}  // namespace hcisim::test
