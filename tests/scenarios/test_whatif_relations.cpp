// What-ifs move the way a storage engineer expects: each relation on short runs
// of bundled scenarios, each with its reason. A relation the model breaks is a
// bug; where a real cluster breaks one (locality), the exception is named.
#include <catch2/catch.hpp>

#include "models/run/simulation.hpp"
#include "tools/frontend/input/catalog.hpp"
#include "tools/frontend/input/scenario_loader.hpp"

using namespace hcisim;

namespace {

const std::filesystem::path kScenarios = std::filesystem::path(HCISIM_SOURCE_DIR) / "scenarios";

const frontend::Catalog& catalog() {
  static const frontend::Catalog c = frontend::Catalog::load();
  return c;
}

// A bundled scenario, run short; `workload` (a VMFleet 2.0 name) replaces its own.
models::ScenarioSpec scenario(const std::string& file, const std::string& workload = {}) {
  std::vector<std::string> sets = {"run.warmup=20ms", "run.duration=60ms"};
  if (!workload.empty()) sets.push_back("vms.workload.vmfleet2=" + workload);
  return frontend::load_scenario(kScenarios / file, catalog(), sets);
}

// The run's noise: the same seed, so what differs is the change, but a change
// moves every event, so two runs of an unchanged load differ by about their
// intervals; a relation allows that much.
constexpr double kNoise = 0.02;

double iops(const models::ScenarioSpec& spec) { return models::simulate(spec).total_iops(); }

// Executed CPU cycles per I/O over the running nodes.
double cycles_per_io(const models::RunResult& r, const models::ScenarioSpec& spec) {
  const double clock = spec.cluster.cpu.all_core_hz > 0 ? spec.cluster.cpu.all_core_hz : spec.cluster.cpu.base_hz;
  double cycles = 0;
  for (const models::NodeResult& n : r.nodes) cycles += n.cpu_utilisation * n.capacity_threads * clock;
  return cycles / r.total_iops();
}

// NIC bytes sent per I/O over the running nodes (each node's egress, as a share of its ports).
double nic_bytes_per_io(const models::RunResult& r, const models::ScenarioSpec& spec) {
  const double port = spec.cluster.nic.port_bits_per_s / 8 * spec.cluster.nic.ports * spec.cluster.node.nic_count;
  double bytes = 0;
  for (const models::NodeResult& n : r.nodes) bytes += n.nic_tx_utilisation * port;
  return bytes / r.total_iops();
}

}  // namespace

TEST_CASE("a faster NIC never lowers IOPS: it only shortens the time on the wire") {
  const auto base = scenario("geos/r640-2node.yaml", "General4KWriteRatio30");
  auto faster = base;
  faster.cluster.nic.port_bits_per_s *= 4;
  faster.cluster.network_switch.port_bits_per_s *= 4;
  CHECK(iops(faster) >= iops(base) * (1 - kNoise));
}

TEST_CASE("more cores never lower IOPS: the same work has more places to run") {
  const auto base = scenario("geos/ax6515-2node.yaml", "General4KWriteRatio30");
  auto more = base;
  more.cluster.cpu.cores += 8;
  more.cluster.cpu.threads += 16;
  const double before = iops(base), after = iops(more);
  CHECK(after >= before * (1 - kNoise));
  // This load is CPU-bound (the calibrated peak), so half as many cores again must show.
  CHECK(after > before * 1.1);
}

TEST_CASE("a higher clock never lowers IOPS: every burst gets shorter") {
  const auto base = scenario("geos/ax6515-2node.yaml");
  auto faster = base;
  faster.cluster.cpu.all_core_hz *= 1.2;
  CHECK(iops(faster) >= iops(base) * (1 - kNoise));
}

TEST_CASE("more drives never lower IOPS: each holds less of the load") {
  const auto base = scenario("geos/r640-2node.yaml", "General4KWriteRatio30");
  auto more = base;
  more.cluster.node.drives.front().count = 12;  // the columns stay at 8 (s2d_default_columns)
  CHECK(iops(more) >= iops(base) * (1 - kNoise));
}

TEST_CASE("fewer copies never make a write dearer in CPU or network") {
  // 4K random writes on four nodes: three copies send 2.25 remote copies a
  // write on average, two copies 1.5; each remote copy costs messages at both
  // ends and bytes on the wire, so per write both must fall.
  auto three = scenario("geos/ax6515-4node.yaml");
  three.vms.workload.targets.front().write_fraction = 1.0;
  auto two = three;
  two.cluster.resiliency = models::Resiliency::TwoWayMirror;
  const auto r3 = models::simulate(three), r2 = models::simulate(two);
  CHECK(cycles_per_io(r2, two) < cycles_per_io(r3, three));
  CHECK(nic_bytes_per_io(r2, two) < nic_bytes_per_io(r3, three));
}

TEST_CASE("a failed node never raises the IOPS of a CPU-bound small-block load") {
  // Four AX-6515 nodes at their 4K read peak (CPU-bound); node 4 down, its VMs
  // on node 2: the same work on three nodes' cores, with more reads remote.
  const auto healthy = scenario("geos/ax6515-4node.yaml");
  const auto degraded = frontend::load_scenario(
      kScenarios / "geos/ax6515-4node.yaml", catalog(),
      {"run.warmup=20ms", "run.duration=60ms", "cluster.failed_nodes=[4]", "vms.failover=[{from: 4, to: 2}]"});
  CHECK(iops(degraded) <= iops(healthy) * (1 + kNoise));
}

TEST_CASE("doubling the VMs on a saturated node does not double its IOPS") {
  // The AX-6515's 4K read peak is CPU-bound: twice the VMs share the same cores.
  const auto base = scenario("geos/ax6515-2node.yaml");
  auto doubled = base;
  for (int& n : doubled.vms.per_node) n *= 2;
  const double before = iops(base), after = iops(doubled);
  CHECK(after < before * 1.25);
  // Nor halve them: the cores are still all busy, less what the added guests' own
  // background work takes of them (their OS's idle-time work, whole cores each burst).
  const auto& hv = base.cluster.hypervisor;
  const auto& cpu = base.cluster.cpu;
  const double clock = cpu.all_core_hz > 0 ? cpu.all_core_hz : cpu.base_hz;
  const double added = base.vms.per_node[0];
  const double background = added * hv.background_cycles_per_s / (cpu.cores * base.cluster.node.sockets * clock);
  REQUIRE(background > 0.01);
  CHECK(after >= before * (1 - kNoise - background));
}
