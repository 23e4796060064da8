// hcisim sweep SCENARIO --vary key.path=v1,v2,... [--vary ...] [--out DIR] [--csv F] [--json F] [--jobs N] [--fast]
//              [--dry-run]
// hcisim sweep SCENARIO --over key.path=LO..HI --slo 'read.p99<=1ms' [--largest | --smallest]
// The options are read here; the grid and the search run in the front end
// (frontend/sweep/sweep_grid_run.hpp, sweep_search.hpp).
#include <unistd.h>

#include <filesystem>
#include <iostream>
#include <limits>
#include <memory>
#include <thread>

#include "tools/cli/commands.hpp"
#include "tools/cli/options.hpp"
#include "tools/cli/sweep_mpi.hpp"
#include "tools/frontend/base/input_files.hpp"
#include "tools/frontend/base/message_text.hpp"
#include "tools/frontend/base/output_file.hpp"
#include "tools/frontend/base/units.hpp"
#include "tools/frontend/report/plots.hpp"
#include "tools/frontend/sweep/sweep_grid_run.hpp"
#include "tools/frontend/sweep/sweep_search.hpp"
#include "tools/frontend/sweep/sweep_setup.hpp"

namespace hcisim::cli {

namespace po = boost::program_options;

namespace {

const char* kUsage =
    "usage: hcisim sweep SCENARIO --vary key.path=v1,v2,... [--vary ...] [options]\n"
    "       hcisim sweep SCENARIO --over key.path=LO..HI --slo 'read.p99<=1ms' [--largest | --smallest] [options]\n"
    "\n"
    "Runs the scenario at every combination of the --vary values (the keys and checks of\n"
    "--set; the first --vary varies slowest) and writes one row per point: the values, then\n"
    "every figure of `run` (IOPS, MB/s, latency percentiles in ms, stages, utilisation,\n"
    "bottleneck). A value LO..HI is every whole number from LO to HI, LO..HI+STEP every\n"
    "STEP-th and LO..HI*FACTOR a geometric series (1..256*2: 1, 2, 4, ... 256).\n"
    "Each point runs with the scenario's own seed, so the rows do not depend on\n"
    "the order or the number of jobs. With --out DIR each finished point is written at once\n"
    "(DIR/points/), and a sweep restarted with the same arguments and unchanged input files\n"
    "(DIR/manifest.json lists every file the points read) skips them. Points are loaded as\n"
    "they run, never the whole grid at once. --dry-run checks every point and estimates the\n"
    "wall time from a pilot of each one still to run.\n"
    "Under mpirun (hcisim built with Boost.MPI) rank 0 hands out points, the others run them.\n"
    "Standard output shows a table of the points (IOPS, MB/s, read and write mean and p99 in\n"
    "ms, bottleneck); --csv - or --json - puts the rows there instead. Progress (points done,\n"
    "ETA) goes to standard error, except with --fast, whose points take milliseconds.\n"
    "\n"
    "With --over and --slo it searches instead, for one value of the key. By default\n"
    "(--largest) the largest value whose run meets every --slo, assuming that once a value\n"
    "misses them every larger one does: a load (vms.workload.outstanding, vms.per_node).\n"
    "With --smallest (or --minimise KEY) the smallest, assuming that once a value meets them\n"
    "every larger one does: a capacity (cluster.nodes). The fast path brackets the answer,\n"
    "the simulator confirms it (the values tried do not depend on --jobs), and a warning names\n"
    "any --slo that did not behave as assumed over the values simulated (or the fast path's).\n"
    "With none meeting them, it says so and gives the closest run. --maximise FIGURE\n"
    "(default total_iops) is the figure reported and where the search for the largest value\n"
    "starts; that search also gives the knee of the latency curve (where IOPS per unit of\n"
    "mean latency peaks).\n"
    "Examples:\n"
    "  hcisim sweep scenarios/ax7525/test2-8k-random-30w.yaml --vary cluster.nodes=4,8,16 \\\n"
    "               --vary vms.per_node=8..32*2 --out runs/nodes\n"
    "  hcisim sweep scenarios/ax7525/test1-4k-random-read.yaml --over vms.workload.outstanding=1..64 \\\n"
    "               --slo 'read.p99<=1ms' --maximise total_iops\n"
    "  hcisim sweep scenarios/ax7525/test2-8k-random-30w.yaml --set vms.workload.outstanding=2 \\\n"
    "               --over cluster.nodes=3..16 --smallest --slo 'total_iops>=2M' --slo 'write.p99<=2ms'";

int count_option(const std::string& name, const std::string& text, int min) {
  try {
    const std::int64_t n = frontend::parse_integer(text);
    if (n >= min && n <= 1'000'000) return static_cast<int>(n);
  } catch (const frontend::UnitError&) {
  }
  throw UsageError{"--" + name + ": expected a whole number from " + std::to_string(min) + ", got " +
                   frontend::in_quotes(text)};
}

}  // namespace

int sweep_command(const std::vector<std::string>& args) {
  po::options_description options("sweep options");
  std::string scenario, seed, duration, warmup, jobs_text, max_points_text, over, maximise, minimise;
  std::vector<std::string> varies, sets, user_dirs, slos;
  options.add_options()("scenario", po::value(&scenario)->required(), "the scenario file (YAML)")(
      "vary", po::value(&varies)->composing(),
      "an axis of the grid: key.path=v1,v2,... or LO..HI[+STEP|*FACTOR] (repeatable)")(
      "set", po::value(&sets)->composing(), "a what-if for every point, as in run (repeatable)")(
      "fast", "answer every point with the analytic fast path instead of simulating")(
      "out", po::value<std::string>(),
      "folder for the sweep: DIR/sweep.csv, DIR/sweep.json and DIR/points/ (resumable)")(
      "csv", po::value<std::string>(), "also write the rows as CSV to FILE ('-': standard output)")(
      "json", po::value<std::string>(), "also write the rows as JSON to FILE ('-': standard output)")(
      "plot", po::value<std::string>(),
      "draw the saturation curve (IOPS against p99 latency, a point per row) into DIR")(
      "jobs,j", po::value(&jobs_text), "points run at once (default: every core of this machine)")(
      "max-points", po::value(&max_points_text), "run at most N points not finished earlier, then stop (resume later)")(
      "mpi", "run over the ranks of an MPI job (as mpirun does by itself; an error without Boost.MPI)")(
      "over", po::value(&over), "search: the key and its integer range, key.path=LO..HI")(
      "slo", po::value(&slos)->composing(),
      "search: an objective every answer meets, like 'read.p99<=1ms' (repeatable)")(
      "largest",
      "search: the largest value of the --over key meeting every --slo (the default; a load: outstanding I/Os, VMs)")(
      "smallest", "search: the smallest value of the --over key meeting every --slo (a capacity: nodes, drives)")(
      "minimise", po::value(&minimise), "search: --minimise KEY, KEY being the --over key, is --smallest")(
      "minimize", po::value(&minimise), "the same as --minimise")(
      "maximise", po::value(&maximise)->default_value("total_iops"),
      "search for the largest: the figure reported, and where the search starts (the value the fast path gives the "
      "most "
      "of it, among those meeting every --slo); --maximise KEY, the --over key, is --largest")(
      "maximize", po::value(&maximise), "the same as --maximise")("catalog", po::value(&user_dirs)->composing(),
                                                                  "a folder of your own parts (repeatable)")(
      "seed", po::value(&seed), "override the scenario's random seed for every point")(
      "duration", po::value(&duration), "override the measured simulated time (e.g. 200ms)")(
      "warmup", po::value(&warmup), "override the warm-up (e.g. 20ms)")(
      "dry-run", "load and check every point, then estimate the sweep's wall time from a pilot of each point; run "
                 "and write nothing")("quiet,q", "no progress");
  add_precision_options(options, "each point stops");
  po::positional_options_description positional;
  positional.add("scenario", 1);
  po::variables_map vm;
  if (!parse_command_line(args, kUsage, options, positional, vm)) return 0;

  refuse_run_controls_with_fast(vm);
  frontend::SweepSetup setup;
  setup.scenario = scenario;
  setup.user_dirs = user_dirs;
  setup.sets = sets;
  add_precision_sets(vm, setup.sets);
  setup.fast = vm.count("fast") > 0;
  if (vm.count("seed")) {
    try {
      const std::int64_t s = frontend::parse_integer(seed);
      if (s < 0) throw frontend::UnitError("negative");
      setup.seed = static_cast<std::uint64_t>(s);
    } catch (const frontend::UnitError&) {
      throw UsageError{"--seed: expected a whole number from 0, got " + frontend::in_quotes(seed)};
    }
  }
  if (vm.count("duration")) setup.duration_ns = duration_option("duration", duration);
  if (vm.count("warmup")) setup.warmup_ns = duration_option("warmup", warmup);
  if (setup.duration_ns && *setup.duration_ns <= 0) throw UsageError{"--duration must be positive"};
  const int jobs = vm.count("jobs") ? count_option("jobs", jobs_text, 1)
                                    : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  const bool quiet = vm.count("quiet") > 0;
  const bool use_mpi = vm.count("mpi") > 0 || launched_by_mpirun();
  if (use_mpi && !mpi_available()) {
    throw std::runtime_error("MPI is not available: this hcisim was built without Boost.MPI (install libboost-mpi-dev "
                             "and openmpi-bin, then configure again); run the sweep without mpirun to use this "
                             "machine's cores");
  }

  const bool search = vm.count("over") || vm.count("slo");
  if (search && !varies.empty())
    throw UsageError{"--vary makes a grid, --over and --slo a search: give one or the other"};
  if (!search && varies.empty())
    throw UsageError{"sweep needs at least one --vary key.path=v1,v2,... (or --over and --slo)"};
  const bool maximise_given = !vm["maximise"].defaulted() || vm.count("maximize");
  if (!search && maximise_given) {
    throw UsageError{
        "--maximise is for a search (--over and --slo); a grid (--vary) reports every figure of every point"};
  }
  for (const char* option : {"largest", "smallest", "minimise", "minimize"}) {
    if (!search && vm.count(option)) {
      throw UsageError{std::string("--") + option +
                       " is for a search (--over and --slo); a grid (--vary) runs every point"};
    }
  }
  if (!search && vm.count("max-points") && !vm.count("out")) {
    throw UsageError{"--max-points stops a sweep to resume later: give --out DIR, where the finished points are kept"};
  }
  const bool dry_run = vm.count("dry-run") > 0;
  if (dry_run) {
    if (search) throw UsageError{"--dry-run estimates a grid (--vary): the runs of a search depend on what it finds"};
    if (setup.fast)
      throw UsageError{"--dry-run estimates simulated points: with --fast every point takes milliseconds"};
    if (use_mpi) throw UsageError{"--dry-run estimates on this machine: run it without mpirun"};
    for (const char* output : {"csv", "json", "plot"}) {
      if (vm.count(output)) throw UsageError{std::string("--dry-run writes nothing: drop --") + output};
    }
  }

  // Every output is checked before anything runs.
  const auto csv = output_option(vm, "csv");
  const auto json = output_option(vm, "json");
  require_distinct_outputs({csv.get(), json.get()});
  if (vm.count("plot") && vm["plot"].as<std::string>().empty()) throw UsageError{"--plot: expected a folder, got ''"};
  if (vm.count("out") && vm["out"].as<std::string>().empty()) {
    throw UsageError{"--out: expected a folder, got '' (for the current folder, say '.')"};
  }
  if (vm.count("plot")) frontend::check_plot_folder(vm["plot"].as<std::string>());  // before the points, as --json
  const std::vector<std::filesystem::path> dirs(user_dirs.begin(), user_dirs.end());
  {
    const frontend::InputRecording recording;
    setup.catalog = std::make_shared<frontend::Catalog>(setup.fast ? frontend::Catalog::load_lazy(dirs)
                                                                   : frontend::Catalog::load(dirs));
    setup.catalog_inputs = recording.files();
  }
  if (search) {
    if (!vm.count("over") || slos.empty())
      throw UsageError{"a search needs --over key.path=LO..HI and at least one --slo"};
    if (vm.count("out") || vm.count("max-points")) throw UsageError{"--out and --max-points are for grids (--vary)"};
    const std::string plot_dir = vm.count("plot") ? vm["plot"].as<std::string>() : std::string();
    frontend::SearchRequest request;
    request.over = over;
    request.slos = slos;
    request.maximise = maximise;
    request.maximise_given = maximise_given;
    if (vm.count("minimise") || vm.count("minimize")) request.minimise = minimise;
    request.smallest = vm.count("smallest") > 0;
    request.largest = vm.count("largest") > 0;
    request.jobs = jobs;
    request.quiet = quiet;
    request.use_mpi = use_mpi;
    request.json = json.get();
    request.csv = csv.get();
    request.plot_dir = plot_dir;
    try {
      return frontend::run_search(setup, request, std::cout, std::cerr);
    } catch (const frontend::SweepRequestError& e) {
      throw UsageError{e.message};
    }
  }

  frontend::GridRun run;
  run.varies = varies;
  if (vm.count("out")) run.out = vm["out"].as<std::string>();
  run.max_points = vm.count("max-points") ? static_cast<std::size_t>(count_option("max-points", max_points_text, 1))
                                          : std::numeric_limits<std::size_t>::max();
  run.jobs = jobs;
  run.quiet = quiet;
  const frontend::PointRunner mpi{[] { return mpi_rank() == 0; }, run_on_mpi};
  if (use_mpi) run.ranks = &mpi;
  run.terminal = isatty(STDERR_FILENO) != 0;
  run.dry_run = dry_run;
  run.csv = csv.get();
  run.json = json.get();
  if (vm.count("plot")) run.plot_dir = vm["plot"].as<std::string>();
  try {
    return frontend::run_grid(setup, run, std::cout, std::cerr);
  } catch (const frontend::SweepRequestError& e) {
    throw UsageError{e.message};
  }
}

}  // namespace hcisim::cli
