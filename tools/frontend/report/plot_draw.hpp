// Running gnuplot for --plot: each picture's script is written beside its
// data for the user to restyle; gnuplot draws into a private scratch folder and
// the picture is copied out through the writer every output uses.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "tools/frontend/report/plots.hpp"

namespace hcisim::frontend::plot {

struct Picture {
  std::string image;        // file name in the plot folder, e.g. "timeline.png"
  std::string script_name;  // e.g. "timeline.gp"
  std::string script;       // draws `image` (`set output '<image>'`), reading its data in the plot folder
};

// Whole or not at all, never through a symbolic link or into a device (output_file.hpp).
void write_text(const std::filesystem::path& file, const std::string& text);

// Throws OutputError when `file` exists and is a link or not a regular file.
void require_plain_or_absent(const std::filesystem::path& file);

// Throws std::runtime_error when `dir` cannot be made.
void make_dir(const std::filesystem::path& dir);

// Writes each script into `dir` and draws each picture there.
PlotOutcome draw(const std::filesystem::path& dir, const std::vector<Picture>& pictures);

}  // namespace hcisim::frontend::plot
