// Checks that a speed change moved no prediction: runs scenarios (short runs,
// 5 ms warm-up + 10 ms unless given) and prints, per scenario, the fingerprint
// of its reports (report_fingerprint.hpp: the JSON and text reports, every
// figure but the wall clock's) and the kernel events per simulated I/O. Run it before and after a change and diff
// the two outputs; `--dump DIR` also writes each report for a closer look.
// When a change is meant to move predictions only within their noise (an
// order of events at the same nanosecond, say), `--compare BEFORE AFTER` reads
// two such dumps and prints every headline figure (IOPS, mean latency, OLTP
// transaction latency) whose change exceeds the two runs' combined 95 %
// half-width, sqrt(h_before^2 + h_after^2), and how many figures it compared.
//
// `--no-chain` runs without chained CPU bursts (RunOptions::chain_bursts), to
// check against a dump with them that they change nothing but speed.
//
//   bench_fingerprint [--warmup MS] [--duration MS] [--dump DIR] [--no-chain] [SCENARIO|DIR ...]
//   bench_fingerprint --compare BEFORE_DIR AFTER_DIR
// Default: every bundled scenario.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "models/run/simulation.hpp"
#include "tools/bench/bench_main.hpp"
#include "tools/frontend/input/catalog.hpp"
#include "tools/frontend/input/scenario_loader.hpp"
#include "tools/frontend/report/report_fingerprint.hpp"
#include "tools/frontend/validation/validate.hpp"

using namespace hcisim;
namespace fs = std::filesystem;

namespace {

struct Figure {
  const char* name;
  double value = 0, half_width = 0;
  bool present = false;
};

std::vector<Figure> headline(const nlohmann::json& report) {
  auto number = [](const nlohmann::json& j, const char* key) {
    return j.contains(key) && j[key].is_number() ? j[key].get<double>() : -1.0;
  };
  std::vector<Figure> figures;
  if (report.contains("total")) {
    const auto& t = report["total"];
    figures.push_back({"IOPS", number(t, "iops"), number(t, "iops_ci95_half_width"), false});
    figures.push_back(
        {"mean latency", number(t, "latency_mean_ns"), number(t, "latency_mean_ns_ci95_half_width"), false});
  }
  if (report.contains("oltp") && report["oltp"].contains("transaction_lat_ns")) {
    const auto& o = report["oltp"];
    figures.push_back({"transaction latency", number(o["transaction_lat_ns"], "mean"),
                       number(o, "transaction_lat_ci95_half_width_ns"), false});
  }
  for (Figure& f : figures) f.present = f.value >= 0 && f.half_width >= 0;
  return figures;
}

int compare(const fs::path& before, const fs::path& after) {
  int compared = 0, outside = 0, missing = 0, without_ci = 0;
  double largest_without_ci = 0;
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(before)) files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  for (const fs::path& a : files) {
    const fs::path b = after / a.filename();
    if (!fs::exists(b)) {
      std::printf("missing in %s: %s\n", after.c_str(), a.filename().c_str());
      ++missing;
      continue;
    }
    const auto fa = headline(nlohmann::json::parse(std::ifstream(a)));
    const auto fb = headline(nlohmann::json::parse(std::ifstream(b)));
    for (std::size_t i = 0; i < fa.size() && i < fb.size(); ++i) {
      if (!fa[i].present || !fb[i].present) continue;
      const double change = fb[i].value - fa[i].value;
      const double noise = std::hypot(fa[i].half_width, fb[i].half_width);
      if (noise == 0) {  // no interval (a run with failures over time is not a steady state)
        ++without_ci;
        if (fa[i].value != 0) largest_without_ci = std::max(largest_without_ci, std::abs(change / fa[i].value));
        continue;
      }
      ++compared;
      if (std::abs(change) <= noise) continue;
      ++outside;
      std::printf("%-60s %-20s %14.6g -> %14.6g (%+.3f %%, %.2f x the combined half-width)\n", a.filename().c_str(),
                  fa[i].name, fa[i].value, fb[i].value, fa[i].value != 0 ? 100.0 * change / fa[i].value : 0.0,
                  noise > 0 ? std::abs(change) / noise : 0.0);
    }
  }
  std::printf("%d figures compared over %zu reports: %d changed by more than their combined 95 %% half-width"
              " (about 1 in 20 expected by chance once the two runs have diverged)\n",
              compared, files.size(), outside);
  std::printf("%d figures without an interval (timelines): largest change %.3f %%\n", without_ci,
              100.0 * largest_without_ci);
  return missing == 0 ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  return bench::run_bench("bench_fingerprint", argc, argv, [](const std::vector<std::string>& args) {
    namespace po = boost::program_options;
    std::int64_t warmup_ms = 5, duration_ms = 10;
    std::string dump;
    std::vector<std::string> scenarios, compared;
    bool no_chain = false;
    po::options_description options("bench_fingerprint options");
    options.add_options()("warmup", po::value(&warmup_ms), "warm-up per run, ms (5)")(
        "duration", po::value(&duration_ms), "measured time per run, ms (10)")(
        "dump", po::value(&dump), "also write each report to this folder")("no-chain", po::bool_switch(&no_chain),
                                                                           "run without chained CPU bursts")(
        "compare", po::value(&compared)->multitoken(),
        "BEFORE_DIR AFTER_DIR: the headline figures of two dumps that moved beyond their intervals")(
        "scenarios", po::value(&scenarios), "scenario files or folders (default: every bundled scenario)");
    po::variables_map vm;
    if (!bench::parse_bench_args(args, "usage: bench_fingerprint [SCENARIO|DIR ...] [options]", options, "scenarios",
                                 -1, vm)) {
      return 0;
    }
    if (vm.count("compare")) {
      if (compared.size() != 2 || args.size() != 3) {
        throw cli::UsageError{"--compare takes two dump folders and nothing else"};
      }
      return compare(compared[0], compared[1]);
    }
    bench::require_at_least<std::int64_t>("--warmup", warmup_ms, 0);
    bench::require_at_least<std::int64_t>("--duration", duration_ms, 1);
    models::RunOptions run_options;
    run_options.chain_bursts = !no_chain;
    std::vector<fs::path> inputs(scenarios.begin(), scenarios.end());
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
        const models::RunResult result = models::simulate(spec, run_options);
        const auto& p = result.performance;
        const std::string fingerprint = frontend::format_fingerprint(frontend::report_fingerprint(spec, result));
        std::printf("%s %8.2f ev/io  %s\n", fingerprint.c_str(),
                    p.simulated_ios > 0 ? static_cast<double>(p.events) / static_cast<double>(p.simulated_ios) : 0.0,
                    name.c_str());
        if (!dump.empty()) {
          std::string flat = name;
          for (char& c : flat) c = c == '/' ? '_' : c;
          std::ofstream(fs::path(dump) / (flat + ".json")) << frontend::deterministic_report_json(spec, result) << "\n";
        }
      } catch (const std::exception& e) {
        std::printf("%16s %8s        %s: %s\n", "error", "", name.c_str(), e.what());
        ++failures;
      }
      std::fflush(stdout);
    }
    return failures == 0 ? 0 : 1;
  });
}
