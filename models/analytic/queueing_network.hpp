// A closed multi-class queueing network solved by approximate mean value
// analysis: the engine of the analytic fast path (fast_path.hpp).
//
// Stations are the resources an I/O visits (CPUs, vCPU sets, connection ends,
// drives, NIC pipes). A station may stand for `instances` identical resources
// that its visits spread over evenly (the 24 drives of a node, the lanes of a
// node pair). A visit (Step) is described by two times:
//   lone_s   how long the visit takes with the station otherwise empty;
//   share_s  how much of one instance's whole capacity it uses, in seconds
//            (lone_s for one server, lone_s / c for c servers, bytes over the
//            total rate for a pipe shared by c ports).
// A visit resides lone_s plus the wait W for the work found in the station's
// queueing part (Seidmann's split of a c-server station into a queue of
// demand share_s and a delay of lone_s - share_s): W = sum over the customers
// found of their share (exponential remaining work). What an arriving
// customer finds is the time-average backlog without its own contribution
// (Schweitzer: one of its class's N customers removed, or one of its own VM's
// when the station is per VM), so one customer alone never waits.
// A token pool (a VM's vCPUs, a drive's device-queue slots, an HBA's tags) is
// a step that takes one of c units and holds it through later steps: its
// demand is the time held over c, and its wait Seidmann's scaled by Erlang C's
// probability of waiting over the pool's utilisation (M/M/c, not a single
// server of a c-th of the demand: far less waiting below the knee).
//
// Each class is a closed population (the I/Os a set of VMs keeps in flight)
// whose I/O is a tree of nodes: Leaf (one step), Seq (one after the other),
// Mix (one of them with given probabilities) and Max (all at once, done when
// the last is done: a fork-join of mirror copies and stripe pieces). Max uses
// Clark's moments of the maximum of normal variables, pairwise. The tree is a
// DAG: a node's children come before it in the node list, so one forward pass
// evaluates it and one backward pass gives the visits of every leaf.
//
// Solved by fixed-point iteration: residences from the backlogs, the cycle
// time of each class from its tree, throughput X = N / (cycle + think)
// (capped by a pacing rate), backlogs from Little's law. Cost per iteration
// O(steps + nodes); a few hundred iterations at most.
#pragma once

#include <array>
#include <string>
#include <vector>

#include "models/io/io_request.hpp"

