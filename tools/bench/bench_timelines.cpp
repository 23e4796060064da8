// Time to answer a failure question (issue 44): runs each bundled failure
// timeline and what-if as `hcisim run` does, fast-forward on (its default), and
// prints the wall time, the simulated and skipped seconds and the events per
// I/O. With --full it also runs each without fast-forward, in the same
// process, and prints the ratio of the wall times and how far the fast run's
// answer is from the full one: the largest difference over the phases of
// IOPS and of p99 (read and write), and of the repair's time (detection or
// return to "repair done").
//
//   bench_timelines [--full] [SCENARIO ...]
// Default: every bundled scenario with a failure timeline. One core; a full run
// of the ten-minute what-if takes hours.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "models/run/simulation.hpp"
#include "tools/bench/bench_main.hpp"
#include "tools/frontend/input/catalog.hpp"
#include "tools/frontend/input/scenario_loader.hpp"

using namespace hcisim;
namespace fs = std::filesystem;

namespace {

const char* const kUsage = "bench_timelines [--full] [SCENARIO ...]";

struct Timed {
  models::RunResult result;
  double wall_s = 0;
};

Timed timed_run(const fs::path& file, const frontend::Catalog& catalog, bool fast_forward) {
  const auto start = std::chrono::steady_clock::now();
  std::vector<std::string> sets;
  if (!fast_forward) sets.push_back("run.fast_forward=off");
  Timed t;
  t.result = models::simulate(frontend::load_scenario(file, catalog, sets));
  t.wall_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return t;
}

// When the repair that ends last began (a detection or a return) and ended; -1 if none ended.
double repair_seconds(const models::RunResult& r) {
  double begun = -1, done = -1;
  for (const auto& e : r.events) {
    if (e.kind() == models::RunEventKind::Resync || e.kind() == models::RunEventKind::Rebuild) begun = e.at_s;
    if (e.kind() == models::RunEventKind::RepairDone) done = e.at_s;
  }
  return begun >= 0 && done >= begun ? done - begun : -1;
}

double relative(double a, double b) { return b != 0 ? std::fabs(a / b - 1) : (a != 0 ? 1 : 0); }

std::vector<fs::path> bundled_timelines(const frontend::Catalog& catalog) {
  std::vector<fs::path> files;
  for (const auto& entry : fs::recursive_directory_iterator(fs::path(HCISIM_SOURCE_DIR) / "scenarios")) {
    if (entry.path().extension() != ".yaml" || entry.path().string().find("/common/") != std::string::npos) continue;
    try {
      const models::ScenarioSpec spec = frontend::load_scenario(entry.path(), catalog);
      if (!spec.timeline.events.empty() || spec.timeline.random_failures) files.push_back(entry.path());
    } catch (const std::exception&) {
      // not a runnable scenario on its own (a template): not benchmarked
    }
  }
  std::sort(files.begin(), files.end());
  return files;
}

}  // namespace

int main(int argc, char** argv) {
  return bench::run_bench("bench_timelines", argc, argv, [](const std::vector<std::string>& args) {
    namespace po = boost::program_options;
    po::options_description options("Options");
    options.add_options()("full", "also run each without fast-forward, and compare")(
        "scenario", po::value<std::vector<std::string>>(), "scenario files (default: the bundled failure timelines)");
    po::variables_map vm;
    if (!bench::parse_bench_args(args, kUsage, options, "scenario", -1, vm)) return 0;
    const frontend::Catalog catalog = frontend::Catalog::load();
    std::vector<fs::path> files;
    if (vm.count("scenario")) {
      for (const auto& f : vm["scenario"].as<std::vector<std::string>>()) files.emplace_back(f);
    } else {
      files = bundled_timelines(catalog);
    }
    const bool full = vm.count("full") > 0;
    std::printf("%-48s %10s %10s %9s %9s", "scenario", "measured s", "skipped s", "wall s", "events/IO");
    if (full) std::printf(" %11s %7s %9s %9s %9s", "full wall s", "ratio", "IOPS diff", "p99 diff", "repair");
    std::printf("\n");
    for (const fs::path& file : files) {
      const Timed fast = timed_run(file, catalog, true);
      const models::RunResult& f = fast.result;
      const double events_per_io =
          f.performance.simulated_ios > 0
              ? static_cast<double>(f.performance.events) / static_cast<double>(f.performance.simulated_ios)
              : 0;
      const std::string name = fs::relative(file, fs::path(HCISIM_SOURCE_DIR) / "scenarios").string();
      std::printf("%-48s %10.1f %10.1f %9.1f %9.2f", name.c_str(), f.measured_seconds,
                  f.measured_seconds - f.simulated_seconds, fast.wall_s, events_per_io);
      if (full) {
        const Timed slow = timed_run(file, catalog, false);
        const models::RunResult& s = slow.result;
        double iops = 0, p99 = 0;
        for (const models::PhaseResult& sp : s.phases) {
          const auto fp =
              std::find_if(f.phases.begin(), f.phases.end(), [&](const auto& x) { return x.phase == sp.phase; });
          if (fp == f.phases.end()) {
            iops = p99 = 1;
            continue;
          }
          iops = std::max(iops, relative(fp->read_iops + fp->write_iops, sp.read_iops + sp.write_iops));
          p99 = std::max({p99, relative(fp->read_latency.p99_s, sp.read_latency.p99_s),
                          relative(fp->write_latency.p99_s, sp.write_latency.p99_s)});
        }
        const double repair_fast = repair_seconds(f), repair_full = repair_seconds(s);
        std::printf(" %11.1f %7.3f %8.2f%% %8.2f%%", slow.wall_s, fast.wall_s / slow.wall_s, 100 * iops, 100 * p99);
        if (repair_full > 0 && repair_fast > 0) {
          std::printf(" %+8.2f%%", 100 * (repair_fast / repair_full - 1));
        } else {
          std::printf(" %9s", "-");
        }
      }
      std::printf("\n");
      std::fflush(stdout);
    }
    return 0;
  });
}
