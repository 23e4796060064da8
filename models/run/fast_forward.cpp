#include "models/run/fast_forward.hpp"

#include <algorithm>
#include <cmath>

namespace hcisim::models {

namespace {
// Student's t at 95 % (two-sided) for kBatches - 1 = 15 degrees of freedom.
constexpr double kT15 = 2.131;

// The 95 % batch-means half-width of the mean of `x`, over that mean.
template <std::size_t N>
double relative_half_width(const std::array<double, N>& x) {
  double mean = 0;
  for (const double v : x) mean += v;
  mean /= static_cast<double>(N);
  double squares = 0;
  for (const double v : x) squares += (v - mean) * (v - mean);
  const double sd = std::sqrt(squares / static_cast<double>(N - 1));
  return mean > 0 ? kT15 * sd / std::sqrt(static_cast<double>(N)) / mean : HUGE_VAL;
}

bool within(double a, double b, double precision) { return std::fabs(a - b) <= precision * std::max(a, b); }
}  // namespace

FastForward::FastForward(sim::Engine& engine, Cluster& cluster, StorageProduct& product, Measurement& measurement,
                         PhaseMeasurement& phases, RunLog& log, SkipObserver& observer, sim::SimTime end,
                         double precision)
    : engine_(&engine),
      cluster_(&cluster),
      product_(&product),
      measurement_(&measurement),
      phases_(&phases),
      log_(&log),
      observer_(&observer),
      end_(end),
      precision_(precision),
      skipped_cycles_(static_cast<std::size_t>(cluster.node_count()), 0.0) {}

std::vector<double> FastForward::cycles_now() const {
  std::vector<double> cycles;
  for (int n = 0; n < cluster_->node_count(); ++n) cycles.push_back(cluster_->cpu(n).executed_cycles(engine_->now()));
  return cycles;
}

void FastForward::start_warmup() {
  started_ = true;
  restart_windows();
}

void FastForward::start() {
  started_ = true;
  measuring_ = true;
  restart_windows();
}

void FastForward::disturbed() {
  if (started_) restart_windows();  // before: no window yet, nothing to drop
}

void FastForward::restart_windows() {
  engine_->cancel(batch_event_);
  previous_ = WindowSummary{};
  batch_ = kFirstBatch;
  open_window();
  batch_event_ = engine_->schedule_in(batch_, *this);
}

void FastForward::open_window() {
  measurement_->open_window();
  product_->open_window();
  window_start_ = engine_->now();
  window_cycles_ = cycles_now();
  window_repair_ = product_->repair_status();
  window_phase_ = phases_->phase();
  batch_index_ = 0;
  repair_mark_ = window_repair_.bytes_repaired;
  ios_mark_ = 0;
  latency_mark_ = 0;
}

void FastForward::on_event(std::uint64_t) {
  const WindowStats& w = measurement_->window();
  const std::uint64_t ios = w.reads + w.writes;
  const sim::SimTime latency = w.read_latency_sum + w.write_latency_sum;
  const auto i = static_cast<std::size_t>(batch_index_++);
  batch_ios_[i] = static_cast<double>(ios - ios_mark_);
  batch_latency_ns_[i] =
      ios > ios_mark_ ? static_cast<double>(latency - latency_mark_) / static_cast<double>(ios - ios_mark_) : 0;
  ios_mark_ = ios;
  latency_mark_ = latency;
  const std::uint64_t repaired = product_->bytes_repaired();
  batch_repair_bytes_[i] = static_cast<double>(repaired - repair_mark_);
  repair_mark_ = repaired;
  if (batch_index_ == kBatches) {
    const sim::SimTime now = engine_->now();
    const sim::SimTime window = now - window_start_;
    WindowSummary summary;
    double longer = 1;  // how many times longer a window must be to tell (below 1: it could be shorter)
    if (steady(summary, longer)) {
      // To the run's end, the next timer (in the warm-up: its end at the latest) or the repair's last copies.
      sim::SimTime span = end_ - (now + skipped_);
      const sim::SimTime timer = engine_->next_timer();
      if (timer != sim::kNever) span = std::min(span, timer - now);
      span = std::min(span, product_->skippable_span(window));
      if (span >= 2 * window) skip(span, window);
    }
    previous_ = summary;
    // The next window as long as this one's paces say it must be (a fifth more),
    // at least half as long again if it was too short to tell, and at most kMaxGrowth
    // times as long (a window's paces can mislead: the first after a detection
    // holds the stalled I/O's long latencies); shorter again once paces rise.
    const double grow = longer > 1 ? std::clamp(1.2 * longer, 1.5, kMaxGrowth) : 1.2 * longer;
    const double wanted = static_cast<double>(batch_) * grow;
    batch_ = std::clamp(static_cast<sim::SimTime>(wanted), kFirstBatch, kLongestBatch);
    open_window();
  }
  batch_event_ = engine_->schedule_in(batch_, *this);
}

bool FastForward::steady(WindowSummary& summary, double& longer) {
  const WindowStats& w = measurement_->window();
  const sim::SimTime window = engine_->now() - window_start_;
  const std::uint64_t ios = w.reads + w.writes;
  const RepairStatus repair = product_->repair_status();
  summary.valid = true;
  summary.phase = phases_->phase();
  summary.iops = static_cast<double>(ios) / sim::to_seconds(window);
  summary.latency_ns =
      ios > 0 ? static_cast<double>(w.read_latency_sum + w.write_latency_sum) / static_cast<double>(ios) : 0;
  summary.repairing = repair.repairing && window_repair_.repairing;
  summary.repair_bytes_per_ns =
      static_cast<double>(repair.bytes_repaired - window_repair_.bytes_repaired) / static_cast<double>(window);
  summary.new_stale = repair.stale_marks != window_repair_.stale_marks;
  if (ios == 0) return false;
  // `longer`: the largest share of its requirement the window met, below 1 when it met them all with room.
  longer = 0;
  auto need = [&longer](double wanted, double have) { longer = std::max(longer, have > 0 ? wanted / have : 2.0); };
  if (w.reads > 0) need(kMinIos, static_cast<double>(w.reads));
  if (w.writes > 0) need(kMinIos, static_cast<double>(w.writes));
  need(kMinTurnovers * summary.latency_ns, static_cast<double>(window));
  const bool repairing = repair.repairing || window_repair_.repairing;
  if (repairing) {
    // The repair's pace is known only over enough of its steps: a window too short for them grows first.
    const auto repaired = static_cast<double>(repair.bytes_repaired - window_repair_.bytes_repaired);
    need(static_cast<double>(kMinRepairSteps * product_->repair_grain_bytes()), repaired);
  }
  if (longer > 1) return false;
  if (relative_half_width(batch_ios_) > precision_ || relative_half_width(batch_latency_ns_) > precision_) return false;
  if (summary.phase != window_phase_ || !product_->skippable()) return false;
  if (!previous_.valid || previous_.phase != summary.phase) return false;
  if (summary.new_stale || previous_.new_stale) return false;
  if (!within(summary.iops, previous_.iops, precision_) ||
      !within(summary.latency_ns, previous_.latency_ns, precision_)) {
    return false;
  }
  if (repairing) {
    if (!summary.repairing || !previous_.repairing) return false;
    if (relative_half_width(batch_repair_bytes_) > kRepairPrecision) {
      longer = 2;  // too noisy a pace yet: a longer window
      return false;
    }
    return within(summary.repair_bytes_per_ns, previous_.repair_bytes_per_ns, kRepairPrecision);
  }
  return repair.degraded_bytes == window_repair_.degraded_bytes;
}

void FastForward::skip(sim::SimTime span, sim::SimTime window) {
  const sim::SimTime now = engine_->now();
  const RepairStatus before = product_->repair_status();
  product_->skip(span, window);
  const RepairStatus after = product_->repair_status();
  // The timers first: a sample due when one fires comes after it, as in a full run.
  engine_->pull_timers(span);
  if (measuring_) {
    const std::vector<double> cycles = cycles_now();
    std::vector<double> cycles_per_ns(cycles.size());
    for (std::size_t n = 0; n < cycles.size(); ++n) {
      cycles_per_ns[n] = (cycles[n] - window_cycles_[n]) / static_cast<double>(window);
    }
    observer_->skipping(now + skipped_, span, before, after, cycles_per_ns);
    measurement_->add_span(now, span, measurement_->window(), window);
    for (std::size_t n = 0; n < cycles.size(); ++n) skipped_cycles_[n] += cycles_per_ns[n] * static_cast<double>(span);
  } else {
    // Nothing is measured in the warm-up: only the background, the timers (its end among them) and the clock move.
    measurement_->skip_warmup(span);
    skipped_warmup_ += span;
  }
  log_->skipped(span);
  FastForwardSpan record;
  record.begin_s = sim::to_seconds(now + skipped_);
  record.end_s = sim::to_seconds(now + skipped_ + span);
  record.phase = phases_->phase();
  record.window_s = sim::to_seconds(window);
  record.window_begin_s = sim::to_seconds(window_start_ + skipped_);
  record.warmup = !measuring_;
  spans_.push_back(record);
  skipped_ += span;
  engine_->stop();  // the run's end on the simulator's clock came sooner
}

}  // namespace hcisim::models
