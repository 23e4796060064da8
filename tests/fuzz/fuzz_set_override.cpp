// libFuzzer: the input as one `--set key.path=value` what-if over a small
// bundled-style scenario (loads, or fails with a LoadError), as one
// `--vary key.path=v1,LO..HI,...` axis of a sweep (its values, or an
// invalid_argument that says what is wrong) and as one search objective,
// `--slo 'read.p99<=1ms'` (a figure of the sweep's rows and a finite limit >= 0,
// and the percentile it bounds in (0, 100), or an invalid_argument). A run.*
// key is also tried beside run.precision=2%, which run.precision_percentiles needs.
#include <cmath>
#include <filesystem>
#include <fstream>

#include "fuzz_target.hpp"
#include "tools/frontend/base/load_error.hpp"
#include "tools/frontend/input/catalog.hpp"
#include "tools/frontend/input/scenario_loader.hpp"
#include "tools/frontend/sweep/slo.hpp"
#include "tools/frontend/sweep/sweep_grid.hpp"

namespace fs = std::filesystem;
using namespace hcisim;

namespace {
const frontend::Catalog* g_catalog = nullptr;
fs::path g_scenario;
}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  g_catalog = new frontend::Catalog(frontend::Catalog::load());
  g_scenario = fs::path(HCISIM_SOURCE_DIR) / "tests/scenarios/bad/reliability/base.yaml";
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text = fuzz::as_text(data, size);
  try {
    frontend::load_scenario(g_scenario, *g_catalog, {text});
  } catch (const frontend::LoadError& e) {
    fuzz::check_message(e.what());
  }
  if (text.rfind("run.", 0) == 0) {
    // What needs a precision beside it (run.precision_percentiles) is reached too.
    try {
      frontend::load_scenario(g_scenario, *g_catalog, {"run.precision=2%", text});
    } catch (const frontend::LoadError& e) {
      fuzz::check_message(e.what());
    }
  }
  try {
    const frontend::SweepAxis axis = frontend::parse_vary(text);
    if (axis.values.empty()) __builtin_trap();
    for (const std::string& v : axis.values) {
      if (v.empty()) __builtin_trap();
    }
  } catch (const std::invalid_argument& e) {
    fuzz::check_message(e.what());
  }
  try {
    const frontend::Slo slo = frontend::parse_slo(text);
    if (slo.figure.empty() || !std::isfinite(slo.limit) || slo.limit < 0) __builtin_trap();
    if (slo.percentile && !(slo.percentile->percentile > 0 && slo.percentile->percentile < 100)) __builtin_trap();
  } catch (const std::invalid_argument& e) {
    fuzz::check_message(e.what());
  }
  return 0;
}
