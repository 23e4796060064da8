// Predicted vs published: the value of a Figure in a result, and the verdict.
#pragma once

#include <vector>

#include "models/run/run_result.hpp"

namespace hcisim::models {

double figure_value(const RunResult& result, Figure figure);
std::vector<FigureComparison> compare_references(const RunResult& result,
                                                 const std::vector<ReferenceFigure>& references);

}  // namespace hcisim::models
