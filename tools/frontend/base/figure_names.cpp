#include "tools/frontend/base/figure_names.hpp"

#include <cmath>

#include "tools/frontend/base/quantity_format.hpp"

namespace hcisim::frontend {
namespace {

struct FigureInfo {
  models::Figure figure;
  std::string_view name;
  FigureUnit unit;
};

constexpr FigureInfo kFigures[] = {
    {models::Figure::ReadIops, "read_iops", FigureUnit::Iops},
    {models::Figure::WriteIops, "write_iops", FigureUnit::Iops},
    {models::Figure::TotalIops, "total_iops", FigureUnit::Iops},
    {models::Figure::ReadBytesPerSec, "read_throughput", FigureUnit::BytesPerSecond},
    {models::Figure::WriteBytesPerSec, "write_throughput", FigureUnit::BytesPerSecond},
    {models::Figure::TotalBytesPerSec, "total_throughput", FigureUnit::BytesPerSecond},
    {models::Figure::ReadLatencyAvg, "read_latency_avg", FigureUnit::Seconds},
    {models::Figure::WriteLatencyAvg, "write_latency_avg", FigureUnit::Seconds},
    {models::Figure::LatencyAvg, "latency_avg", FigureUnit::Seconds},
    {models::Figure::ReadLatencyP50, "read_latency_p50", FigureUnit::Seconds},
    {models::Figure::ReadLatencyP90, "read_latency_p90", FigureUnit::Seconds},
    {models::Figure::ReadLatencyP99, "read_latency_p99", FigureUnit::Seconds},
    {models::Figure::WriteLatencyP50, "write_latency_p50", FigureUnit::Seconds},
    {models::Figure::WriteLatencyP90, "write_latency_p90", FigureUnit::Seconds},
    {models::Figure::WriteLatencyP99, "write_latency_p99", FigureUnit::Seconds},
    {models::Figure::VmfleetCpu, "vmfleet_cpu", FigureUnit::Percent},
    {models::Figure::CsvReadLatencyAvg, "csv_read_latency_avg", FigureUnit::Seconds},
    {models::Figure::CsvWriteLatencyAvg, "csv_write_latency_avg", FigureUnit::Seconds},
    {models::Figure::Tps, "tps", FigureUnit::Tps},
    {models::Figure::TransactionLatencyAvg, "transaction_latency_avg", FigureUnit::Seconds},
    {models::Figure::WriteBytesPerSecPerCore, "write_throughput_per_core", FigureUnit::BytesPerSecond},
    {models::Figure::ReadBytesPerSecPerCore, "read_throughput_per_core", FigureUnit::BytesPerSecond},
};

const FigureInfo& info(models::Figure figure) {
  for (const FigureInfo& entry : kFigures) {
    if (entry.figure == figure) return entry;
  }
  return kFigures[0];
}

}  // namespace

std::string_view figure_name(models::Figure figure) { return info(figure).name; }

FigureUnit figure_unit(models::Figure figure) { return info(figure).unit; }

std::optional<models::Figure> figure_from_name(std::string_view name) {
  for (const FigureInfo& entry : kFigures) {
    if (entry.name == name) return entry.figure;
  }
  return std::nullopt;
}

std::vector<std::string> figure_names() {
  std::vector<std::string> names;
  for (const FigureInfo& entry : kFigures) names.emplace_back(entry.name);
  return names;
}

std::string format_figure_value(models::Figure figure, double value) {
  switch (figure_unit(figure)) {
    case FigureUnit::Iops: return format_count(std::round(value)) + " IOPS";
    case FigureUnit::Tps: return format_count(std::round(value)) + " TPS";
    case FigureUnit::BytesPerSecond: return format_byte_rate(value);
    // Published latencies are written in ms; predicted ones get 3 decimals.
    case FigureUnit::Seconds: return format_fixed(value * 1e3, 3) + " ms";
    case FigureUnit::Percent: return format_fixed(value * 100, 1) + " %";
  }
  return format_number(value);
}

}  // namespace hcisim::frontend
