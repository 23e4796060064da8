#include "models/hardware/host_cpu.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace hcisim::models {

const char* cpu_layer_name(CpuLayer layer) {
  switch (layer) {
    case CpuLayer::Guest: return "guest";
    case CpuLayer::Hypervisor: return "hypervisor";
    case CpuLayer::StorageStack: return "storage_stack";
    case CpuLayer::DriveIo: return "drive_io";
    case CpuLayer::Network: return "network";
    case CpuLayer::Count: break;
  }
  return "?";
}

namespace {
// The longest burst run_time converts to SimTime: a year of simulated time, far inside its 292.
constexpr double kMaxBurstNs = 365.0 * 86400 * 1e9;

[[noreturn]] void burst_too_long(double cycles, double rate) {
  throw std::invalid_argument("host cpu: a burst of " + std::to_string(cycles) + " cycles at " + std::to_string(rate) +
                              " cycles/ns would run longer than a year");
}

// Nanoseconds `cycles` take at `rate` cycles/ns, rounded to the nearest ns.
sim::SimTime run_time(double cycles, double rate) {
  const double ns = cycles / rate + 0.5;
  if (!(ns <= kMaxBurstNs)) burst_too_long(cycles, rate);
  return static_cast<sim::SimTime>(ns);
}

int threads_per_core_of(const CpuSpec& cpu, int sockets) {
  if (cpu.cores <= 0 || sockets <= 0 || cpu.base_hz <= 0) {
    throw std::invalid_argument("host cpu '" + cpu.id + "': cores, sockets and clock must be positive");
  }
  if (cpu.threads != cpu.cores && cpu.threads != kMaxThreadsPerCore * cpu.cores) {
    throw std::invalid_argument("host cpu '" + cpu.id + "': threads must equal cores or twice the cores (SMT)");
  }
  if (cpu.threads == 2 * cpu.cores && (cpu.smt_yield < 1.0 || cpu.smt_yield > 2.0)) {
    throw std::invalid_argument("host cpu '" + cpu.id + "': SMT yield must be between 1 and 2");
  }
  return cpu.threads / cpu.cores;
}
}  // namespace

HostCpu::HostCpu(sim::Engine& engine, const CpuSpec& cpu, int sockets, double burst_scv, sim::RandomStream rng)
    : engine_(&engine),
      clock_hz_(cpu.all_core_hz > 0 ? cpu.all_core_hz : cpu.base_hz),
      nominal_hz_(cpu.base_hz),
      smt_yield_(cpu.threads > cpu.cores ? cpu.smt_yield : 1.0),
      threads_per_core_(threads_per_core_of(cpu, sockets)),
      single_rate_(clock_hz_ * 1e-9),
      paired_rate_(clock_hz_ * 1e-9 * smt_yield_ / 2.0),
      burst_scv_(burst_scv),
      rng_(rng),
      threads_(static_cast<std::size_t>(cpu.threads) * static_cast<std::size_t>(sockets)),
      cores_(static_cast<std::size_t>(cpu.cores) * static_cast<std::size_t>(sockets)) {
  for (int c = cores() - 1; c >= 0; --c) push_set(idle_cores_, c);
}

int HostCpu::add_pinned_queue() {
  pinned_.emplace_back();
  return static_cast<int>(pinned_.size() - 1);
}

// Written where the burst will live, not built aside and copied there: the
// scaled cycles are stored one at a time, and a copy read back at once in wider
// pieces stalls on every store it spans (store forwarding fails).
void HostCpu::fill_burst(Burst& burst, const CpuWork& work, sim::EventHandler& done, std::uint64_t arg, int queue) {
  burst.work = work;
  burst.done = &done;
  burst.arg = arg;
  burst.pinned_queue = queue;
  burst.kind = Kind::Host;
  if (burst_scv_ > 0) {
    const double factor = rng_.unit_mean(burst_scv_);
    for (double& c : burst.work.cycles) c *= factor;
  }
}

void HostCpu::run(const CpuWork& work, sim::EventHandler& done, std::uint64_t arg) {
  Burst burst;
  fill_burst(burst, work, done, arg, -1);
  dispatch(burst);
}

void HostCpu::run_guest(double cycles, sim::EventHandler& done, std::uint64_t arg) {
  Burst burst;
  fill_burst(burst, CpuWork::of(CpuLayer::Guest, cycles), done, arg, -1);
  burst.kind = guest_kind();
  dispatch(burst);
}

