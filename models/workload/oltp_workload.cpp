#include "models/workload/oltp_workload.hpp"

#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

#include "models/workload/oltp_spec_check.hpp"

namespace hcisim::models {

namespace {

// Validates the spec first: the skew is the first member built from it.
PageSkew skew_of(const OltpSpec& spec) {
  check_oltp_spec(spec);
  const OltpBufferPoolSpec& b = spec.buffer_pool;
  return PageSkew::hot_set(b.database_bytes / spec.page_bytes, b.hot_data_fraction, b.hot_access_fraction);
}

}  // namespace

OltpWorkload::OltpWorkload(sim::Engine& engine, const OltpSpec& spec, RequestTable& requests,
                           OltpMeasurement& measurement)
    : engine_(&engine),
      spec_(spec),
      requests_(&requests),
      measurement_(&measurement),
      skew_(skew_of(spec)),
      scatter_(skew_.pages()) {
  buffer_pages_ = spec.buffer_pool.buffer_bytes / spec.page_bytes;
  if (spec.buffer_pool.hit_ratio) {
    hit_ratio_ = *spec.buffer_pool.hit_ratio;
    miss_sampler_ = TierSampler(skew_, skew_.page_shares());  // misses uniform over the file
  } else {
    hit_ratio_ = skew_.lru_hit_ratio(buffer_pages_);
    miss_sampler_ = TierSampler(skew_, skew_.miss_shares(buffer_pages_));
  }
  log_hit_ = hit_ratio_ > 0 ? std::log(hit_ratio_) : 0;
  write_sampler_ = TierSampler(skew_, skew_.access_shares());
  flush_threshold_pages_ =
      static_cast<std::uint64_t>(spec.buffer_pool.flush_start_fraction * static_cast<double>(buffer_pages_));
  flush_max_pages_ = spec.checkpoint.max_write_bytes / spec.page_bytes;
  double running = 0;
  for (int t = 0; t < kOltpTransactionTypes; ++t) {
    const OltpTransactionSpec& ts = spec.transactions[static_cast<std::size_t>(t)];
    running += ts.mix;
    mix_upper_[static_cast<std::size_t>(t)] = running;
    cycles_[static_cast<std::size_t>(t)] = ts.cpu_cycles * spec.cpu_scale;
  }
  mix_upper_.back() = std::numeric_limits<double>::infinity();  // the shares sum to 1 up to rounding
}

std::uint32_t OltpWorkload::requests_per_vm() const {
  return static_cast<std::uint32_t>(spec_.max_outstanding_reads + spec_.log.max_outstanding_writes +
                                    spec_.checkpoint.max_outstanding_writes);
}

std::uint32_t OltpWorkload::add_request(Vm& vm, std::uint32_t local_vm, OltpIo kind, std::uint32_t owner) {
  const auto index = static_cast<std::uint32_t>(requests_->size());
  IoRequest r;
  r.vm = vm.id;
  r.thread = static_cast<std::uint32_t>(slots_.size());
  r.node = vm.node;
  r.write = kind != OltpIo::PageRead;
  r.bytes = spec_.page_bytes;
  requests_->push_back(r);
  slots_.push_back(IoSlot{local_vm, kind, owner, 0});
  return index;
}

void OltpWorkload::add_vm(std::uint32_t vm, int node, VcpuSet& vcpus, std::uint64_t disk_bytes) {
  if (target_ != nullptr) throw std::logic_error("OLTP workload: VMs must be added before start()");
  const std::uint64_t data_bytes = skew_.pages() * spec_.page_bytes;
  if (disk_bytes < data_bytes + spec_.log.region_bytes) {
    throw std::invalid_argument("OLTP workload: VM " + std::to_string(vm) + "'s disk (" + std::to_string(disk_bytes) +
                                " bytes) cannot hold the database (" + std::to_string(data_bytes) +
                                ") and the log region (" + std::to_string(spec_.log.region_bytes) + ")");
  }
  if (node < 0 || node > std::numeric_limits<std::uint16_t>::max()) {
    throw std::invalid_argument("OLTP workload: node index out of range");
  }
  const auto local = static_cast<std::uint32_t>(vms_.size());
  auto v = std::make_unique<Vm>(engine_->stream("vm" + std::to_string(vm) + "/oltp"), skew_.pages());
  v->id = vm;
  v->node = static_cast<std::uint16_t>(node);
  v->vcpus = &vcpus;
  v->first_user = static_cast<std::uint32_t>(users_.size());
  v->log_end = disk_bytes;
  v->log_begin = disk_bytes - spec_.log.region_bytes;
  v->log_cursor = v->log_begin;
  v->log = std::make_unique<GroupCommitLog>(static_cast<LogDevice&>(*this), local,
                                            static_cast<std::uint32_t>(spec_.users_per_vm), spec_.log);
  for (int i = 0; i < spec_.max_outstanding_reads; ++i) {
    v->free_reads.push_back(add_request(*v, local, OltpIo::PageRead, 0));
  }
  for (int s = 0; s < spec_.log.max_outstanding_writes; ++s) {
    v->log_requests.push_back(add_request(*v, local, OltpIo::LogWrite, static_cast<std::uint32_t>(s)));
  }
  for (int i = 0; i < spec_.checkpoint.max_outstanding_writes; ++i) {
    v->free_flushes.push_back(add_request(*v, local, OltpIo::FlushWrite, 0));
  }
  users_.resize(users_.size() + static_cast<std::size_t>(spec_.users_per_vm), User{local});
  vms_.push_back(std::move(v));
}

void OltpWorkload::start(IoTarget& target) {
  if (vms_.empty()) throw std::invalid_argument("OLTP workload: no VM was added");
  target_ = &target;
  const sim::SimTime now = engine_->now();
  for (std::uint32_t v = 0; v < vms_.size(); ++v) {
    Vm& vm = *vms_[v];
    // Databases do not checkpoint in step: the first one at a random phase.
    const auto phase =
        static_cast<sim::SimTime>(vm.rng.uniform01() * static_cast<double>(spec_.checkpoint.interval_ns));
    engine_->schedule_in(phase, checkpoint_timer_, v);
    measurement_->users_join(now, spec_.users_per_vm);
    for (int u = 0; u < spec_.users_per_vm; ++u) begin_thinking(vm.first_user + static_cast<std::uint32_t>(u));
  }
}

std::uint32_t OltpWorkload::count_of(double mean, sim::RandomStream& rng) const {
  const double whole = std::floor(mean);
  const double fraction = mean - whole;
  return static_cast<std::uint32_t>(whole) + (fraction > 0 && rng.bernoulli(fraction) ? 1u : 0u);
}

// Binomial(reads, 1 - h) as the number of geometric gaps (reads up to and
// including the next miss, P(gap = g) = h^(g-1) (1 - h)) that fit in `reads`.
std::uint32_t OltpWorkload::misses_among(std::uint32_t reads, sim::RandomStream& rng) const {
  if (hit_ratio_ >= 1.0 || reads == 0) return 0;
  if (hit_ratio_ <= 0.0) return reads;
  std::uint32_t misses = 0;
  double position = 0;
  while (true) {
    position += std::floor(std::log1p(-rng.uniform01()) / log_hit_) + 1.0;
    if (position > reads) return misses;
    ++misses;
  }
}

// ---- A user's loop ----

void OltpWorkload::begin_thinking(std::uint32_t user) {
  Vm& vm = *vms_[users_[user].vm];
  const double think = vm.rng.exponential(static_cast<double>(spec_.think_time_ns));
  engine_->schedule_in(static_cast<sim::SimTime>(think + 0.5), think_done_, user);
}

void OltpWorkload::on_think_done(std::uint64_t arg) {
  const auto user = static_cast<std::uint32_t>(arg);
  User& u = users_[user];
  Vm& vm = *vms_[u.vm];
  const sim::SimTime now = engine_->now();
  measurement_->user_starts_transaction(now);
  u.started = now;
  const double pick = vm.rng.uniform01();
  int type = 0;
  while (pick >= mix_upper_[static_cast<std::size_t>(type)]) ++type;
  u.type = static_cast<std::uint8_t>(type);
  const OltpTransactionSpec& t = spec_.transactions[static_cast<std::size_t>(type)];
  const std::uint32_t reads = count_of(t.page_reads, vm.rng);
  const std::uint32_t misses = misses_among(reads, vm.rng);
  u.misses_left = misses;
  u.page_writes = count_of(t.page_writes, vm.rng);
  u.burst_cycles = cycles_[static_cast<std::size_t>(type)] / (misses + 1.0);
  measurement_->add(&OltpCounters::logical_reads, reads);
  measurement_->add(&OltpCounters::buffer_misses, misses);
  run_burst(user);
}

void OltpWorkload::run_burst(std::uint32_t user) {
  const User& u = users_[user];
  vms_[u.vm]->vcpus->run(u.burst_cycles, burst_done_, user);
}

void OltpWorkload::on_burst_done(std::uint64_t arg) {
  const auto user = static_cast<std::uint32_t>(arg);
  User& u = users_[user];
  if (u.misses_left == 0) {
    modify_pages(user);
    return;
  }
  Vm& vm = *vms_[u.vm];
  if (vm.free_reads.empty()) {
    measurement_->add(&OltpCounters::read_slot_waits, 1);
    vm.read_waiters.push_back(user);
    return;
  }
  const std::uint32_t request = vm.free_reads.back();
  vm.free_reads.pop_back();
  issue_read(user, request);
}

void OltpWorkload::issue_read(std::uint32_t user, std::uint32_t request) {
  Vm& vm = *vms_[users_[user].vm];
  IoRequest& r = (*requests_)[request];
  slots_[r.thread].owner = user;
  r.offset = scatter_.page_of(miss_sampler_.sample(vm.rng)) * spec_.page_bytes;
  r.issued_at = engine_->now();
  r.stages = {};
  target_->submit(request);
}

void OltpWorkload::on_event(std::uint64_t arg) {
  const auto request = static_cast<std::uint32_t>(arg);
  const IoRequest& r = (*requests_)[request];
  const sim::SimTime now = engine_->now();
  const IoSlot& slot = slots_[r.thread];
  measurement_->record_io(slot.kind, r, now - r.issued_at, now);
  switch (slot.kind) {
    case OltpIo::PageRead: on_read_done(request); break;
    case OltpIo::LogWrite: vms_[slot.vm]->log->on_written(static_cast<int>(slot.owner)); break;
    case OltpIo::FlushWrite: on_flush_done(request); break;
  }
}

void OltpWorkload::on_read_done(std::uint32_t request) {
  const std::uint32_t user = slots_[(*requests_)[request].thread].owner;
  Vm& vm = *vms_[users_[user].vm];
  if (!vm.read_waiters.empty()) {
    issue_read(vm.read_waiters.pop_front(), request);
  } else {
    vm.free_reads.push_back(request);
  }
  --users_[user].misses_left;
  run_burst(user);
}

void OltpWorkload::modify_pages(std::uint32_t user) {
  const User& u = users_[user];
  Vm& vm = *vms_[u.vm];
  if (u.page_writes > 0 && vm.dirty.dirty() + vm.pages_writing + u.page_writes > buffer_pages_) {
    // No free buffers for more dirty pages: wait for the flush to write some.
    measurement_->add(&OltpCounters::buffer_waits, 1);
    vm.buffer_waiters.push_back(user);
    if (!vm.flushing) start_pass(u.vm, false);
    return;
  }
  apply_page_writes(user);
  commit(user);
}

void OltpWorkload::apply_page_writes(std::uint32_t user) {
  const User& u = users_[user];
  Vm& vm = *vms_[u.vm];
  std::uint64_t dirtied = 0;
  for (std::uint32_t i = 0; i < u.page_writes; ++i) {
    dirtied += vm.dirty.mark(scatter_.page_of(write_sampler_.sample(vm.rng))) ? 1 : 0;
  }
  measurement_->add(&OltpCounters::page_modifications, u.page_writes);
  measurement_->add(&OltpCounters::pages_dirtied, dirtied);
  if (!vm.flushing && over_flush_threshold(vm)) start_pass(u.vm, false);
}

void OltpWorkload::commit(std::uint32_t user) {
  const User& u = users_[user];
  const std::uint32_t bytes = spec_.transactions[u.type].log_bytes;
  if (bytes == 0) {
    complete(user);  // read-only: nothing to harden
    return;
  }
  Vm& vm = *vms_[u.vm];
  vm.log->commit(user - vm.first_user, bytes);
}

void OltpWorkload::complete(std::uint32_t user) {
  const User& u = users_[user];
  const sim::SimTime now = engine_->now();
  measurement_->record_transaction(u.type, now - u.started);
  measurement_->user_thinks(now);
  begin_thinking(user);
}

// ---- The log ----

void OltpWorkload::write_log_block(std::uint32_t log, int slot, std::uint32_t bytes) {
  Vm& vm = *vms_[log];
  const std::uint32_t request = vm.log_requests[static_cast<std::size_t>(slot)];
  IoRequest& r = (*requests_)[request];
  if (vm.log_cursor + bytes > vm.log_end) vm.log_cursor = vm.log_begin;  // the log file wraps around
  r.offset = vm.log_cursor;
  r.bytes = bytes;
  r.issued_at = engine_->now();
  r.stages = {};
  vm.log_cursor += bytes;
  target_->submit(request);
}

void OltpWorkload::hardened(std::uint32_t log, std::uint32_t member) {
  measurement_->add(&OltpCounters::logged_commits, 1);
  complete(vms_[log]->first_user + member);
}

// ---- Flushing dirty pages ----

void OltpWorkload::on_checkpoint_timer(std::uint64_t arg) {
  const auto v = static_cast<std::uint32_t>(arg);
  Vm& vm = *vms_[v];
  engine_->schedule_in(spec_.checkpoint.interval_ns, checkpoint_timer_, v);
  if (vm.flushing) {
    vm.checkpoint_due = true;  // runs when the current pass ends
    return;
  }
  start_pass(v, true);
}

void OltpWorkload::start_pass(std::uint32_t v, bool by_timer) {
  Vm& vm = *vms_[v];
  measurement_->add(by_timer ? &OltpCounters::checkpoints : &OltpCounters::early_flushes, 1);
  vm.flushing = true;
  vm.pass_scanned = false;
  vm.dirty.begin_pass();
  fill_pass(v);
}

void OltpWorkload::fill_pass(std::uint32_t v) {
  Vm& vm = *vms_[v];
  while (!vm.pass_scanned && !vm.free_flushes.empty()) {
    std::uint64_t first = 0;
    std::uint32_t pages = 0;
    if (!vm.dirty.next_run(flush_max_pages_, first, pages)) {
      vm.pass_scanned = true;
      break;
    }
    const std::uint32_t request = vm.free_flushes.back();
    vm.free_flushes.pop_back();
    IoRequest& r = (*requests_)[request];
    slots_[r.thread].pages = pages;
    r.offset = first * spec_.page_bytes;
    r.bytes = pages * spec_.page_bytes;
    r.issued_at = engine_->now();
    r.stages = {};
    vm.pages_writing += pages;
    ++vm.flushes_in_flight;
    target_->submit(request);
  }
  if (!vm.pass_scanned || vm.flushes_in_flight > 0) return;
  // The pass is over. Start the next one at once when a checkpoint came due
  // meanwhile, dirty pages are still above the threshold, or someone waits.
  vm.flushing = false;
  if (vm.checkpoint_due) {
    vm.checkpoint_due = false;
    start_pass(v, true);
  } else if (over_flush_threshold(vm) || !vm.buffer_waiters.empty()) {
    start_pass(v, false);
  }
}

void OltpWorkload::on_flush_done(std::uint32_t request) {
  IoSlot& slot = slots_[(*requests_)[request].thread];
  Vm& vm = *vms_[slot.vm];
  vm.pages_writing -= slot.pages;
  --vm.flushes_in_flight;
  measurement_->add(&OltpCounters::pages_flushed, slot.pages);
  vm.free_flushes.push_back(request);
  wake_buffer_waiters(slot.vm);
  fill_pass(slot.vm);
}

void OltpWorkload::wake_buffer_waiters(std::uint32_t v) {
  Vm& vm = *vms_[v];
  while (!vm.buffer_waiters.empty()) {
    const std::uint32_t user = vm.buffer_waiters.front();
    if (vm.dirty.dirty() + vm.pages_writing + users_[user].page_writes > buffer_pages_) return;
    vm.buffer_waiters.pop_front();
    apply_page_writes(user);
    commit(user);
  }
}

}  // namespace hcisim::models
