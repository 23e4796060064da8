#include "tools/frontend/report/report_fio_json.hpp"

#include <cmath>
#include <cstdio>
#include <numeric>

#include "tools/frontend/report/fio_histogram.hpp"

namespace hcisim::frontend {

namespace {

// fio prints sizes with its own suffixes (k = 1024).
std::string fio_size(std::uint64_t bytes) {
  constexpr const char* suffix[] = {"", "k", "m", "g", "t", "p"};
  int unit = 0;
  while (unit < 5 && bytes != 0 && bytes % 1024 == 0) {
    bytes /= 1024;
    ++unit;
  }
  return std::to_string(bytes) + suffix[unit];
}

// fio's "%f" percentile keys: "99.000000".
std::string percentile_key(double p) {
  char key[32];
  std::snprintf(key, sizeof key, "%f", p);
  return key;
}

nlohmann::ordered_json no_samples() { return {{"min", 0}, {"max", 0}, {"mean", 0.0}, {"stddev", 0.0}, {"N", 0}}; }

nlohmann::ordered_json latency_stats(const models::LatencySummary& l) {
  if (l.count == 0) return no_samples();
  const double mean_ns = l.mean_s * 1e9;
  return {{"min", std::llround(l.min_s * 1e9)},
          {"max", std::llround(l.max_s * 1e9)},
          {"mean", mean_ns},
          {"stddev", fio::stddev_ns(l.bins, mean_ns)},
          {"N", l.count}};
}

nlohmann::ordered_json clat(const models::LatencySummary& l) {
  nlohmann::ordered_json j = latency_stats(l);
  if (l.count == 0) return j;
  const fio::PlatBins bins = fio::to_plat_bins(l.bins);
  nlohmann::ordered_json percentiles = nlohmann::ordered_json::object();
  for (const double p : fio::default_percentiles()) {
    percentiles[percentile_key(p)] = fio::plat_percentile(bins, l.count, p);
  }
  j["percentile"] = percentiles;
  nlohmann::ordered_json out = nlohmann::ordered_json::object();
  for (const auto& [index, count] : bins) out[std::to_string(fio::plat_value(index))] = count;
  j["bins"] = out;
  return j;
}

// min, max, mean, sample stddev of per-interval values, as fio keeps its bw/iops logs.
struct Samples {
  double min = 0, max = 0, mean = 0, stddev = 0;
  std::size_t n = 0;
};

Samples samples(const std::vector<double>& v) {
  Samples s;
  s.n = v.size();
  if (v.empty()) return s;
  s.min = *std::min_element(v.begin(), v.end());
  s.max = *std::max_element(v.begin(), v.end());
  s.mean = std::accumulate(v.begin(), v.end(), 0.0) / static_cast<double>(v.size());
  double sq = 0;
  for (const double x : v) sq += (x - s.mean) * (x - s.mean);
  s.stddev = v.size() > 1 ? std::sqrt(sq / static_cast<double>(v.size() - 1)) : 0.0;
  return s;
}

nlohmann::ordered_json direction(const models::RunResult& r, bool write) {
  const models::LatencySummary& l = write ? r.write_latency : r.read_latency;
  const double bytes_per_s = write ? r.write_bytes_per_s : r.read_bytes_per_s;
  const double iops = write ? r.write_iops : r.read_iops;
  const auto io_bytes = static_cast<std::uint64_t>(std::llround(bytes_per_s * r.measured_seconds));
  std::vector<double> bw_kib, interval_iops;
  for (const models::TimelinePoint& p : r.timeline) {
    bw_kib.push_back((write ? p.write_bytes_per_s : p.read_bytes_per_s) / 1024.0);
    interval_iops.push_back(write ? p.write_iops : p.read_iops);
  }
  const bool any = l.count > 0;
  const Samples bw = any ? samples(bw_kib) : Samples{};
  const Samples io = any ? samples(interval_iops) : Samples{};
  return {{"io_bytes", io_bytes},
          {"io_kbytes", io_bytes / 1024},
          {"bw_bytes", std::llround(bytes_per_s)},
          {"bw", std::llround(bytes_per_s / 1024.0)},
          {"iops", iops},
          {"runtime", any ? std::llround(r.measured_seconds * 1e3) : 0},
          {"total_ios", l.count},
          {"short_ios", 0},
          {"drop_ios", 0},
          {"slat_ns", no_samples()},
          {"clat_ns", clat(l)},
          {"lat_ns", latency_stats(l)},
          {"bw_min", std::llround(bw.min)},
          {"bw_max", std::llround(bw.max)},
          {"bw_agg", any ? 100.0 : 0.0},
          {"bw_mean", bw.mean},
          {"bw_dev", bw.stddev},
          {"bw_samples", bw.n},
          {"iops_min", std::llround(io.min)},
          {"iops_max", std::llround(io.max)},
          {"iops_mean", io.mean},
          {"iops_stddev", io.stddev},
          {"iops_samples", io.n}};
}

nlohmann::ordered_json empty_direction() {
  models::RunResult none;
  return direction(none, false);
}

}  // namespace

nlohmann::ordered_json fio_job_options(const models::ScenarioSpec& spec) {
  nlohmann::ordered_json o = nlohmann::ordered_json::object();
  o["name"] = spec.id;
  if (spec.vms.oltp) {
    o["description"] = "OLTP database application (not a fio workload)";
    return o;
  }
  const models::DiskspdSpec& w = spec.vms.workload;
  const models::DiskspdTarget& t = w.targets.front();
  const bool random = t.pattern == models::AccessPattern::Random;
  const char* rw = t.write_fraction <= 0   ? (random ? "randread" : "read")
                   : t.write_fraction >= 1 ? (random ? "randwrite" : "write")
                                           : (random ? "randrw" : "rw");
  o["rw"] = rw;
  o["bs"] = fio_size(t.block_bytes);
  o["iodepth"] = std::to_string(t.outstanding);
  int vms = 0;
  for (const int n : spec.vms.per_node) vms += n;
  int threads = 0;
  for (const models::DiskspdTarget& x : w.targets) threads += x.threads;
  o["numjobs"] = std::to_string(vms * threads);
  if (t.write_fraction > 0 && t.write_fraction < 1)
    o["rwmixread"] = std::to_string(std::lround((1 - t.write_fraction) * 100));
  o["size"] = fio_size(w.file_bytes);
  o["direct"] = "1";
  o["runtime"] = std::to_string(std::llround(static_cast<double>(spec.run.duration_ns) * 1e-9));
  if (t.throughput_bytes_per_ms > 0) {
    o["rate_iops"] = std::to_string(t.throughput_bytes_per_ms * 1000 / t.block_bytes);
  }
  if (w.targets.size() > 1) {
    o["description"] = std::to_string(w.targets.size()) + " targets per VM; options of the first";
  }
  return o;
}

nlohmann::ordered_json fio_report_json(const models::ScenarioSpec& spec, const models::RunResult& r) {
  nlohmann::ordered_json job;
  job["jobname"] = spec.id;
  job["groupid"] = 0;
  job["error"] = 0;
  job["eta"] = 0;
  job["elapsed"] = std::llround(r.warmup_seconds + r.measured_seconds);
  job["job options"] = fio_job_options(spec);
  job["read"] = direction(r, false);
  job["write"] = direction(r, true);
  job["trim"] = empty_direction();
  job["sync"] = {{"total_ios", 0}, {"lat_ns", no_samples()}};
  job["job_runtime"] = std::llround(r.measured_seconds * 1e3);

  nlohmann::ordered_json j;
  // fio's header, without a wall-clock time: simulated results carry none.
  j["fio version"] = "fio-3.33";
  j["timestamp"] = 0;
  j["timestamp_ms"] = 0;
  j["time"] = "";
  j["jobs"] = nlohmann::ordered_json::array({job});
  j["hcisim"] = {{"version", HCISIM_VERSION},
                 {"simulated", true},
                 {"scenario", spec.file},
                 {"seed", r.seed},
                 {"measured_s", r.measured_seconds},
                 {"note", "simulated by hcisim, in fio 3.x json+ shape: clat_ns = lat_ns = guest submit to "
                          "completion; slat_ns, CPU and depth tables not modelled"}};
  return j;
}

}  // namespace hcisim::frontend
