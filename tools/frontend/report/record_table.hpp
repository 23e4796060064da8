// The README's table of the figures published for the bundled systems ("On
// the published systems: predictions"), generated from the validation record
// (validation_record.hpp): a row per recorded figure, in the record's order.
// The record keeps no tolerance: that is the scenario file's reference figure,
// whose published value must be the record's. The verdict is the tolerance's
// (models::within_tolerance); the record keeps no run interval, so it cannot
// tell a calibration figure validate found UNSETTLED.
#pragma once

#include <array>
#include <filesystem>
#include <string>
#include <vector>

#include "models/spec/scenario_spec.hpp"
#include "tools/frontend/input/catalog.hpp"
#include "tools/frontend/report/validation_record.hpp"

namespace hcisim::frontend {

// scenario, figure, published, predicted, error, tolerance, verdict:
// "`ax7525/test1-4k-random-read`", "read IOPS", "5,727,985", "8,013,060", "+39.9 %", "±25 %", "outside".
using RecordTableCells = std::array<std::string, 7>;

struct RecordTable {
  std::vector<RecordTableCells> rows;
  int scenarios = 0, outside = 0;
};

// The cells of one recorded figure, graded against the scenario's reference figure.
RecordTableCells record_table_cells(const RecordedFigure& figure, const models::ReferenceFigure& reference);

// Every figure of the record, each graded against the reference figure of its
// scenario, loaded from `scenarios` (the record's names are relative to it).
// Throws LoadError for a scenario that does not load, and std::runtime_error
// for a figure the scenario no longer has or publishes at another value (the
// record is stale: hcisim validate --record rewrites it).
RecordTable record_table(const ValidationRecord& record, const std::filesystem::path& scenarios,
                         const Catalog& catalog);

// "11 scenarios, 18 figures, 6 outside."
std::string record_table_summary(const RecordTable& table);

}  // namespace hcisim::frontend
