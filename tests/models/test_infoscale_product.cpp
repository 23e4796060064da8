// InfoScale FSS: volumes striped one column per storage node with the stripe
// unit, files in the volume set, each I/O piece shipped to the node holding
// its column (seed-systems.md section 4). Timings are checked against the sum
// of the steps a single I/O takes: client CPU, the message (VM latency), the
// storage node's CPU, the disk (the P60's latency), the reply, the client again.
#include <catch2/catch.hpp>

#include <cstdint>
#include <vector>

#include "cloud_specs.hpp"
#include "models/cluster/cluster.hpp"
#include "models/storage/infoscale/infoscale_product.hpp"
#include "models/storage/infoscale/volume_set_layout.hpp"
#include "sim/engine.hpp"

using namespace ctest;
using hcisim::sim::Engine;
using hcisim::sim::EventHandler;
using hcisim::sim::SimTime;

namespace {

constexpr std::uint64_t KiB = 1024;

struct Done final : EventHandler {
  Engine* engine = nullptr;
  std::vector<SimTime> at;
  void on_event(std::uint64_t) override { at.push_back(engine->now()); }
};

// One request through a cloud cluster's InfoScale product.
struct Rig {
  Engine engine;
  ClusterSpec spec;
  RequestTable requests;
  Cluster cluster;
  InfoScaleProduct product;
  Done done;
  explicit Rig(const ClusterSpec& s)
      : spec(s), requests(1), cluster(engine, spec), product(engine, spec, cluster, requests) {
    done.engine = &engine;
    product.connect(done);
  }
  SimTime run_one(std::uint32_t file, bool write, std::uint64_t offset, std::uint64_t bytes) {
    IoRequest& r = requests[0];
    r.disk = file;
    r.node = static_cast<std::uint16_t>(cluster.node_count());  // the first client
    r.write = write;
    r.offset = offset;
    r.bytes = bytes;
    const SimTime start = engine.now();
    product.submit(0, CpuWork{});
    engine.run_until(start + 1'000'000'000);
    REQUIRE(!done.at.empty());
    return done.at.back() - start;
  }
};

SimTime cycles_ns(double cycles) { return static_cast<SimTime>(std::llround(cycles / 2.6)); }

}  // namespace

TEST_CASE("infoscale layout: stripe units go to consecutive columns, one column per storage node", "[infoscale]") {
  VolumeSetLayout layout(6, 4, 16 * KiB, 8ull << 40);
  const std::uint32_t a = layout.add_file(0, 1ull << 30);
  const std::uint32_t b = layout.add_file(1, 1ull << 30);
  const std::uint32_t c = layout.add_file(0, 1ull << 30);  // after a, on volume 1
  CHECK(layout.volume_of(a) == 0);
  CHECK(layout.volume_of(b) == 1);
  CHECK(layout.volume_offset(c) == 1ull << 30);
  StripePiece pieces[16];
  // 7 stripe units from file a's start: columns 0..5, then column 0 again one row down.
  REQUIRE(layout.split(a, 0, 7 * 16 * KiB, pieces, 16) == 7);
  for (int i = 0; i < 6; ++i) {
    CHECK(pieces[i].node == i);
    CHECK(pieces[i].disk == 0);  // volume 1 (index 0) uses disk 1 (index 0) of every node
    CHECK(pieces[i].disk_offset == 0);
    CHECK(pieces[i].bytes == 16 * KiB);
  }
  CHECK(pieces[6].node == 0);
  CHECK(pieces[6].disk_offset == 16 * KiB);
  // Unaligned: 20 KiB from 10 KiB covers the rest of unit 0 and 14 KiB of unit 1.
  REQUIRE(layout.split(b, 10 * KiB, 20 * KiB, pieces, 16) == 2);
  CHECK(pieces[0].node == 0);
  CHECK(pieces[0].disk == 1);
  CHECK(pieces[0].disk_offset == 10 * KiB);
  CHECK(pieces[0].bytes == 6 * KiB);
  CHECK(pieces[1].node == 1);
  CHECK(pieces[1].bytes == 14 * KiB);
  // File c starts 1 GiB into volume 1: 65,536 units, 10,922 rows of 6 and 4 more.
  REQUIRE(layout.split(c, 0, 16 * KiB, pieces, 16) == 1);
  CHECK(pieces[0].node == 65'536 % 6);
  CHECK(pieces[0].disk_offset == 65'536 / 6 * 16 * KiB);
  CHECK(layout.max_pieces(16 * KiB, 16 * KiB) >= 1);
  CHECK(layout.max_pieces(64 * KiB, 512) >= 5);
  CHECK_THROWS_WITH(layout.add_file(2, 6 * (8ull << 40) + 1), Catch::Contains("no room"));
}

TEST_CASE("infoscale: a read of one stripe is shipped to every column's node, once each", "[infoscale]") {
  Rig rig(cloud_cluster(6, 4, e64ds_v4(16), 1, 16 * KiB));
  const std::uint32_t file = rig.product.attach_disk(6, 2, 1ull << 30);  // volume 3
  rig.product.reserve(1, 96 * KiB, 16 * KiB);
  rig.run_one(file, false, 0, 96 * KiB);  // six stripe units
  for (int n = 0; n < 6; ++n) {
    const ClusterNode& node = rig.cluster.node(n);
    for (int d = 0; d < 4; ++d) CHECK(node.drives[static_cast<std::size_t>(d)]->reads() == (d == 2 ? 1u : 0u));
  }
  // The client sent 6 requests, each storage VM one reply of 16 KiB + header.
  for (int n = 0; n < 6; ++n) {
    CHECK(rig.cluster.node(n).cloud_vm->sent_bytes() == 16 * KiB + 256);
  }
  CHECK(rig.cluster.node(6).cloud_vm->sent_bytes() == 6 * 256);
}

TEST_CASE("infoscale: one write's latency is the sum of its steps; the data goes out of the client's egress",
          "[infoscale]") {
  Rig rig(cloud_cluster(6, 4, e64ds_v4(16), 1, 16 * KiB));
  const std::uint32_t file = rig.product.attach_disk(6, 0, 1ull << 30);
  rig.product.reserve(1, 16 * KiB, 16 * KiB);
  const SimTime latency = rig.run_one(file, true, 16 * KiB, 16 * KiB);  // unit 1: column 1
  CHECK(rig.cluster.node(1).drives[0]->writes() == 1);
  const double to_server = 16 * KiB + 256.0, to_client = 256;
  const SimTime client = cycles_ns(25'000 + 15'000 + to_server);
  const SimTime server = cycles_ns(15'000 + to_server + 20'000 + 10'000 + 15'000 + to_client);
  const SimTime completion = cycles_ns(15'000 + to_client);
  const SimTime wire = 40'000;  // 20 us each end (the VMs' one-way latency halves)
  const SimTime disk = 2'000'000;
  CHECK(latency == Approx(static_cast<double>(client + wire + server + disk + wire + completion)).margin(4));
  CHECK(rig.cluster.node(6).cloud_vm->sent_bytes() == to_server);  // the client's egress carried the data
  CHECK(rig.cluster.node(1).cloud_vm->sent_bytes() == to_client);
  CHECK(rig.cluster.node(1).cloud_vm->received_bytes() == to_server);
}

TEST_CASE("infoscale: refuses mirrored volumes, a volume count other than the disks, and servers", "[infoscale]") {
  Engine engine;
  RequestTable requests;
  ClusterSpec mirrored = cloud_cluster(6, 4, e64ds_v4(16), 1, 16 * KiB);
  mirrored.resiliency = Resiliency::TwoWayMirror;
  Cluster c1(engine, mirrored);
  CHECK_THROWS_WITH(InfoScaleProduct(engine, mirrored, c1, requests), Catch::Contains("striped, not mirrored"));
  ClusterSpec three = cloud_cluster(6, 4, e64ds_v4(16), 1, 16 * KiB);
  three.stack.infoscale.volumes = 3;
  Cluster c2(engine, three);
  CHECK_THROWS_WITH(InfoScaleProduct(engine, three, c2, requests), Catch::Contains("one volume per data disk"));
  ClusterSpec servers = cloud_cluster(6, 4, e64ds_v4(16), 1, 16 * KiB);
  servers.cloud = CloudClusterSpec{};
  CHECK_THROWS_WITH(InfoScaleProduct(engine, servers, c2, requests), Catch::Contains("cloud VMs only"));
}
