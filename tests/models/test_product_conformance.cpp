// One conformance suite over every storage product (product_cases.hpp), in
// the manner of ns-3's tests run over every implementation of an interface:
// each product, through the StorageProduct interface under the hypervisor's
// path (VmIoPath) or through models::simulate(), must
//   1. complete every I/O it is given, once, without failing one;
//   2. put a write's copies on as many distinct nodes as its resiliency has
//      copies (a striped product: a piece on the one node of its column);
//   3. survive a node's and a drive's failure during a run, or refuse it by
//      name, as its documentation says;
//   4. close Little's law in a steady closed-loop run: N = X R.
// Every section names its product (DYNAMIC_SECTION), so a failure says whose.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <memory>
#include <random>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "model_specs.hpp"
#include "models/analytic/product_paths.hpp"
#include "models/cluster/cluster.hpp"
#include "models/hypervisor/vm_io_path.hpp"
#include "models/run/simulation.hpp"
#include "product_cases.hpp"
#include "sim/engine.hpp"

using namespace mtest;
using hcisim::sim::Engine;
using hcisim::sim::kMillisecond;
using hcisim::sim::SimTime;

namespace {

constexpr std::uint64_t kDisk = 256 * MiB;
constexpr std::uint64_t kLarge = 256 * KiB;  // the large block: spans two to five stripe units

// A case's cluster with VMs driven directly by the test: a closed loop of
// request slots of its own, each re-issued on its completion until a budget
// of I/Os is spent, on the product `make_product()` builds.
struct ProductRig final : hcisim::sim::EventHandler {
  explicit ProductRig(const ProductCase& c)
      : spec(c.scenario.cluster),
        cluster(engine, spec),
        product(make_product(c.kind, engine, spec, cluster, requests)),
        vms(engine, spec.hypervisor, *product, requests, *this) {}

  // The host of the `i`-th VM: a compute host (a cloud cluster's client) if
  // the cluster has any, else a storage node.
  int vm_host(int i) const {
    const int compute = cluster.host_count() - cluster.node_count();
    return compute > 0 ? cluster.node_count() + i % compute : i % cluster.node_count();
  }
  // `count` VMs with `slots` request slots each, VM i on volume i (mod the nodes).
  void add_vms(int count, int slots) {
    for (int i = 0; i < count; ++i) {
      const int host = vm_host(i);
      vms.add_vm(host, cluster.cpu(host), 2, i % cluster.node_count(), kDisk);
    }
    requests.resize(static_cast<std::size_t>(count * slots));
    for (std::size_t r = 0; r < requests.size(); ++r) {
      requests[r].vm = static_cast<std::uint32_t>(r) / static_cast<std::uint32_t>(slots);
      requests[r].thread = static_cast<std::uint32_t>(r);
    }
    in_flight.assign(requests.size(), false);
    product->reserve(requests.size(), kLarge, 4 * KiB);
  }
  void issue(std::uint32_t slot, bool write, std::uint64_t offset, std::uint64_t bytes) {
    IoRequest& r = requests[slot];
    r.write = write;
    r.offset = offset;
    r.bytes = bytes;
    r.failed = false;
    r.stages = {};
    r.issued_at = engine.now();
    r.stage_started = engine.now();
    in_flight[slot] = true;
    ++issued;
    vms.submit(slot);
  }
  // A random I/O of the closed loop: 4K or large, read or write, at a 4 KiB-aligned offset.
  void issue_random(std::uint32_t slot) {
    const bool large = random() % 2 == 1;
    const bool write = random() % 2 == 1;
    const std::uint64_t bytes = large ? kLarge : 4 * KiB;
    const std::uint64_t offset = random() % ((kDisk - bytes) / (4 * KiB) + 1) * 4 * KiB;
    issue(slot, write, offset, bytes);
  }
  void on_event(std::uint64_t request) override {
    const auto slot = static_cast<std::uint32_t>(request);
    if (slot >= in_flight.size() || !in_flight[slot]) {
      ++unexpected;  // a completion of nothing in flight: a second one, or one never issued
      return;
    }
    in_flight[slot] = false;
    ++completed;
    if (requests[slot].failed) ++failed;
    if (engine.now() <= requests[slot].issued_at) ++instant;
    if (issued < budget) issue_random(slot);
  }
  std::size_t still_in_flight() const {
    return static_cast<std::size_t>(std::count(in_flight.begin(), in_flight.end(), true));
  }
  // Writes (or reads) started on each storage node's drives so far.
  std::vector<std::uint64_t> drive_ios(bool write) const {
    std::vector<std::uint64_t> n(static_cast<std::size_t>(cluster.node_count()), 0);
    for (int node = 0; node < cluster.node_count(); ++node) {
      for (const auto& d : cluster.node(node).drives)
        n[static_cast<std::size_t>(node)] += write ? d->writes() : d->reads();
    }
    return n;
  }

