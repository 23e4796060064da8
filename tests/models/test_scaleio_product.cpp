// ScaleIoProduct (with the ESXi path in front, VmIoPath): single I/Os through
// a 4-node VxRack-like cluster timed against the sum of their steps (CPU
// bursts from the stack profile's cycle costs at the E5-2680 v3's 2.9 GHz
// all-core clock, the eMLC SSD's QD1 times, the fabric's message times),
// chunk placement (two copies on distinct nodes, spread evenly), the write
// path (primary -> secondary -> acknowledgement after both), TCP work at both
// ends of every message, and what changes when the VM runs on a compute host.
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <cstdint>
#include <map>
#include <stdexcept>
#include <vector>

#include "model_specs.hpp"
#include "models/cluster/cluster.hpp"
#include "models/hypervisor/vm_io_path.hpp"
#include "models/storage/s2d/s2d_product.hpp"
#include "models/storage/scaleio/scaleio_product.hpp"
#include "sim/engine.hpp"

using namespace mtest;
using hcisim::sim::Engine;
using hcisim::sim::kSecond;
using hcisim::sim::SimTime;

namespace {

constexpr std::uint64_t kDisk = 4 * GiB;
constexpr std::uint64_t kChunk = 1 * MiB;
constexpr double kHz = 2.9e9;  // E5-2680 v3 all-core clock; an idle core runs a burst at it
constexpr double kB = 4 * KiB;
constexpr double kCtl = 256;

struct Client final : hcisim::sim::EventHandler {
  explicit Client(Engine& e) : engine(&e) {}
  void on_event(std::uint64_t request) override {
    if (done_at.size() <= request) done_at.resize(request + 1, -1);
    done_at[request] = engine->now();
    ++completed;
  }
  Engine* engine;
  std::vector<SimTime> done_at;
  std::uint64_t completed = 0;
};

// A cluster with one 2-vCPU VM on host `host` (a storage node or, two-layer, a compute host).
struct Rig {
  explicit Rig(const ClusterSpec& spec, int host = 0)
      : cluster(engine, spec),
        product(engine, spec, cluster, requests),
        vms(engine, spec.hypervisor, product, requests, client) {
    vm = vms.add_vm(host, cluster.cpu(host), 2, 0, kDisk);
    product.reserve(1024, 1 * MiB, 4 * KiB);
  }
  std::uint32_t request(bool write, std::uint64_t offset, std::uint64_t bytes = 4 * KiB) {
    IoRequest r;
    r.vm = vm;
    r.write = write;
    r.bytes = bytes;
    r.offset = offset;
    r.issued_at = engine.now();
    requests.push_back(r);
    return static_cast<std::uint32_t>(requests.size() - 1);
  }
  const Extent* copies_at(std::uint64_t offset) const {
    Piece p[2];
    product.layout().split(0, offset, 4 * KiB, p, 2);
    return p[0].copies;
  }
  // The first chunk whose primary is (or is not) on `node`, and whose secondary is not on `avoid`.
  std::uint64_t chunk_with(bool primary_on_node, int node, int avoid = -1) const {
    for (std::uint64_t offset = 0; offset < kDisk; offset += kChunk) {
      const Extent* e = copies_at(offset);
      if ((e[0].node == node) == primary_on_node && e[1].node != avoid) return offset;
    }
    FAIL("no chunk of that kind");
    return 0;
  }
  std::uint64_t drive_reads(int node) const {
    std::uint64_t n = 0;
    for (const auto& d : cluster.node(node).drives) n += d->reads();
    return n;
  }
  std::uint64_t drive_writes(int node) const {
    std::uint64_t n = 0;
    for (const auto& d : cluster.node(node).drives) n += d->writes();
    return n;
  }
  SimTime run_one(bool write, std::uint64_t offset) {
    const std::uint32_t id = request(write, offset);
    vms.submit(id);
    engine.run_until(engine.now() + kSecond);
    REQUIRE(client.done_at.size() > id);
    return client.done_at[id] - requests[id].issued_at;
  }