void HostCpu::run_pinned(int queue, const CpuWork& work, sim::EventHandler& done, std::uint64_t arg, bool background) {
  Pinned& p = pinned_.at(static_cast<std::size_t>(queue));
  if (p.running) {
    sim::FifoRing<Burst>& line = background ? p.background : p.waiting;
    fill_burst(line.emplace_back(), work, done, arg, queue);
    line.prefetch_next_push();  // the queue's slots are reused only once it has gone round
    return;
  }
  Burst burst;
  fill_burst(burst, work, done, arg, queue);
  p.running = true;
  p.busy.set(engine_->now(), 1.0);
  dispatch(burst);
}

// Starts `burst` on a free LP (an idle core first, then the free thread of a
// busy core, except for a whole-core guest), or queues it when none will do.
void HostCpu::dispatch(const Burst& burst) {
  const sim::SimTime now = engine_->now();
  if (!idle_cores_.empty()) {
    start(take_idle_core(burst.kind == Kind::GuestWholeCore), burst);
    return;
  }
  if (burst.kind != Kind::GuestWholeCore) {
    if (!chained_.empty()) cross_passed_chains();
    if (!half_cores_.empty()) {
      const int c = half_cores_.back();
      erase_set(half_cores_, c);
      cores_[static_cast<std::size_t>(c)].busy = 2;
      const int lp = threads_[static_cast<std::size_t>(2 * c)].busy ? 2 * c + 1 : 2 * c;
      set_rate(sibling(lp), paired_rate_);
      busy_lps_.add(now, 1.0);
      threads_[static_cast<std::size_t>(lp)].rate = paired_rate_;
      start(lp, burst);
      return;
    }
  }
  line_for(burst).push_back(burst);
  waiting_stat_.add(now, 1.0);
  // A chain's second part would now wait behind this one at its boundary.
  if (!chained_.empty()) split_waiting_chains();
}

// A chain whose guest part held its core whole has passed its boundary: its
// host part runs on, and the core's other thread is free for host work.
void HostCpu::cross_passed_chains() {
  const sim::SimTime now = engine_->now();
  for (std::size_t i = chained_.size(); i-- > 0;) {
    Thread& t = threads_[static_cast<std::size_t>(chained_[i])];
    if (now >= t.boundary) cross(t);
  }
}

bool HostCpu::pop_next(bool pairable_only, Burst& next) {
  sim::FifoRing<Burst>* line = !urgent_.empty() ? &urgent_ : !waiting_.empty() ? &waiting_ : &guests_;
  if (line->empty()) return false;
  if (pairable_only && line->front().kind == Kind::GuestWholeCore) return false;
  next = line->pop_front();
  waiting_stat_.add(engine_->now(), -1.0);
  return true;
}

int HostCpu::take_idle_core(bool whole) {
  const int c = idle_cores_.back();
  erase_set(idle_cores_, c);
  Core& core = cores_[static_cast<std::size_t>(c)];
  core.busy = 1;
  core.whole = whole;
  if (threads_per_core_ > 1 && !whole) push_set(half_cores_, c);
  busy_lps_.add(engine_->now(), 1.0);
  const int lp = c * threads_per_core_;
  threads_[static_cast<std::size_t>(lp)].rate = single_rate_;
  return lp;
}

HostCpu::ChainStart HostCpu::start_chain(const CpuWork& first, sim::EventHandler& done, std::uint64_t arg,
                                         sim::EventHandler& split_notice) {
  if (!can_chain()) throw std::logic_error("start_chain: no idle core, or bursts are waiting");
  const int lp = take_idle_core(whole_core_guests_);
  Thread& t = threads_[static_cast<std::size_t>(lp)];
  fill_burst(t.burst, first, done, arg, -1);
  t.burst.kind = guest_kind();
  t.busy = true;
  t.remaining = t.burst.total();
  t.uncounted = 0;
  t.last_update = engine_->now();
  t.boundary = t.last_update + run_time(t.remaining, t.rate);
  t.split_notice = &split_notice;
  t.chain = Chain::Chained;
  t.event = sim::EventId{};
  t.chain_position = static_cast<int>(chained_.size());
  chained_.push_back(lp);
  return ChainStart{lp, t.boundary};
}

void HostCpu::finish_chain(int lp, const CpuWork& second, sim::EventHandler& done, std::uint64_t arg) {
  Thread& t = threads_[static_cast<std::size_t>(lp)];
  if (t.chain != Chain::Chained || t.event.valid()) throw std::logic_error("finish_chain: no chain just started there");
  fill_burst(t.next, second, done, arg, -1);
  // The times run() would give: the second burst starts at the (whole-ns) boundary.
  t.event =
      engine_->schedule_at(t.boundary + run_time(t.next.total(), t.rate), done_event_, static_cast<std::uint64_t>(lp));
}