  Engine engine;
  ClusterSpec spec;
  RequestTable requests;
  Cluster cluster;
  std::unique_ptr<StorageProduct> product;
  VmIoPath vms;
  std::mt19937_64 random{43};
  std::vector<bool> in_flight;
  std::uint64_t budget = 0, issued = 0, completed = 0, failed = 0, unexpected = 0, instant = 0;
};

// Stripe units an I/O of `bytes` at `offset` touches.
std::uint64_t pieces(std::uint64_t offset, std::uint64_t bytes, std::uint64_t unit) {
  return (offset + bytes - 1) / unit - offset / unit + 1;
}

// The case's scenario with the suite's run: `duration` measured after a 5 ms warm-up.
ScenarioSpec timed(const ProductCase& c, SimTime duration) {
  ScenarioSpec s = c.scenario;
  s.run.warmup_ns = 5 * kMillisecond;
  s.run.duration_ns = duration;
  s.run.seed = 7;
  return s;
}

bool logged(const RunResult& r, RunEventKind kind, double from_s) {
  return std::any_of(r.events.begin(), r.events.end(),
                     [&](const TimelineMark& m) { return m.kind() == kind && m.at_s >= from_s - 1e-12; });
}

}  // namespace

TEST_CASE("conformance: every I/O completes once, none fails, nothing is left in flight", "[conformance]") {
  for (const ProductCase& c : product_cases()) {
    DYNAMIC_SECTION(c.name) {
      // Two VMs of 8 slots: 400 I/Os, reads and writes of 4 KiB and 256 KiB at
      // random offsets (the large ones across stripe units, chunks or columns).
      ProductRig rig(c);
      rig.add_vms(2, 8);
      rig.budget = 400;
      for (std::uint32_t slot = 0; slot < rig.requests.size(); ++slot) rig.issue_random(slot);
      rig.engine.run_until(2 * hcisim::sim::kSecond);
      CHECK(rig.issued == rig.budget);
      CHECK(rig.completed == rig.issued);
      CHECK(rig.unexpected == 0);
      CHECK(rig.still_in_flight() == 0);
      CHECK(rig.failed == 0);
      CHECK(rig.instant == 0);  // every I/O took some time
      CHECK(rig.product->counters().failed_ios == 0);
      CHECK(rig.vms.completed() == rig.budget);
      // A healthy cluster degrades nothing and retries nothing.
      CHECK(rig.product->counters().degraded_ios == 0);
      CHECK(rig.product->counters().retried_ios == 0);
    }
  }
}

