// `hcisim calibrate` on measured runs: the Storage Spaces Direct stack's and
// its Hyper-V hosts' constants fitted over VMFleet result rows of one or more
// clusters at once (measured_cases.hpp), each by the measurement that carries
// it (docs/s2d-calibration.md):
//
//  A. CPU per I/O, by the utilisation law (U = X x D) over the runs whose CPU
//     is below the SMT knee (kCpuFitMaxCpu): a run's measured LP-cycles per
//     second (VMFleet's CPU % x LPs x nominal clock, over its nodes), less what
//     the simulation says SMT pairing adds, equal its IOPS x the cycles per I/O
//     plus its VMs x the guest OS's background cycles. Per I/O, the cycles are
//     how often the run charged each cost (RunResult::charges) times that cost:
//     weighted least squares (relative residuals) for guest + host + storage_stack
//     (each paid once per VM I/O), mirror_write + volume_write (each once per write),
//     network_message and the background rate.
//  B. Where the work runs: of guest + host + storage_stack, the guest's share
//     (on the VM's vCPU) and the host's (serial on the VM's storage channel); of
//     mirror_write + volume_write, the log's (serial per volume): the ones that
//     best match the unthrottled peaks' IOPS (what a VM, a volume and a node can
//     do) and the paced runs' mean latencies (how I/O queues as the rate grows):
//     coordinate golden-section searches on the mean squared log errors. (The
//     runs' CSV-level latencies are not fitted: validate reports them.)
//  C. The latency floor: io_latency moves the light runs' median latency
//     (IOPS per VM at most kLightIopsPerVm) onto the measured one; the guest OS's
//     background burst length is the one whose tail best matches their p99
//     (golden section on the mean squared log error).
//
// Rounds repeat A-C until no constant moves by more than kConverged (at most
// kMaxRounds). Deterministic: the same inputs give the same constants whatever
// the number of threads.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "models/spec/scenario_spec.hpp"
#include "tools/frontend/validation/measured_cases.hpp"

namespace hcisim::frontend {

constexpr double kCpuFitMinCpu = 0.03;  // below: the idle CPU dominates the row
constexpr double kCpuFitMaxCpu = 0.50;  // above: SMT pairing and saturation
constexpr double kLightIopsPerVm = 1000;
constexpr int kMaxRounds = 3;
constexpr double kConverged = 0.02;  // no constant moved by more than this in a round: the runs' noise

// The fitted constants, where the catalog keeps them.
struct S2dConstants {
  double guest_cycles = 0;         // hypervisor: guest.cycles_per_io
  double host_cycles = 0;          // hypervisor: host.cycles_per_io (the VM's storage channel)
  double stack_cycles = 0;         // stack: storage_stack.cycles_per_io
  double mirror_write_cycles = 0;  // stack: mirror_write.cycles_per_io
  double volume_write_cycles = 0;  // stack: volume_write.cycles_per_io (serial per volume)
  // Step D (volume_stage_fit.hpp), held fixed by A-C: the volume stage's cost per byte.
  double volume_read_cycles_per_byte = 0;   // stack: volume_read.cycles_per_byte
  double volume_write_cycles_per_byte = 0;  // stack: volume_write.cycles_per_byte
  bool stage_bytes_fitted = false;          // step D ran: named() lists them
  double message_cycles = 0;                // stack: network_message.cycles_per_io
  double io_latency_ns = 0;                 // hypervisor: io_latency
  double background_cycles_per_s = 0;       // hypervisor: guest_background.cycles_per_second
  double background_burst_cycles = 0;       // hypervisor: guest_background.cycles_per_burst

  static S2dConstants of(const models::ClusterSpec& cluster);
  void apply(models::ClusterSpec& cluster) const;
  // Each constant with its catalog file and key, for reports.
  struct Named {
    const char* file;  // "stack" or "hypervisor"
    const char* key;
    const char* unit;
    double value;
  };
  std::vector<Named> named() const;
};

// How well a set of constants fits, per step.
struct FitQuality {
  int cpu_runs = 0;
  double cpu_median_points = 0;  // |simulated - measured| VMFleet CPU over the CPU runs (step A's rows)
  double cpu_rms_relative = 0;   // step A's weighted residual
  int peaks = 0;
  double peak_median_error = 0;  // |IOPS error| over the peaks (step B)
  double peak_rms_log = 0;
  int paced_means = 0;
  double paced_median_error = 0;  // |mean latency error| over step B's paced runs (reads and writes)
  int light_runs = 0;
  double light_median_p50_error = 0;  // |relative| over the light runs' reads and writes (step C)
  double light_median_p99_error = 0;
};

struct CalibrationRound {
  S2dConstants constants;  // after the round
  FitQuality quality;      // of the constants the round started from
};

struct S2dCalibration {
  S2dConstants start, fitted;
  std::vector<CalibrationRound> rounds;
  FitQuality quality;  // of the fitted constants (one more evaluation)
  bool converged = false;
};

struct CalibrationOptions {
  int jobs = 1;
  int max_rounds = kMaxRounds;
  double ios_per_case = 15000;  // simulated I/Os per measured run (its run length; paced runs at least 200 ms)
  std::function<void(const std::string&)> progress;
};

// `cases` from one or more clusters; the constants start from the first case's
// catalog values. Throws std::invalid_argument when the cases cannot carry a
// step (no run in the CPU range, no peak, no light run) or are not S2D.
S2dCalibration calibrate_s2d(std::vector<MeasuredCase> cases, const CalibrationOptions& options);

// Step A alone from the cases' catalog constants: what the utilisation law
// fits (guest + host + storage_stack and mirror_write + volume_write, each
// split as the catalog splits it, network_message, the background rate), its
// rms relative residual in `rms`. The catalog's constants are the fit when
// this gives them back.
S2dConstants utilisation_law_fit(std::vector<MeasuredCase> cases, const CalibrationOptions& options,
                                 double* rms = nullptr);

// The report: the constants (start -> fitted), each round, the fit's quality.
std::string format_s2d_calibration(const S2dCalibration& c);

}  // namespace hcisim::frontend
