// libFuzzer: a scenario file (the input) loaded against the bundled catalog,
// next to a copy of the AX-7525 include files so that bundled scenarios are
// meaningful seeds. Loads, or fails with a LoadError; describe() of what loads.
#include <filesystem>
#include <fstream>

#include "fuzz_target.hpp"
#include "tools/frontend/base/load_error.hpp"
#include "tools/frontend/input/catalog.hpp"
#include "tools/frontend/input/scenario_loader.hpp"

namespace fs = std::filesystem;
using namespace hcisim;

namespace {
const frontend::Catalog* g_catalog = nullptr;
}

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  g_catalog = new frontend::Catalog(frontend::Catalog::load());
  fs::copy(fs::path(HCISIM_SOURCE_DIR) / "scenarios/ax7525/common", fuzz::scratch_dir() / "common",
           fs::copy_options::overwrite_existing | fs::copy_options::recursive);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const fs::path file = fuzz::scratch_dir() / "scenario.yaml";
  std::ofstream(file, std::ios::binary | std::ios::trunc)
      .write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
  try {
    const models::ScenarioSpec spec = frontend::load_scenario(file, *g_catalog);
    if (frontend::describe(spec).find('\x1b') != std::string::npos) __builtin_trap();  // escaped for the terminal
  } catch (const frontend::LoadError& e) {
    fuzz::check_message(e.what());
  }
  return 0;
}
