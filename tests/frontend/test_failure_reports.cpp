// Runs with failures in the reports: the CSV timeline puts each event in the
// interval it happened in, the JSON carries typed events and phases, the text
// report and `compare` show the phases.
#include <catch2/catch.hpp>

#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

#include "tools/frontend/report/compare_table.hpp"
#include "tools/frontend/report/report_csv.hpp"
#include "tools/frontend/report/report_json.hpp"
#include "tools/frontend/report/report_text.hpp"

using namespace hcisim;
using Catch::Matchers::Contains;

namespace {

// Three 1 s intervals after a 1 s warm-up; node 2 fails in the warm-up's last
// moment, is detected in the second interval, returns at the run's very end.
models::RunResult run_with_failures() {
  models::RunResult r;
  r.scenario_id = "unit";
  r.measured_seconds = 3;
  r.warmup_seconds = 1;
  r.nodes.resize(2);
  r.nodes[1].node = 1;
  for (int i = 0; i < 3; ++i) {
    models::TimelinePoint p;
    p.end_s = 2.0 + i;
    p.read_iops = 1000.0 * (i + 1);
    p.read_p99_s = 0.001 * (i + 1);
    p.node_cpu = {0.5, 0.25};
    p.degraded_bytes = i < 2 ? 2e9 : 0;
    p.repair_bytes_per_s = i == 1 ? 1e9 : 0;
    r.timeline.push_back(p);
  }
  using W = models::RunEventWhat;
  r.events = {{0.9, {.what = W::NodeFails, .node = 1}},
              {2.5, {.what = W::NodeDetectedDown, .node = 1}},
              // worded with a comma: a quoted CSV field
              {4.0, {.what = W::NicPortReturns, .node = 1, .port = 1, .up = 2, .of = 2, .gbps = 25}}};
  models::PhaseResult degraded;
  degraded.phase = models::RunPhase::Degraded;
  degraded.seconds = 2.5;
  degraded.read_iops = 1500;
  models::PhaseResult repairing = degraded;
  repairing.phase = models::RunPhase::Repairing;
  repairing.seconds = 0.5;
  r.phases = {degraded, repairing};
  r.failed_ios = 7;
  return r;
}

std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

// Fields of a CSV line, honouring double quotes (RFC 4180).
std::vector<std::string> fields(const std::string& line) {
  std::vector<std::string> out(1);
  bool quoted = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (c == '"') {
      if (quoted && i + 1 < line.size() && line[i + 1] == '"') {
        out.back() += '"';
        ++i;
      } else {
        quoted = !quoted;
      }
    } else if (c == ',' && !quoted) {
      out.emplace_back();
    } else {
      out.back() += c;
    }
  }
  return out;
}

}  // namespace

TEST_CASE("timeline CSV: one column per node's CPU, events in the interval they happened in", "[report]") {
  const auto rows = lines(frontend::timeline_csv(run_with_failures()));
  REQUIRE(rows.size() == 4);
  const auto header = fields(rows[0]);
  CHECK(std::count(header.begin(), header.end(), "cpu_node1") == 1);
  CHECK(std::count(header.begin(), header.end(), "cpu_node2") == 1);
  CHECK(header.back() == "events");
  for (std::size_t i = 1; i < rows.size(); ++i) CHECK(fields(rows[i]).size() == header.size());
  const auto at = [&](const std::string& name) {
    return static_cast<std::size_t>(std::find(header.begin(), header.end(), name) - header.begin());
  };
  CHECK(fields(rows[1])[at("events")] == "0.900 s node 2 fails");          // from the warm-up: first row
  CHECK(fields(rows[2])[at("events")] == "2.500 s node 2 detected down");  // (2 s, 3 s]
  CHECK(fields(rows[3])[at("events")] ==
        "4.000 s NIC port 2 of node 2 returns: 2 of 2 ports up, 25 Gb/s each way");  // at the very end: last row
  CHECK(fields(rows[2])[at("read_lat_p99_ms")] == "2.0000");
  CHECK(fields(rows[1])[at("cpu_node2")] == "0.2500");
  CHECK(fields(rows[1])[at("degraded_gb")] == "2.000");
  CHECK(fields(rows[3])[at("degraded_gb")] == "0.000");
  // What is left over the interval's repair rate: nothing moved (empty), 2 GB
  // at 1 GB/s, nothing left.
  CHECK(fields(rows[1])[at("repair_eta_s")] == "");
  CHECK(fields(rows[2])[at("repair_eta_s")] == "2.0");
  CHECK(fields(rows[3])[at("repair_eta_s")] == "0.0");
  // Only a run with fast-forwarded spans has the column.
  CHECK(std::count(header.begin(), header.end(), "advanced") == 0);
}