  Engine engine;
  RequestTable requests;
  Client client{engine};
  Cluster cluster;
  ScaleIoProduct product;
  VmIoPath vms;
  std::uint32_t vm = 0;
};

const StackSpec kStack = scaleio_stack();
const HypervisorSpec kEsxi = esxi();

// One end of a message of `bytes`: ScaleIO's protocol work plus TCP/IP's.
double msg(double bytes) { return kStack.network_message.cycles(bytes) + kStack.network_tcp_extra.cycles(bytes); }
SimTime wire(double bytes) { return message_ns(static_cast<std::uint64_t>(bytes), vxrack_4x10gbe(), nexus_3164q()); }
SimTime guest() { return cpu_ns(kEsxi.guest.cycles(kB), kHz); }
SimTime sdc_burst(double sent) {
  return cpu_ns(kEsxi.host.cycles(kB) + kStack.storage_stack.cycles(kB) + msg(sent), kHz);
}
// The SDS's work for one copy: receive `in`, serve, issue the drive I/O, send `out`.
SimTime sds_burst(double in, double out) {
  return cpu_ns(msg(in) + kStack.server_io.cycles(kB) + kStack.drive_io.cycles(kB) + msg(out), kHz);
}
const SimTime kRead = vxrack_emlc_800().read_latency_ns;    // QD1 4K, media plus link
const SimTime kWrite = vxrack_emlc_800().write_latency_ns;  // into the drive's write buffer

}  // namespace

TEST_CASE("scaleio: a 4K read = guest + SDC + wire + primary SDS + drive + wire + SDC receive", "[scaleio]") {
  Rig rig(vxrack_cluster(4, 6));
  const std::uint64_t offset = rig.chunk_with(false, 0) + 8 * KiB;
  const int primary = rig.copies_at(offset)[0].node;
  const SimTime latency = rig.run_one(false, offset);
  const SimTime expected = guest() + sdc_burst(kCtl) + wire(kCtl) + sds_burst(kCtl, kB + kCtl) + kRead +
                           wire(kB + kCtl) + cpu_ns(msg(kB + kCtl), kHz);
  CHECK(latency == Approx(static_cast<double>(expected)).margin(6));
  CHECK(rig.cluster.fabric().messages() == 2);
  CHECK(rig.drive_reads(primary) == 1);  // reads go to the primary copy only
  CHECK(rig.drive_reads(rig.copies_at(offset)[1].node) == 0);

  SECTION("TCP and protocol work at both ends of both messages, SDC on the VM's node, SDS on the primary") {
    const SimTime now = rig.engine.now();
    const HostCpu& client = rig.cluster.node(0).cpu;
    const HostCpu& server = rig.cluster.node(primary).cpu;
    CHECK(client.cycles(CpuLayer::Network, now) == Approx(msg(kCtl) + msg(kB + kCtl)));
    CHECK(server.cycles(CpuLayer::Network, now) == Approx(msg(kCtl) + msg(kB + kCtl)));
    CHECK(client.cycles(CpuLayer::StorageStack, now) == Approx(kStack.storage_stack.cycles(kB)));
    CHECK(server.cycles(CpuLayer::StorageStack, now) == Approx(kStack.server_io.cycles(kB)));
    CHECK(server.cycles(CpuLayer::DriveIo, now) == Approx(kStack.drive_io.cycles(kB)));
    CHECK(client.cycles(CpuLayer::Hypervisor, now) == Approx(kEsxi.host.cycles(kB)));
    // The per-byte TCP work is what a 4 KiB payload adds over a control message.
    CHECK(msg(kB + kCtl) - msg(kCtl) == Approx(kStack.network_tcp_extra.cycles_per_byte * kB));
  }
}