TEST_CASE("conformance: a write's copies land on distinct nodes, a read on one copy", "[conformance]") {
  for (const ProductCase& c : product_cases()) {
    DYNAMIC_SECTION(c.name) {
      // One I/O at a time from one VM, so the drive counters' change between two
      // completions is that I/O's alone.
      ProductRig rig(c);
      rig.add_vms(1, 1);
      std::mt19937_64 random(5);
      auto one = [&rig](bool write, std::uint64_t offset, std::uint64_t bytes) {
        const std::vector<std::uint64_t> before = rig.drive_ios(write);
        const std::uint64_t done = rig.completed;
        rig.issue(0, write, offset, bytes);
        rig.engine.run_until(rig.engine.now() + 100 * kMillisecond);
        REQUIRE(rig.completed == done + 1);
        std::vector<std::uint64_t> delta = rig.drive_ios(write);
        for (std::size_t n = 0; n < delta.size(); ++n) delta[n] -= before[n];
        return delta;
      };
      std::set<std::size_t> written;  // nodes any write reached
      for (int i = 0; i < 40; ++i) {
        // 4 KiB at a 4 KiB boundary: inside one stripe unit, one piece.
        const std::uint64_t offset = random() % (kDisk / (4 * KiB)) * 4 * KiB;
        INFO("4 KiB write at " << offset);
        const std::vector<std::uint64_t> w = one(true, offset, 4 * KiB);
        int nodes = 0;
        for (std::size_t n = 0; n < w.size(); ++n) {
          CHECK(w[n] <= 1);  // never two copies on one node
          if (w[n] > 0) {
            ++nodes;
            written.insert(n);
          }
        }
        CHECK(nodes == c.copies);
        // A read of the same place reads one copy, on one drive.
        const std::vector<std::uint64_t> r = one(false, offset, 4 * KiB);
        std::uint64_t reads = 0;
        for (const std::uint64_t x : r) reads += x;
        CHECK(reads == 1);
      }
      // The copies are spread: more nodes took writes than a write's copies.
      CHECK(static_cast<int>(written.size()) > c.copies);
      for (int i = 0; i < 20; ++i) {
        // 256 KiB: one piece per stripe unit it touches, each on `copies` distinct nodes,
        // so every node holds at most one copy of each piece.
        const std::uint64_t offset = random() % ((kDisk - kLarge) / (4 * KiB)) * 4 * KiB;
        const std::uint64_t k = pieces(offset, kLarge, c.stripe_unit);
        INFO("256 KiB write at " << offset << ": " << k << " pieces");
        const std::vector<std::uint64_t> w = one(true, offset, kLarge);
        std::uint64_t total = 0;
        int nodes = 0;
        for (const std::uint64_t x : w) {
          total += x;
          nodes += x > 0 ? 1 : 0;
          CHECK(x <= k);
        }
        CHECK(total == static_cast<std::uint64_t>(c.copies) * k);
        CHECK(nodes >= c.copies);
      }
    }
  }
}

TEST_CASE("conformance: a node's or a drive's failure is survived or refused by name, as documented", "[conformance]") {
  for (const ProductCase& c : product_cases()) {
    for (const bool node : {true, false}) {
      const FailureHandling expected = node ? c.node_failure : c.drive_failure;
      DYNAMIC_SECTION(c.name << ": a " << (node ? "node" : "drive") << " fails, "
                             << (expected == FailureHandling::Survived ? "survived" : "refused")) {
        // Node 3 (or node 2's first drive) fails 20 ms in; the run measures
        // from 5 to 105 ms.
        ScenarioSpec s = timed(c, 100 * kMillisecond);
        const int victim = node ? 2 : 1;
        const double at_s = 0.020;
        if (node) {
          s.timeline.events = {node_event(20, true, victim)};
          if (c.failover_node >= 0) {
            s.vms.failover.assign(static_cast<std::size_t>(s.cluster.node_count), -1);
            s.vms.failover[static_cast<std::size_t>(victim)] = c.failover_node;
            s.cluster.volume_failover = s.vms.failover;
          }
        } else {
          s.timeline.events = {{20 * kMillisecond, true, FailurePart::Drive, victim, 0}};
        }
        if (expected == FailureHandling::Refused) {
          // Refused when it happens, by the product, naming itself, the part
          // and that it is not modelled: not ignored, not run as something else.
          const std::string part = node ? c.node_noun + " " + std::to_string(victim + 1) : c.drive_noun;
          CHECK_THROWS_AS(simulate(s), std::invalid_argument);
          CHECK_THROWS_WITH(simulate(s),
                            Catch::Contains(c.title) && Catch::Contains("not modelled") && Catch::Contains(part));
        } else {
          const RunResult r = simulate(s);
          // One part lost, a copy of everything left: nothing may fail.
          CHECK(r.failed_ios == 0);
          // The product saw the failure and acted on it: it detected it, and
          // writes skipped the lost copy or its data is being repaired.
          CHECK(logged(r, RunEventKind::Failure, at_s));
          CHECK(logged(r, RunEventKind::Detection, at_s));
          if (node) {
            CHECK_FALSE(r.nodes[static_cast<std::size_t>(victim)].up);
            CHECK(r.degraded_ios > 0);
          } else {
            CHECK(r.degraded_ios + static_cast<std::uint64_t>(r.repaired_bytes) > 0);
          }
          // I/O keeps completing: once detection and a VM's restart are over
          // (at most 10 + 20 ms here), every timeline interval has completions,
          // at no less than half the pace before the failure: one node of four,
          // or one drive, lost under a light closed loop (16 I/Os) slows it
          // little; a product that stalls, or serves only some VMs, falls below.
          const FailureHandlingSpec& f = s.cluster.stack.failure;
          const double settled_s = at_s + hcisim::sim::to_seconds(std::max(f.node_detection_ns, f.drive_detection_ns) +
                                                                  s.cluster.hypervisor.vm_restart_ns);
          const double interval_s = hcisim::sim::to_seconds(s.run.duration_ns) / 32;
          int before = 0, after = 0;
          double iops_before = 0, iops_after = 0;
          for (const TimelinePoint& p : r.timeline) {
            const double iops = p.read_iops + p.write_iops;
            if (p.end_s <= at_s) {
              ++before;
              iops_before += iops;
            }
            if (p.end_s - interval_s < settled_s) continue;
            ++after;
            iops_after += iops;
            INFO("interval ending at " << p.end_s << " s");
            CHECK(iops > 0);
          }
          REQUIRE(before >= 2);
          REQUIRE(after >= 8);
          CHECK(iops_after / after >= 0.5 * iops_before / before);
        }
      }
    }
  }
}

