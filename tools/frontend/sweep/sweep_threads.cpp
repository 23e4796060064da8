#include <algorithm>
#include <atomic>
#include <exception>
#include <mutex>
#include <stdexcept>
#include <thread>
#include <vector>

#include "tools/frontend/sweep/sweep_points.hpp"

namespace hcisim::frontend {

std::string point_label(const SweepPoint& point) {
  std::string label = "point " + std::to_string(point.index);
  for (std::size_t i = 0; i < point.assignments.size(); ++i) label += (i == 0 ? " [" : ", ") + point.assignments[i];
  return label + (point.assignments.empty() ? "" : "]");
}

void run_on_threads(const PointQueue& queue, int threads, const PointWork& work, const PointDone& done,
                    const PointName& name) {
  std::atomic<bool> failed{false};
  std::mutex lock;  // over queue.next, done and failure
  std::string failure;
  auto worker = [&] {
    for (;;) {
      std::optional<std::size_t> index;
      try {
        const std::lock_guard guard(lock);
        if (failed) return;
        index = queue.next();
        if (!index) return;
        // Released before the work: the point runs in parallel with the others.
      } catch (const std::exception& e) {
        const std::lock_guard guard(lock);
        if (!failed) failure = e.what();
        failed = true;
        return;
      }
      try {
        const PointOutcome outcome = work(*index);
        const std::lock_guard guard(lock);
        done(*index, outcome);
      } catch (const std::exception& e) {
        const std::lock_guard guard(lock);
        if (!failed) failure = name(*index) + ": " + e.what();
        failed = true;
        return;
      }
    }
  };
  const std::size_t most = std::max<std::size_t>(1, queue.most);
  const int n = static_cast<int>(std::min<std::size_t>(static_cast<std::size_t>(std::max(1, threads)), most));
  std::vector<std::thread> pool;
  for (int t = 1; t < n; ++t) pool.emplace_back(worker);
  worker();
  for (std::thread& t : pool) t.join();
  if (failed) throw std::runtime_error(failure);
}

}  // namespace hcisim::frontend
