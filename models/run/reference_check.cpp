#include "models/run/reference_check.hpp"

#include <cmath>

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

std::vector<FigureComparison> compare_references(const RunResult& result,
                                                 const std::vector<ReferenceFigure>& references, bool graded) {
  std::vector<FigureComparison> out;
  for (const ReferenceFigure& ref : references) {
    FigureComparison c;
    c.reference = ref;
    c.predicted = figure_value(result, ref.figure);
    c.error = ref.value != 0 ? (c.predicted - ref.value) / ref.value : 0;
    c.within = ref.comparison == Comparison::AtMost ? c.predicted <= ref.value * (1 + ref.tolerance)
                                                    : std::fabs(c.error) <= ref.tolerance;
    c.graded = graded;
    if (!graded) c.within = false;
    out.push_back(c);
  }
  return out;
}

}  // namespace hcisim::models
