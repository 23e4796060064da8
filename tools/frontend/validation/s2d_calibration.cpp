#include "tools/frontend/validation/s2d_calibration.hpp"

#include <Eigen/Dense>
#include <algorithm>
#include <atomic>
#include <cmath>
#include <exception>
#include <sstream>
#include <stdexcept>
#include <thread>

#include "models/run/simulation.hpp"
#include "tools/frontend/base/printf_string.hpp"

namespace hcisim::frontend {

S2dConstants S2dConstants::of(const models::ClusterSpec& cluster) {
  S2dConstants c;
  c.guest_cycles = cluster.hypervisor.guest.cycles_per_io;
  c.host_cycles = cluster.hypervisor.host.cycles_per_io;
  c.stack_cycles = cluster.stack.storage_stack.cycles_per_io;
  c.mirror_write_cycles = cluster.stack.mirror_write.cycles_per_io;
  c.volume_write_cycles = cluster.stack.volume_write.cycles_per_io;
  c.volume_read_cycles_per_byte = cluster.stack.volume_read.cycles_per_byte;
  c.volume_write_cycles_per_byte = cluster.stack.volume_write.cycles_per_byte;
  c.message_cycles = cluster.stack.network_message.cycles_per_io;
  c.io_latency_ns = static_cast<double>(cluster.hypervisor.io_latency_ns);
  c.background_cycles_per_s = cluster.hypervisor.background_cycles_per_s;
  c.background_burst_cycles = cluster.hypervisor.background_burst_cycles;
  return c;
}

void S2dConstants::apply(models::ClusterSpec& cluster) const {
  cluster.hypervisor.guest.cycles_per_io = guest_cycles;
  cluster.hypervisor.host.cycles_per_io = host_cycles;
  cluster.stack.storage_stack.cycles_per_io = stack_cycles;
  cluster.stack.mirror_write.cycles_per_io = mirror_write_cycles;
  cluster.stack.volume_write.cycles_per_io = volume_write_cycles;
  cluster.stack.volume_read.cycles_per_byte = volume_read_cycles_per_byte;
  cluster.stack.volume_write.cycles_per_byte = volume_write_cycles_per_byte;
  cluster.stack.network_message.cycles_per_io = message_cycles;
  cluster.hypervisor.io_latency_ns = static_cast<sim::SimTime>(std::llround(io_latency_ns));
  cluster.hypervisor.background_cycles_per_s = background_cycles_per_s;
  cluster.hypervisor.background_burst_cycles = background_burst_cycles;
}

std::vector<S2dConstants::Named> S2dConstants::named() const {
  std::vector<Named> out = {{"hypervisor", "guest.cycles_per_io", "cycles", guest_cycles},
                            {"hypervisor", "host.cycles_per_io", "cycles", host_cycles},
                            {"stack", "storage_stack.cycles_per_io", "cycles", stack_cycles},
                            {"stack", "mirror_write.cycles_per_io", "cycles", mirror_write_cycles},
                            {"stack", "volume_write.cycles_per_io", "cycles", volume_write_cycles},
                            {"stack", "network_message.cycles_per_io", "cycles", message_cycles},
                            {"hypervisor", "io_latency", "ns", io_latency_ns},
                            {"hypervisor", "guest_background.cycles_per_second", "cycles/s", background_cycles_per_s},
                            {"hypervisor", "guest_background.cycles_per_burst", "cycles", background_burst_cycles}};
  if (stage_bytes_fitted) {
    out.push_back({"stack", "volume_read.cycles_per_byte", "cycles/byte", volume_read_cycles_per_byte});
    out.push_back({"stack", "volume_write.cycles_per_byte", "cycles/byte", volume_write_cycles_per_byte});
  }
  return out;
}

namespace {

double measured(const MeasuredCase& c, models::Figure f) {
  const auto it = c.run.measured.find(f);
  return it == c.run.measured.end() ? 0 : it->second;
}

double median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

int running_nodes(const models::ClusterSpec& c) { return c.node_count - static_cast<int>(c.failed_nodes.size()); }

double lps_per_node(const models::ClusterSpec& c) { return static_cast<double>(c.cpu.threads) * c.node.sockets; }

// The cases run with `k`, on `jobs` threads; results in case order.
std::vector<models::RunResult> simulate_all(const std::vector<const MeasuredCase*>& cases, const S2dConstants& k,
                                            int jobs) {
  std::vector<models::RunResult> out(cases.size());
  std::atomic<std::size_t> next{0};
  std::exception_ptr failure;
  std::atomic<bool> failed{false};
  auto worker = [&] {
    for (;;) {
      const std::size_t i = next++;
      if (i >= cases.size() || failed) return;
      try {
        models::ScenarioSpec spec = cases[i]->spec;
        k.apply(spec.cluster);
        out[i] = models::simulate(spec);
      } catch (...) {
        if (!failed.exchange(true)) failure = std::current_exception();
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

// Step A's row: the utilisation law for one run.
struct CpuRow {
  double lhs = 0;                  // measured LP-cycles per second, less SMT pairing's share
  double known = 0;                // cycles per second of the costs not fitted here
  std::array<double, 4> design{};  // per second: VM I/Os (guest + host + stack), mirror_write and message charges, VMs
};

CpuRow cpu_row(const MeasuredCase& c, const models::RunResult& r) {
  const models::ClusterSpec& cl = c.spec.cluster;
  const double running = running_nodes(cl);
  const double nominal = cl.cpu.base_hz;
  double executed = 0, simulated_lp_cycles = 0;
  for (const models::NodeResult& n : r.nodes) {
    if (n.compute_host || !n.up) continue;
    const double clock = cl.cpu.all_core_hz > 0 ? cl.cpu.all_core_hz : cl.cpu.base_hz;
    executed += n.cpu_utilisation * n.capacity_threads * clock;
    simulated_lp_cycles += n.vmfleet_cpu * n.logical_processors * nominal;
  }
  const double stretch = executed > 0 ? simulated_lp_cycles / executed : 1.0;
  const double x_meas = measured(c, models::Figure::TotalIops);
  const double x_sim = r.total_iops();
  const double ios = x_sim * r.measured_seconds;
  CpuRow row;
  row.lhs = measured(c, models::Figure::VmfleetCpu) * running * lps_per_node(cl) * nominal / stretch;
  // Per I/O, as the simulation charged them; scaled to the measured rate.
  const models::StackCharges& ch = r.charges;
  auto per_io = [&](std::uint64_t times) { return ios > 0 ? static_cast<double>(times) / ios : 0.0; };
  auto bytes_per_io = [&](double bytes) { return ios > 0 ? bytes / ios : 0.0; };
  const models::StackSpec& st = cl.stack;
  const models::HypervisorSpec& hv = cl.hypervisor;
  const double mean_bytes = x_sim > 0 ? (r.read_bytes_per_s + r.write_bytes_per_s) / x_sim : 0;
  const double known_per_io = hv.guest.cycles_per_byte * mean_bytes + hv.host.cycles_per_byte * mean_bytes +
                              st.drive_io.cycles_per_io * per_io(ch.drive_io.times) +
                              st.drive_io.cycles_per_byte * bytes_per_io(ch.drive_io.bytes) +
                              st.storage_stack.cycles_per_byte * bytes_per_io(ch.storage_stack.bytes) +
                              st.mirror_write.cycles_per_byte * bytes_per_io(ch.mirror_write.bytes) +
                              st.volume_write.cycles_per_byte * bytes_per_io(ch.volume_write.bytes) +
                              st.volume_read.cycles_per_io * per_io(ch.volume_read.times) +
                              st.volume_read.cycles_per_byte * bytes_per_io(ch.volume_read.bytes) +
                              st.network_message.cycles_per_byte * bytes_per_io(ch.network_message.bytes);
  row.known = x_meas * known_per_io;
  row.design = {x_meas * per_io(ch.storage_stack.times), x_meas * per_io(ch.mirror_write.times),
                x_meas * per_io(ch.network_message.times), static_cast<double>(c.run.vm_count)};
  return row;
}

// Step A: weighted least squares (each row divided by its measured cycles).
// The first unknown is guest + host + storage_stack (each paid once per VM I/O,
// so the utilisation law cannot part them), split as `k` splits it (step B
// moves the split). Returns the fit and its rms relative residual.
std::pair<S2dConstants, double> fit_cpu(const std::vector<CpuRow>& rows, S2dConstants k) {
  Eigen::MatrixXd a(static_cast<Eigen::Index>(rows.size()), 4);
  Eigen::VectorXd b(static_cast<Eigen::Index>(rows.size()));
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const double w = 1.0 / rows[i].lhs;
    for (int j = 0; j < 4; ++j) a(static_cast<Eigen::Index>(i), j) = rows[i].design[static_cast<std::size_t>(j)] * w;
    b(static_cast<Eigen::Index>(i)) = (rows[i].lhs - rows[i].known) * w;
  }
  const Eigen::VectorXd x = a.colPivHouseholderQr().solve(b);
  const double rms = std::sqrt((a * x - b).squaredNorm() / static_cast<double>(rows.size()));
  if (!(x.array() > 0).all()) {
    std::ostringstream msg;
    msg << "the utilisation law gives a cost of 0 or less (guest + host + storage_stack " << x(0)
        << ", mirror_write + volume_write " << x(1) << ", network_message " << x(2) << " cycles, background " << x(3)
        << " cycles/s per VM): the runs do not separate them, or the fixed costs (guest, hypervisor, drive I/O) "
           "are above what they measured";
    throw std::invalid_argument(msg.str());
  }
  const double before = k.guest_cycles + k.host_cycles + k.stack_cycles;
  if (before > 0) {
    k.guest_cycles *= x(0) / before;
    k.host_cycles *= x(0) / before;
    k.stack_cycles *= x(0) / before;
  } else {
    k.guest_cycles = x(0) / 2;  // no split to keep: step B finds one
    k.stack_cycles = x(0) / 2;
  }
  const double per_write = k.mirror_write_cycles + k.volume_write_cycles;
  if (per_write > 0) {
    k.mirror_write_cycles *= x(1) / per_write;
    k.volume_write_cycles *= x(1) / per_write;
  } else {
    k.mirror_write_cycles = x(1);
  }
  k.message_cycles = x(2);
  k.background_cycles_per_s = x(3);
  return {k, rms};
}

// Golden-section search for the minimum of f on [lo, hi] (f unimodal enough).
template <class F>
double golden_minimum(F f, double lo, double hi, int evaluations) {
  const double g = (std::sqrt(5.0) - 1) / 2;
  double a = lo, b = hi;
  double c = b - g * (b - a), d = a + g * (b - a);
  double fc = f(c), fd = f(d);
  for (int i = 2; i < evaluations; ++i) {
    if (fc <= fd) {
      b = d;
      d = c;
      fd = fc;
      c = b - g * (b - a);
      fc = f(c);
    } else {
      a = c;
      c = d;
      fc = fd;
      d = a + g * (b - a);
      fd = f(d);
    }
  }
  return fc <= fd ? c : d;
}

double log_error(double predicted, double actual) {
  return predicted > 0 && actual > 0 ? std::log(predicted / actual) : 0.0;
}

double peak_loss(const std::vector<const MeasuredCase*>& peaks, const std::vector<models::RunResult>& r) {
  double sum = 0;
  for (std::size_t i = 0; i < peaks.size(); ++i) {
    const double e = log_error(r[i].total_iops(), measured(*peaks[i], models::Figure::TotalIops));
    sum += e * e;
  }
  return sum / static_cast<double>(std::max<std::size_t>(1, peaks.size()));
}

// Step B's latency term: log errors of the runs' mean read and write latencies.
std::vector<double> mean_latency_log_errors(const std::vector<const MeasuredCase*>& cases,
                                            const std::vector<models::RunResult>& r) {
  std::vector<double> e;
  for (std::size_t i = 0; i < cases.size(); ++i) {
    const double read = measured(*cases[i], models::Figure::ReadLatencyAvg);
    const double write = measured(*cases[i], models::Figure::WriteLatencyAvg);
    if (read > 0 && r[i].read_iops > 0) e.push_back(log_error(r[i].read_latency.mean_s, read));
    if (write > 0 && r[i].write_iops > 0) e.push_back(log_error(r[i].write_latency.mean_s, write));
  }
  return e;
}

// The light runs' p50 and p99 errors (reads and writes each a sample): signed log errors.
struct LightErrors {
  std::vector<double> p50_ns, p99_log;  // p50: measured - simulated (ns); p99: log(simulated / measured)
};

LightErrors light_errors(const std::vector<const MeasuredCase*>& light, const std::vector<models::RunResult>& r) {
  LightErrors e;
  for (std::size_t i = 0; i < light.size(); ++i) {
    const struct {
      models::Figure p50, p99;
      const models::LatencySummary& sim;
      double ios;
    } dirs[] = {
        {models::Figure::ReadLatencyP50, models::Figure::ReadLatencyP99, r[i].read_latency, r[i].read_iops},
        {models::Figure::WriteLatencyP50, models::Figure::WriteLatencyP99, r[i].write_latency, r[i].write_iops}};
    for (const auto& d : dirs) {
      const double p50 = measured(*light[i], d.p50), p99 = measured(*light[i], d.p99);
      if (d.ios <= 0) continue;
      if (p50 > 0) e.p50_ns.push_back((p50 - d.sim.p50_s) * 1e9);
      if (p99 > 0) e.p99_log.push_back(log_error(d.sim.p99_s, p99));
    }
  }
  return e;
}

double mean_square(const std::vector<double>& v) {
  double s = 0;
  for (const double x : v) s += x * x;
  return v.empty() ? 0 : s / static_cast<double>(v.size());
}

struct Sets {
  std::vector<const MeasuredCase*> cpu, peaks, light;
  std::vector<const MeasuredCase*> paced;  // step B's latency runs: every other paced run above the light ones
};

Sets classify(const std::vector<MeasuredCase>& cases) {
  Sets s;
  for (const MeasuredCase& c : cases) {
    const double cpu = measured(c, models::Figure::VmfleetCpu);
    const double iops = measured(c, models::Figure::TotalIops);
    if (iops > 0 && cpu >= kCpuFitMinCpu && cpu <= kCpuFitMaxCpu) s.cpu.push_back(&c);
    if (c.peak && iops > 0) s.peaks.push_back(&c);
    const bool has_percentiles =
        measured(c, models::Figure::ReadLatencyP99) > 0 || measured(c, models::Figure::WriteLatencyP99) > 0;
    const bool light = iops > 0 && iops / c.run.vm_count <= kLightIopsPerVm;
    if (light && has_percentiles) s.light.push_back(&c);
    if (c.paced && !light && iops > 0) s.paced.push_back(&c);
  }
  // Every third one: the sweeps' neighbours say much the same, at a third of the cost.
  std::vector<const MeasuredCase*> some;
  for (std::size_t i = 0; i < s.paced.size(); i += 3) some.push_back(s.paced[i]);
  s.paced = some;
  return s;
}

FitQuality quality_of(const Sets& sets, const std::vector<models::RunResult>& cpu_runs,
                      const std::vector<models::RunResult>& peak_runs, const std::vector<models::RunResult>& paced_runs,
                      const std::vector<models::RunResult>& light_runs, double cpu_rms) {
  FitQuality q;
  std::vector<double> points, peak, p50, p99;
  for (std::size_t i = 0; i < sets.cpu.size(); ++i) {
    points.push_back(std::fabs(cpu_runs[i].vmfleet_cpu - measured(*sets.cpu[i], models::Figure::VmfleetCpu)) * 100);
  }
  for (std::size_t i = 0; i < sets.peaks.size(); ++i) {
    const double m = measured(*sets.peaks[i], models::Figure::TotalIops);
    peak.push_back(std::fabs(peak_runs[i].total_iops() - m) / m);
  }
  for (std::size_t i = 0; i < sets.light.size(); ++i) {
    const models::RunResult& r = light_runs[i];
    const MeasuredCase& c = *sets.light[i];
    const std::pair<models::Figure, double> pairs[] = {
        {models::Figure::ReadLatencyP50, r.read_iops > 0 ? r.read_latency.p50_s : 0},
        {models::Figure::WriteLatencyP50, r.write_iops > 0 ? r.write_latency.p50_s : 0},
        {models::Figure::ReadLatencyP99, r.read_iops > 0 ? r.read_latency.p99_s : 0},
        {models::Figure::WriteLatencyP99, r.write_iops > 0 ? r.write_latency.p99_s : 0}};
    for (const auto& [f, sim] : pairs) {
      const double m = measured(c, f);
      if (m <= 0 || sim <= 0) continue;
      const bool is_p50 = f == models::Figure::ReadLatencyP50 || f == models::Figure::WriteLatencyP50;
      (is_p50 ? p50 : p99).push_back(std::fabs(sim - m) / m);
    }
  }
  q.cpu_runs = static_cast<int>(sets.cpu.size());
  q.cpu_median_points = median(points);
  q.cpu_rms_relative = cpu_rms;
  q.peaks = static_cast<int>(sets.peaks.size());
  q.peak_median_error = median(peak);
  q.peak_rms_log = std::sqrt(peak_loss(sets.peaks, peak_runs));
  std::vector<double> paced;
  for (const double e : mean_latency_log_errors(sets.paced, paced_runs)) paced.push_back(std::fabs(std::exp(e) - 1));
  q.paced_means = static_cast<int>(paced.size());
  q.paced_median_error = median(paced);
  q.light_runs = static_cast<int>(sets.light.size());
  q.light_median_p50_error = median(p50);
  q.light_median_p99_error = median(p99);
  return q;
}

double relative_change(const S2dConstants& a, const S2dConstants& b) {
  double most = 0;
  const auto x = a.named(), y = b.named();
  for (std::size_t i = 0; i < x.size(); ++i) {
    if (x[i].value > 0) most = std::max(most, std::fabs(y[i].value - x[i].value) / x[i].value);
  }
  return most;
}

}  // namespace

namespace {

// Run lengths for the fit: about ios_per_case I/Os at the row's rate (paced runs at least 200 ms).
void set_fit_lengths(std::vector<MeasuredCase>& cases, const CalibrationOptions& options) {
  for (MeasuredCase& c : cases) {
    if (c.spec.cluster.stack.product != models::ProductKind::S2d) {
      throw std::invalid_argument(c.where + ": calibrating measured runs is for Storage Spaces Direct clusters");
    }
    const double rate = measured(c, models::Figure::TotalIops);
    if (rate > 0) {
      const auto wanted = static_cast<std::int64_t>(options.ios_per_case / rate * 1e9);
      c.spec.run.duration_ns = std::max<std::int64_t>(
          std::min(c.spec.run.duration_ns, std::max<std::int64_t>(wanted, 20'000'000)), c.paced ? 200'000'000 : 0);
    }
  }
}

// Step A on the CPU runs, with `k` for the costs it does not fit and the splits.
std::pair<S2dConstants, double> utilisation_step(const std::vector<const MeasuredCase*>& cpu, const S2dConstants& k,
                                                 int jobs) {
  const std::vector<models::RunResult> runs = simulate_all(cpu, k, jobs);
  std::vector<CpuRow> rows;
  for (std::size_t i = 0; i < cpu.size(); ++i) rows.push_back(cpu_row(*cpu[i], runs[i]));
  return fit_cpu(rows, k);
}

}  // namespace

S2dConstants utilisation_law_fit(std::vector<MeasuredCase> cases, const CalibrationOptions& options, double* rms) {
  if (cases.empty()) throw std::invalid_argument("no measured runs to calibrate on");
  set_fit_lengths(cases, options);
  const Sets sets = classify(cases);
  if (sets.cpu.size() < 4) throw std::invalid_argument("fewer than 4 measured runs with CPU between 3 and 50 %");
  const auto [k, residual] = utilisation_step(sets.cpu, S2dConstants::of(cases.front().spec.cluster), options.jobs);
  if (rms) *rms = residual;
  return k;
}

S2dCalibration calibrate_s2d(std::vector<MeasuredCase> cases, const CalibrationOptions& options) {
  if (cases.empty()) throw std::invalid_argument("no measured runs to calibrate on");
  set_fit_lengths(cases, options);
  const Sets sets = classify(cases);
  if (sets.cpu.size() < 4) throw std::invalid_argument("fewer than 4 measured runs with CPU between 3 and 50 %");
  if (sets.peaks.empty()) throw std::invalid_argument("no unthrottled run (a peak) among the measured runs");
  if (sets.light.empty()) throw std::invalid_argument("no light run (at most 1,000 IOPS per VM, with percentiles)");
  auto say = [&](const std::string& s) {
    if (options.progress) options.progress(s);
  };

  S2dCalibration out;
  out.start = S2dConstants::of(cases.front().spec.cluster);
  S2dConstants k = out.start;
  double cpu_rms = 0;
  for (int round = 1; round <= options.max_rounds; ++round) {
    CalibrationRound record;
    const S2dConstants before = k;
    // A: the utilisation law.
    say(printf_string("round %d: CPU per I/O over %zu runs", round, sets.cpu.size()));
    std::tie(k, cpu_rms) = utilisation_step(sets.cpu, k, options.jobs);
    // B: where guest + host + storage_stack runs, on the peaks and the paced runs' latencies.
    const double total = k.guest_cycles + k.host_cycles + k.stack_cycles;
    say(printf_string("round %d: where a VM I/O's work runs, on %zu peaks and %zu paced runs", round, sets.peaks.size(),
                      sets.paced.size()));
    auto split_loss = [&](double guest, double host, double log) {
      S2dConstants t = k;
      t.guest_cycles = guest;
      t.host_cycles = host;
      t.stack_cycles = std::max(0.0, total - guest - host);
      t.mirror_write_cycles = k.mirror_write_cycles + k.volume_write_cycles - log;
      t.volume_write_cycles = log;
      const double peaks = peak_loss(sets.peaks, simulate_all(sets.peaks, t, options.jobs));
      const double paced = mean_square(mean_latency_log_errors(sets.paced, simulate_all(sets.paced, t, options.jobs)));
      return peaks + paced;
    };
    const double guest = golden_minimum(
        [&](double g) { return split_loss(g, std::min(k.host_cycles, total - g), k.volume_write_cycles); }, 0.2 * total,
        0.95 * total, 8);
    const double host =
        golden_minimum([&](double h) { return split_loss(guest, h, k.volume_write_cycles); }, 0.0, total - guest, 8);
    const double per_write = k.mirror_write_cycles + k.volume_write_cycles;
    const double log = golden_minimum([&](double l) { return split_loss(guest, host, l); }, 0.0, 0.5 * per_write, 8);
    k.guest_cycles = guest;
    k.host_cycles = host;
    k.stack_cycles = std::max(0.0, total - guest - host);
    k.volume_write_cycles = log;
    k.mirror_write_cycles = per_write - log;
    // C: the latency floor on the light runs' medians, the background burst on their p99.
    say(printf_string("round %d: latency floor and tail, on %zu light runs", round, sets.light.size()));
    const LightErrors now = light_errors(sets.light, simulate_all(sets.light, k, options.jobs));
    k.io_latency_ns = std::max(0.0, k.io_latency_ns + median(now.p50_ns));
    auto tail_trial = [&](double burst) {
      S2dConstants t = k;
      t.background_burst_cycles = burst;
      return mean_square(light_errors(sets.light, simulate_all(sets.light, t, options.jobs)).p99_log);
    };
    k.background_burst_cycles = golden_minimum(tail_trial, 1e6, 4e7, 10);
    record.constants = k;
    out.rounds.push_back(record);
    if (relative_change(before, k) <= kConverged) {
      out.converged = true;
      break;
    }
  }
  out.fitted = k;
  say("the fit's quality");
  out.quality =
      quality_of(sets, simulate_all(sets.cpu, k, options.jobs), simulate_all(sets.peaks, k, options.jobs),
                 simulate_all(sets.paced, k, options.jobs), simulate_all(sets.light, k, options.jobs), cpu_rms);
  return out;
}

std::string format_s2d_calibration(const S2dCalibration& c) {
  std::ostringstream out;
  out << printf_string("%-10s %-36s %14s", "file", "key", "start");
  for (std::size_t r = 0; r < c.rounds.size(); ++r) out << printf_string(" %11s %zu", "round", r + 1);
  out << "  unit\n";
  const auto a = c.start.named();
  for (std::size_t i = 0; i < a.size(); ++i) {
    out << printf_string("%-10s %-36s %14.0f", a[i].file, a[i].key, a[i].value);
    for (const CalibrationRound& r : c.rounds) out << printf_string(" %13.0f", r.constants.named()[i].value);
    out << "  " << a[i].unit << "\n";
  }
  out << printf_string("\n%zu round(s), %s\n", c.rounds.size(),
                       c.converged ? "converged: no constant moved by more than 2 % in the last"
                                   : "not converged: the constants below still moved in the last round (the fit "
                                     "determines them no better than that; the runs' noise moves the searches)");
  if (!c.converged && c.rounds.size() >= 2) {
    const auto last = c.rounds.back().constants.named(), before = c.rounds[c.rounds.size() - 2].constants.named();
    for (std::size_t i = 0; i < last.size(); ++i) {
      const double move = before[i].value > 0 ? std::fabs(last[i].value - before[i].value) / before[i].value : 0;
      if (move > kConverged) {
        out << printf_string("  %-36s %.0f -> %.0f %s (%+.0f %%)\n", last[i].key, before[i].value, last[i].value,
                             last[i].unit, (last[i].value / before[i].value - 1) * 100);
      }
    }
  }
  const FitQuality& q = c.quality;
  out << printf_string(
      "residuals: CPU over %d runs: median |difference| %.1f points (rms relative %.1f %%); peaks' IOPS over %d runs: "
      "median |error| %.1f %% (rms log %.3f); paced runs' mean latency over %d means: median |error| %.1f %%; light "
      "runs' latency over %d runs: median |p50 error| %.1f %%, |p99 error| %.1f %%\n",
      q.cpu_runs, q.cpu_median_points, q.cpu_rms_relative * 100, q.peaks, q.peak_median_error * 100, q.peak_rms_log,
      q.paced_means, q.paced_median_error * 100, q.light_runs, q.light_median_p50_error * 100,
      q.light_median_p99_error * 100);
  return out.str();
}

}  // namespace hcisim::frontend
