#include "tools/frontend/base/workload_names.hpp"

#include "tools/frontend/base/quantity_format.hpp"

#include <cstdio>

namespace hcisim::frontend {
namespace {

// A size as DISKSPD writes it: 5G, 512M, 4K or a byte count.
std::string diskspd_size(std::uint64_t bytes) {
  const char* units = "TGMK";
  for (int i = 0; i < 4; ++i) {
    const std::uint64_t unit = 1ull << (10 * (4 - i));
    if (bytes >= unit && bytes % unit == 0) return std::to_string(bytes / unit) + units[i];
  }
  return std::to_string(bytes);
}

}  // namespace

std::string vmfleet_name(const models::DiskspdTarget& t) {
  const char* pattern = t.pattern == models::AccessPattern::Random       ? "R"
                        : t.pattern == models::AccessPattern::Sequential ? "S"
                                                                         : "SI";
  char buf[128];
  std::snprintf(buf, sizeof buf, "B%llu-T%d-O%d-W%.0f-P%s", static_cast<unsigned long long>(t.block_bytes / 1024),
                t.threads, t.outstanding, t.write_fraction * 100, pattern);
  std::string name = buf;
  // A block that is not whole KiB: the name alone would round it.
  if (t.block_bytes % 1024 != 0) name += " -b" + std::to_string(t.block_bytes);
  return name;
}

std::string extra_switches(const models::DiskspdTarget& t) {
  std::string out;
  // flag + value, appended (GCC 12 warns falsely on "literal" + std::string temporaries).
  auto add = [&](const char* flag, const std::string& value = {}) {
    if (!out.empty()) out += ' ';
    out.append(flag).append(value);
  };
  if (t.random_align_bytes > 0) add("-r", diskspd_size(t.random_align_bytes));
  if (t.random_percent < 100) add("-rs", std::to_string(t.random_percent));
  if (t.distribution != models::DistributionKind::Uniform) {
    const bool pct = t.distribution == models::DistributionKind::Percent;
    std::string d;
    for (std::size_t i = 0; i < t.ranges.size(); ++i) {
      if (i) d += ':';
      d.append(std::to_string(t.ranges[i].io_percent)).append("/");
      d.append(pct ? std::to_string(t.ranges[i].span) : diskspd_size(t.ranges[i].span));
    }
    add(pct ? "-rdpct" : "-rdabs", d);
  }
  // fio's skew has no DISKSPD switch: named as fio writes it.
  if (t.skew != models::PopularitySkew::None) {
    add(t.skew == models::PopularitySkew::Zipf ? "random_distribution=zipf:" : "random_distribution=pareto:",
        format_number(t.skew_parameter));
  }
  if (t.base_offset_bytes > 0) add("-B", diskspd_size(t.base_offset_bytes));
  if (t.max_offset_bytes > 0) add("-f", diskspd_size(t.max_offset_bytes));
  if (t.thread_stride_bytes > 0) add("-T", diskspd_size(t.thread_stride_bytes));
  // -g in the unit it was given in: -g2000i stays -g2000i (not the 16384 bytes per ms it comes to).
  if (t.throughput_iops > 0) {
    add("-g", std::to_string(t.throughput_iops) + "i");
  } else if (t.throughput_bytes_per_ms > 0) {
    add("-g", std::to_string(t.throughput_bytes_per_ms));
  }
  if (t.write_buffer == models::WriteBufferContent::RandomPerIo) add("-Zr");
  return out;
}

std::string workload_name(const models::DiskspdSpec& w) {
  auto target_name = [](const models::DiskspdTarget& t) {
    const std::string extra = extra_switches(t);
    return vmfleet_name(t) + (extra.empty() ? "" : " " + extra);
  };
  if (w.targets.size() == 1) {
    const std::string name = target_name(w.targets.front());
    return w.profile.empty() ? name : w.profile + " (" + name + ")";
  }
  std::string out =
      (w.profile.empty() ? std::string() : w.profile + ": ") + std::to_string(w.targets.size()) + " targets [";
  for (std::size_t i = 0; i < w.targets.size(); ++i) out += (i ? "; " : "") + target_name(w.targets[i]);
  return out + "]";
}

}  // namespace hcisim::frontend