void HostCpu::split_chain(int lp) {
  Thread& t = threads_[static_cast<std::size_t>(lp)];
  const sim::SimTime now = engine_->now();
  if (t.chain != Chain::Chained || now >= t.boundary)
    throw std::logic_error("split_chain: no chain before its boundary");
  unlist_chain(t);
  engine_->cancel(t.event);
  advance(t, now);
  t.chain = Chain::Split;
  t.event = engine_->schedule_at(t.boundary, done_event_, static_cast<std::uint64_t>(lp));
  t.split_notice->on_event(t.burst.arg);
}

void HostCpu::split_waiting_chains() {
  const sim::SimTime now = engine_->now();
  for (std::size_t i = chained_.size(); i-- > 0;) {
    const int lp = chained_[i];
    Thread& t = threads_[static_cast<std::size_t>(lp)];
    if (now < t.boundary) {
      split_chain(lp);
    } else {
      cross(t);
    }
  }
}

void HostCpu::cross(Thread& t) {
  account(t);
  t.burst = t.next;
  t.remaining = t.burst.total();
  t.uncounted = 0;
  t.last_update = t.boundary;
  t.chain = Chain::None;
  unlist_chain(t);
  // The host part does not hold the core whole: its other thread may pair now.
  const int c = core_of(static_cast<int>(&t - threads_.data()));
  Core& core = cores_[static_cast<std::size_t>(c)];
  if (core.whole) {
    core.whole = false;
    if (threads_per_core_ > 1) push_set(half_cores_, c);
  }
}

void HostCpu::unlist_chain(Thread& t) {
  const int last = chained_.back();
  chained_[static_cast<std::size_t>(t.chain_position)] = last;
  threads_[static_cast<std::size_t>(last)].chain_position = t.chain_position;
  chained_.pop_back();
  t.chain_position = -1;
}

void HostCpu::start(int lp, const Burst& burst) {
  Thread& t = threads_[static_cast<std::size_t>(lp)];
  t.burst = burst;
  t.busy = true;
  t.remaining = burst.total();
  t.uncounted = 0;
  t.last_update = engine_->now();
  t.event = engine_->schedule_in(run_time(t.remaining, t.rate), done_event_, static_cast<std::uint64_t>(lp));
}

void HostCpu::advance(Thread& t, sim::SimTime now) const {
  t.remaining = std::max(0.0, t.remaining - static_cast<double>(now - t.last_update) * t.rate);
  t.last_update = now;
}

// A running thread changes speed because its sibling started or stopped.
void HostCpu::set_rate(int lp, double rate) {
  Thread& t = threads_[static_cast<std::size_t>(lp)];
  if (t.chain == Chain::Chained) {
    // The core's other thread starts: the first part slows, and at the boundary the second could go elsewhere.
    if (engine_->now() < t.boundary) {
      split_chain(lp);
    } else {
      cross(t);
    }
  }
  if (!t.busy || t.rate == rate) {
    t.rate = rate;
    return;
  }
  const sim::SimTime now = engine_->now();
  advance(t, now);
  engine_->cancel(t.event);
  t.rate = rate;
  t.event = engine_->schedule_in(run_time(t.remaining, rate), done_event_, static_cast<std::uint64_t>(lp));
}

void HostCpu::account(Thread& t) {
  const double total = t.burst.total();
  if (total <= 0) return;
  if (t.uncounted == 0) {
    // Begun inside the window: the share is total / total, exactly 1.
    for (int l = 0; l < kCpuLayerCount; ++l) cycles_[static_cast<std::size_t>(l)] += t.burst.work.cycles[l];
    return;
  }
  const double share = (total - t.uncounted) / total;
  for (int l = 0; l < kCpuLayerCount; ++l) cycles_[static_cast<std::size_t>(l)] += t.burst.work.cycles[l] * share;
}

void HostCpu::on_done(std::uint64_t index) {
  const int lp = static_cast<int>(index);
  Thread& t = threads_[index];
  const sim::SimTime now = engine_->now();
  if (t.chain == Chain::Chained) cross(t);
  account(t);
  // A split chain's second part is dispatched once the first's completion has run, as run() would have it.
  const bool continues = t.chain == Chain::Split;
  Burst continuation;
  if (continues) continuation = t.next;
  t.chain = Chain::None;
  // What the callback needs: the thread's burst is overwritten if it goes straight on.
  sim::EventHandler* const done = t.burst.done;
  const std::uint64_t arg = t.burst.arg;
  const int pinned_queue = t.burst.pinned_queue;
  const int c = core_of(lp);
  Core& core = cores_[static_cast<std::size_t>(c)];
  // The LP goes straight to the next burst it may take: with its sibling busy,
  // its speed and the sibling's do not change; with the core free, a whole-core
  // guest takes it as a whole.
  Burst next;
  if (pop_next(core.busy == 2, next)) {
    if (core.busy == 1) {
      const bool whole = next.kind == Kind::GuestWholeCore;
      if (whole != core.whole && threads_per_core_ > 1) {
        if (whole) {
          erase_set(half_cores_, c);
        } else {
          push_set(half_cores_, c);
        }
      }
      core.whole = whole;
    }
    start(lp, next);
  } else {
    t.busy = false;
    busy_lps_.add(now, -1.0);
    if (core.busy == 2) {
      core.busy = 1;
      set_rate(sibling(lp), single_rate_);
      push_set(half_cores_, c);
    } else {
      core.busy = 0;
      if (threads_per_core_ > 1 && !core.whole) erase_set(half_cores_, c);
      core.whole = false;
      push_set(idle_cores_, c);
    }
  }
  if (pinned_queue >= 0) on_pinned_done(pinned_queue);
  done->on_event(arg);
  if (continues) dispatch(continuation);
}

