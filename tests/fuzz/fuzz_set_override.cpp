// libFuzzer: the input as one `--set key.path=value` what-if over a small
// bundled-style scenario. Loads, or fails with a LoadError.
#include <filesystem>
#include <fstream>

#include "fuzz_target.hpp"
#include "tools/frontend/catalog.hpp"
#include "tools/frontend/load_error.hpp"
#include "tools/frontend/scenario_loader.hpp"

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
  try {
    frontend::load_scenario(g_scenario, *g_catalog, {fuzz::as_text(data, size)});
  } catch (const frontend::LoadError& e) {
    fuzz::check_message(e.what());
  }
  return 0;
}
