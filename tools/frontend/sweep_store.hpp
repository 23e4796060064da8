// Where a resumable sweep keeps its finished points: DIR/manifest.json (what
// the sweep is: hcisim version, scenario, every argument that changes a
// result, the grid size) and DIR/points/NNNNNN.json, one row per finished
// point, each written atomically (write_output_file: a complete file or
// none). A sweep restarted with the same arguments takes the points it finds
// and runs the rest; with other arguments it refuses the folder. Temporary
// files a killed write left in DIR/points are removed when the store opens.
#pragma once

#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "tools/frontend/sweep_grid.hpp"

namespace hcisim::frontend {

class SweepStore {
 public:
  // Creates DIR and DIR/points if needed; writes the manifest, or checks the one
  // there against `manifest` (throws std::invalid_argument naming the difference).
  // Read-only (a dry run): creates, removes and writes nothing; a folder that is
  // not there yet holds no finished point.
  enum class Access { Write, ReadOnly };
  SweepStore(std::filesystem::path dir, const nlohmann::json& manifest, Access access = Access::Write);

  // The row of `point` when an earlier run finished it (same index and values).
  std::optional<nlohmann::json> finished(const SweepPoint& point) const;
  void save(const SweepPoint& point, const nlohmann::json& row) const;
  const std::filesystem::path& dir() const { return dir_; }

 private:
  std::filesystem::path point_file(std::size_t index) const;
  void check_manifest(const std::filesystem::path& file, const nlohmann::json& manifest) const;
  std::filesystem::path dir_;
  Access access_;
};

// A short stable digest of a file's bytes (FNV-1a, hex), for the manifest.
std::string file_digest(const std::filesystem::path& file);

}  // namespace hcisim::frontend