namespace hcisim::models::analytic {

struct Station {
  std::string name;
  int instances = 1;    // identical instances the visits spread over evenly
  bool per_vm = false;  // instances are the VMs of the classes that visit (a VM's own vCPUs)
  // A host CPU with SMT: its bursts slow down as the second thread of busy cores is taken.
  bool smt = false;
  double cores = 0;      // physical cores (smt only)
  double smt_yield = 1;  // work of a core with both threads busy, over one thread alone
  // Load that is not the classes' I/O (a guest OS's background work), as a
  // share of its capacity per instance, in bursts of one size whose share (as
  // Step::share_s) is background_burst_s; on a CPU it may be whole-core work
  // (whole_core_background).
  double background = 0;
  double background_burst_s = 0;
  bool whole_core_background = false;
  // Filled by the solver (per instance):
  double utilisation = 0;  // busy share of its capacity
  double whole_core = 0;   // smt: the share of it that whole-core steps (Step::whole_core) take
  double backlog_s = 0;    // work found in the queueing part, time-average
  double stretch = 1;      // smt: mean burst time over its time alone on a core
};

struct Step {
  int station = -1;  // -1: a pure delay
  double lone_s = 0;
  double share_s = 0;
  double scv = 1;  // variability of lone_s: 0 fixed, 1 exponential
  IoStage stage = IoStage::Host;
  int stretch_by = -1;  // an smt station whose stretch scales lone_s (and share_s on `station` if it is that one)
  // A guest burst under Hyper-V's core scheduler (HostCpu::set_whole_core_guests):
  // it takes a whole core, never stretched by SMT; its share_s is its time over
  // the cores (not cores x yield).
  bool whole_core = false;
  // Work on another station (a CPU) that this visit causes without residing there:
  // a connection end's burst runs on the node's cores ahead of ordinary bursts.
  int load_station = -1;
  double load_share_s = 0;
  // The load is an ordinary host burst that waits for the CPU like any other
  // (a volume's write log, a VM's storage channel): the serial station is held
  // through that wait too, so its residence and its share here include it.
  bool waits_at_load = false;
  // Guest work (a virtual processor's burst): a CPU takes waiting host work
  // first (HostCpu), so it waits for the work it finds and for the host work
  // that arrives meanwhile, while host work waits only for host work and the
  // guest burst in progress (non-preemptive priority, Cobham's two classes).
  bool low_priority = false;
  // The station's second pipe (a message crosses the sender's egress and the
  // receiver's ingress at once): it resides the longer of the two waits.
  int pair_station = -1;
  double pair_share_s = 0;
  // A token pool: one of `servers` units is taken here and held through the
  // steps `holds` (a VM's vCPU through the host burst; a drive's device slot or
  // an HBA's tag through the command's HBA, link and media steps). Its residence
  // is the wait for a unit, the only residence counted here; share = held /
  // servers. A pool held through another pool's step comes after it in the
  // step list (its hold is evaluated after that step's wait).
  std::vector<int> holds;
  double servers = 1;
  // A vCPU of a paced VM: the other I/Os its clock tick releases with this one
  // (DISKSPD -g issues a tick's budget back to back); they queue for the vCPUs.
  double batch = 0;
  int cls = 0;  // the class whose I/O makes the visit
  // Filled by the solver:
  double visits = 0;  // per I/O of the class
  double wait_s = 0;
  double own_wait_s = 0, pair_wait_s = 0;  // a message: the wait at each of its two pipes
  double load_wait_s = 0;                  // waits_at_load: the wait for the CPU
  double residence_s = 0;                  // per visit, as counted in the I/O's latency
  double variance = 0;                     // of the residence
};

struct Node {
  enum class Kind { Leaf, Seq, Mix, Max } kind = Kind::Leaf;
  int step = -1;                // Leaf
  std::vector<int> children;    // indices of earlier nodes
  std::vector<double> weights;  // Mix: probabilities (sum 1); Max: how many of each child (iid copies)
  // Filled by the solver:
  double mean = 0, variance = 0;
  std::array<double, kIoStageCount> stages{};  // the mean split by stage (Max: along the critical path)
  double multiplier = 0;                       // visits of this node per I/O of its class
};

struct ClassSpec {
  std::string name;
  double population = 0;     // I/Os in flight
  double storage_limit = 0;  // > 0: at most this many past the virtual controller (the rest queue in the VM)
  double max_rate = 0;       // > 0: I/O per second the class may not exceed (DISKSPD -g)
  double think_s = 0;
  double write_fraction = 0;
  int read_root = -1, write_root = -1;  // trees; -1 when that direction never happens
  int vm_instances = 1;                 // VMs the population is spread over (for per-VM stations)
  // Filled by the solver:
  double throughput = 0;  // I/O per second
  double vm_queue_s = 0;  // mean wait for the virtual controller
};

struct Network {
  std::vector<Station> stations;
  std::vector<Step> steps;
  std::vector<Node> nodes;
  std::vector<ClassSpec> classes;

  int add_station(Station s);
  // Visits per second a step gets: its class's throughput times its visits per I/O.
  double rate(const Step& s) const { return classes[static_cast<std::size_t>(s.cls)].throughput * s.visits; }
  int add_step(Step s);
  int leaf(int step);
  int seq(std::vector<int> children);
  int mix(std::vector<int> children, std::vector<double> probabilities);
  int max(std::vector<int> children, std::vector<double> counts = {});
};

struct SolveReport {
  int iterations = 0;
  bool converged = false;
  // Not converged: how far the total throughput still swings over the last
  // iterations, (max - min) / mean.
  double swing = 0;
};

// Solves in place: fills the results of stations, steps, nodes and classes.
SolveReport solve(Network& network);

// Busy logical processors of an smt station at `utilisation` of its capacity
// (cores x yield), `whole_core` of that whole-core work (Step::whole_core).
double smt_busy_lps(const Station& s, double utilisation, double whole_core);

// Clark (1961): mean and variance of max(X, Y) for independent normal X, Y;
// `p_first` is P(X > Y).
void clark_max(double m1, double v1, double m2, double v2, double& mean, double& variance, double& p_first);

}  // namespace hcisim::models::analytic
