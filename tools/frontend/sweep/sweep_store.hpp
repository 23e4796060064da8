// Where a resumable sweep keeps its finished points: DIR/manifest.json (what
// the sweep is: hcisim version, scenario, every argument that changes a
// result, the grid size, and the digest of every input file its points read)
// and DIR/points/NNNNNN.json, one row per finished point, each written
// atomically (write_regular_file: a complete file or none). A sweep restarted
// with the same arguments and unchanged inputs takes the points it finds and
// runs the rest; otherwise it refuses the folder, naming what changed.
// Temporary files a killed write left in DIR/points are removed when the
// store opens.
#pragma once

#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "tools/frontend/base/input_files.hpp"
#include "tools/frontend/sweep/sweep_grid.hpp"

namespace hcisim::frontend {

class SweepStore {
 public:
  // Creates DIR and DIR/points if needed; writes the manifest, or checks the one
  // there against `manifest` (throws std::invalid_argument naming the
  // difference: an argument, the hcisim version, an input file). The manifest's
  // "inputs" ({path: digest}) are the files read so far; those of the one
  // there must still have their digests, and it must have every one given.
  // Read-only (a dry run): creates, removes and writes nothing; a folder that is
  // not there yet holds no finished point.
  enum class Access { Write, ReadOnly };
  SweepStore(std::filesystem::path dir, const nlohmann::json& manifest, Access access = Access::Write);

  // The row of `point` when an earlier run finished it (a row of the same index
  // and values). A point file that is unreadable, not JSON or JSON of another
  // shape is not: the point runs again and replaces it. Anything but a regular
  // file there (a FIFO, a device, a folder, a link) is never opened: throws
  // std::runtime_error naming it.
  std::optional<nlohmann::json> finished(const SweepPoint& point) const;
  // The row of a point finished by now (finished(), or std::runtime_error naming its file).
  nlohmann::json row(const SweepPoint& point) const;
  void save(const SweepPoint& point, const nlohmann::json& row) const;
  // The files a point read: each must still have the digest the manifest
  // gives (throws std::runtime_error naming one that changed while the sweep
  // ran); those it does not list yet are added (the manifest is rewritten
  // before the point is saved).
  void note_inputs(const InputDigests& inputs);
  const std::filesystem::path& dir() const { return dir_; }

 private:
  std::filesystem::path point_file(std::size_t index) const;
  void check_manifest(const std::filesystem::path& file, const nlohmann::json& manifest);
  [[noreturn]] void refuse(const std::string& what) const;
  std::filesystem::path dir_;
  Access access_;
  nlohmann::json manifest_;
};

}  // namespace hcisim::frontend
