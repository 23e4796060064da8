#include <atomic>
#include <exception>
#include <mutex>
#include <stdexcept>
#include <thread>

#include "tools/cli/sweep_run.hpp"

namespace hcisim::cli {

std::string point_label(const frontend::SweepPoint& point) {
  std::string label = "point " + std::to_string(point.index);
  for (std::size_t i = 0; i < point.assignments.size(); ++i) label += (i == 0 ? " [" : ", ") + point.assignments[i];
  return label + (point.assignments.empty() ? "" : "]");
}

void run_on_threads(const std::vector<const SweepJob*>& jobs, int threads, const PointWork& work,
                    const RowDone& done) {
  std::atomic<std::size_t> next{0};
  std::atomic<bool> failed{false};
  std::mutex lock;
  std::string failure;
  auto worker = [&] {
    for (;;) {
      if (failed) return;
      const std::size_t i = next++;
      if (i >= jobs.size()) return;
      try {
        const nlohmann::json row = work(*jobs[i]);
        const std::lock_guard guard(lock);
        done(*jobs[i], row);
      } catch (const std::exception& e) {
        const std::lock_guard guard(lock);
        if (!failed) failure = point_label(jobs[i]->point) + ": " + e.what();
        failed = true;
        return;
      }
    }
  };
  const int n = std::max(1, std::min<int>(threads, static_cast<int>(jobs.size())));
  std::vector<std::thread> pool;
  for (int t = 1; t < n; ++t) pool.emplace_back(worker);
  worker();
  for (std::thread& t : pool) t.join();
  if (failed) throw std::runtime_error(failure);
}

}  // namespace hcisim::cli
