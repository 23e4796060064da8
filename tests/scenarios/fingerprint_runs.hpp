// How the fingerprint test runs each bundled scenario: the --set assignments it
// adds to the file, checked by the loader as a user's would be (a timeline event
// past the end of the run, an interval longer than it, a warm-up in a SAS
// iotest are refused, not dropped). Most scenarios run 5 ms of warm-up and 10 ms
// measured; the few that cannot run so short as they are have their own
// assignments, each with its reason, in fingerprint_runs.cpp.
#pragma once

#include <string>
#include <vector>

namespace hcisim::test {

// The assignments for the scenario of this folder-qualified name.
std::vector<std::string> fingerprint_run(const std::string& scenario);

// The scenarios with assignments of their own (each must be a bundled scenario).
std::vector<std::string> scenarios_with_own_runs();

// The assignments as the fingerprint file writes them: "run.warmup=5ms; run.duration=10ms".
std::string describe_run(const std::vector<std::string>& assignments);

}  // namespace hcisim::test
