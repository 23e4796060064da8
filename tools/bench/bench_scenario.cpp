// Simulator speed on one core, in three parts.
//
// 1. Speed per scenario (default: the AX-7525 Test 1 4K random read, Test 2 8K
//    30 % write and Test 1 4K random write): simulated I/Os per wall second of
//    simulate() (set-up included), kernel events per I/O, and, in the same
//    process, a bare loop over the same closed population: one event per I/O
//    on a std::priority_queue, pop the earliest completion and schedule that
//    slot's next I/O at now + Exp(the run's mean latency), as many I/Os as the
//    run simulated. hcisim / bare is the figure that survives a busy machine
//    (both see the same load); runs alternate and the best of each is kept.
//    Then, for each scenario, its events per I/O by handler (which step of the
//    I/O path each event is: a CPU burst's end, a drive's completion, a
//    message's delivery...): where fewer events per I/O would have to come from.
//    Part 1a turns events per I/O into a ceiling: the I/Os per second the
//    scenario would reach were each of its events as cheap as a bare-loop
//    event, and what an hcisim event costs in bare-loop events.
// 2. Memory over a long run: resident memory sampled through the run of the
//    first scenario for 1 s of simulated time: at 10 %, at 50 %, at the end, and the peak.
// 3. Set-up time of large clusters: the Test 1 4K read scaled to 4 .. 1,024
//    nodes (64 VMs each), simulate() over 1 us of simulated time: building the
//    model, placing every slab, issuing the first I/O of every slot, and the report;
//    in wall and CPU seconds, with the page faults and the peak resident memory
//    of each (the part of set-up that a busy machine does not blur).
//
//   bench_scenario [--repeat N] [--seconds S] [--no-speed] [--no-anatomy] [--no-memory] [--no-setup]
//                  [--setup-nodes N ...] [SCENARIO ...]
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <cxxabi.h>
#include <fstream>
#include <functional>
#include <map>
#include <memory>
#include <queue>
#include <string>
#include <sys/resource.h>
#include <typeindex>
#include <typeinfo>
#include <unistd.h>
#include <unordered_map>
#include <vector>

#include "models/run/simulation.hpp"
#include "models/run/steady_state.hpp"
#include "sim/event_queue.hpp"
#include "sim/random.hpp"
#include "tools/bench/bench_main.hpp"
#include "tools/frontend/input/catalog.hpp"
#include "tools/frontend/input/scenario_loader.hpp"

using namespace hcisim;
using Clock = std::chrono::steady_clock;

namespace {

double seconds_since(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }

// CPU time of this process: on a machine shared with other work, the time it
// really ran (wall time also counts the time others had the core).
double cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

struct Rate {
  double wall = 0;  // per wall second
  double cpu = 0;   // per CPU second
  void best_of(double count, double wall_s, double cpu_s) {
    wall = std::max(wall, count / wall_s);
    cpu = std::max(cpu, count / cpu_s);
  }
};

double resident_mib() {
  std::ifstream statm("/proc/self/statm");
  long pages = 0, resident = 0;
  statm >> pages >> resident;
  return static_cast<double>(resident) * static_cast<double>(sysconf(_SC_PAGESIZE)) / (1024.0 * 1024.0);
}

// Minor page faults of this process so far: each first touch of a fresh page
// (dear on a virtual machine, where set-up of a large cluster is mostly that).
long page_faults() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return usage.ru_minflt;
}

// Peak resident memory since the last reset_peak_resident() (VmHWM), MiB.
double peak_resident_mib() {
  std::ifstream status("/proc/self/status");
  std::string line;
  while (std::getline(status, line)) {
    if (line.rfind("VmHWM:", 0) == 0) return std::stod(line.substr(6)) / 1024.0;
  }
  return 0;
}
// Where the kernel allows it (Linux 4.0+), the peak starts again from what is resident now.
void reset_peak_resident() { std::ofstream("/proc/self/clear_refs") << "5"; }

