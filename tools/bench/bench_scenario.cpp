// Simulator speed on a scenario (default: the AX-7525 Test 1 4K random read,
// ~5.7 M IOPS simulated): simulated I/Os and kernel events per wall-clock
// second, best of several runs, and the process's resident memory sampled
// during the run, to show it stays flat as simulated time grows.
//
//   bench_scenario [SCENARIO] [--repeat N]
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <unistd.h>

#include "models/run/simulation.hpp"
#include "tools/frontend/catalog.hpp"
#include "tools/frontend/scenario_loader.hpp"

using namespace hcisim;

namespace {

double resident_mib() {
  std::ifstream statm("/proc/self/statm");
  long pages = 0, resident = 0;
  statm >> pages >> resident;
  return static_cast<double>(resident) * static_cast<double>(sysconf(_SC_PAGESIZE)) / (1024.0 * 1024.0);
}

}  // namespace

int main(int argc, char** argv) {
  std::string file = std::string(HCISIM_SOURCE_DIR) + "/scenarios/ax7525/test1-4k-random-read.yaml";
  int repeat = 3;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--repeat" && i + 1 < argc) {
      repeat = std::atoi(argv[++i]);
    } else {
      file = arg;
    }
  }
  const auto catalog = frontend::Catalog::load();
  models::ScenarioSpec spec = frontend::load_scenario(file, catalog);
  std::printf("scenario: %s\n", spec.title.c_str());
  std::printf("%12s %10s %14s %16s %18s %14s %16s\n", "simulated", "wall s", "sim I/Os", "sim I/Os per s",
              "events per s", "peak pending", "RSS at 10%/100%");
  for (const std::int64_t duration_ms : {100, 200, 400}) {
    spec.run.duration_ns = duration_ms * 1'000'000;
    models::RunResult best;
    double rss_early = 0, rss_end = 0;
    for (int r = 0; r < repeat; ++r) {
      models::RunOptions options;
      options.progress = [&](double fraction) {
        if (fraction >= 0.1 && rss_early == 0) rss_early = resident_mib();
        rss_end = resident_mib();
      };
      rss_early = 0;
      const auto result = models::simulate(spec, options);
      if (r == 0 || result.performance.wall_seconds < best.performance.wall_seconds) best = result;
    }
    const auto& p = best.performance;
    std::printf("%9lld ms %10.3f %14llu %16.3e %18.3e %14llu %7.1f/%.1f MiB\n",
                static_cast<long long>(duration_ms + spec.run.warmup_ns / 1'000'000), p.wall_seconds,
                static_cast<unsigned long long>(p.simulated_ios), p.ios_per_wall_second, p.events_per_wall_second,
                static_cast<unsigned long long>(p.peak_pending_events), rss_early, rss_end);
  }
  return 0;
}
