// --json-format fio: fio's histogram geometry and percentile rule checked on
// fio 3.33's own output (tests/frontend/data/fio-3.33-null-randrw.json, made by
// Debian's fio: fio --name=job1 --ioengine=null --rw=randrw --rwmixread=70
// --bs=4k --size=64m --iodepth=4 --output-format=json+), the report's shape
// against that file, and the report fed to fio's own fio_jsonplus_clat2csv.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "sim/latency_histogram.hpp"
#include "temp_dir.hpp"
#include "tools/frontend/report/fio_histogram.hpp"
#include "tools/frontend/report/report_fio_json.hpp"

using namespace hcisim;
using namespace hcisim::frontend;

namespace {

nlohmann::json real_fio() {
  std::ifstream in(std::string(HCISIM_SOURCE_DIR) + "/tests/frontend/data/fio-3.33-null-randrw.json");
  return nlohmann::json::parse(in);
}

fio::PlatBins bins_of(const nlohmann::json& bins) {
  fio::PlatBins out;
  for (const auto& [key, count] : bins.items())
    out.emplace_back(fio::plat_index(std::stoull(key)), count.get<std::uint64_t>());
  std::sort(out.begin(), out.end());
  return out;
}

models::LatencySummary summary_of(const sim::LatencyHistogram& h) {
  models::LatencySummary s;
  s.count = h.count();
  s.mean_s = h.mean_ns() * 1e-9;
  s.min_s = static_cast<double>(h.min_ns()) * 1e-9;
  s.max_s = static_cast<double>(h.max_ns()) * 1e-9;
  for (std::size_t i = 0; i < sim::LatencyHistogram::bucket_count(); ++i) {
    if (h.bucket_samples(i) > 0) {
      s.bins.push_back(
          {sim::LatencyHistogram::bucket_lower_ns(i), sim::LatencyHistogram::bucket_width_ns(i), h.bucket_samples(i)});
    }
  }
  return s;
}

// Reads 100000..199999 ns, one of each (uniform); writes 1..10 ms in 1 us steps.
models::RunResult synthetic_result() {
  sim::LatencyHistogram reads, writes;
  for (sim::SimTime v = 100'000; v < 200'000; ++v) reads.record(v);
  for (sim::SimTime v = 1'000'000; v <= 10'000'000; v += 1'000) writes.record(v);
  models::RunResult r;
  r.measured_seconds = 0.1;
  r.read_latency = summary_of(reads);
  r.write_latency = summary_of(writes);
  r.read_iops = 1e6;
  r.write_iops = 90'010;
  r.read_bytes_per_s = r.read_iops * 4096;
  r.write_bytes_per_s = r.write_iops * 4096;
  return r;
}

models::ScenarioSpec synthetic_spec() {
  models::ScenarioSpec spec;
  spec.id = "synthetic";
  spec.vms.per_node = {2, 2};
  spec.vms.workload.file_bytes = 1ull << 30;
  spec.vms.workload.targets.front().pattern = models::AccessPattern::Random;
  spec.vms.workload.targets.front().write_fraction = 0.3;
  spec.vms.workload.targets.front().outstanding = 32;
  spec.run.duration_ns = 100'000'000;
  return spec;
}

std::set<std::string> keys(const nlohmann::json& j) {
  std::set<std::string> out;
  for (const auto& [k, v] : j.items()) out.insert(k);
  return out;
}
std::set<std::string> keys(const nlohmann::ordered_json& j) {
  std::set<std::string> out;
  for (const auto& [k, v] : j.items()) out.insert(k);
  return out;
}

}  // namespace

TEST_CASE("fio's bucket names and percentiles are reproduced from fio 3.33's own JSON+", "[fio]") {
  const nlohmann::json job = real_fio()["jobs"][0];
  for (const char* dir : {"read", "write"}) {
    const nlohmann::json& clat = job[dir]["clat_ns"];
    const fio::PlatBins bins = bins_of(clat["bins"]);
    // Every bin fio named is the midpoint name of its own bucket.
    for (const auto& [key, count] : clat["bins"].items()) {
      CHECK(fio::plat_value(fio::plat_index(std::stoull(key))) == std::stoull(key));
    }
    // All 17 of fio's percentiles, recomputed from its bins by fio's rule.
    REQUIRE(clat["percentile"].size() == fio::default_percentiles().size());
    for (const double p : fio::default_percentiles()) {
      char key[32];
      std::snprintf(key, sizeof key, "%f", p);
      INFO(dir << " p" << key);
      CHECK(fio::plat_percentile(bins, clat["N"].get<std::uint64_t>(), p) ==
            clat["percentile"][key].get<std::uint64_t>());
    }
  }
  // fio's last bucket is named 17112760320 ns (fio_jsonplus_clat2csv's ceiling).
  CHECK(fio::plat_value(fio::kPlatCount - 1) == 17'112'760'320ull);
}

TEST_CASE("each simulated histogram bucket lies inside one of fio's", "[fio]") {
  for (std::size_t i = 0; i < sim::LatencyHistogram::bucket_count(); ++i) {
    const auto lo = static_cast<std::uint64_t>(sim::LatencyHistogram::bucket_lower_ns(i));
    const auto hi = lo + static_cast<std::uint64_t>(sim::LatencyHistogram::bucket_width_ns(i)) - 1;
    REQUIRE(fio::plat_index(lo) == fio::plat_index(hi));
  }
}

TEST_CASE("--json-format fio has fio 3.33's structure", "[fio]") {
  const nlohmann::json real = real_fio();
  const nlohmann::ordered_json ours = fio_report_json(synthetic_spec(), synthetic_result());
  const nlohmann::json& real_job = real["jobs"][0];
  const nlohmann::ordered_json& job = ours["jobs"][0];
  for (const char* dir : {"read", "write", "trim"}) {
    INFO(dir);
    CHECK(keys(job[dir]) == keys(real_job[dir]));
    CHECK(keys(job[dir]["slat_ns"]) == keys(real_job[dir]["slat_ns"]));
    CHECK(keys(job[dir]["lat_ns"]) == keys(real_job[dir]["lat_ns"]));
  }
  CHECK(keys(job["read"]["clat_ns"]) == keys(real_job["read"]["clat_ns"]));
  for (const std::string& k : keys(job)) {
    INFO(k);
    CHECK(real_job.contains(k));
  }
  for (const std::string& k : keys(ours)) {
    if (k != "hcisim") CHECK(real.contains(k));
  }
  // fio's units: bw in KiB/s, runtime in ms, io_bytes whole.
  CHECK(job["read"]["bw"] == std::llround(1e6 * 4096 / 1024.0));
  CHECK(job["read"]["runtime"] == 100);
  CHECK(job["read"]["io_bytes"] == 409'600'000ull);
  CHECK(job["read"]["clat_ns"]["N"] == 100'000);
  CHECK(job["read"]["clat_ns"]["min"] == 100'000);
  CHECK(job["read"]["clat_ns"]["max"] == 199'999);
  // Sample standard deviation of a discrete uniform on 100000 values: sqrt((n^2 - 1) / 12) x n/(n-1) ~ 28867.7;
  // bucket midpoints move it by far less than a bucket width.
  CHECK(job["read"]["clat_ns"]["stddev"].get<double>() == Approx(28867.7).epsilon(0.002));
  CHECK(job["job options"]["rw"] == "randrw");
  CHECK(job["job options"]["rwmixread"] == "70");
  CHECK(job["job options"]["numjobs"] == "4");
  CHECK(job["job options"]["iodepth"] == "32");
}

TEST_CASE("fio's fio_jsonplus_clat2csv reads the report and prints the simulated histogram", "[fio]") {
  testing::TempDir dir;
  const auto json = dir.path() / "sim.json";
  std::ofstream(json) << fio_report_json(synthetic_spec(), synthetic_result()).dump(2);
  const auto csv = dir.path() / "sim.csv";
  const std::string tool = "fio_jsonplus_clat2csv '" + json.string() + "' '" + csv.string() + "'";
  REQUIRE(std::system((tool + " > /dev/null").c_str()) == 0);
  REQUIRE(std::system((tool + " --validate > '" + (dir.path() / "validate.txt").string() + "'").c_str()) == 0);
  std::ifstream validate(dir.path() / "validate.txt");
  std::string said((std::istreambuf_iterator<char>(validate)), {});
  CHECK(said.find("validated") != std::string::npos);

  std::ifstream in(dir.path() / "sim_job0.csv");
  std::string line;
  std::getline(in, line);  // header: nsec, read_slat_ns_count, ... ; read_clat_ns_count is column 4
  std::uint64_t total = 0, last_cumulative = 0, at_2048 = 0, p99 = 0;
  const std::uint64_t middle = fio::plat_value(fio::plat_index(150'000));
  while (std::getline(in, line)) {
    std::vector<std::string> f;
    std::stringstream ss(line);
    for (std::string cell; std::getline(ss, cell, ',');) f.push_back(cell);
    if (f.size() < 7 || f[4].find_first_not_of(' ') == std::string::npos) continue;
    const std::uint64_t nsec = std::stoull(f[0]), count = std::stoull(f[4]), cumulative = std::stoull(f[5]);
    total += count;
    last_cumulative = cumulative;
    if (nsec == middle) at_2048 = count;
    if (p99 == 0 && std::stod(f[6]) >= 0.99) p99 = nsec;
  }
  CHECK(total == 100'000);
  CHECK(last_cumulative == 100'000);
  // One sample per ns: a bucket of fio's [131072, 262144) octave (width 2^11) inside the range holds 2048.
  CHECK(at_2048 == 2048);
  // Nearest rank 99,000 of the uniform values is 198,999 ns; fio names the bucket by its midpoint.
  CHECK(p99 == fio::plat_value(fio::plat_index(198'999)));
  CHECK(std::llabs(static_cast<long long>(p99) - 198'999) <= 1024);
}