TEST_CASE("scaleio: a read whose primary is on the VM's node pays the TCP work but crosses no wire", "[scaleio]") {
  Rig rig(vxrack_cluster(4, 6));
  const std::uint64_t offset = rig.chunk_with(true, 0);
  const SimTime latency = rig.run_one(false, offset);
  const SimTime expected = guest() + sdc_burst(kCtl) + sds_burst(kCtl, kB + kCtl) + kRead + cpu_ns(msg(kB + kCtl), kHz);
  CHECK(latency == Approx(static_cast<double>(expected)).margin(6));
  CHECK(rig.cluster.fabric().messages() == 0);
  CHECK(rig.drive_reads(0) == 1);
  CHECK(rig.cluster.node(0).cpu.cycles(CpuLayer::Network, rig.engine.now()) ==
        Approx(2 * (msg(kCtl) + msg(kB + kCtl))));
}

TEST_CASE("scaleio: a write goes to the primary, which forwards it; acknowledged after both copies", "[scaleio]") {
  Rig rig(vxrack_cluster(4, 6));
  // Primary and secondary both away from the VM's node 0.
  const std::uint64_t offset = rig.chunk_with(false, 0, 0);
  const Extent* copies = rig.copies_at(offset);
  const int primary = copies[0].node, secondary = copies[1].node;
  REQUIRE(primary != secondary);
  const SimTime latency = rig.run_one(true, offset);
  const double data = kB + kCtl;
  const SimTime local = kWrite;
  const SimTime mirror = wire(data) + sds_burst(data, kCtl) + kWrite + wire(kCtl) + cpu_ns(msg(kCtl), kHz);
  REQUIRE(mirror > local);  // so the acknowledgement must wait for the secondary
  const SimTime expected = guest() + sdc_burst(data) + wire(data) + sds_burst(data, data) + std::max(local, mirror) +
                           cpu_ns(msg(kCtl), kHz) + wire(kCtl) + cpu_ns(msg(kCtl), kHz);
  CHECK(latency == Approx(static_cast<double>(expected)).margin(8));
  // SDC -> primary (data), primary -> secondary (data), secondary -> primary (ack), primary -> SDC (ack).
  CHECK(rig.cluster.fabric().messages() == 4);
  CHECK(rig.drive_writes(primary) == 1);
  CHECK(rig.drive_writes(secondary) == 1);
  CHECK(rig.drive_writes(0) == 0);
  // The secondary receives from the primary, never from the SDC: its node did the SDS work once.
  const SimTime now = rig.engine.now();
  CHECK(rig.cluster.node(secondary).cpu.cycles(CpuLayer::StorageStack, now) == Approx(kStack.server_io.cycles(kB)));
  CHECK(rig.cluster.node(secondary).cpu.cycles(CpuLayer::Network, now) == Approx(msg(data) + msg(kCtl)));
  CHECK(rig.cluster.node(primary).cpu.cycles(CpuLayer::Network, now) ==
        Approx(msg(data) + msg(data) + msg(kCtl) + msg(kCtl)));
  // Stages add up to the latency.
  SimTime sum = 0;
  for (const SimTime t : rig.requests[0].stages) sum += t;
  CHECK(sum == latency);
}

TEST_CASE("scaleio: chunks are mirrored on two distinct nodes, spread evenly over nodes, drives and primaries",
          "[scaleio]") {
  Engine engine;
  RequestTable requests;
  const ClusterSpec spec = vxrack_cluster(4, 6);
  Cluster cluster(engine, spec);
  ScaleIoProduct product(engine, spec, cluster, requests);
  for (int d = 0; d < 4; ++d) product.attach_disk(d, 0, 16 * GiB);
  const VolumeLayout& layout = product.layout();
  const std::uint64_t chunks = 4 * 16 * 1024;
  std::array<std::uint64_t, 4> primaries{};
  std::map<std::pair<int, int>, std::uint64_t> pairs;
  for (std::uint32_t disk = 0; disk < 4; ++disk) {
    REQUIRE(layout.extents_per_column(disk) == 16 * 1024);
    for (std::uint64_t c = 0; c < layout.extents_per_column(disk); ++c) {
      const Extent* e = layout.extents(disk, 0, c);
      REQUIRE(e[0].node != e[1].node);
      ++primaries[e[0].node];
      ++pairs[{std::min(e[0].node, e[1].node), std::max(e[0].node, e[1].node)}];
    }
  }
  // Each node holds half of all copies' share: 2 x chunks / 4, within one chunk; each drive a sixth of that.
  for (int n = 0; n < 4; ++n) {
    CHECK(layout.extents_on_node(n) >= chunks / 2 - 1);
    CHECK(layout.extents_on_node(n) <= chunks / 2 + 1);
    for (int d = 0; d < 6; ++d) CHECK(std::abs(static_cast<double>(layout.extents_on(n, d)) - chunks / 12.0) <= 1.0);
    // Reads go to primaries: each node is primary for a quarter (binomial 4-sigma band).
    const double quarter = chunks / 4.0;
    CHECK(std::abs(static_cast<double>(primaries[static_cast<std::size_t>(n)]) - quarter) <
          4 * std::sqrt(quarter * 0.75));
  }
  // Mesh mirror: every node pair shares a sixth of the chunks (a node's copies spread over all others).
  REQUIRE(pairs.size() == 6);
  for (const auto& [pair, count] : pairs)
    CHECK(std::abs(static_cast<double>(count) - chunks / 6.0) < 0.05 * chunks / 6.0);
}

