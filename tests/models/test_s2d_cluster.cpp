// S2dCluster: the path of single I/Os through a 4-node three-way mirror, timed
// against the sum of its stages (CPU bursts from the stack's cycle costs at the
// EPYC 7742's 2.25 GHz, the CM6-V's QD1 times, the fabric's message times),
// local-read preference, write fan-out, and running with a failed node.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <vector>

#include "model_specs.hpp"
#include "models/storage/s2d_cluster.hpp"
#include "sim/engine.hpp"

using namespace mtest;
using hcisim::sim::Engine;
using hcisim::sim::kSecond;
using hcisim::sim::SimTime;

namespace {

constexpr std::uint64_t kSlab = 256 * MiB;
constexpr std::uint64_t kDisk = 10 * GiB;  // 40 slabs
constexpr int kSlabs = 40;
constexpr double kHz = 2.25e9;

// The workload side: records when each request completes.
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

// A cluster with one 2-vCPU VM on node 0 (VM 0, whose disk is disk 0: the
// cluster allocates one disk per VM, in order).
struct Rig {
  explicit Rig(const ClusterSpec& spec) : cluster(engine, spec, requests, client) {
    vm = cluster.add_vm(0, 2, kDisk);
  }
  // Adds a request from the VM and returns its index.
  std::uint32_t request(bool write, std::uint64_t offset, std::uint32_t bytes = 4 * KiB) {
    IoRequest r;
    r.vm = vm;
    r.thread = 0;
    r.node = 0;
    r.write = write;
    r.bytes = bytes;
    r.offset = offset;
    r.issued_at = engine.now();
    requests.push_back(r);
    return static_cast<std::uint32_t>(requests.size() - 1);
  }
  const Extent* copies_of(int slab) const { return cluster.slabs().extents(0, static_cast<std::uint64_t>(slab) * kSlab); }
  bool has_copy_on(int slab, int node) const {
    const Extent* e = copies_of(slab);
    for (int c = 0; c < cluster.slabs().copies(); ++c)
      if (e[c].node == node) return true;
    return false;
  }
  int first_slab(bool with_local_copy) const {
    for (int s = 0; s < kSlabs; ++s)
      if (has_copy_on(s, 0) == with_local_copy) return s;
    FAIL("no slab of that kind");
    return -1;
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
  S2dCluster cluster;
  std::uint32_t vm = 0;
};

// Cycles of one message end (SMB Direct, plus the TCP extra without RDMA).
double message_cycles(const StackSpec& s, double bytes, bool rdma) {
  return s.network_message.cycles(bytes) + (rdma ? 0.0 : s.network_tcp_extra.cycles(bytes));
}

}  // namespace

TEST_CASE("s2d: an uncontended local 4K read = guest + host + drive QD1 latency, no network", "[s2d]") {
  Rig rig(ax7525_cluster(4, 4, Resiliency::ThreeWayMirror));
  const int slab = rig.first_slab(true);
  const std::uint32_t id = rig.request(false, slab * kSlab + 8 * KiB);
  rig.cluster.submit(id);
  rig.engine.run_until(kSecond);
  REQUIRE(rig.client.completed == 1);
  const StackSpec s = s2d_stack();
  const double b = 4 * KiB;
  // 72 204.8 cycles in the guest (32.09 us), 163 609.6 on the host (72.72 us), 90 us on the drive.
  const SimTime expected = cpu_ns(s.guest.cycles(b), kHz) +
                           cpu_ns(s.hypervisor.cycles(b) + s.storage_stack.cycles(b) + s.drive_io.cycles(b), kHz) +
                           kioxia_cm6v().read_latency_ns;
  CHECK(rig.client.done_at[id] == Approx(static_cast<double>(expected)).margin(2));
  CHECK(rig.cluster.fabric().messages() == 0);
  CHECK(rig.drive_reads(0) == 1);
  // The cycles went to the layers on node 0.
  const HostCpu& cpu = rig.cluster.node(0).cpu;
  CHECK(cpu.cycles(CpuLayer::Guest) == Approx(s.guest.cycles(b)));
  CHECK(cpu.cycles(CpuLayer::Hypervisor) == Approx(s.hypervisor.cycles(b)));
  CHECK(cpu.cycles(CpuLayer::StorageStack) == Approx(s.storage_stack.cycles(b)));
  CHECK(cpu.cycles(CpuLayer::DriveIo) == Approx(s.drive_io.cycles(b)));
  CHECK(cpu.cycles(CpuLayer::Network) == 0);
}

TEST_CASE("s2d: a read without a local copy takes one remote copy and two messages", "[s2d]") {
  for (const bool rdma : {true, false}) {
    ClusterSpec spec = ax7525_cluster(4, 4, Resiliency::ThreeWayMirror);
    if (!rdma) spec.nic.rdma = RdmaKind::None;
    Rig rig(spec);
    const int slab = rig.first_slab(false);
    const std::uint32_t id = rig.request(false, slab * kSlab);
    rig.cluster.submit(id);
    rig.engine.run_until(kSecond);
    INFO((rdma ? "RDMA" : "TCP"));
    REQUIRE(rig.client.completed == 1);
    CHECK(rig.cluster.fabric().messages() == 2);
    CHECK(rig.drive_reads(0) == 0);
    // Served by the first copy (all survive, none local).
    const int remote = rig.copies_of(slab)[0].node;
    CHECK(rig.drive_reads(remote) == 1);
    const StackSpec s = s2d_stack();
    const double b = 4 * KiB, ctl = s.control_message_bytes;
    const SimTime expected =
        cpu_ns(s.guest.cycles(b), kHz) +
        cpu_ns(s.hypervisor.cycles(b) + s.storage_stack.cycles(b) + message_cycles(s, ctl, rdma), kHz) +
        message_ns(s.control_message_bytes, spec.nic, spec.network_switch) +
        cpu_ns(message_cycles(s, ctl, rdma) + s.drive_io.cycles(b) + message_cycles(s, b, rdma), kHz) +
        kioxia_cm6v().read_latency_ns + message_ns(4 * KiB, spec.nic, spec.network_switch) +
        cpu_ns(message_cycles(s, b, rdma), kHz);
    CHECK(rig.client.done_at[id] == Approx(static_cast<double>(expected)).margin(4));
  }
}

TEST_CASE("s2d: a write completes only after every copy is on a drive", "[s2d]") {
  const ClusterSpec spec = ax7525_cluster(4, 4, Resiliency::ThreeWayMirror);
  const StackSpec s = s2d_stack();
  const double b = 4 * KiB, ctl = s.control_message_bytes;
  // The CM6-V catalog entry states no write buffer: a 4K write takes 126 / 350 k = 360 us of one channel.
  const SimTime media = 360'000;
  const SimTime guest = cpu_ns(s.guest.cycles(b), kHz);
  // k remote copies at once: node 0 sends k data messages and receives k acks
  // together, so they share its bonded 25 GB/s (each at most one 12.5 GB/s port).
  const double port = spec.nic.port_bits_per_s / 8.0, node_rate = 2 * port;
  auto transfer = [&](int k, std::uint64_t bytes) {
    return std::max(pipe_ns(bytes, port), pipe_ns(k * bytes, node_rate)) + routed_latency_ns(spec.nic, spec.network_switch);
  };
  auto remote_copy = [&](int k) {
    return transfer(k, 4 * KiB) +
           cpu_ns(message_cycles(s, b, true) + s.drive_io.cycles(b) + message_cycles(s, ctl, true), kHz) + media +
           transfer(k, s.control_message_bytes) + cpu_ns(message_cycles(s, ctl, true), kHz);
  };

  SECTION("one local copy and two remote ones") {
    Rig rig(spec);
    const std::uint32_t id = rig.request(true, rig.first_slab(true) * kSlab);
    rig.cluster.submit(id);
    rig.engine.run_until(kSecond);
    REQUIRE(rig.client.completed == 1);
    CHECK(rig.all_drive_writes() == 3);
    CHECK(rig.drive_writes(0) == 1);
    CHECK(rig.cluster.fabric().messages() == 4);  // data + ack per remote copy
    const SimTime host = cpu_ns(s.hypervisor.cycles(b) + s.storage_stack.cycles(b) + s.drive_io.cycles(b) +
                                    2 * message_cycles(s, b, true), kHz);
    // The local copy is done after 360 us; the remote ones take longer and decide.
    CHECK(rig.client.done_at[id] == Approx(static_cast<double>(guest + host + remote_copy(2))).margin(4));
    CHECK(rig.client.done_at[id] > guest + host + media);
    CHECK(rig.cluster.degraded_ios() == 0);
  }
  SECTION("three remote copies") {
    Rig rig(spec);
    const std::uint32_t id = rig.request(true, rig.first_slab(false) * kSlab);
    rig.cluster.submit(id);
    rig.engine.run_until(kSecond);
    REQUIRE(rig.client.completed == 1);
    CHECK(rig.all_drive_writes() == 3);
    CHECK(rig.drive_writes(0) == 0);
    CHECK(rig.cluster.fabric().messages() == 6);
    const SimTime host =
        cpu_ns(s.hypervisor.cycles(b) + s.storage_stack.cycles(b) + 3 * message_cycles(s, b, true), kHz);
    CHECK(rig.client.done_at[id] == Approx(static_cast<double>(guest + host + remote_copy(3))).margin(4));
  }
}

TEST_CASE("s2d: with a failed node, writes go to the surviving copies and reads avoid it", "[s2d]") {
  ClusterSpec spec = ax7525_cluster(4, 4, Resiliency::ThreeWayMirror);
  spec.failed_nodes = {3};
  Rig rig(spec);
  REQUIRE_FALSE(rig.cluster.node(3).up);
  CHECK_THROWS_AS(rig.cluster.add_vm(3, 2, kDisk), std::invalid_argument);

  // One write and one read to every slab, all at once.
  int slabs_on_failed = 0, slabs_without_local = 0;
  std::uint64_t surviving_copies = 0;
  for (int slab = 0; slab < kSlabs; ++slab) {
    const bool on_failed = rig.has_copy_on(slab, 3);
    slabs_on_failed += on_failed;
    slabs_without_local += !rig.has_copy_on(slab, 0);
    surviving_copies += on_failed ? 2 : 3;
    rig.cluster.submit(rig.request(true, slab * kSlab + 4 * KiB));
  }
  REQUIRE(slabs_on_failed > 0);
  REQUIRE(slabs_on_failed < kSlabs);
  rig.engine.run_until(kSecond);
  CHECK(rig.client.completed == static_cast<std::uint64_t>(kSlabs));
  CHECK(rig.cluster.degraded_ios() == static_cast<std::uint64_t>(slabs_on_failed));
  CHECK(rig.all_drive_writes() == surviving_copies);
  CHECK(rig.drive_writes(3) == 0);

  const std::uint64_t messages_before = rig.cluster.fabric().messages();
  for (int slab = 0; slab < kSlabs; ++slab) rig.cluster.submit(rig.request(false, slab * kSlab + 4 * KiB));
  rig.engine.run_until(2 * kSecond);
  CHECK(rig.client.completed == 2u * kSlabs);
  CHECK(rig.drive_reads(3) == 0);
  // Local copies where they exist; every other slab costs a request and a data message.
  CHECK(rig.drive_reads(0) == static_cast<std::uint64_t>(kSlabs - slabs_without_local));
  CHECK(rig.cluster.fabric().messages() - messages_before == 2u * static_cast<std::uint64_t>(slabs_without_local));
}

TEST_CASE("s2d: a volume that loses every copy of some slab is refused, not silently served", "[s2d]") {
  // Two-way mirror on 3 nodes with 2 down: about a third of the slabs had both
  // copies on the failed nodes, so the volume is offline.
  ClusterSpec spec = ax7525_cluster(3, 2, Resiliency::TwoWayMirror);
  spec.failed_nodes = {1, 2};
  CHECK_THROWS_WITH(Rig(spec), Catch::Matchers::Contains("lose every copy"));
  // With one node down every slab keeps a copy and the volume stays online.
  spec.failed_nodes = {2};
  CHECK_NOTHROW(Rig(spec));
}

TEST_CASE("s2d: reset_stats restarts the degraded count and the layer accounting", "[s2d]") {
  ClusterSpec spec = ax7525_cluster(4, 2, Resiliency::ThreeWayMirror);
  spec.failed_nodes = {2};
  Rig rig(spec);
  for (int slab = 0; slab < kSlabs; ++slab) rig.cluster.submit(rig.request(true, slab * kSlab));
  rig.engine.run_until(kSecond);
  REQUIRE(rig.cluster.degraded_ios() > 0);
  REQUIRE(rig.cluster.node(0).cpu.cycles(CpuLayer::Guest) > 0);
  rig.cluster.reset_stats();
  CHECK(rig.cluster.degraded_ios() == 0);
  CHECK(rig.cluster.node(0).cpu.cycles(CpuLayer::Guest) == 0);
  CHECK(rig.cluster.fabric().messages() == 0);
  CHECK(rig.drive_writes(0) == 0);
}