void HostCpu::on_pinned_done(int queue) {
  Pinned& p = pinned_[static_cast<std::size_t>(queue)];
  if (p.waiting.empty() && p.background.empty()) {
    p.running = false;
    p.busy.set(engine_->now(), 0.0);
    return;
  }
  dispatch(p.waiting.empty() ? p.background.pop_front() : p.waiting.pop_front());
  // The next in line starts when this one ends: fetch what it will need now.
  // A busy connection's queue holds thousands of bursts (the 4K write: ~12 ms
  // of them), so its entries and their owners' records are cold by then.
  if (!p.waiting.empty()) {
    const Burst& next = p.waiting.front();
    next.done->prefetch(next.arg);
    p.waiting.prefetch(1);
  }
}

// Index sets with O(1) insert and erase (swap with the last element).
void HostCpu::push_set(std::vector<int>& set, int core) {
  cores_[static_cast<std::size_t>(core)].position = static_cast<int>(set.size());
  set.push_back(core);
}

void HostCpu::erase_set(std::vector<int>& set, int core) {
  Core& entry = cores_[static_cast<std::size_t>(core)];
  const int last = set.back();
  set[static_cast<std::size_t>(entry.position)] = last;
  cores_[static_cast<std::size_t>(last)].position = entry.position;
  set.pop_back();
  entry.position = -1;
}

void HostCpu::reset_stats(sim::SimTime now) {
  for (Thread& t : threads_) {
    if (!t.busy) continue;
    if (t.chain == Chain::Chained && now >= t.boundary) cross(t);
    advance(t, now);
    t.uncounted = t.burst.total() - t.remaining;
  }
  cycles_.fill(0.0);
  for (Pinned& p : pinned_) p.busy.reset(now);
  busy_lps_.reset(now);
  waiting_stat_.reset(now);
}

// Each layer's sum adds the LPs' terms in LP order, as a per-layer pass would.
std::array<double, kCpuLayerCount> HostCpu::cycles_by_layer(sim::SimTime now) const {
  std::array<double, kCpuLayerCount> sum = cycles_;
  for (const Thread& t : threads_) {
    if (!t.busy) continue;
    const double total = t.burst.total();
    if (t.chain == Chain::Chained && now >= t.boundary) {
      // Past its boundary: the first part whole (what the window holds of it), the second so far.
      const double next_total = t.next.total();
      const double executed = next_total > 0 ? std::min(next_total, static_cast<double>(now - t.boundary) * t.rate) : 0;
      for (std::size_t l = 0; l < sum.size(); ++l) {
        if (total > 0) sum[l] += t.burst.work.cycles[l] * (total - t.uncounted) / total;
        if (next_total > 0) sum[l] += t.next.work.cycles[l] * executed / next_total;
      }
      continue;
    }
    if (total <= 0) continue;
    const double remaining = std::max(0.0, t.remaining - static_cast<double>(now - t.last_update) * t.rate);
    const double executed = total - remaining - t.uncounted;
    for (std::size_t l = 0; l < sum.size(); ++l) sum[l] += t.burst.work.cycles[l] * executed / total;
  }
  return sum;
}

double HostCpu::executed_cycles(sim::SimTime now) const {
  double executed = 0;
  for (const double c : cycles_by_layer(now)) executed += c;
  return executed;
}

double HostCpu::logical_busy_fraction(sim::SimTime now) const {
  return busy_lps_.average(now) / static_cast<double>(logical_processors());
}

double HostCpu::utilisation(sim::SimTime now) const {
  const double elapsed_ns = static_cast<double>(now - busy_lps_.start());
  if (elapsed_ns <= 0) return 0;
  return executed_cycles(now) / (single_rate_ * capacity_threads() * elapsed_ns);
}

}  // namespace hcisim::models
