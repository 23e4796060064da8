// Predicted vs published: the value of a Figure in a result, and the verdict.
#pragma once

#include <vector>

#include "models/run/run_result.hpp"

namespace hcisim::models {

double figure_value(const RunResult& result, Figure figure);
// `graded` false: the run is not the scenario the figures were published for
// (a what-if), so each comparison carries its error but no verdict.
std::vector<FigureComparison> compare_references(const RunResult& result,
                                                 const std::vector<ReferenceFigure>& references, bool graded = true);

}  // namespace hcisim::models