TEST_CASE("scaleio: an I/O across a chunk boundary is one request per chunk, each to its own primary", "[scaleio]") {
  Rig rig(vxrack_cluster(4, 6));
  // 64 KiB ending 32 KiB into the next chunk.
  std::uint64_t boundary = kChunk;
  while (rig.copies_at(boundary - kChunk)[0].node == rig.copies_at(boundary)[0].node) boundary += kChunk;
  const std::uint32_t id = rig.request(false, boundary - 32 * KiB, 64 * KiB);
  rig.vms.submit(id);
  rig.engine.run_until(kSecond);
  REQUIRE(rig.client.completed == 1);
  CHECK(rig.drive_reads(rig.copies_at(boundary - kChunk)[0].node) == 1);
  CHECK(rig.drive_reads(rig.copies_at(boundary)[0].node) == 1);
}

TEST_CASE("scaleio: two-layer, the VM's host is a compute host: every I/O crosses the network", "[scaleio]") {
  // Compute hosts with the storage nodes' CPU, so only the topology differs.
  const ClusterSpec hci = vxrack_cluster(4, 6);
  const ClusterSpec two_layer = vxrack_two_layer(4, 6, 2, xeon_e5_2680_v3());
  Rig a(hci, 0);
  Rig b(two_layer, 4);  // host 4 = the first compute host
  REQUIRE(b.cluster.host_count() == 6);
  REQUIRE(b.cluster.compute_only(4));
  CHECK(b.cluster.node(4).drives.empty());
  // The same placement: the layout covers the storage nodes only.
  const std::uint64_t local = a.chunk_with(true, 0);
  REQUIRE(b.copies_at(local)[0].node == 0);

  SECTION("a chunk whose primary was on the VM's node now costs the two wire crossings") {
    const SimTime hci_latency = a.run_one(false, local);
    const SimTime two_layer_latency = b.run_one(false, local);
    CHECK(two_layer_latency - hci_latency == Approx(static_cast<double>(wire(kCtl) + wire(kB + kCtl))).margin(6));
    CHECK(b.cluster.fabric().messages() == 2);
  }
  SECTION("a chunk whose primary is remote in both: the same latency") {
    const std::uint64_t remote = a.chunk_with(false, 0);
    CHECK(b.run_one(false, remote) == Approx(static_cast<double>(a.run_one(false, remote))).margin(2));
  }
  SECTION("the VM's and the SDC's work moves to the compute host; the storage node keeps only the SDS's") {
    b.run_one(false, local);
    const SimTime now = b.engine.now();
    const HostCpu& host = b.cluster.node(4).cpu;
    const HostCpu& node = b.cluster.node(0).cpu;
    CHECK(host.cycles(CpuLayer::Guest, now) == Approx(kEsxi.guest.cycles(kB)));
    CHECK(host.cycles(CpuLayer::StorageStack, now) == Approx(kStack.storage_stack.cycles(kB)));
    CHECK(node.cycles(CpuLayer::Guest, now) == 0);
    CHECK(node.cycles(CpuLayer::Hypervisor, now) == 0);
    CHECK(node.cycles(CpuLayer::StorageStack, now) == Approx(kStack.server_io.cycles(kB)));
  }
  SECTION("a faster compute host CPU shortens only the host-side bursts") {
    const ClusterSpec fast = vxrack_two_layer(4, 6, 2, xeon_e5_2690_v3());
    Rig c(fast, 4);
    const SimTime slow_latency = b.run_one(false, local);
    const SimTime fast_latency = c.run_one(false, local);
    const double fast_hz = xeon_e5_2690_v3().all_core_hz;
    const SimTime host_side_slow = guest() + sdc_burst(kCtl) + cpu_ns(msg(kB + kCtl), kHz);
    const SimTime host_side_fast =
        cpu_ns(kEsxi.guest.cycles(kB), fast_hz) +
        cpu_ns(kEsxi.host.cycles(kB) + kStack.storage_stack.cycles(kB) + msg(kCtl), fast_hz) +
        cpu_ns(msg(kB + kCtl), fast_hz);
    CHECK(slow_latency - fast_latency == Approx(static_cast<double>(host_side_slow - host_side_fast)).margin(6));
  }
}

