// Names of the published figures a scenario compares against, as scenario
// files and reports write them ("read_iops", "write_latency_avg", ...).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "models/spec/scenario_spec.hpp"

namespace hcisim::frontend {

enum class FigureUnit { Iops, BytesPerSecond, Seconds, Percent, Tps };

std::string_view figure_name(models::Figure figure);
std::optional<models::Figure> figure_from_name(std::string_view name);
std::vector<std::string> figure_names();  // every name, in enum order
FigureUnit figure_unit(models::Figure figure);
// The value with its unit: "5,727,985 IOPS", "105 GB/s", "1.3 ms", "45.0 %", "12,622 TPS".
std::string format_figure_value(models::Figure figure, double value);

}  // namespace hcisim::frontend
