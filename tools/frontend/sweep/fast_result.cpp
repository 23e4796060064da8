#include "tools/frontend/sweep/fast_result.hpp"

#include <stdexcept>
#include <string>

#include "models/analytic/fast_path.hpp"

namespace hcisim::frontend {

models::RunResult fast_result(const models::ScenarioSpec& spec) {
  try {
    return models::analyse(spec);
  } catch (const models::BeyondFastPath& e) {
    throw std::runtime_error("--fast: " + std::string(e.what()) +
                             ": beyond the analytic fast path; run without --fast to simulate it");
  }
}

}  // namespace hcisim::frontend
