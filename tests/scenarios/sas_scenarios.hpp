// ScaleIO on the VxRack's SAS nodes (six SAS SSDs behind an LSI SAS 3008 each)
// running DISKSPD, in a scratch folder, catalog parts edited from the bundled
// ones, and the fast path's refusal: what the SAS SSD and HBA scenario tests
// build on.
#pragma once

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <unistd.h>
#include <utility>
#include <vector>

#include "models/analytic/fast_path.hpp"

namespace hcisim::test {

// A scratch folder removed at the end of the test.
struct Scratch {
  std::filesystem::path dir;
  explicit Scratch(const std::string& name)
      : dir(std::filesystem::temp_directory_path() / ("hcisim-" + name + "-" + std::to_string(::getpid()))) {
    std::filesystem::create_directories(dir);
  }
  ~Scratch() { std::filesystem::remove_all(dir); }
};

inline std::filesystem::path write_sas_scenario(const std::filesystem::path& dir, const std::string& node) {
  const auto file = dir / ("sas-" + node + ".yaml");
  std::ofstream(file) << "schema_version: 1\ntitle: ScaleIO on SAS SSDs\n"
                         "cluster: {node: "
                      << node
                      << ", nodes: 4, switch: cisco-nexus-3164q, stack: scaleio,\n"
                         "          hypervisor: esxi-5.5, resiliency: two-way-mirror}\n"
                         "vms: {per_node: 8, vcpus: 2, workload: {vmfleet: B8-T2-O8-W30-PR, file_size: 10GiB}}\n"
                         "run: {warmup: 10ms, duration: 60ms}\n";
  return file;
}

// Copies a catalog part with text replaced; every text to replace must be there.
inline void copy_part_with(const std::filesystem::path& from, const std::filesystem::path& to,
                           const std::vector<std::pair<std::string, std::string>>& edits) {
  std::ifstream in(from);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  for (const auto& [old_text, new_text] : edits) {
    const auto at = text.find(old_text);
    REQUIRE(at != std::string::npos);
    text.replace(at, old_text.size(), new_text);
  }
  std::filesystem::create_directories(to.parent_path());
  std::ofstream(to) << text;
}

// Why the fast path defers on `spec` ("" when it answers).
inline std::string fast_path_refusal(const models::ScenarioSpec& spec) {
  try {
    models::analyse(spec);
  } catch (const models::BeyondFastPath& e) {
    return e.what();
  }
  return "";
}

}  // namespace hcisim::test
