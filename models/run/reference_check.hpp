// Predicted vs published: the value of a Figure in a result, and the verdict.
#pragma once

#include <vector>

#include "models/result/run_result.hpp"

namespace hcisim::models {

double figure_value(const RunResult& result, Figure figure);
// The run's 95 % interval on the figure as a share of its value, for the figures
// a run has one for (total IOPS, mean latencies, p99s, transaction latency); 0 otherwise;
// infinity for a transaction latency measured over fewer than kCyclesToSettle of the
// application's checkpoint cycles (its batches would be correlated).
constexpr double kCyclesToSettle = 4;
double figure_interval(const RunResult& result, Figure figure);
// Whether `predicted` meets the figure: within its tolerance of it either side
// (approximately), or at most the tolerance above it (at_most).
bool within_tolerance(const ReferenceFigure& reference, double predicted);
// `graded` false: the run is not the scenario the figures were published for
// (a what-if), so each comparison carries its error but no verdict.
std::vector<FigureComparison> compare_references(const RunResult& result,
                                                 const std::vector<ReferenceFigure>& references, bool graded = true);

}  // namespace hcisim::models
