// The subcommands of the hcisim program. Each takes the arguments after its
// name and returns the process exit code: 0 success, 1 a failed check or a
// load error, 2 bad usage.
#pragma once

#include <string>
#include <vector>

#include "models/result/run_result.hpp"
#include "models/spec/scenario_spec.hpp"

namespace hcisim::cli {

int run_command(const std::vector<std::string>& args);
int validate_command(const std::vector<std::string>& args);
int catalog_command(const std::vector<std::string>& args);
int calibrate_command(const std::vector<std::string>& args);
int compare_command(const std::vector<std::string>& args);
int durability_command(const std::vector<std::string>& args);
int sweep_command(const std::vector<std::string>& args);

int explain_command(const std::vector<std::string>& args);

// Thrown for bad command-line usage; main prints it on one line and exits 2.
struct UsageError {
  std::string message;
};

}  // namespace hcisim::cli
