#include "tools/frontend/validation/measured_validation.hpp"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <exception>
#include <mutex>
#include <sstream>
#include <thread>

#include "models/run/reference_check.hpp"
#include "models/run/simulation.hpp"
#include "tools/frontend/base/message_text.hpp"
#include "tools/frontend/base/printf_string.hpp"
#include "tools/frontend/base/quantity_format.hpp"

namespace hcisim::frontend {

namespace {

double median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

double measured(const VmfleetRun& run, models::Figure f) {
  const auto it = run.measured.find(f);
  return it == run.measured.end() ? 0 : it->second;
}

double rel(double predicted, double actual) { return actual > 0 ? (predicted - actual) / actual : 0; }

}  // namespace

MeasuredComparison compare_measured(const std::string& scenario, const MeasuredCase& c, const models::RunResult& r) {
  MeasuredComparison m;
  m.scenario = scenario;
  m.label = c.label;
  m.where = c.where;
  m.peak = c.peak;
  m.iops = measured(c.run, models::Figure::TotalIops);
  m.predicted_iops = r.total_iops();
  m.read_ms = measured(c.run, models::Figure::ReadLatencyAvg) * 1e3;
  m.write_ms = measured(c.run, models::Figure::WriteLatencyAvg) * 1e3;
  m.read_p99_ms = measured(c.run, models::Figure::ReadLatencyP99) * 1e3;
  m.write_p99_ms = measured(c.run, models::Figure::WriteLatencyP99) * 1e3;
  m.cpu_pct = measured(c.run, models::Figure::VmfleetCpu) * 100;
  m.csv_read_ms = measured(c.run, models::Figure::CsvReadLatencyAvg) * 1e3;
  m.csv_write_ms = measured(c.run, models::Figure::CsvWriteLatencyAvg) * 1e3;
  m.predicted_csv_read_ms = models::figure_value(r, models::Figure::CsvReadLatencyAvg) * 1e3;
  m.predicted_csv_write_ms = models::figure_value(r, models::Figure::CsvWriteLatencyAvg) * 1e3;
  if (r.read_iops > 0) {
    m.predicted_read_ms = r.read_latency.mean_s * 1e3;
    m.predicted_read_p99_ms = r.read_latency.p99_s * 1e3;
  }
  if (r.write_iops > 0) {
    m.predicted_write_ms = r.write_latency.mean_s * 1e3;
    m.predicted_write_p99_ms = r.write_latency.p99_s * 1e3;
  }
  m.predicted_cpu_pct = r.vmfleet_cpu * 100;
  m.bottleneck = r.bottleneck.resource;
  return m;
}

std::vector<MeasuredComparison> run_measured_cases(const std::string& scenario, const std::vector<MeasuredCase>& cases,
                                                   int jobs,
                                                   const std::function<void(const MeasuredComparison&)>& on_case) {
  std::vector<MeasuredComparison> out(cases.size());
  std::atomic<std::size_t> next{0};
  std::mutex lock;
  std::exception_ptr failure;
  auto worker = [&] {
    for (;;) {
      const std::size_t i = next++;
      if (i >= cases.size()) return;
      try {
        MeasuredComparison m = compare_measured(scenario, cases[i], models::simulate(cases[i].spec));
        const std::lock_guard guard(lock);
        out[i] = m;
        if (on_case) on_case(out[i]);
      } catch (...) {
        const std::lock_guard guard(lock);
        if (!failure) failure = std::current_exception();
        next = cases.size();
        return;
      }
    }
  };
  const int n = std::max(1, std::min<int>(jobs, static_cast<int>(cases.size())));
  std::vector<std::thread> pool;
  for (int t = 1; t < n; ++t) pool.emplace_back(worker);
  worker();
  for (std::thread& t : pool) t.join();
  if (failure) std::rethrow_exception(failure);
  return out;
}

MeasuredSummary summarise(const std::vector<MeasuredComparison>& rows) {
  MeasuredSummary s;
  std::vector<double> iops, lat, cpu, ratio, measured_ratio, csv;
  for (const MeasuredComparison& m : rows) {
    ++s.cases;
    if (m.peak && m.iops > 0) {
      iops.push_back(std::fabs(rel(m.predicted_iops, m.iops)));
      if (m.read_ms > 0 && m.read_p99_ms > 0 && m.predicted_read_ms > 0) {
        ratio.push_back(m.predicted_read_p99_ms / m.predicted_read_ms);
        measured_ratio.push_back(m.read_p99_ms / m.read_ms);
      }
    }
    if (m.read_ms > 0) lat.push_back(std::fabs(rel(m.predicted_read_ms, m.read_ms)));
    if (m.write_ms > 0) lat.push_back(std::fabs(rel(m.predicted_write_ms, m.write_ms)));
    if (m.cpu_pct > 0) cpu.push_back(std::fabs(m.predicted_cpu_pct - m.cpu_pct));
    if (m.csv_read_ms > 0 && m.read_ms > 0) csv.push_back(std::fabs(rel(m.predicted_csv_read_ms, m.csv_read_ms)));
    if (m.csv_write_ms > 0 && m.write_ms > 0) csv.push_back(std::fabs(rel(m.predicted_csv_write_ms, m.csv_write_ms)));
  }
  s.peaks = static_cast<int>(iops.size());
  s.latencies = static_cast<int>(lat.size());
  s.cpus = static_cast<int>(cpu.size());
  s.median_peak_iops_error = median(iops);
  s.median_latency_error = median(lat);
  s.median_cpu_points = median(cpu);
  s.csv_latencies = static_cast<int>(csv.size());
  s.median_csv_latency_error = median(csv);
  s.median_p99_over_mean = median(ratio);
  s.measured_median_p99_over_mean = median(measured_ratio);
  return s;
}

std::string format_measured_table(const std::vector<MeasuredComparison>& rows) {
  std::ostringstream out;
  out << printf_string("%-52s %12s %7s %15s %7s %15s %7s %11s  %s\n", "run", "IOPS meas.", "error", "read ms m/p",
                       "error", "write ms m/p", "error", "CPU % m/p", "limit");
  auto err = [](double p, double m) {
    return m > 0 ? printf_string("%+6.1f%%", rel(p, m) * 100) : std::string("      -");
  };
  auto pair = [](double m, double p) {
    return m > 0 ? printf_string("%6.3f/%-6.3f", m, p) : std::string("     -      ");
  };
  for (const MeasuredComparison& m : rows) {
    out << printf_string("%-52s %12s %7s %15s %7s %15s %7s %5.1f/%-5.1f  %s\n",
                         printable(m.label + (m.peak ? " *" : ""), 52).c_str(), format_fixed(m.iops, 0).c_str(),
                         err(m.predicted_iops, m.iops).c_str(), pair(m.read_ms, m.predicted_read_ms).c_str(),
                         err(m.predicted_read_ms, m.read_ms).c_str(), pair(m.write_ms, m.predicted_write_ms).c_str(),
                         err(m.predicted_write_ms, m.write_ms).c_str(), m.cpu_pct, m.predicted_cpu_pct,
                         m.bottleneck.c_str());
  }
  return out.str();
}

std::string format_measured_summary(const std::string& heading, const MeasuredSummary& s) {
  return printf_string(
      "%s: %d runs; median |IOPS error| %.1f %% over %d unthrottled peaks; median |mean latency error| %.1f %% over "
      "%d read and write means; median |CPU difference| %.1f points over %d runs; read p99 / mean at the peaks %.2f "
      "(measured %.2f); median |CSV-level latency error| %.1f %% over %d means\n",
      heading.c_str(), s.cases, s.median_peak_iops_error * 100, s.peaks, s.median_latency_error * 100, s.latencies,
      s.median_cpu_points, s.cpus, s.median_p99_over_mean, s.measured_median_p99_over_mean,
      s.median_csv_latency_error * 100, s.csv_latencies);
}

std::string measured_csv(const std::vector<MeasuredComparison>& rows) {
  std::ostringstream out;
  out << "scenario,row,run,peak,iops,predicted_iops,read_ms,predicted_read_ms,write_ms,predicted_write_ms,"
         "read_p99_ms,predicted_read_p99_ms,write_p99_ms,predicted_write_p99_ms,csv_read_ms,predicted_csv_read_ms,"
         "csv_write_ms,predicted_csv_write_ms,cpu_pct,predicted_cpu_pct,limit\n";
  auto quoted = [](const std::string& s) {
    std::string q = "\"";
    for (const char c : s) q += c == '"' ? std::string("\"\"") : std::string(1, c);
    return q + "\"";
  };
  for (const MeasuredComparison& m : rows) {
    out << quoted(m.scenario) << "," << quoted(m.where) << "," << quoted(m.label) << "," << (m.peak ? 1 : 0)
        << printf_string(",%.1f,%.1f,%.4f,%.4f,%.4f,%.4f,%.4f,%.4f,%.4f,%.4f,%.4f,%.4f,%.4f,%.4f,%.2f,%.2f,", m.iops,
                         m.predicted_iops, m.read_ms, m.predicted_read_ms, m.write_ms, m.predicted_write_ms,
                         m.read_p99_ms, m.predicted_read_p99_ms, m.write_p99_ms, m.predicted_write_p99_ms,
                         m.csv_read_ms, m.predicted_csv_read_ms, m.csv_write_ms, m.predicted_csv_write_ms, m.cpu_pct,
                         m.predicted_cpu_pct)
        << quoted(m.bottleneck) << "\n";
  }
  return out.str();
}

}  // namespace hcisim::frontend
