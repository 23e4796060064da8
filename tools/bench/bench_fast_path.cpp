// How long a quick answer takes: `hcisim run --fast` end to end in-process
// (read only the catalog parts the scenario names, load the scenario, solve),
// best of N tries, in this thread's CPU time and in wall time, beside the same
// with the whole catalog read (Catalog::load) as the baseline it improves on.
//
//   bench_fast_path [--repeat N] [SCENARIO]   (default: AX-7525 Test 2 8K 30 % write, 20 tries)
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <exception>
#include <filesystem>
#include <string>

#include "models/analytic/fast_path.hpp"
#include "tools/bench/bench_main.hpp"
#include "tools/frontend/input/catalog.hpp"
#include "tools/frontend/input/scenario_loader.hpp"

using namespace hcisim;

namespace {

double thread_cpu_s() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

struct Best {
  double cpu = 1e9, wall = 1e9;
};

template <class F>
Best best_of(int repeat, F answer) {
  Best b;
  for (int i = 0; i < repeat; ++i) {
    const double cpu = thread_cpu_s();
    const auto wall = std::chrono::steady_clock::now();
    answer();
    b.cpu = std::min(b.cpu, thread_cpu_s() - cpu);
    b.wall = std::min(b.wall, std::chrono::duration<double>(std::chrono::steady_clock::now() - wall).count());
  }
  return b;
}

}  // namespace

int main(int argc, char** argv) {
  return bench::run_bench("bench_fast_path", argc, argv, [](const std::vector<std::string>& args) {
    namespace po = boost::program_options;
    int repeat = 20;
    std::string file = std::string(HCISIM_SOURCE_DIR) + "/scenarios/ax7525/test2-8k-random-30w.yaml";
    po::options_description options("bench_fast_path options");
    options.add_options()("repeat", po::value(&repeat), "runs of each; the best is kept (20)")(
        "scenario", po::value(&file), "the scenario (default: AX-7525 Test 2 8K 30 % write)");
    po::variables_map vm;
    if (!bench::parse_bench_args(args, "usage: bench_fast_path [SCENARIO] [options]", options, "scenario", 1, vm))
      return 0;
    bench::require_at_least("--repeat", repeat, 1);
    double iops = 0;
    const Best lazy = best_of(repeat, [&] {
      const auto catalog = frontend::Catalog::load_lazy();
      iops = models::analyse(frontend::load_scenario(file, catalog)).total_iops();
    });
    const Best eager = best_of(repeat, [&] {
      const auto catalog = frontend::Catalog::load();
      models::analyse(frontend::load_scenario(file, catalog));
    });
    std::printf("fast path on %s (%.0f IOPS), best of %d\n", std::filesystem::path(file).filename().string().c_str(),
                iops, repeat);
    std::printf("  %-40s %8.2f ms CPU %8.2f ms wall\n", "parts it names (Catalog::load_lazy)", lazy.cpu * 1e3,
                lazy.wall * 1e3);
    std::printf("  %-40s %8.2f ms CPU %8.2f ms wall\n", "whole catalog (Catalog::load)", eager.cpu * 1e3,
                eager.wall * 1e3);
    std::printf("  lazy / whole: %.2f\n", lazy.cpu / eager.cpu);
    return 0;
  });
}
