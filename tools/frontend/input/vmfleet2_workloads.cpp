#include "tools/frontend/input/vmfleet2_workloads.hpp"

#include <cctype>
#include <cmath>

#include "tools/frontend/base/message_text.hpp"
#include "tools/frontend/input/diskspd_parser.hpp"

namespace hcisim::frontend {
namespace {

// What every VMFleet 2.0 profile passes: unbuffered + write-through, latency,
// a 10 MiB random write source, and the core run's timing.
constexpr const char* kCommon = " -Sh -L -Z10M -d60 -W300 -C30";
constexpr const char* kDist = " -rdpct95/5:4/10";

struct Workload {
  const char* name;
  std::vector<std::string> targets;
};

const std::vector<Workload>& workloads() {
  static const std::vector<Workload> all = {
      {"General4KWriteRatio0", {std::string("-b4K -t1 -o32 -w0 -rs50") + kDist + kCommon}},
      {"General4KWriteRatio10", {std::string("-b4K -t1 -o32 -w10 -rs50") + kDist + kCommon}},
      {"General4KWriteRatio30", {std::string("-b4K -t1 -o32 -w30 -rs50") + kDist + kCommon}},
      {"Peak4kRead", {std::string("-b4K -t1 -o32 -w0 -r -f5G") + kCommon}},
      {"Vdi",
       {std::string("-b32K -t1 -o8 -w100 -rs20 -g6i -f10G") + kDist + kCommon,
        std::string("-b8K -t1 -o8 -w0 -rs80 -g6i -f8G") + kDist + kCommon}},
      {"Sql",
       {std::string("-b8K -t4 -o32 -w30 -r -g1500i -B5G") + kDist + kCommon,
        std::string("-b32K -t1 -o1 -w100 -s -g300i -f5G") + kCommon}},
  };
  return all;
}

bool same_name(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (std::tolower(static_cast<unsigned char>(a[i])) != std::tolower(static_cast<unsigned char>(b[i]))) return false;
  }
  return true;
}

const Workload& find(std::string_view name) {
  for (const Workload& w : workloads()) {
    if (same_name(w.name, name)) return w;
  }
  std::string names;
  for (const Workload& w : workloads()) names += (names.empty() ? "" : ", ") + std::string(w.name);
  // The name as the user wrote it, escaped: it may hold control characters.
  throw DiskspdError("VMFleet 2.0 workload " + in_quotes(name) + ": unknown; expected one of " + names);
}

}  // namespace

models::DiskspdSpec vmfleet2_workload(std::string_view name) {
  const Workload& w = find(name);
  models::DiskspdSpec spec = parse_diskspd_command(w.targets.front());
  for (std::size_t i = 1; i < w.targets.size(); ++i) {
    spec.targets.push_back(parse_diskspd_command(w.targets[i]).targets.front());
  }
  spec.profile = w.name;
  return spec;
}

std::vector<std::string> vmfleet2_workload_names() {
  std::vector<std::string> names;
  for (const Workload& w : workloads()) names.emplace_back(w.name);
  return names;
}

std::vector<std::string> vmfleet2_command_lines(std::string_view name) { return find(name).targets; }

void apply_iops_per_vm(models::DiskspdSpec& spec, double iops) {
  int paced = 0, threads = 0;
  double profile_iops = 0;  // per VM, as the targets' own rates give it
  for (const models::DiskspdTarget& t : spec.targets) {
    threads += t.threads;
    if (t.throughput_bytes_per_ms == 0) continue;
    ++paced;
    profile_iops +=
        static_cast<double>(t.throughput_bytes_per_ms) * 1000.0 / static_cast<double>(t.block_bytes) * t.threads;
  }
  if (paced != 0 && paced != static_cast<int>(spec.targets.size())) {
    throw DiskspdError("a per-VM IOPS target needs every target paced (-g) or none: it scales the targets' own "
                       "rates, or shares the target over the threads");
  }
  for (models::DiskspdTarget& t : spec.targets) {
    const double own = static_cast<double>(t.throughput_bytes_per_ms) * 1000.0 / static_cast<double>(t.block_bytes);
    const double per_thread = paced > 0 ? own * iops / profile_iops : iops / threads;
    const auto bytes_per_ms =
        static_cast<std::uint64_t>(std::llround(per_thread)) * t.block_bytes / 1000;  // DISKSPD's -g<n>i
    if (bytes_per_ms == 0) {
      throw DiskspdError("a per-VM IOPS target of " + std::to_string(std::llround(iops)) + " gives a thread " +
                         std::to_string(std::llround(per_thread)) + " IOPS of " + std::to_string(t.block_bytes) +
                         "-byte blocks: less than one byte per ms, which DISKSPD's -g cannot pace");
    }
    t.throughput_bytes_per_ms = bytes_per_ms;
    t.throughput_iops = static_cast<std::uint64_t>(std::llround(per_thread));
  }
}

}  // namespace hcisim::frontend
