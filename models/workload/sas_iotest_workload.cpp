#include "models/workload/sas_iotest_workload.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "models/storage/product_registry.hpp"

namespace hcisim::models {

namespace {

// A stream's file on a coarse time scale: k times smaller, whole calls, at least one.
std::uint64_t scaled_file(const SasIotestSpec& sas, double time_scale) {
  if (sas.block_bytes == 0) throw std::invalid_argument("SAS iotest: the block size must be > 0");
  if (sas.file_bytes < sas.block_bytes) throw std::invalid_argument("SAS iotest: a file must hold at least one block");
  const auto calls = static_cast<std::uint64_t>(static_cast<double>(sas.file_bytes / sas.block_bytes) / time_scale);
  return std::max<std::uint64_t>(1, calls) * sas.block_bytes;
}

}  // namespace

SasIotestWorkload::SasIotestWorkload(sim::Engine& engine, const ScenarioSpec& spec, RequestTable& requests)
    : engine_(&engine),
      requests_(&requests),
      policy_(VxfsIoPolicy::of(spec.cluster.stack.infoscale, spec.cluster.node_count)),
      copy_cost_(spec.cluster.stack.infoscale.page_cache),
      file_bytes_(scaled_file(*spec.vms.sas, spec.cluster.cloud.time_scale)),
      block_bytes_(spec.vms.sas->block_bytes),
      storage_vms_(spec.cluster.node_count),
      requests_per_stream_(policy_.requests_in_flight(file_bytes_, block_bytes_)) {
  if (!product(spec.cluster.stack.product).accepts.sas_streams) {
    throw std::invalid_argument("SAS iotest is modelled on a VxFS cluster file system (an InfoScale stack)");
  }
  if (spec.run.warmup_ns != 0) {
    throw std::invalid_argument("a SAS iotest run has no warm-up: its write and read phases are the run");
  }
}

void SasIotestWorkload::add_vm(std::uint32_t vm, int host, VcpuSet& vcpus) {
  const auto index = static_cast<std::uint32_t>(streams_.size());
  Stream s{vm,
           host - storage_vms_,
           &vcpus,
           {},
           VxfsWriteBehind(policy_, file_bytes_, block_bytes_),
           VxfsReadAhead(policy_, file_bytes_, block_bytes_)};
  for (int k = 0; k < requests_per_stream_; ++k) {
    IoRequest r;
    r.vm = vm;
    r.thread = index;
    s.free_requests.push_back(static_cast<std::uint32_t>(requests_->size()));
    requests_->push_back(r);
  }
  streams_.push_back(std::move(s));
}

RequestShape SasIotestWorkload::request_shape() const {
  if (direct()) return {block_bytes_, block_bytes_};
  // Flush-behind and read-ahead requests start at multiples of their pref_io and
  // never reach past the file (the product reserves state for the largest).
  return {std::min(std::max(policy_.write_pref_io, policy_.read_pref_io), file_bytes_),
          std::min(policy_.write_pref_io, policy_.read_pref_io)};
}

void SasIotestWorkload::start(IoTarget& target) {
  target_ = &target;
  write_start_ = engine_->now();
  streams_to_go_ = streams_.size();
  writers_left_ = streams_.size();
  for (std::uint32_t s = 0; s < streams_.size(); ++s) next_call(s);
}

// The stream's next read() or write() call, if it may start.
void SasIotestWorkload::next_call(std::uint32_t index) {
  Stream& s = streams_[index];
  s.waiting = false;
  const bool write = phase_ == SasPhase::Write;
  if (direct()) {
    s.in_call = true;
    issue(index, write, s.done_bytes, block_bytes_);
    return;
  }
  const bool may = write ? s.writes.room_for(block_bytes_) : s.reads.ready(block_bytes_);
  if (!may) {
    s.waiting = true;
    return;
  }
  s.in_call = true;
  s.vcpus->run(copy_cost_.cycles(static_cast<double>(block_bytes_)), copy_done_, index);
}

void SasIotestWorkload::on_copy_done(std::uint64_t index) {
  Stream& s = streams_[index];
  if (phase_ == SasPhase::Write) {
    s.writes.written(block_bytes_);
  } else {
    s.reads.consume(block_bytes_);
  }
  call_returned(static_cast<std::uint32_t>(index));
}

void SasIotestWorkload::call_returned(std::uint32_t index) {
  Stream& s = streams_[index];
  const sim::SimTime now = engine_->now();
  s.in_call = false;
  s.done_bytes += block_bytes_;
  if (s.done_bytes < file_bytes_) {
    pump(index);
    next_call(index);
    return;
  }
  if (phase_ == SasPhase::Write) {
    s.write_done = now;
    write_end_ = std::max(write_end_, now);
    if (--writers_left_ == 0) phase_ = SasPhase::Flush;
    s.writes.close();
    pump(index);
    if (s.writes.clean()) stream_flushed();
    return;
  }
  s.read_done = now;
  if (--streams_to_go_ == 0) {
    read_end_ = now;
    phase_ = SasPhase::Done;
    engine_->stop();
  }
}

// Starts the file system's flush-behind writes or read-aheads the stream may have in flight now.
void SasIotestWorkload::pump(std::uint32_t index) {
  if (direct()) return;
  Stream& s = streams_[index];
  std::uint64_t offset = 0, bytes = 0;
  if (phase_ == SasPhase::Read) {
    while (!s.free_requests.empty() && s.reads.next_read(offset, bytes)) issue(index, false, offset, bytes);
  } else {
    while (!s.free_requests.empty() && s.writes.next_flush(offset, bytes)) issue(index, true, offset, bytes);
  }
}

void SasIotestWorkload::issue(std::uint32_t index, bool write, std::uint64_t offset, std::uint64_t bytes) {
  Stream& s = streams_[index];
  if (s.free_requests.empty()) throw std::logic_error("SAS iotest: a stream has no free request");
  const std::uint32_t id = s.free_requests.back();
  s.free_requests.pop_back();
  IoRequest& r = (*requests_)[id];
  r.write = write;
  r.offset = offset;
  r.bytes = bytes;
  r.workload_cycles = 0;
  r.failed = false;
  r.issued_at = engine_->now();
  r.stages = {};
  target_->submit(id);
}

// A storage request of the file system came back.
void SasIotestWorkload::on_event(std::uint64_t request) {
  const IoRequest& r = (*requests_)[request];
  const sim::SimTime now = engine_->now();
  measurement_.record(r, now - r.issued_at, now);
  const std::uint32_t index = r.thread;
  Stream& s = streams_[index];
  s.free_requests.push_back(static_cast<std::uint32_t>(request));
  if (direct()) {
    call_returned(index);
    return;
  }
  if (r.write) {
    s.writes.flushed(r.bytes);
    pump(index);
    if (s.waiting) next_call(index);
    if (s.write_done >= 0 && s.writes.clean()) stream_flushed();
  } else {
    s.reads.completed(r.offset);
    pump(index);
    if (s.waiting) next_call(index);
  }
}

// One more stream has written its file and has nothing dirty left.
void SasIotestWorkload::stream_flushed() {
  if (--streams_to_go_ == 0) start_reads();
}

void SasIotestWorkload::start_reads() {
  phase_ = SasPhase::Read;
  read_start_ = engine_->now();
  streams_to_go_ = streams_.size();
  for (Stream& s : streams_) s.done_bytes = 0;
  for (std::uint32_t s = 0; s < streams_.size(); ++s) {
    pump(s);
    next_call(s);
  }
}

void SasIotestWorkload::fill(RunResult& result, const ScenarioSpec& spec, sim::SimTime now) const {
  SasResult& sas = result.sas;
  sas.present = true;
  sas.cores = static_cast<int>(streams_.size());
  sas.complete = phase_ == SasPhase::Done;
  const double scale = spec.cluster.cloud.time_scale;
  const bool reading = phase_ == SasPhase::Read || phase_ == SasPhase::Done;
  // Bytes the streams' calls moved in a phase, and when that phase's calls ended.
  auto phase_bytes = [&](bool read, int client) {
    double bytes = 0;
    for (const Stream& s : streams_) {
      if (client >= 0 && s.client != client) continue;
      const bool finished = read ? s.read_done >= 0 : s.write_done >= 0;
      bytes += finished ? static_cast<double>(file_bytes_) : (read == reading ? static_cast<double>(s.done_bytes) : 0);
    }
    return bytes;
  };
  auto phase_end = [&](bool read, int client) {
    sim::SimTime end = -1;
    bool all = true;
    for (const Stream& s : streams_) {
      if (client >= 0 && s.client != client) continue;
      const sim::SimTime done = read ? s.read_done : s.write_done;
      all = all && done >= 0;
      end = std::max(end, done);
    }
    return all ? end : now;
  };
  auto rate = [](double bytes, sim::SimTime from, sim::SimTime to) {
    return to > from ? bytes / sim::to_seconds(to - from) : 0.0;
  };
  const sim::SimTime write_to = phase_end(false, -1);
  sas.write_bytes_per_s = rate(phase_bytes(false, -1), write_start_, write_to);
  sas.write_phase_s = sim::to_seconds(write_to - write_start_) * scale;
  if (reading) {
    const sim::SimTime read_to = phase_end(true, -1);
    sas.read_bytes_per_s = rate(phase_bytes(true, -1), read_start_, read_to);
    sas.read_phase_s = sim::to_seconds(read_to - read_start_) * scale;
    sas.flush_s = sim::to_seconds(read_start_ - write_end_) * scale;
  }
  sas.write_bytes_per_s_per_core = sas.cores > 0 ? sas.write_bytes_per_s / sas.cores : 0;
  sas.read_bytes_per_s_per_core = sas.cores > 0 ? sas.read_bytes_per_s / sas.cores : 0;
  const int clients = streams_.empty() ? 0 : streams_.back().client + 1;
  for (int c = 0; c < clients; ++c) {
    SasClientResult client;
    client.client = c;
    client.cores = static_cast<int>(
        std::count_if(streams_.begin(), streams_.end(), [&](const Stream& s) { return s.client == c; }));
    if (client.cores == 0) continue;
    client.write_bytes_per_s_per_core = rate(phase_bytes(false, c), write_start_, phase_end(false, c)) / client.cores;
    if (reading) {
      client.read_bytes_per_s_per_core = rate(phase_bytes(true, c), read_start_, phase_end(true, c)) / client.cores;
    }
    sas.clients.push_back(client);
  }
  if (!sas.complete) {
    Finding cut;
    cut.kind = FindingKind::IotestCut;
    cut.phase = phase_;
    result.warnings.push_back(cut);
  }
}

}  // namespace hcisim::models