std::string first_line_of(const char* path, const std::string& prefix) {
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind(prefix, 0) == 0) return line.substr(line.find(':') + 2);
  }
  return "?";
}

std::string load_average() {
  std::ifstream in("/proc/loadavg");
  std::string one, five, fifteen;
  in >> one >> five >> fifteen;
  return one + " " + five + " " + fifteen;
}

// ---- The bare loop: one event per I/O, nothing else. ----

struct Completion final : sim::EventHandler {
  std::uint64_t completed = 0;
  void on_event(std::uint64_t) override { ++completed; }
};

struct BareEvent {
  sim::SimTime time;
  std::uint64_t seq;
  sim::EventHandler* handler;
  std::uint64_t slot;
  bool operator>(const BareEvent& o) const { return time > o.time || (time == o.time && seq > o.seq); }
};

// The bare loop's exponential draw, -log(1 - u), as it has been since the loop
// was defined: the baseline keeps its cost when the simulator's own draws
// change (RandomStream::exponential became a ziggurat), so ratios stay comparable.
double bare_exponential(sim::RandomStream& rng, double mean) { return -std::log(1.0 - rng.uniform01()) * mean; }

// `population` slots, each completion re-issuing its slot after Exp(mean_ns),
// for `ios` completions: I/Os per wall and per CPU second.
void bare_loop(std::size_t population, double mean_ns, std::uint64_t ios, Rate& rate) {
  std::vector<BareEvent> storage;
  storage.reserve(population);
  std::priority_queue<BareEvent, std::vector<BareEvent>, std::greater<>> heap(std::greater<>{}, std::move(storage));
  Completion sink;
  sim::RandomStream rng(1, "bare");
  std::uint64_t seq = 0;
  for (std::size_t i = 0; i < population; ++i) {
    heap.push({static_cast<sim::SimTime>(bare_exponential(rng, mean_ns)), seq++, &sink, i});
  }
  const auto start = Clock::now();
  const double cpu_start = cpu_seconds();
  for (std::uint64_t i = 0; i < ios; ++i) {
    const BareEvent e = heap.top();
    heap.pop();
    e.handler->on_event(e.slot);
    heap.push({e.time + static_cast<sim::SimTime>(bare_exponential(rng, mean_ns)), seq++, e.handler, e.slot});
  }
  rate.best_of(static_cast<double>(ios), seconds_since(start), cpu_seconds() - cpu_start);
  if (sink.completed != ios) std::printf("warning: bare loop lost completions\n");
}

std::size_t population_of(const models::ScenarioSpec& spec) {
  std::size_t vms = 0;
  for (const int n : spec.vms.per_node) vms += static_cast<std::size_t>(n);
  std::size_t per_vm = 0;
  for (const auto& t : spec.vms.workload.targets) {
    per_vm += static_cast<std::size_t>(t.threads) * static_cast<std::size_t>(t.outstanding);
  }
  return vms * per_vm;
}

// ---- 1. Speed ----

// What a scenario's events per I/O alone allow: were each of hcisim's events as
// cheap as one of the bare loop's (a heap pop and push, a draw, a call: no model
// work at all), it would run bare / (events per I/O) I/Os per second. That is a
// ceiling no tuning of the handlers can pass; only fewer events per I/O can.
// "event cost" is what one hcisim event, its stage's model work included,
// costs in bare-loop events. CPU-time figures: they survive a shared machine.
struct Ceiling {
  std::string name;
  double events_per_io;
  double sim_per_cpu;
  double bare_per_cpu;
};

