// S2dProduct (with the Hyper-V path in front, VmIoPath): single I/Os through a
// 4-node three-way mirror timed against the sum of their steps (CPU bursts from
// the cycle costs at the EPYC 7742's 3 GHz sustained clock, the CM6-V's QD1
// times, the fabric's message times), local-read preference, write fan-out,
// remote traffic as ordinary bursts on the nodes' cores, CSV redirection to a
// volume's owner, striping over columns, and running with a failed node.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <vector>

#include "model_specs.hpp"
#include "models/cluster/cluster.hpp"
#include "models/hypervisor/vm_io_path.hpp"
#include "models/storage/s2d/s2d_product.hpp"
#include "models/workload/diskspd_workload.hpp"
#include "sim/engine.hpp"

using namespace mtest;
using hcisim::sim::Engine;
using hcisim::sim::kSecond;
using hcisim::sim::SimTime;

namespace {

constexpr std::uint64_t kDisk = 10 * GiB;
constexpr std::uint64_t kUnit = 256 * KiB;  // interleave
constexpr double kHz = 3.0e9;

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

// A cluster with one 2-vCPU VM on node `host` whose disk is on `volume`.
struct Rig {
  explicit Rig(const ClusterSpec& spec, int host = 0, int volume = 0)
      : cluster(engine, spec),
        product(engine, spec, cluster, requests),
        vms(engine, spec.hypervisor, product, requests, client) {
    vm = vms.add_vm(host, cluster.cpu(host), 2, volume, kDisk);
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
  void submit(std::uint32_t id) {
    if (!reserved) {
      product.reserve(1024, 1 * MiB, 4 * KiB);
      reserved = true;
    }
    vms.submit(id);
  }
  // Copies of the stripe unit starting at `offset` of the VM's disk.
  const Extent* copies_at(std::uint64_t offset) const {
    Piece p[2];
    product.layout().split(0, offset, 4 * KiB, p, 2);
    return p[0].copies;
  }
  bool has_copy_on(std::uint64_t offset, int node) const {
    const Extent* e = copies_at(offset);
    for (int c = 0; c < product.layout().copies(); ++c)
      if (e[c].node == node) return true;
    return false;
  }
  // The first stripe unit whose copies include (or avoid) `node`.
  std::uint64_t unit_with(bool copy_on_node, int node = 0) const {
    for (std::uint64_t offset = 0; offset < kDisk; offset += kUnit)
      if (has_copy_on(offset, node) == copy_on_node) return offset;
    FAIL("no unit of that kind");
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
  std::uint64_t all_drive_writes() const {
    std::uint64_t n = 0;
    for (int i = 0; i < cluster.node_count(); ++i) n += drive_writes(i);
    return n;
  }

  Engine engine;
  RequestTable requests;
  Client client{engine};
  Cluster cluster;
  S2dProduct product;
  VmIoPath vms;
  std::uint32_t vm = 0;
  bool reserved = false;
};

double message_cycles(const StackSpec& s, double bytes, bool rdma) {
  return s.network_message.cycles(bytes) + (rdma ? 0.0 : s.network_tcp_extra.cycles(bytes));
}

}  // namespace

TEST_CASE("s2d: an uncontended local 4K read = guest + host + drive QD1 latency, no network", "[s2d]") {
  Rig rig(ax7525_cluster(4, 4, Resiliency::ThreeWayMirror));
  const std::uint32_t id = rig.request(false, rig.unit_with(true) + 8 * KiB);
  rig.submit(id);
  rig.engine.run_until(kSecond);
  REQUIRE(rig.client.completed == 1);
  const StackSpec s = s2d_stack();
  const HypervisorSpec hv = hyper_v();
  const double b = 4 * KiB;
  const SimTime expected = cpu_ns(hv.guest.cycles(b), kHz) +
                           cpu_ns(hv.host.cycles(b) + s.storage_stack.cycles(b) + s.drive_io.cycles(b), kHz) +
                           kioxia_cm6v().read_latency_ns;
  CHECK(rig.client.done_at[id] == Approx(static_cast<double>(expected)).margin(2));
  CHECK(rig.cluster.fabric().messages() == 0);
  CHECK(rig.drive_reads(0) == 1);
  const HostCpu& cpu = rig.cluster.node(0).cpu;
  const SimTime now = rig.engine.now();
  CHECK(cpu.cycles(CpuLayer::Guest, now) == Approx(hv.guest.cycles(b)));
  CHECK(cpu.cycles(CpuLayer::Hypervisor, now) == Approx(hv.host.cycles(b)));
  CHECK(cpu.cycles(CpuLayer::StorageStack, now) == Approx(s.storage_stack.cycles(b)));
  CHECK(cpu.cycles(CpuLayer::DriveIo, now) == Approx(s.drive_io.cycles(b)));
  CHECK(cpu.cycles(CpuLayer::Network, now) == 0);
}

TEST_CASE("hyper-v path: the generator's own work for an I/O (DISKSPD -Zr) runs on the vCPU first", "[s2d]") {
  // A 4K write's buffer filled with new random data: 4096 bytes at the workload's cycles per byte.
  Rig rig(ax7525_cluster(4, 4, Resiliency::ThreeWayMirror));
  const std::uint32_t id = rig.request(false, rig.unit_with(true) + 8 * KiB);
  const double fill = 4 * KiB * DiskspdWorkload::kRandomFillCyclesPerByte;
  rig.requests[id].workload_cycles = fill;
  rig.submit(id);
  rig.engine.run_until(kSecond);
  REQUIRE(rig.client.completed == 1);
  const StackSpec s = s2d_stack();
  const HypervisorSpec hv = hyper_v();
  const double b = 4 * KiB;
  const SimTime expected = cpu_ns(fill + hv.guest.cycles(b), kHz) +
                           cpu_ns(hv.host.cycles(b) + s.storage_stack.cycles(b) + s.drive_io.cycles(b), kHz) +
                           kioxia_cm6v().read_latency_ns;
  CHECK(rig.client.done_at[id] == Approx(static_cast<double>(expected)).margin(2));
  CHECK(rig.cluster.node(0).cpu.cycles(CpuLayer::Guest, rig.engine.now()) == Approx(fill + hv.guest.cycles(b)));
  CHECK(rig.requests[id].stages[static_cast<int>(IoStage::Guest)] == cpu_ns(fill + hv.guest.cycles(b), kHz));
}

TEST_CASE("s2d: a read without a local copy takes one remote copy and two messages", "[s2d]") {
  for (const bool rdma : {true, false}) {
    ClusterSpec spec = ax7525_cluster(4, 4, Resiliency::ThreeWayMirror);
    if (!rdma) spec.nic.rdma = RdmaKind::None;
    Rig rig(spec);
    const std::uint64_t offset = rig.unit_with(false);
    const std::uint32_t id = rig.request(false, offset);
    rig.submit(id);
    rig.engine.run_until(kSecond);
    INFO((rdma ? "RDMA" : "TCP"));
    REQUIRE(rig.client.completed == 1);
    CHECK(rig.cluster.fabric().messages() == 2);
    CHECK(rig.drive_reads(0) == 0);
    const int remote = rig.copies_at(offset)[0].node;  // all survive, none local: the first
    CHECK(rig.drive_reads(remote) == 1);
    const StackSpec s = s2d_stack();
    const HypervisorSpec hv = hyper_v();
    const double b = 4 * KiB, ctl = s.control_message_bytes;
    const SimTime expected =
        cpu_ns(hv.guest.cycles(b), kHz) +
        cpu_ns(hv.host.cycles(b) + s.storage_stack.cycles(b) + message_cycles(s, ctl, rdma), kHz) +
        message_ns(s.control_message_bytes, spec.nic, spec.network_switch) +
        cpu_ns(message_cycles(s, ctl, rdma) + s.drive_io.cycles(b) + message_cycles(s, b + ctl, rdma), kHz) +
        kioxia_cm6v().read_latency_ns + message_ns(4 * KiB + s.control_message_bytes, spec.nic, spec.network_switch) +
        cpu_ns(message_cycles(s, b + ctl, rdma), kHz);
    CHECK(rig.client.done_at[id] == Approx(static_cast<double>(expected)).margin(4));
  }
}

TEST_CASE("s2d: a write completes only after every copy is on a drive", "[s2d]") {
  const ClusterSpec spec = ax7525_cluster(4, 4, Resiliency::ThreeWayMirror);
  const StackSpec s = s2d_stack();
  const HypervisorSpec hv = hyper_v();
  const double b = 4 * KiB, ctl = s.control_message_bytes;
  // The CM6-V catalog entry states no write buffer: a 4K write takes 126 / 350 k = 360 us of one channel.
  const SimTime media = 360'000;
  const SimTime guest = cpu_ns(hv.guest.cycles(b), kHz);
  const double port = spec.nic.port_bits_per_s / 8.0, node_rate = 2 * port;
  auto transfer = [&](int k, std::uint64_t bytes) {
    return std::max(pipe_ns(bytes, port), pipe_ns(k * bytes, node_rate)) +
           routed_latency_ns(spec.nic, spec.network_switch);
  };
  // Each remote copy is served by a burst on its own node, and acked by a burst on the owner.
  auto remote_copy = [&](int k) {
    return transfer(k, 4 * KiB + s.control_message_bytes) +
           cpu_ns(message_cycles(s, b + ctl, true) + s.drive_io.cycles(b) + message_cycles(s, ctl, true), kHz) + media +
           transfer(k, s.control_message_bytes) + cpu_ns(message_cycles(s, ctl, true), kHz);
  };
  SECTION("one local copy and two remote ones") {
    Rig rig(spec);
    const std::uint32_t id = rig.request(true, rig.unit_with(true));
    rig.submit(id);
    rig.engine.run_until(kSecond);
    REQUIRE(rig.client.completed == 1);
    CHECK(rig.all_drive_writes() == 3);
    CHECK(rig.drive_writes(0) == 1);
    CHECK(rig.cluster.fabric().messages() == 4);           // data + ack per remote copy
    const SimTime host = cpu_ns(hv.host.cycles(b), kHz) +  // the VM's storage channel
                         cpu_ns(s.storage_stack.cycles(b) + s.mirror_write.cycles(b) + s.drive_io.cycles(b) +
                                    2 * message_cycles(s, b + ctl, true),
                                kHz) +
                         cpu_ns(s.volume_write.cycles(b), kHz);  // the volume's write log, then the copies
    CHECK(rig.client.done_at[id] == Approx(static_cast<double>(guest + host + remote_copy(2))).margin(4));
    CHECK(rig.product.counters().degraded_ios == 0);
  }
  SECTION("three remote copies") {
    Rig rig(spec);
    const std::uint32_t id = rig.request(true, rig.unit_with(false));
    rig.submit(id);
    rig.engine.run_until(kSecond);
    REQUIRE(rig.client.completed == 1);
    CHECK(rig.all_drive_writes() == 3);
    CHECK(rig.drive_writes(0) == 0);
    CHECK(rig.cluster.fabric().messages() == 6);
    const SimTime host =
        cpu_ns(hv.host.cycles(b), kHz) +
        cpu_ns(s.storage_stack.cycles(b) + s.mirror_write.cycles(b) + 3 * message_cycles(s, b + ctl, true), kHz) +
        cpu_ns(s.volume_write.cycles(b), kHz);
    CHECK(rig.client.done_at[id] == Approx(static_cast<double>(guest + host + remote_copy(3))).margin(4));
  }
}

TEST_CASE("s2d: remote requests between two nodes run side by side on the nodes' cores", "[s2d]") {
  // Twenty reads at once, all served by the same remote node: each message is
  // an ordinary burst on a core of the node it reaches (no connection takes
  // them one at a time), so on 128 idle cores with drives to spare they come
  // back within a few nanoseconds of each other: within the drive's and the
  // pipes' spread, far less than one request's work at the copy.
  Rig rig(ax7525_cluster(4, 4, Resiliency::ThreeWayMirror));
  std::vector<std::uint64_t> offsets;
  int server = -1;
  for (std::uint64_t offset = 0; offset < kDisk && offsets.size() < 20; offset += kUnit) {
    if (rig.has_copy_on(offset, 0)) continue;
    const int first = rig.copies_at(offset)[0].node;
    if (server < 0) server = first;
    if (first == server) offsets.push_back(offset);
  }
  REQUIRE(offsets.size() == 20);
  std::vector<std::uint32_t> ids;
  for (const std::uint64_t offset : offsets) ids.push_back(rig.request(false, offset));
  // Put them straight into the product, so the VM's two vCPUs do not space them out.
  rig.product.reserve(1024, 1 * MiB, 4 * KiB);
  rig.product.connect(rig.client);
  for (const std::uint32_t id : ids) {
    rig.requests[id].node = 0;
    rig.requests[id].disk = 0;
    rig.requests[id].stage_started = 0;
    rig.product.submit(id, CpuWork{});
  }
  rig.engine.run_until(kSecond);
  REQUIRE(rig.client.completed == 20);
  std::vector<SimTime> done;
  for (const std::uint32_t id : ids) done.push_back(rig.client.done_at[id]);
  std::sort(done.begin(), done.end());
  const StackSpec s = s2d_stack();
  const double b = 4 * KiB, ctl = s.control_message_bytes;
  const SimTime at_copy =
      cpu_ns(message_cycles(s, ctl, true) + s.drive_io.cycles(b) + message_cycles(s, b + ctl, true), kHz);
  // The 20 requests' messages cross the two NICs one after another: a few hundred ns in all.
  CHECK(done.back() - done.front() < at_copy / 4);
  // And the copy node ran all twenty: its cores did the remote work.
  CHECK(rig.cluster.node(server).cpu.cycles(CpuLayer::Network, rig.engine.now()) ==
        Approx(20 * (message_cycles(s, ctl, true) + message_cycles(s, b + ctl, true))));
}

TEST_CASE("s2d: a VM away from its volume's owner is redirected to the owner over SMB", "[s2d]") {
  // The VM runs on node 1; its disk is on volume 0, owned by node 0.
  Rig rig(ax7525_cluster(4, 4, Resiliency::ThreeWayMirror), 1, 0);
  const std::uint64_t offset = rig.unit_with(true, 0);  // the owner holds a copy
  const std::uint32_t id = rig.request(false, offset);
  rig.submit(id);
  rig.engine.run_until(kSecond);
  REQUIRE(rig.client.completed == 1);
  CHECK(rig.product.counters().redirected_ios == 1);
  // The owner reads its local copy; the request and the data cross node 1 <-> node 0.
  CHECK(rig.drive_reads(0) == 1);
  CHECK(rig.drive_reads(1) == 0);
  CHECK(rig.cluster.fabric().messages() == 2);
  const IoRequest& r = rig.requests[id];
  CHECK(r.stages[static_cast<int>(IoStage::Redirect)] > 0);
  // Stages add up to the latency.
  SimTime sum = 0;
  for (const SimTime t : r.stages) sum += t;
  CHECK(sum == rig.client.done_at[id] - r.issued_at);
  // The host work ran on the VM's node, the storage stack on the owner.
  const SimTime now = rig.engine.now();
  CHECK(rig.cluster.node(1).cpu.cycles(CpuLayer::StorageStack, now) == 0);
  CHECK(rig.cluster.node(0).cpu.cycles(CpuLayer::StorageStack, now) > 0);
  CHECK(rig.cluster.node(1).cpu.cycles(CpuLayer::Hypervisor, now) > 0);
}

TEST_CASE("s2d: a 512 KiB I/O is striped over two columns", "[s2d]") {
  Rig rig(ax7525_cluster(4, 4, Resiliency::ThreeWayMirror));
  REQUIRE(rig.product.layout().columns() == 4);  // 4 capacity drives per node
  const std::uint32_t id = rig.request(true, 1 * MiB, 512 * KiB);
  rig.submit(id);
  rig.engine.run_until(kSecond);
  REQUIRE(rig.client.completed == 1);
  // 2 pieces x 3 copies, 6 drive writes of 256 KiB (mechanisms.md 1.5).
  CHECK(rig.all_drive_writes() == 6);
}

TEST_CASE("s2d: with a failed node, writes go to the surviving copies and reads avoid it", "[s2d]") {
  ClusterSpec spec = ax7525_cluster(4, 4, Resiliency::ThreeWayMirror);
  spec.failed_nodes = {3};
  spec.volume_owners = {0, 1, 2, 1};
  Rig rig(spec);
  REQUIRE_FALSE(rig.cluster.up(3));
  CHECK_THROWS_AS(rig.vms.add_vm(3, rig.cluster.cpu(3), 2, 0, kDisk), std::invalid_argument);

  int units_on_failed = 0, units_without_local = 0;
  std::uint64_t surviving_copies = 0;
  const int units = 40;
  for (int u = 0; u < units; ++u) {
    const std::uint64_t offset = static_cast<std::uint64_t>(u) * 7 * kUnit;
    const bool on_failed = rig.has_copy_on(offset, 3);
    units_on_failed += on_failed;
    units_without_local += !rig.has_copy_on(offset, 0);
    surviving_copies += on_failed ? 2 : 3;
    rig.submit(rig.request(true, offset + 4 * KiB));
  }
  REQUIRE(units_on_failed > 0);
  REQUIRE(units_on_failed < units);
  rig.engine.run_until(kSecond);
  CHECK(rig.client.completed == static_cast<std::uint64_t>(units));
  CHECK(rig.product.counters().degraded_ios == static_cast<std::uint64_t>(units_on_failed));
  CHECK(rig.all_drive_writes() == surviving_copies);
  CHECK(rig.drive_writes(3) == 0);

  const std::uint64_t messages_before = rig.cluster.fabric().messages();
  for (int u = 0; u < units; ++u) rig.submit(rig.request(false, static_cast<std::uint64_t>(u) * 7 * kUnit + 4 * KiB));
  rig.engine.run_until(2 * kSecond);
  CHECK(rig.client.completed == 2u * units);
  CHECK(rig.drive_reads(3) == 0);
  CHECK(rig.drive_reads(0) == static_cast<std::uint64_t>(units - units_without_local));
  CHECK(rig.cluster.fabric().messages() - messages_before == 2u * static_cast<std::uint64_t>(units_without_local));
}

TEST_CASE("s2d: a volume that loses every copy of some slab is refused, not silently served", "[s2d]") {
  ClusterSpec spec = ax7525_cluster(3, 2, Resiliency::TwoWayMirror);
  spec.failed_nodes = {1, 2};
  spec.volume_owners = {0, 0, 0};
  CHECK_THROWS_WITH(Rig(spec), Catch::Matchers::Contains("lose every copy"));
  spec.failed_nodes = {2};
  CHECK_NOTHROW(Rig(spec));
}

TEST_CASE("s2d: a volume owned by a failed node is refused", "[s2d]") {
  ClusterSpec spec = ax7525_cluster(4, 2, Resiliency::ThreeWayMirror);
  spec.failed_nodes = {3};
  CHECK_THROWS_WITH(Rig(spec), Catch::Matchers::Contains("volume owner node 4"));
  spec.volume_owners = {0, 1, 2, 1};
  CHECK_NOTHROW(Rig(spec));
}

TEST_CASE("s2d: a node detected down after an I/O was planned is not waited for", "[s2d]") {
  // Drained (the cluster knows at once) just after the submission: a chained
  // write was planned with a copy on it, a redirected one is on its way to it as
  // the volume's owner. Each completes: the write skipping the copy, the
  // redirected one at the volume's new owner.
  for (const bool chaining : {true, false}) {
    INFO("chaining " << chaining);
    ClusterSpec spec = ax7525_cluster(4, 4, Resiliency::ThreeWayMirror);
    spec.volume_owners = {0, 1, 2, 3};
    Rig local(spec, 0, 0);
    local.vms.set_chaining(chaining);
    local.submit(local.request(true, local.unit_with(true, 3) + 4 * KiB));
    Rig redirected(spec, 0, 3);
    redirected.vms.set_chaining(chaining);
    redirected.submit(redirected.request(true, 4 * KiB));
    for (Rig* rig : {&local, &redirected}) {
      rig->engine.run_until(1);
      rig->product.node_drained(3);
      rig->engine.run_until(rig->engine.now() + 60 * kSecond);
      CHECK(rig->client.completed == 1);
      CHECK(rig->drive_writes(3) == 0);
    }
    CHECK(local.product.counters().degraded_ios == 1);
    CHECK(redirected.product.volume_owner(3) != 3);
  }
}

TEST_CASE("hyper-v path: a VM's I/Os take its storage channel one at a time", "[s2d]") {
  // Eight local reads at once from a 2-vCPU VM (one channel: one per 16 vCPUs).
  // Its two vCPUs pass them on two at a time; the channel then does each one's
  // host work alone, so from the third on they leave it a channel burst apart.
  ClusterSpec spec = ax7525_cluster(4, 4, Resiliency::ThreeWayMirror);
  spec.hypervisor.guest.cycles_per_io = 1'000;   // the vCPUs far quicker than the channel
  spec.hypervisor.host.cycles_per_io = 300'000;  // 100 us a channel burst at 3 GHz
  spec.hypervisor.host.cycles_per_byte = 0;
  REQUIRE(spec.hypervisor.vcpus_per_channel == 16);
  Rig rig(spec);
  std::vector<std::uint32_t> ids;
  for (std::uint64_t offset = 0; offset < kDisk && ids.size() < 8; offset += kUnit) {
    if (rig.has_copy_on(offset, 0)) ids.push_back(rig.request(false, offset));
  }
  for (const std::uint32_t id : ids) rig.submit(id);
  rig.engine.run_until(kSecond);
  REQUIRE(rig.client.completed == 8);
  std::vector<SimTime> done;
  for (const std::uint32_t id : ids) done.push_back(rig.client.done_at[id]);
  std::sort(done.begin(), done.end());
  for (std::size_t i = 1; i < done.size(); ++i) {
    INFO("completion " << i);
    CHECK(done[i] - done[i - 1] == Approx(static_cast<double>(cpu_ns(300'000, kHz))).margin(3));
  }
  // A 32-vCPU VM has two channels: the same eight go two at a time.
  Rig wide(spec);
  wide.vm = wide.vms.add_vm(0, wide.cluster.cpu(0), 32, 0, kDisk);
  std::vector<std::uint32_t> more;
  for (std::uint64_t offset = 0; offset < kDisk && more.size() < 8; offset += kUnit) {
    if (!wide.has_copy_on(offset, 0)) continue;
    more.push_back(wide.request(false, offset));
    wide.requests[more.back()].thread = static_cast<std::uint32_t>(more.size());  // threads alternate channels
  }
  for (const std::uint32_t id : more) wide.submit(id);
  wide.engine.run_until(kSecond);
  REQUIRE(wide.client.completed == 8);
  SimTime last = 0;
  for (const std::uint32_t id : more) last = std::max(last, wide.client.done_at[id]);
  CHECK(last < done.back() - 3 * cpu_ns(300'000, kHz));
}

// Twenty I/Os of `bytes` straight into the product at node 1 (no VM path):
// the time from the first completion to the last.
static SimTime spread_of_twenty(Rig& rig, bool write, std::uint64_t bytes) {
  std::vector<std::uint32_t> ids;
  for (std::uint64_t offset = 0; ids.size() < 20; offset += kUnit) ids.push_back(rig.request(write, offset, bytes));
  rig.product.reserve(1024, 1 * MiB, 4 * KiB);
  rig.product.connect(rig.client);
  for (const std::uint32_t id : ids) {
    rig.requests[id].node = 0;
    rig.requests[id].disk = 0;
    rig.product.submit(id, CpuWork{});
  }
  rig.engine.run_until(kSecond);
  REQUIRE(rig.client.completed == 20);
  std::vector<SimTime> done;
  for (const std::uint32_t id : ids) done.push_back(rig.client.done_at[id]);
  const auto [first, last] = std::minmax_element(done.begin(), done.end());
  return *last - *first;
}

TEST_CASE("s2d: I/Os hold their volume's stage one at a time, before their drive I/Os", "[s2d]") {
  // Twenty writes straight into the product: the owner's stack bursts run side
  // by side on its cores, then the volume's stage takes them in turn.
  ClusterSpec spec = ax7525_cluster(4, 4, Resiliency::ThreeWayMirror);
  spec.stack.volume_write = {600'000, 0};  // 200 us each at 3 GHz: the stage is what spaces them
  Rig rig(spec);
  const SimTime writes = spread_of_twenty(rig, true, 4 * KiB);
  const SimTime log = cpu_ns(600'000, kHz);
  CHECK(writes >= 19 * log - 19 * 3);
  CHECK(writes <= 19 * log + 10'000);  // the copies' spread on top: a few us
  CHECK(rig.product.counters().charges.volume_write.times == 20);
  // Reads take it only when it costs them something: here nothing.
  Rig free_reads(spec);
  const std::uint32_t id = free_reads.request(false, free_reads.unit_with(true));
  free_reads.submit(id);
  free_reads.engine.run_until(kSecond);
  CHECK(free_reads.product.counters().charges.volume_write.times == 0);
  CHECK(free_reads.product.counters().charges.volume_read.times == 0);
  // At a cost per byte, twenty 64 KiB reads are spaced by what each holds it
  // for (2 cycles a byte: 131,072 cycles, 43.7 us at 3 GHz).
  spec.stack.volume_read = {0, 2.0};
  Rig reads(spec);
  const SimTime read_spread = spread_of_twenty(reads, false, 64 * KiB);
  const SimTime held = cpu_ns(2.0 * 64 * KiB, kHz);
  CHECK(read_spread >= 19 * held - 19 * 3);
  CHECK(read_spread <= 19 * held + 10'000);
  CHECK(reads.product.counters().charges.volume_read.times == 20);
  CHECK(reads.product.counters().charges.volume_read.bytes == Approx(20.0 * 64 * KiB));
}

TEST_CASE("hyper-v path: a completion reaches the guest io_latency after the host's", "[s2d]") {
  ClusterSpec spec = ax7525_cluster(4, 4, Resiliency::ThreeWayMirror);
  Rig quick(spec);
  spec.hypervisor.io_latency_ns = 150'000;
  Rig slow(spec);
  for (Rig* rig : {&quick, &slow}) {
    const std::uint32_t id = rig->request(false, rig->unit_with(true) + 8 * KiB);
    rig->submit(id);
    rig->engine.run_until(kSecond);
    REQUIRE(rig->client.completed == 1);
  }
  CHECK(slow.client.done_at[0] - quick.client.done_at[0] == 150'000);
  CHECK(slow.requests[0].stages[static_cast<int>(IoStage::Guest)] -
            quick.requests[0].stages[static_cast<int>(IoStage::Guest)] ==
        150'000);
}

TEST_CASE("hyper-v path: the guest OS's background bursts take its vCPUs' time", "[s2d]") {
  // 100 M cycles a second in bursts of 3 M (1 ms at 3 GHz): a 1-vCPU VM's vCPU
  // busy a thirtieth of the time with no I/O at all, the host's guest layer
  // running those cycles, and an I/O behind a burst waiting for it.
  ClusterSpec spec = ax7525_cluster(4, 4, Resiliency::ThreeWayMirror);
  spec.hypervisor.background_cycles_per_s = 100e6;
  spec.hypervisor.background_burst_cycles = 3e6;
  Engine engine;
  RequestTable requests;
  Client client(engine);
  Cluster cluster(engine, spec);
  S2dProduct product(engine, spec, cluster, requests);
  VmIoPath vms(engine, spec.hypervisor, product, requests, client);
  std::vector<std::uint32_t> vm;
  for (int v = 0; v < 20; ++v) vm.push_back(vms.add_vm(0, cluster.cpu(0), 1, 0, kDisk));
  engine.run_until(200 * hcisim::sim::kMillisecond);
  engine.statistics().reset(engine.now());  // as the warm-up ends
  engine.run_until(engine.now() + 10 * kSecond);
  const double cycles = cluster.cpu(0).cycles(CpuLayer::Guest, engine.now());
  CHECK(cycles == Approx(20 * 100e6 * 10).epsilon(0.03));  // about 670 bursts a VM: a few % of noise
  double busy = 0;
  for (const std::uint32_t v : vm) busy += vms.vcpus(v).utilisation(engine.now());
  CHECK(busy / 20 == Approx(100e6 / 3e9).epsilon(0.03));
}
