// hcisim: predict what a hyperconverged cluster will do, from its parts.
#include <boost/program_options.hpp>
#include <cstdio>
#include <exception>
#include <iostream>
#include <string>
#include <vector>

#include "tools/cli/commands.hpp"
#include "tools/frontend/base/load_error.hpp"
#include "tools/frontend/base/message_text.hpp"

namespace po = boost::program_options;

namespace {

// Every message is one line with no control characters, whatever it quotes.
std::string one_line(const std::string& message) { return hcisim::frontend::printable(message); }

const char* kUsage = "usage: hcisim [--help] [--version] <command> [<args>]\n"
                     "\n"
                     "Discrete-event simulator of hyperconverged storage clusters: predicts IOPS,\n"
                     "throughput and latency from a hardware catalog and a scenario file.\n"
                     "\n"
                     "commands:\n"
                     "  run SCENARIO        simulate one scenario and report (hcisim run --help)\n"
                     "  compare SCENARIO... one line per scenario: IOPS, MB/s, latency, bottleneck\n"
                     "  sweep SCENARIO      a grid of what-ifs (--vary KEY=A,B,...) on every core or MPI\n"
                     "                      rank, resumable; --slo searches the largest value that meets it\n"
                     "  validate [DIR...]   run every bundled scenario with published figures; table of\n"
                     "                      predicted vs published; exit 1 if any is outside tolerance\n"
                     "  catalog list        list the parts of the hardware catalog\n"
                     "  catalog show ID     every number of one part, with its source\n"
                     "  catalog describe KIND\n"
                     "                      every parameter of a kind of part (cpu, drive, nic...): its\n"
                     "                      unit, default, bounds and meaning\n"
                     "  calibrate SCENARIO  refit the stack's per-I/O CPU costs on a calibration case\n"
                     "  durability SCENARIO repair times at each repair speed -> mean time to data loss,\n"
                     "                      availability; two-way, three-way and nested mirrors compared\n"
                     "  explain SCENARIO    what limits the run and where the time goes, in sentences; what\n"
                     "                      one more node, the other mirror, TCP/RDMA, a faster NIC would do\n";

int dispatch(const std::string& command, const std::vector<std::string>& rest) {
  if (command == "run") return hcisim::cli::run_command(rest);
  if (command == "validate") return hcisim::cli::validate_command(rest);
  if (command == "catalog") return hcisim::cli::catalog_command(rest);
  if (command == "calibrate") return hcisim::cli::calibrate_command(rest);
  if (command == "compare") return hcisim::cli::compare_command(rest);
  if (command == "durability") return hcisim::cli::durability_command(rest);
  if (command == "sweep") return hcisim::cli::sweep_command(rest);
  if (command == "explain") return hcisim::cli::explain_command(rest);
  throw hcisim::cli::UsageError{"unknown command " + hcisim::frontend::in_quotes(command) +
                                " (commands: run, compare, sweep, explain, validate, catalog, calibrate, durability)"};
}

}  // namespace

int main(int argc, char** argv) {
  try {
    std::vector<std::string> args(argv + 1, argv + argc);
    if (args.empty()) {
      std::cerr << kUsage;
      return 2;
    }
    const std::string first = args.front();
    if (first == "--help" || first == "-h" || first == "help") {
      std::cout << kUsage;
      return 0;
    }
    if (first == "--version" || first == "-V") {
      std::cout << "hcisim " << HCISIM_VERSION << "\n";
      return 0;
    }
    if (!first.empty() && first[0] == '-')
      throw hcisim::cli::UsageError{"unknown option " + hcisim::frontend::in_quotes(first)};
    return dispatch(first, std::vector<std::string>(args.begin() + 1, args.end()));
  } catch (const hcisim::cli::UsageError& e) {
    std::cerr << "hcisim: " << one_line(e.message) << " (see hcisim --help)\n";
    return 2;
  } catch (const po::error& e) {
    std::cerr << "hcisim: " << one_line(e.what()) << " (see hcisim --help)\n";
    return 2;
  } catch (const hcisim::frontend::LoadError& e) {
    std::cerr << "hcisim: " << one_line(e.what()) << "\n";
    return 1;
  } catch (const std::exception& e) {
    std::cerr << "hcisim: error: " << one_line(e.what()) << "\n";
    return 1;
  }
}
