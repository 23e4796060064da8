// libFuzzer: one catalog part file (the input), placed in the folder its
// `kind:` line names (cpus/ when none), loaded as a catalog of its own (a node's
// references to other parts then fail last, after every field is read); every
// part of what loads is shown. Loads, or fails with a LoadError.
#include <filesystem>
#include <fstream>
#include <string>

#include "fuzz_target.hpp"
#include "tools/frontend/base/load_error.hpp"
#include "tools/frontend/input/catalog.hpp"
#include "tools/frontend/input/catalog_parts.hpp"

namespace fs = std::filesystem;
using namespace hcisim;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text = fuzz::as_text(data, size);
  // Every kind the catalog knows (hba, cloud_vm, application, ... included).
  std::string folder = "cpus";
  for (const frontend::PartKind kind : frontend::kAllPartKinds) {
    if (text.find("kind: " + std::string(frontend::kind_name(kind)) + "\n") != std::string::npos) {
      folder = std::string(frontend::kind_folder(kind));
      break;
    }
  }
  const fs::path dir = fuzz::scratch_dir() / "catalog";
  std::error_code ec;
  fs::remove_all(dir, ec);
  fs::create_directories(dir / folder);
  std::ofstream(dir / folder / "part.yaml", std::ios::binary).write(text.data(), static_cast<std::streamsize>(size));
  try {
    const frontend::Catalog catalog = frontend::Catalog::load_only({dir});
    for (const auto& part : catalog.list()) {
      if (catalog.show(part.id).find('\x1b') != std::string::npos) __builtin_trap();  // escaped for the terminal
    }
  } catch (const frontend::LoadError& e) {
    fuzz::check_message(e.what());
  }
  return 0;
}