void print_ceilings(const std::vector<Ceiling>& rows) {
  std::printf("\n1a. the ceiling set by events per I/O: I/Os per CPU second were every hcisim event as cheap as a\n");
  std::printf("    bare-loop event (model work free), and what an hcisim event costs in bare-loop events\n");
  std::printf("%-36s %9s %15s %15s %11s\n", "scenario", "events/IO", "bare events/cpu", "ceiling I/O/cpu",
              "event cost");
  for (const Ceiling& row : rows) {
    std::printf("%-36s %9.2f %15.3e %15.3e %11.2f\n", row.name.c_str(), row.events_per_io, row.bare_per_cpu,
                row.bare_per_cpu / row.events_per_io, row.bare_per_cpu / (row.sim_per_cpu * row.events_per_io));
  }
  std::fflush(stdout);
}

void speed(const std::vector<std::string>& files, const frontend::Catalog& catalog, int repeat, double seconds) {
  std::printf("\n1. speed: simulate() on one core (set-up included), against a bare one-event-per-I/O heap loop\n");
  std::printf("   over the same closed population in this process; best of %d alternating runs each, per wall\n",
              repeat);
  std::printf("   second and per second of CPU time of this process (the robust one when the machine is shared)\n");
  std::printf("%-36s %9s %10s %9s %11s %11s %7s %11s %11s %7s\n", "scenario", "simulated", "sim I/Os", "events/IO",
              "I/O per s", "bare", "ratio", "I/O per cpu", "bare", "ratio");
  std::vector<Ceiling> ceilings;
  for (const std::string& file : files) {
    models::ScenarioSpec spec = frontend::load_scenario(file, catalog);
    spec.run.duration_ns = static_cast<std::int64_t>(seconds * 1e9);
    const std::size_t population = population_of(spec);
    Rate sim_rate, bare_rate;
    std::uint64_t ios = 0, events = 0;
    for (int r = 0; r < repeat; ++r) {
      const double cpu_start = cpu_seconds();
      const models::RunResult result = models::simulate(spec);
      const double cpu = cpu_seconds() - cpu_start;
      const auto& p = result.performance;
      ios = p.simulated_ios;
      events = p.events;
      sim_rate.best_of(static_cast<double>(ios), p.wall_seconds, cpu);
      bare_loop(population, std::max(1.0, result.all_latency.mean_s * 1e9), ios, bare_rate);
    }
    const std::size_t at = file.find("scenarios/");
    const std::string name = at == std::string::npos ? file : file.substr(at + 10);
    std::printf("%-36s %6.0f ms %10llu %9.2f %11.3e %11.3e %7.3f %11.3e %11.3e %7.3f\n", name.c_str(),
                (spec.run.warmup_ns + spec.run.duration_ns) / 1e6, static_cast<unsigned long long>(ios),
                static_cast<double>(events) / static_cast<double>(ios), sim_rate.wall, bare_rate.wall,
                sim_rate.wall / bare_rate.wall, sim_rate.cpu, bare_rate.cpu, sim_rate.cpu / bare_rate.cpu);
    std::fflush(stdout);
    ceilings.push_back({name, static_cast<double>(events) / static_cast<double>(ios), sim_rate.cpu, bare_rate.cpu});
  }
  print_ceilings(ceilings);
}

// ---- 1b. Events per I/O by handler ----

// Counts a run's events by the dynamic type of their handler.
class EventsByHandler final : public sim::EventObserver {
 public:
  void fired(const sim::EventHandler& handler) override { ++counts_[std::type_index(typeid(handler))]; }
  // "Owner::method" for a MemberEvent, the class name otherwise, namespaces dropped.
  static std::string name_of(const std::type_index& type) {
    int status = 0;
    const std::unique_ptr<char, void (*)(void*)> demangled(abi::__cxa_demangle(type.name(), nullptr, nullptr, &status),
                                                           std::free);
    std::string name = status == 0 ? demangled.get() : type.name();
    const std::size_t member = name.rfind('&');
    if (member != std::string::npos) name = name.substr(member + 1, name.rfind('>') - member - 1);
    for (const std::string prefix : {"hcisim::models::", "hcisim::sim::", "(anonymous namespace)::"}) {
      for (std::size_t at; (at = name.find(prefix)) != std::string::npos;) name.erase(at, prefix.size());
    }
    return name;
  }
  // Handler name -> events, most first.
  std::multimap<std::uint64_t, std::string, std::greater<>> by_count() const {
    std::multimap<std::uint64_t, std::string, std::greater<>> sorted;
    for (const auto& [type, count] : counts_) sorted.emplace(count, name_of(type));
    return sorted;
  }

