#include "models/run/reference_check.hpp"

#include <cmath>
#include <limits>

namespace hcisim::models {

double figure_value(const RunResult& r, Figure figure) {
  switch (figure) {
    case Figure::ReadIops: return r.read_iops;
    case Figure::WriteIops: return r.write_iops;
    case Figure::TotalIops: return r.total_iops();
    case Figure::ReadBytesPerSec: return r.read_bytes_per_s;
    case Figure::WriteBytesPerSec: return r.write_bytes_per_s;
    case Figure::TotalBytesPerSec: return r.total_bytes_per_s();
    case Figure::ReadLatencyAvg: return r.read_latency.mean_s;
    case Figure::WriteLatencyAvg: return r.write_latency.mean_s;
    case Figure::LatencyAvg: return r.all_latency.mean_s;
    case Figure::ReadLatencyP50: return r.read_latency.p50_s;
    case Figure::ReadLatencyP90: return r.read_latency.p90_s;
    case Figure::ReadLatencyP99: return r.read_latency.p99_s;
    case Figure::WriteLatencyP50: return r.write_latency.p50_s;
    case Figure::WriteLatencyP90: return r.write_latency.p90_s;
    case Figure::WriteLatencyP99: return r.write_latency.p99_s;
    case Figure::VmfleetCpu: return r.vmfleet_cpu;
    case Figure::CsvReadLatencyAvg: return r.csv_read_latency_s;
    case Figure::CsvWriteLatencyAvg: return r.csv_write_latency_s;
    case Figure::Tps: return r.oltp.tps;
    case Figure::TransactionLatencyAvg: return r.oltp.latency.mean_s;
    case Figure::WriteBytesPerSecPerCore: return r.sas.write_bytes_per_s_per_core;
    case Figure::ReadBytesPerSecPerCore: return r.sas.read_bytes_per_s_per_core;
  }
  return 0;
}

double figure_interval(const RunResult& r, Figure figure) {
  double half_width = 0;
  switch (figure) {
    case Figure::TotalIops: half_width = r.total_iops_ci_half_width; break;
    case Figure::LatencyAvg: half_width = r.latency_ci_half_width_s; break;
    case Figure::ReadLatencyP99: half_width = r.read_latency.p99_ci_half_width_s; break;
    case Figure::WriteLatencyP99: half_width = r.write_latency.p99_ci_half_width_s; break;
    case Figure::TransactionLatencyAvg:
      // Batches shorter than the checkpoint cycle see part of it each: the interval is too narrow.
      if (r.measured_seconds < kCyclesToSettle * r.oltp.slowest_cycle_s) return std::numeric_limits<double>::infinity();
      half_width = r.oltp.latency_ci_half_width_s;
      break;
    default: return 0;
  }
  const double value = figure_value(r, figure);
  return value > 0 ? half_width / value : 0;
}

bool within_tolerance(const ReferenceFigure& ref, double predicted) {
  if (ref.comparison == Comparison::AtMost) return predicted <= ref.value * (1 + ref.tolerance);
  const double error = ref.value != 0 ? (predicted - ref.value) / ref.value : 0;
  return std::fabs(error) <= ref.tolerance;
}

std::vector<FigureComparison> compare_references(const RunResult& result,
                                                 const std::vector<ReferenceFigure>& references, bool graded) {
  std::vector<FigureComparison> out;
  for (const ReferenceFigure& ref : references) {
    FigureComparison c;
    c.reference = ref;
    c.predicted = figure_value(result, ref.figure);
    c.error = ref.value != 0 ? (c.predicted - ref.value) / ref.value : 0;
    c.within = within_tolerance(ref, c.predicted);
    c.graded = graded;
    c.interval = figure_interval(result, ref.figure);
    if (ref.calibration && c.interval > ref.tolerance) {
      c.unsettled = true;
      c.within = false;
    }
    if (!graded) c.within = false;
    out.push_back(c);
  }
  return out;
}

}  // namespace hcisim::models
