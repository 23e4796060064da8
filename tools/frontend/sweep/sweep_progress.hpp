// Progress of a sweep, written to `log` (the program's standard error): one
// line rewritten in place on a terminal (points done, running, elapsed, ETA), a
// plain line per finished point otherwise (logs, batch jobs), nothing when quiet.
#pragma once

#include <chrono>
#include <cstdio>
#include <ostream>
#include <string>

namespace hcisim::frontend {

class SweepProgress {
 public:
  SweepProgress(std::ostream& log, std::size_t total, std::size_t already_done, bool quiet, bool terminal)
      : log_(log),
        total_(total),
        done_(already_done),
        resumed_(already_done),
        quiet_(quiet),
        terminal_(terminal),
        start_(std::chrono::steady_clock::now()) {}

  void point_done(const std::string& label) {
    ++done_;
    if (quiet_) return;
    const double elapsed = seconds();
    const std::size_t fresh = done_ - resumed_;
    const double eta = fresh > 0 ? elapsed / static_cast<double>(fresh) * static_cast<double>(total_ - done_) : 0;
    const std::string counts = std::to_string(done_) + "/" + std::to_string(total_);
    if (terminal_) {
      log_ << "\rsweep: " << counts << " points, " << clock(elapsed) << " elapsed, ETA " << clock(eta) << "   ";
    } else {
      log_ << "sweep: " << counts << " " << label << ", " << clock(elapsed) << " elapsed, ETA " << clock(eta) << "\n";
    }
    log_ << std::flush;
  }
  void finish() {
    if (!quiet_ && terminal_) log_ << "\r" << std::string(70, ' ') << "\r" << std::flush;
  }
  double seconds() const { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count(); }

 private:
  static std::string clock(double s) {
    char buf[32];
    const long total = static_cast<long>(s + 0.5);
    if (total >= 3600) {
      std::snprintf(buf, sizeof buf, "%ld:%02ld:%02ld", total / 3600, total / 60 % 60, total % 60);
    } else {
      std::snprintf(buf, sizeof buf, "%ld:%02ld", total / 60, total % 60);
    }
    return buf;
  }
  std::ostream& log_;
  std::size_t total_, done_, resumed_;
  bool quiet_, terminal_;
  std::chrono::steady_clock::time_point start_;
};

}  // namespace hcisim::frontend