TEST_CASE("scaleio refuses what it does not model", "[scaleio]") {
  Engine engine;
  RequestTable requests;
  ClusterSpec spec = vxrack_cluster(4, 2);
  spec.resiliency = Resiliency::ThreeWayMirror;
  {
    Cluster cluster(engine, spec);
    CHECK_THROWS_WITH(ScaleIoProduct(engine, spec, cluster, requests), Catch::Matchers::Contains("two copies"));
  }
  spec = vxrack_cluster(4, 2);
  spec.failed_nodes = {3};
  {
    Cluster cluster(engine, spec);
    CHECK_THROWS_WITH(ScaleIoProduct(engine, spec, cluster, requests), Catch::Matchers::Contains("failed nodes"));
  }
  spec = vxrack_cluster(4, 2);
  spec.stack.columns = 4;
  {
    Cluster cluster(engine, spec);
    CHECK_THROWS_AS(ScaleIoProduct(engine, spec, cluster, requests), std::invalid_argument);
  }
}

TEST_CASE("ESXi's LSI Logic SAS adapter: at most min(disk, adapter) queue depth I/Os in flight per VM", "[scaleio]") {
  HypervisorSpec hv = esxi();
  Rig rig(vxrack_cluster(4, 6));
  CHECK(rig.vms.queue_limit() == 32);  // the virtual disk's 32 under the adapter's 128
  hv.disk_queue_depth = 256;
  ClusterSpec spec = vxrack_cluster(4, 6);
  spec.hypervisor = hv;
  Rig wide(spec);
  CHECK(wide.vms.queue_limit() == 128);
}

TEST_CASE("S2D refuses ESXi and compute hosts at the model too", "[scaleio][s2d]") {
  Engine engine;
  RequestTable requests;
  ClusterSpec spec = ax7525_cluster(4, 2, Resiliency::ThreeWayMirror);
  spec.hypervisor = esxi();
  {
    Cluster cluster(engine, spec);
    CHECK_THROWS_WITH(hcisim::models::S2dProduct(engine, spec, cluster, requests),
                      Catch::Matchers::Contains("Hyper-V"));
  }
  spec = ax7525_cluster(4, 2, Resiliency::ThreeWayMirror);
  spec.compute_hosts.count = 2;
  spec.compute_hosts.node.sockets = 2;
  spec.compute_hosts.cpu = epyc_7742();
  spec.compute_hosts.nic = connectx6_dx();
  {
    Cluster cluster(engine, spec);
    CHECK(cluster.host_count() == 6);
    CHECK(cluster.node_count() == 4);
    CHECK_THROWS_WITH(hcisim::models::S2dProduct(engine, spec, cluster, requests),
                      Catch::Matchers::Contains("hyperconverged only"));
  }
}
