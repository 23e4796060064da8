// Checks that a speed change moved no prediction: runs scenarios (short runs,
// 5 ms warm-up + 10 ms unless given) and prints, per scenario, a hash of its
// deterministic JSON report (every figure but the wall-clock block) and the
// kernel events per simulated I/O. Run it before and after a change and diff
// the two outputs; `--dump DIR` also writes each report for a closer look.
//
//   bench_fingerprint [--warmup MS] [--duration MS] [--dump DIR] [SCENARIO|DIR ...]
// Default: every bundled scenario.
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "models/run/simulation.hpp"
#include "sim/random.hpp"
#include "tools/frontend/catalog.hpp"
#include "tools/frontend/report_json.hpp"
#include "tools/frontend/scenario_loader.hpp"
#include "tools/frontend/validate.hpp"

using namespace hcisim;
namespace fs = std::filesystem;

int main(int argc, char** argv) {
  std::int64_t warmup_ms = 5, duration_ms = 10;
  std::string dump;
  std::vector<fs::path> inputs;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--warmup" && i + 1 < argc) {
      warmup_ms = std::atoll(argv[++i]);
    } else if (arg == "--duration" && i + 1 < argc) {
      duration_ms = std::atoll(argv[++i]);
    } else if (arg == "--dump" && i + 1 < argc) {
      dump = argv[++i];
    } else {
      inputs.emplace_back(arg);
    }
  }
  const fs::path root = fs::path(HCISIM_SOURCE_DIR) / "scenarios";
  if (inputs.empty()) inputs.push_back(root);
  std::vector<fs::path> files;
  for (const fs::path& p : inputs) {
    if (fs::is_directory(p)) {
      for (const fs::path& f : frontend::find_scenarios(p)) files.push_back(f);
    } else {
      files.push_back(p);
    }
  }
  if (!dump.empty()) fs::create_directories(dump);
  const auto catalog = frontend::Catalog::load();
  int failures = 0;
  for (const fs::path& file : files) {
    const std::string name = fs::relative(file, root).string();
    try {
      models::ScenarioSpec spec = frontend::load_scenario(file, catalog);
      spec.run.warmup_ns = warmup_ms * 1'000'000;
      spec.run.duration_ns = duration_ms * 1'000'000;
      const models::RunResult result = models::simulate(spec);
      auto json = frontend::run_report_json(spec, result, /*with_performance=*/false);
      json["scenario"].erase("file");
      const std::string text = json.dump(1);
      const auto& p = result.performance;
      std::printf("%016llx %8.2f ev/io  %s\n", static_cast<unsigned long long>(sim::stable_hash(text)),
                  p.simulated_ios > 0 ? static_cast<double>(p.events) / static_cast<double>(p.simulated_ios) : 0.0,
                  name.c_str());
      if (!dump.empty()) {
        std::string flat = name;
        for (char& c : flat) c = c == '/' ? '_' : c;
        std::ofstream(fs::path(dump) / (flat + ".json")) << text << "\n";
      }
    } catch (const std::exception& e) {
      std::printf("%16s %8s        %s: %s\n", "error", "", name.c_str(), e.what());
      ++failures;
    }
    std::fflush(stdout);
  }
  return failures == 0 ? 0 : 1;
}
