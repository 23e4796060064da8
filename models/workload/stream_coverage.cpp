#include "models/workload/stream_coverage.hpp"

#include <algorithm>
#include <cstdio>
#include <string>

#include "models/result/run_result.hpp"
#include "models/result/warning_text.hpp"
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
  char least[32];  // two digits: a short run's share can be a small fraction of a percent
  std::snprintf(least, sizeof least, "%.2g%%", coverage.least * 100);
  result.warnings.push_back("sequential streams passed over only " + std::string(least) +
                            " of their region in the run (" + percent_text(coverage.short_share) +
                            " of the I/O): the figures are those of the few slabs they passed, not the average over "
                            "the file that a benchmark covering it measures; try a warm-up + duration of at least " +
                            duration_text(coverage.needed_s));
}

}  // namespace hcisim::models