TEST_CASE("conformance: Little's law closes in a steady closed-loop run", "[conformance]") {
  for (const ProductCase& c : product_cases()) {
    DYNAMIC_SECTION(c.name) {
      // A closed loop of N = VMs x threads x outstanding I/Os with no think
      // time keeps exactly N in the system (a slot is re-issued as it
      // completes), so over the measured window T they spend N T in it, steady
      // or not. The I/Os completed in the window, X T of them with mean
      // latency R, spend X T R in all, which differs from N T only by the two
      // edges: adding the part before the window of those in flight at its
      // start, leaving out the part of those still in flight at its end. Each
      // edge is the elapsed time of N I/Os, about N R (more with a long tail),
      // so at most about 1 % of N T once T >= 100 R (checked below), and the
      // two have opposite signs and alike sizes. So X R = N within 2 %; a
      // throughput or a mean latency taken over the wrong window or the wrong
      // I/Os (the warm-up's, a piece's instead of the request's) misses it.
      ScenarioSpec s = timed(c, 300 * kMillisecond);
      int vms = 0;
      for (const int n : s.vms.per_node) vms += n;
      const DiskspdTarget& w = s.vms.workload.targets[0];
      const double n = static_cast<double>(vms) * w.threads * w.outstanding;
      const RunResult r = simulate(s);
      const double x = r.read_iops + r.write_iops;
      const double latency = r.all_latency.mean_s;
      REQUIRE(r.failed_ios == 0);
      REQUIRE(latency > 0);
      REQUIRE(latency * 100 <= r.measured_seconds);
      INFO("N = " << n << ", X = " << x << " IOPS, R = " << latency * 1e6 << " us");
      CHECK(x * latency == Approx(n).epsilon(0.02));
      // The completions are the measured counts: X T of them in the histogram.
      CHECK(static_cast<double>(r.all_latency.count) == Approx(x * r.measured_seconds).epsilon(1e-9));
    }
  }
}

TEST_CASE("conformance: each registry entry says what its product does", "[conformance]") {
  for (const ProductCase& c : product_cases()) {
    DYNAMIC_SECTION(c.name) {
      const ProductEntry& entry = product(c.kind);
      CHECK(entry.name == c.name);
      CHECK(entry.full_name == c.title);
      CHECK(find_product(c.name) == &entry);
      // What the entry accepts of failures is what the product does with them (above).
      CHECK(entry.accepts.node_failures == (c.node_failure == FailureHandling::Survived));
      CHECK(entry.accepts.drive_failures == (c.drive_failure == FailureHandling::Survived));
      // What it refuses of a cluster its constructor refuses too, in the same words.
      CHECK(entry.refusal(c.scenario.cluster).empty());
      ClusterSpec refused = c.scenario.cluster;
      refused.failed_nodes = {1};
      refused.volume_owners = {0};
      const std::string why = entry.refusal(refused);
      if (entry.accepts.failed_nodes && entry.accepts.volume_owners) {
        CHECK(why.empty());
      } else {
        REQUIRE_FALSE(why.empty());
        hcisim::sim::Engine engine(1);
        Cluster cluster(engine, refused);
        RequestTable requests;
        CHECK_THROWS_WITH(make_product(c.kind, engine, refused, cluster, requests), why);
      }
    }
  }
  for (const ProductEntry& entry : products()) {
    // The fast path has a model of every product that offers it, and of no other.
    CHECK((hcisim::models::analytic::paths_of(entry.name) != nullptr) == entry.offers.fast_path);
  }
  CHECK(find_product("vsan") == nullptr);
  CHECK(product_names() == "s2d, scaleio or infoscale");
}
