#include "tools/frontend/input/workload_gives.hpp"

#include "models/run/precision_stop.hpp"

namespace hcisim::frontend {

FigureOf figure_of(std::string_view name) {
  const auto starts = [name](std::string_view head) { return name.substr(0, head.size()) == head; };
  if (starts("read_")) return FigureOf::Reads;
  if (starts("write_")) return FigureOf::Writes;
  if (name == "tps" || starts("transaction_")) return FigureOf::Transactions;
  return FigureOf::AllIo;
}

FigureOf figure_of(const models::LatencyPercentile& percentile) {
  switch (percentile.of) {
    case models::LatencyPercentile::Of::Read: return FigureOf::Reads;
    case models::LatencyPercentile::Of::Write: return FigureOf::Writes;
    case models::LatencyPercentile::Of::All: break;
  }
  return FigureOf::AllIo;
}

std::optional<std::string> workload_lacks(const models::ScenarioSpec& spec, FigureOf of) {
  using Of = models::LatencyPercentile::Of;
  switch (of) {
    case FigureOf::AllIo: return std::nullopt;
    case FigureOf::Reads:
      if (models::workload_issues(spec, Of::Read)) return std::nullopt;
      return "the workload issues no reads (-w100)";
    case FigureOf::Writes:
      if (models::workload_issues(spec, Of::Write)) return std::nullopt;
      return "the workload issues no writes (-w0)";
    case FigureOf::Transactions:
      if (spec.vms.oltp) return std::nullopt;
      return "the workload runs no OLTP application (vms.oltp), so it has no transactions";
  }
  return std::nullopt;
}

}  // namespace hcisim::frontend
