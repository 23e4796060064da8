// "Did you mean ...?" for ids and names a user mistyped.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace hcisim::frontend {

// The candidates close to `wanted` (small edit distance, or one contains the
// other), closest first.
std::vector<std::string> near_names(std::string_view wanted, const std::vector<std::string>& candidates);

// "; did you mean a or b? known: a, b, c" (the known list is cut after 20 names).
std::string suggestion_text(std::string_view wanted, const std::vector<std::string>& candidates);

}  // namespace hcisim::frontend
