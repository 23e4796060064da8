// Everything a run predicts, as plain numbers in SI units (IOPS, bytes/s,
// seconds, fractions 0..1). Reports format it; models only fill it.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "models/hardware/cpu_work.hpp"
#include "models/io/io_request.hpp"
#include "models/result/finding.hpp"
#include "models/result/run_phase.hpp"
#include "models/result/statistics_table.hpp"
#include "models/spec/oltp_spec.hpp"
#include "models/spec/scenario_spec.hpp"
#include "models/storage/repair_status.hpp"
#include "models/storage/run_event.hpp"
#include "models/storage/stack_charges.hpp"

namespace hcisim::models {

// One non-empty bucket of the simulated latency histogram (sim::LatencyHistogram
// geometry): samples in [lower_ns, lower_ns + width_ns).
struct LatencyBin {
  std::int64_t lower_ns = 0;
  std::int64_t width_ns = 1;
  std::uint64_t count = 0;
};

struct LatencySummary {
  std::uint64_t count = 0;
  double mean_s = 0, p50_s = 0, p90_s = 0, p99_s = 0, p999_s = 0, max_s = 0;
  double min_s = 0;
  // Half-width of the 95 % sectioning interval on p99 (sim::BatchQuantiles); 0
  // when the run has too few sections or too few samples beyond its p99.
  double p99_ci_half_width_s = 0;
  // False for an estimate (the fast path's fitted distribution): percentiles,
  // but no observed minimum, maximum or bins.
  bool observed = true;
  std::vector<LatencyBin> bins;  // the whole distribution, ascending (fio JSON+, plots); empty when count is 0
};

// Mean time an I/O spends in each stage of its path (IoStage); they add up
// to the mean latency.
struct StageBreakdown {
  std::array<double, kIoStageCount> mean_s{};
  double total_s() const {
    double t = 0;
    for (const double s : mean_s) t += s;
    return t;
  }
  double operator[](IoStage s) const { return mean_s[static_cast<std::size_t>(s)]; }
};

// An HBA's limits (HbaResult): per-command processing, the host link each way, its tags.
enum class HbaLimit { None, Processing, LinkToHost, LinkFromHost, Tags };

// A node's host bus adapter over the measured run: each limit its catalog
// entry models as a share of that limit (not modelled: the entry gives no
// figure for it, and its share reads 0).
struct HbaResult {
  bool present = false;
  std::string id;
  int queue_depth = 0;                          // 0: no queue depth modelled
  bool processing_modelled = false;             // a per-command processing rate (max IOPS) is given
  bool link_modelled = false;                   // a host-link bandwidth is given
  double commands_per_s = 0;                    // drive commands through it
  double tag_occupancy = 0;                     // mean tags in use over the queue depth
  double processing = 0;                        // busy share of the command processor: commands / max IOPS
  double link_to_host = 0, link_from_host = 0;  // busy share of the host link, reads / writes
  // The tightest modelled limit (None with none; the first listed above wins a tie), and its share.
  HbaLimit tightest() const;
  double busiest() const;
};

struct NodeResult {
  int node = 0;               // 0-based host index: storage nodes first, then compute hosts
  bool compute_host = false;  // a compute-only host of a two-layer cluster (no drives)
  bool up = true;
  int vms = 0;
  int cores = 0;  // physical cores
  int logical_processors = 0;
  double capacity_threads = 0;  // cores x SMT yield: work per second with every LP busy, in single threads
  double cpu_utilisation = 0;   // executed work over that capacity (hcisim's busy-core figure)
  double lp_busy = 0;           // share of logical processors running (Windows' % Total Run Time)
  double vmfleet_cpu = 0;       // VMFleet's CPU %: lp_busy x actual / nominal frequency
  std::array<double, kCpuLayerCount>
      cpu_by_layer{};           // share of the node's CPU capacity per layer (sums to cpu_utilisation)
  double vcpu_utilisation = 0;  // mean busy fraction of this node's VMs' vCPUs
  // Over every drive of the node, cache and capacity alike (a hybrid node's
  // split: its cache tier's statistics, cache_drive_utilisation_* and capacity_drive_utilisation_*).
  double drive_utilisation_mean = 0;
  double drive_utilisation_max = 0;
  double nic_tx_utilisation = 0;
  double nic_rx_utilisation = 0;
  // SAS/SATA drives: the device queue fullest on average (slots in use over
  // its depth, DeviceQueue) and its depth; 0 without such drives.
  int device_queue_depth = 0;
  double device_queue_occupancy_max = 0;
  HbaResult hba;  // the SAS/SATA drives' HBA (present false without one)
  // Hybrid nodes: a cache tier, whose figures are in RunResult::statistics
  // under "node<N>/cache_tier/" (models/cache/cache_statistics.hpp).
  bool has_cache_tier = false;
};

struct Bottleneck {
  std::string resource;  // "host CPU", "VM vCPUs", "drives", "device queues", "HBA", "network", "outstanding I/O"
  double utilisation = 0;
  std::string reason;
};

struct FigureComparison {
  ReferenceFigure reference;
  double predicted = 0;
  double error = 0;  // (predicted - published) / published
  bool within = false;
  // False when the run is a what-if (--set changed the scenario): the figure was
  // published for the unmodified scenario, so no verdict (within is false).
  bool graded = true;
  // The run's own 95 % interval on the figure, relative (0: the run gives none;
  // infinity: the run is too short for its interval to mean anything).
  double interval = 0;
  // A calibration figure whose run's interval is wider than the tolerance the
  // constant is fitted to: the fit cannot be trusted to that tolerance, so the
  // figure is not within, whatever its error (fit and validate on a longer run).
  bool unsettled = false;
};

// One interval of the measured run.
struct TimelinePoint {
  double end_s = 0;  // simulated time at the end of the interval (warm-up included)
  double read_iops = 0, write_iops = 0;
  double read_latency_mean_s = 0, write_latency_mean_s = 0;  // 0 when no I/O of that kind
  double read_bytes_per_s = 0, write_bytes_per_s = 0;
  double read_p50_s = 0, read_p99_s = 0, write_p50_s = 0, write_p99_s = 0;
  double failed_iops = 0;  // I/Os the storage could not serve, per second
  // Hybrid clusters: the cache tier over the interval (warm-up and spill show here).
  double cache_read_hit_ratio = 0;            // of the reads the cache could serve, 0 when none
  double cache_dirty_bytes = 0;               // at the end of the interval, all nodes
  std::vector<double> node_cpu;               // per node: work done over capacity in the interval
  double repair_bytes_to_go = 0;              // queued or in flight at the end of the interval
  double repair_bytes_per_s = 0;              // repair throughput over the interval
  double degraded_bytes = 0;                  // extent copies missing or stale at the end of the interval
  bool repairing = false;                     // repair queued or running at the end of the interval
  RepairHold repair_hold = RepairHold::None;  // degraded and not repairing: why
  int repair_hold_node = -1;
  // Cloud clusters: each storage VM's uncached MB/s burst credits at the end of
  // the interval, as seconds of full burst they buy (real time on a coarse time scale).
  std::vector<double> burst_seconds_left;
  bool advanced = false;  // part of the interval was fast-forwarded (FastForwardSpan)
};

// A span of a failure timeline that was not simulated I/O by I/O: a steady
// stretch of one phase stood for it (models/run/fast_forward.hpp).
struct FastForwardSpan {
  double begin_s = 0, end_s = 0;  // the scenario's time (warm-up included)
  RunPhase phase = RunPhase::Healthy;
  double window_s = 0;  // the steady window measured just before, that stood for it
  double window_begin_s = 0;
  bool warmup = false;  // a span of the warm-up (nothing measured in it)
};

// One failure, return, failover or repair milestone, in simulated time.
struct TimelineMark {
  double at_s = 0;
  RunEventFacts what;  // worded by the reports (run_event_text)
  RunEventKind kind() const { return run_event_kind(what.what); }
};

// The measured I/O of one phase of a run with failures (healthy, detecting,
// degraded, repairing, repaired), over the time the run spent in it.
struct PhaseResult {
  RunPhase phase = RunPhase::Healthy;
  double seconds = 0;
  int spans = 0;  // separate stretches of time the run spent in it
  double read_iops = 0, write_iops = 0;
  double read_bytes_per_s = 0, write_bytes_per_s = 0;
  LatencySummary read_latency, write_latency;
  std::uint64_t failed_ios = 0;
  double cpu_busiest = 0;     // the busiest node's CPU over the phase (work over capacity)
  int cpu_busiest_node = -1;  // 0-based
  // 95 % intervals over the run's sampling intervals that lie wholly inside the
  // phase (the first of each stretch left out as its transition). Given only
  // when there are at least kSteadyIntervals of them and the phase is steady:
  // the two halves' means agree within the interval. 0 = not given.
  int steady_intervals = 0;  // sampling intervals wholly inside it, after each stretch's first
  bool steady = false;
  double iops_ci_half_width = 0;
  double latency_mean_s = 0, latency_ci_half_width_s = 0;  // all I/Os, from the intervals' means
};

// Where repair stood at the end of the run, when something was left to do.
struct RepairLeft {
  bool unfinished = false;     // data still degraded or repair still queued at the end
  double bytes_to_repair = 0;  // queued or in flight
  double degraded_bytes = 0;
  double bytes_per_s = 0;  // repair rate over the last sampling interval
  double eta_s = -1;       // degraded bytes at that rate; -1 when the rate is 0
  RepairHold hold = RepairHold::None;
  int hold_node = -1;
};

// Sampling intervals in a row with data degraded and no repair progress.
struct RepairStall {
  double from_s = 0, to_s = 0;         // simulated time (warm-up included)
  double degraded_bytes = 0;           // at the end of the stretch
  RepairHold hold = RepairHold::None;  // what the product says holds it (None with repair queued: starved)
  int hold_node = -1;
  bool starved = false;  // repair was queued but made no progress
  // Then: the run's busiest resource (Bottleneck::resource) and its utilisation.
  std::string starved_by;
  double starved_by_utilisation = 0;
};

struct RunPerformance {
  double wall_seconds = 0;
  std::uint64_t events = 0;
  std::uint64_t events_cancelled = 0;  // rescheduled completions (not counted in events)
  std::uint64_t simulated_ios = 0;     // all I/Os completed, warm-up included
  double ios_per_wall_second = 0;
  double events_per_wall_second = 0;
  std::uint64_t peak_pending_events = 0;
  // The parts of wall_seconds: building the model before the first event, and
  // the measured part (from the end of warm-up to the end of the event loop),
  // whose events and I/Os give the steady rate once the queues have filled.
  double setup_seconds = 0;
  double measured_wall_seconds = 0;
  std::uint64_t measured_events = 0;
  std::uint64_t measured_ios = 0;
};

// One kind of the database's storage I/O (page reads, log writes, flush writes).
struct OltpIoResult {
  double per_s = 0;
  double bytes_per_s = 0;
  double mean_latency_s = 0;
};

// What an OLTP run predicts about the application (present only for OLTP runs).
struct OltpResult {
  bool present = false;
  double tps = 0;                      // transactions per second, all VMs
  LatencySummary latency;              // transaction latency (think time excluded)
  double latency_ci_half_width_s = 0;  // 95 % batch means on the mean; 0 when too few batches
  // The slowest cycle the application runs (its checkpoint interval): batches
  // shorter than it are correlated, so a run under a few of them has an interval
  // narrower than its real uncertainty.
  double slowest_cycle_s = 0;
  std::array<LatencySummary, kOltpTransactionTypes> by_type{};
  double think_time_s = 0;          // the users' mean think time (given)
  int users = 0;                    // in all VMs
  double users_in_transaction = 0;  // time-average, all VMs (Little: tps x mean latency)
  double hit_ratio = 0;             // buffer-pool hit ratio the engine runs with
  double buffer_misses_per_transaction = 0;
  std::array<OltpIoResult, 3> io{};  // page_read, log_write, flush_write
};

// One published cloud cap over the measured time: what was used relative to
// its base figure (above 1 while bursting) and the share of time I/O waited at
// it (the cap binding).
struct CapUse {
  double utilisation = 0;
  double throttled = 0;
};

// A cloud VM's caps (cloud clusters only).
struct CloudVmResult {
  int host = 0;  // host index (storage VMs first, then clients)
  bool client = false;
  std::string size;               // VM size id
  CapUse disk_iops, disk_bytes;   // the VM's uncached disk caps (summed over its disks)
  CapUse egress;                  // network, egress only
  bool bursts = false;            // the size has VM-level MB/s credit bursting
  double burst_seconds_left = 0;  // at the end, seconds of full burst the credits buy (real time)
  int disks = 0;
  int busiest_disk = -1;  // 0-based, by the larger of its two caps' use
  CapUse busiest_disk_iops, busiest_disk_bytes;
  // The disk cap where I/O waited the largest share of the time (-1: no disks).
  int throttled_disk = -1;
  bool throttled_disk_iops = false;  // that cap is the disk's IOPS (else its MB/s)
  CapUse throttled_disk_cap;
};

struct CloudResult {
  bool present = false;
  double time_scale = 1;           // coarse time scale of the run (1 = real time)
  std::vector<CloudVmResult> vms;  // storage VMs, then clients
  bool bursting_matters = false;   // some storage VM's credits moved during the run
};

// One client VM's SAS iotest figures.
struct SasClientResult {
  int client = 0;  // 0-based client index
  int cores = 0;   // physical cores = streams
  double write_bytes_per_s_per_core = 0;
  double read_bytes_per_s_per_core = 0;
};

// What a SAS rhel_iotest run predicts (present only for such runs).
struct SasResult {
  bool present = false;
  int cores = 0;                                       // physical cores of all clients = streams
  bool complete = false;                               // both phases finished inside the run's time limit
  double write_bytes_per_s = 0, read_bytes_per_s = 0;  // all streams
  double write_bytes_per_s_per_core = 0, read_bytes_per_s_per_core = 0;
  double write_phase_s = 0, read_phase_s = 0;  // wall time of each phase (real time on a coarse time scale)
  double flush_s = 0;                          // between the phases: the last dirty data written back
  std::vector<SasClientResult> clients;
};

struct RunResult {
  std::string scenario_id;
  std::string title;
  double measured_seconds = 0;     // simulated time after warm-up
  bool precision_reached = false;  // the run stopped at the scenario's run.precision, before its duration
  double warmup_seconds = 0;
  std::uint64_t seed = 0;
  double read_iops = 0, write_iops = 0;
  double read_bytes_per_s = 0, write_bytes_per_s = 0;
  double total_iops_ci_half_width = 0;  // 95 % batch means; 0 when too few batches
  double latency_ci_half_width_s = 0;   // 95 % batch means on the mean latency (all I/Os); 0 when too few
  LatencySummary read_latency, write_latency, all_latency;
  StageBreakdown read_stages, write_stages;
  std::vector<NodeResult> nodes;
  double vmfleet_cpu = 0;  // plain mean of the running nodes' vmfleet_cpu, as VMFleet reports it
  std::uint64_t degraded_ios = 0;
  std::uint64_t redirected_ios = 0;  // I/Os sent to their volume's owner first (ReFS CSV redirection)
  StackCharges charges;              // the stack profile's costs charged in the measured time (S2D)
  // Mean time from the storage product taking an I/O to its completion: the
  // latency below the host's CSV file system (VMFleet's AverageCSVRead/WriteMilliseconds); 0 = none.
  double csv_read_latency_s = 0, csv_write_latency_s = 0;
  std::uint64_t host_cache_hits = 0, host_cache_misses = 0;  // CSV block cache (reads looked up there)
  std::string hotspot;  // the product's busiest serial resource (ProductHotspot), if any
  std::string hotspot_resource, hotspot_why;
  double hotspot_utilisation = 0;
  Bottleneck bottleneck;
  OltpResult oltp;    // the application's figures, for an OLTP run
  SasResult sas;      // the SAS iotest's figures, for such a run
  CloudResult cloud;  // the VMs' caps, for a cloud cluster
  std::vector<FigureComparison> references;
  std::vector<TimelinePoint> timeline;          // equal intervals over the measured time
  std::vector<TimelineMark> events;             // failures, returns, failovers, repair done (warm-up included)
  std::uint64_t failed_ios = 0;                 // measured I/Os the storage failed (volume offline, no copy)
  std::vector<PhaseResult> phases;              // runs with a failure timeline: the phases the run went through
  std::vector<FastForwardSpan> fast_forwarded;  // spans skipped at a steady phase's pace (none: all simulated)
  // Measured time simulated I/O by I/O: measured_seconds less the spans fast-forwarded.
  // The nodes' utilisations, drive and NIC figures and the product's counters are over it.
  double simulated_seconds = 0;
  double repaired_bytes = 0;  // resynced or rebuilt over the whole run (warm-up included)
  RepairLeft repair_left;     // runs with a failure timeline
  std::vector<RepairStall> repair_stalls;
  RunPerformance performance;  // wall-clock figures: not deterministic
  // The analytic fast path's estimate (models/analytic), not a simulation:
  // means from mean value analysis, percentiles from a two-moment fit.
  bool analytic = false;
  // Why the numbers may not be what they seem (run/steady_state.hpp, workload/stream_coverage.hpp,
  // run/repair_progress.hpp); empty when they are. The front end words them (finding_text).
  std::vector<Finding> warnings;
  // What the components counted, by name (sim/statistics.hpp): read when the
  // run ends, or estimated by the fast path under the same names.
  StatisticsTable statistics;

  double total_iops() const { return read_iops + write_iops; }
  double total_bytes_per_s() const { return read_bytes_per_s + write_bytes_per_s; }
};

}  // namespace hcisim::models
