// The durability report's words: hcisim's own failures stated, where each
// repair time comes from, and an MTTDL that cannot be computed said so (text)
// and null with a reason (JSON), never "never".
#include <catch2/catch.hpp>

#include "models/run/durability_study.hpp"
#include "tools/frontend/report/durability_report.hpp"

using namespace hcisim;

namespace {

// A study as study_durability would leave it after hcisim failed drive 1 of
// node 1 and drained node 4 on a 4-node cluster, at one repair speed.
models::DurabilityStudy synthetic_study(const std::string& not_computable) {
  models::DurabilityStudy s;
  s.mission_s = 5 * models::kSecondsPerYear;
  s.synthetic = true;
  s.synthetic_reason = "no failure in the scenario";
  s.failure.plan.repair_cap_ns = 5 * sim::kSecond;
  models::SyntheticEpisode& drive = s.failure.rebuild;
  drive.possible = true;
  drive.fail_at = 120 * sim::kMillisecond;
  drive.repair_from = drive.fail_at + 6 * sim::kSecond;
  models::SyntheticEpisode& node = s.failure.resync;
  node.possible = true;
  node.part = models::FailurePart::Node;
  node.node = 3;
  node.fail_at = 120 * sim::kMillisecond;
  node.return_at = 220 * sim::kMillisecond;
  s.base.nodes = 4;
  s.base.capacity_drives_per_node = 24;
  s.base.not_computable = not_computable;
  models::RepairObservation r;
  r.repair_speed = 4;
  r.drive_rebuild_s = 30;
  r.node_resync_s = 500;
  r.resync_source = models::RepairSource::Extrapolated;
  r.rebuild_estimated = false;
  r.resync_estimated = true;
  r.node_downtime_s = models::kAssumedNodeDowntimeS;
  r.downtime_assumed = true;
  s.repairs.push_back(r);
  s.by_repair_speed = models::durability_by_repair_time(s.base, {{"speed 4", 30, 500}}, s.mission_s);
  return s;
}

models::ScenarioSpec named() {
  models::ScenarioSpec spec;
  spec.id = "unit";
  spec.title = "unit durability";
  return spec;
}

}  // namespace

TEST_CASE("durability report: a part without a failure rate is 'cannot be computed', naming it; JSON null + reason",
          "[report][durability]") {
  const std::string why = "capacity drive 'intel-p4610-1600' has no failure rate (no afr in the catalog)";
  const models::DurabilityStudy study = synthetic_study(why);
  const std::string text = frontend::format_durability_report(named(), study);
  CHECK(text.find("MTTDL cannot be computed: " + why) != std::string::npos);
  CHECK(text.find("never") == std::string::npos);
  const nlohmann::json j = frontend::durability_json(named(), study);
  const nlohmann::json& row = j["repair_speeds"][0];
  CHECK(row["mttdl_s"].is_null());
  CHECK(row["mttdl_not_computable"] == why);
  CHECK(row["loss_probability"].is_null());
}

TEST_CASE("durability report: hcisim's own failure is stated, and an extrapolated repair marked",
          "[report][durability]") {
  models::DurabilityStudy study = synthetic_study("");
  study.base.drive_afr = 0.01;
  study.base.node_mtbf_s = 50000 * 3600.0;
  study.base.node_downtime_s = models::kAssumedNodeDowntimeS;
  study.by_repair_speed = models::durability_by_repair_time(study.base, {{"speed 4", 30, 500}}, study.mission_s);
  const std::string text = frontend::format_durability_report(named(), study);
  CHECK(text.find("no failure in the scenario: hcisim failed drive 1 of node 1 at 0.12 s") != std::string::npos);
  CHECK(text.find("drained node 4 at 0.12 s and returned it at 0.22 s") != std::string::npos);
  CHECK(text.find("at most 5 s of simulated time") != std::string::npos);
  CHECK(text.find("500.0 s~") != std::string::npos);
  CHECK(text.find("~ the run ended (the cap) before the repair was done") != std::string::npos);
  CHECK(text.find("cannot be computed") == std::string::npos);
  const nlohmann::json j = frontend::durability_json(named(), study);
  CHECK(j["synthetic_failure"]["drive_rebuild"]["node"] == 1);
  CHECK(j["synthetic_failure"]["node_resync"]["return_at_s"] == Approx(0.22));
  CHECK(j["repair_speeds"][0]["node_resync_source"] == "extrapolated");
  CHECK(j["repair_speeds"][0]["mttdl_s"].is_number());
}

TEST_CASE("durability report: a product whose parts cannot fail says why, in text and JSON", "[report][durability]") {
  models::DurabilityStudy study;
  study.not_computable = "InfoScale failures are not modelled";
  const std::string text = frontend::format_durability_report(named(), study);
  CHECK(text.find("Durability cannot be computed: InfoScale failures are not modelled.") != std::string::npos);
  const nlohmann::json j = frontend::durability_json(named(), study);
  CHECK(j["mttdl_s"].is_null());
  CHECK(j["not_computable"] == "InfoScale failures are not modelled");
}

TEST_CASE("durability report: a witness is said only where node failures are modelled", "[report][durability]") {
  models::DurabilityStudy study = synthetic_study("");
  study.base.witness = true;
  models::ScenarioSpec spec = named();
  spec.cluster.stack.product = models::ProductKind::S2d;
  CHECK(frontend::format_durability_report(spec, study).find(", with a witness\n") != std::string::npos);
  CHECK(frontend::durability_json(spec, study)["cluster"]["witness"] == true);
  // ScaleIO: its SDS failures are not modelled, so a witness would break no tie.
  spec.cluster.stack.product = models::ProductKind::ScaleIo;
  const std::string text = frontend::format_durability_report(spec, study);
  CHECK(text.find("witness") == std::string::npos);
  CHECK(text.find("rebuild I/Os in flight per source device") != std::string::npos);  // its own knob
  CHECK(frontend::durability_json(spec, study)["cluster"]["witness"].is_null());
}
