// compare_references and attribute_bottleneck on hand-made results.
#include <catch2/catch.hpp>

#include <cmath>
#include <string>
#include <vector>

#include "models/run/bottleneck.hpp"
#include "models/run/reference_check.hpp"

using namespace hcisim::models;

namespace {

RunResult figures() {
  RunResult r;
  r.read_iops = 1'000'000;
  r.write_iops = 500'000;
  r.read_bytes_per_s = 4.096e9;
  r.write_bytes_per_s = 2.048e9;
  r.read_latency.mean_s = 0.0010;
  r.write_latency.mean_s = 0.0030;
  r.all_latency.mean_s = 0.0020;
  return r;
}

ReferenceFigure ref(Figure f, double value, double tolerance, Comparison c = Comparison::Approximately) {
  ReferenceFigure r;
  r.figure = f;
  r.value = value;
  r.tolerance = tolerance;
  r.comparison = c;
  return r;
}

NodeResult node(int index, double cpu, double vcpu, double drive, double tx, double rx, bool up = true) {
  NodeResult n;
  n.node = index;
  n.up = up;
  n.vms = 2;
  n.cores = 128;
  n.logical_processors = 256;
  n.capacity_threads = 160;
  n.cpu_utilisation = cpu;
  n.cpu_by_layer[static_cast<int>(CpuLayer::StorageStack)] = cpu * 0.6;
  n.cpu_by_layer[static_cast<int>(CpuLayer::Guest)] = cpu * 0.4;
  n.vcpu_utilisation = vcpu;
  n.drive_utilisation_mean = drive * 0.9;
  n.drive_utilisation_max = drive;
  n.nic_tx_utilisation = tx;
  n.nic_rx_utilisation = rx;
  return n;
}

std::string bottleneck_of(std::vector<NodeResult> nodes) {
  RunResult r;
  r.nodes = std::move(nodes);
  ScenarioSpec spec;
  spec.vms.vcpus = 2;
  spec.vms.workload.targets[0].threads = 2;
  spec.vms.workload.targets[0].outstanding = 32;
  attribute_bottleneck(r, spec);
  return r.bottleneck.resource;
}

}  // namespace

