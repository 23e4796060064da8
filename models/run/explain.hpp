// Explaining a run, for teaching: where the time goes, what limits the run
// (the chain of resources, busiest first), Little's law on the measured window,
// usable capacity and mean time to data loss; and the counterfactuals a teacher
// asks (one more node, the other mirror, RDMA against TCP, a faster NIC, each
// repair speed), each simulated on a modified copy of the scenario.
//
// Numbers and short reasons only; the front end words and prints them
// (tools/frontend/explain_report). Variants that need the scenario loader (one
// more node, the other mirror: their VM placement and every load check must
// hold) are built in the front end (tools/frontend/explain_variants) and
// handed in as VariantSpecs; the ones that only change a part are built here.
#pragma once

#include <array>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "models/hardware/cpu_work.hpp"
#include "models/io/io_request.hpp"
#include "models/result/run_result.hpp"
#include "models/run/bottleneck.hpp"
#include "models/run/durability_study.hpp"
#include "models/spec/scenario_spec.hpp"

namespace hcisim::models {

// One link of the chain of limiting resources.
struct Limit {
  std::string resource;  // "host CPU", "storage connection", "network", "drives", "VM vCPUs", "VM queue",
                         // "DISKSPD -g limit", "users' think time"
  double utilisation = 0;
  std::string reason;     // where, and what the figure is a share of
  bool can_limit = true;  // false: busy only because something else is (vCPUs waiting for host cores)
};

// The mean time of one stage of the I/O path and its share of the mean latency.
struct StageShare {
  IoStage stage = IoStage::Guest;
  double mean_s = 0;
  double share = 0;
};

// Little's law on the measured window: what is in flight on average
// (throughput x time in the system) against what the workload keeps in flight.
struct LittleCheck {
  bool oltp = false;      // users and transactions instead of I/Os
  double rate = 0;        // IOPS (OLTP: TPS)
  double time_s = 0;      // mean latency (OLTP: think time + transaction latency)
  double in_flight = 0;   // rate x time_s
  double configured = 0;  // VMs x threads x outstanding (OLTP: users)
  // The configured number must equal in_flight: a closed loop without -g
  // pacing and without failures (a paced thread or a stopped VM holds no I/O
  // in flight while it waits, so then in_flight is below configured).
  bool must_close = false;
};

// Raw and usable capacity of the pool: the capacity drives of every node, less
// the stack's rebuild reserve (reserve_drives_per_node drives per node, at
// most all but one), divided by the copies the resiliency keeps.
struct CapacityFigures {
  double raw_bytes = 0;
  double reserve_bytes = 0;
  int copies = 1;
  double usable_bytes = 0;
};
CapacityFigures usable_capacity(const ScenarioSpec& spec);

// Mean time to data loss of one volume (models/failure/durability.hpp), with
// the repair times the run simulated when it repaired something, otherwise
// with repair times estimated from a repair-rate bound of the hardware; the
// repair-speed study (run_what_ifs) replaces that estimate with the repair
// times of hcisim's own failures (adopt_repair_study).
struct MttdlFigure {
  bool available = false;
  std::string why_not;  // when not available: why it cannot be computed (names the part)
  double mttdl_s = 0;   // +infinity: no sequence of failures loses data (unbounded_because)
  std::string unbounded_because;
  bool from_study = false;        // from the repair-speed study's runs at the scenario's speed
  bool repair_simulated = false;  // the repair rate comes from the run's own resync or rebuild
  double repair_bytes_per_s = 0;  // the rate the repair times follow from
  std::string rate_bound;         // estimated: which bound set the rate
  double drive_rebuild_s = 0, node_resync_s = 0, node_downtime_s = 0;
  bool rebuild_estimated = false, resync_estimated = false;
  bool downtime_assumed = false;  // no node returns in the timeline: kAssumedNodeDowntimeS
};

// (kAssumedNodeDowntimeS, the node outage assumed when the timeline has none, is in durability_study.hpp.)

// The fastest one failed capacity drive can be rebuilt into its node's reserve,
// from the hardware: the tightest of (a) the node's other capacity drives
// writing sequentially, (b) its NIC ports receiving (every source copy is on
// another node), (c) its HBA's host link, and (d) the repair I/Os in flight
// (repair_outstanding per volume holding data, repair_io bytes each) over the
// unloaded time of one repair I/O (read at the source, the wire at one port's
// rate, the write, two message latencies). CPU work and foreground I/O are left
// out, so this is an upper bound on the rate.
struct RepairRateBound {
  double bytes_per_s = 0;
  std::string limit;  // "drive writes", "NIC ingress", "HBA", "repair I/Os in flight"
};
RepairRateBound repair_rate_bound(const ScenarioSpec& spec);

MttdlFigure mttdl_of(const ScenarioSpec& spec, const RunResult& run);
// The study's figure at its reference speed (the scenario's own).
MttdlFigure mttdl_of(const DurabilityStudy& study);

// What a run says about itself, for the report's paragraphs.
struct RunExplanation {
  Bottleneck bottleneck;     // as attribute_bottleneck named it
  std::vector<Limit> chain;  // every resource looked at, busiest first (those that cannot limit last)
  LittleCheck little;
  std::vector<StageShare> read_stages, write_stages;  // in path order, stages that took any time
  // Host CPU work per completed I/O (OLTP: per storage I/O), all nodes, by layer, in cycles.
  std::array<double, kCpuLayerCount> cycles_per_io{};
  int queue_limit = 0;  // the hypervisor's outstanding I/Os per virtual disk (0 = none)
  CapacityFigures capacity;
  MttdlFigure mttdl;
};
RunExplanation explain_run(const ScenarioSpec& spec, const RunResult& run);

// A modified scenario to run, or why the change cannot be made on this one.
struct VariantSpec {
  std::string name;    // "one more node"
  std::string change;  // what exactly changed, e.g. "5 nodes, 64 VMs on each (320 VMs)"
  std::optional<ScenarioSpec> spec;
  std::string why_not;  // when spec is empty
};

// RDMA <-> TCP: the same NIC with the other transport (S2D: SMB Direct over
// RDMA, or SMB over TCP, which adds the stack's network_tcp_extra per message
// end). ScaleIO always runs over TCP: no variant.
VariantSpec transport_variant(const ScenarioSpec& spec);
// The same NIC at twice the port speed, and the switch ports with it (a port
// runs at the slower of the NIC and the switch port).
VariantSpec faster_nic_variant(const ScenarioSpec& spec);

// What the counterfactual table compares.
struct Outcome {
  double iops = 0, read_iops = 0, write_iops = 0;
  double iops_ci_half_width = 0;           // 95 % batch means; 0 when too few batches
  double read_p99_s = 0, write_p99_s = 0;  // 0 when no I/O of that kind
  double usable_bytes = 0;
  MttdlFigure mttdl;
  Bottleneck limit;
  std::vector<Finding> warnings;  // the run's findings
};
Outcome outcome_of(const ScenarioSpec& spec, const RunResult& run);

struct Counterfactual {
  std::string name, change;
  bool ran = false;
  std::string why_not;  // not ran: the change does not fit the scenario, or the run refused it
  Outcome outcome;
  double iops_change = 0;  // relative to the baseline: (variant - baseline) / baseline
  // The change is smaller than the two runs' 95 % intervals combined: this run
  // length cannot tell it from noise.
  bool within_noise = false;
};

struct WhatIfOptions {
  // Shorter runs: the measured time / kQuickDivisor (not for runs with a failure
  // timeline, whose events are at fixed times); the baseline then runs again at
  // that length, so the changes compare runs of one length.
  bool quick = false;
  bool repair_speeds = true;  // simulate each repair speed (hcisim's own failures when the scenario has none)
  double mission_s = 5 * kSecondsPerYear;
  // Told before each simulation: what it is, and its place among `count`.
  std::function<void(const std::string& what, int index, int count)> on_run;
};
constexpr int kQuickDivisor = 4;

struct WhatIfs {
  double measured_s = 0;  // each run's measured time
  bool quick = false;     // the runs are shorter than the explained run
  Outcome baseline;       // the scenario as is, at that length
  std::vector<Counterfactual> rows;
  // Each repair speed (1, 2, 4, 8, 16; --quick: the scenario's own only), with
  // the scenario's failures or, when it repairs nothing, hcisim's own.
  std::optional<DurabilityStudy> repair;
  std::string repair_skipped;  // why there is no repair-speed study
};

// The explained run's MTTDL from the repair-speed study, when there is one
// and it computed a figure (the study's runs saw repairs the run may not have).
void adopt_repair_study(RunExplanation& why, const WhatIfs& what_ifs);

// Runs every variant (same seed and run length as `run`, or shorter with
// options.quick) and each repair speed (durability_study.hpp).
WhatIfs run_what_ifs(const ScenarioSpec& spec, const RunResult& run, const std::vector<VariantSpec>& variants,
                     const WhatIfOptions& options = {});

}  // namespace hcisim::models