TEST_CASE("timeline CSV: the intervals a fast-forward skipped part of are marked", "[report]") {
  models::RunResult r = run_with_failures();
  models::FastForwardSpan span;
  span.begin_s = 2.2;
  span.end_s = 2.9;
  r.fast_forwarded.push_back(span);
  r.timeline[1].advanced = true;  // (2 s, 3 s], as simulate() marks it
  const auto rows = lines(frontend::timeline_csv(r));
  REQUIRE(rows.size() == 4);
  const auto header = fields(rows[0]);
  const auto column = static_cast<std::size_t>(std::find(header.begin(), header.end(), "advanced") - header.begin());
  REQUIRE(column < header.size());
  CHECK(header.back() == "events");
  CHECK(fields(rows[1])[column] == "0");
  CHECK(fields(rows[2])[column] == "1");
  CHECK(fields(rows[3])[column] == "0");
  for (std::size_t i = 1; i < rows.size(); ++i) CHECK(fields(rows[i]).size() == header.size());
}

TEST_CASE("run JSON: typed events, phases and failed I/O", "[report]") {
  models::ScenarioSpec spec;
  spec.id = "unit";
  const auto j = frontend::run_report_json(spec, run_with_failures(), false);
  REQUIRE(j["events"].size() == 3);
  CHECK(j["events"][1]["kind"] == "detection");
  CHECK(j["events"][2]["kind"] == "return");
  CHECK(j["events"][0]["at_s"] == 0.9);
  REQUIRE(j["phases"].size() == 2);
  CHECK(j["phases"][1]["phase"] == "repairing");
  CHECK(j["phases"][0]["read"]["iops"] == 1500.0);
  CHECK(j["failed_ios"] == 7);
  CHECK(j["timeline"][0]["node_cpu"][1] == 0.25);
  CHECK(j["timeline"][1]["repair_eta_s"] == 2.0);
  CHECK(j["timeline"][0]["repair_eta_s"].is_null());
  // An interval only for a steady phase: null otherwise.
  CHECK(j["phases"][0]["iops_ci95_half_width"].is_null());
  CHECK(j["repair_left"]["unfinished"] == false);
}

TEST_CASE("an unfinished repair is said in the text and the JSON, with the time it would take", "[report]") {
  models::RunResult r = run_with_failures();
  r.repair_left.unfinished = true;
  r.repair_left.degraded_bytes = 3e9;
  r.repair_left.bytes_to_repair = 3e9;
  r.repair_left.bytes_per_s = 1e8;
  r.repair_left.eta_s = 30;
  models::ScenarioSpec spec;
  spec.id = "unit";
  spec.cluster.node_count = 2;
  spec.vms.per_node = {1, 1};
  CHECK_THAT(
      frontend::format_run_report(spec, r),
      Contains("UNFINISHED at the end of the run: 3.00 GB degraded, 3.00 GB queued for repair; about 30 s more at "
               "the last interval's 100.0 MB/s"));
  const auto j = frontend::run_report_json(spec, r, false);
  CHECK(j["repair_left"]["unfinished"] == true);
  CHECK(j["repair_left"]["eta_s"] == 30.0);
  // Nothing moving, held by a node that is down: no time, and why.
  r.repair_left.eta_s = -1;
  r.repair_left.bytes_per_s = 0;
  r.repair_left.hold = models::RepairHold::PartDown;
  r.repair_left.hold_node = 1;
  CHECK_THAT(frontend::format_run_report(spec, r), Contains("no repair moved in the last interval: node 2 is down"));
  CHECK(frontend::run_report_json(spec, r, false)["repair_left"]["eta_s"].is_null());
  CHECK(frontend::run_report_json(spec, r, false)["repair_left"]["held_by"] == "part_down");
}

TEST_CASE("text report and compare: the failures, the phases, the interval table", "[report]") {
  models::ScenarioSpec spec;
  spec.id = "unit";
  spec.cluster.node_count = 2;
  spec.vms.per_node = {1, 1};
  const std::string text = frontend::format_run_report(spec, run_with_failures());
  CHECK_THAT(text, Contains("Failures and repair"));
  CHECK_THAT(text, Contains("2.500 s  node 2 detected down"));
  CHECK_THAT(text, Contains("failed I/Os"));
  CHECK_THAT(text, Contains("degraded        2.50"));
  CHECK_THAT(text, Contains("too short"));  // 2.5 s of 1 s intervals: no interval for the phase
  CHECK_THAT(text, Contains("<- node 2 detected down"));
  const auto rows = lines(frontend::compare_phase_rows(run_with_failures()));
  REQUIRE(rows.size() == 2);
  CHECK_THAT(rows[0], Contains("degraded 2.5 s") && Contains("1,500"));
  CHECK_THAT(rows[1], Contains("repairing 0.5 s"));
  CHECK(frontend::compare_phase_rows(models::RunResult{}).empty());
}
