#include "models/workload/stream_coverage.hpp"

#include <algorithm>

#include "models/result/run_result.hpp"
#include "models/workload/diskspd_regions.hpp"

namespace hcisim::models {

StreamCoverage stream_coverage(const DiskspdSpec& workload, const std::vector<TargetTraffic>& traffic, double run_s) {
  StreamCoverage c;
  if (run_s <= 0) return c;
  double total = 0, short_ios = 0;
  for (const TargetTraffic& t : traffic) {
    total += t.ios;
    const DiskspdTarget& target = workload.targets[t.target];
    if (target.pattern == AccessPattern::Random || t.ios <= 0 || t.vms <= 0) continue;
    const TargetRegion region = resolve_region(target, workload.file_bytes);
    const double streams = t.vms * (target.pattern == AccessPattern::Sequential ? target.threads : 1);
    const double passed = t.ios / streams * static_cast<double>(target.block_bytes);
    const double covered = passed / static_cast<double>(region.end - region.start);
    if (covered >= 1) continue;
    short_ios += t.ios;
    c.least = std::min(c.least, covered);
    c.needed_s = std::max(c.needed_s, run_s / covered);
  }
  c.short_share = total > 0 ? short_ios / total : 0;
  return c;
}

void warn_short_streams(RunResult& result, const StreamCoverage& coverage) {
  if (coverage.short_share <= kShortStreamShare) return;
  Finding streams;
  streams.kind = FindingKind::ShortStreams;
  streams.least_covered = coverage.least;
  streams.short_share = coverage.short_share;
  streams.suggested_run_s = coverage.needed_s;
  result.warnings.push_back(streams);
}

}  // namespace hcisim::models
