#include "tools/frontend/validation/volume_stage_fit.hpp"

#include <algorithm>
#include <cmath>
#include <exception>
#include <stdexcept>
#include <thread>

#include "models/run/reference_check.hpp"
#include "models/run/simulation.hpp"
#include "models/storage/storage_product.hpp"
#include "tools/frontend/base/printf_string.hpp"
#include "tools/frontend/input/calibration_case.hpp"

namespace hcisim::frontend {

namespace {

const models::ReferenceFigure* limit_figure(const models::ScenarioSpec& spec) {
  for (const models::ReferenceFigure& f : spec.references) {
    if (f.calibration &&
        (f.figure == models::Figure::ReadBytesPerSec || f.figure == models::Figure::WriteBytesPerSec)) {
      return &f;
    }
  }
  return nullptr;
}

struct Direction {
  const models::ScenarioSpec* spec = nullptr;
  const models::ReferenceFigure* figure = nullptr;
  bool write = false;
};

// One direction's cost per byte: rescale what a stage I/O holds the stage for
// by simulated / published throughput until they agree.
StageLimitRun fit_direction(const Direction& d, const S2dConstants& k, double& cycles_per_byte) {
  StageLimitRun out;
  out.name = calibration_case_name(*d.spec);
  out.write = d.write;
  out.published_bytes_per_s = d.figure->value;
  std::string r_bottleneck;
  for (int i = 0; i < kStageFitMaxIterations; ++i) {
    models::ScenarioSpec spec = *d.spec;
    k.apply(spec.cluster);
    models::LayerCost& stage = d.write ? spec.cluster.stack.volume_write : spec.cluster.stack.volume_read;
    stage.cycles_per_byte = cycles_per_byte;
    const models::RunResult r = models::simulate(spec);
    const models::CostCharge& charged = d.write ? r.charges.volume_write : r.charges.volume_read;
    if (charged.times == 0) throw std::invalid_argument(out.name + ": no I/O took the volume stage");
    out.bytes_per_io = charged.bytes / static_cast<double>(charged.times);
    out.simulated_bytes_per_s = models::figure_value(r, d.figure->figure);
    r_bottleneck = r.bottleneck.resource;
    out.stage_utilisation = r.hotspot_resource == models::kVolumeStage.resource ? r.hotspot_utilisation : 0.0;
    out.iterations = i + 1;
    const double ratio = out.simulated_bytes_per_s / out.published_bytes_per_s;
    const bool limits = out.stage_utilisation >= kStageLimitMinUtilisation;
    if (limits && std::abs(ratio - 1) <= kStageFitTolerance) return out;
    if (!limits && ratio <= 1 + kStageFitTolerance) break;  // something else holds it at or below the figure
    // The stage's capacity is its throughput over its utilisation: make it the published throughput.
    const double held = stage.cycles_per_io + cycles_per_byte * out.bytes_per_io;
    const double wanted = held > 0 ? held * ratio / std::max(out.stage_utilisation, 0.05) : 0.01 * out.bytes_per_io;
    cycles_per_byte = std::max(0.0, (wanted - stage.cycles_per_io) / out.bytes_per_io);
  }
  if (out.stage_utilisation < kStageLimitMinUtilisation) {
    throw std::invalid_argument(printf_string(
        "%s: the volume stage is busy %.0f %% of the time, not the limit (%s is): its throughput cannot give "
        "the stage's cost per byte",
        out.name.c_str(), 100 * out.stage_utilisation, r_bottleneck.c_str()));
  }
  throw std::invalid_argument(printf_string("%s: the fit of the volume stage's cost per byte did not settle in %d runs "
                                            "(simulated %.2f GB/s against %.2f)",
                                            out.name.c_str(), kStageFitMaxIterations, out.simulated_bytes_per_s / 1e9,
                                            out.published_bytes_per_s / 1e9));
}

}  // namespace

bool is_stage_limit_case(const models::ScenarioSpec& spec) { return limit_figure(spec) != nullptr; }

StageBytesFit fit_volume_stage_bytes(const std::vector<models::ScenarioSpec>& cases, const S2dConstants& k, int jobs) {
  StageBytesFit fit;
  fit.read_cycles_per_byte = k.volume_read_cycles_per_byte;
  fit.write_cycles_per_byte = k.volume_write_cycles_per_byte;
  Direction read, write;
  for (const models::ScenarioSpec& spec : cases) {
    const std::string name = calibration_case_name(spec);
    if (spec.cluster.stack.product != models::ProductKind::S2d) {
      throw std::invalid_argument(name + ": the volume stage is Storage Spaces Direct's");
    }
    const models::ReferenceFigure* figure = limit_figure(spec);
    if (!figure) throw std::invalid_argument(name + ": no calibration figure read_throughput or write_throughput");
    const bool is_write = figure->figure == models::Figure::WriteBytesPerSec;
    const bool one_direction =
        !spec.vms.oltp &&
        std::all_of(spec.vms.workload.targets.begin(), spec.vms.workload.targets.end(),
                    [&](const models::DiskspdTarget& t) { return t.write_fraction == (is_write ? 1.0 : 0.0); });
    if (!one_direction) {
      throw std::invalid_argument(name + ": a stage limit case is all reads (read_throughput) or all writes "
                                         "(write_throughput), so that one constant moves its throughput");
    }
    Direction& d = is_write ? write : read;
    if (d.spec) throw std::invalid_argument(name + ": a second " + (is_write ? "write" : "read") + " limit case");
    d = Direction{&spec, figure, is_write};
  }
  std::vector<Direction> todo;
  for (const Direction* d : {&read, &write}) {
    if (d->spec) todo.push_back(*d);
  }
  std::vector<StageLimitRun> runs(todo.size());
  std::vector<double> values(todo.size());
  std::vector<std::exception_ptr> failures(todo.size());
  auto work = [&](std::size_t i) {
    try {
      values[i] = todo[i].write ? fit.write_cycles_per_byte : fit.read_cycles_per_byte;
      runs[i] = fit_direction(todo[i], k, values[i]);
    } catch (...) {
      failures[i] = std::current_exception();
    }
  };
  if (jobs > 1 && todo.size() > 1) {
    std::vector<std::thread> pool;
    for (std::size_t i = 0; i < todo.size(); ++i) pool.emplace_back(work, i);
    for (auto& t : pool) t.join();
  } else {
    for (std::size_t i = 0; i < todo.size(); ++i) work(i);
  }
  for (const auto& f : failures) {
    if (f) std::rethrow_exception(f);
  }
  for (std::size_t i = 0; i < todo.size(); ++i) {
    (todo[i].write ? fit.write_cycles_per_byte : fit.read_cycles_per_byte) = values[i];
    fit.runs.push_back(runs[i]);
  }
  return fit;
}

std::string format_stage_bytes_fit(const StageBytesFit& fit) {
  std::string out = "step D, the volume stage's cost per byte (runs it limits):\n";
  for (const StageLimitRun& r : fit.runs) {
    out +=
        printf_string("  %-28s %-5s %7.0f KiB per I/O  published %8.2f GB/s  simulated %8.2f GB/s (%+.1f %%)  "
                      "stage busy %.0f %%  %d runs\n",
                      r.name.c_str(), r.write ? "write" : "read", r.bytes_per_io / 1024, r.published_bytes_per_s / 1e9,
                      r.simulated_bytes_per_s / 1e9, 100 * (r.simulated_bytes_per_s / r.published_bytes_per_s - 1),
                      100 * r.stage_utilisation, r.iterations);
  }
  out += printf_string("  stack volume_read.cycles_per_byte   %.4f cycles\n", fit.read_cycles_per_byte);
  out += printf_string("  stack volume_write.cycles_per_byte  %.4f cycles\n", fit.write_cycles_per_byte);
  return out;
}

}  // namespace hcisim::frontend
