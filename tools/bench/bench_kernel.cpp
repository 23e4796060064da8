// The classic hold model: N events pending; pop the earliest, push one at
// now + Exp(1 us). Run on the hcisim EventQueue and, in the same process, on a
// plain std::priority_queue of {time, seq, handler, arg} as a baseline.
// Prints events per second for each and the ratio. Not a test: a benchmark.
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <queue>
#include <vector>

#include "sim/event_queue.hpp"
#include "sim/random.hpp"
#include "tools/bench/bench_main.hpp"

using namespace hcisim::sim;

namespace {

struct Sink final : EventHandler {
  std::uint64_t sum = 0;
  void on_event(std::uint64_t arg) override { sum += arg; }
};

struct BaselineEvent {
  SimTime time;
  std::uint64_t seq;
  EventHandler* handler;
  std::uint64_t arg;
  bool operator>(const BaselineEvent& o) const { return time > o.time || (time == o.time && seq > o.seq); }
};

using Clock = std::chrono::steady_clock;

double hold_kernel(std::size_t n, std::uint64_t ops, std::uint64_t& checksum) {
  EventQueue queue;
  Sink sink;
  RandomStream rng(1, "hold");
  for (std::size_t i = 0; i < n; ++i) queue.push(static_cast<SimTime>(rng.exponential(1000.0)), &sink, i);
  const auto start = Clock::now();
  FiredEvent fired;
  for (std::uint64_t i = 0; i < ops; ++i) {
    queue.pop(fired);
    fired.handler->on_event(fired.arg);
    queue.push(fired.time + static_cast<SimTime>(rng.exponential(1000.0)), &sink, i);
  }
  const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
  checksum = sink.sum;
  return static_cast<double>(ops) / seconds;
}

double hold_baseline(std::size_t n, std::uint64_t ops, std::uint64_t& checksum) {
  std::priority_queue<BaselineEvent, std::vector<BaselineEvent>, std::greater<>> queue;
  Sink sink;
  RandomStream rng(1, "hold");
  std::uint64_t seq = 0;
  for (std::size_t i = 0; i < n; ++i) {
    queue.push({static_cast<SimTime>(rng.exponential(1000.0)), seq++, &sink, i});
  }
  const auto start = Clock::now();
  for (std::uint64_t i = 0; i < ops; ++i) {
    const BaselineEvent e = queue.top();
    queue.pop();
    e.handler->on_event(e.arg);
    queue.push({e.time + static_cast<SimTime>(rng.exponential(1000.0)), seq++, &sink, i});
  }
  const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
  checksum = sink.sum;
  return static_cast<double>(ops) / seconds;
}

// The four populations, hcisim's queue against the baseline.
int run_hold_models(double scale) {
  std::printf("hold model: pop earliest, push at now + Exp(1 us); events per second (best of 3)\n");
  std::printf("%10s %16s %16s %8s\n", "pending", "hcisim queue", "priority_queue", "ratio");
  for (std::size_t n : {std::size_t{1000}, std::size_t{10000}, std::size_t{100000}, std::size_t{1000000}}) {
    const auto ops = static_cast<std::uint64_t>((n >= 1000000 ? 6e6 : 1e7) * scale);
    double best_kernel = 0, best_baseline = 0;
    std::uint64_t c1 = 0, c2 = 0;
    for (int rep = 0; rep < 3; ++rep) {
      best_kernel = std::max(best_kernel, hold_kernel(n, ops, c1));
      best_baseline = std::max(best_baseline, hold_baseline(n, ops, c2));
    }
    if (c1 != c2)
      std::printf("warning: checksums differ (%llu vs %llu)\n", static_cast<unsigned long long>(c1),
                  static_cast<unsigned long long>(c2));
    std::printf("%10zu %16.3e %16.3e %8.2f\n", n, best_kernel, best_baseline, best_kernel / best_baseline);
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  return hcisim::bench::run_bench("bench_kernel", argc, argv, [](const std::vector<std::string>& args) {
    namespace po = boost::program_options;
    double scale = 1.0;
    po::options_description options("bench_kernel options");
    options.add_options()("scale", po::value(&scale), "multiplies the operation counts (1; 0.01 under valgrind)");
    po::variables_map vm;
    if (!hcisim::bench::parse_bench_args(args, "usage: bench_kernel [SCALE]", options, "scale", 1, vm)) return 0;
    if (!(scale >= 1e-4 && scale <= 100)) throw hcisim::cli::UsageError{"SCALE: expected a number from 0.0001 to 100"};
    return run_hold_models(scale);
  });
}