 private:
  std::unordered_map<std::type_index, std::uint64_t> counts_;
};

void anatomy(const std::vector<std::string>& files, const frontend::Catalog& catalog, double seconds) {
  std::printf("\n1b. events per simulated I/O by handler (one run of each, warm-up included)\n");
  for (const std::string& file : files) {
    models::ScenarioSpec spec = frontend::load_scenario(file, catalog);
    spec.run.duration_ns = static_cast<std::int64_t>(seconds * 1e9);
    EventsByHandler counter;
    models::RunOptions options;
    options.events = &counter;
    const models::RunResult result = models::simulate(spec, options);
    const double ios = static_cast<double>(result.performance.simulated_ios);
    const std::size_t at = file.find("scenarios/");
    std::printf("   %s: %.2f events per I/O\n", at == std::string::npos ? file.c_str() : file.c_str() + at + 10,
                static_cast<double>(result.performance.events) / ios);
    for (const auto& [count, name] : counter.by_count()) {
      if (static_cast<double>(count) / ios < 0.005) continue;
      std::printf("   %8.3f  %s\n", static_cast<double>(count) / ios, name.c_str());
    }
    std::fflush(stdout);
  }
}

// ---- 3. Set-up of large clusters ----

void setup(const std::string& file, const frontend::Catalog& catalog, const std::vector<int>& node_counts) {
  std::printf("\n3. set-up: %s scaled to N nodes (64 VMs each), simulate() over 1 us simulated\n",
              file.substr(file.find_last_of('/') + 1).c_str());
  std::printf("%8s %8s %12s %10s %10s %10s %12s %10s %10s\n", "nodes", "VMs", "I/O slots", "load s", "set-up s",
              "CPU s", "page faults", "peak MiB", "after MiB");
  for (const int nodes : node_counts) {
    const auto load_start = Clock::now();
    models::ScenarioSpec spec = frontend::load_scenario(file, catalog);
    const double load = seconds_since(load_start);
    spec.cluster.node_count = nodes;
    spec.vms.per_node.assign(static_cast<std::size_t>(nodes), 64);
    spec.run.warmup_ns = 0;
    spec.run.duration_ns = 1000;
    reset_peak_resident();
    const long faults_before = page_faults();
    const double cpu_start = cpu_seconds();
    const auto start = Clock::now();
    try {
      models::simulate(spec);
    } catch (const models::NoCompletedIo&) {
      // Expected: no I/O completes within 1 us. Thrown once the run and its report are done.
    }
    const double wall = seconds_since(start);
    const double cpu = cpu_seconds() - cpu_start;
    std::printf("%8d %8d %12zu %10.3f %10.3f %10.3f %12ld %10.1f %10.1f\n", nodes, nodes * 64, population_of(spec),
                load, wall, cpu, page_faults() - faults_before, peak_resident_mib(), resident_mib());
    std::fflush(stdout);
  }
}

// ---- 2. Memory over a long run ----

