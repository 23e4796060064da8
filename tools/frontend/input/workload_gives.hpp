// Whether a scenario's workload gives a figure at all: a read-only load has
// no write latency, a write-only one no read latency, and only an OLTP
// application has transactions. The one check behind
// run.precision_percentiles (the scenario loader) and sweep --slo/--maximise.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "models/spec/scenario_spec.hpp"

namespace hcisim::frontend {

enum class FigureOf { AllIo, Reads, Writes, Transactions };

// What a sweep figure (sweep_rows.hpp) is of: read_* of reads, write_* of
// writes, tps and transaction_* of transactions, the others of all I/O.
FigureOf figure_of(std::string_view sweep_figure);
FigureOf figure_of(const models::LatencyPercentile& percentile);

// Why the workload gives no figure of that kind ("the workload issues no
// writes (-w0)"), or none when it gives them.
std::optional<std::string> workload_lacks(const models::ScenarioSpec& spec, FigureOf of);

}  // namespace hcisim::frontend
