// tests/scenarios/fingerprints.txt: one line per bundled scenario, its
// folder-qualified name, how the fingerprint test ran it (the --set
// assignments it added to the file) and the fingerprint of its reports:
//
//   ax7525/test1-4k-random-read | run.warmup=5ms; run.duration=10ms | 855742abf7b035b0
//
// Lines starting with '#' are comments.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace hcisim::test {

struct FingerprintLine {
  std::string scenario;
  std::string run;
  std::string fingerprint;
};

// Throws std::runtime_error naming the file and line of a line that is not three fields.
std::vector<FingerprintLine> read_fingerprints(const std::filesystem::path& file);

// The header comment, then the lines, the scenario column padded to line up.
void write_fingerprints(const std::filesystem::path& file, const std::vector<FingerprintLine>& lines);

}  // namespace hcisim::test