void memory(const std::string& file, const frontend::Catalog& catalog) {
  models::ScenarioSpec spec = frontend::load_scenario(file, catalog);
  spec.run.duration_ns = 1'000'000'000;
  std::printf("\n2. memory: %s for %.0f ms simulated, resident memory during the run\n",
              file.substr(file.find_last_of('/') + 1).c_str(), (spec.run.warmup_ns + spec.run.duration_ns) / 1e6);
  double rss_early = 0, rss_half = 0, rss_end = 0, rss_peak = 0;
  models::RunOptions options;
  options.progress = [&](double fraction) {
    const double rss = resident_mib();
    if (fraction >= 0.1 && rss_early == 0) rss_early = rss;
    if (fraction >= 0.5 && rss_half == 0) rss_half = rss;
    rss_end = rss;
    rss_peak = std::max(rss_peak, rss);
  };
  const models::RunResult result = models::simulate(spec, options);
  const auto& p = result.performance;
  std::printf("%12s %12s %14s %10s %10s %10s %10s\n", "sim I/Os", "wall s", "peak pending", "RSS 10 %", "RSS 50 %",
              "RSS end", "RSS peak");
  std::printf("%12llu %12.3f %14llu %10.1f %10.1f %10.1f %10.1f  MiB\n",
              static_cast<unsigned long long>(p.simulated_ios), p.wall_seconds,
              static_cast<unsigned long long>(p.peak_pending_events), rss_early, rss_half, rss_end, rss_peak);
}

}  // namespace

int main(int argc, char** argv) {
  return bench::run_bench("bench_scenario", argc, argv, [](const std::vector<std::string>& args) {
    namespace po = boost::program_options;
    const std::string dir = std::string(HCISIM_SOURCE_DIR) + "/scenarios/ax7525/";
    std::vector<std::string> files;
    int repeat = 3;
    double seconds = 0.2;
    bool no_setup = false, no_memory = false, no_speed = false, no_anatomy = false;
    std::vector<int> setup_nodes;
    po::options_description options("bench_scenario options");
    options.add_options()("repeat", po::value(&repeat), "alternating runs of each scenario; the best is kept (3)")(
        "seconds", po::value(&seconds), "simulated seconds measured per run (0.2)")(
        "no-setup", po::bool_switch(&no_setup), "skip part 3, the set-up of large clusters")(
        "no-memory", po::bool_switch(&no_memory), "skip part 2, memory over a long run")(
        "no-speed", po::bool_switch(&no_speed), "skip part 1, the speed of simulate()")(
        "no-anatomy", po::bool_switch(&no_anatomy), "skip part 1b, the events per I/O by handler")(
        "setup-nodes", po::value(&setup_nodes)->multitoken(), "node counts part 3 sets up (4 64 256 1024)")(
        "scenarios", po::value(&files),
        "scenario files (default: AX-7525 Test 1 4K read, Test 2 8K 30 % write, Test 1 4K write)");
    po::variables_map vm;
    if (!bench::parse_bench_args(args, "usage: bench_scenario [SCENARIO ...] [options]", options, "scenarios", -1,
                                 vm)) {
      return 0;
    }
    bench::require_at_least("--repeat", repeat, 1);
    if (!(seconds > 0)) throw cli::UsageError{"--seconds: expected a positive number of seconds"};
    if (setup_nodes.empty()) setup_nodes = {4, 64, 256, 1024};
    for (const int nodes : setup_nodes) bench::require_at_least("--setup-nodes", nodes, 3);
    if (files.empty()) {
      files = {dir + "test1-4k-random-read.yaml", dir + "test2-8k-random-30w.yaml", dir + "test1-4k-random-write.yaml"};
    }
    std::printf("machine: %s, %ld CPUs online; load average at start %s\n",
                first_line_of("/proc/cpuinfo", "model name").c_str(), sysconf(_SC_NPROCESSORS_ONLN),
                load_average().c_str());
    const auto catalog = frontend::Catalog::load();
    if (!no_speed) speed(files, catalog, repeat, seconds);
    if (!no_anatomy) anatomy(files, catalog, seconds);
    if (!no_memory) memory(files.front(), catalog);
    if (!no_setup) setup(dir + "test1-4k-random-read.yaml", catalog, setup_nodes);
    std::printf("\nload average at end %s\n", load_average().c_str());
    return 0;
  });
}
