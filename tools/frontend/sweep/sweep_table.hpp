// A sweep's rows for people: one line per point, the varied values first, then
// what `hcisim compare` shows of a run (IOPS, MB/s, read and write mean and p99
// in ms, the bottleneck and how busy it is), after TPS and the transactions'
// mean and p99 when an OLTP application runs. The CSV and JSON stay the record;
// this is what standard output shows unless one of them goes there (--csv -).
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "tools/frontend/sweep/sweep_grid.hpp"
#include "tools/frontend/sweep/sweep_rows.hpp"

namespace hcisim::frontend {

// Rows as sweep_row_json makes them, in the order given.
std::string sweep_table(const std::vector<SweepAxis>& axes, const std::vector<nlohmann::json>& rows);
// The same, line by line: the rows are read twice (the widths, then the lines), never held all.
void sweep_table(const std::vector<SweepAxis>& axes, const SweepRows& rows, const TextSink& out);

}  // namespace hcisim::frontend