TEST_CASE("reference check: every figure reads its field of the result", "[reference]") {
  const RunResult r = figures();
  CHECK(figure_value(r, Figure::ReadIops) == 1'000'000);
  CHECK(figure_value(r, Figure::WriteIops) == 500'000);
  CHECK(figure_value(r, Figure::TotalIops) == 1'500'000);
  CHECK(figure_value(r, Figure::ReadBytesPerSec) == 4.096e9);
  CHECK(figure_value(r, Figure::WriteBytesPerSec) == 2.048e9);
  CHECK(figure_value(r, Figure::TotalBytesPerSec) == Approx(6.144e9));
  CHECK(figure_value(r, Figure::ReadLatencyAvg) == 0.0010);
  CHECK(figure_value(r, Figure::WriteLatencyAvg) == 0.0030);
  CHECK(figure_value(r, Figure::LatencyAvg) == 0.0020);
  RunResult p = r;
  p.read_latency.p50_s = 0.5e-3;
  p.read_latency.p90_s = 1.5e-3;
  p.read_latency.p99_s = 4e-3;
  p.write_latency.p50_s = 2e-3;
  p.write_latency.p90_s = 5e-3;
  p.write_latency.p99_s = 9e-3;
  p.vmfleet_cpu = 0.42;
  CHECK(figure_value(p, Figure::ReadLatencyP50) == 0.5e-3);
  CHECK(figure_value(p, Figure::ReadLatencyP90) == 1.5e-3);
  CHECK(figure_value(p, Figure::ReadLatencyP99) == 4e-3);
  CHECK(figure_value(p, Figure::WriteLatencyP50) == 2e-3);
  CHECK(figure_value(p, Figure::WriteLatencyP90) == 5e-3);
  CHECK(figure_value(p, Figure::WriteLatencyP99) == 9e-3);
  CHECK(figure_value(p, Figure::VmfleetCpu) == 0.42);
}

TEST_CASE("reference check: within, outside and at-most verdicts", "[reference]") {
  const std::vector<ReferenceFigure> refs = {
      ref(Figure::TotalIops, 1'450'000, 0.05),                      // +3.4 %: within 5 %
      ref(Figure::TotalIops, 1'700'000, 0.10),                      // -11.8 %: outside 10 %
      ref(Figure::ReadIops, 900'000, 0.10),                         // +11.1 %: outside 10 %
      ref(Figure::LatencyAvg, 0.0019, 0.10, Comparison::AtMost),    // 2.0 <= 1.9 x 1.1 = 2.09 ms
      ref(Figure::LatencyAvg, 0.0018, 0.10, Comparison::AtMost),    // 2.0 > 1.8 x 1.1 = 1.98 ms
      ref(Figure::ReadLatencyAvg, 0.005, 0.0, Comparison::AtMost),  // far under: within
  };
  const std::vector<FigureComparison> out = compare_references(figures(), refs);
  REQUIRE(out.size() == refs.size());
  CHECK(out[0].predicted == 1'500'000);
  CHECK(out[0].error == Approx(50'000.0 / 1'450'000));
  CHECK(out[0].within);
  CHECK(out[1].error == Approx(-200'000.0 / 1'700'000));
  CHECK_FALSE(out[1].within);
  CHECK(out[2].error == Approx(100'000.0 / 900'000));
  CHECK_FALSE(out[2].within);
  CHECK(out[3].within);
  CHECK(out[3].error == Approx(0.1 / 1.9));
  CHECK_FALSE(out[4].within);
  CHECK(out[5].within);
  CHECK(out[5].error == Approx(-0.8));  // 1 ms against 5 ms
  CHECK(out[1].reference.value == 1'700'000);
}

TEST_CASE("reference check: a calibration figure on a run too noisy for its tolerance is unsettled", "[reference]") {
  RunResult r = figures();              // 1.5 M IOPS, 2.0 ms mean
  r.total_iops_ci_half_width = 90'000;  // +/- 6 %
  r.latency_ci_half_width_s = 0.04e-3;  // +/- 2 %
  std::vector<ReferenceFigure> refs = {ref(Figure::TotalIops, 1'500'000, 0.05), ref(Figure::TotalIops, 1'500'000, 0.05),
                                       ref(Figure::LatencyAvg, 0.002, 0.05), ref(Figure::ReadIops, 1'000'000, 0.05)};
  refs[0].calibration = true;  // fitted to 5 % on a run that knows it to 6 %: cannot be trusted
  refs[2].calibration = true;  // fitted to 5 % on a run that knows it to 2 %: fine
  refs[3].calibration = true;  // no interval for read IOPS: judged on its error alone
  const std::vector<FigureComparison> out = compare_references(r, refs);
  CHECK(out[0].interval == Approx(0.06));
  CHECK(out[0].unsettled);
  CHECK_FALSE(out[0].within);     // its error is 0
  CHECK_FALSE(out[1].unsettled);  // a prediction: the interval is the reader's to weigh
  CHECK(out[1].within);
  CHECK(out[2].interval == Approx(0.02));
  CHECK_FALSE(out[2].unsettled);
  CHECK(out[2].within);
  CHECK(out[3].interval == 0);
  CHECK_FALSE(out[3].unsettled);
}

TEST_CASE("reference check: a transaction latency over too few checkpoint cycles has no interval to trust",
          "[reference]") {
  RunResult r;
  r.oltp.present = true;
  r.oltp.latency.mean_s = 0.010;
  r.oltp.latency_ci_half_width_s = 0.0002;  // +/- 2 %, from batches shorter than a checkpoint cycle
  r.oltp.slowest_cycle_s = 60;
  ReferenceFigure fitted = ref(Figure::TransactionLatencyAvg, 0.010, 0.10);
  fitted.calibration = true;
  r.measured_seconds = 60;  // one cycle
  CHECK(std::isinf(figure_interval(r, Figure::TransactionLatencyAvg)));
  CHECK(compare_references(r, {fitted})[0].unsettled);
  CHECK_FALSE(compare_references(r, {fitted})[0].within);
  r.measured_seconds = 600;  // ten cycles: the batches' interval stands
  CHECK(figure_interval(r, Figure::TransactionLatencyAvg) == Approx(0.02));
  CHECK_FALSE(compare_references(r, {fitted})[0].unsettled);
  CHECK(compare_references(r, {fitted})[0].within);
}

TEST_CASE("bottleneck: the busiest resource class above 80 % is named", "[bottleneck]") {
  CHECK(bottleneck_of({node(0, 0.95, 0.5, 0.6, 0.2, 0.2), node(1, 0.90, 0.5, 0.6, 0.2, 0.2)}) == "host CPU");
  CHECK(bottleneck_of({node(0, 0.50, 0.97, 0.6, 0.2, 0.2), node(1, 0.5, 0.5, 0.6, 0.2, 0.2)}) == "VM vCPUs");
  CHECK(bottleneck_of({node(0, 0.50, 0.5, 0.6, 0.2, 0.2), node(1, 0.5, 0.5, 0.99, 0.2, 0.2)}) == "drives");
  CHECK(bottleneck_of({node(0, 0.50, 0.5, 0.6, 0.2, 0.92), node(1, 0.5, 0.5, 0.6, 0.2, 0.2)}) == "network");
  // Nothing above 80 %: the closed loop's outstanding I/Os set the rate.
  CHECK(bottleneck_of({node(0, 0.70, 0.6, 0.75, 0.2, 0.2)}) == "outstanding I/O");
  // Nothing above 80 % and every target paced by -g: the limits set the rate.
  {
    RunResult r;
    r.nodes = {node(0, 0.70, 0.6, 0.75, 0.2, 0.2)};
    ScenarioSpec spec;
    spec.vms.workload.targets[0].throughput_bytes_per_ms = 4096;
    attribute_bottleneck(r, spec);
    CHECK(r.bottleneck.resource == "DISKSPD -g limit");
  }
  // A node that is down does not count, however its numbers look.
  CHECK(bottleneck_of({node(0, 0.99, 0.5, 0.6, 0.2, 0.2, false), node(1, 0.5, 0.5, 0.6, 0.2, 0.2)}) ==
        "outstanding I/O");
}

TEST_CASE("bottleneck: the reason names the node and the layer that took the most cycles", "[bottleneck]") {
  RunResult r;
  r.nodes = {node(0, 0.5, 0.5, 0.5, 0.1, 0.1), node(1, 0.93, 0.5, 0.5, 0.1, 0.1)};
  ScenarioSpec spec;
  attribute_bottleneck(r, spec);
  CHECK(r.bottleneck.resource == "host CPU");
  CHECK(r.bottleneck.utilisation == 0.93);
  CHECK(r.bottleneck.reason.find("node 2") != std::string::npos);
  CHECK(r.bottleneck.reason.find("storage_stack 60 %") != std::string::npos);
}

TEST_CASE("bottleneck: an HBA ranks by its tightest modelled limit; its tags count only while the drives have room",
          "[bottleneck]") {
  auto with_hba = [](double drive, double processing, double tags) {
    NodeResult n = node(0, 0.5, 0.5, drive, 0.2, 0.2);
    n.hba.present = true;
    n.hba.id = "test-hba";
    n.hba.processing_modelled = true;
    n.hba.processing = processing;
    n.hba.queue_depth = 64;
    n.hba.tag_occupancy = tags;
    return n;
  };
  // Its command processor at 97 % with drives at 70 %: the HBA, by that limit.
  RunResult r;
  r.nodes = {with_hba(0.70, 0.97, 0.5)};
  ScenarioSpec spec;
  attribute_bottleneck(r, spec);
  CHECK(r.bottleneck.resource == "HBA");
  CHECK(r.bottleneck.utilisation == 0.97);
  CHECK(r.bottleneck.reason.find("command processing 97 %") != std::string::npos);
  CHECK(r.bottleneck.reason.find("tags 50 % in use (32 of 64 on average)") != std::string::npos);
  // Every tag held while the drives are 60 % busy: too few tags keep the drives from more.
  CHECK(bottleneck_of({with_hba(0.60, 0.3, 1.0)}) == "HBA");
  // Every tag held by commands at drives 95 % busy: the drives are the limit.
  CHECK(bottleneck_of({with_hba(0.95, 0.3, 1.0)}) == "drives");
  // The processor's own limit still counts behind busy drives.
  CHECK(bottleneck_of({with_hba(0.92, 0.99, 0.2)}) == "HBA");
  // A node without an HBA reports none, and ranks none.
  r.nodes = {node(0, 0.5, 0.5, 0.6, 0.2, 0.2)};
  for (const RankedResource& ranked : rank_resources(r, spec)) CHECK(ranked.what.resource != "HBA");
}

TEST_CASE("bottleneck: full device queues limit drives that have room, not drives that are saturated", "[bottleneck]") {
  auto shallow = [](double drive, double occupancy) {
    NodeResult n = node(0, 0.5, 0.5, drive, 0.2, 0.2);
    n.device_queue_depth = 2;
    n.device_queue_occupancy_max = occupancy;
    return n;
  };
  RunResult r;
  r.nodes = {shallow(0.09, 0.999)};
  ScenarioSpec spec;
  attribute_bottleneck(r, spec);
  CHECK(r.bottleneck.resource == "device queues");
  CHECK(r.bottleneck.reason.find("node 1 holds 2.0 of its 2 device-queue slots on average") != std::string::npos);
  CHECK(bottleneck_of({shallow(0.95, 1.0)}) == "drives");
  CHECK(bottleneck_of({shallow(0.30, 0.5)}) == "outstanding I/O");  // nothing above 80 %
}
